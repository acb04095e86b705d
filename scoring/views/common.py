"""What every game page shares: the game looked up for the user (404 for another club's), the
game as it stands, its URL, the redirect after a change (a client redirect under htmx), the
refusal's message, and the statuses a refused change answers with.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from clubs.models import Club
from scoring import display, services
from scoring.engine import RecordError
from scoring.models import Game
from scoring.services import GameState

UNPROCESSABLE = 422
CONFLICT = 409
SERVICE_UNAVAILABLE = 503


def get_game_for_user(request: HttpRequest, club: Club, game_id: int) -> Game:
    """The club's game (404 for another club's): ``club_view`` already checked the user."""
    return get_object_or_404(services.games(), club=club, pk=game_id)


def current_state(request: HttpRequest, club: Club, game_id: int) -> GameState:
    """The club's game as it stands now (read afresh at every call)."""
    return services.game_state(get_game_for_user(request, club, game_id))


def game_url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.club.slug, game.pk])


def redirect_to(request: HttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def error_message(error: Exception, state: GameState) -> str:
    if isinstance(error, RecordError):
        return display.error_text(error, state.players)
    return str(error)

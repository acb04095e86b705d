"""The game score sheet as a PDF download: one game for its readers, chosen games for admins."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.access import Role, club_view
from clubs.models import Club
from reports.games import game_sheet_pdf
from reports.qr import site_of
from reports.views.common import pdf_response
from scoring import services
from scoring.models import Game

MAX_ID = 2**31


@require_safe
@club_view()
def game_sheet(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """Everyone who can see the game page can print its sheet (404 for another club's game)."""
    game = get_object_or_404(services.games(), club=club, pk=game_id)
    return pdf_response(
        lambda: game_sheet_pdf([game], get_language(), site_of(request)), f"game-{game.pk}.pdf"
    )


@require_safe
@club_view(need=Role.ADMIN)
def game_sheets(request: HttpRequest, club: Club) -> HttpResponse:
    """``?ids=1,2,3`` (or ``?ids=1&ids=2``): the club's games in one PDF, in the order given."""
    try:
        games = _chosen_games(club, request.GET.getlist("ids"))
    except ValueError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    name = f"games-{games[0].pk}.pdf" if len(games) == 1 else f"games-{len(games)}.pdf"
    return pdf_response(lambda: game_sheet_pdf(games, get_language(), site_of(request)), name)


def _chosen_games(club: Club, values: list[str]) -> list[Game]:
    """The club's games named by ``values``; ValueError naming the first id that is not one."""
    ids = list(dict.fromkeys(_ids(values)))
    if not ids:
        raise ValueError(_("Choose at least one game."))
    # An id no column can hold is simply no game (rather than a database error).
    found = services.games().filter(club=club).in_bulk([pk for pk in ids if pk < MAX_ID])
    for pk in ids:
        if pk not in found:
            raise ValueError(_("There is no game %(id)s in this club.") % {"id": pk})
    return [found[pk] for pk in ids]


def _ids(values: list[str]) -> list[int]:
    parts = [part.strip() for value in values for part in value.split(",")]
    ids = []
    for part in filter(None, parts):
        if not part.isascii() or not part.isdigit():
            raise ValueError(_("“%(value)s” is not a game id.") % {"value": part})
        ids.append(int(part))
    return ids

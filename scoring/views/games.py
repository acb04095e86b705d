"""A club's games: the list (a page at a time, by league), starting a game, the game's own page
(the hand screen), its history of changes, and its record as ``tenbou-game/1`` JSON.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Prefetch, prefetch_related_objects
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_safe

from clubs.access import Role, club_view, role_allows
from clubs.models import Club, League
from scoring import display, hooks, services
from scoring.engine import RecordError
from scoring.forms import StartGameForm
from scoring.history import game_history
from scoring.models import Game, GameResult, Seat
from scoring.views.common import (
    UNPROCESSABLE,
    current_state,
    game_url,
    get_game_for_user,
    redirect_to,
)
from scoring.views.screen import Screen, can_enter, hand_form, render_screen

GAMES_PER_PAGE = 30


@require_safe
@club_view()
def game_list(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's games, newest first, a page at a time; finished ones with their result."""
    leagues = list(League.objects.filter(club=club))
    league = _chosen_league(request, leagues)
    games = Game.objects.filter(club=club).select_related("ruleset_version__ruleset", "league")
    if league is not None:
        games = games.filter(league=league)
    page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    results = GameResult.objects.select_related("player").order_by("rank", "seat")
    prefetch_related_objects(
        page.object_list,
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        Prefetch("results", queryset=results),
    )
    context = {
        "club": club,
        "page": page,
        "games": page.object_list,
        "leagues": leagues,
        "league": league,
        "can_record": role_allows(request, Role.SCOREKEEPER),
    }
    return render(request, "scoring/game_list.html", context)


def _chosen_league(request: HttpRequest, leagues: list[League]) -> League | None:
    """The league of ``?league=``; an unknown one shows every game (the page says so)."""
    wanted = request.GET.get("league", "")
    return next((league for league in leagues if str(league.pk) == wanted), None)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def start_game(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        form = StartGameForm(club=club, initial=request.GET or None)
        template = "scoring/start.html#start-form" if request.htmx else "scoring/start.html"
        return render(request, template, _start_context(club, form))
    form = StartGameForm(request.POST, club=club)
    if form.is_valid():
        data = form.cleaned_data
        try:
            game = services.start_game(
                club,
                ruleset_version=data["ruleset_version"],
                players=data["players"],
                played_on=data["played_on"],
                table_label=data["table_label"],
                user=request.user,
                key=data["key"],
                league=data["league"],
            )
        except RecordError as error:
            form.add_error(None, display.error_text(error, data["players"]))
        else:
            page = "final_scores" if data["entry"] == "scores" else "game"
            return redirect_to(request, game_url(game, page))
    template = "scoring/start.html#start-form" if request.htmx else "scoring/start.html"
    return render(request, template, _start_context(club, form), status=UNPROCESSABLE)


def _start_context(club: Club, form: StartGameForm) -> dict[str, Any]:
    return {"club": club, "form": form, "players": club.players.all()}


@require_safe
@club_view()
def game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    state = current_state(request, club, game_id)
    scorekeeper = role_allows(request, Role.SCOREKEEPER)
    form = hand_form(state) if scorekeeper and can_enter(state, None) else None
    extra = hooks.before_first_hand(state.game) if not state.hands else None
    return render_screen(request, Screen(state, form), extra=extra)


@require_safe
@club_view(need=Role.SCOREKEEPER)
def history(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """Every change to the game (a hand recorded, fixed, deleted; finished, reopened ...)."""
    state = current_state(request, club, game_id)
    entries = state.game.log.select_related("user")
    context = {
        "club": club,
        "game": state.game,
        "changes": game_history(list(entries), state.players, state.rules),
    }
    return render(request, "scoring/history.html", context)


@require_safe
@club_view()
def export_record(request: HttpRequest, club: Club, game_id: int) -> JsonResponse:
    """The game as a ``tenbou-game/1`` record: what ``manage.py replay`` reads."""
    game_ = get_game_for_user(request, club, game_id)
    response = JsonResponse(game_.record(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="game-{game_.pk}.json"'
    return response

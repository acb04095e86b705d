"""The end of a game: the settlement confirmed (終局), an early end, final scores only (素点入力),
reopening; and an admin's void (取消) and move to another league.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import Role, club_view
from clubs.models import Club
from scoring import display, services
from scoring.engine import RecordError
from scoring.forms import FinalScoresForm, MoveLeagueForm, ReasonForm, VoidForm, change_initial
from scoring.models import Game
from scoring.services import GameConflict, GameError, GameState
from scoring.views.common import (
    CONFLICT,
    UNPROCESSABLE,
    current_state,
    error_message,
    game_url,
    get_game_for_user,
    redirect_to,
)
from scoring.views.screen import (
    Screen,
    answer_conflict,
    answer_refused,
    render_screen,
    screen_context,
)


def _change_with_reason(
    request: HttpRequest, state: GameState, form: forms.Form, change: Callable[..., Any]
) -> tuple[HttpResponse | None, int]:
    """Make a change that carries a reason (end early, void): the redirect when it is made,
    else the status to show the form again with the refusal beside it."""
    try:
        change(
            state.game,
            reason=form.cleaned_data["reason"],
            version=form.cleaned_data["version"],
            key=form.cleaned_data["key"],
            user=request.user,
        )
    except (RecordError, GameError) as error:
        form.add_error(None, error_message(error, state))
        return None, CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
    return redirect_to(request, game_url(state.game)), 200


@require_POST
@club_view(need=Role.SCOREKEEPER)
def finish_game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """The scorekeeper confirms the settlement the engine worked out (終局)."""
    game_ = get_game_for_user(request, club, game_id)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        return render_screen(request, Screen(services.game_state(game_)), UNPROCESSABLE)
    try:
        services.finish_game(
            game_,
            version=form.cleaned_data["version"],
            key=form.cleaned_data["key"],
            user=request.user,
        )
    except GameConflict as conflict:
        return answer_conflict(request, conflict, None)
    except (RecordError, GameError) as error:
        state = current_state(request, club, game_id)  # afresh: game_ holds what it read first
        return answer_refused(request, Screen(state), error_message(error, state))
    return redirect_to(request, game_url(game_))


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def end_early(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """A time limit or a referee ends the game as it stands (``forced_end``)."""
    state = current_state(request, club, game_id)
    form = ReasonForm(request.POST or None, initial=change_initial(state.game.version))
    status = 200
    if form.is_valid():
        done, status = _change_with_reason(request, state, form, services.end_game_early)
        if done is not None:
            return done
    context = {**screen_context(request, Screen(state)), "form": form}
    context.update(_end_early_preview(state))
    return render(request, "scoring/end_early.html", context, status=status)


def _end_early_preview(state: GameState) -> dict[str, Any]:
    try:
        ended = services.preview_end_early(state, "")
    except RecordError as error:
        return {"refusal": display.error_text(error, state.players)}
    final = ended.replay.final
    chips = ended.replay.chips
    return {"early": display.settlement(final, state.rules, state.players, chips)}  # type: ignore[arg-type]


@require_POST
@club_view(need=Role.SCOREKEEPER)
def reopen_game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """A finished game back to in progress; the log keeps who did it and why."""
    game_ = get_game_for_user(request, club, game_id)
    form = ReasonForm(request.POST)
    if form.is_valid():
        try:
            services.reopen_game(
                game_,
                version=form.cleaned_data["version"],
                key=form.cleaned_data["key"],
                reason=form.cleaned_data["reason"],
                user=request.user,
            )
        except GameError as error:
            if isinstance(error, GameConflict):
                state = error.state
            else:
                state = current_state(request, club, game_id)
            return answer_refused(request, Screen(state), str(error))
    return redirect_to(request, game_url(game_))


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def void_game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """An admin voids a game (取消): kept, with the reason, out of the standings."""
    state = current_state(request, club, game_id)
    form = VoidForm(request.POST or None, initial=change_initial(state.game.version))
    status = 200
    if form.is_valid():
        done, status = _change_with_reason(request, state, form, services.void_game)
        if done is not None:
            return done
    elif request.method == "POST":
        status = UNPROCESSABLE
    context = {**screen_context(request, Screen(state)), "form": form}
    return render(request, "scoring/void.html", context, status=status)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def move_league(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """An admin moves a game to another league: its result is unchanged, the standings follow."""
    state = current_state(request, club, game_id)
    initial = {**change_initial(state.game.version), "league": state.game.league_id}
    form = MoveLeagueForm(request.POST or None, initial=initial, club=club)
    status = UNPROCESSABLE if request.method == "POST" else 200
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.move_to_league(
                state.game,
                data["league"],
                version=data["version"],
                key=data["key"],
                user=request.user,
            )
        except GameError as error:
            form.add_error(None, error_message(error, state))
            status = CONFLICT
        else:
            return redirect_to(request, game_url(state.game))
    context = {**screen_context(request, Screen(state)), "form": form}
    return render(request, "scoring/move_league.html", context, status=status)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def final_scores(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """素点入力: the final scores and leftover sticks; the sum is checked, the settlement shown."""
    state = current_state(request, club, game_id)
    initial = {**change_initial(state.game.version), **_scores_initial(state.game)}
    form = FinalScoresForm(request.POST or None, initial=initial, names=state.players)
    context: dict[str, Any] = {**screen_context(request, Screen(state)), "form": form}
    status = 200
    if form.is_valid() and "scores" in form.cleaned_data:
        data = form.cleaned_data
        try:
            if request.POST.get("action") == "confirm":
                services.record_final_scores(
                    state.game,
                    scores=data["scores"],
                    deposits=data["deposits"],
                    version=data["version"],
                    key=data["key"],
                    user=request.user,
                )
                return redirect_to(request, game_url(state.game))
            checked = services.preview_final_scores(state, data["scores"], data["deposits"])
            final = checked.replay.final
            context["checked"] = display.settlement(  # type: ignore[arg-type]
                final, state.rules, state.players, checked.replay.chips
            )
        except (RecordError, GameError) as error:
            status = CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
            form.add_error(None, error_message(error, state))
    elif request.method == "POST":
        status = UNPROCESSABLE
    template = "scoring/final_scores.html#scores" if request.htmx else "scoring/final_scores.html"
    return render(request, template, context, status=status)


def _scores_initial(game: Game) -> dict[str, Any]:
    """A reopened score-only game: the scores it had, to correct."""
    scores = game.final_scores or []
    initial: dict[str, Any] = {f"score_{seat}": score for seat, score in enumerate(scores)}
    initial["deposits"] = game.final_deposits
    return initial

"""The game pages: start a game, the hand screen (htmx), edit and delete hands, the end.

Each view: the permission lookup (``clubs.access``), one form, one service call, then a render
or a redirect. With htmx a POST answers with the part of the page it changed; without, with the
full page. A refused change answers 422 (the engine's message in the form) or 409 (another
tablet changed the game: the form comes back with the scorekeeper's inputs and the fresh state).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.paginator import Paginator
from django.db import DatabaseError
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from clubs.access import Role, club_view, role_allows
from clubs.models import Club, League
from clubs.ruleset_words import preset_name
from scoring import display, hooks, services
from scoring.engine import RecordError
from scoring.forms import (
    ChangeForm,
    ChipsFinalForm,
    FinalScoresForm,
    HandForm,
    MoveLeagueForm,
    ReasonForm,
    StartGameForm,
    TenhouImportForm,
    VoidForm,
    change_initial,
)
from scoring.history import game_history
from scoring.models import Game, GameResult, GameStatus, Seat
from scoring.services import GameConflict, GameError, GameState

UNPROCESSABLE = 422
CONFLICT = 409
SERVICE_UNAVAILABLE = 503


def _get_game_for_user(request: HttpRequest, club: Club, game_id: int) -> Game:
    """The club's game (404 for another club's): ``club_view`` already checked the user."""
    return get_object_or_404(services.games(), club=club, pk=game_id)


def _game_state(request: HttpRequest, club: Club, game_id: int) -> GameState:
    """The club's game as it stands now (read afresh at every call)."""
    return services.game_state(_get_game_for_user(request, club, game_id))


def _game_url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.club.slug, game.pk])


def _redirect(request: HttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# -- the list and the start ----------------------------------------------------------------


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
            return _redirect(request, _game_url(game, page))
    template = "scoring/start.html#start-form" if request.htmx else "scoring/start.html"
    return render(request, template, _start_context(club, form), status=UNPROCESSABLE)


def _start_context(club: Club, form: StartGameForm) -> dict[str, Any]:
    return {"club": club, "form": form, "players": club.players.all()}


# -- the hand screen -----------------------------------------------------------------------


@dataclass
class Screen:
    """Everything the hand screen (or the edit of a past hand) draws."""

    state: GameState
    form: HandForm | None = None
    number: int | None = None  # the hand being edited; None for the next hand
    message: str = ""


def _hand_form(state: GameState, data: Any = None, number: int | None = None) -> HandForm:
    """The form for the next hand, or for hand ``number`` (filled with it when not posted)."""
    at = (
        state.replay.next_hand if number is None else services.state_before(state, number).next_hand
    )
    initial = change_initial(state.game.version)
    if number is not None:
        initial = HandForm.initial_for(state.hands[number - 1], state.game.version)
    return HandForm(data, initial=initial, rules=state.rules, at=at, names=state.players)  # type: ignore[arg-type]


def _hand_entries(state: GameState) -> dict[int, list[tuple[str, str]]]:
    """Each stored hand as its fix form's fields: offline, queue.js fills the form with them."""
    entries = {}
    for number, hand in enumerate(state.hands, 1):
        pairs = []
        for name, value in HandForm.initial_for(hand, state.game.version).items():
            if name == "version" or value is None or value is False:
                continue
            for one in value if isinstance(value, list) else [value]:
                pairs.append((name, "on" if one is True else str(one)))
        entries[number] = pairs
    return entries


# What queue.js says, in the reader's language (json_script hands it over).
OFFLINE_QUEUE_TEXT = {
    "waiting": gettext_lazy("%(count)s changes wait to be sent (kept on this tablet)."),
    "notSent": gettext_lazy("Not sent yet"),
    "login": gettext_lazy(
        "The login has expired: log in again, and the waiting changes are sent then."
    ),
    "refused": gettext_lazy(
        "The server refused the first waiting change, and nothing after it was sent: %(reason)s"
    ),
    "discarded": gettext_lazy("The change was discarded."),
    "closed": gettext_lazy("The game takes no more hands: discard the waiting changes."),
    "fix": gettext_lazy("Fix"),
    "drop": gettext_lazy("Delete"),
    "fixHand": gettext_lazy("Fix of hand %(number)s"),
    "deleteHand": gettext_lazy("Deletion of hand %(number)s"),
    "confirmDelete": gettext_lazy(
        "Delete hand %(number)s? It is deleted once the network is back."
    ),
    "endGame": gettext_lazy("End of the game (the settlement is confirmed)"),
    "endEarly": gettext_lazy("End of the game: time is up"),
    "timeUp": gettext_lazy("time limit"),
    "confirmEnd": gettext_lazy(
        "End the game after the hands above? It is sent with them once the network is back."
    ),
}


def _render_screen(
    request: HttpRequest, screen: Screen, status: int = 200, extra: dict[str, Any] | None = None
) -> HttpResponse:
    template = "scoring/game.html#screen" if request.htmx else "scoring/game.html"
    context = {**_screen_context(request, screen), **(extra or {})}
    return render(request, template, context, status=status)


def _screen_context(request: HttpRequest, screen: Screen) -> dict[str, Any]:
    state = screen.state
    game = state.game
    final = state.replay.final
    scorekeeper = role_allows(request, Role.SCOREKEEPER)
    editable = scorekeeper and game.status == GameStatus.ONGOING
    return {
        "club": game.club,
        "game": game,
        "state": state,
        "screen": screen,
        "form": screen.form,
        "names": state.players,
        "scorekeeper": scorekeeper,
        "editable": editable,
        "can_void": role_allows(request, Role.ADMIN) and game.status != GameStatus.VOIDED,
        "can_move": role_allows(request, Role.ADMIN),
        "offline_queue_text": OFFLINE_QUEUE_TEXT,
        "offline_hand_entries": _hand_entries(state) if editable else {},
        "hand_rows": display.hand_rows(state.hands, state.replay, state.players, state.rules),
        "settlement": final
        and display.settlement(final, state.rules, state.players, state.replay.chips),
        "ended_by": final and display.ENDED_BY.get(final.ended_by, final.ended_by),
        "table": _table(state, screen),
        "preview": _screen_preview(state, screen),
        "change_form": ReasonForm(initial=change_initial(game.version)),
    }


def _screen_preview(state: GameState, screen: Screen) -> dict[str, Any] | None:
    """A posted form shows its preview at once; a hand opened to change, the hand as stored."""
    if screen.form is None:
        return None
    if screen.form.is_bound:
        return _preview(state, screen.form, screen.number)
    if screen.number is not None:
        return display.hand_preview(state.replay, screen.number, state.players)
    return None


def _table(state: GameState, screen: Screen) -> dict[str, Any] | None:
    """Round, honba and sticks of the hand being entered (東1局 0本場, 供託)."""
    at = screen.form.at if screen.form else state.replay.next_hand
    if at is None:
        return None
    return {
        "round": display.round_name(at.round),
        "honba": display.honba_name(at.honba),
        "deposits": at.deposits,
        "number": screen.number or len(state.hands) + 1,
        "seats": display.seat_lines(state.players, at.scores, at.dealer),
    }


@require_safe
@club_view()
def game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    state = _game_state(request, club, game_id)
    scorekeeper = role_allows(request, Role.SCOREKEEPER)
    form = _hand_form(state) if scorekeeper and _can_enter(state, None) else None
    extra = hooks.before_first_hand(state.game) if not state.hands else None
    return _render_screen(request, Screen(state, form), extra=extra)


def _can_enter(state: GameState, number: int | None) -> bool:
    """Whether the hand form belongs on the screen: the next hand, or a hand still there."""
    if state.game.status != GameStatus.ONGOING:
        return False
    if number is None:
        return state.replay.next_hand is not None
    return number <= len(state.hands)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def record_hand(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    return _post_hand(request, club, game_id, None)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def edit_hand(request: HttpRequest, club: Club, game_id: int, number: int) -> HttpResponse:
    if request.method == "POST":
        return _post_hand(request, club, game_id, number)
    state = _game_state(request, club, game_id)
    _check_number(state, number)
    return _render_screen(request, Screen(state, _hand_form(state, number=number), number))


def _check_number(state: GameState, number: int) -> None:
    if not 1 <= number <= len(state.hands):
        raise Http404("No such hand.")


def _post_hand(request: HttpRequest, club: Club, game_id: int, number: int | None) -> HttpResponse:
    """Record the next hand, or put a new version of hand ``number`` in its place."""
    state = _game_state(request, club, game_id)
    # A stored change bumped the version, so a form sent at the version the game has now was
    # not stored before (the service checks the key again under the lock).
    retried = request.POST.get("version") != str(state.game.version)
    if retried and services.done_before(state.game, request.POST.get("key")):
        return _after_hand(request, state, number)  # a retry of a hand already stored
    if number is not None:
        _check_number(state, number)
    if state.replay.next_hand is None and number is None:
        # Read again: the game and its hands are separate reads, and a hand committed by
        # another tablet between them shows the end with the version before it.
        fresh = _game_state(request, club, game_id)
        return _refused(request, Screen(fresh), _("The game has ended: confirm the settlement."))
    form = _hand_form(state, request.POST, number)
    if not form.is_valid():
        return _render_screen(request, Screen(state, form, number), UNPROCESSABLE)
    data = form.cleaned_data
    change = {"version": data["version"], "key": data["key"], "user": request.user, "seen": state}
    try:
        if number is None:
            changed = services.record_hand(state.game, data["hand"], **change)
        else:
            changed = services.edit_hand(state.game, number, data["hand"], **change)
    except RecordError as error:
        form.add_engine_error(error, number or len(state.hands) + 1)
        return _render_screen(request, Screen(state, form, number), UNPROCESSABLE)
    except GameConflict as conflict:
        return _conflict(request, conflict, number)
    except GameError as error:
        fresh = _game_state(request, club, game_id)
        return _refused(request, Screen(fresh, form, number), str(error))
    except DatabaseError:  # the transaction is undone: the hand as typed, to send again
        screen = Screen(state, form, number)
        screen.message = _("The database did not answer: nothing was saved. Send the hand again.")
        return _render_screen(request, screen, SERVICE_UNAVAILABLE)
    return _after_hand(request, changed, number)


def _after_hand(request: HttpRequest, state: GameState, number: int | None) -> HttpResponse:
    """A changed hand goes back to the game; a new one answers with the next hand's screen."""
    if number is not None:
        return _redirect(request, _game_url(state.game))
    form = _hand_form(state) if _can_enter(state, None) else None
    return _render_screen(request, Screen(state, form))


def _conflict(request: HttpRequest, conflict: GameConflict, number: int | None) -> HttpResponse:
    """The scorekeeper's inputs on the fresh state, with its version: look, then send again."""
    state = conflict.state
    data = request.POST.copy()
    data["version"] = str(state.game.version)
    form = _hand_form(state, data, number) if _can_enter(state, number) else None
    screen = Screen(state, form, number, str(conflict))
    return _render_screen(request, screen, CONFLICT)


def _refused(request: HttpRequest, screen: Screen, message: str) -> HttpResponse:
    screen.message = message
    return _render_screen(request, screen, CONFLICT)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def preview_hand(
    request: HttpRequest, club: Club, game_id: int, number: int | None = None
) -> HttpResponse:
    """Every payment of the hand as it is tapped so far, and the scores after (saves nothing)."""
    state = _game_state(request, club, game_id)
    if number is not None:
        _check_number(state, number)
    if state.replay.next_hand is None and number is None:
        return HttpResponse(status=204)
    form = _hand_form(state, request.POST, number)
    preview = _preview(state, form, number)
    return render(request, "scoring/game.html#preview", {"preview": preview, "form": form})


def _preview(state: GameState, form: HandForm, number: int | None) -> dict[str, Any]:
    if not form.is_valid():
        errors = [e for errors in form.errors.values() for e in errors]
        return {"hint": errors[0] if errors else ""}
    try:
        candidate = services.preview_hand(state, form.cleaned_data["hand"], number)
    except RecordError as error:
        return {"error": display.error_text(error, state.players)}
    return display.hand_preview(candidate.replay, number or len(candidate.hands), state.players)


# -- deleting a hand -----------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def delete_hand(request: HttpRequest, club: Club, game_id: int, number: int) -> HttpResponse:
    state = _game_state(request, club, game_id)
    if services.done_before(state.game, request.POST.get("key")):
        return _redirect(request, _game_url(state.game))  # a retry of a deletion already made
    _check_number(state, number)
    form = ReasonForm(request.POST or None, initial=change_initial(state.game.version))
    status = 200
    if form.is_valid():
        try:
            services.delete_hand(
                state.game,
                number,
                version=form.cleaned_data["version"],
                key=form.cleaned_data["key"],
                user=request.user,
            )
        except (RecordError, GameError) as error:
            status = CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
            form.add_error(None, _error_message(error, state))
            if isinstance(error, GameConflict):
                state = error.state
        else:
            return _redirect(request, _game_url(state.game))
    context = {**_screen_context(request, Screen(state)), "form": form, "number": number}
    context["effect"] = _deletion_effect(state, number)
    return render(request, "scoring/hand_delete.html", context, status=status)


def _deletion_effect(state: GameState, number: int) -> dict[str, Any]:
    try:
        after = services.preview_deletion(state, number)
    except RecordError as error:
        return {"error": display.error_text(error, state.players)}
    return display.game_after(after.replay, state.players)


def _error_message(error: Exception, state: GameState) -> str:
    if isinstance(error, RecordError):
        return display.error_text(error, state.players)
    return str(error)


# -- the end -------------------------------------------------------------------------------


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
        form.add_error(None, _error_message(error, state))
        return None, CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
    return _redirect(request, _game_url(state.game)), 200


@require_POST
@club_view(need=Role.SCOREKEEPER)
def finish_game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """The scorekeeper confirms the settlement the engine worked out (終局)."""
    game_ = _get_game_for_user(request, club, game_id)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        return _render_screen(request, Screen(services.game_state(game_)), UNPROCESSABLE)
    try:
        services.finish_game(
            game_,
            version=form.cleaned_data["version"],
            key=form.cleaned_data["key"],
            user=request.user,
        )
    except GameConflict as conflict:
        return _conflict(request, conflict, None)
    except (RecordError, GameError) as error:
        state = _game_state(request, club, game_id)  # afresh: game_ holds what it read first
        return _refused(request, Screen(state), _error_message(error, state))
    return _redirect(request, _game_url(game_))


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def end_early(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """A time limit or a referee ends the game as it stands (``forced_end``)."""
    state = _game_state(request, club, game_id)
    form = ReasonForm(request.POST or None, initial=change_initial(state.game.version))
    status = 200
    if form.is_valid():
        done, status = _change_with_reason(request, state, form, services.end_game_early)
        if done is not None:
            return done
    context = {**_screen_context(request, Screen(state)), "form": form}
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
    game_ = _get_game_for_user(request, club, game_id)
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
                state = _game_state(request, club, game_id)
            return _refused(request, Screen(state), str(error))
    return _redirect(request, _game_url(game_))


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def void_game(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """An admin voids a game (取消): kept, with the reason, out of the standings."""
    state = _game_state(request, club, game_id)
    form = VoidForm(request.POST or None, initial=change_initial(state.game.version))
    status = 200
    if form.is_valid():
        done, status = _change_with_reason(request, state, form, services.void_game)
        if done is not None:
            return done
    elif request.method == "POST":
        status = UNPROCESSABLE
    context = {**_screen_context(request, Screen(state)), "form": form}
    return render(request, "scoring/void.html", context, status=status)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def move_league(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """An admin moves a game to another league: its result is unchanged, the standings follow."""
    state = _game_state(request, club, game_id)
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
            form.add_error(None, _error_message(error, state))
            status = CONFLICT
        else:
            return _redirect(request, _game_url(state.game))
    context = {**_screen_context(request, Screen(state)), "form": form}
    return render(request, "scoring/move_league.html", context, status=status)


# -- score-only entry and import -----------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def final_scores(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """素点入力: the final scores and leftover sticks; the sum is checked, the settlement shown."""
    state = _game_state(request, club, game_id)
    initial = {**change_initial(state.game.version), **_scores_initial(state.game)}
    form = FinalScoresForm(request.POST or None, initial=initial, names=state.players)
    context: dict[str, Any] = {**_screen_context(request, Screen(state)), "form": form}
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
                return _redirect(request, _game_url(state.game))
            checked = services.preview_final_scores(state, data["scores"], data["deposits"])
            final = checked.replay.final
            context["checked"] = display.settlement(  # type: ignore[arg-type]
                final, state.rules, state.players, checked.replay.chips
            )
        except (RecordError, GameError) as error:
            status = CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
            form.add_error(None, _error_message(error, state))
    elif request.method == "POST":
        status = UNPROCESSABLE
    template = "scoring/final_scores.html#scores" if request.htmx else "scoring/final_scores.html"
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def chips_final(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """祝儀 counted at the end: each seat's net chips, in place of the hands' (or back to them)."""
    state = _game_state(request, club, game_id)
    if state.rules.chips is None:  # said on the page, and nothing to save
        context = {**_screen_context(request, Screen(state)), "no_chips": True}
        status = UNPROCESSABLE if request.method == "POST" else 200
        return render(request, "scoring/chips.html", context, status=status)
    counted = state.game.chips_final
    if counted is None and state.replay.chips is not None:
        counted = list(state.replay.chips.chips)
    initial = {f"chips_{seat}": n for seat, n in enumerate(counted or [0] * len(state.players))}
    initial |= change_initial(state.game.version)
    form = ChipsFinalForm(request.POST or None, initial=initial, names=state.players)
    back_to_hands = request.POST.get("action") == "hands"
    # Going back to the hands' chips needs only the version and key, not a count per seat.
    checked = ChangeForm(request.POST) if back_to_hands else form
    status = 200
    if request.method == "POST" and checked.is_valid():
        data = checked.cleaned_data
        try:
            services.record_chips_final(
                state.game,
                chips=None if back_to_hands else data["chips"],
                version=data["version"],
                key=data["key"],
                user=request.user,
            )
            return _redirect(request, _game_url(state.game))
        except (RecordError, GameError) as error:
            status = CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
            form.add_error(None, _error_message(error, state))
    elif request.method == "POST":
        status = UNPROCESSABLE
    context = {**_screen_context(request, Screen(state)), "form": form}
    context["counted_at_end"] = state.game.chips_final is not None
    return render(request, "scoring/chips.html", context, status=status)


def _scores_initial(game: Game) -> dict[str, Any]:
    """A reopened score-only game: the scores it had, to correct."""
    scores = game.final_scores or []
    initial: dict[str, Any] = {f"score_{seat}": score for seat, score in enumerate(scores)}
    initial["deposits"] = game.final_deposits
    return initial


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def import_tenhou(request: HttpRequest, club: Club) -> HttpResponse:
    """A Tenhou log: read and shown as the game it makes, then saved once confirmed."""
    form = TenhouImportForm(request.POST or None, request.FILES or None, club=club)
    context: dict[str, Any] = {"club": club, "form": form}
    status = 200
    if form.is_valid():
        data = form.cleaned_data
        try:
            if "save" in request.POST:
                game_ = services.import_tenhou(
                    club,
                    data["log_text"],
                    played_on=data["played_on"],
                    ruleset=data["ruleset"],
                    table_label=data["table_label"],
                    user=request.user,
                    key=data["key"],
                    league=data["league"],
                )
                return _redirect(request, _game_url(game_))
            preview = services.preview_tenhou(data["log_text"], data["ruleset"])
        except RecordError as error:
            status = UNPROCESSABLE
            field = error.field if error.field in ("log", "ruleset") else None
            if field == "log" and not data.get("log"):
                field = "text"  # the pasted text is what could not be read
            form.add_error(field, display.error_text(error, []))
        else:
            context |= _import_preview(club, form, preview)
    elif request.method == "POST":
        status = UNPROCESSABLE
    return render(request, "scoring/import.html", context, status=status)


def _import_preview(
    club: Club, form: TenhouImportForm, preview: services.TenhouPreview
) -> dict[str, Any]:
    """The game the log makes, and the form again with the log's text in it (the file is not
    sent twice) and the same key, to save it."""
    data, names, final = form.cleaned_data, preview.players, preview.replay.final
    fields = ("key", "ruleset", "played_on", "table_label", "league")
    confirm = TenhouImportForm(
        initial={**{name: data[name] for name in fields}, "text": data["log_text"]}, club=club
    )
    return {
        "form": confirm,
        "preview": {
            "names": names,
            "ruleset": preview.version.ruleset.name
            if preview.version
            else preset_name(preview.document["ruleset"]["preset"]),
            "hand_rows": display.hand_rows(
                preview.document["hands"], preview.replay, names, preview.rules
            ),
            "settlement": final
            and display.settlement(final, preview.rules, names, preview.replay.chips),
            "ended_by": final and display.ENDED_BY.get(final.ended_by, final.ended_by),
        },
    }


@require_safe
@club_view(need=Role.SCOREKEEPER)
def history(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """Every change to the game (a hand recorded, fixed, deleted; finished, reopened ...)."""
    state = _game_state(request, club, game_id)
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
    game_ = _get_game_for_user(request, club, game_id)
    response = JsonResponse(game_.record(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="game-{game_.pk}.json"'
    return response

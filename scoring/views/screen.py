"""The hand screen as it is drawn (``Screen``): the hand form for the next hand or a past one,
the table (round, honba, sticks, seats), the hands so far, the settlement, the preview of a
posted hand, what the offline queue needs, and the answers to a conflict or a refusal. Every
page of a game draws its header from ``screen_context``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext_lazy

from clubs.access import Role, role_allows
from scoring import display, services
from scoring.engine import RecordError
from scoring.forms import HandForm, ReasonForm, change_initial
from scoring.models import GameStatus
from scoring.services import GameConflict, GameState
from scoring.views.common import CONFLICT


@dataclass
class Screen:
    """Everything the hand screen (or the edit of a past hand) draws."""

    state: GameState
    form: HandForm | None = None
    number: int | None = None  # the hand being edited; None for the next hand
    message: str = ""
    keep_panels: bool = False  # the tablet keeps the blank win panels it has (hx-preserve)


def hand_form(state: GameState, data: Any = None, number: int | None = None) -> HandForm:
    """The form for the next hand, or for hand ``number`` (filled with it when not posted)."""
    at = (
        state.replay.next_hand if number is None else services.state_before(state, number).next_hand
    )
    initial = change_initial(state.game.version)
    if number is not None:
        initial = HandForm.initial_for(state.hands[number - 1], state.game.version)
    return HandForm(data, initial=initial, rules=state.rules, at=at, names=state.players)  # type: ignore[arg-type]


# The tablet's blank win panels, by what they were drawn from (scoring.js sends it with a hand).
PANELS_HEADER = "X-Tenbou-Panels"


def panels_tag(state: GameState, form: HandForm | None) -> str:
    """What the blank win panels are drawn from (as their cache key: the ruleset, the names,
    the han the rules accept at this honba, the language), as a short ASCII tag; "" for a
    form with anything tapped, whose panels show it."""
    if form is None or not form.blank:
        return ""
    drawn_from = f"{state.game.ruleset_version_id}|{form.panels_key}|{get_language()}"
    return hashlib.blake2b(drawn_from.encode(), digest_size=8).hexdigest()


def tablet_keeps_panels(request: HttpRequest, state: GameState, form: HandForm | None) -> bool:
    """Whether the hand form's own htmx post came from blank win panels the same as the ones
    this form draws: then the answer leaves them out, and the tablet keeps its own."""
    tag = panels_tag(state, form)
    return bool(tag) and bool(request.htmx) and request.headers.get(PANELS_HEADER) == tag


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


def render_screen(
    request: HttpRequest, screen: Screen, status: int = 200, extra: dict[str, Any] | None = None
) -> HttpResponse:
    template = "scoring/game.html#screen" if request.htmx else "scoring/game.html"
    context = {**screen_context(request, screen), **(extra or {})}
    return render(request, template, context, status=status)


def screen_context(request: HttpRequest, screen: Screen) -> dict[str, Any]:
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
        "panels_tag": panels_tag(state, screen.form),
    }


def _screen_preview(state: GameState, screen: Screen) -> dict[str, Any] | None:
    """A posted form shows its preview at once; a hand opened to change, the hand as stored."""
    if screen.form is None:
        return None
    if screen.form.is_bound:
        return form_preview(state, screen.form, screen.number)
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


def can_enter(state: GameState, number: int | None) -> bool:
    """Whether the hand form belongs on the screen: the next hand, or a hand still there."""
    if state.game.status != GameStatus.ONGOING:
        return False
    if number is None:
        return state.replay.next_hand is not None
    return number <= len(state.hands)


def check_number(state: GameState, number: int) -> None:
    if not 1 <= number <= len(state.hands):
        raise Http404("No such hand.")


def answer_conflict(
    request: HttpRequest, conflict: GameConflict, number: int | None
) -> HttpResponse:
    """The scorekeeper's inputs on the fresh state, with its version: look, then send again."""
    state = conflict.state
    data = request.POST.copy()
    data["version"] = str(state.game.version)
    form = hand_form(state, data, number) if can_enter(state, number) else None
    screen = Screen(state, form, number, str(conflict))
    return render_screen(request, screen, CONFLICT)


def answer_refused(request: HttpRequest, screen: Screen, message: str) -> HttpResponse:
    screen.message = message
    return render_screen(request, screen, CONFLICT)


def form_preview(state: GameState, form: HandForm, number: int | None) -> dict[str, Any]:
    if not form.is_valid():
        errors = [e for errors in form.errors.values() for e in errors]
        return {"hint": errors[0] if errors else ""}
    try:
        candidate = services.preview_hand(state, form.cleaned_data["hand"], number)
    except RecordError as error:
        return {"error": display.error_text(error, state.players)}
    return display.hand_preview(candidate.replay, number or len(candidate.hands), state.players)

"""A hand entered, fixed, previewed or deleted from the hand screen. A hand post is one service
call (``services.post_hand``): it reads the posted form against the game, stores the hand and
says what came of it, and the view draws that.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import Role, club_view
from clubs.models import Club
from scoring import display, services
from scoring.engine import RecordError
from scoring.forms import ReasonForm, change_initial
from scoring.services import GameConflict, GameError, GameState, PostOutcome
from scoring.views.common import (
    CONFLICT,
    SERVICE_UNAVAILABLE,
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
    can_enter,
    check_number,
    form_preview,
    hand_form,
    render_screen,
    screen_context,
    tablet_keeps_panels,
)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def record_hand(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    return _post_hand(request, club, game_id, None)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def edit_hand(request: HttpRequest, club: Club, game_id: int, number: int) -> HttpResponse:
    if request.method == "POST":
        return _post_hand(request, club, game_id, number)
    state = current_state(request, club, game_id)
    check_number(state, number)
    return render_screen(request, Screen(state, hand_form(state, number=number), number))


def _post_hand(request: HttpRequest, club: Club, game_id: int, number: int | None) -> HttpResponse:
    """Record the next hand, or put a new version of hand ``number`` in its place: one service
    call, which reads the posted form against the game and says what came of the hand."""
    post = services.post_hand(
        get_game_for_user(request, club, game_id),
        number,
        lambda state: hand_form(state, request.POST, number),
        sent_version=request.POST.get("version"),
        sent_key=request.POST.get("key"),
        user=request.user,
    )
    state, form, error = post.state, post.form, post.error
    match post.outcome:
        case PostOutcome.STORED:
            return _after_hand(request, state, number)
        case PostOutcome.NO_SUCH_HAND:
            raise Http404("No such hand.")
        case PostOutcome.ENDED:
            message = _("The game has ended: confirm the settlement.")
            return answer_refused(request, Screen(state), message)
        case PostOutcome.INVALID:
            return render_screen(request, Screen(state, form, number), UNPROCESSABLE)
        case PostOutcome.REFUSED if form is not None and isinstance(error, RecordError):
            form.add_engine_error(error, number or len(state.hands) + 1)
            return render_screen(request, Screen(state, form, number), UNPROCESSABLE)
        case PostOutcome.CONFLICT if isinstance(error, GameConflict):
            return answer_conflict(request, error, number)
        case PostOutcome.CLOSED:
            return answer_refused(request, Screen(state, form, number), str(error))
    # PostOutcome.NOT_SAVED: the transaction is undone; the hand as typed, to send again
    screen = Screen(state, form, number)
    screen.message = _("The database did not answer: nothing was saved. Send the hand again.")
    return render_screen(request, screen, SERVICE_UNAVAILABLE)


def _after_hand(request: HttpRequest, state: GameState, number: int | None) -> HttpResponse:
    """A changed hand goes back to the game; a new one answers with the next hand's screen,
    without the win panels when the tablet's blank ones are the same (it keeps those)."""
    if number is not None:
        return redirect_to(request, game_url(state.game))
    form = hand_form(state) if can_enter(state, None) else None
    screen = Screen(state, form)
    screen.keep_panels = tablet_keeps_panels(request, state, form)
    return render_screen(request, screen)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def preview_hand(
    request: HttpRequest, club: Club, game_id: int, number: int | None = None
) -> HttpResponse:
    """Every payment of the hand as it is tapped so far, and the scores after (saves nothing)."""
    state = current_state(request, club, game_id)
    if number is not None:
        check_number(state, number)
    if state.replay.next_hand is None and number is None:
        return HttpResponse(status=204)
    form = hand_form(state, request.POST, number)
    preview = form_preview(state, form, number)
    return render(request, "scoring/game.html#preview", {"preview": preview, "form": form})


# -- deleting a hand -----------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def delete_hand(request: HttpRequest, club: Club, game_id: int, number: int) -> HttpResponse:
    state = current_state(request, club, game_id)
    if services.done_before(state.game, request.POST.get("key")):
        return redirect_to(request, game_url(state.game))  # a retry of a deletion already made
    check_number(state, number)
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
            form.add_error(None, error_message(error, state))
            if isinstance(error, GameConflict):
                state = error.state
        else:
            return redirect_to(request, game_url(state.game))
    context = {**screen_context(request, Screen(state)), "form": form, "number": number}
    context["effect"] = _deletion_effect(state, number)
    return render(request, "scoring/hand_delete.html", context, status=status)


def _deletion_effect(state: GameState, number: int) -> dict[str, Any]:
    try:
        after = services.preview_deletion(state, number)
    except RecordError as error:
        return {"error": display.error_text(error, state.players)}
    return display.game_after(after.replay, state.players)

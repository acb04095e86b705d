"""Chips counted at the end of a game (祝儀): each seat's net chips in place of the hands', or
back to the hands' chips.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from clubs.access import Role, club_view
from clubs.models import Club
from scoring import services
from scoring.engine import RecordError
from scoring.forms import ChangeForm, ChipsFinalForm, change_initial
from scoring.services import GameError
from scoring.views.common import (
    CONFLICT,
    UNPROCESSABLE,
    current_state,
    error_message,
    game_url,
    redirect_to,
)
from scoring.views.screen import Screen, screen_context


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def chips_final(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """祝儀 counted at the end: each seat's net chips, in place of the hands' (or back to them)."""
    state = current_state(request, club, game_id)
    if state.rules.chips is None:  # said on the page, and nothing to save
        context = {**screen_context(request, Screen(state)), "no_chips": True}
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
            return redirect_to(request, game_url(state.game))
        except (RecordError, GameError) as error:
            status = CONFLICT if isinstance(error, GameError) else UNPROCESSABLE
            form.add_error(None, error_message(error, state))
    elif request.method == "POST":
        status = UNPROCESSABLE
    context = {**screen_context(request, Screen(state)), "form": form}
    context["counted_at_end"] = state.game.chips_final is not None
    return render(request, "scoring/chips.html", context, status=status)

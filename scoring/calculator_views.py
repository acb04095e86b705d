"""The hand calculator's panel on the hand screen (htmx): opened for one winner, answered per tap.

The panel is loaded when the scorekeeper opens it (the hand post never carries it); each tap
asks ``answer`` to count the hand (a GET that saves nothing). "Use" copies the answer into the
hand form, where the scorekeeper can still change anything before saving.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from clubs.access import Role, club_view
from clubs.models import Club
from scoring import display, services
from scoring.calculator.hand import count_hand
from scoring.calculator.problems import HandProblem
from scoring.engine import RecordError, ruleset_from_spec
from scoring.forms.calculator import (
    CalculatorForm,
    answer,
    hand_tiles,
    keyboard,
    panel_notes,
    problem_words,
)
from scoring.models import Game


@require_safe
@club_view(need=Role.SCOREKEEPER)
def panel(request: HttpRequest, club: Club, game_id: int, seat: int) -> HttpResponse:
    """The panel for ``seat``'s win in the hand being entered (``?hand=N``: a past hand),
    its situation taken from the hand form's taps (``tsumo``, ``riichi``) and the game."""
    state = services.game_state(get_object_or_404(services.games(), club=club, pk=game_id))
    number = _int(request.GET.get("hand"))
    at = state.replay.next_hand
    if number is not None:
        if not 1 <= number <= len(state.replay.hands):
            raise Http404
        at = services.state_before(state, number).next_hand
    rules = state.rules
    if not 0 <= seat < rules.players:
        raise Http404
    # A finished game has no next hand: the panel still counts (from East 1, as on paper).
    dealer, round_label = (at.dealer, at.round) if at is not None else (0, "E1")
    honba = at.honba if at is not None else 0
    seat_wind = display.SEAT_WINDS[(seat - dealer) % rules.players]
    initial = {
        "seat_wind": seat_wind,
        "round_wind": round_label[0],
        "tsumo": request.GET.get("result") == "tsumo",
        "riichi": str(seat) in request.GET.getlist("riichi"),
    }
    context = {
        "club": club,
        "game": state.game,
        "seat": seat,
        "name": state.players[seat],
        "wind_name": display.WIND_LETTERS[seat_wind],
        "round_name": display.round_name(round_label),
        "honba": honba,
        "initial": initial,
        "rules": rules,
        "open_riichi": rules.options["yaku"]["open_riichi"],
        "sanma": rules.players == 3,
        "counts": rules.scoring != "additive_fan",
        "notes": panel_notes(rules),
        "keyboard": keyboard(rules),
    }
    return render(request, "scoring/calculator.html", context)


@require_safe
@club_view(need=Role.SCOREKEEPER)
def count(request: HttpRequest, club: Club, game_id: int, seat: int) -> HttpResponse:
    """The panel's answer for the hand as tapped so far (saves nothing)."""
    game = get_object_or_404(Game.objects.select_related("ruleset_version"), club=club, pk=game_id)
    rules = ruleset_from_spec(game.ruleset_version.options)
    form = CalculatorForm(request.GET)
    context: dict[str, object] = {"seat": seat}
    if not form.is_valid():
        context["problem"] = _form_problem(form)
        return render(request, "scoring/calculator.html#answer", context)
    try:
        hand = form.hand_input()
        context["tiles"] = hand_tiles(hand)
        counted = count_hand(hand, rules)
    except HandProblem as problem:
        context["problem"] = problem_words(problem)
        return render(request, "scoring/calculator.html#answer", context)
    except RecordError:  # a ruleset the calculator cannot read: say so, never a 500
        context["problem"] = problem_words(HandProblem("not_riichi_scoring", field="rules"))
        return render(request, "scoring/calculator.html#answer", context)
    dealer = form.cleaned_data["seat_wind"] == "E"
    honba = _int(request.GET.get("honba")) or 0
    context["answer"] = answer(counted, rules, form.cleaned_data["tsumo"], dealer, honba)
    return render(request, "scoring/calculator.html#answer", context)


def _form_problem(form: CalculatorForm) -> str:
    field, errors = next(iter(form.errors.items()))
    return f"{form.fields[field].label or field}: {errors[0]}"


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None

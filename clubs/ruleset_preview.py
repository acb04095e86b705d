"""What a ruleset means at the table: a few common hands and an example settlement.

Every number comes from the engine: each hand is replayed as the first hand of a game
(``replay``), the settlement is the engine's ``settle`` with its steps. This module only
picks the examples and lays the engine's answers out for the editor's preview.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from clubs.engine_messages import engine_message
from clubs.ruleset_words import number_words, signed
from scoring.engine import RecordError, Ruleset, read_record, replay, ruleset_from_spec
from scoring.engine.chips import win_chips
from scoring.engine.record import Win
from scoring.engine.settlement import settle

# The examples are the first hand of a game: seat 0 deals; seat 1 wins or seat 2 deals in.
DEALER, NON_DEALER, DISCARDER = 0, 1, 2
PLAYERS = ["A", "B", "C", "D"]


@dataclass(frozen=True)
class Example:
    """One hand: who wins how, with what; ``tsumo`` says how the payment is read."""

    label: Any
    dealer: bool
    tsumo: bool
    han: int | None = None
    fu: int | None = None
    yakuman: float | None = None
    fan_above_minimum: int | None = None  # additive fan: the minimum plus this


RIICHI_EXAMPLES = (
    Example(_("Non-dealer ron, 30 fu 4 han"), dealer=False, tsumo=False, han=4, fu=30),
    Example(_("Dealer ron, 30 fu 4 han"), dealer=True, tsumo=False, han=4, fu=30),
    Example(_("Non-dealer tsumo, 30 fu 4 han"), dealer=False, tsumo=True, han=4, fu=30),
    Example(_("Dealer tsumo, 40 fu 3 han"), dealer=True, tsumo=True, han=3, fu=40),
    Example(_("Non-dealer ron, 40 fu 2 han"), dealer=False, tsumo=False, han=2, fu=40),
    Example(_("Non-dealer ron, 10 han"), dealer=False, tsumo=False, han=10),
    Example(_("Non-dealer ron, 13 han"), dealer=False, tsumo=False, han=13),
    Example(_("Non-dealer ron, double yakuman"), dealer=False, tsumo=False, yakuman=2),
)
FAN_EXAMPLES = (
    Example(_("Ron at the minimum fan"), dealer=False, tsumo=False, fan_above_minimum=0),
    Example(_("Tsumo at the minimum fan"), dealer=False, tsumo=True, fan_above_minimum=0),
    Example(_("Ron, 8 fan above the minimum"), dealer=False, tsumo=False, fan_above_minimum=8),
)


@dataclass(frozen=True)
class HandValue:
    label: str
    payment: str  # "7,700", "2,600 all", "2,000 / 3,900 (dealer)"; or why it cannot be
    possible: bool = True


def _result(rules: Ruleset, example: Example) -> dict[str, Any]:
    winner = DEALER if example.dealer else NON_DEALER
    if example.fan_above_minimum is not None:
        value: dict[str, Any] = {"fan": rules.additive_min_fan + example.fan_above_minimum}
    elif example.yakuman is not None:
        value = {"yakuman": example.yakuman}
    else:
        value = {"han": example.han} | ({"fu": example.fu} if example.fu else {})
    if example.tsumo:
        return {"type": "tsumo", "winner": winner, **value}
    return {"type": "ron", "from": DISCARDER, "wins": [{"winner": winner, **value}]}


def _payment(rules: Ruleset, example: Example, deltas: list[int]) -> str:
    if not example.tsumo:
        return number_words(-deltas[DISCARDER])
    winner = DEALER if example.dealer else NON_DEALER
    pays = {seat: -delta for seat, delta in enumerate(deltas) if seat != winner}
    if example.dealer or rules.scoring == "additive_fan":
        return gettext("%(each)s all") % {"each": number_words(max(pays.values()))}
    return gettext("%(others)s / %(dealer)s (dealer)") % {
        "others": number_words(pays[DISCARDER]),
        "dealer": number_words(pays[DEALER]),
    }


def hand_values(rules: Ruleset, options: Mapping[str, Any]) -> list[HandValue]:
    """Each example as the first hand of a game, replayed by the engine: what each seat pays."""
    examples = FAN_EXAMPLES if rules.scoring == "additive_fan" else RIICHI_EXAMPLES
    values = []
    for example in examples:
        record = {
            "format": "tenbou-game/1",
            "ruleset": dict(options),
            "players": PLAYERS[: rules.players],
            "hands": [{"result": _result(rules, example)}],
        }
        try:
            deltas = replay(read_record(record)).hands[0].deltas
        except RecordError as error:
            message = engine_message(error, PLAYERS)
            values.append(HandValue(str(example.label), message, possible=False))
            continue
        values.append(HandValue(str(example.label), _payment(rules, example, list(deltas))))
    return values


# The example final score line as differences from the start, in thousandths of a points unit
# (so 17300 is +17.3 settled points' worth of table points): 42,300 / 31,200 / 18,500 / 8,000
# under 25,000 start. Rulesets settled in small units (additive fan) get whole-number lines.
SCORE_LINES = {4: (17300, 6200, -6500, -17000), 3: (17300, -4800, -12500)}
SMALL_UNIT_LINES = {4: (48, 12, -20, -40), 3: (40, -12, -28)}


def example_scores(rules: Ruleset) -> list[int]:
    if rules.points_unit >= 100:
        line = SCORE_LINES[rules.players]
        return [rules.start_points + delta * rules.points_unit // 1000 for delta in line]
    return [rules.start_points + delta for delta in SMALL_UNIT_LINES[rules.players]]


@dataclass(frozen=True)
class SettlementRow:
    """One seat's settlement, step by step, as the score sheet writes it."""

    final_score: str
    rank: int
    difference: str  # (final score - return points) / points unit, before rounding
    score_points: str  # the same after rounding
    uma: str
    oka: str
    remainder: str
    points: str


@dataclass(frozen=True)
class Settlement:
    rows: list[SettlementRow]
    oka_total: str
    has_remainder: bool


def _tenths(value: float) -> str:
    return f"{value:+.1f}" if value else "0.0"


def settlement(rules: Ruleset) -> Settlement:
    final = settle(rules, example_scores(rules), "length")
    unit = rules.points_unit
    rows = [
        SettlementRow(
            final_score=number_words(s.final_score),
            rank=s.rank,
            difference=_tenths((s.final_score - rules.return_points) / unit),
            score_points=_tenths(s.score_points),
            uma=_tenths(s.uma),
            oka=_tenths(s.oka),
            remainder=_tenths(s.remainder),
            points=_tenths(s.points),
        )
        for s in sorted(final.seats, key=lambda s: (s.rank, s.seat))
    ]
    oka = (rules.return_points - rules.start_points) * rules.players / unit
    return Settlement(rows, signed(oka), any(s.remainder for s in final.seats))


@dataclass(frozen=True)
class ChipValue:
    """祝儀: what one win with chips earns, from whom, and what that is worth at the end."""

    label: str
    chips: str  # "3 chips from the discarder", "1 chip from each"
    points: str  # the winner's chips in settled points: "+6.0"


# (label, win, tsumo): each counted by the engine (``win_chips``), as the game would.
CHIP_EXAMPLES = (
    (_("Ron with ippatsu, one ura-dora and one red five"), Win(1, 4, 30, None, None, None, None,
     None, None, None, True, 1, 1), False),
    (_("Tsumo with one red five"), Win(1, 3, 30, aka=1), True),
    (_("Yakuman ron"), Win(1, yakuman=1), False),
)  # fmt: skip


def chip_values(rules: Ruleset) -> list[ChipValue]:
    """The chip examples under ``rules`` (none without chips), and the tobi's chips."""
    chips = rules.chips
    if chips is None:
        return []
    payers = rules.players - 1
    values = []
    for label, win, tsumo in CHIP_EXAMPLES:
        earned = win_chips(rules, win)
        if tsumo:
            text = gettext("%(chips)s from each other player") % {"chips": _chip_count(earned)}
            total = earned * payers
        else:
            text = gettext("%(chips)s from the discarder") % {"chips": _chip_count(earned)}
            total = earned
        values.append(ChipValue(str(label), text, _tenths(total * chips.value)))
    tobi = gettext("%(chips)s from the busted player") % {"chips": _chip_count(chips.tobi)}
    values.append(ChipValue(gettext("Busting a player"), tobi, _tenths(chips.tobi * chips.value)))
    return values


def _chip_count(count: int) -> str:
    return ngettext("%(count)s chip", "%(count)s chips", count) % {"count": count}


@dataclass(frozen=True)
class Preview:
    hands: list[HandValue]
    settlement: Settlement | None
    error: str = ""
    chips: list[ChipValue] | None = None


def preview(options: Mapping[str, Any]) -> Preview:
    """The preview of a full, valid option set (an engine error is shown, never raised)."""
    try:
        rules = ruleset_from_spec(dict(options))
        return Preview(hand_values(rules, options), settlement(rules), chips=chip_values(rules))
    except RecordError as error:
        return Preview([], None, engine_message(error))

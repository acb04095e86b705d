"""The hand form's parts: its tap fields, the rows and panels it draws, its field names."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring.display import SeatLine
from scoring.engine.points import VALID_FU
from scoring.forms.common import MAX_SEATS
from scoring.forms.values import ValueChoice

SEATS = [str(seat) for seat in range(MAX_SEATS)]  # the engine checks the range
FU = [str(fu) for fu in sorted(VALID_FU)]


class Taps(forms.Field):
    """One tap, or several, among fixed values (seats, fu, yaku), as strings.

    Checked against a set rather than Django's choices: a form copies its fields at every
    request, and a hand form has some forty of these.
    """

    def __init__(self, allowed: Iterable[str], *, multiple: bool = False) -> None:
        widget = forms.MultipleHiddenInput if multiple else forms.HiddenInput
        super().__init__(required=False, widget=widget)
        self.allowed, self.multiple = frozenset(allowed), multiple

    def to_python(self, value: Any) -> str | list[str]:
        given = value if self.multiple else [value]
        values = [str(v) for v in given or [] if v not in self.empty_values]
        if any(v not in self.allowed for v in values):
            raise forms.ValidationError(_("Tap one of the buttons."), code="invalid")
        if self.multiple:
            return values
        return values[0] if values else ""


Items = list[dict[str, Any]]  # buttons for the ``picks`` template tag


@dataclass
class SeatEntry:
    """What one seat's card shows: who, and which of its toggles are on."""

    line: SeatLine
    checked: dict[str, bool]


@dataclass
class EventRow:
    """One deposit or payment row of the events panel; ``shown`` false: a spare behind 'add'."""

    index: int
    name: str
    seats: Items
    amount: Any
    shown: bool
    payer: Items = field(default_factory=list)
    reason: str = ""


@dataclass
class WinEntry:
    """One seat's value panel, shown when the seat is tapped as a winner."""

    line: SeatLine
    values: Items = field(default_factory=list)
    fu: Items = field(default_factory=list)
    fan: Any = None
    pao: Items = field(default_factory=list)
    pao_yakuman: Items = field(default_factory=list)
    dora: Items = field(default_factory=list)
    ippatsu: bool = False  # 祝儀 (chips): shown where the ruleset has them
    ura: Items = field(default_factory=list)
    aka: Items = field(default_factory=list)
    open: bool = False
    yaku: Items = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class Missing(Exception):
    """A tap the hand needs is missing; the field already carries the message."""


TOGGLE_FIELDS = (
    "riichi",
    "ron_winners",
    "discarder",
    "tsumo_winner",
    "tenpai",
    "nagashi",
    "chombo",
)
# The taps that name seats: each seat card shows which of them it is chosen in.
SEAT_TOGGLES = (*TOGGLE_FIELDS, "dead", "wareme")
DEPOSIT_AMOUNT = 1000  # the spec's default deposit (one stick)
SPARE_ROWS = 2  # blank deposit and payment rows behind the "add" buttons
MAX_ROWS = 40  # more rows than any hand has; the posted data cannot make more fields
ROW_FIELD = re.compile(r"(deposit|payment)-(\d+)-(seats|amount|from|to|reason)$")
EVENT_TAPS = ("-seats", "-from", "-to", "-reason")  # a row in use has one of these filled
EVENT_PATH = re.compile(r"events\[(\d+)\]")
WIN_PATH = re.compile(r"result(?:\.wins\[(\d+)\])?(?:\.(han|fu|yakuman|fan|pao|pao_yakuman))?$")
WIN_FIELD_NAMES = {
    "han": "value",
    "yakuman": "value",
    "fu": "fu",
    "fan": "fan",
    "pao": "pao",
    "pao_yakuman": "pao_yakuman",
}
PATH_FIELDS = {
    "riichi": "riichi",
    "result.tenpai": "tenpai",
    "result.from": "discarder",
    "result.wins": "ron_winners",
    "result.winner": "tsumo_winner",
    "result.winners": "nagashi",
    "result.kind": "abortive",
    "result.seat": "chombo",
    "result.type": "result",
    "stop": "stop",
    "wareme": "wareme",
}


def value_button(choice: ValueChoice, value: str) -> dict[str, Any]:
    """A han or limit button; a limit group's button carries the han it was given (edit).

    ``data-fu-ron``/``data-fu-tsumo`` list the fu the engine accepts with it (the script hides
    the others); empty where no fu is asked.
    """
    return {
        "value": value if value in choice.group else choice.code,
        "label": choice.label,
        "sub": choice.sub,
        "checked": value in choice.group,
        "css": "pick limit" if choice.sub else "pick",
        "data": {"fu-ron": spaced(choice.fu_ron), "fu-tsumo": spaced(choice.fu_tsumo)},
    }


def items(choices: Any, current: Any) -> Items:
    """Buttons (or options) for ``(value, label)`` pairs, those in ``current`` checked."""
    chosen = strings(current)
    return [{"value": v, "label": label, "checked": v in chosen} for v, label in choices]


def spaced(fu: tuple[int, ...] | None) -> str:
    return "" if fu is None else " ".join(str(f) for f in fu)


def ints(values: Any) -> list[int]:
    return sorted(int(value) for value in values or [])


def strings(value: Any) -> list[str]:
    if value in (None, ""):
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [str(value)]


def number_of(value: float) -> int | float:
    return int(value) if value.is_integer() else value


YAKUMAN_CODES = {f"y{m / 2:g}": number_of(m / 2) for m in range(2, 2 * 13 + 1)}  # y1, y1.5 ...

"""The winners' rows of the hand form: value panels (han, fu, limits, yaku, pao) and wins."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring.display import ALL_YAKU_NAMES, YAKUMAN_NAMES, SeatLine
from scoring.display import YAKU_NAMES as YAKU
from scoring.engine.points import VALID_FU
from scoring.engine.record import MAX_FAN
from scoring.forms.pieces import (
    FU,
    SEATS,
    YAKUMAN_CODES,
    Missing,
    Taps,
    WinEntry,
    items,
    value_button,
)
from scoring.forms.values import DORA_CHOICES, DORA_MAX, yakuman_choices


class WinRows:
    """The hand form's winners: each winner's value panel, and the win it makes."""

    @property
    def has_pao(self) -> bool:
        return self.rules.pao_ron_share is not None

    @property
    def has_chips(self) -> bool:
        """祝儀: the ippatsu, ura-dora and red fives of each win are asked (they never change
        the win's value)."""
        return self.rules.chips is not None

    @property
    def by_fan(self) -> bool:
        return self.rules.scoring == "additive_fan"

    @property
    def asks_fu(self) -> bool:
        """Fu pickers only where some han asks for fu (not under the fu-less table)."""
        return any(c.fu_ron is not None or c.fu_tsumo is not None for c in self.values)

    def _win(self, data: dict[str, Any], seat: int, tsumo: bool) -> dict[str, Any]:
        win = self._value(data, seat, tsumo)
        pao = data.get(f"pao_{seat}")
        if pao:
            win["pao"] = int(pao)
            part = YAKUMAN_CODES.get(data.get(f"pao_yakuman_{seat}", ""))
            if part and "yakuman" in win and part < win["yakuman"]:
                win["pao_yakuman"] = part
        if data.get(f"dora_{seat}") is not None:
            win["dora"] = data[f"dora_{seat}"]
        # The box is always on the screen: unticked is a closed hand, not "not recorded".
        win["open"] = bool(data.get(f"open_{seat}"))
        if data.get(f"yaku_{seat}"):
            win["yaku"] = data[f"yaku_{seat}"]
        if self.has_chips:
            if data.get(f"ippatsu_{seat}"):
                win["ippatsu"] = True
            for key in ("ura", "aka"):
                if data.get(f"{key}_{seat}"):  # 0 or none: nothing to pay
                    win[key] = data[f"{key}_{seat}"]
        return win

    def _value(self, data: dict[str, Any], seat: int, tsumo: bool) -> dict[str, Any]:
        if self.by_fan:
            fan = data.get(f"fan_{seat}")
            if fan is None:
                self.add_error(f"fan_{seat}", _("Enter the fan."))
                raise Missing
            return {"fan": fan}
        code = data.get(f"value_{seat}")
        if code not in self.codes:
            self.add_error(f"value_{seat}", _("Tap the han or a limit."))
            raise Missing
        if code.startswith("y"):
            return {"yakuman": YAKUMAN_CODES[code]}
        han = int(code[1:])
        value: dict[str, Any] = {"han": han}
        fu = data.get(f"fu_{seat}")
        if fu and self._asks_fu(han, tsumo):
            value["fu"] = int(fu)
        return value

    def _asks_fu(self, han: int, tsumo: bool) -> bool:
        """A fu left tapped from another han is dropped where this han asks none (満貫 ...)."""
        for choice in self.values:
            if f"h{han}" in choice.group:
                return (choice.fu_tsumo if tsumo else choice.fu_ron) is not None
        return True

    def _winner(self, index: str | None) -> int | None:
        """The seat of ``result.wins[index]``, or the tsumo winner (``result``)."""
        result = self.cleaned_data.get("hand", {}).get("result", {})
        if index is None:
            return result.get("winner")
        wins = result.get("wins", [])
        return wins[int(index)]["winner"] if int(index) < len(wins) else None

    def _yaku_items(self, seat: int) -> Any:
        """The yaku picker: the common yaku, and each yakuman by name that the win has."""
        picked = self[f"yaku_{seat}"].value()
        return items([*YAKU.items(), *_picked_yakuman(picked)], picked)

    # -- for the template ------------------------------------------------------------------

    @cached_property
    def win_entries(self) -> list[WinEntry]:
        return [self._win_entry(entry.line) for entry in self.seat_entries]

    def _win_entry(self, line: SeatLine) -> WinEntry:
        seat = line.seat
        value = self[f"value_{seat}"].value() or ""
        pao = str(self[f"pao_{seat}"].value() or "")
        part = self[f"pao_yakuman_{seat}"].value() or ""
        others = [(str(other), name) for other, name in enumerate(self.names) if other != seat]
        fu = ((str(f), _("%(fu)s fu") % {"fu": f}) for f in sorted(VALID_FU))
        dora = [(str(n), str(n)) for n in range(DORA_CHOICES)]
        return WinEntry(
            line=line,
            values=[value_button(choice, value) for choice in self.values],
            fu=items(fu, self[f"fu_{seat}"].value()),
            fan=self[f"fan_{seat}"].value(),
            pao=items([("", _("none")), *others], pao),
            pao_yakuman=items(((c.code, c.label) for c in yakuman_choices(self.rules)), part),
            dora=items(dora, self[f"dora_{seat}"].value()),
            ippatsu=bool(self[f"ippatsu_{seat}"].value()),
            ura=items(dora[1:], self[f"ura_{seat}"].value()),  # 0 is the blank choice
            aka=items(dora[1:], self[f"aka_{seat}"].value()),
            open=bool(self[f"open_{seat}"].value()),
            yaku=self._yaku_items(seat),
            errors=[
                e
                for name in self.fields
                if name.endswith(f"_{seat}")
                for e in self.errors.get(name, [])
            ],
        )


def _picked_yakuman(picked: object) -> list[tuple[str, Any]]:
    """The yakuman by name among the picked yaku (the calculator records them)."""
    chosen = picked if isinstance(picked, list) else []
    return [(code, name) for code, name in YAKUMAN_NAMES.items() if code in chosen]


def win_fields(seat: int) -> dict[str, forms.Field]:
    """One seat's win: its value (h3, y1 ...: checked against the ruleset's), fu, pao, stats."""
    return {
        f"value_{seat}": forms.CharField(required=False, max_length=8),
        f"fu_{seat}": Taps(FU),
        f"fan_{seat}": forms.IntegerField(required=False, min_value=0, max_value=MAX_FAN),
        f"pao_{seat}": Taps(SEATS),
        f"pao_yakuman_{seat}": forms.CharField(required=False, max_length=8),
        f"dora_{seat}": forms.IntegerField(required=False, min_value=0, max_value=DORA_MAX),
        f"open_{seat}": forms.BooleanField(required=False),
        f"yaku_{seat}": Taps(ALL_YAKU_NAMES, multiple=True),
        # 祝儀 (chips), where the ruleset has them
        f"ippatsu_{seat}": forms.BooleanField(required=False),
        f"ura_{seat}": forms.IntegerField(required=False, min_value=0, max_value=DORA_MAX),
        f"aka_{seat}": forms.IntegerField(required=False, min_value=0, max_value=DORA_MAX),
    }


def win_initial(seat: int, win: dict[str, Any]) -> dict[str, Any]:
    initial: dict[str, Any] = {}
    if "yakuman" in win:
        initial[f"value_{seat}"] = f"y{win['yakuman']:g}"
    elif "han" in win:
        initial[f"value_{seat}"] = f"h{win['han']}"
    for key in ("fu", "fan", "dora", "open", "yaku", "pao", "ippatsu", "ura", "aka"):
        if key in win:
            initial[f"{key}_{seat}"] = str(win[key]) if key == "pao" else win[key]
    if "pao_yakuman" in win:
        initial[f"pao_yakuman_{seat}"] = f"y{win['pao_yakuman']:g}"
    return initial

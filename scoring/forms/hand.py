"""The hand form (one 局 as tapped at the table): the result, who won, and its events."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.display import (
    ABORTIVE_NAMES,
    RESULT_NAMES,
    error_text,
    seat_lines,
)
from scoring.engine import NextHand, RecordError
from scoring.engine import Ruleset as Rules
from scoring.forms.common import MAX_SEATS, ChangeForm
from scoring.forms.events import EventRows, deposit_fields, events_initial, payment_fields, rows_in
from scoring.forms.pieces import (
    EVENT_PATH,
    PATH_FIELDS,
    SEAT_TOGGLES,
    SEATS,
    SPARE_ROWS,
    WIN_FIELD_NAMES,
    WIN_PATH,
    Items,
    Missing,
    SeatEntry,
    Taps,
    ints,
    strings,
)
from scoring.forms.values import RESULTS, value_choices
from scoring.forms.wins import WinRows, win_fields, win_initial


class HandForm(WinRows, EventRows, ChangeForm):
    """One hand as tapped at the table; ``cleaned_data["hand"]`` is the tenbou-game/1 hand."""

    result = forms.ChoiceField(error_messages={"required": gettext_lazy("Tap how the hand ended.")})
    riichi = Taps(SEATS, multiple=True)
    ron_winners = Taps(SEATS, multiple=True)
    discarder = Taps(SEATS)
    tsumo_winner = Taps(SEATS)
    tenpai = Taps(SEATS, multiple=True)
    nagashi = Taps(SEATS, multiple=True)
    chombo = Taps(SEATS)
    abortive = forms.ChoiceField(required=False)
    dead = Taps(SEATS, multiple=True)
    stop = forms.BooleanField(required=False)
    wareme = Taps(SEATS)
    # value_0, fu_0, pao_0 ... for each seat: added below the class, once.
    # deposit-0-seats, payment-0-from ... one row per deposit amount or payment: added per form,
    # as many as the hand has, plus blank ones to add more.

    def __init__(
        self, *args: Any, rules: Rules, at: NextHand, names: list[str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules, self.at, self.names = rules, at, names
        self.players = rules.players
        self.values = value_choices(rules, at.honba)
        self.codes = {code for choice in self.values for code in choice.group}
        self.fields["result"].choices = [(kind, RESULT_NAMES[kind]) for kind in self.results()]
        self.fields["abortive"].choices = [(k, ABORTIVE_NAMES[k]) for k in rules.abortive]
        given = self.data if self.is_bound else self.initial
        self.deposit_rows_used = rows_in(given, "deposit")
        self.payment_rows_used = rows_in(given, "payment")
        for row in range(self.deposit_rows_used + 1 + SPARE_ROWS):
            self.fields.update(deposit_fields(row))
        for row in range(self.payment_rows_used + 1 + SPARE_ROWS):
            self.fields.update(payment_fields(row))

    # -- what the ruleset offers ------------------------------------------------------------

    def results(self) -> list[str]:
        rules = self.rules
        offered = {"abortive": bool(rules.abortive), "nagashi": rules.nagashi is not None}
        return [kind for kind in RESULTS if offered.get(kind, True)]

    @property
    def has_riichi(self) -> bool:
        return self.rules.riichi_deposit is not None

    @property
    def blank(self) -> bool:
        """Nothing tapped yet: the value panels are the same for every blank form (cached)."""
        return not self.is_bound and "result" not in self.initial

    @property
    def panels_key(self) -> str:
        """What the blank value panels depend on: the names and the han the rules accept now."""
        return f"{self.rules.min_han(self.at.honba)}|{'|'.join(self.names)}"

    @property
    def offers_stop(self) -> bool:
        """和了止め/聴牌止め as the dealer's choice: at the last hand, where the ruleset asks."""
        optional = ("optional", "optional_if_top")
        rules = self.rules
        return self.at.last_hand and (rules.agari_yame in optional or rules.tenpai_yame in optional)

    # -- cleaning: taps -> a tenbou-game/1 hand --------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("result")
        if not kind or self.errors:
            return data
        try:
            result = getattr(self, f"_clean_{kind}")(data)
            events = self._events(data)
        except Missing:
            return data
        hand: dict[str, Any] = {"riichi": ints(data.get("riichi")), "result": result}
        if events:
            hand["events"] = events
        if self.rules.wareme and data.get("wareme"):
            hand["wareme"] = int(data["wareme"])
        if data.get("stop") and self.offers_stop:
            hand["stop"] = True
        data["hand"] = hand
        return data

    def _one(self, data: dict[str, Any], name: str, message: str) -> int:
        if data.get(name) in (None, ""):
            self.add_error(name, message)
            raise Missing
        return int(data[name])

    def _clean_ron(self, data: dict[str, Any]) -> dict[str, Any]:
        winners = ints(data.get("ron_winners"))
        if not winners:
            self.add_error("ron_winners", _("Tap the winner."))
        discarder = self._one(data, "discarder", _("Tap who dealt in."))
        if not winners:
            raise Missing
        winners.sort(key=lambda seat: (seat - discarder) % self.players)  # turn order (上家取り)
        return {
            "type": "ron",
            "from": discarder,
            "wins": [{"winner": seat, **self._win(data, seat, tsumo=False)} for seat in winners],
        }

    def _clean_tsumo(self, data: dict[str, Any]) -> dict[str, Any]:
        winner = self._one(data, "tsumo_winner", _("Tap the winner."))
        return {"type": "tsumo", "winner": winner, **self._win(data, winner, tsumo=True)}

    def _clean_draw(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"type": "draw", "tenpai": ints(data.get("tenpai"))}

    def _clean_nagashi(self, data: dict[str, Any]) -> dict[str, Any]:
        winners = ints(data.get("nagashi"))
        if not winners:
            self.add_error("nagashi", _("Tap who made nagashi mangan."))
            raise Missing
        return {"type": "nagashi", "winners": winners, "tenpai": ints(data.get("tenpai"))}

    def _clean_abortive(self, data: dict[str, Any]) -> dict[str, Any]:
        if not data.get("abortive"):
            self.add_error("abortive", _("Tap which abortive draw."))
            raise Missing
        return {"type": "abortive", "kind": data["abortive"]}

    def _clean_chombo(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"type": "chombo", "seat": self._one(data, "chombo", _("Tap who made the chombo."))}

    def add_engine_error(self, error: RecordError, number: int) -> None:
        """Put the engine's message beside the field it names (else above the form)."""
        message = error_text(error, self.names)
        field = self._field_for(error) if error.hand == number else None
        self.add_error(field, message)

    def _field_for(self, error: RecordError) -> str | None:
        path = error.field or ""
        win = WIN_PATH.match(path)
        if win:
            seat = self._winner(win.group(1))
            name = WIN_FIELD_NAMES.get(win.group(2) or "han")
            return f"{name}_{seat}" if seat is not None and name else None
        event = EVENT_PATH.match(path)
        if event:
            index, fields = int(event.group(1)), getattr(self, "event_fields", [])
            return fields[index] if index < len(fields) else None
        return PATH_FIELDS.get(path)

    @cached_property
    def seat_entries(self) -> list[SeatEntry]:
        lines = seat_lines(self.names, self.at.scores, self.at.dealer)
        return [
            SeatEntry(line, {n: str(line.seat) in strings(self[n].value()) for n in SEAT_TOGGLES})
            for line in lines
        ]

    def _seat_items(self, name: str) -> Items:
        chosen = strings(self[name].value())
        return [
            {
                "value": str(entry.line.seat),
                "label": entry.line.name,
                "checked": str(entry.line.seat) in chosen,
            }
            for entry in self.seat_entries
        ]

    @classmethod
    def initial_for(cls, hand: dict[str, Any], version: int) -> dict[str, Any]:
        """The form's initial values for a stored hand (to edit it)."""
        initial: dict[str, Any] = {"version": version, "riichi": strings(hand.get("riichi"))}
        result = hand["result"]
        initial["result"] = result["type"]
        initial.update(result_initial(result))
        events_initial(initial, hand.get("events", []))
        if hand.get("stop"):
            initial["stop"] = True
        if hand.get("wareme") is not None:
            initial["wareme"] = str(hand["wareme"])
        return initial


def result_initial(result: dict[str, Any]) -> dict[str, Any]:
    kind = result["type"]
    if kind == "ron":
        initial: dict[str, Any] = {
            "discarder": str(result["from"]),
            "ron_winners": [str(w["winner"]) for w in result["wins"]],
        }
        for win in result["wins"]:
            initial.update(win_initial(win["winner"], win))
        return initial
    if kind == "tsumo":
        return {"tsumo_winner": str(result["winner"]), **win_initial(result["winner"], result)}
    if kind == "abortive":
        return {"abortive": result["kind"]}
    if kind == "chombo":
        return {"chombo": str(result["seat"])}
    initial = {"tenpai": strings(result.get("tenpai"))}
    if kind == "nagashi":
        initial["nagashi"] = strings(result["winners"])
    return initial


# Built once for every seat a table can have; a form copies them (faster than making them).
for _seat in range(MAX_SEATS):
    HandForm.base_fields.update(win_fields(_seat))

"""The forms of a game: each ``clean`` returns what the services take (a hand is a
``tenbou-game/1`` hand object). They collect inputs only: the engine judges them.

Every form that changes a game carries the game's ``version`` (a second tablet gets a conflict)
and an idempotency ``key``, a uuid made when the form is drawn (a retried submit is done once).
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from clubs.models import Club, League, Ruleset, RulesetVersion
from scoring.display import (
    ABORTIVE_NAMES,
    RESULT_NAMES,
    SeatLine,
    error_text,
    limit_name,
    seat_lines,
)
from scoring.engine import NextHand, RecordError
from scoring.engine import Ruleset as Rules
from scoring.engine.points import VALID_FU, check_value, limit_units, remember
from scoring.engine.record import Win
from scoring.engine.rules import ruleset_from_spec

# -- the fields every change carries -------------------------------------------------------


class ChangeForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex


def change_initial(version: int) -> dict[str, Any]:
    return {"version": version}


def league_field() -> forms.ModelChoiceField:
    """A game's league, or none; each form gives it the club's leagues as its choices."""
    return forms.ModelChoiceField(
        queryset=League.objects.none(),
        required=False,
        label=gettext_lazy("League"),
        empty_label=gettext_lazy("No league"),
    )


# -- starting a game -----------------------------------------------------------------------

SEATING = [("order", gettext_lazy("As entered")), ("draw", gettext_lazy("Random draw of winds"))]
ENTRY = [("hands", gettext_lazy("Hand by hand")), ("scores", gettext_lazy("Final scores only"))]
MAX_SEATS = 4
SEAT_WIND_NAMES = (
    gettext_lazy("East"),
    gettext_lazy("South"),
    gettext_lazy("West"),
    gettext_lazy("North"),
)


class StartGameForm(forms.Form):
    """Ruleset, players in wind order (or drawn), table and date. Unknown names become players."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    ruleset = forms.ModelChoiceField(queryset=Ruleset.objects.none(), label=gettext_lazy("Ruleset"))
    seating = forms.ChoiceField(
        choices=SEATING, initial="order", widget=forms.RadioSelect, label=gettext_lazy("Seats")
    )
    entry = forms.ChoiceField(
        choices=ENTRY, initial="hands", widget=forms.RadioSelect, label=gettext_lazy("Entry")
    )
    table_label = forms.CharField(max_length=40, required=False, label=gettext_lazy("Table"))
    played_on = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    league = league_field()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        rulesets = Ruleset.objects.filter(club=club, versions__isnull=False).distinct()
        self.fields["ruleset"].queryset = rulesets
        self.fields["ruleset"].initial = club.default_ruleset_id
        # The open league is offered first, with its own ruleset.
        leagues = League.objects.filter(club=club, is_open=True).order_by("-starts_on", "-pk")
        self.fields["league"].queryset = leagues
        if (league := leagues.first()) is not None:
            self.fields["league"].initial = league.pk
            self.fields["ruleset"].initial = league.ruleset_id or club.default_ruleset_id
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["played_on"].initial = timezone.localdate()
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = forms.CharField(
                max_length=60, required=False, label=str(SEAT_WIND_NAMES[seat])
            )

    def _check_league_dates(self, data: dict[str, Any]) -> None:
        """A game outside its league's dates would never count: say so before it is played."""
        league, day = data.get("league"), data.get("played_on")
        if league is None or day is None:
            return
        if (league.starts_on and day < league.starts_on) or (
            league.ends_on and day > league.ends_on
        ):
            self.add_error(
                "played_on",
                _("%(league)s runs from %(start)s to %(end)s: a game on this day would not count.")
                % {
                    "league": league.name,
                    "start": league.starts_on or "…",
                    "end": league.ends_on or "…",
                },
            )

    def players_count(self) -> int:
        """Seats of the chosen (or default) ruleset: 4, or 3 for sanma."""
        value = str(self["ruleset"].value() or "")
        # Posted text is not yet a valid id here (the form shows its error): never query with it.
        ruleset = (
            self.fields["ruleset"].queryset.filter(pk=value).first() if value.isdigit() else None
        )
        version = ruleset.current_version() if ruleset else None
        return ruleset_from_spec(version.options).players if version else MAX_SEATS

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.players_count())]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        ruleset = data.get("ruleset")
        if ruleset is None:
            return data
        version: RulesetVersion = ruleset.current_version()
        count = ruleset_from_spec(version.options).players
        names = [data.get(f"player_{seat}", "").strip() for seat in range(count)]
        for seat, name in enumerate(names):
            if not name:
                self.add_error(f"player_{seat}", _("Pick or type a player."))
            elif name in names[:seat]:
                self.add_error(f"player_{seat}", _("This player already has a seat."))
        if data.get("seating") == "draw":
            names = random.sample(names, len(names))
        self._check_league_dates(data)
        data["ruleset_version"] = version
        data["players"] = names
        return data


# -- a hand --------------------------------------------------------------------------------

RESULTS = ("ron", "tsumo", "draw", "abortive", "nagashi", "chombo")
YAKU = {
    "riichi": gettext_lazy("Riichi"),
    "double_riichi": gettext_lazy("Double riichi"),
    "ippatsu": gettext_lazy("Ippatsu"),
    "menzen_tsumo": gettext_lazy("Menzen tsumo"),
    "tanyao": gettext_lazy("Tanyao"),
    "pinfu": gettext_lazy("Pinfu"),
    "iipeikou": gettext_lazy("Iipeikou"),
    "yakuhai": gettext_lazy("Yakuhai"),
    "haitei": gettext_lazy("Haitei / houtei"),
    "rinshan": gettext_lazy("Rinshan kaihou"),
    "chankan": gettext_lazy("Chankan"),
    "chiitoitsu": gettext_lazy("Chiitoitsu"),
    "sanshoku": gettext_lazy("Sanshoku doujun"),
    "ittsu": gettext_lazy("Ittsu"),
    "chanta": gettext_lazy("Chanta"),
    "toitoi": gettext_lazy("Toitoi"),
    "sanankou": gettext_lazy("Sanankou"),
    "sankantsu": gettext_lazy("Sankantsu"),
    "shousangen": gettext_lazy("Shousangen"),
    "honroutou": gettext_lazy("Honroutou"),
    "ryanpeikou": gettext_lazy("Ryanpeikou"),
    "junchan": gettext_lazy("Junchan"),
    "honitsu": gettext_lazy("Honitsu"),
    "chinitsu": gettext_lazy("Chinitsu"),
    "yakuman": gettext_lazy("Yakuman"),
}
DORA_MAX = 20
DORA_CHOICES = 13  # the dora picker offers 0 to 12
AOTENJOU_HAN_MAX = 20


@dataclass(frozen=True)
class ValueChoice:
    """One value a winner can be given: ``h3`` (3 han) or ``y2`` (double yakuman).

    ``fu_ron``/``fu_tsumo``: the fu the engine accepts with it, ``None`` where fu is not asked.
    ``group``: the han that pay the same limit (満貫 5, 跳満 6-7 ...): one button for all.
    """

    code: str
    label: str
    sub: str = ""
    fu_ron: tuple[int, ...] | None = None
    fu_tsumo: tuple[int, ...] | None = None
    group: tuple[str, ...] = ()


def _accepted(rules: Rules, win: Win, tsumo: bool, honba: int) -> bool:
    try:
        check_value(rules, win, tsumo, honba, "result")
    except RecordError:
        return False
    return True


def _fu_for(rules: Rules, han: int, tsumo: bool, honba: int) -> tuple[int, ...] | None:
    if _accepted(rules, Win(0, han=han), tsumo, honba):
        return None
    return tuple(
        fu for fu in sorted(VALID_FU) if _accepted(rules, Win(0, han=han, fu=fu), tsumo, honba)
    )


def _han_max(rules: Rules) -> int:
    if rules.aotenjou is not None:
        return AOTENJOU_HAN_MAX
    last = rules.limits[-1][0]
    if rules.limits_beyond is not None:
        return last + 3 * rules.limits_beyond[0]
    return max(13, last)


def value_choices(rules: Rules, honba: int) -> list[ValueChoice]:
    """The han (with their fu) and yakuman the ruleset accepts at this honba, limits grouped.

    Worked out once per ruleset, minimum han and language (it probes the engine some 200 times),
    and kept in the ruleset's own memo.
    """
    key = ("value_choices", rules.min_han(honba), get_language())
    return list(remember(rules, key, lambda: _value_choices(rules, honba)))  # type: ignore[call-overload]


def _value_choices(rules: Rules, honba: int) -> tuple[ValueChoice, ...]:
    choices: list[ValueChoice] = []
    previous_units = 0.0
    for han in range(1, _han_max(rules) + 1):
        fu_ron, fu_tsumo = _fu_for(rules, han, False, honba), _fu_for(rules, han, True, honba)
        if fu_ron == () and fu_tsumo == ():
            continue  # below the minimum han here (二翻縛り ...)
        units = limit_units(rules, han) if rules.aotenjou is None else 0.0
        code = f"h{han}"
        if units and units == previous_units:
            last = choices[-1]
            choices[-1] = ValueChoice(
                last.code, last.label, last.sub, None, None, (*last.group, code)
            )
            continue
        previous_units = units
        if units:
            sub = _("%(han)s han") % {"han": han}
            choices.append(ValueChoice(code, limit_name(rules, han), sub, group=(code,)))
        else:
            choices.append(
                ValueChoice(code, _("%(han)s han") % {"han": han}, "", fu_ron, fu_tsumo, (code,))
            )
    return (*choices, *_yakuman_choices(rules))


def _yakuman_choices(rules: Rules) -> list[ValueChoice]:
    multiples = [1.0, 1.5, *range(2, int(rules.yakuman_max) + 1)]
    return [
        ValueChoice(
            f"y{multiple:g}",
            _("Yakuman") if multiple == 1 else _("%(n)s× yakuman") % {"n": f"{multiple:g}"},
            group=(f"y{multiple:g}",),
        )
        for multiple in multiples
        if multiple <= rules.yakuman_max
    ]


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
    open: bool = False
    yaku: Items = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class _Missing(Exception):
    """A tap the hand needs is missing; the field already carries the message."""


class HandForm(ChangeForm):
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
        self.deposit_rows_used = _rows_in(given, "deposit")
        self.payment_rows_used = _rows_in(given, "payment")
        for row in range(self.deposit_rows_used + 1 + SPARE_ROWS):
            self.fields.update(_deposit_fields(row))
        for row in range(self.payment_rows_used + 1 + SPARE_ROWS):
            self.fields.update(_payment_fields(row))

    # -- what the ruleset offers ------------------------------------------------------------

    def results(self) -> list[str]:
        rules = self.rules
        offered = {"abortive": bool(rules.abortive), "nagashi": rules.nagashi is not None}
        return [kind for kind in RESULTS if offered.get(kind, True)]

    @property
    def has_riichi(self) -> bool:
        return self.rules.riichi_deposit is not None

    @property
    def has_pao(self) -> bool:
        return self.rules.pao_ron_share is not None

    @property
    def by_fan(self) -> bool:
        return self.rules.scoring == "additive_fan"

    @property
    def asks_fu(self) -> bool:
        """Fu pickers only where some han asks for fu (not under the fu-less table)."""
        return any(c.fu_ron is not None or c.fu_tsumo is not None for c in self.values)

    @property
    def blank(self) -> bool:
        """Nothing tapped yet: the value panels are the same for every blank form (cached)."""
        return not self.is_bound and "result" not in self.initial

    @property
    def panels_key(self) -> str:
        """What the blank value panels depend on: the names and the han the rules accept now."""
        return f"{self.rules.min_han(self.at.honba)}|{'|'.join(self.names)}"

    @property
    def has_events(self) -> bool:
        taps = [name for name in self.fields if name.endswith(EVENT_TAPS)]
        return any(self[name].value() for name in ("dead", *taps))

    def toggle_errors(self) -> list[str]:
        return [e for name in TOGGLE_FIELDS for e in self.errors.get(name, [])]

    def event_errors(self) -> list[str]:
        names = [name for name in self.fields if name == "dead" or _ROW_FIELD.match(name)]
        return [e for name in names for e in self.errors.get(name, [])]

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
        except _Missing:
            return data
        hand: dict[str, Any] = {"riichi": _ints(data.get("riichi")), "result": result}
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
            raise _Missing
        return int(data[name])

    def _clean_ron(self, data: dict[str, Any]) -> dict[str, Any]:
        winners = _ints(data.get("ron_winners"))
        if not winners:
            self.add_error("ron_winners", _("Tap the winner."))
        discarder = self._one(data, "discarder", _("Tap who dealt in."))
        if not winners:
            raise _Missing
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
        return {"type": "draw", "tenpai": _ints(data.get("tenpai"))}

    def _clean_nagashi(self, data: dict[str, Any]) -> dict[str, Any]:
        winners = _ints(data.get("nagashi"))
        if not winners:
            self.add_error("nagashi", _("Tap who made nagashi mangan."))
            raise _Missing
        return {"type": "nagashi", "winners": winners, "tenpai": _ints(data.get("tenpai"))}

    def _clean_abortive(self, data: dict[str, Any]) -> dict[str, Any]:
        if not data.get("abortive"):
            self.add_error("abortive", _("Tap which abortive draw."))
            raise _Missing
        return {"type": "abortive", "kind": data["abortive"]}

    def _clean_chombo(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"type": "chombo", "seat": self._one(data, "chombo", _("Tap who made the chombo."))}

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
        if data.get(f"open_{seat}"):
            win["open"] = True
        if data.get(f"yaku_{seat}"):
            win["yaku"] = data[f"yaku_{seat}"]
        return win

    def _value(self, data: dict[str, Any], seat: int, tsumo: bool) -> dict[str, Any]:
        if self.by_fan:
            fan = data.get(f"fan_{seat}")
            if fan is None:
                self.add_error(f"fan_{seat}", _("Enter the fan."))
                raise _Missing
            return {"fan": fan}
        code = data.get(f"value_{seat}")
        if code not in self.codes:
            self.add_error(f"value_{seat}", _("Tap the han or a limit."))
            raise _Missing
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

    def _events(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """Dead hands, then each deposit row's seats, then each payment row, in row order.

        ``self.event_fields`` keeps, for each event, the field its engine error belongs to.
        """
        events: list[dict[str, Any]] = []
        self.event_fields: list[str] = []
        for seat in _ints(data.get("dead")):
            events.append({"type": "dead_hand", "seat": seat})
            self.event_fields.append("dead")
        for row in range(self.deposit_rows_used + 1 + SPARE_ROWS):
            amount = data.get(f"deposit-{row}-amount") or DEPOSIT_AMOUNT
            for seat in _ints(data.get(f"deposit-{row}-seats")):
                events.append({"type": "deposit", "seat": seat, "amount": amount})
                self.event_fields.append(f"deposit-{row}-amount")
        missing = False
        for row in range(self.payment_rows_used + 1 + SPARE_ROWS):
            try:
                payment = self._payment(data, row)
            except _Missing:
                missing = True
                continue
            if payment:
                events.append(payment)
                self.event_fields.append(f"payment-{row}-amount")
        if missing:
            raise _Missing
        return events

    def _payment(self, data: dict[str, Any], row: int) -> dict[str, Any] | None:
        payer, receivers = data.get(f"payment-{row}-from"), _ints(data.get(f"payment-{row}-to"))
        amount = data.get(f"payment-{row}-amount")
        reason = data.get(f"payment-{row}-reason", "").strip()
        if not (payer or receivers or amount or reason):
            return None
        if not (payer and receivers and amount):
            self.add_error(
                f"payment-{row}-amount",
                _("A payment needs who pays, who receives and how much."),
            )
            raise _Missing
        return {
            "type": "payment",
            "from": int(payer),
            "to": receivers,
            "amount": amount,
            "reason": reason,
        }

    # -- the engine's verdict, shown where it belongs -------------------------------------

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

    def _winner(self, index: str | None) -> int | None:
        """The seat of ``result.wins[index]``, or the tsumo winner (``result``)."""
        result = self.cleaned_data.get("hand", {}).get("result", {})
        if index is None:
            return result.get("winner")
        wins = result.get("wins", [])
        return wins[int(index)]["winner"] if int(index) < len(wins) else None

    # -- for the template ------------------------------------------------------------------

    @cached_property
    def seat_entries(self) -> list[SeatEntry]:
        lines = seat_lines(self.names, self.at.scores, self.at.dealer)
        return [
            SeatEntry(line, {n: str(line.seat) in _strings(self[n].value()) for n in SEAT_TOGGLES})
            for line in lines
        ]

    @cached_property
    def deposit_rows(self) -> list[EventRow]:
        """Deposit penalties by amount: the rows in use, a blank one, and hidden spares."""
        return [
            EventRow(
                index=row,
                name=f"deposit-{row}",
                seats=self._seat_items(f"deposit-{row}-seats"),
                amount=self[f"deposit-{row}-amount"].value(),
                shown=row <= self.deposit_rows_used,
            )
            for row in range(self.deposit_rows_used + 1 + SPARE_ROWS)
        ]

    @cached_property
    def payment_rows(self) -> list[EventRow]:
        """Free payments, one per row: those in use, a blank one, and hidden spares."""
        return [
            EventRow(
                index=row,
                name=f"payment-{row}",
                payer=self._seat_items(f"payment-{row}-from"),
                seats=self._seat_items(f"payment-{row}-to"),
                amount=self[f"payment-{row}-amount"].value(),
                reason=self[f"payment-{row}-reason"].value() or "",
                shown=row <= self.payment_rows_used,
            )
            for row in range(self.payment_rows_used + 1 + SPARE_ROWS)
        ]

    def _seat_items(self, name: str) -> Items:
        chosen = _strings(self[name].value())
        return [
            {
                "value": str(entry.line.seat),
                "label": entry.line.name,
                "checked": str(entry.line.seat) in chosen,
            }
            for entry in self.seat_entries
        ]

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
        dora = ((str(n), str(n)) for n in range(DORA_CHOICES))
        return WinEntry(
            line=line,
            values=[_value_button(choice, value) for choice in self.values],
            fu=_items(fu, self[f"fu_{seat}"].value()),
            fan=self[f"fan_{seat}"].value(),
            pao=_items([("", _("none")), *others], pao),
            pao_yakuman=_items(((c.code, c.label) for c in _yakuman_choices(self.rules)), part),
            dora=_items(dora, self[f"dora_{seat}"].value()),
            open=bool(self[f"open_{seat}"].value()),
            yaku=_items(YAKU.items(), self[f"yaku_{seat}"].value()),
            errors=[
                e
                for name in self.fields
                if name.endswith(f"_{seat}")
                for e in self.errors.get(name, [])
            ],
        )

    @classmethod
    def initial_for(cls, hand: dict[str, Any], version: int) -> dict[str, Any]:
        """The form's initial values for a stored hand (to edit it)."""
        initial: dict[str, Any] = {"version": version, "riichi": _strings(hand.get("riichi"))}
        result = hand["result"]
        initial["result"] = result["type"]
        initial.update(_result_initial(result))
        _events_initial(initial, hand.get("events", []))
        if hand.get("stop"):
            initial["stop"] = True
        if hand.get("wareme") is not None:
            initial["wareme"] = str(hand["wareme"])
        return initial


def _deposit_fields(row: int) -> dict[str, forms.Field]:
    """One deposit row: the seats that each put ``amount`` on the table (供託罰符)."""
    return {
        f"deposit-{row}-seats": Taps(SEATS, multiple=True),
        f"deposit-{row}-amount": forms.IntegerField(
            required=False, min_value=100, initial=DEPOSIT_AMOUNT
        ),
    }


def _payment_fields(row: int) -> dict[str, forms.Field]:
    """One free payment: from one seat to each of the others tapped, ``amount`` each."""
    return {
        f"payment-{row}-from": Taps(SEATS),
        f"payment-{row}-to": Taps(SEATS, multiple=True),
        f"payment-{row}-amount": forms.IntegerField(required=False, min_value=100),
        f"payment-{row}-reason": forms.CharField(required=False, max_length=100),
    }


def _rows_in(given: Mapping[str, Any], kind: str) -> int:
    """How many ``kind`` rows the posted data or the initial values fill (at most MAX_ROWS).

    A row counts from its last filled field on; a deposit's amount alone (it has a default)
    does not fill it.
    """
    rows = 0
    for key in given:
        match = _ROW_FIELD.match(key)
        if not match or match.group(1) != kind or (kind, match.group(3)) == ("deposit", "amount"):
            continue
        values = given.getlist(key) if isinstance(given, QueryDict) else _strings(given[key])
        if any(str(value).strip() for value in values):
            rows = max(rows, int(match.group(2)) + 1)
    return min(rows, MAX_ROWS)


def _win_fields(seat: int) -> dict[str, forms.Field]:
    """One seat's win: its value (h3, y1 ...: checked against the ruleset's), fu, pao, stats."""
    return {
        f"value_{seat}": forms.CharField(required=False, max_length=8),
        f"fu_{seat}": Taps(FU),
        f"fan_{seat}": forms.IntegerField(required=False, min_value=0),
        f"pao_{seat}": Taps(SEATS),
        f"pao_yakuman_{seat}": forms.CharField(required=False, max_length=8),
        f"dora_{seat}": forms.IntegerField(required=False, min_value=0, max_value=DORA_MAX),
        f"open_{seat}": forms.BooleanField(required=False),
        f"yaku_{seat}": Taps(YAKU, multiple=True),
    }


# Built once for every seat a table can have; a form copies them (faster than making them).
for _seat in range(MAX_SEATS):
    HandForm.base_fields.update(_win_fields(_seat))


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
_ROW_FIELD = re.compile(r"(deposit|payment)-(\d+)-(seats|amount|from|to|reason)$")
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


def _value_button(choice: ValueChoice, value: str) -> dict[str, Any]:
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
        "data": {"fu-ron": _spaced(choice.fu_ron), "fu-tsumo": _spaced(choice.fu_tsumo)},
    }


def _items(choices: Any, current: Any) -> Items:
    """Buttons (or options) for ``(value, label)`` pairs, those in ``current`` checked."""
    chosen = _strings(current)
    return [{"value": v, "label": label, "checked": v in chosen} for v, label in choices]


def _spaced(fu: tuple[int, ...] | None) -> str:
    return "" if fu is None else " ".join(str(f) for f in fu)


def _ints(values: Any) -> list[int]:
    return sorted(int(value) for value in values or [])


def _strings(value: Any) -> list[str]:
    if value in (None, ""):
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [str(value)]


def _number(value: float) -> int | float:
    return int(value) if value.is_integer() else value


YAKUMAN_CODES = {f"y{m / 2:g}": _number(m / 2) for m in range(2, 2 * 13 + 1)}  # y1, y1.5 ...


def _win_initial(seat: int, win: dict[str, Any]) -> dict[str, Any]:
    initial: dict[str, Any] = {}
    if "yakuman" in win:
        initial[f"value_{seat}"] = f"y{win['yakuman']:g}"
    elif "han" in win:
        initial[f"value_{seat}"] = f"h{win['han']}"
    for key in ("fu", "fan", "dora", "open", "yaku", "pao"):
        if key in win:
            initial[f"{key}_{seat}"] = str(win[key]) if key == "pao" else win[key]
    if "pao_yakuman" in win:
        initial[f"pao_yakuman_{seat}"] = f"y{win['pao_yakuman']:g}"
    return initial


def _result_initial(result: dict[str, Any]) -> dict[str, Any]:
    kind = result["type"]
    if kind == "ron":
        initial: dict[str, Any] = {
            "discarder": str(result["from"]),
            "ron_winners": [str(w["winner"]) for w in result["wins"]],
        }
        for win in result["wins"]:
            initial.update(_win_initial(win["winner"], win))
        return initial
    if kind == "tsumo":
        return {"tsumo_winner": str(result["winner"]), **_win_initial(result["winner"], result)}
    if kind == "abortive":
        return {"abortive": result["kind"]}
    if kind == "chombo":
        return {"chombo": str(result["seat"])}
    initial = {"tenpai": _strings(result.get("tenpai"))}
    if kind == "nagashi":
        initial["nagashi"] = _strings(result["winners"])
    return initial


def _events_initial(initial: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Every event of a stored hand, in rows the form shows, so that saving loses none.

    Deposits share a row when their amounts are equal and their seats differ (a seat fined
    twice at the same amount takes a second row); each payment has its own row.
    """
    deposits: list[tuple[int, list[str]]] = []  # (amount, seats) per row
    payments = 0
    for event in events:
        kind = event["type"]
        if kind == "dead_hand":
            initial.setdefault("dead", []).append(str(event["seat"]))
        elif kind == "deposit":
            amount, seat = event.get("amount", DEPOSIT_AMOUNT), str(event["seat"])
            row = next((r for r in deposits if r[0] == amount and seat not in r[1]), None)
            if row is None:
                row = (amount, [])
                deposits.append(row)
            row[1].append(seat)
        else:
            name = f"payment-{payments}"
            initial[f"{name}-from"] = str(event["from"])
            initial[f"{name}-to"] = _strings(event["to"])
            initial[f"{name}-amount"] = event["amount"]
            initial[f"{name}-reason"] = event.get("reason", "")
            payments += 1
    for row, (amount, seats) in enumerate(deposits):
        initial[f"deposit-{row}-seats"] = seats
        initial[f"deposit-{row}-amount"] = amount


# -- the end of a game ---------------------------------------------------------------------


class ReasonForm(ChangeForm):
    """Ending early (time limit, referee), reopening, voiding: each says why."""

    reason = forms.CharField(max_length=200, required=False, label=gettext_lazy("Reason"))


class VoidForm(ChangeForm):
    reason = forms.CharField(max_length=200, label=gettext_lazy("Reason for voiding"))


class MoveLeagueForm(ChangeForm):
    """An admin's move of a game to another league of the club (or out of every league)."""

    league = league_field()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["league"].queryset = League.objects.filter(club=club)


class FinalScoresForm(ChangeForm):
    """Score-only entry (素点入力): each seat's final score and the sticks left on the table."""

    deposits = forms.IntegerField(
        min_value=0, initial=0, label=gettext_lazy("Sticks left on the table (points)")
    )

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names):
            self.fields[f"score_{seat}"] = forms.IntegerField(label=name, step_size=100)

    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"score_{seat}"] for seat in range(len(self.names))]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        scores = [data.get(f"score_{seat}") for seat in range(len(self.names))]
        if None not in scores:
            data["scores"] = scores
        return data


class TenhouImportForm(forms.Form):
    """A Tenhou log file (mjlog XML), and optionally the club ruleset to play it under."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    log = forms.FileField(label=gettext_lazy("Tenhou log file (mjlog / XML)"))
    ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.none(),
        required=False,
        label=gettext_lazy("Ruleset"),
        empty_label=gettext_lazy("Tenhou's rules (a club ruleset is made if needed)"),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    table_label = forms.CharField(max_length=40, required=False, label=gettext_lazy("Table"))
    league = league_field()

    MAX_BYTES = 2_000_000

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(club=club)
        self.fields["league"].queryset = League.objects.filter(club=club)
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["played_on"].initial = timezone.localdate()

    def clean_log(self) -> str:
        upload = self.cleaned_data["log"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a game log."))
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not a text (XML) log.")) from None

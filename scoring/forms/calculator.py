"""The hand calculator's panel: its inputs read into a hand, and its answers and problems in words.

The panel sends the hand in the mpsz notation (the tile keyboard writes it; a keyboard user
can type it), the calls, the indicators and the situation; ``scoring.calculator`` counts it.
Everything the reader sees is said here, in their language, naming the tile or field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.calculator.hand import (
    SANMA_MISSING,
    Counted,
    HandInput,
    Situation,
    not_counted,
    read_hand,
)
from scoring.calculator.problems import HandProblem
from scoring.calculator.tiles import is_tile, sorted_tiles
from scoring.display import ALL_YAKU_NAMES, limit_name
from scoring.engine import Ruleset as Rules
from scoring.engine.points import ron_value, tsumo_values
from scoring.engine.record import Win
from scoring.forms.values import value_choices

NUMBERS_JA = "一二三四五六七八九"
HONOURS = {
    "1z": pgettext_lazy("tile", "East"),
    "2z": pgettext_lazy("tile", "South"),
    "3z": pgettext_lazy("tile", "West"),
    "4z": pgettext_lazy("tile", "North"),
    "5z": pgettext_lazy("tile", "White dragon"),
    "6z": pgettext_lazy("tile", "Green dragon"),
    "7z": pgettext_lazy("tile", "Red dragon"),
}
SUIT_NAMES = {
    "m": pgettext_lazy("tile", "%(n)s man"),
    "p": pgettext_lazy("tile", "%(n)s pin"),
    "s": pgettext_lazy("tile", "%(n)s sou"),
}
# What the tile keyboard shows on a tile: the honours' kanji, the suits' number and mark.
FACES = {"1z": "東", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "發", "7z": "中"}
SUIT_MARKS = {"m": "萬", "p": "筒", "s": "索"}
LOCAL_YAKU_NAMES = {
    "sanshoku_shoudoukou": gettext_lazy("Sanshoku shoudoukou"),
    "isshoku_sanjun": gettext_lazy("Isshoku sanjun"),
    "isshoku_yonjun": gettext_lazy("Isshoku yonjun"),
    "sanrenkou": gettext_lazy("Sanrenkou"),
    "suurenkou": gettext_lazy("Suurenkou"),
    "paarenchan": gettext_lazy("Paarenchan"),
    "daisharin": gettext_lazy("Daisharin"),
    "benikujaku": gettext_lazy("Benikujaku"),
    "hyakumangoku": gettext_lazy("Hyakumangoku"),
    "fuukasetsugetsu": gettext_lazy("Fuukasetsugetsu"),
    "bankouryokusou": gettext_lazy("Bankou ryokusou"),
    "shiisanputaa": gettext_lazy("Shiisanputaa"),
}
# The library's reasons for fu (mahjong.hand_calculating.fu.FuCalculator), as clubs say them.
FU_REASONS = {
    "base": gettext_lazy("Base (副底)"),
    "penchan": gettext_lazy("Edge wait (辺張)"),
    "kanchan": gettext_lazy("Closed wait (嵌張)"),
    "valued_pair": gettext_lazy("Pair of a value tile (役牌の雀頭)"),
    "double_valued_pair": gettext_lazy("Pair of a double wind (連風牌の雀頭)"),
    "pair_wait": gettext_lazy("Pair wait (単騎)"),
    "tsumo": gettext_lazy("Tsumo (ツモ符)"),
    "hand_without_fu": gettext_lazy("Open hand without fu (喰い平和形)"),
    "closed_pon": gettext_lazy("Concealed triplet of simples (暗刻)"),
    "open_pon": gettext_lazy("Open triplet of simples (明刻)"),
    "closed_terminal_pon": gettext_lazy("Concealed triplet of terminals or honours (么九暗刻)"),
    "open_terminal_pon": gettext_lazy("Open triplet of terminals or honours (么九明刻)"),
    "closed_kan": gettext_lazy("Concealed kan of simples (暗槓)"),
    "open_kan": gettext_lazy("Open kan of simples (明槓)"),
    "closed_terminal_kan": gettext_lazy("Concealed kan of terminals or honours (么九暗槓)"),
    "open_terminal_kan": gettext_lazy("Open kan of terminals or honours (么九明槓)"),
}
FIELD_NAMES = {
    "hand": gettext_lazy("the hand"),
    "melds": gettext_lazy("the calls"),
    "dora": gettext_lazy("the dora indicators"),
    "ura": gettext_lazy("the ura-dora indicators"),
}


def tile_name(tile: str) -> str:
    """A tile as the reader names it: 五筒 / 5 pin, 赤五筒 / red 5 pin, 東 / East."""
    if tile in HONOURS:
        return str(HONOURS[tile])
    number = int(tile[0]) or 5
    name = str(SUIT_NAMES[tile[1]]) % {"n": number}
    if tile[0] == "0":
        return _("red %(tile)s") % {"tile": name}
    return name


def tile_face(tile: str) -> tuple[str, str]:
    """What a drawn tile shows: the honour's kanji, or the number and the suit's mark."""
    if tile in FACES:
        return FACES[tile], ""
    return NUMBERS_JA[(int(tile[0]) or 5) - 1], SUIT_MARKS[tile[1]]


def problem_words(problem: HandProblem) -> str:
    """A ``HandProblem`` in the reader's language, naming the tile or field."""
    known = problem.tile is not None and is_tile(problem.tile)
    tile = tile_name(problem.tile) if known and problem.tile else (problem.tile or "")
    where = str(FIELD_NAMES.get(problem.field, problem.field))
    messages: dict[str, Callable[[], str]] = {
        "empty": lambda: _("Tap the hand's tiles, the winning tile last."),
        "notation": lambda: (
            _("%(where)s: “%(text)s” is not a tile (write 1m-9m, 1p-9p, 1s-9s, 1z-7z).")
            % {"where": where, "text": problem.text}
        ),
        "no_such_tile": lambda: (
            _("%(where)s: there is no tile “%(text)s”.") % {"where": where, "text": problem.tile}
        ),
        "meld_kind": lambda: (
            _("%(where)s: “%(text)s” does not say chi, pon, kan or closed kan.")
            % {"where": where, "text": problem.text}
        ),
        "bad_chi": lambda: (
            _("The chi %(text)s is not three tiles in a row of one suit.") % {"text": problem.text}
        ),
        "bad_pon": lambda: _("The pon %(text)s is not three of one tile.") % {"text": problem.text},
        "bad_kan": lambda: _("The kan %(text)s is not four of one tile.") % {"text": problem.text},
        "bad_ankan": lambda: (
            _("The kan %(text)s is not four of one tile.") % {"text": problem.text}
        ),
        "tile_count": lambda: (
            _("A winning hand has 14 tiles (a call counts three); this one has %(count)s.")
            % {"count": problem.count}
        ),
        "five_tiles": lambda: (
            _("There are only four %(tile)s: this hand has five.") % {"tile": tile}
        ),
        "red_fives": lambda: (
            _("This ruleset plays %(count)s %(tile)s: there are more in this hand.")
            % {"count": problem.count, "tile": tile}
        ),
        "not_in_sanma": lambda: (
            _("There is no %(tile)s in three-player mahjong (2-8 man are removed).")
            % {"tile": tile}
        ),
        "nuki_four_players": lambda: _("North tiles are set aside only in three-player mahjong."),
        "not_complete": lambda: _(
            "The hand is not complete: four sets and a pair, seven pairs or kokushi."
        ),
        "not_waiting": lambda: (
            _("The hand does not win on %(tile)s: it waits on %(waits)s.")
            % {
                "tile": tile,
                "waits": ", ".join(tile_name(t) for t in (problem.text or "").split()),
            }
        ),
        "no_yaku": lambda: _("The hand has no yaku: dora alone do not make a win."),
        "not_riichi_scoring": lambda: _(
            "The calculator counts riichi hands; this ruleset counts fan (番) another way."
        ),
        "open_riichi_not_played": lambda: _("This ruleset has no open riichi."),
        "renhou_not_played": lambda: _("This ruleset has no renhou: untick “first go-around”."),
        "riichi_open_hand": lambda: _(
            "A riichi hand is closed: it cannot have chi, pon or open kan."
        ),
        "ippatsu_without_riichi": lambda: _("Ippatsu needs riichi."),
        "chankan_tsumo": lambda: _("Chankan is a ron on a kan: not a tsumo."),
        "rinshan_ron": lambda: _("Rinshan kaihou is a tsumo after a kan: not a ron."),
        "last_tile_conflict": lambda: _(
            "The last tile (haitei/houtei) cannot go with rinshan or chankan."
        ),
        "first_turn_with_call": lambda: _(
            "A first go-around win (tenhou, chiihou, renhou) has no calls."
        ),
    }
    words = messages.get(problem.code)
    return words() if words else _("The calculator cannot count this hand.")


class CalculatorForm(forms.Form):
    """The panel's fields: tiles in the notation, and the situation."""

    hand = forms.CharField(required=False, max_length=80)
    melds = forms.CharField(required=False, max_length=80)
    dora = forms.CharField(required=False, max_length=40)
    ura = forms.CharField(required=False, max_length=40)
    tsumo = forms.BooleanField(required=False)
    riichi = forms.BooleanField(required=False)
    double_riichi = forms.BooleanField(required=False)
    ippatsu = forms.BooleanField(required=False)
    open_riichi = forms.BooleanField(required=False)
    last_tile = forms.BooleanField(required=False)
    rinshan = forms.BooleanField(required=False)
    chankan = forms.BooleanField(required=False)
    first_turn = forms.BooleanField(required=False)
    nuki = forms.IntegerField(required=False, min_value=0, max_value=4)
    seat_wind = forms.ChoiceField(choices=[(w, w) for w in "ESWN"])
    round_wind = forms.ChoiceField(choices=[(w, w) for w in "ESWN"])

    def hand_input(self) -> HandInput:
        """The hand, or ``HandProblem``; call after ``is_valid``."""
        data = self.cleaned_data
        situation = Situation(
            tsumo=data["tsumo"],
            riichi=data["riichi"],
            double_riichi=data["double_riichi"],
            ippatsu=data["ippatsu"],
            open_riichi=data["open_riichi"],
            last_tile=data["last_tile"],
            rinshan=data["rinshan"],
            chankan=data["chankan"],
            first_turn=data["first_turn"],
            seat_wind=data["seat_wind"],
            round_wind=data["round_wind"],
            nuki=data["nuki"] or 0,
        )
        return read_hand(data["hand"], data["melds"], data["dora"], data["ura"], situation)


@dataclass(frozen=True)
class Answer:
    """What the panel shows of a counted hand, and what "use" fills in on the hand form."""

    counted: Counted
    headline: str
    yaku: list[tuple[str, str]]  # name, "2 han" / "yakuman"
    dora: str
    fu_details: list[tuple[str, int]]
    pays: str
    notes: list[str]
    value_code: str  # the value button of the hand form to press (h3, y1 ...)
    fields: dict[str, Any]

    @property
    def fields_json(self) -> str:
        return json.dumps(self.fields)


def answer(counted: Counted, rules: Rules, tsumo: bool, dealer: bool, honba: int) -> Answer:
    """The counted hand in words, with the hand form's value for it and what it pays."""
    fields = counted.win_fields()
    notes: list[Any] = [NOTE_WORDS[n] for n in counted.notes if n in NOTE_WORDS]
    if counted.yakuman is not None:
        paid = min(counted.yakuman, rules.yakuman_max)  # never more than the ruleset pays
        headline = _("Yakuman") if paid == 1 else _("%(n)s× yakuman") % {"n": f"{paid:g}"}
        if paid < counted.yakuman:
            notes.append(
                _("%(n)s× yakuman counted; this ruleset pays at most %(paid)s×.")
                % {"n": f"{counted.yakuman:g}", "paid": f"{paid:g}"}
            )
        value_code = f"y{paid:g}"
        fields = {**fields, "yakuman": paid}
        win = Win(0, yakuman=paid)
    else:
        han = counted.han or 0
        headline = (
            _("%(han)s han %(fu)s fu") % {"han": han, "fu": counted.fu}
            if counted.fu
            else _("%(han)s han") % {"han": han}
        )
        limit = limit_name(rules, han) if han >= 3 else ""
        if limit:
            headline = f"{headline} ({limit})"
        value_code = _value_code(rules, han, honba)
        win = Win(0, han=han, fu=counted.fu)
        if han < rules.min_han(honba):
            notes.append(
                _("This ruleset needs %(min)s han for a win here (%(honba)s honba).")
                % {"min": rules.min_han(honba), "honba": honba}
            )
    yaku = [
        (
            str(ALL_YAKU_NAMES.get(y.code, y.code)),
            _("yakuman")
            if y.yakuman and y.han == 13
            else _("double yakuman")
            if y.yakuman
            else _("%(han)s han") % {"han": y.han},
        )
        for y in counted.yaku
    ]
    dora_parts = [
        (label, count)
        for label, count in (
            (_("dora"), counted.dora),
            (_("red fives"), counted.aka),
            (_("ura-dora"), counted.ura),
            (_("north"), counted.nuki),
        )
        if count
    ]
    dora = ", ".join(f"{label} {count}" for label, count in dora_parts)
    return Answer(
        counted,
        headline,
        yaku,
        str(dora),
        [(str(FU_REASONS.get(reason, reason)), fu) for reason, fu in counted.fu_details],
        _pays(rules, win, tsumo, dealer),
        [str(n) for n in notes],
        value_code,
        fields,
    )


NOTE_WORDS = {
    "renhou_baiman": gettext_lazy("Renhou pays baiman, other yaku not added (the ruleset)."),
    "renhou_baiman_lower": gettext_lazy(
        "Counted without renhou: the hand pays more than renhou's baiman."
    ),
    "chiitoitsu_by_ruleset": gettext_lazy("Chiitoitsu counted at the ruleset's fu and han."),
}


def _value_code(rules: Rules, han: int, honba: int) -> str:
    """The value button that stands for ``han`` (a limit's button covers several han)."""
    code = f"h{han}"
    choices = value_choices(rules, honba)
    for choice in choices:
        if code in choice.group:
            return choice.code
    highest = [c for c in choices if c.code.startswith("h")]
    return highest[-1].code if highest and han > int(highest[-1].code[1:]) else code


def _pays(rules: Rules, win: Win, tsumo: bool, dealer: bool) -> str:
    """What the win pays before honba and sticks: ``8,000`` or ``2,000 / 4,000``."""
    try:
        if not tsumo:
            return _("Ron: %(points)s") % {"points": f"{ron_value(rules, win, dealer):,}"}
        values = tsumo_values(rules, win, 0 if dealer else 1)  # the winner is seat 0
        others = sorted({v for seat, v in values.items() if seat != 0})
        return _("Tsumo: %(points)s") % {"points": " / ".join(f"{v:,}" for v in others)}
    except Exception:  # a value the ruleset cannot pay: the hand form will say why
        return ""


def panel_notes(rules: Rules) -> list[str]:
    """What the panel says before any tile: club options the calculator does not follow."""
    notes = []
    missing = not_counted(rules)
    if missing:
        names = ", ".join(str(LOCAL_YAKU_NAMES[code]) for code in missing)
        notes.append(
            _("Not counted by the calculator, add them by hand: %(yaku)s.") % {"yaku": names}
        )
    if rules.players == 3:
        notes.append(_("Three-player hands: no 2-8 man; set-aside norths count as dora."))
    return notes


def keyboard(rules: Rules) -> list[list[dict[str, str]]]:
    """The tile keyboard's rows (man, pin, sou, honours), red fives where the ruleset plays
    them, 2-8 man left out in three-player mahjong."""
    reds = dict(zip("mps", rules.options["yaku"]["red_fives"], strict=True))
    rows: list[list[dict[str, str]]] = []
    for suit in "mpsz":
        row = []
        for number in range(1, 10 if suit != "z" else 8):
            tile = f"{number}{suit}"
            if rules.players == 3 and tile in SANMA_MISSING:
                continue
            row.append(_key(tile))
            if number == 5 and suit != "z" and reds[suit]:
                row.append(_key(f"0{suit}"))
        rows.append(row)
    return rows


def _key(tile: str) -> dict[str, str]:
    face, mark = tile_face(tile)
    return {
        "tile": tile,
        "face": face,
        "mark": mark,
        "name": tile_name(tile),
        "suit": tile[1],
        "red": "red" if tile[0] == "0" else "",
    }


def hand_tiles(hand: HandInput) -> list[dict[str, str]]:
    """The hand as the panel draws it: sorted, the winning tile apart at the end."""
    return [_key(t) for t in sorted_tiles(hand.tiles[:-1])] + [
        {**_key(hand.win_tile), "win": "win"}
    ]

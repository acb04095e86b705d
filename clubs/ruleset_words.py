"""A ruleset in words: labels of every input and choice, option values as a club reads them.

The engine gives each option's label and help in Japanese and English (``Option.label_ja`` ...);
the keys inside object options and the choices of a select get theirs here, in the catalogue.
``tests/clubs/test_ruleset_words.py`` checks that every input and every engine choice has words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from clubs.ruleset_fields import (
    BOOL,
    CHOICE,
    ENTRY,
    FIELDS,
    JSON,
    LIST,
    Leaf,
    OptionFields,
    value_at,
)
from scoring.engine.options import GROUP_LABELS, Option

Words = Any  # a lazy translation string

SUB_LABELS: dict[str, Words] = {
    "extension.target": _("Target score"),
    "extension.winds": _("Extension winds"),
    "extension.sudden_death": _("When the extension ends"),
    "extension.endless": _("Play on until someone reaches the target"),
    "rounding.mode": _("Rounding method"),
    "rounding.on": _("Rounded value"),
    "rounding.top_takes_remainder": _("The top takes the remainder (the sum stays 0)"),
    "tobi.enabled": _("A bust ends the game"),
    "tobi.at_zero": _("Exactly 0 is a bust too"),
    "tobi.bonus": _("Bust bonus (points)"),
    "tobi.bonus_by": _("Bust bonus earned by"),
    "tobi.negative_settlement": _("Negative scores are settled"),
    "chips.value": _("Settled points per chip (0: chips as their own column)"),
    "chips.ippatsu": _("Chips for an ippatsu"),
    "chips.ura": _("Chips per ura-dora"),
    "chips.aka": _("Chips per red five"),
    "chips.yakuman": _("Chips per yakuman"),
    "chips.tobi": _("Chips from a busted player"),
    "honba.ron": _("Per honba on a ron"),
    "honba.tsumo_each": _("Per honba from each player on a tsumo"),
    "riichi.deposit": _("Riichi stick"),
    "riichi.min_score": _("Score needed to declare"),
    "limits_beyond.every_han": _("Every this many han past the last row"),
    "limits_beyond.mangan_units": _("adds this many mangan"),
    "aotenjou.cap_base": _("Cap on the base points"),
    "aotenjou.yakuman_han": _("Han per yakuman"),
    "yaku.open_tanyao": _("Open tanyao (kuitan)"),
    "yaku.red_fives": _("Red fives (man, pin, sou)"),
    "yaku.double_yakuman": _("Double yakuman (13-sided kokushi, suuankou tanki ...)"),
    "yaku.renhou": _("Renhou"),
    "yaku.open_riichi": _("Open riichi"),
    "yaku.local": _("Local yaku"),
    "fu.tsumo_pinfu": _("Pinfu tsumo"),
    "fu.open_pinfu": _("Open pinfu shape"),
    "fu.chiitoitsu": _("Chiitoitsu (fu, han)"),
    "min_han.default": _("Minimum han"),
    "min_han.from_honba": _("Raised from a honba count"),
    "additive.ron_multiplier": _("Ron multiplier"),
    "additive.min_fan": _("Minimum fan"),
    "additive.fan_value": _("Points per fan"),
    "pao.ron_share": _("Responsible player's share of a ron"),
    "pao.ron_honba": _("Honba of a ron paid by"),
    "nagashi.counts_as": _("Counts as"),
    "nagashi.value": _("Value"),
    "abortive.kyuushu": _("Nine terminals (kyuushu kyuuhai)"),
    "abortive.suufon": _("Four winds (suufon renda)"),
    "abortive.suucha_riichi": _("Four riichi (suucha riichi)"),
    "abortive.sanchahou": _("Triple ron (sanchahou)"),
    "abortive.suukaikan": _("Four kans (suukaikan)"),
    "chombo.payment": _("Payment"),
    "chombo.amount": _("Amount to each player"),
    "chombo.score_penalty": _("Settled points taken off"),
    "chombo.deposits": _("Sticks paid in the hand"),
    "sanma.tsumo": _("The absent player's share"),
}

_YAME = {
    "none": pgettext_lazy("option", "No"),
    "auto_if_top": _("Ends by itself if the dealer is top"),
    "optional_if_top": _("The dealer may stop if top"),
    "optional": _("The dealer may stop at any rank"),
}
_DRAW_RENCHAN = {
    "dealer_tenpai": _("When the dealer is tenpai"),
    "always": _("Always"),
    "never": _("Never (the deal passes)"),
    "unless_all_noten": _("When the dealer is tenpai, or nobody is"),
}
_FU = {20: _("20 fu"), 30: _("30 fu")}

CHOICES: dict[str, Mapping[Any, Words]] = {
    "players": {4: _("Four players"), 3: _("Three players (sanma)")},
    "scoring": {
        "riichi": _("Han and fu"),
        "fu_less": _("Fu-less table"),
        "additive_fan": _("Additive fan (classical)"),
    },
    "extension.sudden_death": {
        "any": _("As soon as someone reaches the target"),
        "unless_dealer_keeps": _("The same, unless the dealer keeps the seat"),
        "none": _("Only at the end of each wind"),
    },
    "rounding.mode": {
        "none": _("No rounding (one decimal)"),
        "half_up": _("Round half up (shisha gonyuu)"),
        "gosha_rokunyu": _("Gosha rokunyuu (.5 down, .6 up)"),
        "down": _("Round down"),
        "up": _("Round up"),
    },
    "rounding.on": {
        "diff": _("The difference from the return points"),
        "raw": _("The raw score"),
    },
    "ties": {
        "seat_order": _("Seat order (nearer the first dealer ranks higher)"),
        "split": _("Tied players split uma and oka"),
    },
    "leftover_deposits": {
        "top": _("To the top"),
        "lost": _("Gone"),
        "returned": _("Back to who paid them"),
    },
    "tobi.bonus_by": {"win": _("A win's payment only"), "any": _("Any payment")},
    "agari_yame": _YAME,
    "tenpai_yame": _YAME,
    "renchan_on_draw": _DRAW_RENCHAN,
    "multiple_ron": {
        "all": _("Every winner"),
        "double": _("At most two (three is an abortive draw)"),
        "head_bump": _("Head bump (the first in turn only)"),
    },
    "multi_ron_deposits": {
        "first": _("To the first winner"),
        "own_returned_rest_first": _("Each winner's own stick back, the rest to the first"),
    },
    "multi_ron_honba": {"first": _("To the first winner"), "each": _("To every winner")},
    "multi_ron_renchan": {
        "any_dealer_win": _("If the dealer is among the winners"),
        "first_winner": _("Only if the dealer is the first winner"),
    },
    "kazoe": {
        "yakuman": _("13 han or more is a yakuman"),
        "sanbaiman": _("Capped at sanbaiman"),
        "none": _("As the limits say"),
    },
    "yaku.renhou": {
        "none": _("Not a yaku"),
        "mangan": _("Mangan"),
        "four_han": _("4 han, added to the rest"),
        "baiman": _("Baiman, unless the hand pays more without it"),
        "yakuman": _("Yakuman"),
    },
    "fu.tsumo_pinfu": _FU,
    "fu.open_pinfu": _FU,
    "pao.ron_honba": {
        "discarder": _("The discarder"),
        "pao": _("The responsible player"),
        "split": _("Both, split"),
    },
    "nagashi.counts_as": {"draw": _("A draw"), "win": _("A win")},
    "nagashi.value": {"mangan": _("Mangan")},
    "abortive": {
        "": _("Not played"),
        "renchan": _("Played, the dealer keeps the seat"),
        "pass": _("Played, the deal passes"),
    },
    "chombo.payment": {
        "each": _("A fixed amount to each player"),
        "mangan": _("Reverse mangan"),
        "none": _("No payment at the table"),
    },
    "chombo.deposits": {"returned": _("Go back to who paid them"), "kept": _("Stay on the table")},
    "sanma.tsumo": {"north_split": _("Split between the payers"), "tsumo_loss": _("Not paid")},
}

WINDS = {
    "E": pgettext_lazy("wind", "East"),
    "S": pgettext_lazy("wind", "South"),
    "W": pgettext_lazy("wind", "West"),
    "N": pgettext_lazy("wind", "North"),
}
LIMIT_NAMES = {
    1: _("mangan"),
    1.5: _("haneman"),
    2: _("baiman"),
    3: _("sanbaiman"),
    4: _("yakuman"),
}
PRESET_NAMES: dict[str, Words] = {
    "k_rule": _("K-rule"),
    "mjkt": _("mjkt competition rules"),
    "shiragiku": _("Shiragiku"),
    "chinese_classic": _("Classical Chinese"),
    "gensou": _("Gensou mahjong"),
    "gensou_tonpuu": _("Gensou mahjong, tonpuu"),
    "gensou_sanma": _("Gensou mahjong, sanma"),
    "tenhou": _("Tenhou (Houou table)"),
    "tenhou_sanma": _("Tenhou sanma (three-player Houou table)"),
    "mleague": _("M-League"),
    "ema": _("EMA riichi"),
    "wrc": _("World Riichi Championship"),
}


def _japanese() -> bool:
    return (get_language() or "").startswith("ja")


def option_label(option: Option) -> str:
    return option.label_ja if _japanese() else option.label_en


def option_help(option: Option) -> str:
    return option.help_ja if _japanese() else option.help_en


def group_label(group: str) -> str:
    japanese, english = GROUP_LABELS[group]
    return japanese if _japanese() else english


def preset_name(name: str) -> str:
    return str(PRESET_NAMES.get(name, name))


def leaf_label(leaf: Leaf) -> str:
    if len(leaf.path) == 1:
        return option_label(leaf.option)
    return str(SUB_LABELS.get(leaf.dotted, leaf.path[-1]))


def choice_words(leaf: Leaf, value: Any) -> str:
    table = CHOICES.get(leaf.path[0] if leaf.kind == ENTRY else leaf.dotted, {})
    return str(table.get(value, value))


def number_words(value: Any) -> str:
    """25000 -> 25,000; 1.5 -> 1.5."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.1f}".rstrip("0").rstrip(".")
    return str(value)


def signed(value: Any) -> str:
    text = number_words(value)
    return text if text.startswith("-") or value == 0 else f"+{text}"


def _winds(value: Sequence[str]) -> str:
    return "・".join(str(WINDS.get(wind, wind)) for wind in value)


def _limit_row(han: int, units: float) -> str:
    name = LIMIT_NAMES.get(units) or gettext("%(units)s x mangan") % {"units": number_words(units)}
    return gettext("%(han)s han: %(name)s") % {"han": han, "name": name}


def _mapping(value: Mapping[str, Any], key_words: str, item: Any) -> str:
    return ", ".join(
        f"{key_words % {'key': key}}: {item(entry)}" for key, entry in sorted(value.items())
    )


def _uma_words(uma: Sequence[float]) -> str:
    return " / ".join(signed(item) for item in uma)


def _list_words(leaf: Leaf, value: Sequence[Any]) -> str:
    if leaf.dotted in ("rounds", "extension.winds"):
        return _winds(value)
    if leaf.dotted == "uma":
        return _uma_words(value)
    if leaf.dotted == "fu.chiitoitsu" and len(value) == 2:
        return gettext("%(fu)s fu %(han)s han") % {"fu": value[0], "han": value[1]}
    return ", ".join(number_words(item) for item in value)


def _json_words(leaf: Leaf, value: Any) -> str:
    if leaf.dotted == "limits":
        return ", ".join(_limit_row(han, units) for han, units in value)
    if leaf.dotted == "renchan_by_wind":
        return ", ".join(
            f"{WINDS.get(wind, wind)}: {_DRAW_RENCHAN.get(how, how)}" for wind, how in value.items()
        )
    if leaf.dotted == "uma_by_floaters":
        return _mapping(value, gettext("%(key)s floating"), _uma_words)
    if leaf.dotted == "min_han.from_honba":
        return _mapping(value, gettext("from %(key)s honba"), lambda han: gettext("%s han") % han)
    return json.dumps(value, ensure_ascii=False)


def leaf_words(leaf: Leaf, value: Any) -> str:
    """One input's value in words."""
    if leaf.kind == BOOL:
        return pgettext("option", "Yes") if value else pgettext("option", "No")
    if leaf.kind in (CHOICE, ENTRY):
        return choice_words(leaf, "" if value is None and leaf.kind == ENTRY else value)
    if value is None or value == {}:
        return pgettext("option", "none")
    if leaf.kind == LIST:
        return _list_words(leaf, value)
    if leaf.kind == JSON:
        return _json_words(leaf, value)
    return number_words(value)


@dataclass(frozen=True)
class Line:
    """One option, or one key of an object option, with its value in words."""

    label: str
    words: str


def option_lines(fields: OptionFields, options: Mapping[str, Any]) -> list[Line]:
    """An option in words: one line, or one per key of an object option."""
    if fields.switch and options.get(fields.option.name) is None:
        return [Line(option_label(fields.option), pgettext("option", "Not used"))]
    if len(fields.leaves) == 1 and len(fields.leaves[0].path) == 1:
        leaf = fields.leaves[0]
        return [Line(option_label(fields.option), leaf_words(leaf, value_at(options, leaf.path)))]
    return [
        Line(leaf_label(leaf), leaf_words(leaf, value_at(options, leaf.path)))
        for leaf in fields.leaves
    ]


@dataclass(frozen=True)
class OptionWords:
    label: str
    lines: list[Line]


@dataclass(frozen=True)
class GroupWords:
    label: str
    options: list[OptionWords]


def in_words(options: Mapping[str, Any]) -> list[GroupWords]:
    """A full option set in words, grouped as the spec groups the options."""
    groups: dict[str, list[OptionWords]] = {}
    for fields in FIELDS:
        lines = option_lines(fields, options)
        groups.setdefault(fields.option.group, []).append(
            OptionWords(option_label(fields.option), lines)
        )
    return [GroupWords(group_label(group), items) for group, items in groups.items()]


@dataclass(frozen=True)
class Change:
    label: str
    before: str
    after: str


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Change]:
    """What differs between two option sets, in words (an object option key by key)."""
    found: list[Change] = []
    for fields in FIELDS:
        name = fields.option.name
        if before.get(name) == after.get(name):
            continue
        old, new = option_lines(fields, before), option_lines(fields, after)
        label = option_label(fields.option)
        if len(old) != len(new) or len(new) == 1:
            found.append(Change(label, _joined(old), _joined(new)))
            continue
        found.extend(
            Change(f"{label}: {a.label}", a.words, b.words)
            for a, b in zip(old, new, strict=True)
            if a.words != b.words
        )
    return found


def _joined(lines: list[Line]) -> str:
    if len(lines) == 1:
        return lines[0].words
    return "; ".join(f"{line.label}: {line.words}" for line in lines)


@dataclass(frozen=True)
class VersionChanges:
    version: Any  # a RulesetVersion
    changes: list[Change]


def history(versions: Sequence[Any]) -> list[VersionChanges]:
    """Versions, newest first, each with what it changed from the one before."""
    older = [*versions[1:], None]
    return [
        VersionChanges(version, changes(before.options, version.options) if before else [])
        for version, before in zip(versions, older, strict=True)
    ]

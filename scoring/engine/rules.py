"""The ruleset: a frozen, validated set of options (``spec/rulesets.md``).

A ruleset is given as ``{"preset": NAME, ...overrides}`` or as a full object with every
option. Overrides of object-valued options merge one level deep. Unknown presets and option
names are errors: a typo must never silently change a result.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from .checks import fail
from .errors import RecordError
from .options import LATER, OPTIONS, OPTIONS_BY_NAME
from .presets import PRESETS


@dataclass(frozen=True, slots=True)
class Extension:
    target: int
    winds: tuple[str, ...]
    sudden_death: str
    endless: bool


@dataclass(frozen=True, slots=True)
class Rounding:
    mode: str
    on: str
    top_takes_remainder: bool


@dataclass(frozen=True, slots=True)
class Tobi:
    enabled: bool
    at_zero: bool
    bonus: float
    bonus_by: str
    negative_settlement: bool

    def busted(self, score: int) -> bool:
        """Whether this score ends the game (below 0, or at 0 with ``at_zero``)."""
        return score <= 0 if self.at_zero else score < 0


@dataclass(frozen=True, slots=True)
class Chips:
    """祝儀: chips per kind, and the settled points of one chip (0: chips as their own column)."""

    value: float
    ippatsu: int
    ura: int
    aka: int
    yakuman: int
    tobi: int


@dataclass(frozen=True, slots=True)
class Chombo:
    payment: str
    amount: int
    score_penalty: float
    deposits: str


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every option of a ruleset, validated. ``options`` keeps the JSON form."""

    options: dict[str, Any]
    players: int
    scoring: str
    rounds: tuple[str, ...]
    extension: Extension | None
    start_points: int
    return_points: int
    uma: tuple[float, ...]
    uma_by_floaters: dict[int, tuple[float, ...]] | None
    rounding: Rounding
    ties: str
    leftover_deposits: str
    points_unit: int
    tobi: Tobi
    agari_yame: str
    tenpai_yame: str
    renchan_on_draw: str
    renchan_by_wind: dict[str, str]
    honba_ron: int
    honba_tsumo_each: int
    riichi_deposit: int | None  # None: no riichi in this ruleset
    riichi_min_score: int
    noten_payment: int
    multiple_ron: str
    max_ron_winners: int
    multi_ron_deposits: str
    multi_ron_honba: str
    multi_ron_renchan: str
    limits: tuple[tuple[int, float], ...]
    kiriage: bool
    kazoe: str
    limits_beyond: tuple[int, float] | None
    yakuman_max: float
    aotenjou: tuple[int, int] | None  # (cap_base, yakuman_han)
    tsumo_pinfu_fu: int
    open_pinfu_fu: int
    chiitoitsu: tuple[int, int]
    min_han_default: int
    min_han_from_honba: tuple[tuple[int, int], ...]  # (honba, han), highest honba first
    additive_ron_multiplier: int
    additive_min_fan: int
    additive_fan_value: int
    pao_ron_share: float | None  # None: no pao in this ruleset
    pao_ron_honba: str
    nagashi: str | None  # "draw", "win" or None (not played)
    abortive: dict[str, str]
    chombo: Chombo
    wareme: bool
    sanma_tsumo: str
    chips: Chips | None  # None: no chips (祝儀なし)
    # What a hand value pays, worked out once per ruleset (a game repeats the same values).
    memo: dict[tuple[object, ...], object] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def min_han(self, honba: int) -> int:
        for from_honba, han in self.min_han_from_honba:
            if honba >= from_honba:
                return max(han, self.min_han_default)
        return self.min_han_default

    def draw_renchan(self, wind: str) -> str:
        return self.renchan_by_wind.get(wind, self.renchan_on_draw)

    def describe_min_han(self, honba: int) -> str:
        for from_honba, han in self.min_han_from_honba:
            if honba >= from_honba:
                return f"the {han}-han minimum from {from_honba} honba"
        return f"the {self.min_han_default}-han minimum"


def _from_options(options: dict[str, Any]) -> Ruleset:
    o = options
    ext = o["extension"]
    riichi = o["riichi"]
    pao = o["pao"]
    beyond = o["limits_beyond"]
    aotenjou = o["aotenjou"]
    floaters = o["uma_by_floaters"]
    return Ruleset(
        options=o,
        players=o["players"],
        scoring=o["scoring"],
        rounds=tuple(o["rounds"]),
        extension=None
        if ext is None
        else Extension(ext["target"], tuple(ext["winds"]), ext["sudden_death"], ext["endless"]),
        start_points=o["start_points"],
        return_points=o["return_points"],
        uma=tuple(o["uma"]),
        uma_by_floaters=None
        if floaters is None
        else {int(k): tuple(v) for k, v in floaters.items()},
        rounding=Rounding(**o["rounding"]),
        ties=o["ties"],
        leftover_deposits=o["leftover_deposits"],
        points_unit=o["points_unit"],
        tobi=Tobi(**o["tobi"]),
        agari_yame=o["agari_yame"],
        tenpai_yame=o["tenpai_yame"],
        renchan_on_draw=o["renchan_on_draw"],
        renchan_by_wind=dict(o["renchan_by_wind"] or {}),
        honba_ron=o["honba"]["ron"],
        honba_tsumo_each=o["honba"]["tsumo_each"],
        riichi_deposit=None if riichi is None else riichi["deposit"],
        riichi_min_score=0 if riichi is None else riichi["min_score"],
        noten_payment=o["noten_payment"],
        multiple_ron=o["multiple_ron"],
        max_ron_winners={"all": o["players"] - 1, "double": 2, "head_bump": 1}[o["multiple_ron"]],
        multi_ron_deposits=o["multi_ron_deposits"],
        multi_ron_honba=o["multi_ron_honba"],
        multi_ron_renchan=o["multi_ron_renchan"],
        limits=tuple((int(h), float(u)) for h, u in o["limits"]),
        kiriage=o["kiriage"],
        kazoe=o["kazoe"],
        limits_beyond=None if beyond is None else (beyond["every_han"], beyond["mangan_units"]),
        yakuman_max=o["yakuman_max"],
        aotenjou=None if aotenjou is None else (aotenjou["cap_base"], aotenjou["yakuman_han"]),
        tsumo_pinfu_fu=o["fu"]["tsumo_pinfu"],
        open_pinfu_fu=o["fu"]["open_pinfu"],
        chiitoitsu=(o["fu"]["chiitoitsu"][0], o["fu"]["chiitoitsu"][1]),
        min_han_default=o["min_han"]["default"],
        min_han_from_honba=tuple(
            sorted(((int(k), v) for k, v in o["min_han"]["from_honba"].items()), reverse=True)
        ),
        additive_ron_multiplier=o["additive"]["ron_multiplier"],
        additive_min_fan=o["additive"]["min_fan"],
        additive_fan_value=o["additive"]["fan_value"],
        pao_ron_share=None if pao is None else pao["ron_share"],
        pao_ron_honba="discarder" if pao is None else pao["ron_honba"],
        nagashi=None if o["nagashi"] is None else o["nagashi"]["counts_as"],
        abortive=dict(o["abortive"]),
        chombo=Chombo(**o["chombo"]),
        wareme=o["wareme"],
        sanma_tsumo=o["sanma"]["tsumo"],
        chips=None if o["chips"] is None else Chips(**o["chips"]),
    )


def _check_together(o: dict[str, Any]) -> None:
    """Checks that involve more than one option."""
    players = o["players"]
    if len(o["uma"]) != players:
        raise fail(
            "ruleset.uma",
            f"must have {players} values, one per rank",
            "uma_length",
            players=players,
        )
    for count, uma in (o["uma_by_floaters"] or {}).items():
        if len(uma) != players:
            path = f"ruleset.uma_by_floaters.{count}"
            raise fail(path, f"must have {players} values", "uma_length", players=players)
    if o["scoring"] == "additive_fan" and o["aotenjou"] is not None:
        raise fail("ruleset.aotenjou", "does not apply to additive_fan scoring", "aotenjou_fan")
    if o["riichi"] is not None and o["riichi"]["min_score"] < 0:
        raise fail("ruleset.riichi.min_score", "must not be negative", "too_small", low=0)


def with_later_options(options: dict[str, Any], preset: str | None = None) -> dict[str, Any]:
    """A full ruleset written before the options added later (``LATER``: the hand calculator's
    ``yaku``, and ``chips``, which Tenbou's stored rulesets did not have) with those filled in:
    the preset's value where it is known, else the default. Such a ruleset stays readable, and
    its editor starts from a full set."""
    source = PRESETS[preset].options if preset in PRESETS else {}
    missing = {
        name: copy.deepcopy(source.get(name, OPTIONS_BY_NAME[name].default))
        for name in LATER
        if name not in options
    }
    return {**missing, **options} if missing else options


def validate_options(options: dict[str, Any]) -> dict[str, Any]:
    """Every option checked and normalised; raises ``RecordError`` naming the option."""
    unknown = [name for name in options if name not in OPTIONS_BY_NAME]
    if unknown:
        raise _unknown_option(unknown[0])
    options = with_later_options(options)
    missing = [opt.name for opt in OPTIONS if opt.name not in options]
    if missing:
        raise RecordError(
            f"ruleset: missing option '{missing[0]}'",
            field=f"ruleset.{missing[0]}",
            code="missing_option",
            params={"name": missing[0]},
        )
    checked = {opt.name: opt.check(options[opt.name], f"ruleset.{opt.name}") for opt in OPTIONS}
    _check_together(checked)
    return checked


def _unknown_option(name: str) -> RecordError:
    return RecordError(
        f"ruleset: unknown option '{name}'",
        field=f"ruleset.{name}",
        code="unknown_option",
        params={"name": name},
    )


def merge_overrides(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """Apply overrides to a full option set; objects merge one level deep (``game-record.md``).

    ``{"abortive": {"kyuushu": "pass"}}`` changes kyuushu and keeps the preset's other abortive
    draws. In a table keyed by data (``abortive``, ``renchan_by_wind``, ``uma_by_floaters``) a
    null entry takes that key out: ``{"abortive": {"suufon": null}}`` is "no suufon".
    """
    merged = copy.deepcopy(base)
    for name, value in overrides.items():
        if name not in OPTIONS_BY_NAME:
            raise _unknown_option(name)
        current = merged.get(name)
        if isinstance(value, dict) and isinstance(current, dict):
            combined = {**current, **copy.deepcopy(value)}
            if name in _KEYED_BY_DATA:
                combined = {key: entry for key, entry in combined.items() if entry is not None}
            merged[name] = combined
        else:
            merged[name] = copy.deepcopy(value)
    return merged


# Options whose object is a table keyed by data, not fields: a null entry removes its key.
_KEYED_BY_DATA: Final = frozenset({"abortive", "renchan_by_wind", "uma_by_floaters"})


def preset_options(name: str) -> dict[str, Any]:
    """The full options of a preset (a fresh copy)."""
    if name not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        raise RecordError(
            f"ruleset: unknown preset '{name}' (known: {known})",
            field="ruleset.preset",
            code="unknown_preset",
            params={"name": name, "known": sorted(PRESETS)},
        )
    return copy.deepcopy(PRESETS[name].options)


def resolve_options(spec: Any) -> dict[str, Any]:
    """``{"preset": NAME, ...overrides}`` or a full option object -> validated options."""
    if not isinstance(spec, dict):
        raise RecordError(
            'ruleset must be an object such as {"preset": "tenhou"}',
            field="ruleset",
            code="ruleset_shape",
        )
    if "preset" in spec:
        name = spec["preset"]
        if not isinstance(name, str):
            raise RecordError(
                "ruleset.preset must be a preset name", field="ruleset.preset", code="preset_name"
            )
        overrides = {k: v for k, v in spec.items() if k != "preset"}
        return validate_options(merge_overrides(preset_options(name), overrides))
    return validate_options(spec)


@lru_cache(maxsize=256)
def _ruleset_from_json(text: str) -> Ruleset:
    return _from_options(resolve_options(json.loads(text)))


_SPEC_KEY: Final = json.JSONEncoder(sort_keys=True)


def _spec_key(spec: Any) -> str:
    """``json.dumps(spec, sort_keys=True)``: a preset alone, as most records give, is written
    directly (the same text), and the encoder is built once, not for every record."""
    if type(spec) is dict and len(spec) == 1:
        name = spec.get("preset")
        if type(name) is str:
            if name.isascii() and name.isidentifier():  # "tenhou": JSON writes it as it is
                return '{"preset": "' + name + '"}'
            return '{"preset": ' + json.dumps(name) + "}"
    return _SPEC_KEY.encode(spec)


# A preset's ruleset by its name, for the records that name a preset alone (most of them):
# one look-up, without writing the spec's key. Filled as presets are first asked for (there
# are a dozen, each built once).
_BY_PRESET: Final[dict[str, Ruleset]] = {}


def ruleset_from_spec(spec: Any) -> Ruleset:
    """The ruleset a record asks for (cached: clubs replay the same rules over and over)."""
    if type(spec) is dict and len(spec) == 1:
        name = spec.get("preset")
        if type(name) is str:
            known = _BY_PRESET.get(name)
            if known is None:  # an unknown preset raises here, and is never kept
                known = _BY_PRESET[name] = _ruleset_from_json(_spec_key(spec))
            return known
    try:
        key = _spec_key(spec)
    except (TypeError, ValueError) as exc:
        raise RecordError(
            "ruleset is not plain JSON", field="ruleset", code="ruleset_not_json"
        ) from exc
    return _ruleset_from_json(key)

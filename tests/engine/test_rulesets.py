"""Rulesets (``spec/rulesets.md``): every preset with its essentials, overrides, and errors.

The essentials are read off the spec's preset table and the seeds, option by option; an
object-valued option is compared on the keys given (the rest is the common default).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import RecordError, resolve_options, ruleset_from_spec
from scoring.engine.rules import _spec_key

from .records import game, ids, message, quiet_wind, ron, run, tsumo, win

ABORTIVE_KINDS = ("kyuushu", "suufon", "suucha_riichi", "sanchahou", "suukaikan")
ALL_FIVE_RENCHAN = dict.fromkeys(ABORTIVE_KINDS, "renchan")
UMA_10_20 = [20, 10, -10, -20]
NO_TOBI = {"enabled": False}
STANDARD_LIMITS = [[5, 1], [6, 1.5], [8, 2], [11, 3], [13, 4]]

ESSENTIALS: dict[str, dict[str, Any]] = {
    # seed 000
    "k_rule": {
        "players": 4,
        "rounds": ["E", "S"],
        "extension": None,
        "start_points": 25000,
        "return_points": 30000,
        "uma": UMA_10_20,
        "fu": {"tsumo_pinfu": 20},
        "renchan_on_draw": "dealer_tenpai",
        "noten_payment": 3000,
        "honba": {"ron": 300, "tsumo_each": 100},
        "multiple_ron": "all",
        "multi_ron_deposits": "first",
        "multi_ron_honba": "first",
        "multi_ron_renchan": "first_winner",
        "agari_yame": "optional",
        "tenpai_yame": "none",
        "tobi": {
            "enabled": True,
            "at_zero": False,
            "bonus": 5,
            "bonus_by": "win",
            "negative_settlement": True,
        },
        "abortive": {},
        "ties": "seat_order",
        "rounding": {"mode": "gosha_rokunyu", "on": "diff"},
        "limits": [[5, 1], [6, 1.5], [8, 2], [10, 2.5], [11, 3], [13, 4]],
        "kiriage": False,
        "kazoe": "yakuman",
        "yakuman_max": 6,
        "pao": {"ron_share": 0.5},
        "chombo": {"payment": "each", "amount": 3000},
        "riichi": {"deposit": 1000, "min_score": 1000},
        "nagashi": {"counts_as": "win"},
        "min_han": {"default": 1, "from_honba": {}},
        # 喰い断アリ; 赤ドラ アリ/ナシ選択 (none); 役満はシングル; 人和 4飜の加算; local yaku
        "yaku": {
            "open_tanyao": True,
            "red_fives": [0, 0, 0],
            "double_yakuman": False,
            "renhou": "four_han",
            "local": ["sanshoku_shoudoukou", "isshoku_sanjun", "isshoku_yonjun"],
        },
    },
    # seed 001
    "mjkt": {
        "start_points": 25000,
        "return_points": 30000,
        "uma": UMA_10_20,
        "rounding": {"mode": "gosha_rokunyu", "on": "raw"},
        "leftover_deposits": "top",
        "renchan_on_draw": "dealer_tenpai",
        "tobi": {"enabled": True, "at_zero": False, "bonus": 0, "negative_settlement": True},
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "ties": "seat_order",
        "abortive": ALL_FIVE_RENCHAN,
        "nagashi": {"counts_as": "win"},
        "multiple_ron": "double",
        "multi_ron_deposits": "first",
        "multi_ron_honba": "first",
        "multi_ron_renchan": "any_dealer_win",
        "pao": {"ron_share": 0.5, "ron_honba": "discarder"},
        "kiriage": True,
        "chombo": {"payment": "each", "amount": 3000, "deposits": "returned"},
        "riichi": {"min_score": 1000},
        "min_han": {"default": 1, "from_honba": {}},
    },
    # seed 002
    "shiragiku": {
        "rounds": ["E", "S"],
        "extension": {
            "target": 31000,
            "winds": ["W", "N"],
            "sudden_death": "none",
            "endless": True,
        },
        "start_points": 25000,
        "return_points": 30000,
        "uma": UMA_10_20,
        "tobi": {"enabled": True, "at_zero": False},
        "agari_yame": "optional_if_top",
        "min_han": {"default": 1, "from_honba": {}},
        "multiple_ron": "head_bump",
        "honba": {"ron": 300, "tsumo_each": 100},
        "wareme": False,
        "noten_payment": 3000,
        "renchan_on_draw": "always",
        "abortive": ALL_FIVE_RENCHAN,
        "fu": {"tsumo_pinfu": 20, "open_pinfu": 30, "chiitoitsu": [25, 2]},
        "kiriage": False,
        "limits": [[5, 1], [8, 1.5], [10, 2], [13, 3], [15, 4]],
        "yakuman_max": 1,
        "pao": None,
        "nagashi": {"counts_as": "win"},
    },
    # seed 003
    "chinese_classic": {
        "scoring": "additive_fan",
        "rounds": ["E", "S", "W", "N"],
        "start_points": 0,
        "return_points": 0,
        "points_unit": 1,
        "uma": [0, 0, 0, 0],
        "tobi": NO_TOBI,
        "agari_yame": "none",
        "nagashi": None,
        "abortive": {},
        "pao": None,
        "chombo": {"payment": "none"},
        "additive": {"ron_multiplier": 2, "min_fan": 13, "fan_value": 1},
        "renchan_on_draw": "never",
        "multiple_ron": "all",
        "riichi": None,
        "honba": {"ron": 0, "tsumo_each": 0},
        "noten_payment": 0,
    },
    # seed 004
    "gensou": {
        "rounds": ["E", "S"],
        "extension": None,
        "uma": [10, 5, -5, -10],
        "ties": "seat_order",
        "renchan_by_wind": {"E": "never"},
        "renchan_on_draw": "dealer_tenpai",
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "multiple_ron": "all",
        "multi_ron_deposits": "first",
        "multi_ron_honba": "first",
        "multi_ron_renchan": "any_dealer_win",
        "noten_payment": 3000,
        "honba": {"ron": 300, "tsumo_each": 100},
        "tobi": {"enabled": True, "at_zero": False},
        "riichi": {"min_score": 1000},
        "min_han": {"default": 1, "from_honba": {"5": 2}},
        "fu": {"open_pinfu": 20},
        "kiriage": False,
        "abortive": {"kyuushu": "renchan", "suufon": "pass", "suukaikan": "pass"},
        "pao": None,
    },
    "gensou_tonpuu": {
        "rounds": ["E"],
        "extension": None,
        "uma": [10, 5, -5, -10],
        "renchan_by_wind": {"E": "never"},
        "min_han": {"from_honba": {"5": 2}},
    },
    "gensou_sanma": {
        "players": 3,
        "rounds": ["E", "S"],
        "uma": [10, 0, -10],
        "start_points": 35000,
        "return_points": 40000,
        "honba": {"ron": 1000, "tsumo_each": 500},
        "sanma": {"tsumo": "north_split"},
        "renchan_by_wind": {"E": "never"},
        "min_han": {"from_honba": {"5": 2}},
        "abortive": {"kyuushu": "renchan", "suufon": "pass", "suukaikan": "pass"},
    },
    "tenhou": {
        "start_points": 25000,
        "return_points": 30000,
        "uma": UMA_10_20,
        "rounding": {"mode": "half_up", "on": "raw", "top_takes_remainder": True},
        "ties": "seat_order",
        "leftover_deposits": "top",
        "extension": {
            "target": 30000,
            "winds": ["W"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        },
        "tobi": {"enabled": True, "at_zero": False},
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "multiple_ron": "double",
        "multi_ron_deposits": "first",
        "multi_ron_honba": "first",
        "multi_ron_renchan": "any_dealer_win",
        "nagashi": {"counts_as": "draw"},
        "abortive": ALL_FIVE_RENCHAN,
        "kiriage": False,
        "kazoe": "yakuman",
        "yakuman_max": 6,
        "limits": STANDARD_LIMITS,
    },
    "tenhou_sanma": {
        "players": 3,
        "start_points": 35000,
        "return_points": 40000,
        "uma": [20, 0, -20],
        "rounding": {"mode": "half_up", "on": "raw", "top_takes_remainder": True},
        "extension": {
            "target": 40000,
            "winds": ["W"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        },
        "tobi": {"enabled": True, "at_zero": False},
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "honba": {"ron": 200, "tsumo_each": 100},
        "noten_payment": 2000,
        "sanma": {"tsumo": "tsumo_loss"},
        "abortive": {"kyuushu": "renchan", "suukaikan": "renchan"},
        "nagashi": {"counts_as": "draw"},
        "pao": {"ron_share": 0.5, "ron_honba": "pao"},
        "kazoe": "yakuman",
        "limits": STANDARD_LIMITS,
    },
    "mleague": {
        "start_points": 25000,
        "return_points": 30000,
        "uma": [30, 10, -10, -30],
        "rounding": {"mode": "none"},
        "ties": "split",
        "tobi": {"enabled": False, "negative_settlement": True},
        "agari_yame": "none",
        "tenpai_yame": "none",
        "multiple_ron": "head_bump",
        "abortive": {
            "kyuushu": "renchan",
            "suufon": "renchan",
            "suucha_riichi": "renchan",
            "suukaikan": "renchan",
        },
        "kiriage": False,
    },
    "ema": {
        "start_points": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "ties": "split",
        "tobi": NO_TOBI,
        "agari_yame": "none",
        "multiple_ron": "all",
        "multi_ron_deposits": "own_returned_rest_first",
        "multi_ron_honba": "each",
        "kazoe": "sanbaiman",
        "yakuman_max": 1,
        "abortive": {},
        "nagashi": None,
        "kiriage": False,
        "chombo": {"payment": "none"},
    },
    "wrc": {
        "start_points": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "ties": "split",
        "tobi": NO_TOBI,
        "agari_yame": "none",
        "abortive": {},
        "nagashi": None,
        "multiple_ron": "head_bump",
        "kiriage": True,
        "chombo": {"payment": "none"},
    },
}
DATA_MAPPINGS = frozenset({"abortive", "renchan_by_wind", "uma_by_floaters"})


def essentials_of(options: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    """The options as ``wanted`` names them (objects cut down to the keys it gives)."""
    got: dict[str, Any] = {}
    for name, value in wanted.items():
        option = options[name]
        partial = isinstance(value, dict) and isinstance(option, dict)
        if partial and name not in DATA_MAPPINGS:
            got[name] = {key: option.get(key) for key in value}
        else:
            got[name] = option
    return got


@pytest.mark.parametrize("preset", sorted(ESSENTIALS))
def test_each_preset_has_the_essentials_of_its_source(preset: str) -> None:
    options = resolve_options({"preset": preset})
    assert essentials_of(options, ESSENTIALS[preset]) == ESSENTIALS[preset]


@pytest.mark.parametrize("preset", sorted(ESSENTIALS))
def test_each_preset_resolves_and_plays_a_wind(preset: str) -> None:
    rules = ruleset_from_spec({"preset": preset})
    value = {"fan": 13} if rules.scoring == "additive_fan" else {}
    hands = quiet_wind(rules.players, **value)
    assert len(run(game(preset, hands))["hands"]) == rules.players


@pytest.mark.parametrize("preset", sorted(ESSENTIALS))
def test_a_full_ruleset_object_is_the_same_ruleset(preset: str) -> None:
    options = resolve_options({"preset": preset})
    assert resolve_options(options) == options
    assert ruleset_from_spec(options) == ruleset_from_spec({"preset": preset})


def test_the_essentials_cover_every_option_of_k_rule() -> None:
    """Seed 000 is the most complete seed: every option is pinned above or a common default."""
    options = resolve_options({"preset": "k_rule"})
    defaults = {
        "scoring": "riichi",
        "uma_by_floaters": None,
        "leftover_deposits": "top",
        "points_unit": 1000,
        "renchan_by_wind": None,
        "limits_beyond": None,
        "aotenjou": None,
        "additive": {"ron_multiplier": 2, "min_fan": 13, "fan_value": 1},
        "wareme": False,
        "sanma": {"tsumo": "north_split"},
        "chips": None,  # the seed's own table: 一発・裏ドラ・赤ドラの祝儀 ナシ, 役満祝儀 ナシ
    }
    assert set(options) == set(ESSENTIALS["k_rule"]) | set(defaults)
    assert essentials_of(options, defaults) == defaults


# -- overrides -----------------------------------------------------------------------------

MERGES = [
    (
        "k_rule",
        {"rounding": {"mode": "none"}},
        "rounding",
        {"mode": "none", "on": "diff", "top_takes_remainder": False},
    ),
    (
        "mjkt",
        {"rounding": {"mode": "half_up"}},
        "rounding",
        {"mode": "half_up", "on": "raw", "top_takes_remainder": False},
    ),
    (
        "k_rule",
        {"tobi": {"bonus": 10}},
        "tobi",
        {
            "enabled": True,
            "at_zero": False,
            "bonus": 10,
            "bonus_by": "win",
            "negative_settlement": True,
        },
    ),
    (
        "tenhou",
        {"extension": {"target": 35000}},
        "extension",
        {"target": 35000, "winds": ["W"], "sudden_death": "unless_dealer_keeps", "endless": False},
    ),
    ("tenhou", {"uma": [30, 10, -10, -30]}, "uma", [30, 10, -10, -30]),
    ("tenhou", {"pao": None}, "pao", None),
]


@pytest.mark.parametrize(("preset", "override", "name", "expected"), MERGES)
def test_an_override_of_an_object_merges_one_level_deep(
    preset: str, override: dict[str, Any], name: str, expected: Any
) -> None:
    assert resolve_options({"preset": preset, **override})[name] == expected


def test_an_override_of_one_abortive_draw_keeps_the_presets_others() -> None:
    """mjkt (seed 001) plays all five abortive draws with renchan: a house rule that passes the
    deal after 九種九牌 changes that one, as ``game-record.md`` merges objects one level deep."""
    options = resolve_options({"preset": "mjkt", "abortive": {"kyuushu": "pass"}})
    assert options["abortive"] == {
        "kyuushu": "pass",
        "suufon": "renchan",
        "suucha_riichi": "renchan",
        "sanchahou": "renchan",
        "suukaikan": "renchan",
    }


def test_a_null_entry_takes_an_abortive_draw_out() -> None:
    options = resolve_options({"preset": "mjkt", "abortive": {"suukaikan": None}})
    assert sorted(options["abortive"]) == ["kyuushu", "sanchahou", "suucha_riichi", "suufon"]


def test_an_override_of_one_wind_keeps_the_other_winds_renchan() -> None:
    """幻想麻雀 (seed 004): East renchan only by a dealer win, South also by dealer tenpai."""
    options = resolve_options({"preset": "gensou", "renchan_by_wind": {"S": "always"}})
    assert options["renchan_by_wind"] == {"E": "never", "S": "always"}


def test_the_other_abortive_draws_still_play_after_a_partial_override() -> None:
    """Under mjkt with kyuushu passing the deal, 四風連打 still exists and keeps the dealer."""
    suufon, kyuushu = (
        {"result": {"type": "abortive", "kind": kind}} for kind in ("suufon", "kyuushu")
    )
    record = game("mjkt", [suufon, kyuushu, kyuushu], abortive={"kyuushu": "pass"})
    dealers = [row["dealer"] for row in run(record)["hands"]]
    assert dealers == [0, 0, 1]  # suufon: renchan; kyuushu: the deal passes


def test_gensou_east_stays_never_when_only_south_is_overridden() -> None:
    """East's dealer passes the deal even when tenpai (the preset's); South's now keeps it."""
    east_draws = [{"result": {"type": "draw", "tenpai": [seat]}} for seat in range(4)]
    noten = {"result": {"type": "draw", "tenpai": []}}
    record = game("gensou", [*east_draws, noten], renchan_by_wind={"S": "always"})
    assert [row["round"] for row in run(record)["hands"]] == ["E1", "E2", "E3", "E4", "S1"]
    after = run(game("gensou", [*east_draws, noten, noten], renchan_by_wind={"S": "always"}))
    assert after["hands"][-1]["round"] == "S1"  # all noten, and still the same dealer
    preset = run(game("gensou", [*east_draws, noten, noten]))
    assert preset["hands"][-1]["round"] == "S2"  # the preset's South: renchan on tenpai only


def test_overrides_change_the_game() -> None:
    """The K-rule default (3000 each) against the common reverse mangan."""
    chombo_hand = {"result": {"type": "chombo", "seat": 2}}
    overridden = game("k_rule", [chombo_hand], chombo={"payment": "mangan"})
    assert run(overridden)["hands"][0]["deltas"] == [4000, 2000, -8000, 2000]


# -- errors --------------------------------------------------------------------------------

RULESET_ERRORS = [
    ("an unknown preset", {"preset": "k-rule"}, "ruleset.preset", "k-rule"),
    ("a preset that is not a name", {"preset": 3}, "ruleset.preset", "preset"),
    ("an unknown option", {"preset": "tenhou", "umaa": [20, 10, -10, -20]}, "ruleset.umaa", "umaa"),
    (
        "an unknown key of an object option",
        {"preset": "tenhou", "rounding": {"mod": "none"}},
        "ruleset.rounding.mod",
        "mod",
    ),
    (
        "uma of the wrong length",
        {"preset": "tenhou", "uma": [20, 10, -30]},
        "ruleset.uma",
        "ruleset.uma",
    ),
    (
        "a rounding mode nobody has",
        {"preset": "tenhou", "rounding": {"mode": "round"}},
        "ruleset.rounding.mode",
        "round",
    ),
    (
        "a negative tobi bonus",
        {"preset": "k_rule", "tobi": {"bonus": -5}},
        "ruleset.tobi.bonus",
        "ruleset.tobi.bonus",
    ),
    ("five players", {"preset": "tenhou", "players": 5}, "ruleset.players", "ruleset.players"),
    (
        "a yakuman multiple that is not a number (NaN)",
        {"preset": "tenhou", "yakuman_max": float("nan")},
        "ruleset.yakuman_max",
        "must be a number",
    ),
    (
        "an infinite uma",
        {"preset": "tenhou", "uma": [float("inf"), 10, -10, -20]},
        "ruleset.uma[0]",
        "must be a number",
    ),
    (
        "triple as a multiple_ron value",
        {"preset": "tenhou", "multiple_ron": "triple"},
        "ruleset.multiple_ron",
        "triple",
    ),
    (
        "limits that do not rise",
        {"preset": "tenhou", "limits": [[5, 1], [4, 2]]},
        "ruleset.limits",
        "ruleset.limits",
    ),
    (
        "a negative riichi minimum",
        {"preset": "tenhou", "riichi": {"min_score": -1}},
        "ruleset.riichi.min_score",
        "ruleset.riichi.min_score",
    ),
    (
        "an abortive kind nobody has",
        {"preset": "tenhou", "abortive": {"kyushu": "renchan"}},
        "ruleset.abortive key",
        "kyushu",
    ),
    (
        "a chombo payment nobody has",
        {"preset": "tenhou", "chombo": {"payment": "double"}},
        "ruleset.chombo.payment",
        "double",
    ),
    (
        "a half extension",
        {"preset": "k_rule", "extension": {"target": 30000}},
        "ruleset.extension.winds",
        "winds",
    ),
    (
        "a wind nobody has",
        {"preset": "tenhou", "rounds": ["E", "X"]},
        "ruleset.rounds[1]",
        "ruleset.rounds[1]",
    ),
    (
        "aotenjou with additive fan",
        {"preset": "chinese_classic", "aotenjou": {"cap_base": 10**9, "yakuman_han": 13}},
        "ruleset.aotenjou",
        "ruleset.aotenjou",
    ),
    ("not an object", ["tenhou"], "ruleset", "ruleset"),
]


@pytest.mark.parametrize(
    ("name", "spec", "field", "words"), RULESET_ERRORS, ids=ids(RULESET_ERRORS)
)
def test_a_bad_ruleset_is_a_record_error_naming_the_option(
    name: str, spec: Any, field: str, words: str
) -> None:
    with pytest.raises(RecordError) as raised:
        ruleset_from_spec(spec)
    assert raised.value.field == field
    assert words in raised.value.full_message
    record = {**game("tenhou", []), "ruleset": spec}
    assert words in message(record)


def test_a_full_ruleset_object_needs_every_option() -> None:
    options = resolve_options({"preset": "tenhou"})
    del options["wareme"]
    with pytest.raises(RecordError) as raised:
        resolve_options(options)
    assert raised.value.field == "ruleset.wareme"


def test_sanma_rulesets_need_three_players() -> None:
    four = {**game("gensou_sanma", []), "players": ["A", "B", "C", "D"]}
    assert "3 players" in message(four)


def test_tenhou_sanma_plays_west_until_someone_has_the_40000_return_points() -> None:
    """After South 3 with everyone on 35000 the game goes West (西入); a 1000 ron there leaves
    the top below 40000 and play goes on; the next dealer's mangan tsumo (4000 from each of the
    two others: ツモ損) reaches it and ends the game."""
    level = quiet_wind(3) * 2
    assert run(game("tenhou_sanma", level))["final"] is None
    west = run(game("tenhou_sanma", [*level, ron(2, win(1, 1, 30))]))
    assert (west["hands"][-1]["round"], west["final"]) == ("W1", None)
    ended = run(game("tenhou_sanma", [*level, ron(2, win(1, 1, 30)), tsumo(1, 5)]))
    assert [hand["round"] for hand in ended["hands"][-2:]] == ["W1", "W2"]
    assert ended["final"]["scores"] == [31000, 44000, 30000]
    assert ended["final"]["ended_by"] == "extension"
    assert ended["final"]["points"] == [-9.0, 39.0, -30.0]


@given(st.text(max_size=12) | st.sampled_from(["tenhou", "k_rule", "mリーグ", 'a"b', "a\\b"]))
def test_a_preset_alone_is_keyed_as_json_writes_it(name: str) -> None:
    """The ruleset cache's key of ``{"preset": name}`` is spelled out directly for the usual
    names: whatever the name, it is the text ``json.dumps`` gives (one ruleset, one key)."""
    spec = {"preset": name}
    assert _spec_key(spec) == json.dumps(spec, sort_keys=True)

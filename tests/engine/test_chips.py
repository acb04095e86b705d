"""祝儀 (chips): exact flows for ron, tsumo, double ron, yakuman, pao and tobi, and the promise
that chips never change a score, a rank, tobi or the end of the game.

K-rule (seed 000) names 一発・裏ドラ・赤ドラの祝儀 and 役満祝儀 (ナシ in its own table); here they
are switched on: a chip for ippatsu, each ura-dora and red five, five a yakuman multiple, one a
tobi, 2 settled points a chip.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import read_record, replay_record
from scoring.engine.record import write_record
from tests.engine.records import Json, final, game, ron, tsumo, win

CHIPS = {"value": 2, "ippatsu": 1, "ura": 1, "aka": 1, "yakuman": 5, "tobi": 1}
TIME = {"reason": "time"}


def chips_game(hands: list[Json], preset: str = "k_rule", **overrides: Any) -> Json:
    """The hands under ``preset`` with chips, ended by the referee after them (no tobi: a
    yakuman would end the game first)."""
    overrides.setdefault("forced_end", TIME)
    overrides.setdefault("tobi", {"enabled": False})
    return game(preset, hands, chips=CHIPS, **overrides)


def without_chips(record: Json) -> Json:
    """The same record under the ruleset without chips (the win's chip fields stay)."""
    ruleset = {k: v for k, v in record["ruleset"].items() if k != "chips"}
    return {**record, "ruleset": ruleset}


FLOWS = [
    (
        "ron: the discarder pays ippatsu, two ura and a red five",
        [ron(3, win(1, 3, 30, ippatsu=True, ura=2, aka=1))],
        [0, 4, 0, -4],
    ),
    (
        "tsumo: each other player pays the winner's three chips",
        [tsumo(2, 2, 30, ura=1, aka=2)],
        [-3, -3, 9, -3],
    ),
    (
        "double ron: the discarder pays each winner's own chips",
        [ron(3, win(0, 2, 30, aka=1), win(1, 3, 30, ura=1, ippatsu=True))],
        [1, 2, 0, -3],
    ),
    (
        "yakuman ron: five chips a multiple, red five on top",
        [ron(0, win(2, yakuman=1, aka=1))],
        [-6, 0, 6, 0],
    ),
    (
        "double yakuman tsumo: ten chips from each",
        [tsumo(1, yakuman=2)],
        [-10, 30, -10, -10],
    ),
    (
        "yakuman tsumo with pao: the pao seat pays everyone's chips alone",
        [tsumo(1, yakuman=1, pao=2)],
        [0, 15, -15, 0],
    ),
    (
        "a kazoe hand recorded as 13 han is no yakuman: only its ura",
        [ron(3, win(0, 13, ura=1))],
        [1, 0, 0, -1],
    ),
    (
        "a win with no chip fields moves none",
        [ron(3, win(1, 3, 30))],
        [0, 0, 0, 0],
    ),
]


@pytest.mark.parametrize(("name", "hands", "chips"), FLOWS, ids=[row[0] for row in FLOWS])
def test_chips_flow_from_the_payer_to_the_winner(
    name: str, hands: list[Json], chips: list[int]
) -> None:
    record = chips_game(hands)
    settled = final(record)
    assert settled["chips"] == chips
    assert settled["chip_points"] == [2.0 * c for c in chips]
    plain = final(without_chips(record))
    assert "chips" not in plain
    assert "chip_points" not in plain
    # scores, ranks and settled points are exactly those of the game without chips
    for key in ("scores", "ranks", "points", "ended_by"):
        assert settled[key] == plain[key]


def test_the_yakuman_chips_count_the_multiple_paid_after_the_cap() -> None:
    """With ``yakuman_max`` 1 a double yakuman is paid as one: five chips, not ten."""
    record = chips_game([tsumo(1, yakuman=2)], yakuman_max=1)
    assert final(record)["chips"] == [-5, 15, -5, -5]


def test_a_tobi_pays_a_chip_to_whoever_busted_the_player() -> None:
    """The K-rule tobi of ``test_game_flow``: seat 3 deals into seats 2 (mangan) and 1; in turn
    order from seat 3, seat 2's payment crosses zero, so seat 2 gets the tobi bonus and the tobi
    chip; the red five in seat 1's win is seat 1's."""
    hands = [ron(3, win(0, 6)), ron(3, win(2, 5), win(1, 2, 30, aka=1))]
    record = game("k_rule", hands, chips=CHIPS)
    settled = final(record)
    assert settled["ended_by"] == "tobi"
    assert settled["chips"] == [0, 1, 1, -2]
    assert settled["chip_points"] == [0.0, 2.0, 2.0, -4.0]
    assert settled["points"] == final(without_chips(record))["points"] == [53.0, -13.0, 18.0, -58.0]


def test_no_tobi_chip_where_no_win_busted_the_player() -> None:
    """``bonus_by: win``: a noten payment or a referee's payment never earns the tobi bonus,
    nor its chip."""
    hand = {
        "riichi": [],
        "result": {"type": "draw", "tenpai": [0, 1, 2, 3]},
        "events": [{"type": "payment", "from": 3, "to": [0], "amount": 25100, "reason": "r"}],
    }
    settled = final(game("k_rule", [hand], chips=CHIPS))
    assert settled["ended_by"] == "tobi"
    assert settled["chips"] == [0, 0, 0, 0]


def test_sanma_tsumo_chips_come_from_the_two_others() -> None:
    record = chips_game([tsumo(0, 3, 30, aka=2)], preset="tenhou_sanma")
    assert final(record)["chips"] == [4, -2, -2]


def test_chips_counted_at_the_end_replace_the_hands_chips() -> None:
    record = chips_game([tsumo(2, 2, 30, ura=1)], chips_final=[3, -1, 0, -2])
    settled = final(record)
    assert settled["chips"] == [3, -1, 0, -2]
    assert settled["chip_points"] == [6.0, -2.0, 0.0, -4.0]


def test_chips_worth_nothing_are_their_own_column() -> None:
    record = game("k_rule", [tsumo(2, 2, 30, ura=1)], chips={"value": 0, "ura": 1}, forced_end=TIME)
    settled = final(record)
    assert settled["chips"] == [-1, -1, 3, -1]
    assert settled["chip_points"] == [0.0, 0.0, 0.0, 0.0]


def test_a_score_only_game_takes_its_chips_from_chips_final() -> None:
    scores = [40000, 30000, 20000, 10000]
    record = game("k_rule", [], chips=CHIPS, final_scores=scores, chips_final=[-2, 0, 1, 1])
    assert final(record)["chips"] == [-2, 0, 1, 1]


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("ura", -1, "result.wins[0].ura"),
        ("aka", 2.5, "result.wins[0].aka"),
        ("ippatsu", 1, "result.wins[0].ippatsu"),
    ],
)
def test_chip_fields_are_checked_even_without_chips(field: str, value: Any, named: str) -> None:
    record = game("tenhou", [ron(3, win(1, 3, 30, **{field: value}))])
    output = replay_record(record)
    assert output["ok"] is False
    assert named in output["error"]


def test_chip_fields_without_chips_in_the_ruleset_are_ignored() -> None:
    hands = [ron(3, win(1, 3, 30, ippatsu=True, ura=2, aka=1))]
    record = game("k_rule", hands, forced_end=TIME)
    assert "chips" not in final(record)
    assert final(record) == final(game("k_rule", [ron(3, win(1, 3, 30))], forced_end=TIME))


@pytest.mark.parametrize(
    ("chips_final", "message"),
    [
        ([1, 0, 0, 0], "chips_final must add up to 0 (they add up to 1)"),
        ([1, -1, 0], "chips_final must be 4 whole numbers in seat order"),
        ([1.5, -1.5, 0, 0], "chips_final must be 4 whole numbers in seat order"),
    ],
)
def test_chips_final_must_be_whole_numbers_that_add_up_to_zero(
    chips_final: list[Any], message: str
) -> None:
    output = replay_record(chips_game([tsumo(2, 2, 30)], chips_final=chips_final))
    assert output["ok"] is False
    assert message in output["error"]


@pytest.mark.parametrize(
    ("chips", "named"),
    [
        ({"ura": 1}, "ruleset.chips: missing field 'value'"),
        ({"value": 1, "red": 1}, "ruleset.chips: unknown field 'red'"),
        ({"value": 0.25}, "ruleset.chips.value must have at most one decimal"),
    ],
)
def test_the_chips_option_names_what_is_wrong(chips: Json, named: str) -> None:
    output = replay_record(game("k_rule", [], chips=chips))
    assert output["ok"] is False
    assert named in output["error"]


def test_a_record_keeps_its_chip_fields_when_written_back() -> None:
    hands = [ron(3, win(1, 3, 30, ippatsu=True, ura=2, aka=1))]
    written = write_record(read_record(chips_game(hands, chips_final=[0, 4, 0, -4])))
    assert written["hands"][0]["result"]["wins"][0] == {
        "winner": 1,
        "han": 3,
        "fu": 30,
        "ippatsu": True,
        "ura": 2,
        "aka": 1,
    }
    assert written["chips_final"] == [0, 4, 0, -4]
    assert written["ruleset"]["chips"] == {**CHIPS, "value": 2}

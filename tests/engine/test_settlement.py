"""The settlement (精算): ranks, the score part and its rounding, uma, oka, sticks, penalties.

Most rows use score-only entry (``final_scores``), which settles exactly as a played game
does. Points are in thousands of table points (``points_unit`` 1000) unless a row says so.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import ruleset_from_spec
from scoring.engine.settlement import places

from .records import Json, draw, final, game, ids, message, ron, tsumo, win

FORCED = {"reason": "time"}


def settled(preset: str, scores: list[int], **overrides: object) -> Json:
    return final(game(preset, [], final_scores=scores, **overrides))


# -- the score part and its rounding -------------------------------------------------------

# 30000 start and return, no uma: the points are the score part alone.
EVEN = {"start_points": 30000, "return_points": 30000, "uma": [0, 0, 0, 0]}
SCORES = [34500, 34600, 25500, 25400]  # sums to 4 × 30000

ROUNDING = [
    # 清算時の100点単位は絶対値で五捨六入 (seed 000): on |score − return|, .5 toward zero
    ("gosha_rokunyu on the diff", "gosha_rokunyu", "diff", SCORES, [4, 5, -4, -5]),
    # 百の位を五捨六入し、原点からの浮き1000点に付き+1 (seed 001): 25500 -> 25000 -> -5
    ("gosha_rokunyu on the raw score", "gosha_rokunyu", "raw", SCORES, [4, 5, -5, -5]),
    ("half_up on the diff", "half_up", "diff", SCORES, [5, 5, -5, -5]),
    ("half_up on the raw score", "half_up", "raw", SCORES, [5, 5, -4, -5]),
    ("down on the diff", "down", "diff", SCORES, [4, 4, -4, -4]),
    ("down on the raw score", "down", "raw", SCORES, [4, 4, -5, -5]),
    ("up on the diff", "up", "diff", SCORES, [5, 5, -5, -5]),
    ("up on the raw score", "up", "raw", SCORES, [5, 5, -4, -4]),
    ("none", "none", "diff", SCORES, [4.5, 4.6, -4.5, -4.6]),
    # a negative raw score is rounded on its absolute value: -1500 -> -2000
    ("half_up raw, negative", "half_up", "raw", [61500, 30000, 30000, -1500], [32, 0, 0, -32]),
    ("gosha raw, negative", "gosha_rokunyu", "raw", [61500, 30000, 30000, -1500], [31, 0, 0, -31]),
]


@pytest.mark.parametrize(("name", "mode", "on", "scores", "points"), ROUNDING, ids=ids(ROUNDING))
def test_rounding_of_the_score_part(
    name: str, mode: str, on: str, scores: list[int], points: list[float]
) -> None:
    rounding = {"mode": mode, "on": on, "top_takes_remainder": False}
    assert settled("k_rule", scores, rounding=rounding, **EVEN)["points"] == points


def test_k_rule_settles_gosha_rokunyu_on_the_diff_with_uma_and_oka() -> None:
    """25000/30000, uma 10-20: +5 +20 +20; +4 +10; -4 -10; 5400 is -24.6 -> -25 -20."""
    result = settled("k_rule", [34500, 34600, 25500, 5400])
    assert result["ended_by"] == "final_scores"
    assert result["ranks"] == [2, 1, 3, 4]
    assert result["points"] == [14.0, 45.0, -14.0, -45.0]


def test_mjkt_rounds_each_raw_score_so_the_sum_may_miss_zero() -> None:
    """Seed 001 rule 1, each player rounded on their own: 25600 -> 26 -> -4 +40; 25500 -> 25
    -> -5 +10; 24500 -> 24 -> -6 -10; 24400 -> 24 -> -6 -20: the points sum to -1."""
    assert settled("mjkt", [25500, 25600, 24400, 24500])["points"] == [5.0, 36.0, -26.0, -16.0]


@pytest.mark.parametrize(
    ("takes", "points"), [(True, [44.0, 6.0, -15.0, -35.0]), (False, [46.0, 6.0, -15.0, -35.0])]
)
def test_tenhou_top_takes_the_remainder_so_the_points_sum_to_zero(
    takes: bool, points: list[float]
) -> None:
    """四捨五入 on the raw score: 35500 -> 36, 25500 -> 26, 24500 -> 25, 14500 -> 15."""
    rounding = {"top_takes_remainder": takes}
    result = settled("tenhou", [35500, 25500, 24500, 14500], rounding=rounding)
    assert result["points"] == points
    assert (sum(result["points"]) == 0) is takes


# -- ranks, ties, uma and oka --------------------------------------------------------------

TIES = [
    # M-League: uma 30-10 and oka 20 (the top +50); with split, tied players share
    (
        "split: 1, 2, 2, 4",
        "split",
        [40000, 25000, 25000, 10000],
        [1, 2, 2, 4],
        [60.0, -5.0, -5.0, -50.0],
    ),
    (
        "seat order: 1, 2, 3, 4",
        "seat_order",
        [40000, 25000, 25000, 10000],
        [1, 2, 3, 4],
        [60.0, 5.0, -15.0, -50.0],
    ),
    (
        "split top: uma and oka shared",
        "split",
        [35000, 35000, 20000, 10000],
        [1, 1, 3, 4],
        [35.0, 35.0, -20.0, -50.0],
    ),
    (
        "seat order top",
        "seat_order",
        [35000, 35000, 20000, 10000],
        [1, 2, 3, 4],
        [55.0, 15.0, -20.0, -50.0],
    ),
    # three tied: (30 + 10 - 10) / 3 uma and 20 / 3 oka each, written with one decimal
    (
        "split three ways",
        "split",
        [30000, 30000, 30000, 10000],
        [1, 1, 1, 4],
        [16.7, 16.7, 16.7, -50.0],
    ),
    (
        "ties later in the order",
        "seat_order",
        [20000, 40000, 20000, 20000],
        [2, 1, 3, 4],
        [0.0, 60.0, -20.0, -40.0],
    ),
]


@pytest.mark.parametrize(("name", "ties", "scores", "ranks", "points"), TIES, ids=ids(TIES))
def test_ties(
    name: str, ties: str, scores: list[int], ranks: list[int], points: list[float]
) -> None:
    result = settled("mleague", scores, ties=ties)
    assert result["ranks"] == ranks
    assert result["points"] == points


FLOATERS = {"1": [12, -1, -3, -8], "2": [8, 4, -4, -8], "3": [8, 3, 1, -12]}
UMA_BY_FLOATERS = [
    ("one player at or above 30000", [40000, 26000, 20000, 14000], [42.0, -5.0, -13.0, -24.0]),
    ("two", [35000, 31000, 20000, 14000], [33.0, 5.0, -14.0, -24.0]),
    ("three, 30000 counting as afloat", [31000, 30000, 30000, 9000], [29.0, 3.0, 1.0, -33.0]),
]


@pytest.mark.parametrize(("name", "scores", "points"), UMA_BY_FLOATERS, ids=ids(UMA_BY_FLOATERS))
def test_uma_by_floaters_replaces_the_uma(
    name: str, scores: list[int], points: list[float]
) -> None:
    """順位ウマ by 浮き人数: the uma row is chosen by how many end at or above the return."""
    result = settled("mleague", scores, ties="seat_order", uma_by_floaters=FLOATERS)
    assert result["points"] == points


def test_ema_has_no_oka_and_splits_ties() -> None:
    """30000/30000, uma 15/5/-5/-15: seats 1 and 2 share (5 − 5) / 2."""
    result = settled("ema", [40000, 30000, 30000, 20000])
    assert result["ranks"] == [1, 2, 2, 4]
    assert result["points"] == [25.0, 0.0, 0.0, -25.0]


def test_sanma_uma_and_oka() -> None:
    """35000/40000 (oka 15 to the top), ウマは3位が1位に対して10 (seed 004)."""
    result = settled("gensou_sanma", [50000, 35000, 20000])
    assert result["points"] == [35.0, -5.0, -30.0]


# -- sticks left on the table --------------------------------------------------------------

# Seats 1 and 2 riichi and are tenpai at a draw: [23500, 25500, 25500, 23500] with 2000 on the
# table; the referee ends the game there. No rounding, so every stick shows.
LEFT_STICKS = [draw(1, 2, riichi=[1, 2])]
LEFTOVER = [
    (
        "to the top (seat order breaks the tie)",
        "top",
        [23500, 27500, 25500, 23500],
        [-16.5, 37.5, 5.5, -26.5],
    ),
    ("lost", "lost", [23500, 25500, 25500, 23500], [-16.5, 35.5, 5.5, -26.5]),
    (
        "returned to who paid them",
        "returned",
        [23500, 26500, 26500, 23500],
        [-16.5, 36.5, 6.5, -26.5],
    ),
]


@pytest.mark.parametrize(("name", "how", "scores", "points"), LEFTOVER, ids=ids(LEFTOVER))
def test_leftover_sticks(name: str, how: str, scores: list[int], points: list[float]) -> None:
    record = game(
        "tenhou",
        LEFT_STICKS,
        forced_end=FORCED,
        leftover_deposits=how,
        rounding={"mode": "none", "top_takes_remainder": False},
    )
    result = final(record)
    assert result["leftover_deposits"] == 2000
    assert result["scores"] == scores
    assert result["points"] == points


# -- tobi, penalties, points unit ----------------------------------------------------------


@pytest.mark.parametrize(
    ("negative", "points"),
    [(True, [60.0, 10.0, -15.0, -55.0]), (False, [60.0, 10.0, -15.0, -50.0])],
)
def test_negative_settlement(negative: bool, points: list[float]) -> None:
    """箱下清算 アリ (seed 000) settles -5000 as it is; without, it is settled as 0."""
    result = settled("k_rule", [50000, 30000, 25000, -5000], tobi={"negative_settlement": negative})
    assert result["scores"][3] == -5000
    assert result["points"] == points


@pytest.mark.parametrize(
    ("seat", "points"), [(0, [30.0, 10.0, -20.0, -40.0]), (3, [50.0, 10.0, -20.0, -60.0])]
)
def test_settlement_penalties_come_off_after_uma_oka_and_the_remainder(
    seat: int, points: list[float]
) -> None:
    """Tenhou: 50 / 10 / -20 / -40 before the penalty. The penalty is applied last, so the
    top taking the remainder does not absorb another player's penalty."""
    penalty = {"seat": seat, "points": -20.0, "reason": "late arrival"}
    result = settled("tenhou", [40000, 30000, 20000, 10000], settlement_penalties=[penalty])
    assert result["points"] == points


def test_chinese_classic_settles_the_net_fan_points() -> None:
    """Start and return 0, points_unit 1, no uma: the settled points are the fan points."""
    assert settled("chinese_classic", [30, -10, -10, -10])["points"] == [30.0, -10.0, -10.0, -10.0]
    hands = [ron(2, win(1, fan=15)), tsumo(3, fan=13)]
    result = final(game("chinese_classic", hands, forced_end=FORCED))
    assert result["scores"] == [-13, 17, -43, 39]
    assert result["ranks"] == [3, 2, 4, 1]
    assert result["points"] == [-13.0, 17.0, -43.0, 39.0]


# -- score-only entry ----------------------------------------------------------------------


def test_score_only_entry_hands_out_the_final_deposits() -> None:
    """素点入力: 99000 in scores and 1000 on the table; the stick goes to the top."""
    result = settled("tenhou", [40000, 30000, 20000, 9000], final_deposits=1000)
    assert result["ended_by"] == "final_scores"
    assert result["scores"] == [41000, 30000, 20000, 9000]
    assert result["leftover_deposits"] == 1000
    assert result["points"] == [51.0, 10.0, -20.0, -41.0]


def test_score_only_entry_must_add_up() -> None:
    error = message(game("tenhou", [], final_scores=[40000, 30000, 20000, 9000]))
    assert "final_scores" in error
    assert "100000" in error


def test_score_only_entry_cannot_return_sticks_it_does_not_know_the_owners_of() -> None:
    record = game(
        "tenhou",
        [],
        final_scores=[40000, 30000, 20000, 9000],
        final_deposits=1000,
        leftover_deposits="returned",
    )
    assert "final_deposits" in message(record)


def test_score_only_entry_has_no_hands() -> None:
    record = game("tenhou", [ron(0, win(1, 1, 30))], final_scores=[24000, 26000, 25000, 25000])
    assert "final_scores" in message(record)


SCORES = st.integers(-50_000, 100_000) | st.sampled_from([0, 25_000])  # ties come often


@given(st.lists(SCORES, min_size=3, max_size=4))
def test_places_are_higher_score_first_and_tied_seats_in_seat_order(scores: list[int]) -> None:
    """The order every settlement starts from, against its definition: by score, highest
    first, a tie going to the seat nearer the first dealer (seat 0)."""
    expected = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    assert places(ruleset_from_spec({"preset": "k_rule"}), scores) == expected

"""Every number a record takes has a bound a real game can reach: past it, ``too_large`` at the
field, never a score of three billion saved (nor a 500 when a column overflows)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import RecordError, read_record, replay_record
from scoring.engine.record import (
    MAX_DORA,
    MAX_EVENTS,
    MAX_FAN,
    MAX_FU,
    MAX_HAN,
    MAX_HANDS,
    MAX_PENALTY,
    MAX_POINTS,
    MAX_SCORE,
    MAX_YAKUMAN,
)

from .records import Json, deposit, draw, game, payment, ron, win


def refused(document: Json) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_record(document)
    assert caught.value.code == "too_large"
    return caught.value


@pytest.mark.parametrize(
    ("document", "field", "high"),
    [
        (
            game("k_rule", [draw(events=[payment(0, [1], 3_000_000_000)])]),
            "events[0].amount",
            MAX_POINTS,
        ),
        (
            game("k_rule", [draw(events=[payment(0, [1], 9223372036854775807)])]),
            "events[0].amount",
            MAX_POINTS,
        ),
        (
            game("k_rule", [draw(events=[deposit(2, MAX_POINTS + 1000)])]),
            "events[0].amount",
            MAX_POINTS,
        ),
        (game("k_rule", [draw(events=[deposit(2)] * (MAX_EVENTS + 1))]), "events", MAX_EVENTS),
        (game("k_rule", [ron(0, win(1, MAX_HAN + 1))]), "result.wins[0].han", MAX_HAN),
        (game("k_rule", [ron(0, win(1, 3, MAX_FU + 10))]), "result.wins[0].fu", MAX_FU),
        (
            game("k_rule", [ron(0, win(1, 3, 30, dora=MAX_DORA + 1))]),
            "result.wins[0].dora",
            MAX_DORA,
        ),
        (
            game("k_rule", [ron(0, win(1, yakuman=MAX_YAKUMAN + 1))]),
            "result.wins[0].yakuman",
            MAX_YAKUMAN,
        ),
        (
            game("k_rule", final_scores=[MAX_SCORE + 100_000, 0, 0, 100_000 - MAX_SCORE - 100_000]),
            "final_scores[0]",
            MAX_SCORE,
        ),
        (
            game("k_rule", final_scores=[25000] * 4, final_deposits=MAX_POINTS + 1000),
            "final_deposits",
            MAX_POINTS,
        ),
        (
            game(
                "k_rule",
                [draw()] * 3,
                settlement_penalties=[{"seat": 0, "points": -MAX_PENALTY - 1}],
            ),
            "settlement_penalties[0].points",
            MAX_PENALTY,
        ),
        (game("k_rule", [draw()] * (MAX_HANDS + 1)), "hands", MAX_HANDS),
    ],
    ids=[
        "payment 3e9",
        "payment 2^63",
        "deposit",
        "events",
        "han",
        "fu",
        "dora",
        "yakuman",
        "final score",
        "final deposits",
        "penalty",
        "hands",
    ],
)
def test_a_number_past_what_a_game_reaches_is_refused_at_its_field(
    document: Json, field: str, high: Any
) -> None:
    error = refused(document)
    assert error.field == field
    assert error.params["high"] == high


def test_a_fan_past_its_bound_is_refused_too() -> None:
    document = game("k_rule", [ron(0, win(1, fan=MAX_FAN + 1))])
    with pytest.raises(RecordError) as caught:
        read_record(document)
    assert caught.value.code in {"too_large", "fan_not_in_ruleset"} or "fan" in caught.value.field


def test_the_bounds_themselves_are_taken_and_replay_to_exact_scores() -> None:
    """The largest payment a record takes moves exactly that many points; the scores it gives
    fit every column (a final score of 10,000,000 fits a 32-bit integer many times over)."""
    document = game("k_rule", [draw(events=[payment(0, [1], MAX_POINTS)])])
    replayed = replay_record(document)
    assert replayed["ok"], replayed
    assert replayed["hands"][0]["scores"] == [25000 - MAX_POINTS, 25000 + MAX_POINTS, 25000, 25000]


def test_payments_that_add_up_past_any_game_are_refused_at_the_hand_that_gets_there() -> None:
    """Each payment within its bound, but hand after hand of them: the score that passes
    10,000,000 is refused at its hand (a 32-bit column holds every score the engine lets by)."""
    hands = [draw(events=[payment(0, [1], MAX_POINTS)] * 5)] * 3
    with pytest.raises(RecordError) as caught:
        read_record_and_replay(game("k_rule", hands, tobi=NO_TOBI))
    assert caught.value.code == "score_too_large"
    assert caught.value.hand == 2  # 5,025,000 after hand 1, 10,025,000 after hand 2
    assert caught.value.params == {"seat": 1, "score": 10_025_000, "high": MAX_SCORE}


def test_aotenjou_scores_reach_billions_and_its_cap_has_a_bound_too() -> None:
    """青天井 has no limit but its cap: a 20-han hand pays billions, which the record takes (and
    the 64-bit columns hold); a cap past 10^12 is refused as an option."""
    aotenjou = {"cap_base": 1_000_000_000, "yakuman_han": 13}
    replayed = replay_record(game("tenhou", [ron(1, win(0, 24, 30))], aotenjou=aotenjou))
    assert replayed["ok"], replayed
    scores = replayed["hands"][0]["scores"]
    assert scores[:2] == [25000 + 6_000_000_000, 25000 - 6_000_000_000]  # the dealer: 6 x cap
    assert max(abs(s) for s in scores) > 2**31  # past a 32-bit column: the columns are 64-bit
    too_big = {"cap_base": 10**13, "yakuman_han": 13}
    with pytest.raises(RecordError, match="at most 1000000000000"):
        read_record(game("tenhou", [], aotenjou=too_big))


NO_TOBI = {"enabled": False, "at_zero": False, "bonus": 0, "bonus_by": "win",
           "negative_settlement": True}  # fmt: skip


def read_record_and_replay(document: Json) -> None:
    from scoring.engine.game import replay

    replay(read_record(document))

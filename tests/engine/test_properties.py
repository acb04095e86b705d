"""Properties that hold for every valid game under every preset (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import read_record, replay, replay_record
from scoring.engine.presets import PRESETS
from scoring.engine.record import write_record

from .random_games import games

PRESET_NAMES = sorted(PRESETS)
# Each example replays a growing game many times, for every preset: a tenth of the profile's
# examples per preset (50 per preset and property on CI, 500 games a property over the presets)
# keeps the suite within its five minutes.
GAMES = settings(max_examples=max(10, settings.default.max_examples // 10))


@pytest.mark.parametrize("preset", PRESET_NAMES)
@GAMES
@given(data=st.data())
def test_each_hand_s_deltas_sum_to_the_change_in_sticks_on_the_table(
    preset: str, data: st.DataObject
) -> None:
    output = replay_record(data.draw(games({"preset": preset})))
    assert output["ok"] is True, output
    for row in output["hands"]:
        assert sum(row["deltas"]) == row["deposits_before"] - row["deposits_after"], row


@pytest.mark.parametrize("preset", PRESET_NAMES)
@GAMES
@given(data=st.data())
def test_with_top_taking_the_remainder_the_points_sum_to_exactly_zero(
    preset: str, data: st.DataObject
) -> None:
    ruleset = {
        "preset": preset,
        "rounding": {"top_takes_remainder": True},
        "chombo": {"score_penalty": 0},
    }
    document = data.draw(games(ruleset))
    document["forced_end"] = None
    result = replay(read_record(document))
    if result.final is None:
        document["forced_end"] = {"reason": "time"}
        result = replay(read_record(document))
    assert result.final is not None
    tenths = [round(points * 10) for points in result.final.points]
    assert [t / 10 for t in tenths] == list(result.final.points)  # one decimal, exactly
    assert sum(tenths) == 0


@pytest.mark.parametrize("preset", PRESET_NAMES)
@GAMES
@given(data=st.data())
def test_replay_is_deterministic_and_survives_writing_the_record_out(
    preset: str, data: st.DataObject
) -> None:
    document: dict[str, Any] = data.draw(games({"preset": preset}))
    first = replay_record(document)
    assert replay_record(json.loads(json.dumps(document))) == first
    written = json.loads(json.dumps(write_record(read_record(document))))
    assert replay_record(written) == first

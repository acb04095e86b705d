"""Every worked example in shared/cases/ replays exactly as its expected file says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import replay_record

CASES_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "cases"
CASES = sorted(path.name.removesuffix(".game.json") for path in CASES_DIR.glob("*.game.json"))

pytestmark = pytest.mark.skipif(
    not CASES, reason=f"no worked cases in {CASES_DIR} (../shared beside the checkout)"
)


def _load(name: str, kind: str) -> Any:
    return json.loads((CASES_DIR / f"{name}.{kind}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", CASES)
def test_the_case_replays_as_expected(name: str) -> None:
    expected = _load(name, "expected")
    got = replay_record(_load(name, "game"))
    if expected.get("ok") is False:
        assert got["ok"] is False, got
        if expected["hand"] is not None:
            assert re.match(rf"hand {expected['hand']}\b", got["error"]), got["error"]
        return
    assert got["ok"] is True, got
    assert got["hands"] == expected["hands"]
    if expected["final"] is None:
        assert got["final"] is None
        assert got["ongoing"] is True
        return
    final, want = got["final"], expected["final"]
    assert {k: v for k, v in final.items() if k != "points"} == {
        k: v for k, v in want.items() if k != "points"
    }
    assert final["points"] == pytest.approx(want["points"], abs=0.05)


def test_every_case_has_its_expected_file() -> None:
    for name in CASES:
        assert (CASES_DIR / f"{name}.expected.json").exists(), name

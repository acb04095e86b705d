"""``manage.py replay``: JSON Lines in input order, exit 1 after all files when one is invalid."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT.parent / "shared" / "cases"

pytestmark = pytest.mark.skipif(
    not CASES.is_dir(), reason=f"no worked cases in {CASES} (../shared beside the checkout)"
)


def replay(*files: str) -> subprocess.CompletedProcess[str]:
    # A database nobody can reach: the replay must not need one.
    env = {**os.environ, "DATABASE_URL": "postgres://nobody@127.0.0.1:1/nowhere"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.run(
        [sys.executable, "manage.py", "replay", *files],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_replay_prints_one_line_per_file_in_order_and_exits_1_after_an_invalid_one() -> None:
    good = str(CASES / "k_rule-tobi-bonus-double-ron.game.json")
    bad = str(CASES / "invalid-unknown-hand-field.game.json")
    done = replay(bad, good)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert [line["file"] for line in lines] == [bad, good]
    assert lines[0]["ok"] is False
    assert lines[0]["error"].startswith("hand 2")
    assert lines[1]["ok"] is True
    assert lines[1]["final"] == {
        "ended_by": "tobi",
        "scores": [49100, 27000, 25000, -1100],
        "ranks": [1, 2, 3, 4],
        "points": [59.0, 12.0, -15.0, -56.0],
        "leftover_deposits": 0,
    }


def test_replay_of_valid_records_exits_0_and_reports_an_unfinished_game_as_ongoing() -> None:
    done = replay(str(CASES / "mjkt-kiriage.game.json"))
    (line,) = [json.loads(text) for text in done.stdout.splitlines()]
    assert done.returncode == 0
    assert line["ok"] is True
    assert line["final"] is None
    assert line["ongoing"] is True
    assert line["hands"][0]["deltas"] == [0, 8000, -8000, 0]


def test_a_missing_or_broken_file_is_reported_not_raised(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    done = replay(str(tmp_path / "missing.json"), str(broken))
    lines = [json.loads(text) for text in done.stdout.splitlines()]
    assert done.returncode == 1
    assert lines[0]["error"] == "cannot read the file: No such file or directory"
    assert lines[1]["error"].startswith("not a JSON document")
    assert "Traceback" not in done.stderr

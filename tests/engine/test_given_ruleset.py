"""A ruleset given to ``read_record`` (what-if replays a whole league under one other ruleset,
built once) replays a record exactly as the record with that ruleset written into it.

Every Tenhou log of the oracle and every worked case of ``shared/cases`` is replayed under its
own ruleset and under each preset: the same ``to_json()``, or the same error where the record
does not fit the ruleset (three names for a four-player ruleset, han under fan scoring ...).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import read_record, replay_record, ruleset_from_spec
from scoring.engine.presets import PRESETS
from scoring.engine.tenhou import mjlog_to_record

SHARED_DIR = Path(__file__).resolve().parents[2].parent / "shared"
ORACLE_DIR = SHARED_DIR / "oracles" / "tenhou"
CASES_DIR = SHARED_DIR / "cases"
ORACLE_LOGS = sorted(
    path.name for pattern in ("*.mjlog", "*.xml") for path in ORACLE_DIR.glob(pattern)
)
CASES = sorted(path.name for path in CASES_DIR.glob("*.game.json"))
SHARED_ABSENT = pytest.mark.skipif(
    not SHARED_DIR.is_dir(), reason=f"no {SHARED_DIR} (../shared beside the checkout)"
)

# (name, spec): None is the record's own ruleset.
RULESETS: list[tuple[str, dict[str, Any] | None]] = [
    ("own", None),
    *((name, {"preset": name}) for name in sorted(PRESETS)),
]


@cache
def _document(name: str) -> dict[str, Any]:
    """An oracle log (as the converter reads it) or a worked case, by file name."""
    if name in CASES:
        return json.loads((CASES_DIR / name).read_text(encoding="utf-8"))
    return mjlog_to_record((ORACLE_DIR / name).read_text(encoding="utf-8"))


def _replays(name: str) -> bool:
    """Whether the record replays under its own ruleset (all logs; the cases say)."""
    if name not in CASES:
        return True
    expected = (CASES_DIR / name.replace(".game.", ".expected.")).read_text(encoding="utf-8")
    return json.loads(expected).get("ok") is not False


@SHARED_ABSENT
def test_the_shared_folder_has_logs_and_cases_to_replay() -> None:
    assert ORACLE_LOGS
    assert CASES


@SHARED_ABSENT
@pytest.mark.parametrize(("ruleset", "spec"), RULESETS, ids=[name for name, _ in RULESETS])
@pytest.mark.parametrize("name", ORACLE_LOGS + CASES)
def test_a_given_ruleset_replays_as_the_record_with_that_ruleset_written_in(
    name: str, ruleset: str, spec: dict[str, Any] | None
) -> None:
    document = _document(name)
    spec = document["ruleset"] if spec is None else spec
    written_in = replay_record({**document, "ruleset": spec})
    # The record's own ruleset is not read at all: it may as well be missing.
    without = {key: value for key, value in document.items() if key != "ruleset"}
    assert replay_record(without, ruleset_from_spec(spec)) == written_in
    if ruleset == "own":  # not only refusals compared: under its own rules a record replays
        assert written_in["ok"] is _replays(name), written_in


def test_the_record_read_under_a_given_ruleset_carries_it_and_its_full_options() -> None:
    rules = ruleset_from_spec({"preset": "mleague"})
    document = {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "tenhou"},
        "players": ["Aoki", "Baba", "Chiba", "Doi"],
        "hands": [],
    }
    record = read_record(document, rules)
    assert record.ruleset is rules
    assert record.ruleset_spec == rules.options

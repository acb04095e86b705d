"""The engine is pure Python: importing and using it loads no Django module."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from scoring.engine import replay_record
from scoring.engine import tenhou
out = replay_record({"format": "tenbou-game/1", "ruleset": {"preset": "k_rule"},
    "players": ["A", "B", "C", "D"],
    "hands": [{"result": {"type": "ron", "from": 0, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}]})
print(json.dumps({"deltas": out["hands"][0]["deltas"],
                  "django": sorted(m for m in sys.modules if m.split(".")[0] == "django")}))
"""


def test_the_engine_replays_with_django_unconfigured_and_never_imports_it() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout)
    assert result["deltas"] == [-7700, 7700, 0, 0]
    assert result["django"] == []

"""Engine replay speed: the Tenhou corpus, converted once, replayed over and over on one core.

Each replay starts from the record document (reading and checking it included), as the app does
when a hand is saved, and ends with the settlement; printing JSON (the replay command's output
format) is left out. ``hands_per_s_one_ruleset`` reads every document under one ruleset built
beforehand, as what-if does when it replays a league under another ruleset. Prints one JSON
object as its last line.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine import read_record, replay, replay_record, ruleset_from_spec  # noqa: E402
from scoring.engine.tenhou import mjlog_to_record  # noqa: E402

ORACLE = ROOT.parent / "shared" / "oracles" / "tenhou"
SECONDS = 4.0  # of CPU time for each figure
WHAT_IF = {"preset": "tenhou"}  # the one ruleset every game is replayed under


def corpus() -> list[dict[str, object]]:
    paths = sorted([*ORACLE.glob("*.mjlog"), *ORACLE.glob("*.xml")])
    if not paths:
        sys.exit(f"no Tenhou logs in {ORACLE}: the benchmark needs ../shared beside the checkout")
    return [mjlog_to_record(path.read_text(encoding="utf-8")) for path in paths]


def hands_per_second(run: Callable[[], object], hands_per_pass: int) -> tuple[int, int]:
    """(hands per second, passes) of ``run`` repeated for SECONDS of CPU time on this core."""
    passes = 0
    started = time.process_time()
    while time.process_time() - started < SECONDS:
        run()
        passes += 1
    return round(passes * hands_per_pass / (time.process_time() - started)), passes


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the issue asks
    games = corpus()
    hands_per_pass = sum(len(game["hands"]) for game in games)  # type: ignore[arg-type]
    what_if = ruleset_from_spec(WHAT_IF)
    for game in games:  # warm the ruleset cache and check every game replays, both ways
        assert replay_record(game)["ok"], game
        assert replay_record(game, what_if)["ok"], game
    records = [read_record(game) for game in games]
    from_documents, passes = hands_per_second(
        lambda: [replay(read_record(game)) for game in games], hands_per_pass
    )
    from_records, _ = hands_per_second(
        lambda: [replay(record) for record in records], hands_per_pass
    )
    one_ruleset, _ = hands_per_second(
        lambda: [replay(read_record(game, what_if)) for game in games], hands_per_pass
    )
    result = {
        "bench": "engine",
        "games": len(games),
        "hands_per_pass": hands_per_pass,
        "passes": passes,
        "hands_per_s_already_read": from_records,
        "hands_per_s": from_documents,
        "hands_per_s_one_ruleset": one_ruleset,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()

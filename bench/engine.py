"""Engine replay speed: the Tenhou corpus, converted once, replayed over and over on one core.

Each replay starts from the record document (reading and checking it included), as the app does
when a hand is saved, and ends with the settlement; printing JSON (the replay command's output
format) is left out. ``hands_per_s_one_ruleset`` reads every document under one ruleset built
beforehand, as what-if does when it replays a league under another ruleset.

``ratio_to_bare_lookup`` is what a hand costs over one bare han/fu lookup of the ``mahjong``
library (``ScoresCalculator.calculate_scores``, the points of one win, nothing else) timed in the
same process on the corpus' own wins: the engine's speed in units of this machine. The two are
timed in turn, a quarter second each, fifteen times, and the median of the fifteen ratios is
given with the lowest and highest (``ratio_lowest_highest``): on this shared host the machine's
speed drifts within a run, and two figures taken seconds apart gave ratios from 4.1 to 7.4 on
the same code; ``ratio_of_the_two_figures`` is that older reading, kept for comparison.
``compiled`` says whether the mypyc build ran (``scoring/engine/compiled.py``); the pure Python
engine's figure is measured too, in a child process with ``TENBOU_PURE_ENGINE=1``.
``instructions_per_hand`` counts what the clock cannot keep steady here: the instructions a
hand takes, read from documents, by ``perf stat`` (``instructions:u``) over two children, one
replaying the corpus ``COUNTED_PASSES`` times and one not at all (the difference is the
replays alone); null where ``perf`` is missing or not allowed. Prints one JSON object as its
last line.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine import read_record, replay, replay_record, ruleset_from_spec  # noqa: E402
from scoring.engine.compiled import PURE_SWITCH, is_compiled  # noqa: E402
from scoring.engine.record import Ron, Tsumo  # noqa: E402
from scoring.engine.tenhou import mjlog_to_record  # noqa: E402

ORACLE = ROOT.parent / "shared" / "oracles" / "tenhou"
SECONDS = 4.0  # of CPU time for each figure
SLICES, SLICE = 15, 0.25  # the ratio: the engine and the lookups in turn, a quarter second each
WHAT_IF = {"preset": "tenhou"}  # the one ruleset every game is replayed under
COUNTED_PASSES = 200  # the passes whose instructions are counted


def corpus() -> list[dict[str, object]]:
    paths = sorted([*ORACLE.glob("*.mjlog"), *ORACLE.glob("*.xml")])
    if not paths:
        sys.exit(f"no Tenhou logs in {ORACLE}: the benchmark needs ../shared beside the checkout")
    return [mjlog_to_record(path.read_text(encoding="utf-8")) for path in paths]


def hands_per_second(run: Callable[[], object], hands_per_pass: int) -> tuple[int, int]:
    """(hands per second, passes) of ``run`` repeated for SECONDS of CPU time on this core."""
    return rate(run, hands_per_pass, SECONDS)


def rate(run: Callable[[], object], per_pass: int, seconds: float) -> tuple[int, int]:
    """(items per second, passes) of ``run``, ``per_pass`` items a pass, for ``seconds`` of CPU."""
    passes = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        run()
        passes += 1
    return round(passes * per_pass / (time.process_time() - started)), passes


def interleaved_ratio(
    engine: Callable[[], object], hands: int, lookup: Callable[[], object], lookups: int
) -> tuple[float, float, float]:
    """(median, lowest, highest) of the lookups' rate over the engine's, each measured in turn
    for SLICE seconds of CPU time, SLICES times: both rates taken at the same moments, so a
    machine that slows down or speeds up during the run (a busy neighbour on this shared
    host: the figures of one run differ by 1.5x) moves both alike, and the ratio stays."""
    ratios = []
    for _ in range(SLICES):
        engine_rate, _passes = rate(engine, hands, SLICE)
        lookup_rate, _passes = rate(lookup, lookups, SLICE)
        ratios.append(lookup_rate / engine_rate)
    ratios.sort()
    return round(statistics.median(ratios), 2), round(ratios[0], 2), round(ratios[-1], 2)


def bare_lookups(records: list[object]) -> Callable[[], object]:
    """One ``calculate_scores`` per win of the corpus, as the library is called bare."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.hand_calculating.scores import ScoresCalculator

    calculator = ScoresCalculator()
    configs = {
        (tsumo, dealer): HandConfig(is_tsumo=tsumo, player_wind=27 if dealer else 28)
        for tsumo in (False, True)
        for dealer in (False, True)
    }
    lookups = []
    for record in records:
        rows = replay(record).hands  # type: ignore[arg-type]
        for hand, row in zip(record.hands, rows, strict=False):  # type: ignore[attr-defined]
            result = hand.result
            if not isinstance(result, Ron | Tsumo):
                continue
            for win in result.wins if isinstance(result, Ron) else (result.win,):
                dealer = win.winner == row.dealer
                config = configs[(isinstance(result, Tsumo), dealer)]
                lookups.append((win.han or 13, win.fu or 30, config, bool(win.yakuman)))
    calculate = calculator.calculate_scores

    def run() -> object:
        return [calculate(han, fu, config, yakuman) for han, fu, config, yakuman in lookups]

    run.count = len(lookups)  # type: ignore[attr-defined]
    return run


def pure_hands_per_second() -> int | None:
    """``hands_per_s`` of the pure Python engine, from a child process (None when this is it)."""
    if not is_compiled():
        return None
    env = {**os.environ, PURE_SWITCH: "1"}
    done = subprocess.run(
        [sys.executable, __file__], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])["hands_per_s"]


def instructions(passes: int) -> int | None:
    """The user-space instructions of a child replaying the corpus ``passes`` times."""
    if shutil.which("perf") is None:
        return None
    counted = [sys.executable, __file__, "--passes", str(passes)]
    done = subprocess.run(
        ["perf", "stat", "-x", ",", "-e", "instructions:u", *counted],
        capture_output=True,
        text=True,
    )
    for line in done.stderr.splitlines():
        count, _unit, event, *_rest = [*line.split(","), "", ""]
        if event.startswith("instructions") and count.isdigit():
            return int(count)
    return None  # perf refused (perf_event_paranoid) or counted nothing


def instructions_per_hand(hands_per_pass: int) -> int | None:
    replays, nothing = instructions(COUNTED_PASSES), instructions(0)
    if replays is None or nothing is None:
        return None
    return round((replays - nothing) / (COUNTED_PASSES * hands_per_pass))


def replay_passes(passes: int) -> None:
    """The child ``instructions`` counts: the corpus read and replayed ``passes`` times."""
    games = corpus()
    for _ in range(passes):
        for game in games:
            replay(read_record(game))


def main() -> None:
    if sys.argv[1:2] == ["--passes"]:
        replay_passes(int(sys.argv[2]))
        return
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
    lookup = bare_lookups(records)
    lookups_per_s, _ = hands_per_second(lookup, lookup.count)  # type: ignore[attr-defined]
    ratio, lowest, highest = interleaved_ratio(
        lambda: [replay(read_record(game)) for game in games],
        hands_per_pass,
        lookup,
        lookup.count,  # type: ignore[attr-defined]
    )
    result = {
        "bench": "engine",
        "games": len(games),
        "hands_per_pass": hands_per_pass,
        "passes": passes,
        "hands_per_s_already_read": from_records,
        "hands_per_s": from_documents,
        "hands_per_s_one_ruleset": one_ruleset,
        "bare_lookups_per_s": lookups_per_s,
        "ratio_to_bare_lookup": ratio,
        "ratio_lowest_highest": [lowest, highest],
        "ratio_of_the_two_figures": round(lookups_per_s / from_documents, 2),
        "compiled": is_compiled(),
        "hands_per_s_pure": pure_hands_per_second() or from_documents,
        "instructions_per_hand": instructions_per_hand(hands_per_pass),
        "load_1m": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()

"""Seating speed and quality: random and swiss for 200 players over 8 rounds, random for 32 and
64 players over 8 rounds, each round drawn as a tournament draws it (the rounds before it and
the plan of the draw before as its start).

The swiss rounds are seated by standings that change every round (a seeded shuffle stands in
for the results). Wall-clock seconds per round, the slowest round of each run; repeats and the
wind imbalance over all the rounds (``wind_imbalance``: the random seatings', whose winds are
planned; ``wind_imbalance_swiss`` apart). Prints one JSON object as its last line.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.seating import Round, plan_rounds, seating_quality  # noqa: E402

ROUNDS = 8
SEED = "bench-2026"
TARGETS = {"seconds_per_round": 2.0}


def run(players: int, method: str) -> tuple[float, list[Round]]:
    """(the slowest round's seconds, the rounds) of one tournament's seating."""
    field = list(range(1, players + 1))
    history: list[Round] = []
    hint = None
    slowest = 0.0
    for number in range(1, ROUNDS + 1):
        standings = random.Random(f"{SEED}:{number}").sample(field, players)
        started = time.perf_counter()
        plan = plan_rounds(
            field,
            history,
            method=method,
            seed=SEED,
            round_number=number,
            rounds_total=ROUNDS,
            standings=standings if method == "swiss" else None,
            hint=hint,
        )
        slowest = max(slowest, time.perf_counter() - started)
        history.append(plan[0])
        hint = plan[1:] or None
    return slowest, history


def main() -> None:
    figures = {}
    slowest = 0.0
    imbalance = 0
    for players, method, key in (
        (200, "random", "repeated_pairs"),
        (200, "swiss", None),
        (32, "random", "repeated_pairs_32"),
        (64, "random", "repeated_pairs_64"),
    ):
        seconds, rounds = run(players, method)
        quality = seating_quality(rounds)
        print(f"{players} players, {method}: slowest round {seconds:.3f} s, {quality}")
        slowest = max(slowest, seconds)
        if key:
            figures[key] = quality.repeated_pairs
            imbalance = max(imbalance, quality.wind_imbalance)
        else:  # swiss: the standings decide the tables, so the winds are evened where they can be
            figures["wind_imbalance_swiss"] = quality.wind_imbalance
    result = {
        "seconds_per_round": round(slowest, 3),
        **figures,
        "wind_imbalance": imbalance,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()

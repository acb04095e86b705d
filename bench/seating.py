"""Seating speed, quality and reproducibility over the cases a tournament meets: each round drawn
as a tournament draws it (the rounds before it and the plan of the draw before as its start).

Cases: random 16x5, 32x8, 32x9, 32x10, 40x13, 64x21, 200x8, 172x57, 132x43, 156x51, 92x30, 156x77,
27x13 and 69x34 at three-player tables, 32x11, 12x8, 16x9, 56x19, 24x8, and 18x9 and 12x6 at three-
player tables (over the bound), 32x9 with eight teams of four, 34x8 and 34x10 with two byes a round
(over 10 the stand-ins take seats of the design of 32 chosen by a search of counted steps), 35x11
with three (the design of 36 and a player who never comes, whose tablemates sit out), 32x10 with
player 1 leaving after round 3 (the plan mended as the service mends it, ``repaired_plan``: three
byes a round), 33x10 with a bye a round and player 1 leaving after round 3 (no mend keeps the
promise: the fewest repeats the mend finds, then no byes); and swiss for 200 players over 8 rounds
(standings that change every round: a seeded shuffle stands in for the results). Every case is
drawn twice, the second time with every core kept busy by other processes: ``same_draw_under_load``
says whether both gave the same rounds (the search counts steps, never a clock). Wall-clock seconds
of the slowest round; repeated meetings and the wind imbalance counted from the rounds. Prints one
JSON object as its last line, with the keys of earlier versions (``seconds_per_round``,
``repeated_pairs`` for 200 players, ``_32`` and ``_64`` for 8 rounds, ``wind_imbalance`` of the
random draws, ``wind_imbalance_swiss``)."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.seating import Round, plan_rounds, repaired_plan, seating_quality  # noqa: E402

SEED = "bench-2026"
TARGETS = {"seconds_per_round": 2.0}


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    rounds: int
    size: int = 4
    method: str = "random"
    teams: int = 0  # players in this many teams, in turn
    byes: int = 0  # players sitting out each round, in turn
    leaves_after: int = 0  # player 1 leaves after this round (the plan mended, its byes taken)

    def field(self, number: int) -> list[int]:
        everyone = list(range(1, self.players + 1))
        out = {everyone[(number * self.byes + k) % self.players] for k in range(self.byes)}
        return [player for player in everyone if player not in out]


CASES = [
    Case("16x5", 16, 5),
    Case("32x8", 32, 8),
    Case("32x9", 32, 9),
    Case("32x10", 32, 10),
    Case("40x13", 40, 13),
    Case("64x8", 64, 8),
    Case("64x21", 64, 21),
    Case("200x8", 200, 8),
    Case("27x13 sanma", 27, 13, size=3),
    Case("172x57", 172, 57),
    Case("69x34 sanma", 69, 34, size=3),
    Case("32x11 over the bound", 32, 11),
    Case("132x43", 132, 43),  # at its bound since version 26
    Case("156x51", 156, 51),  # at its bound since version 41 (four copies of a frame of 3^13)
    Case("92x30", 92, 30),  # at its bound since version 48 (two base rounds kept by subgroups)
    Case("156x77 sanma", 156, 77, size=3),  # at its bound since version 58 (a Kirkman frame)
    Case("12x8 over the bound", 12, 8),  # 78 repeats, every pair twice or three times
    Case("16x9 over the bound", 16, 9),  # the design's rounds again: 96, every pair once or twice
    Case("56x19 over the bound", 56, 19),  # unmet pairs two to a table: 56, was 58 (v30)
    Case("18x9 sanma over the bound", 18, 9, size=3),  # a stored covering: 9, was 12 (v31)
    Case("24x8 over the bound", 24, 8),  # a stored covering: 12, was 18 (v65)
    Case("12x6 sanma over the bound", 12, 6, size=3),  # the fewest there can be: 7, was 8 (v64)
    Case("32x9 teams", 32, 9, teams=8),
    Case("34x8 byes", 34, 8, byes=2),
    Case("34x10 byes", 34, 10, byes=2),  # the stand-ins' seats chosen outright: 0 (was 2, v43)
    Case("35x11 byes", 35, 11, byes=3),  # around a player who never comes: 0 (v45; 10 was 6)
    Case("200x8 swiss", 200, 8, method="swiss"),
    Case("32x10 a leaver", 32, 10, leaves_after=3),  # the mended plan, 3 byes a round: 0 (v46; 39)
    # With a bye a round, no mend keeps the promise: the fewest repeats the mend finds (v56).
    Case("33x10 a bye, a leaver", 33, 10, byes=1, leaves_after=3),
]


@dataclass
class Run:
    slowest: float = 0.0
    rounds: list[Round] = field(default_factory=list)


def run(case: Case) -> Run:
    """One tournament's seating, round by round."""
    result, hint = Run(), None
    teams = {p: str(p % case.teams) for p in range(1, case.players + 1)} if case.teams else None
    field, mended_byes = case.field, None
    byes_so_far: dict[int, int] = {}
    for number in range(1, case.rounds + 1):
        started = time.perf_counter()
        if case.leaves_after and number == case.leaves_after + 1:  # as the service mends it
            here = list(range(2, case.players + 1))
            mend = (hint, here, len(here) % case.size, case.size, result.rounds, byes_so_far)
            mended = repaired_plan(*mend) or repaired_plan(*mend, fewest=True)  # as the service
            assert mended is not None, "the plan could not be mended"
            hint, mended_byes = mended.rounds, mended.byes

            def field(
                n: int, here: list[int] = here, byes: list[list[int]] = mended.byes
            ) -> list[int]:
                out = set(byes[n - case.leaves_after - 1])
                return [p for p in here if p not in out]

        players = field(number)
        for player in set(range(1, case.players + 1)) - set(players):
            byes_so_far[player] = byes_so_far.get(player, 0) + 1
        standings = random.Random(f"{SEED}:{number}").sample(players, len(players))
        plan = plan_rounds(
            players,
            result.rounds,
            method=case.method,
            seed=SEED,
            round_number=number,
            rounds_total=case.rounds,
            table_size=case.size,
            teams=teams,
            standings=standings if case.method == "swiss" else None,
            hint=hint,
            later_players=[field(m) for m in range(number + 1, case.rounds + 1)]
            if (case.byes or mended_byes) and case.method == "random"
            else None,
        )
        result.slowest = max(result.slowest, time.perf_counter() - started)
        result.rounds.append(plan[0])
        hint = plan[1:] or None
    return result


def _burn(stop: float) -> None:
    while time.time() < stop:
        sum(i * i for i in range(10_000))


def under_load(case: Case) -> Run:
    """The same case drawn again while every core is kept busy."""
    stop = time.time() + 600
    burners = [
        multiprocessing.Process(target=_burn, args=(stop,)) for _ in range(os.cpu_count() or 2)
    ]
    for burner in burners:
        burner.start()
    try:
        return run(case)
    finally:
        for burner in burners:
            burner.terminate()


def main() -> None:
    repeats, imbalance, same, slowest = {}, {}, True, 0.0
    for case in CASES:
        quiet = run(case)
        busy = under_load(case)
        quality = seating_quality(quiet.rounds, table_size=case.size)
        repeats[case.name] = quality.repeated_pairs
        imbalance[case.name] = quality.wind_imbalance
        same = same and busy.rounds == quiet.rounds
        slowest = max(slowest, quiet.slowest)
        print(
            f"{case.name}: slowest round {quiet.slowest:.3f} s ({busy.slowest:.3f} s busy), "
            f"{quality}, same draw under load: {busy.rounds == quiet.rounds}"
        )
    random_cases = [c.name for c in CASES if c.method == "random"]
    result = {
        "seconds_per_round": round(slowest, 3),
        "repeated_pairs": repeats["200x8"],
        "wind_imbalance_swiss": imbalance["200x8 swiss"],
        "repeated_pairs_32": repeats["32x8"],
        "repeated_pairs_64": repeats["64x8"],
        "wind_imbalance": max(imbalance[name] for name in random_cases),
        "repeats_by_case": repeats,
        "wind_imbalance_max": max(imbalance.values()),
        "wind_imbalance_by_case": imbalance,
        "same_draw_under_load": same,
        "slowest_round_s": round(slowest, 3),
    }
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()

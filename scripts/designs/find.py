"""Find the 1-rotational zero-repeat seatings stored in ``tournaments/designs.py`` (offline).

A field of N players at tables of ``size`` is laid out as ``size - 1`` cycles of ``m`` players
and ``f = N - (size - 1) * m`` fixed players; round ``r`` is the base round with every cycle
turned by ``r``. Two players meet in at most one round exactly when the base round's pairs fall
in distinct orbits of the turning (and no pair whose orbit is shorter than ``m``). Finding such
a base round is an exact cover (each player once; each orbit at most once, exactly once when
the count allows no slack), solved by ``exact_cover.c`` (Knuth's dancing links with random
restarts). Usage: ``python scripts/designs/find.py N SIZE [ROUNDS] [NODE_LIMIT]`` (ROUNDS 0: the
bound); prints the base round as JSON once found (or nothing when every restart ran out).
Nearly Kirkman fields at tables of three (``N ≡ 0 mod 6``) leave pairs unmet: a cycle's half
turns where the cycles are even, each place's two players across the cycles where they are
odd (60 and 84: ``find.py 60 3 0 5000000``, seconds to minutes).

Below the bound there is slack (orbits to spare), and a plain depth-first search with restarts
finds base rounds fast: ``find.py --below SIZE N1,N2,... SECONDS`` tries, for each N, the most
rounds first, ``SECONDS`` per count of rounds, with ``N // rounds`` cycles and the rest fixed.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent


def orbit(a: int, b: int, m: int, cycles: int) -> tuple[object, ...] | None:
    """The orbit of the pair a-b under the turning, or None when it is shorter than m."""
    a, b = min(a, b), max(a, b)
    cm = cycles * m
    if b >= cm:
        return None if a >= cm else ("fixed", b - cm, a // m)
    (ja, xa), (jb, xb) = divmod(a, m), divmod(b, m)
    d = (xb - xa) % m
    if ja == jb:
        d = min(d, m - d)
        return None if 2 * d == m else ("within", ja, d)
    return ("between", ja, jb, d)


def cycles_at_bound(players: int, size: int, m: int) -> int:
    """How many cycles of ``m`` the exact cover lays out (the rest of the players are fixed)."""
    return min((players - 1) // m, size - 1)


def across(players: int, size: int, m: int) -> bool:
    """A nearly Kirkman field (``N = 2m + 2`` at tables of three) whose cycles have no half
    turn (``m`` odd): the pairs that never meet are then each place's two players across the
    cycles (the orbit ``("between", 0, 1, 0)``) and the two fixed players, so that orbit is
    left out and the cover is exact (60 and 84 players)."""
    return size == 3 and players == 2 * m + 2 and m % 2 == 1


def instance(players: int, size: int, m: int) -> tuple[list[tuple[int, ...]], str]:
    cycles = cycles_at_bound(players, size, m)
    keys: dict[object, int] = {}
    pair_key = {}
    unmet = ("between", 0, 1, 0) if across(players, size, m) else None
    for a, b in combinations(range(players), 2):
        key = orbit(a, b, m, cycles)
        if key is not None and key != unmet:
            pair_key[a, b] = keys.setdefault(key, len(keys))
    edges = players // size * size * (size - 1) // 2
    rows: list[tuple[int, ...]] = []
    lines = []
    for block in combinations(range(players), size):
        found = [pair_key.get(pair) for pair in combinations(block, 2)]
        if None in found or len(set(found)) < len(found):
            continue
        rows.append(block)
        cols = [*block, *(players + k for k in found)]  # type: ignore[operator]
        lines.append(f"{len(cols)} {' '.join(map(str, cols))}")
    columns = players + len(keys)
    primary = columns if len(keys) == edges else players
    return rows, f"{columns} {primary} {len(rows)}\n" + "\n".join(lines) + "\n"


def depth_first(
    players: int, size: int, m: int, cycles: int, rng: random.Random, limit: int
) -> list[tuple[int, ...]] | None:
    """A base round by depth-first search (a table at a time, its first player the first one
    left), giving up after ``limit`` steps."""
    pair_key: dict[tuple[int, int], int] = {}
    keys: dict[object, int] = {}
    for a, b in combinations(range(players), 2):
        key = orbit(a, b, m, cycles)
        if key is not None:
            pair_key[a, b] = pair_key[b, a] = keys.setdefault(key, len(keys))
    used: set[int] = set()
    free = set(range(players))
    order = list(range(cycles * m, players)) + rng.sample(range(cycles * m), cycles * m)
    tables: list[tuple[int, ...]] = []
    steps = 0

    def fill() -> bool:
        nonlocal steps
        steps += 1
        first = next((p for p in order if p in free), None)
        if first is None:
            return True
        if steps > limit:
            return False
        free.discard(first)
        options = [b for b in free if pair_key.get((first, b)) not in (None, *used)]
        rng.shuffle(options)
        if grow([first], options):
            return True
        free.add(first)
        return False

    def grow(table: list[int], options: list[int]) -> bool:
        if len(table) == size:
            free.difference_update(table[1:])
            tables.append(tuple(table))
            if fill():
                return True
            tables.pop()
            free.update(table[1:])
            return False
        for i, b in enumerate(options):
            found = [pair_key.get((x, b)) for x in table]
            if None in found or used.intersection(found) or len(set(found)) < len(found):
                continue
            used.update(found)  # type: ignore[arg-type]
            if grow([*table, b], options[i + 1 :]):
                return True
            used.difference_update(found)
            if steps > limit:
                return False
        return False

    return sorted(tables) if fill() else None


def below(size: int, fields: list[int], seconds: float) -> None:
    for players in fields:
        for m in range((players - 1) // (size - 1), 1, -1):
            cycles = players // m
            if players - cycles * m > players // size:
                continue
            rng, started, base = random.Random(f"{players}:{m}"), time.monotonic(), None
            while base is None and time.monotonic() - started < seconds:
                base = depth_first(players, size, m, cycles, rng, 4000)
            if base:
                found = {"players": players, "size": size, "rounds": m, "cycles": cycles}
                print(json.dumps({**found, "base": base}), flush=True)
                break


def main() -> None:
    if sys.argv[1] == "--below":
        below(int(sys.argv[2]), [int(n) for n in sys.argv[3].split(",")], float(sys.argv[4]))
        return
    players, size = int(sys.argv[1]), int(sys.argv[2])
    m = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    m = m or (players - 1) // (size - 1)
    limit = sys.argv[4] if len(sys.argv) > 4 else "2000000"
    rows, text = instance(players, size, m)
    solver = HERE / "exact_cover"
    if not solver.exists():
        subprocess.run(["cc", "-O2", "-o", solver, HERE / "exact_cover.c"], check=True)
    for seed in range(1, 10_000):
        out = subprocess.run(
            [solver, str(seed), limit], input=text, capture_output=True, text=True, check=True
        ).stdout.split("\n")
        if out[0].split()[0] == "1":
            base = sorted(rows[int(i)] for i in out[1].split())
            cycles = cycles_at_bound(players, size, m)
            found = {"players": players, "size": size, "rounds": m, "cycles": cycles, "base": base}
            print(json.dumps(found))
            return


if __name__ == "__main__":
    main()

"""A base round unchanged by ``tabu.turned_cycles`` as an exact cover (``exact_cover.c``), offline.

The quotient of ``tabu.py --symmetric``: each table of the base round is one of three images
by sigma, so the cover picks one representative per orbit of tables: rows are tables of four
orbits of players (one player of each, the first at power 0) whose three images put their 18
pairs in 18 distinct orbits of the turning, and, where two players stay fixed, each fixed
player with one whole orbit of sigma; columns are the orbits of players, the fixed players and
the classes of orbits under sigma (exactly once where the count allows no slack, at most once
otherwise). Usage: ``python scripts/designs/symcover.py N MULTIPLIER NODE_LIMIT SEEDS``. 44
(multiplier 9) and 60 (7) come in seconds (13 000 and 900 nodes); 56 took more than two
minutes, where ``tabu.py --symmetric`` takes two seconds, so the tabu search is the one used.
"""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations, product
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from find import orbit  # noqa: E402
from tabu import turned_cycles  # noqa: E402


def instance(players: int, multiplier: int) -> tuple[list[list[int]], str]:
    m = (players - 1) // 3
    sigma = turned_cycles(players, m, multiplier)
    keys: dict[object, int] = {}
    pair: dict[tuple[int, int], int] = {}
    for a, b in combinations(range(players), 2):
        key = orbit(a, b, m, 3)
        if key is not None:
            pair[a, b] = pair[b, a] = keys.setdefault(key, len(keys))
    moved = {pair[a, b]: pair[sigma[a], sigma[b]] for a, b in pair}
    klass: dict[int, int] = {}
    size: dict[int, int] = {}
    for o in range(len(keys)):
        if o not in klass:
            ring = [o, moved[o], moved[moved[o]]]
            for x in ring:
                klass[x] = len(size)
            size[len(size)] = len(set(ring))
    fixed = [p for p in range(players) if sigma[p] == p]
    reps, seen = [], set()
    for p in range(players):
        if p not in seen and sigma[p] != p:
            ring = [p, sigma[p], sigma[sigma[p]]]
            seen.update(ring)
            reps.append(ring)
    columns = len(reps) + len(fixed)
    rows: list[list[int]] = []
    lines = []
    for chosen in combinations(range(len(reps)), 4):
        for powers in product(range(3), repeat=3):
            table = [
                reps[chosen[0]][0],
                *(reps[c][k] for c, k in zip(chosen[1:], powers, strict=True)),
            ]
            found = [pair.get((a, b)) for a, b in combinations(table, 2)]
            if None in found:
                continue
            classes = [klass[o] for o in found]  # type: ignore[index]
            if len(set(classes)) < 6 or any(size[c] < 3 for c in classes):
                continue
            rows.append(table)
            lines.append([*chosen, *(columns + c for c in classes)])
    for i, f in enumerate(fixed):
        for r, ring in enumerate(reps):
            found = [pair.get((f, ring[0])), pair.get((ring[0], ring[1]))]
            if None in found:
                continue
            classes = [klass[o] for o in found]  # type: ignore[index]
            if len(set(classes)) < 2 or any(size[c] < 3 for c in classes):
                continue
            rows.append([f, *ring])
            lines.append([r, len(reps) + i, *(columns + c for c in classes)])
    total = columns + len(size)
    edges = players // 4 * 6 // 3
    primary = total if edges == len(size) else columns
    text = f"{total} {primary} {len(lines)}\n"
    text += "\n".join(f"{len(cols)} {' '.join(map(str, cols))}" for cols in lines) + "\n"
    return rows, text  # one table of each orbit: solve adds the images


def solve(players: int, multiplier: int, limit: str, seeds: int) -> dict | None:
    m = (players - 1) // 3
    sigma = turned_cycles(players, m, multiplier)
    rows, text = instance(players, multiplier)
    print(f"rows {len(rows)}", file=sys.stderr)
    solver = HERE / "exact_cover"
    if not solver.exists():
        subprocess.run(["cc", "-O2", "-o", solver, HERE / "exact_cover.c"], check=True)
    for seed in range(1, seeds + 1):
        out = subprocess.run(
            [solver, str(seed), limit], input=text, capture_output=True, text=True, check=True
        ).stdout.split("\n")
        print(f"seed {seed}: {out[0]}", file=sys.stderr)
        if out[0].split()[0] == "1":
            base = []
            for i in out[1].split():
                table = rows[int(i)]
                if {sigma[p] for p in table} == set(table):  # a fixed player's table
                    base.append(sorted(table))
                    continue
                for _ in range(3):
                    base.append(sorted(table))
                    table = [sigma[p] for p in table]
            return {"players": players, "size": 4, "rounds": m, "cycles": 3, "base": sorted(base)}
    return None


if __name__ == "__main__":
    found = solve(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
    if found is None:
        raise SystemExit("not found: try more seeds or nodes")
    print(json.dumps(found))

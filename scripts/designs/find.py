"""Find the 1-rotational zero-repeat seatings stored in ``tournaments/designs.py`` (offline).

A field of N players at tables of ``size`` is laid out as ``size - 1`` cycles of ``m`` players
and ``f = N - (size - 1) * m`` fixed players; round ``r`` is the base round with every cycle
turned by ``r``. Two players meet in at most one round exactly when the base round's pairs fall
in distinct orbits of the turning (and no pair whose orbit is shorter than ``m``). Finding such
a base round is an exact cover (each player once; each orbit at most once, exactly once when
the count allows no slack), solved by ``exact_cover.c`` (Knuth's dancing links with random
restarts). Usage: ``python scripts/designs/find.py N SIZE [ROUNDS] [NODE_LIMIT]`` (ROUNDS 0: the
bound); prints the
base round as JSON once found (or nothing when every restart ran out).
"""

from __future__ import annotations

import json
import subprocess
import sys
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


def instance(players: int, size: int, m: int) -> tuple[list[tuple[int, ...]], str]:
    cycles = (players - 1) // m if (players - 1) // m < size else size - 1
    keys: dict[object, int] = {}
    pair_key = {}
    for a, b in combinations(range(players), 2):
        key = orbit(a, b, m, cycles)
        if key is not None:
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


def main() -> None:
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
            print(json.dumps({"players": players, "size": size, "rounds": m, "base": base}))
            return


if __name__ == "__main__":
    main()

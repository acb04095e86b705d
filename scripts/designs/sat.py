"""Find a 1-rotational base round by SAT (CaDiCaL through ``python-sat``), offline.

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

The layout is ``find.py``'s and ``tabu.py``'s plain one: cycles of ``m`` and the players left
fixed, round ``r`` the base round with every cycle turned by ``r``. A variable per pair that
may share a table (its orbit is whole and not between two fixed players); each player has
``SIZE - 1`` partners, sharing a table is transitive, and no orbit holds two of the base
round's pairs (each exactly one where counting leaves none over). The turning of each cycle
by itself maps the layout onto itself, so the first fixed player sits with place 0 of each
cycle.

``sat.py N SIZE [ROUNDS]``: prints the base round as ``find.py`` does (``store.py`` stores
it), or says it found none (an unsatisfiable layout is a proof there is none in it).
``tabu_text`` solves what ``tabu.py`` gives ``tabu.c`` (any of its layouts, ``tabu.py --sat``). Run
(2026-11-28, the other core busy): 36 in 3.5 s, 44 in 498 s (where the plain tabu search
stalls two or three pairs short), 48 not in 600 s. Later (2026-11-29, two at a time): 68 over 22
(three cycles of 22 and two fixed players; the tabu search ends 3 pairs short) not in 14
minutes. 2026-12-02, at tables of three (nearly Kirkman systems, two cycles of ``(N - 2) / 2``
and two fixed players, where ``orbits.py --nearly``'s annealing stalled one orbit short for
every seed tried): 114 in about four minutes (another search on the other core). 2026-12-03,
two at a time: 132 in 27 minutes; 156 not in 90 and 186 not in 83 (both are built from
Kirkman frames instead, ``tournaments.seating.kirkman_framed_rounds``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from find import cycles_at_bound  # noqa: E402
from tabu import orbit_table  # noqa: E402


def base_round(players: int, size: int, rounds: int = 0) -> dict | None:
    m = rounds or (players - 1) // (size - 1)
    cycles = cycles_at_bound(players, size, m)
    count, table = orbit_table(players, m, cycles)
    first_fixed = cycles * m  # sits with place 0 of each cycle
    together = [(first_fixed, j * m) for j in range(cycles)] if first_fixed < players else []
    lines = tabu_text(f"{players} {size} {count} 0 {m}\n{table}", together)
    if lines is None:
        return None
    base = [sorted(map(int, line.split())) for line in lines]
    return {"players": players, "size": size, "rounds": m, "cycles": cycles, "base": base}


def seat_clauses(
    players: int, size: int, s: Callable[[int, int], int | None], pool: IDPool
) -> list[list[int]]:
    """One round's tables from pair variables (``s``; None: never together): each player with
    ``size - 1`` partners, and sharing a table transitive."""
    clauses: list[list[int]] = []
    for p in range(players):
        partners = [v for q in range(players) if q != p and (v := s(p, q)) is not None]
        clauses += CardEnc.equals(partners, size - 1, vpool=pool, encoding=EncType.seqcounter)
    for a, b, c in combinations(range(players), 3):
        for x, y, z in ((a, b, c), (b, a, c), (a, c, b)):  # x-y and x-z: y-z
            u, v, w = s(x, y), s(x, z), s(y, z)
            if u is not None and v is not None:
                clauses.append([-u, -v] + ([w] if w is not None else []))
    return clauses


def pair_orbit(pair: tuple[int, int], *moves: Callable[[int], int]) -> tuple[int, int]:
    """The smallest pair of ``pair``'s orbit under the group the ``moves`` (permutations of the
    players) generate: the key of one variable shared by the whole orbit, so a round keeps the
    symmetry."""
    seen, todo = {pair}, [pair]
    while todo:
        a, b = todo.pop()
        for move in moves:
            x, y = move(a), move(b)
            image = (min(x, y), max(x, y))
            if image not in seen:
                seen.add(image)
                todo.append(image)
    return min(seen)


def once_each(listed: Sequence[int], pool: IDPool) -> list[list[int]]:
    """Exactly one of an orbit's variables true, each listed once per pair of the orbit it
    holds: a variable listed twice would meet the orbit twice, so it is false."""
    once = sorted(set(listed))
    clauses = [[-v] for v in once if listed.count(v) > 1]
    return clauses + CardEnc.equals(once, 1, vpool=pool, encoding=EncType.seqcounter).clauses


def read_tables(
    players: int, s: Callable[[int, int], int | None], true: set[int]
) -> list[list[int]]:
    """The tables of one round from a model's true pair variables."""
    tables, seen = [], set()
    for p in range(players):
        if p not in seen:
            table = [p] + [q for q in range(players) if q != p and s(p, q) in true]
            seen.update(table)
            tables.append(table)
    return tables


def tabu_text(text: str, together: Sequence[tuple[int, int]] = ()) -> list[str] | None:
    """``tabu.c``'s input (``N K O S M``, the orbit table, each orbit's capacity) solved by SAT
    (``S`` must be 0), the pairs ``together`` at one table: the tables as ``tabu.c`` prints
    them, or None where there are none."""
    head, *rows = text.strip().split("\n")
    players, size, count, short, _ = map(int, head.split())
    if short:
        raise SystemExit("SAT takes no short rounds")
    table = [list(map(int, row.split())) for row in rows[:players]]
    capacity = list(map(int, rows[players].split())) if len(rows) > players else [1] * count
    pool, cnf = IDPool(), CNF()
    var = {
        (a, b): pool.id((a, b))
        for a, b in combinations(range(players), 2)
        if table[a][b] >= 0 and capacity[table[a][b]]
    }

    def s(a: int, b: int) -> int | None:
        return var.get((min(a, b), max(a, b)))

    cnf.extend(seat_clauses(players, size, s, pool))
    members: dict[int, list[int]] = {}
    for (a, b), v in var.items():
        members.setdefault(table[a][b], []).append(v)
    exact = sum(capacity) == players * (size - 1) // 2
    for o, listed in members.items():
        cnf.extend(CardEnc.atmost(listed, capacity[o], vpool=pool, encoding=EncType.seqcounter))
        if exact:
            cnf.extend(
                CardEnc.atleast(listed, capacity[o], vpool=pool, encoding=EncType.seqcounter)
            )
    cnf.extend([v] for a, b in together if (v := s(a, b)) is not None)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}
    return [" ".join(map(str, t)) for t in read_tables(players, s, true)]


def main() -> None:
    players, size = int(sys.argv[1]), int(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    found = base_round(players, size, rounds)
    if found is None:
        raise SystemExit("none in this layout (unsatisfiable)")
    print(json.dumps(found))


if __name__ == "__main__":
    main()

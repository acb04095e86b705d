"""The fewest repeats a small field can have, by SAT (CaDiCaL through ``python-sat``), offline.

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

Where no schedule spreads the repeats evenly (``even_sat.py`` proves it, or finds none), the
fewest repeats are ``meetings - pairs met``: this asks whether ``N`` players over ``ROUNDS``
rounds at tables of ``SIZE`` can meet at least ``PAIRS`` different pairs. A variable per
player, round and table; a pair counts as met when some table of some round holds both. The
players are interchangeable, so the first round seats them in order; the tables of a round
come in the order of their first player (player 0 always at the first), and the rounds after
the first in the order of player 0's first partner, which breaks the symmetry without losing
a schedule (a proof, then, where there is none).

``fewest_sat.py N SIZE ROUNDS PAIRS``: prints the rounds as ``tournaments/fewest_rounds.py``
stores them, or says there are none. Run 2026-12-04 (both cores busy): 12 at tables of three
over 6 rounds (72 meetings, 66 pairs) cannot meet all 66 (unsatisfiable in 834 s), and meets
65 in 0.4 s: 7 repeats, where the draw's search made 8 and left two pairs unmet.

``fewest_sat.py --turned N SIZE ROUNDS FIXED``: every pair met (a covering, where that leaves
each player one opponent twice: one round past the bound at tables of four, ``N ≡ 0 mod 12``),
sought among schedules that a turn of order 3 keeps: player ``p`` becomes ``p + N / 3`` (mod
``N``), the rounds but the last ``FIXED`` go round in threes and those keep their tables among
themselves. A variable per pair and round (together or not), each player with ``SIZE - 1``
partners, together transitive, one variable for each orbit of the turn: a third of the
problem, and no symmetry left to break (its "none" is no proof). Run 2026-12-04 (both cores
busy): 24 over 8 with 2 fixed in 264 s, where the plain model had run 21 minutes without an
answer and three cycles of 8 turned have none; the schedule spreads the repeats evenly (each
pair once or twice), so ``tournaments/even_rounds.py`` stores it.
"""

from __future__ import annotations

import sys
from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver


def fewest(players: int, size: int, rounds: int, pairs: int) -> list[list[list[int]]] | None:
    tables = players // size
    pool, cnf = IDPool(), CNF()

    def x(p: int, r: int, t: int) -> int:
        return pool.id(("x", p, r, t))

    for r in range(rounds):
        for p in range(players):
            cnf.extend(CardEnc.equals([x(p, r, t) for t in range(tables)], 1, vpool=pool))
        for t in range(tables):
            seated = [x(p, r, t) for p in range(players)]
            cnf.extend(CardEnc.equals(seated, size, vpool=pool, encoding=EncType.seqcounter))
            if r:  # table t's first player comes after table t - 1's
                for p in range(players):
                    if t:
                        cnf.append([-x(p, r, t)] + [x(q, r, t - 1) for q in range(p)])
    for p in range(players):
        cnf.append([x(p, 0, p // size)])
    for r in range(1, rounds - 1):  # player 0's first partner never falls from round to round
        for q in range(1, players):
            cnf.append([-x(q, r + 1, 0)] + [x(s, r, 0) for s in range(1, q + 1)])
    met = []
    for p, q in combinations(range(players), 2):
        together = []
        for r in range(rounds):
            for t in range(tables):
                both = pool.id(("both", p, q, r, t))
                cnf.extend([[-both, x(p, r, t)], [-both, x(q, r, t)]])
                together.append(both)
        pair = pool.id(("met", p, q))
        cnf.append([-pair, *together])
        met.append(pair)
    cnf.extend(CardEnc.atleast(met, pairs, vpool=pool, encoding=EncType.seqcounter).clauses)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}
    return [
        [[p for p in range(players) if x(p, r, t) in true] for t in range(tables)]
        for r in range(rounds)
    ]


def turned_covering(
    players: int, size: int, rounds: int, fixed: int
) -> list[list[list[int]]] | None:
    """Every pair met, the schedule kept by the turn of order 3 (the module's docstring)."""
    third, moved = players // 3, rounds - fixed
    if players % 3 or moved % 3:
        raise SystemExit("the turn needs N and the rounds it moves in threes")

    def turn(p: int, q: int, r: int) -> tuple[int, int, int]:
        r = 3 * (r // 3) + (r + 1) % 3 if r < moved else r
        return (p + third) % players, (q + third) % players, r

    pool, cnf = IDPool(), CNF()

    def together(p: int, q: int, r: int) -> int:
        orbit = [(min(p, q), max(p, q), r)]
        for _ in range(2):
            p, q, r = turn(p, q, r)
            orbit.append((min(p, q), max(p, q), r))
        return pool.id(min(orbit))

    for r in range(rounds):
        for p in range(players):
            partners = [together(p, q, r) for q in range(players) if q != p]
            cnf.extend(CardEnc.equals(partners, size - 1, vpool=pool, encoding=EncType.seqcounter))
        for p, q, s in combinations(range(players), 3):
            a, b, c = together(p, q, r), together(q, s, r), together(p, s, r)
            cnf.extend([[-a, -b, c], [-a, -c, b], [-b, -c, a]])
    for p, q in combinations(range(players), 2):
        cnf.append([together(p, q, r) for r in range(rounds)])
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}
    found = []
    for r in range(rounds):
        tables: list[list[int]] = []
        for p in range(players):
            if not any(p in table for table in tables):
                tables.append(
                    [p] + [q for q in range(players) if q != p and together(p, q, r) in true]
                )
        found.append(tables)
    return found


def main() -> None:
    if sys.argv[1] == "--turned":
        found, none = turned_covering(*map(int, sys.argv[2:6])), "none kept by this turn"
    else:
        players, size, rounds, pairs = map(int, sys.argv[1:5])
        found = fewest(players, size, rounds, pairs)
        none = f"none: {players} x {rounds} cannot meet {pairs} pairs"
    if found is None:
        raise SystemExit(none)
    for tables in found:  # as tournaments/even_rounds.py and fewest_rounds.py store them
        print("|".join(" ".join(map(str, table)) for table in tables))


if __name__ == "__main__":
    main()

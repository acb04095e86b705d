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


def main() -> None:
    players, size, rounds, pairs = map(int, sys.argv[1:5])
    found = fewest(players, size, rounds, pairs)
    if found is None:
        raise SystemExit(f"none: {players} x {rounds} cannot meet {pairs} pairs")
    for tables in found:
        print("|".join(" ".join(map(str, table)) for table in tables))


if __name__ == "__main__":
    main()

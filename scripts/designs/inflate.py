"""Look for a resolvable design of type 3^(3q+1) as a resolvable design of 3q + 1 made three
times over, by SAT (offline; needs ``pip install python-sat``).

Settled since (version 41): Tenbou seats 156 over 51 by four copies of the design of 40 less
a player (a frame of type 3¹³) joined by a resolvable TD(4, 39)
(``tournaments.seating.copied_rounds``). What follows is the record of a search that did not
find one.

The players of ``resolvable_rounds``' design of ``3q + 1`` (``q`` a prime power, ``q ≡ 1 mod
4``; its rounds are one round turned by GF(q)) are each made three, ``3p + i``; a table of four
becomes the nine tables of a transversal design TD(4, 3), so that two copies of different
players meet exactly once and a player's own three copies never: every pair but those of a
group of three once, the design 156 = 3 × 52 is known to have. What is left is to seat those
tables in rounds, and no TD(4, 3) seats its nine tables in three rounds of its own (any two of
its tables share a player: the lines of AG(2, 3) through two points), so each round takes at
most one table of each table of four, and a player's three copies sit at three different
tables of four.

The layout here: each new round is the union of three old rounds (a *triple*; every old round
in nine of them, the triples the turns of ``TRIPLES``), and a table of four takes, in each of
its nine triples, one of its nine tables: the row ``w`` of Z_3² of its TD, a player's copy being
``a + s·(c · w)`` with ``c`` one of the four directions (1,0), (1,1), (1,2), (0,1) (one per
player of the table: the TD), ``s = ±1`` and ``a`` a shift (every TD(4, 3) is one of these).
Everything is unchanged by turning GF(q) (the tables, the triples and the rows they take). In
each triple every player's three copies sit once: the SAT. ``--per-round`` gives every table of
one old round the same row in a triple: then, the directions given, a player's three copies
summing to 0 in every new round are linear equations in the shifts and rows, more of them than
unknowns (counted without the turning, 48 players: 240 equations, 80 shifts and 90 row
coordinates; 156: 2652 against 884 and 306), where a row for each table gives enough.

``inflate.py Q TRIPLES [--per-round]`` (``Q`` a prime), e.g. ``inflate.py 17
'[[0,1,3],[0,4,9],[0,5,11]]'``: prints the rounds (a JSON list) when it finds them, each pair
counted, or says there are none.

Run (2026-11-29, two at a time): ``--per-round`` at 48 (q = 5) unsatisfiable for every triple
system of Z_5 (the four: ``[[0,1,2]]`` three times, twice with ``[0,1,3]``, once, ``[0,1,3]``
three times) in 8 to 20 s each; without it 48 ``[[0,1,2],[0,1,2],[0,1,3]]`` and 156 (q = 17)
``[[0,1,3],[0,4,9],[0,5,11]]`` unanswered in 25 minutes each; ``--per-round`` at 156 with
``[[0,1,3],[0,4,9],[0,5,11]]`` unanswered in 400 s, and 120 (q = 13) with
``[[0,1,3],[0,4,9],[0,2,7]]`` in 300 s; with a row per table 120 with those triples unanswered
in 20 minutes, 156 with ``[[0,1,2],[0,2,6],[0,3,8]]`` in 15 and with ``[[0,1,4],[0,2,8],
[0,3,12]]`` in 25, and ``--per-round`` at 156 with ``[[0,1,2],[0,2,6],[0,3,8]]`` in 25. Nor
did 48 answer in 25 minutes in two prototypes not kept, where a new round is any twelve
tables: with the turning, or any TD for each of the 20 tables and any 15 rounds.
"""

from __future__ import annotations

import json
import sys
import time
from itertools import combinations
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tournaments.seating import resolvable_rounds

DIRECTIONS = ((1, 0), (1, 1), (1, 2), (0, 1))  # the four lines through 0 of Z_3²


class _InOrder:
    """``resolvable_rounds``' random choices made in order: layer ``l`` place ``x`` is player
    ``l·q + x``, ``∞`` is ``3q``, and round ``r`` is the first turned by ``r``."""

    def shuffle(self, items: list) -> None:
        pass

    def sample(self, items: range, count: int) -> list[int]:
        return list(items)[:count]


def rounds_of(q: int, triples: list[list[int]], per_round: bool) -> list[list[list[int]]] | None:
    if q < 5 or q % 4 != 1 or any(q % d == 0 for d in range(2, q)):
        raise SystemExit("Q must be a prime = 1 mod 4 (the turns here are those of Z_q)")
    if len(triples) != 3 or any(len({r % q for r in triple}) != 3 for triple in triples):
        raise SystemExit("TRIPLES: three triples of distinct old rounds (each round in nine turns)")
    players = 3 * q + 1
    infinity = 3 * q
    old = resolvable_rounds(list(range(players)), 4, q, _InOrder())  # type: ignore[arg-type]

    def turned(p: int, by: int) -> int:
        return p if p == infinity else p // q * q + (p % q + by) % q

    first = [tuple(table) for table in old[0]]
    where = {}  # (player, old round) -> (table of the first round, its seat)
    for b, table in enumerate(first):
        for j, p in enumerate(table):
            for r in range(q):
                where[turned(p, r), r] = (b, j)
    pool, clauses = IDPool(), []

    def exactly_one(literals: list[int]) -> None:
        clauses.extend(CardEnc.equals(literals, 1, vpool=pool, encoding=EncType.seqcounter))

    tables = range(len(first))
    shift = {(b, j, a): pool.id(("a", b, j, a)) for b in tables for j in range(4) for a in range(3)}
    direction = {
        (b, j, d): pool.id(("c", b, j, d)) for b in tables for j in range(4) for d in range(4)
    }
    negated = {(b, j): pool.id(("s", b, j)) for b in tables for j in range(4)}
    for b in tables:
        for j in range(4):
            exactly_one([shift[b, j, a] for a in range(3)])
            exactly_one([direction[b, j, d] for d in range(4)])
        for d in range(4):
            exactly_one([direction[b, j, d] for j in range(4)])
    # the row (of Z_3², 0..8) a table of the first round takes in triple t as its i-th old round
    owners = [0] if per_round else list(tables)
    row = {
        (o, t, i, w): pool.id(("w", o, t, i, w))
        for o in owners
        for t in range(len(triples))
        for i in range(3)
        for w in range(9)
    }
    for o in owners:
        for t in range(len(triples)):
            for i in range(3):
                exactly_one([row[o, t, i, w] for w in range(9)])
        for w in range(9):
            exactly_one([row[o, t, i, w] for t in range(len(triples)) for i in range(3)])

    def seat_value(d: int, w: int) -> int:
        u, v = divmod(w, 3)
        return (DIRECTIONS[d][0] * u + DIRECTIONS[d][1] * v) % 3

    for t, triple in enumerate(triples):
        for p in range(players):
            copies = []
            for i, r in enumerate(triple):
                b, j = where[p, r % q]
                o = 0 if per_round else b
                copy = [pool.id(("copy", t, p, i, k)) for k in range(3)]
                for a in range(3):
                    for d in range(4):
                        for w in range(9):
                            given = [-shift[b, j, a], -direction[b, j, d], -row[o, t, i, w]]
                            plus, minus = (a + seat_value(d, w)) % 3, (a - seat_value(d, w)) % 3
                            clauses.append([*given, negated[b, j], copy[plus]])
                            clauses.append([*given, -negated[b, j], copy[minus]])
                exactly_one(copy)
                copies.append(copy)
            for k in range(3):
                exactly_one([copy[k] for copy in copies])
    for j in range(4):  # the first table's TD as it comes
        clauses += [[direction[0, j, j]], [shift[0, j, 0]], [-negated[0, j]]]
    print(f"{pool.top} variables, {len(clauses)} clauses", file=sys.stderr, flush=True)
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        true = {literal for literal in solver.get_model() if literal > 0}
    shift_of, direction_of, row_of = (
        {key[:-1]: key[-1] for key, v in found.items() if v in true}
        for found in (shift, direction, row)
    )
    built = []
    for t, triple in enumerate(triples):
        for by in range(q):
            round_ = []
            for i, r in enumerate(triple):
                for b, table in enumerate(first):
                    o = 0 if per_round else b
                    w = row_of[o, t, i]
                    seat = []
                    for j, p in enumerate(table):
                        sign = -1 if negated[b, j] in true else 1
                        copy = (shift_of[b, j] + sign * seat_value(direction_of[b, j], w)) % 3
                        seat.append(3 * turned(p, (r + by) % q) + copy)
                    round_.append(seat)
            built.append(round_)
    return built


def check(built: list[list[list[int]]], players: int) -> int:
    """Every round seats every player once and no two players meet twice: the pairs met."""
    met: set[tuple[int, int]] = set()
    for round_ in built:
        assert sorted(p for table in round_ for p in table) == list(range(players))
        for table in round_:
            for pair in combinations(sorted(table), 2):
                assert pair not in met, pair
                met.add(pair)
    return len(met)


def main() -> None:
    q, triples = int(sys.argv[1]), json.loads(sys.argv[2])
    started = time.monotonic()
    built = rounds_of(q, triples, "--per-round" in sys.argv)
    took = time.monotonic() - started
    if built is None:
        print(f"none in this layout (unsatisfiable, {took:.1f} s)")
        return
    print(f"{len(built)} rounds, {check(built, 3 * (3 * q + 1))} pairs met, {took:.1f} s")
    print(json.dumps(built))


if __name__ == "__main__":
    main()

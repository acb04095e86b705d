"""Look for a resolvable group divisible design of type 3^52 (156 players over 51 rounds, the
two others of each player's group of three never met) over GF(13), by SAT (offline).

Settled since (version 41): Tenbou seats 156 over 51 by four copies of the design of 40 less
a player (a frame of type 3¹³) joined by a resolvable TD(4, 39)
(``tournaments.seating.copied_rounds``). What follows is the record of a search that did not
find one.

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

The layout: player ``(x, c)`` is place ``x`` (mod 13) of column ``c`` (0 to 11); the groups are
``(x, 3l), (x, 3l + 1), (x, 3l + 2)``, a place of the columns of one *band* ``l`` (0 to 3).
Everything is unchanged by adding ``t`` to every place, and by sigma, which takes ``(x, c)``
to ``(M·x, P(c))`` (``M`` a cube root of 1 mod 13: 1, 3 or 9; ``P`` a permutation of the
columns of order 3 that keeps the bands). 39 rounds are one base round turned (adding ``t``)
and taken by sigma (``sigma^k`` then adding ``t``); the other 12 are four *fixed* rounds and
their images by sigma, each fixed round three tables turned (adding ``t``: 39 tables, every
table a place of four distinct columns). This is not the layout of ``symsat.py 156 51 16 0231
within`` (Z_39 × 4): there the base round's three images are its turns by 13, here by sigma, and
nothing asks the rounds to be kept by a third of a turn.

One variable per pair of the base round (sharing a table), the fixed rounds' tables as columns
grouped in fours with a place each; every orbit of the pairs under the turning and sigma
(39 pairs) holds exactly one pair of the base round or of a fixed round, and the pairs of a
group none.

``thirteen.py M PERM [Q [H R]]``: ``PERM`` names ``P``: ``rotate`` (each band's three columns
turned round), ``bands`` (band 0 kept, bands 1, 2, 3 turned into each other, column by column)
or ``both`` (band 0's columns turned round and bands 1, 2, 3 turned into each other). ``Q`` 7
tries the same layout on 84 players over 27 rounds (type 3^28, which Tenbou seats another way:
a check that the layout can work at all). ``H R`` also keep the base round by psi, ``(x, c)``
to ``(H·x, R(c))`` (``H`` a fourth root of 1; ``R`` ``none``, ``bands`` or ``pairs``, see
``keeping``), which shares one variable among a pair's images and cuts the search by up to
four. Prints the rounds as one JSON line (checked here, pair by pair) or says that this layout
has none.

Run (2026-11-29, two or three at a time, 2-core AMD EPYC): no answer for 156 with ``3 rotate``
in 37 minutes, ``3 bands`` in 32, ``3 rotate 13 5 bands`` in 30; nor for 84 with ``2 rotate``,
``2 bands``, ``2 both`` or ``1 rotate`` in 5 minutes each, ``2 rotate 7 6 pairs`` in 10,
``2 both 7 6 pairs`` in 15. That the small case found nothing either says the layout is
unproven, not that 156 has no design in it: the SAT model is as large as the base round is
free (174 thousand variables, 2.2 million clauses for 156).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sat import once_each, pair_orbit, read_tables, seat_clauses  # noqa: E402

COLUMNS = 12
# The places: 13 (``thirteen.py M PERM``), or 7 to try the layout on 84 players over 27 rounds
# (type 3^28, which Tenbou seats another way): ``thirteen.py M PERM 7``.
Q = int(sys.argv[3]) if len(sys.argv) > 3 else 13
PLAYERS = Q * COLUMNS
FIXED = (Q - 1) // 3  # fixed rounds, each with its two images by sigma


def permutation(name: str) -> list[int]:
    def column(band: int, a: int) -> int:
        return 3 * band + a % 3

    if name == "rotate":
        return [column(c // 3, c + 1) for c in range(COLUMNS)]
    if name == "bands":
        return [c if c < 3 else column(1 + c // 3 % 3, c) for c in range(COLUMNS)]
    if name == "both":
        return [column(0, c + 1) if c < 3 else column(1 + c // 3 % 3, c) for c in range(COLUMNS)]
    raise SystemExit(f"unknown PERM {name!r}: rotate, bands or both")


def keeping(name: str) -> list[int]:
    """R, the columns' permutation of psi: ``none``, ``bands`` (band l to band l + 1, column by
    column: order 4) or ``pairs`` (bands 0 and 1 swapped, 2 and 3: order 2)."""
    if name == "none":
        return list(range(COLUMNS))
    if name == "bands":
        return [(c + 3) % COLUMNS for c in range(COLUMNS)]
    if name == "pairs":
        return [3 * (c // 3 ^ 1) + c % 3 for c in range(COLUMNS)]
    raise SystemExit(f"unknown R {name!r}: none, bands or pairs")


def player(x: int, c: int) -> int:
    return x % Q * COLUMNS + c


def same_group(a: int, b: int) -> bool:
    return a // COLUMNS == b // COLUMNS and a % COLUMNS // 3 == b % COLUMNS // 3


def design(
    m: int, perm: list[int], keep_by: int = 1, keep_perm: list[int] | None = None
) -> list[list[list[int]]] | None:
    keep_perm = keep_perm or list(range(COLUMNS))

    def moved(p: int, k: int, t: int) -> int:
        x, c = divmod(p, COLUMNS)
        for _ in range(k):
            x, c = m * x, perm[c]
        return player(x + t, c)

    group = [(k, t) for k in range(3) for t in range(Q)]

    def orbit(a: int, b: int) -> tuple[int, int]:
        return min(tuple(sorted((moved(a, k, t), moved(b, k, t)))) for k, t in group)

    sizes = Counter()
    keys = {}
    for a, b in combinations(range(PLAYERS), 2):
        keys[a, b] = orbit(a, b)
        sizes[keys[a, b]] += 1
    short = [key for key, size in sizes.items() if size < len(group) and not same_group(*key)]
    if short:
        print(f"orbits of fewer than 39 pairs: {short[:3]}", file=sys.stderr)
        return None

    pool, cnf = IDPool(), CNF()

    def kept(p: int) -> int:  # psi: (x, c) to (H·x, R(c)), which keeps the base round
        x, c = divmod(p, COLUMNS)
        return player(keep_by * x, keep_perm[c])

    pair = {
        (a, b): pool.id(("pair", *pair_orbit((a, b), kept)))
        for a, b in combinations(range(PLAYERS), 2)
        if not same_group(a, b)
    }

    def s(a: int, b: int) -> int | None:
        return pair.get((min(a, b), max(a, b)))

    cnf.extend(seat_clauses(PLAYERS, 4, s, pool))
    members: dict[tuple[int, int], list[int]] = {}
    for ab, v in pair.items():  # a pair of psi's orbit, each counted once per orbit it meets
        members.setdefault(keys[ab], []).append(v)

    place = {
        (r, c, x): pool.id(("place", r, c, x))
        for r in range(FIXED)
        for c in range(COLUMNS)
        for x in range(Q)
    }
    together = {
        (r, c, d): pool.id(("together", r, c, d))
        for r in range(FIXED)
        for c, d in combinations(range(COLUMNS), 2)
    }
    for r in range(FIXED):
        cnf.extend(
            seat_clauses(
                COLUMNS,
                4,
                lambda c, d, r=r: together[r, min(c, d), max(c, d)],
                pool,
            )
        )
        for c in range(COLUMNS):
            cnf.extend(
                CardEnc.equals(
                    [place[r, c, x] for x in range(Q)], 1, vpool=pool, encoding=EncType.pairwise
                ).clauses
            )
        cnf.append([place[r, 0, 0]])  # column 0's table turned so that it sits at place 0
        for c, d in combinations(range(COLUMNS), 2):
            for delta in range(Q):
                key = keys[tuple(sorted((player(0, c), player(delta, d))))]
                z = pool.id(("covers", r, c, d, delta))
                if same_group(player(0, c), player(delta, d)):
                    cnf.append([-z])
                cnf.append([-z, together[r, c, d]])
                for x in range(Q):
                    cnf.append([-z, -place[r, c, x], place[r, d, (x + delta) % Q]])
                    cnf.append(
                        [-together[r, c, d], -place[r, c, x], -place[r, d, (x + delta) % Q], z]
                    )
                members.setdefault(key, []).append(z)
    for key, listed in members.items():
        if same_group(*key):
            cnf.extend([-v] for v in listed)
            continue
        cnf.extend(once_each(listed, pool))
    print(f"{pool.top} variables, {len(cnf.clauses)} clauses", file=sys.stderr)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}
    base = read_tables(PLAYERS, s, true)
    rounds = [[[moved(p, k, t) for p in table] for table in base] for k, t in group]
    for r in range(FIXED):
        tables = read_tables(COLUMNS, lambda c, d, r=r: together[r, min(c, d), max(c, d)], true)
        placed = [
            [player(next(x for x in range(Q) if place[r, c, x] in true), c) for c in table]
            for table in tables
        ]
        for k in range(3):
            rounds.append([[moved(p, k, t) for p in table] for table in placed for t in range(Q)])
    return rounds


def check(rounds: list[list[list[int]]]) -> None:
    """Every round seats everyone once at tables of four; every pair of players of different
    groups meets exactly once, and no two of a group ever meet."""
    met: Counter[frozenset[int]] = Counter()
    for round_ in rounds:
        assert sorted(p for table in round_ for p in table) == list(range(PLAYERS))
        assert all(len(table) == 4 for table in round_)
        met.update(frozenset(ab) for table in round_ for ab in combinations(table, 2))
    for a, b in combinations(range(PLAYERS), 2):
        assert met[frozenset((a, b))] == (0 if same_group(a, b) else 1), (a, b)
    assert len(rounds) == (PLAYERS - 3) // 3


def main() -> None:
    m, name = int(sys.argv[1]), sys.argv[2]
    if m**3 % Q != 1:
        raise SystemExit(f"M must be a cube root of 1 mod {Q}")
    start = time.perf_counter()
    keep_by, keep_name = (int(sys.argv[4]), sys.argv[5]) if len(sys.argv) > 5 else (1, "none")
    if pow(keep_by, 4, Q) != 1:
        raise SystemExit("H must be a fourth root of 1")
    rounds = design(m, permutation(name), keep_by, keeping(keep_name))
    print(f"sat: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    if rounds is None:
        raise SystemExit("none in this layout (unsatisfiable)")
    check(rounds)
    print(json.dumps(rounds))


if __name__ == "__main__":
    main()

"""Find a design of four cycles turned and short rounds, unchanged by sigma, by SAT (offline).

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

The layout of ``tabu.py --short``: ``N = 4n`` players in four cycles of ``n`` (player ``l*n + x``
is place ``x`` of cycle ``l``); ``n`` rounds are the base round with every cycle turned by ``0 ..
n-1``, the others *short*, each the turns of one table that seats a player of every cycle. Two
players meet at most once when the base round's and the short tables' pairs fall in distinct
orbits of the turning. Here everything is also unchanged by sigma, which takes place ``x`` of
cycle ``l`` to place ``M·x`` of cycle ``l + 1`` (mod 4; ``M`` prime to ``n``): the base round is
its own image (sigma moves every player, so its tables come in fours, twos or alone), and the
short rounds are taken in whole orbits of sigma. One variable per orbit of sigma on the pairs
(sharing a table in the base round), one per orbit of sigma on the short rounds (given by their
table with place 0 of cycle 0; counted once per short round in it); each player has three
partners, sharing a table is transitive, no orbit of the turning holds two pairs, and the short
rounds make up the rounds asked. An orbit of the turning that sigma keeps can then only hold a
pair that sigma keeps too, which cuts the search: with ``M² ≡ -1 mod n`` (68 = 4 × 17 with 4,
164 with 9, 200 with 7) sigma has order 4 on the places too.

``symsat.py N ROUNDS M [CYCLE_TO [GROUPS]]``: prints one JSON line as ``orbits.py`` does
(``orbits.py --write`` checks and stores it), or says that this layout has none
(unsatisfiable: a proof). ``CYCLE_TO`` (default ``1230``) is where sigma takes cycles 0 to 3,
e.g. ``1032`` to swap them in twos, ``0231`` to keep cycle 0 and turn the others round (the
layout of ``tabu.py --symshort``, ``M`` a cube root of 1). Three digits (``120``) give the
*ring* instead: ``N = 3·ROUNDS + 3``, three cycles of ``ROUNDS`` and three fixed players who
go round as the cycles do (``tabu.py --symmetric``; the line printed is ``find.py``'s, which
``store.py`` stores). Short of the bound (``ROUNDS < (N - 1) // 3``) every orbit may stay
unmet; at the bound, where the unmet pairs are groups of three (``N ≡ 0 mod 12`` with the
cycle a multiple of 3), ``GROUPS`` says which orbits they are: ``within`` (the default: a
third of a turn apart in each cycle, the only choice with four cycles turned round),
``across`` (the ring: place ``x`` of each cycle) or ``free``. With ``M² ≡ -1`` and the cycles
turned round, a field of type 2^u (``N ≡ 8 mod 12``) leaves unmet two orbits that sigma
swaps, place ``x`` of cycle 0 with ``x + d`` of cycle 2 and its image; turning cycle ``l``
by ``M^l·t`` (which keeps sigma) makes ``d`` 0, so those two hold nothing and every other
orbit exactly one pair. With ``M = -1`` and the cycles turned
round, type 2^u has no design at all: the pairs left unmet must be those same two orbits with
``d = 0``, no short round is then its own image or its image's image, and the short rounds
come in fours, where 44, 92, 140 and 188 have 3, 7, 11 and 15 (44: unsatisfiable in 0.8 s).

Run (2026-11-28, two at a time): 52 over 17 rounds with ``M = 8`` in 0.4 to 4 s (5: 1 to 3
s; 12, that is -1: 9 s; 1: 25 s; ``1032`` with -1: 39 s, with 1: not in 200 s). Not found:
68 over 22 with ``M = 4`` (the two unmet orbits set) in 50 minutes, without that in 27
minutes, with ``M = 13`` in 12 minutes; 200 over 66 with ``M = 7`` in 75 minutes; 44 over 14
with ``1032`` and -1 in 300 s (the model of the first prototype: ``1032`` and -1, 68 not in
15 minutes). Later (two or three at a time): 164 over 50 with ``M = 9`` (free) in 11 s, the
first past the 49 of the plain tabu search (stored); 164 over 51 not in 15 minutes (9) nor in
10 (32), nor over 54 in 11 (9); 92 over 29 has none with -1 (148 s), with 1 (80 s) nor with
``0231`` and 1 (76 s), and the layout without sigma (``0123``, 1) did not answer in 15
minutes; not found in 10 minutes: 156 over 48 (-1; ``0231`` and 16), 188 over 57 (-1, 1);
140 over 46 has none with any ``M`` whose fourth power is not 1 (16 of them, each in 6 to 21
s: wherever sigma's order is more than 4), and none was found with the eight others (60 s
each; 6 in 10 minutes, 13 in 12). 156 over 51 (groups ``within``): not in 40 minutes with -1,
nor in 28 with ``0231`` and 16 (nor again in 50 minutes, 2026-11-29, about 32 of them on a
core shared with the test suite). ``0231`` with 4: 84 over 27 in 27 s. The ring: 48 over 15
with 1 in 3.5 s (``across``; 11 s ``free``), none ``within`` (3.6 s) nor with 4, 7 or 11
(under a second each); 60 over 19 in 8 s; 84 over 27 with 10 (a cube root of 1) in 45 s,
none with 4 (2 s), none with 1 ``within`` (135 s), ``across`` not in 10 minutes; 156 over 51
has none with any ``M`` but 1 (``free``, each of the 31 others in 10 to 16 s), and with 1
none was found (``across`` in 5 minutes, ``free`` in 27). Later (three at a time): 156 over
51 with 1 neither as cycles turned round (``1230``, ``within``: the cyclic layout over Z_156)
nor as cycles turned as they are (``0123``, ``free``) in 60 minutes; the layouts of
``turning_fixed.py`` have their runs there. Later (2026-11-29, two at a time): 156 over 51 with
``0231``, 16 and the unmet pairs ``free`` (where the tabu search of ``--symshort`` had ended 3
pairs short) not in 41 minutes. Later still (2026-11-29): 68 over 22 with ``1`` and
``0123`` (four cycles of 17 turned, five short rounds, no sigma at all; the runs with sigma
are above) not in 62 CPU-minutes.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from itertools import combinations
from math import gcd
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from find import orbit  # noqa: E402
from sat import read_tables, seat_clauses  # noqa: E402

CYCLES = 4
SIZE = CYCLES  # a short round's table seats one player of every cycle


def design(
    players: int,
    rounds: int,
    multiplier: int,
    cycle_to: tuple[int, ...] = (1, 2, 3, 0),
    groups: str = "within",
) -> dict | None:
    cycles = len(cycle_to)
    if cycles == CYCLES:
        n, ring = players // CYCLES, 0
        if n * CYCLES != players or rounds < n:
            raise SystemExit("needs N = 4n and ROUNDS >= n")
    else:  # the ring: cycles of ROUNDS, as many players fixed, going round as the cycles do
        n, ring = rounds, players - cycles * rounds
        if ring != cycles or sorted(cycle_to) != list(range(cycles)):
            raise SystemExit("three cycles need N = 3 × ROUNDS + 3")
    if gcd(multiplier, n) != 1:
        raise SystemExit("needs M prime to the cycle")
    in_cycles = cycles * n

    def sigma(p: int) -> int:
        if p >= in_cycles:  # a fixed player goes where its own cycle goes
            return in_cycles + cycle_to[p - in_cycles]
        cycle, x = divmod(p, n)
        return cycle_to[cycle] * n + multiplier * x % n

    def images(
        first: tuple[int, ...], move: Callable[[tuple[int, ...]], tuple[int, ...]]
    ) -> list[tuple[int, ...]]:
        found, current = [], first
        while current not in found:
            found.append(current)
            current = move(current)
        return found

    def moved_pair(pair: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(map(sigma, pair)))

    def moved_short(places: tuple[int, ...]) -> tuple[int, ...]:
        moved = [0] * CYCLES
        for cycle, x in enumerate(places):
            moved[cycle_to[cycle]] = multiplier * x % n
        return tuple((x - moved[0]) % n for x in moved)  # turned so that place 0 is 0

    pool, cnf = IDPool(), CNF()
    var = {
        (a, b): pool.id(("pair", *min(images((a, b), moved_pair))))
        for a, b in combinations(range(players), 2)
        if orbit(a, b, n, cycles) is not None
    }
    # Turning every cycle by the same amount keeps sigma where M is 1: the first fixed player
    # then sits with place 0 of cycle 0.
    cnf.extend([[var[0, in_cycles]]] if ring and multiplier % n == 1 else [])

    def s(a: int, b: int) -> int | None:
        return var.get((min(a, b), max(a, b)))

    cnf.extend(seat_clauses(players, SIZE, s, pool))
    members: dict[object, list[int]] = {}
    for (a, b), v in var.items():
        members.setdefault(orbit(a, b, n, cycles), []).append(v)
    counted: list[int] = []  # each short round's variable once per round it stands for
    kinds: dict[int, list[tuple[int, ...]]] = {}
    for rest in range(n**3 if rounds > n else 0):
        first = (0, rest // (n * n), rest // n % n, rest % n)
        kind = images(first, moved_short)
        if first != min(kind):
            continue
        tables = [[cycle * n + x for cycle, x in enumerate(places)] for places in kind]
        met = [orbit(a, b, n, cycles) for table in tables for a, b in combinations(table, 2)]
        if len(set(met)) < len(met):  # the round or its images meet an orbit twice
            continue
        v = pool.id(("short", *first))
        kinds[v] = kind
        counted += [v] * len(kind)
        for key in met:
            members.setdefault(key, []).append(v)
    if counted:
        cnf.extend(
            CardEnc.equals(counted, rounds - n, vpool=pool, encoding=EncType.seqcounter).clauses
        )
    empty = unmet_orbits(players, rounds, n, multiplier, cycle_to, groups)
    # the six pairs of each of the base round's tables and of each short round
    needed = 6 * (players // SIZE + rounds - n)
    exact = len(members) - len(empty) == needed
    for key, listed in members.items():
        once = sorted(set(listed))
        cnf.extend([-v] for v in once if listed.count(v) > 1 or key in empty)
        cnf.extend(CardEnc.atmost(once, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
        if exact and key not in empty:
            cnf.append(once)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}
    short = [
        [[cycle * n + x for cycle, x in enumerate(places)]]
        for v, kind in kinds.items()
        if v in true
        for places in kind
    ]
    base = read_tables(players, s, true)
    if ring:  # the line find.py prints (store.py stores it)
        return {"players": players, "size": SIZE, "rounds": n, "cycles": cycles, "base": base}
    return {
        "players": players,
        "size": SIZE,
        "n": n,
        "cycles": CYCLES,
        "base": base,
        "short": short,
    }


def unmet_orbits(
    players: int, rounds: int, n: int, multiplier: int, cycle_to: tuple[int, ...], groups: str
) -> set[object]:
    """The orbits of the turning a design at the bound must leave unmet, where the layout says
    which they are (nothing short of the bound, or with ``GROUPS`` free)."""
    if rounds != (players - 1) // (SIZE - 1) or groups == "free":
        return set()
    cycles = len(cycle_to)
    # With M² ≡ -1 the pairs left unmet (N ≡ 8 mod 12: each player misses one) are two orbits
    # that sigma turns into each other, place x of cycle 0 with x + d of cycle 2 and its image;
    # turning cycle l by M^l·t (which sigma keeps) makes d any other offset, so d = 0, and every
    # other orbit holds exactly one pair.
    square_is_minus_one = (multiplier * multiplier + 1) % n == 0
    if cycle_to == (1, 2, 3, 0) and players % 12 == 8 and n % 2 and square_is_minus_one:
        return {("between", 0, 2, 0), ("between", 1, 3, 0)}
    # N ≡ 0 mod 12 with n divisible by 3 (156 = 4 × 39, a field of type 3^u): each player misses
    # the two others of its group, so the unmet orbits are four (N pairs) that make triangles and
    # that sigma keeps as a whole; three orbits between cycles make triangles on three cycles
    # only, which sigma moves where it turns the four cycles round, so there they are the third
    # turns within each cycle (elsewhere GROUPS chooses).
    if players % 12 == 0 and n % 3 == 0 and groups == "within":
        return {("within", cycle, n // 3) for cycle in range(cycles)}
    if cycles < CYCLES and groups == "across":  # the ring's groups: place x of each cycle
        return {("between", j, k, 0) for j, k in combinations(range(cycles), 2)}
    return set()


def main() -> None:
    players, rounds, multiplier = map(int, sys.argv[1:4])
    cycle_to = tuple(map(int, sys.argv[4])) if len(sys.argv) > 4 else (1, 2, 3, 0)
    groups = sys.argv[5] if len(sys.argv) > 5 else "within"
    start = time.perf_counter()
    found = design(players, rounds, multiplier, cycle_to, groups)
    print(f"sat: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    if found is None:
        raise SystemExit("none in this layout (unsatisfiable)")
    print(json.dumps(found))


if __name__ == "__main__":
    main()

"""Two more layouts for ``N = 3m + 3`` at the bound (156: type 3^52), by SAT (offline).

Settled since (version 41): Tenbou seats 156 over 51 by four copies of the design of 40 less
a player (a frame of type 3¹³) joined by a resolvable TD(4, 39)
(``tournaments.seating.copied_rounds``). What follows is the record of a search that did not
find one.

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

- ``turning_fixed.py rotating N GROUPS [M PERM]``: three cycles of ``m`` (a multiple of 3) and
  three fixed players, round ``r`` the base round with every cycle turned by ``r`` and the
  fixed players turned by ``r mod 3`` (fixed player ``t`` becomes ``t + r mod 3``: the
  "infinite points turning" of direct constructions), where ``symsat.py``'s ring keeps them
  in place. ``GROUPS``: ``across`` (place ``x`` of each cycle) or ``within`` (places a third
  of a turn apart in one cycle), the fixed players the last group. ``M PERM``: also unchanged
  by place ``x`` of cycle ``l`` to place ``M·x`` of cycle ``PERM[l]`` (e.g. ``16 012``).
- ``turning_fixed.py levels N``: nine cycles of ``(N - 3) / 9`` and three fixed players, three
  base rounds each turned by every amount (the layout of the ring and of ``rotating`` both,
  with the third turns of a cycle of ``3·(N - 3) / 9`` as cycles of their own); groups are
  place ``x`` of cycles ``3i, 3i + 1, 3i + 2`` and the fixed players.
- ``turning_fixed.py levels-tabu N``: prints the ``levels`` layout as ``tabu.c`` reads it
  (one round of three copies of the players, who never sit with another copy's).

Prints the base round(s) checked (every pair of different groups met exactly once), or says
the layout has none (unsatisfiable: a proof). Run (2026-11-28, two or three at a time), 156:
``rotating`` with every cyclic group of multipliers and cycle permutations but the identity
(28 of them, both groups): 51 of the 56 unsatisfiable in 1 to 15 s, and five did not answer
in 180 s (cycles 0 and 1 swapped with ``M`` 1 or 35, both groups, or 16, ``within``: the
leads left); without any, ``across`` did not answer in 50 minutes nor ``within`` in 40;
``levels`` did not answer in 45 minutes, and ``tabu.c`` (``levels-tabu``, ``tabu 1 900 7
2000 0``) ended 29 pairs short. Neither layout is easy where a design is known in the ring
(``symsat.py 48 15 1 120 across``, 3.5 s): 48 did not answer in 300 s, ``rotating`` (both
groups) nor ``levels``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sat import once_each, pair_orbit, read_tables, seat_clauses  # noqa: E402

SIZE = 4
FIXED = 3


class Layout:
    """Players ``cycle * m + x`` and the fixed ones ``cycles * m + t``; ``turn(p, r)`` is
    player ``p`` in the round turned by ``r``."""

    def __init__(self, cycles: int, m: int, fixed_turn: bool, same_group: Callable) -> None:
        self.m, self.fixed_turn = m, fixed_turn
        self.in_cycles = cycles * m
        self.players = self.in_cycles + FIXED
        self.same_group = same_group

    def turn(self, p: int, r: int) -> int:
        if p >= self.in_cycles:
            t = p - self.in_cycles
            return self.in_cycles + ((t + r) % FIXED if self.fixed_turn else t)
        cycle, x = divmod(p, self.m)
        return cycle * self.m + (x + r) % self.m

    def orbit(self, a: int, b: int) -> tuple[int, int]:
        pairs = (sorted((self.turn(a, r), self.turn(b, r))) for r in range(self.m))
        return tuple(min(pairs))  # type: ignore[return-value]

    def pairs(self) -> list[tuple[int, int]]:
        return [
            (a, b) for a, b in combinations(range(self.players), 2) if not self.same_group(a, b)
        ]


def rotating(players: int, groups: str, multiplier: int = 1, perm: str = "012") -> list:
    m = (players - FIXED) // 3
    if 3 * m + FIXED != players or m % 3:
        raise SystemExit("rotating needs N = 3m + 3 with m a multiple of 3")

    def same_group(a: int, b: int) -> bool:
        if a >= 3 * m or b >= 3 * m:
            return a >= 3 * m and b >= 3 * m
        (ca, xa), (cb, xb) = divmod(a, m), divmod(b, m)
        return xa == xb if groups == "across" else ca == cb and (xa - xb) % (m // 3) == 0

    layout = Layout(3, m, True, same_group)

    def sigma(p: int) -> int:
        if p >= 3 * m:
            return 3 * m + multiplier * (p - 3 * m) % FIXED
        cycle, x = divmod(p, m)
        return int(perm[cycle]) * m + multiplier * x % m

    pool, cnf = IDPool(), CNF()
    var = {pair: pool.id(pair_orbit(pair, sigma)) for pair in layout.pairs()}
    members: dict[tuple[int, int], list[int]] = {}
    for pair, v in var.items():
        members.setdefault(layout.orbit(*pair), []).append(v)
    for listed in members.values():
        cnf.extend(once_each(listed, pool))

    def s(a: int, b: int) -> int | None:
        return var.get((min(a, b), max(a, b)))

    cnf.extend(seat_clauses(layout.players, SIZE, s, pool))
    true = _solve(cnf)
    return [] if true is None else _checked(layout, [read_tables(layout.players, s, true)])


def levels(players: int) -> list:
    m, layout = _levels_layout(players)
    pool, cnf = IDPool(), CNF()
    members: dict[tuple[int, int], list[int]] = {}
    bases = 3
    orbit_of = {pair: layout.orbit(*pair) for pair in layout.pairs()}
    for base in range(bases):
        for pair, key in orbit_of.items():
            members.setdefault(key, []).append(pool.id((base, *pair)))
        cnf.extend(seat_clauses(layout.players, SIZE, _pair_variable(layout, pool, base), pool))
        # each base round may be turned: the first fixed player sits with place 0 of a cycle
        cnf.append([pool.id((base, c * m, 9 * m)) for c in range(9)])
    for listed in members.values():
        cnf.extend(CardEnc.equals(listed, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    true = _solve(cnf)
    if true is None:
        return []
    rounds = [
        read_tables(layout.players, _pair_variable(layout, pool, base), true)
        for base in range(bases)
    ]
    return _checked(layout, rounds)


def levels_tabu_input(players: int) -> str:
    """The ``levels`` layout as ``tabu.c`` reads it: its three base rounds as one round of
    three copies of the players (-1: never together, across copies and within a group)."""
    _, layout = _levels_layout(players)
    keys: dict[tuple[int, int], int] = {}
    orbit_of = {pair: keys.setdefault(layout.orbit(*pair), len(keys)) for pair in layout.pairs()}
    rows = []
    for i in range(3 * players):
        row = []
        for j in range(3 * players):
            (ci, a), (cj, b) = divmod(i, players), divmod(j, players)
            row.append(orbit_of.get((min(a, b), max(a, b)), -1) if ci == cj else -1)
        rows.append(" ".join(map(str, row)))
    return f"{3 * players} {SIZE} {len(keys)} 0 1\n" + "\n".join(rows) + "\n"


def _levels_layout(players: int) -> tuple[int, Layout]:
    m = (players - FIXED) // 9
    if 9 * m + FIXED != players:
        raise SystemExit("levels needs N = 9m + 3")
    return m, Layout(9, m, False, lambda a, b: _levels_group(m, a, b))


def _levels_group(m: int, a: int, b: int) -> bool:
    """Place ``x`` of cycles ``3i, 3i + 1, 3i + 2``, and the fixed players."""
    if a >= 9 * m or b >= 9 * m:
        return a >= 9 * m and b >= 9 * m
    (ca, xa), (cb, xb) = divmod(a, m), divmod(b, m)
    return xa == xb and ca // 3 == cb // 3


def _pair_variable(layout: Layout, pool: IDPool, base: int) -> Callable[[int, int], int | None]:
    def s(a: int, b: int) -> int | None:
        a, b = min(a, b), max(a, b)
        return None if layout.same_group(a, b) else pool.id((base, a, b))

    return s


def _solve(cnf: CNF) -> set[int] | None:
    start = time.perf_counter()
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        found = solver.solve()
        print(f"sat: {time.perf_counter() - start:.1f} s", file=sys.stderr)
        return {v for v in solver.get_model() if v > 0} if found else None


def _checked(layout: Layout, bases: list) -> list:
    met: dict[tuple[int, int], int] = {}
    for tables in bases:
        for r in range(layout.m):
            for table in tables:
                for a, b in combinations(sorted(layout.turn(p, r) for p in table), 2):
                    met[a, b] = met.get((a, b), 0) + 1
    if len(met) != len(layout.pairs()) or any(
        times != 1 or layout.same_group(*pair) for pair, times in met.items()
    ):
        raise SystemExit("the rounds found do not meet every pair once (a bug)")
    return bases


def main() -> None:
    kind, players = sys.argv[1], int(sys.argv[2])
    if kind == "rotating":
        multiplier = int(sys.argv[4]) if len(sys.argv) > 4 else 1
        found = rotating(players, sys.argv[3], multiplier, *sys.argv[5:6])
    elif kind == "levels":
        found = levels(players)
    elif kind == "levels-tabu":
        print(levels_tabu_input(players), end="")
        return
    else:
        raise SystemExit(__doc__)
    if not found:
        raise SystemExit("none in this layout (unsatisfiable)")
    print(found)


if __name__ == "__main__":
    main()

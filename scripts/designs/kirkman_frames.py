"""Find a Kirkman frame of type 2ᵘ (a 3-frame: ``u`` groups of two points, one *holey round*
for each group seating the other ``2u - 2`` points at tables of three, and any two points of
different groups at one table exactly once), offline.

The frame is cyclic: the points are ``(x, i)``, ``x`` in Z_u and ``i`` in {0, 1}, group ``x``
is ``(x, 0), (x, 1)``, and the holey round missing group ``x`` is the one missing group 0
with every ``x`` moved on by ``x``. So a pair of different groups is known by its *orbit*
(the two ``i``'s and the difference of the ``x``'s, up to order), and the base round must hold
one pair of every orbit: ``12`` orbits for 7, each of ``u`` pairs. A depth-first search over
the base round's tables finds it at once. For 4 there is no cyclic one (the pairs two apart
make orbits of two); a plain depth-first search over all the holey rounds finds one at once
(for 7 it ran past five minutes).

``kirkman_frames.py U``: prints the holey rounds as a Python literal, ``(x, i)`` written as
``2x + i`` (``tournaments.frame_designs.KIRKMAN_FRAMES`` stores them). Counting asks ``u ≡ 1
(mod 3)`` (each holey round seats ``2u - 2`` points at tables of three). Run 2026-12-03: 4 and
7 in well under a second.
"""

from __future__ import annotations

import sys
from itertools import combinations

Point = tuple[int, int]


def orbit(u: int, p: Point, q: Point) -> tuple[int, int, int]:
    """The orbit of the pair ``p, q`` under moving every ``x`` on by one."""
    (x, i), (y, j) = sorted((p, q), key=lambda point: point[1])
    d = (y - x) % u
    if i == j:
        d = min(d, u - d)
    return i, j, d


def base_round(u: int) -> list[tuple[Point, Point, Point]] | None:
    used: set[tuple[int, int, int]] = set()
    tables: list[tuple[Point, Point, Point]] = []

    def fill(left: list[Point]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        for b, c in combinations(rest, 2):
            if len({first[0], b[0], c[0]}) < 3:
                continue
            orbits = {orbit(u, first, b), orbit(u, first, c), orbit(u, b, c)}
            if len(orbits) < 3 or orbits & used:
                continue
            used.update(orbits)
            tables.append((first, b, c))
            if fill([p for p in rest if p not in (b, c)]):
                return True
            tables.pop()
            used.difference_update(orbits)
        return False

    return tables if fill([(x, i) for x in range(1, u) for i in (0, 1)]) else None


def plain_frame(u: int) -> list[list[tuple[int, int, int]]] | None:
    """Every holey round by a depth-first search, group ``g``'s points ``2g`` and ``2g + 1``."""
    used: set[tuple[int, int]] = set()
    rounds: list[list[tuple[int, int, int]]] = []

    def fill(g: int, left: list[int], tables: list[tuple[int, int, int]]) -> bool:
        if not left:
            rounds.append(list(tables))
            if g + 1 == u or fill(g + 1, [p for p in range(2 * u) if p // 2 != g + 1], []):
                return True
            rounds.pop()
            return False
        first, rest = left[0], left[1:]
        for b, c in combinations(rest, 2):
            pairs = [(first, b), (first, c), (b, c)]
            if len({first // 2, b // 2, c // 2}) < 3 or any(pair in used for pair in pairs):
                continue
            used.update(pairs)
            tables.append((first, b, c))
            if fill(g, [p for p in rest if p not in (b, c)], tables):
                return True
            tables.pop()
            used.difference_update(pairs)
        return False

    return rounds if fill(0, list(range(2, 2 * u)), []) else None


def holey_rounds(u: int) -> list[list[tuple[int, int, int]]] | None:
    base = base_round(u)
    if base is None:
        return plain_frame(u)
    return [
        [tuple(2 * ((x + s) % u) + i for x, i in table) for table in base]  # type: ignore[misc]
        for s in range(u)
    ]


if __name__ == "__main__":
    print(holey_rounds(int(sys.argv[1])))

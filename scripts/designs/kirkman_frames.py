"""Find a Kirkman frame of type gᵘ (a 3-frame: ``u`` groups of ``g`` points, ``g / 2`` *holey
rounds* for each group seating the other ``g (u - 1)`` points at tables of three, and any two
points of different groups at one table exactly once), offline.

Type 2ᵘ (``kirkman_frames.py U``) is cyclic where it can be: the points are ``(x, i)``, ``x`` in
Z_u and ``i`` in {0, 1}, group ``x`` is ``(x, 0), (x, 1)``, and the holey round missing group
``x`` is the one missing group 0 with every ``x`` moved on by ``x``. So a pair of different
groups is known by its *orbit* (the two ``i``'s and the difference of the ``x``'s, up to
order), and the base round must hold one pair of every orbit: ``12`` orbits for 7, each of
``u`` pairs. A depth-first search over the base round's tables finds it at once. Where ``u`` is
even there is no cyclic one (the pairs ``u / 2`` apart make orbits of ``u / 2``, which the
turning would seat twice: the search refuses them, where before 2026-12-04 it took them and
answered 10 with a frame that seats 10 pairs twice); for 4 a plain depth-first search over all
the holey rounds finds one at once (for 7 it ran past five minutes).

``kirkman_frames.py --sat G U`` (needs ``python-sat``): type ``Gᵘ`` by SAT over a smaller
turning, Z_k with ``k = u`` (``u`` odd) or ``k = u / 2`` (``u / 2`` odd): the points ``(x, i)``,
``x`` in Z_k and ``i`` in ``0 .. cG - 1`` (``c = u / k`` groups to a class), group ``(x, i //
G)``, the ``G / 2`` holey rounds missing group ``(x, h)`` those missing ``(0, h)`` turned by
``x``; every orbit of pairs of different groups once in the base rounds (a variable per point
and table of a base round). Run 2026-12-04 (both cores busy): 2¹⁰ in 0.4 s, 6⁵ in 104 s; 6⁶
(over Z₃) and 6⁹ not in 900 s each, 6¹¹ stopped sooner.

Each prints the holey rounds as a Python literal, the points numbered ``G · group + place``
and holey round ``r`` missing group ``r // (G / 2)`` (``tournaments.frame_designs.KIRKMAN_FRAMES``
stores them, keyed ``(G, u)``). Counting asks ``G`` even and ``G (u - 1) ≡ 0 (mod 3)``.
"""

from __future__ import annotations

import sys
from itertools import combinations

Point = tuple[int, int]


def orbit(u: int, p: Point, q: Point) -> tuple[int, int, int] | None:
    """The orbit of the pair ``p, q`` under moving every ``x`` on by one; ``None`` where it is
    shorter than ``u`` (``i`` equal, ``x``'s ``u / 2`` apart: the turning would seat it twice)."""
    (x, i), (y, j) = sorted((p, q), key=lambda point: point[1])
    d = (y - x) % u
    if i == j:
        d = min(d, u - d)
        if 2 * d == u:
            return None
    return i, j, d


def base_round(u: int) -> list[tuple[Point, Point, Point]] | None:
    used: set[tuple[int, int, int] | None] = set()
    tables: list[tuple[Point, Point, Point]] = []

    def fill(left: list[Point]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        for b, c in combinations(rest, 2):
            if len({first[0], b[0], c[0]}) < 3:
                continue
            orbits = {orbit(u, first, b), orbit(u, first, c), orbit(u, b, c)}
            if None in orbits or len(orbits) < 3 or orbits & used:
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


def frame_by_sat(g: int, u: int) -> list[list[tuple[int, ...]]] | None:
    """Type ``gᵘ`` over Z_k (the module's docstring), checked pair by pair; None when the SAT
    solver proves there is none of this kind."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import CNF, IDPool
    from pysat.solvers import Solver

    k = u if u % 2 else u // 2
    if not k % 2 or g % 2 or g * (u - 1) % 3:
        raise SystemExit(f"no model of this kind for type {g}^{u}")
    c, half = u // k, g // 2
    places = c * g
    tables = g * (u - 1) // 3

    def group(p: int) -> tuple[int, int]:  # point p is (x, i) = divmod(p, places)
        return p // places, p % places // g

    def pair_orbit(a: int, b: int) -> tuple[int, int, int]:
        (x, i), (y, j) = sorted((divmod(a, places), divmod(b, places)), key=lambda q: q[1])
        d = (y - x) % k
        return (i, j, min(d, k - d)) if i == j else (i, j, d)

    pool, cnf = IDPool(), CNF()
    bases = [(h, b) for h in range(c) for b in range(half)]
    seats = {base: [p for p in range(k * places) if group(p) != (0, base[0])] for base in bases}

    def x(base: tuple[int, int], p: int, t: int) -> int:
        return pool.id((base, p, t))

    orbits: dict[tuple[int, int, int], list[int]] = {}
    for base, points in seats.items():
        for p in points:
            cnf.extend(CardEnc.equals([x(base, p, t) for t in range(tables)], 1, vpool=pool))
        for t in range(tables):
            cnf.extend(
                CardEnc.equals(
                    [x(base, p, t) for p in points], 3, vpool=pool, encoding=EncType.seqcounter
                )
            )
            for p in points[1:]:  # tables in the order of their first point
                if t:
                    cnf.append([-x(base, p, t)] + [x(base, q, t - 1) for q in points if q < p])
        for a, b in combinations(points, 2):
            for t in range(tables):
                if group(a) == group(b):
                    cnf.append([-x(base, a, t), -x(base, b, t)])
                    continue
                both = pool.id(("both", base, a, b, t))
                cnf.extend([[-both, x(base, a, t)], [-both, x(base, b, t)]])
                cnf.append([both, -x(base, a, t), -x(base, b, t)])
                orbits.setdefault(pair_orbit(a, b), []).append(both)
    for literals in orbits.values():
        cnf.extend(CardEnc.equals(literals, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}

    def label(p: int) -> int:  # (x, i) -> frame point g * (c x + i // g) + i % g
        x_, i = divmod(p, places)
        return g * (c * x_ + i // g) + i % g

    rounds: dict[int, list[tuple[int, ...]]] = {}
    for shift in range(k):
        for h, b in bases:
            missing = c * shift + h
            rounds[missing * half + b] = [
                tuple(
                    label(((p // places + shift) % k) * places + p % places)
                    for p in seats[(h, b)]
                    if x((h, b), p, t) in true
                )
                for t in range(tables)
            ]
    frame = [rounds[r] for r in range(u * half)]
    check(g, u, frame)
    return frame


def check(g: int, u: int, frame: list[list[tuple[int, ...]]]) -> None:
    """Holey round ``r`` seats every point outside group ``r // (g / 2)`` once; two points of
    different groups share one table of all of them, two of one group none."""
    met: set[frozenset[int]] = set()
    for r, holey in enumerate(frame):
        group = r // (g // 2)
        assert sorted(p for t in holey for p in t) == [p for p in range(g * u) if p // g != group]
        for table in holey:
            for pair in combinations(table, 2):
                assert pair[0] // g != pair[1] // g
                assert frozenset(pair) not in met
                met.add(frozenset(pair))
    assert len(met) == (g * u) * (g * u - g) // 2


if __name__ == "__main__":
    if sys.argv[1] == "--sat":
        print(frame_by_sat(int(sys.argv[2]), int(sys.argv[3])))
    else:
        print(holey_rounds(int(sys.argv[1])))

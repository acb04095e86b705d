"""Find a resolvable group divisible design of type 2^u by SAT: a base round and its shifted
swap (offline; needs ``pip install python-sat``).

The players are six cycles of ``p`` (``p`` odd, ``N = 6p + 2``): cycles ``A_0, A_1, A_2`` and
``B_0, B_1, B_2``, and two fixed players; the groups (who never meet) are ``(x, A_k)`` with
``(x, B_k)``, and the two fixed players. Base round 1 is turned by ``Z_p`` (``p`` rounds), and
so is base round 2, its image under ``psi``: ``(x, A_k) -> (x + h_k, B_k)``, ``(x, B_k) -> (x
+ h_k, A_k)``, the fixed players kept: ``2p = (N - 2) / 3`` rounds, the bound. ``psi`` keeps the
groups and moves every orbit of pairs to another (``(x, A_k), (x + d, B_k)`` to the orbit of
``-d``), so base round 1 must meet exactly one of each orbit and its image. Base round 1 is
also unchanged when the cycles turn into each other (``A_k -> A_{k+1}``, ``B_k -> B_{k+1}``):
the first fixed player sits with place 0 of the ``A`` cycles, the second with one place of
the ``B`` cycles. With every ``h_k`` equal this is the 1-rotational layout of three cycles of
``2p`` (the half turn), where the fixed players' tables meet the same differences; shifts
that differ move the second base round's fixed tables onto others.

``shifted_swap.py N H1 H2 [--free]``: ``h = (0, H1, H2)``; prints the design's rounds as
JSON, checked pair by pair. ``--free``: base round 1 need not be unchanged when the cycles
turn into each other (the fixed players' places free).

Runs (2026-11-29): shifts that differ leave none, at once: 20, 32, 44 and 56 with ``h`` = (0,
1, 2), (0, 1, 3), (0, 2, 4), (0, 1, 4), (0, 1, 5), with or without ``--free`` (44 free in 1.2
s); equal shifts (``0 0 --free``, the 1-rotational layout) gave 44 no answer in 300 s. So
this layout does not reach 68, 140 or 188 either; kept as the record.
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stabilized import solve_and_print, tables_of, transitive

Point = tuple[int, int]  # (cycle, place): cycles 0-2 the A cycles, 3-5 the B cycles


def build(
    players: int, shifts: tuple[int, int, int], symmetric: bool = True
) -> tuple[list[list[int]], IDPool, dict]:
    p = (players - 2) // 6
    assert 6 * p + 2 == players
    points: list[Point] = [(c, x) for c in range(6) for x in range(p)]

    def key_of(u: Point, v: Point) -> tuple:
        (c, x), (e, y) = sorted((u, v))
        if c == e:
            d = (y - x) % p
            return (c, c, min(d, p - d))
        return (c, e, (y - x) % p)

    def psi(u: Point) -> Point:
        c, x = u
        return ((c + 3) % 6, (x + shifts[c % 3]) % p)

    def tau(u: Point) -> Point:
        c, x = u
        return (3 * (c // 3) + (c + 1) % 3, x) if symmetric else u

    pool = IDPool()
    clauses: list[list[int]] = []
    var_of: dict[frozenset, int | None] = {}
    for u, v in combinations(points, 2):
        pair = frozenset((u, v))
        if pair in var_of:
            continue
        (c, x), (e, y) = sorted((u, v))
        allowed = not (e == c + 3 and x == y)  # a group
        var = pool.id(("with", u, v)) if allowed else None
        a, b = u, v
        for _ in range(3):
            var_of[frozenset((a, b))] = var
            a, b = tau(a), tau(b)

    def together(u: Point, v: Point) -> int | None:
        return var_of[frozenset((u, v))]

    # the fixed players: the first with one place of each A cycle (place 0 of the first), the
    # second with one of each B cycle; with the cycles turning into each other, the same place
    at = {
        (f, c, x): pool.id(("fixed", f, c, x)) for f in (0, 1) for c in range(3) for x in range(p)
    }
    for f in (0, 1):
        for c in range(3):
            clauses.extend(
                CardEnc.equals(
                    [at[f, c, x] for x in range(p)], 1, vpool=pool, encoding=EncType.pairwise
                ).clauses
            )
            if symmetric and c:
                for x in range(p):
                    clauses.append([-at[f, 0, x], at[f, c, x]])
    clauses.append([at[0, 0, 0]])
    for u in points:
        c, x = u
        partners = [v for w in points if w != u and (v := together(u, w)) is not None]
        mate = at[0, c, x] if c < 3 else at[1, c - 3, x]
        clauses.extend(
            CardEnc.equals([*partners, mate], 3, vpool=pool, encoding=EncType.seqcounter).clauses
        )
    clauses.extend(transitive(points, together))
    for f in (0, 1):
        for c, e in combinations(range(3), 2):
            for x in range(p):
                for y in range(p):
                    pair = together((c + 3 * f, x), (e + 3 * f, y))
                    clauses.append(
                        [-at[f, c, x], -at[f, e, y]] + ([pair] if pair is not None else [])
                    )

    keys: dict[tuple, list[int]] = {}
    images: dict[tuple, tuple] = {}
    for u, v in combinations(points, 2):
        var = together(u, v)
        if var is None:
            continue
        key = key_of(u, v)
        keys.setdefault(key, []).append(var)
        images[key] = key_of(psi(u), psi(v))
    back = {image: key for key, image in images.items()}
    assert all(images[k] != k for k in images), "psi keeps an orbit"
    for key in keys:
        lits = sorted(set(keys[key] + keys.get(back.get(key, ()), [])))
        clauses.extend(CardEnc.equals(lits, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    info = {"p": p, "points": points, "together": together, "at": at, "psi": psi}
    return clauses, pool, info


def rounds_of(players: int, model: set[int], info: dict) -> list[list[list[int]]]:
    p, points, together, psi = info["p"], info["points"], info["together"], info["psi"]
    base: list[list[Point]] = [
        [(c + 3 * f, next(x for x in range(p) if info["at"][f, c, x] in model)) for c in range(3)]
        for f in (0, 1)
    ]
    base += tables_of(points, together, model, {u for table in base for u in table})
    image = [[psi(u) for u in table] for table in base]
    rounds = []
    for tables in (base, image):
        for g in range(p):
            round_ = [[c * p + (x + g) % p for c, x in table] for table in tables]
            round_[0].append(6 * p)
            round_[1].append(6 * p + 1)
            rounds.append(round_)
    return rounds


def main() -> None:
    players, h1, h2 = (int(x) for x in sys.argv[1:4])
    clauses, pool, info = build(players, (0, h1, h2), "--free" not in sys.argv)
    print(f"{pool.top} variables, {len(clauses)} clauses", file=sys.stderr)
    solve_and_print(players, clauses, lambda model: rounds_of(players, model, info))


if __name__ == "__main__":
    main()

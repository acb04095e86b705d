"""Find a resolvable group divisible design of type 2^u by SAT, two base rounds each kept by a
subgroup of order three (offline; needs ``pip install python-sat``).

The players are ``G × {0, 1}`` (two *sides*) and two fixed ones, ``G`` an abelian group of
odd order ``n`` (``N = 2n + 2``); the groups (who never meet) are ``{(x, 0), (x, 1)}`` and the
two fixed players. Two base rounds; base round ``i`` is unchanged when every player moves by
an element of ``T_i``, a subgroup of order three (``T_1 ≠ T_2``), so its moves by ``G`` are
``n / 3`` rounds and the two give ``2n / 3 = (N - 2) / 3``, the bound. In base round 1 the
first fixed player sits with the coset ``T_1`` of side 0 and the second with ``T_1`` of side
1; in base round 2 the other way round with ``T_2``: so each meets every player of both sides
once, and the differences ``±t_1``, ``±t_2`` within a side are met at those tables. The other
tables of a base round come in threes (a table and its moves by ``T_i``). Every other
difference within a side (up to sign) and every difference ``y - x ≠ 0`` between ``(x, 0)``
and ``(y, 1)`` must be met by exactly one of them: then every two players of different
groups meet exactly once. ``G`` needs two subgroups of order three: ``n`` divisible by 9
(92, 164, 200; not 68, 140, 188, whose ``n`` = 33, 69, 93 give cyclic groups only).

- ``stabilized.py --pairs LAYOUT`` (``LAYOUTS``): a variable per orbit under ``T_i`` of pairs
  that may share a table (sharing transitive, three partners each). With a *turn*, an
  automorphism of ``G`` taking ``T_1`` to ``T_2``, base round 2 is base round 1 turned (the
  sides kept and the fixed players trading places, or the sides swapped), and base round 1
  meets exactly one difference of each pair the turn makes: half the search. Prints the
  rounds as JSON, checked pair by pair (``check``).
- A first model had table numbers and a representative per coset (removed: 56 took 84 s
  there, 20 here).

Runs (2026-11-29, two at a time on this machine's two cores): 56 (``Z_3 × Z_3 × Z_3``, no
turn) in 2 to 180 s by either model, with the fixed players' cosets moved or not; 20 none at
once (no design of type 2^10 exists). 92 with the turn ``(a, b, z) -> (b, -a, 2z)`` (``--pairs
92``, 41,070 variables) found in 820 s; without it (both base rounds searched) no answer in
49 minutes, the first model none in 25 (with the sides-swapping turn too), and with each
base round also kept by multiplying ``z`` (by 2 or -1) or by signs on ``a`` and ``b``:
unsatisfiable at once (for 56 too).
164 (``--pairs 164``: ``Z_9 × Z_9``, the turn ``(x, y) -> (y, -x)``, 149,214 variables;
``--pairs 164e``: ``Z_3^4``, ``(u, v) -> (v, -u)``) gave no answer in 61 and 51 minutes, run
side by side; 200 with the sides swapped (``--pairs 200``) none in 15 minutes, and 56 with
that kind of turn (``56s``) has none (unsatisfiable in 71 s). 200 has no turn that keeps
the sides and pairs every difference off (it would need ``c² = -1`` modulo 11).

Not tried, and why (2026-11-29): the model needs only that ``G`` acts on itself, so ``G`` may be
non-abelian, moved by ``x -> g·x`` and a pair's difference ``x⁻¹·y``; of the three fields whose
``n`` has no ``Z_3 × Z_3`` only 188 has another group, ``Z_31 ⋊ Z_3`` (``(a, b)·(c, d) = (a +
5^b·c, b + d)``; 33 and 69 give cyclic groups only). Its subgroups of order three are ``⟨(c,
1)⟩``; an automorphism taking ``T_1 = ⟨(0, 1)⟩`` to ``T_2 = ⟨(c, 1)⟩`` and back is ``(a, b) ->
(-a + c_b, b)`` (``c_0 = 0, c_1 = c, c_2 = 6c``), its own inverse, and it keeps the difference
``(c / 2, 1)`` (sides kept) or every ``(a, 0)`` between the sides (sides swapped): no turn
pairs the differences off, and without a turn 92 had not answered in 49 minutes.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations, product

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

Element = tuple[int, int, int]


def build_pairs(
    players: int,
    moduli: tuple[int, ...],
    gens: tuple[Element, Element],
    turn: Callable | None,
    swap: bool,
) -> tuple[list[list[int]], IDPool, dict]:
    """A variable per orbit (under ``T_i``) of pairs that may share a table: no table numbers
    to permute. With ``turn`` (an automorphism of ``G`` taking ``T_1`` to ``T_2``) base round 2
    is base round 1 turned, the sides kept and the fixed players swapped, or (``swap``) the
    sides swapped and the fixed players kept: only base round 1 is searched, each difference
    met by it or by its turn."""
    n = 1
    for m in moduli:
        n *= m
    assert 2 * n + 2 == players
    elements = list(product(*(range(m) for m in moduli)))

    def add(p: Element, q: Element) -> Element:
        return tuple((a + b) % m for a, b, m in zip(p, q, moduli, strict=True))

    def neg(p: Element) -> Element:
        return tuple((-a) % m for a, m in zip(p, moduli, strict=True))

    def key_of(u: tuple[Element, int], v: tuple[Element, int]) -> tuple:
        (x, s), (y, t) = u, v
        if s == t:
            d = add(y, neg(x))
            return ("pure", s, min(d, neg(d)))
        if s == 1:
            x, y = y, x
        return ("mixed", add(y, neg(x)))

    def turn_key(key: tuple) -> tuple:
        assert turn is not None
        if key[0] == "pure":
            d = turn(key[2])
            return ("pure", 1 - key[1] if swap else key[1], min(d, neg(d)))
        return ("mixed", neg(turn(key[1])) if swap else turn(key[1]))

    zero = tuple(0 for _ in moduli)
    subgroups = [[zero, g, add(g, g)] for g in gens]
    forbidden = {("pure", s, min(t, neg(t))) for s in (0, 1) for sub in subgroups for t in sub[1:]}
    forbidden.add(("mixed", zero))
    pool = IDPool()
    clauses: list[list[int]] = []
    keys: dict[tuple, list[int]] = {}
    info: dict = {
        "subgroups": subgroups,
        "add": add,
        "moduli": moduli,
        "points": [],
        "together": [],
    }
    info["turn"], info["swap"] = turn, swap
    for i, sub in enumerate(subgroups[:1] if turn else subgroups):
        points = [(e, s) for s in (0, 1) for e in elements if e not in sub]
        index = {u: k for k, u in enumerate(points)}
        info["points"].append(points)
        orbit_of: dict[frozenset, int | None] = {}
        for u, v in combinations(points, 2):
            pair = frozenset((u, v))
            if pair in orbit_of:
                continue
            orbit = [
                frozenset(((add(a[0], t), a[1]), (add(b[0], t), b[1])))
                for t in sub
                for a, b in [(u, v)]
            ]
            k = key_of(u, v)
            var = None if k in forbidden else pool.id(("with", i, index[u], index[v]))
            for q in orbit:
                orbit_of[q] = var
            if var is not None:
                keys.setdefault(k, []).append(var)

        def together(
            u: tuple[Element, int], v: tuple[Element, int], orbit_of: dict = orbit_of
        ) -> int | None:
            return orbit_of[frozenset((u, v))]

        for u in points:
            partners = [v for x in points if x != u and (v := together(u, x)) is not None]
            clauses.extend(
                CardEnc.equals(partners, 3, vpool=pool, encoding=EncType.seqcounter).clauses
            )
        clauses.extend(transitive(points, together))
        info["together"].append(together)
    everything = set(keys)
    back: dict[tuple, tuple] = {}
    if turn:
        everything |= {turn_key(k) for k in keys}
        back = {turn_key(k): k for k in keys}
        assert all(turn_key(k) != k for k in keys), "the turn keeps a difference"
    for key in everything:
        lits = keys.get(key, []) + (keys.get(back[key], []) if key in back else [])
        clauses.extend(
            CardEnc.equals(sorted(set(lits)), 1, vpool=pool, encoding=EncType.seqcounter).clauses
        )
    info["keys"] = len(everything)
    return clauses, pool, info


def transitive(points: list, together: Callable) -> list[list[int]]:
    """Sharing a table is transitive: with ``u`` and ``v`` together and ``v`` and ``w``, so are
    ``u`` and ``w`` (``together`` None: never together)."""
    clauses: list[list[int]] = []
    for u, v, w in combinations(points, 3):
        uv, vw, uw = together(u, v), together(v, w), together(u, w)
        for a, b, z in ((uv, vw, uw), (uv, uw, vw), (uw, vw, uv)):
            if a is not None and b is not None:
                clauses.append([-a, -b] + ([z] if z is not None else []))
    return clauses


def tables_of(points: list, together: Callable, model: set[int], seated: set) -> list[list]:
    """A round's tables read from the pair variables true in ``model``, past the players
    ``seated`` already (the fixed players' tablemates, say)."""
    tables = []
    for u in points:
        if u not in seated:
            table = [u] + [x for x in points if x != u and together(u, x) in model]
            seated.update(table)
            tables.append(table)
    return tables


def pair_rounds(players: int, model: set[int], info: dict) -> list[list[list[int]]]:
    add, moduli, turn, swap = info["add"], info["moduli"], info["turn"], info["swap"]
    n = (players - 2) // 2

    def number(e: Element, side: int) -> int:
        x = 0
        for a, m in zip(e, moduli, strict=True):
            x = x * m + a
        return side * n + x

    rounds: list[list[list[int]]] = []
    first_tables: list[list[tuple[Element, int]]] = []
    for i, sub in enumerate(info["subgroups"]):
        tables: list[list[tuple[Element, int]]] = []
        if i == 1 and turn is not None:
            tables = [[(turn(e), 1 - s if swap else s) for e, s in table] for table in first_tables]
        else:
            tables = tables_of(info["points"][i], info["together"][i], model, set())
            first_tables = [list(t) for t in tables]
        ends = [
            [(e, 0) for e in sub],
            [(e, 1) for e in sub],
        ]  # the first fixed player's, the second's
        if i == 1:
            ends.reverse()
        done: set = set()
        for g in product(*(range(m) for m in moduli)):
            if g in done:
                continue
            done.update(add(g, t) for t in sub)
            round_ = [[number(add(e, g), s) for e, s in table] for table in tables]
            round_.append([2 * n] + [number(add(e, g), s) for e, s in ends[0]])
            round_.append([2 * n + 1] + [number(add(e, g), s) for e, s in ends[1]])
            rounds.append(round_)
    return rounds


LAYOUTS: dict[str, tuple[tuple[int, ...], tuple[Element, Element], Callable | None, bool]] = {
    # 92: Z_3 x Z_3 x Z_5, psi (a, b, z) -> (b, -a, 2z): found in 820 s (2026-11-29)
    "92": ((3, 3, 5), ((1, 0, 0), (0, 1, 0)), lambda p: (p[1], (-p[0]) % 3, (2 * p[2]) % 5), False),
    # 164: Z_9 x Z_9, psi (x, y) -> (y, -x)
    "164": ((9, 9), ((3, 0), (0, 3)), lambda p: (p[1], (-p[0]) % 9), False),
    # 164 as Z_3^4: psi (u, v) -> (v, -u)
    "164e": (
        (3, 3, 3, 3),
        ((1, 0, 0, 0), (0, 0, 1, 0)),
        lambda p: (p[2], p[3], (-p[0]) % 3, (-p[1]) % 3),
        False,
    ),
    # 200: Z_3 x Z_3 x Z_11, phi (a, b, z) -> (b, -a, z) with the sides swapped
    "200": ((3, 3, 11), ((1, 0, 0), (0, 1, 0)), lambda p: (p[1], (-p[0]) % 3, p[2]), True),
    "200b": (
        (3, 3, 11),
        ((1, 0, 0), (0, 1, 0)),
        lambda p: (p[1], (-p[0]) % 3, (2 * p[2]) % 11),
        True,
    ),
    # 56 with the sides swapped by the turn (a, b, z) -> (b, -a, z)
    "56s": ((3, 3, 3), ((1, 0, 0), (0, 1, 0)), lambda p: (p[1], (-p[0]) % 3, p[2]), True),
    # 56: Z_3 x Z_3 x Z_3, no turn (the test of the model: found in 20 s)
    "56": ((3, 3, 3), ((1, 0, 0), (0, 1, 0)), None, False),
}


def check(players: int, rounds: list[list[list[int]]]) -> None:
    """Every round seats everyone once, nobody meets anyone twice, and the pairs left unmet are
    exactly the groups: player ``x`` with ``x + n`` (``n = (N - 2) / 2``), the last two."""
    n = (players - 2) // 2
    met: Counter[frozenset[int]] = Counter()
    for round_ in rounds:
        assert sorted(p for table in round_ for p in table) == list(range(players))
        for table in round_:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    assert max(met.values()) == 1
    groups = {frozenset((x, x + n)) for x in range(n)} | {frozenset((2 * n, 2 * n + 1))}
    unmet = {frozenset(pair) for pair in combinations(range(players), 2)} - set(met)
    assert unmet == groups, len(unmet)


def main() -> None:
    layout = sys.argv[2] if sys.argv[1] == "--pairs" else sys.argv[1]
    moduli, gens, turn, swap = LAYOUTS[layout]
    players = int(layout.rstrip("abcdes"))
    clauses, pool, info = build_pairs(players, moduli, gens, turn, swap)
    print(
        f"{pool.top} variables, {len(clauses)} clauses, {info['keys']} differences", file=sys.stderr
    )
    solve_and_print(players, clauses, lambda model: pair_rounds(players, model, info))


def solve_and_print(
    players: int, clauses: list[list[int]], rounds_of: Callable[[set[int]], list[list[list[int]]]]
) -> None:
    """Solve (CaDiCaL), say how long it took, and print the rounds as JSON, checked."""
    start = time.time()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        found = solver.solve()
        print(f"{found} in {time.time() - start:.1f} s", file=sys.stderr)
        if found:
            rounds = rounds_of({v for v in solver.get_model() if v > 0})
            check(players, rounds)
            print(json.dumps({"players": players, "rounds": rounds}))


if __name__ == "__main__":
    main()

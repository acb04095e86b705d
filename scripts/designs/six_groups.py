"""156 players over 51 rounds as six groups that play their own designs (24⁵ 36¹), offline.

Settled since (version 41): Tenbou seats 156 over 51 by four copies of the design of 40 less
a player (a frame of type 3¹³) joined by a resolvable TD(4, 39)
(``tournaments.seating.copied_rounds``). What follows is the record of a search that did not
find one.

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

Split 156 into five groups ``A0 .. A4`` of 24 and one ``B`` of 36. Each group plays a design of
its own at its bound (24 over 7 rounds, 36 over 11) in some rounds and meets everybody
outside it in the others: a player of ``A`` is outside for 44 rounds, one of ``B`` for 40 (a
group of ``s`` meets the ``156 - s`` outside it in ``(156 - s) / 3`` rounds and plays its
own in the other ``s / 3 - 1``, its bound only where ``s`` is a multiple of 12; 12 players
play one round, not three). Counting tables says how (a table outside seats four different
groups, so a group outside needs a quarter of the players outside with it): ``B`` is outside
only where every group is, 40 *full* rounds; in the other 11 ``B`` plays its own, and in 5
of them one ``A`` does too while the other four meet at 24 tables of one player each (the
*partial* round missing that ``A``), in the last 6 every group plays its own. Each ``A`` then
plays 1 + 6 = 7 rounds of its own, ``B`` 5 + 6 = 11. No other split of 156 into groups of 24
or more counts out (the ten with four groups or more, enumerated: 24⁴ 60, 24² 36³, 36³ 48 and
the rest each leave a group that no count of rounds seats outside often enough).

What is left to find is the rounds outside: every two players of different groups at one
table exactly once, in 40 full rounds and the 5 partial ones. Here the players are ``(i, e,
y)`` in ``A_i`` (``e`` 0 or 1, ``y`` mod 12) and ``(f, w)`` in ``B`` (``f`` 0 to 2, ``w`` mod 12),
and everything is unchanged by adding 1 to every ``i`` (mod 5) and ``t`` to every ``y`` and
``w`` (mod 12): 60 images. The partial round missing ``A0`` is kept by every ``t`` (two base
tables turned), and moved to the one missing ``A_s`` by adding ``s``; the 40 full rounds are
the 20 images each of two base rounds that adding 4 keeps. The pairs of different groups fall
in 168 orbits of 60 (96 between two ``A``'s, 72 between an ``A`` and ``B``); each must hold
exactly one pair of a base round's (a third of them: their turns by 4 are in it too) or of
the partial round's (a twelfth).

- ``six_groups.py [--quarter] [--mirror] [SOLVER]``: by SAT (CaDiCaL by default), prints the
  base rounds as one JSON line and checks all 51 rounds, pair by pair, with the designs of 24
  and 36 that ``tournaments`` builds; or says this layout has none. ``--quarter``: kept by
  every third turn only (20 images, 504 orbits), the full base rounds by nothing;
  ``--mirror``: the second full base round the first's mirror (``mu``) and the partial round
  kept by ``mu`` (half the unknowns).
- ``six_groups.py --tabu SECONDS SEEDS TENURE [WEIGH [FIRST]]``: ``--mirror`` by tabu search
  (``symtabu.c``), a partial round drawn for each seed (``partial_base``, which also says why
  its table needs an even number of odd places).
- ``six_groups.py --check FILE``: checks a JSON line printed before.
- ``six_groups.py --splits``: the splits of 156 into groups of 24 or more, and whether each
  counts out (only ``36 24 24 24 24 24`` does).

Run (2026-11-29, two at a time, 2-core AMD EPYC): by SAT, no answer in 40 minutes (289
thousand variables, 3.5 million clauses) nor with ``--mirror`` in 41 (168 thousand, 1.9
million). ``--tabu``: with a partial round drawn without the parity rule it ended 9 pairs
short (3 orbits: one pair and its two turns by 4 each); with it, ``--tabu 240 15 7`` ended 6
short for 7 of 14 partial rounds and 9 for the others, ``--tabu 300 10 8 1 101`` and
``--tabu 300 5 8 1 201`` 6 short for each of the 8 they reached (350 to 410 thousand moves
each).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from itertools import combinations
from pathlib import Path

from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sat import once_each, pair_orbit, read_tables, seat_clauses  # noqa: E402

A_GROUPS, A_SIZE, B_SIZE, TURN = 5, 24, 36, 12
PLAYERS = A_GROUPS * A_SIZE + B_SIZE  # 156
# The turns everything is kept by: every ``STEP`` (1, or 3 for the layout with a quarter of
# the symmetry: 20 images, the full base rounds kept by nothing but themselves); the full base
# rounds are kept by adding ``KEEP`` (0: nothing) and turned by ``STEP`` up to it.
STEP, KEEP = 1, 4
# ``--mirror``: the second full base round the first's image by mu (every ``A`` player to the
# other row of its place: ``(i, e, y)`` to ``(i, 1 - e, y)``, ``B`` kept), the partial round
# kept by mu too: half the unknowns.
MIRROR = False


def a_player(i: int, e: int, y: int) -> int:
    return i % A_GROUPS * A_SIZE + e * TURN + y % TURN


def b_player(f: int, w: int) -> int:
    return A_GROUPS * A_SIZE + f * TURN + w % TURN


def where(p: int) -> tuple[int, int, int]:
    """``(group, row, place)``: group 0..4 an ``A``, 5 ``B``."""
    if p < A_GROUPS * A_SIZE:
        i, rest = divmod(p, A_SIZE)
        return (i, *divmod(rest, TURN))
    return (A_GROUPS, *divmod(p - A_GROUPS * A_SIZE, TURN))


def moved(p: int, s: int, t: int) -> int:
    """Player ``p`` with ``s`` added to its ``A`` and ``t`` to its place."""
    g, row, y = where(p)
    return a_player(g + s, row, y + t) if g < A_GROUPS else b_player(row, y + t)


def mu(p: int) -> int:
    g, row, y = where(p)
    return a_player(g, 1 - row, y) if g < A_GROUPS else p


def orbit_key(a: int, b: int) -> tuple[int, ...] | None:
    """The orbit (of 60) of the pair a-b under the moves, or None within one group."""
    (ga, ea, ya), (gb, eb, yb) = where(a), where(b)
    if ga == gb:
        return None
    if gb == A_GROUPS or ga == A_GROUPS:
        (ga, ea, ya), (gb, eb, yb) = sorted([(ga, ea, ya), (gb, eb, yb)])
        return (0, ea, eb, (yb - ya) % TURN, ya % STEP)
    d = (gb - ga) % A_GROUPS
    if d > 2:
        (ea, ya), (eb, yb), d = (eb, yb), (ea, ya), A_GROUPS - d
    return (d, ea, eb, (yb - ya) % TURN, ya % STEP)


def design(solver_name: str = "cadical195") -> list[list[list[int]]] | None:
    pool, cnf = IDPool(), CNF()
    in_orbit: dict[tuple[int, ...], list[int]] = {}

    def round_vars(
        players: list[int], moves: list[Callable[[int], int]], tag: str
    ) -> Callable[[int, int], int | None]:
        member = set(players)

        def s(a: int, b: int) -> int | None:
            if a == b or a not in member or b not in member or orbit_key(a, b) is None:
                return None
            return pool.id((tag, pair_orbit((min(a, b), max(a, b)), *moves)))

        return s

    everybody = list(range(PLAYERS))
    first_full = round_vars(everybody, [lambda p: moved(p, 0, KEEP)], "full0")
    if MIRROR:
        second_full = lambda a, b: first_full(mu(a), mu(b))  # noqa: E731
    else:
        second_full = round_vars(everybody, [lambda p: moved(p, 0, KEEP)], "full1")
    partial_players = [p for p in range(A_GROUPS * A_SIZE) if where(p)[0] != 0]
    partial_moves = [lambda p: moved(p, 0, STEP)] + ([mu] if MIRROR else [])
    partial = round_vars(partial_players, partial_moves, "partial")
    rounds = ((first_full, everybody), (second_full, everybody), (partial, partial_players))
    for s, players in rounds:

        def local(a: int, b: int, s=s, players=players) -> int | None:  # seat_clauses counts 0..n-1
            return s(players[a], players[b])

        if not (MIRROR and s is second_full):  # the mirror's tables are the first round's
            cnf.extend(seat_clauses(len(players), 4, local, pool))
        for a, b in combinations(players, 2):
            v = s(a, b)
            if v is not None:
                in_orbit.setdefault(orbit_key(a, b), []).append(v)  # type: ignore[arg-type]
    # A variable stands for a whole orbit of its round's own moves (3 pairs for a full round,
    # 12 for the partial one), all in one orbit of 60: list it once per orbit.
    for listed in in_orbit.values():
        cnf.extend(once_each(sorted(set(listed)), pool))
    print(
        f"{pool.top} variables, {len(cnf.clauses)} clauses, {len(in_orbit)} orbits",
        file=sys.stderr,
    )
    started = time.monotonic()
    with Solver(name=solver_name, bootstrap_with=cnf.clauses) as solver:
        found = solver.solve()
        print(f"solved: {found} in {time.monotonic() - started:.0f} s", file=sys.stderr)
        if not found:
            return None
        true = {v for v in solver.get_model() if v > 0}
    full0 = read_tables(PLAYERS, first_full, true)
    full1 = read_tables(PLAYERS, second_full, true)
    part = [t for t in read_tables(PLAYERS, partial, true) if len(t) > 1]
    return [full0, full1, part]


def outside_rounds(found: list[list[list[int]]]) -> list[list[list[int]]]:
    """The 40 full rounds, then the 5 partial ones (missing ``A0`` .. ``A4``), from the two full
    base rounds and the partial round missing ``A0`` (all their tables, as the solver reads
    them)."""
    full0, full1, partial = found
    rounds = []
    for base in (full0, full1):
        for s in range(A_GROUPS):
            for t in range(0, KEEP or TURN, STEP):
                rounds.append([[moved(p, s, t) for p in table] for table in base])
    for s in range(A_GROUPS):
        rounds.append([[moved(p, s, 0) for p in table] for table in partial])
    return rounds


def check(found: list[list[list[int]]]) -> list[list[list[int]]]:
    """All 51 rounds, every pair counted: the rounds outside, with the designs of 24 and 36
    (as ``tournaments`` builds them) played by each group in its own rounds."""
    sys.path.insert(0, str(HERE.parent.parent))
    from tournaments.seating import constructed_rounds, seating_quality

    outside = outside_rounds(found)
    a_design = constructed_rounds(list(range(A_SIZE)), 4, 7, random.Random(0))
    b_design = constructed_rounds(list(range(B_SIZE)), 4, 11, random.Random(0))
    if len(a_design) != 7 or len(b_design) != 11:
        raise SystemExit("the designs of 24 and 36 are not at their bound")

    def own(i: int, round_: list[list[int]]) -> list[list[int]]:
        start = i * A_SIZE if i < A_GROUPS else A_GROUPS * A_SIZE
        return [[start + p for p in table] for table in round_]

    rounds = [list(map(list, r)) for r in outside[:40]]
    for s in range(A_GROUPS):  # partial: A_s and B play their own
        rounds.append([*map(list, outside[40 + s]), *own(s, a_design[0]), *own(5, b_design[s])])
    for k in range(6):  # everybody plays their own
        tables = [t for i in range(A_GROUPS) for t in own(i, a_design[1 + k])]
        rounds.append(tables + own(5, b_design[5 + k]))
    for number, round_ in enumerate(rounds):
        seated = sorted(p for table in round_ for p in table)
        if seated != list(range(PLAYERS)) or any(len(t) != 4 for t in round_):
            raise SystemExit(f"round {number} does not seat everybody once at tables of four")
    repeats = seating_quality(rounds).repeated_pairs
    if repeats:
        raise SystemExit(f"{repeats} repeated meetings")
    print(f"checked: {len(rounds)} rounds, no two players meet twice", file=sys.stderr)
    return rounds


def partial_base(rng: random.Random) -> list[list[int]]:
    """A partial round missing ``A0`` kept by every turn and by mu, drawn at random: a table
    ``(1, 0, 0), (2, e2, y2), (3, e3, y3), (4, e4, y4)`` and its mirror, turned; its twelve
    pairs' orbits (each table's six and their mirrors) all different, and an even number of
    its places odd. That parity is forced: half the orbits of 60 are of pairs an odd number
    of places apart (84), and a table with ``k`` odd places holds ``k (4 - k)`` such pairs;
    the first full base round's 13 tables (one of each three turned by 4) hold 26 odd places
    in all, so ``104 - Σ k²`` such pairs, the mirror as many, and ``Σ k²`` is even (``k²`` and
    ``k`` are alike in parity, ``Σ k = 26``): the partial round's table must add an even
    number too, which only ``k`` = 0, 2 or 4 do (``k (4 - k)`` is 0, 3 or 4)."""
    while True:
        rows = [0] + [rng.randrange(2) for _ in range(3)]
        places = [0] + [rng.randrange(TURN) for _ in range(3)]
        first = [a_player(i + 1, rows[i], places[i]) for i in range(4)]
        second = [mu(p) for p in first]
        keys = [orbit_key(a, b) for t in (first, second) for a, b in combinations(t, 2)]
        if len(set(keys)) == len(keys) and sum(y % 2 for y in places) % 2 == 0:
            return [
                [moved(p, 0, t) for p in table] for t in range(TURN) for table in (first, second)
            ]


def tabu(
    seconds: float, seeds: int, tenure: int, weigh: int = 0, first: int = 1
) -> list[list[list[int]]] | None:
    """``--mirror`` by tabu search: for each seed a partial round drawn (``partial_base``), then
    the first full base round searched by ``symtabu.c`` (kept by adding 4, sigma of order 3):
    an orbit of its input is a pair of orbits of 60 that mu swaps, split three ways by the
    third of a turn its first player's place is in (each pair of the base round and its two
    turns by 4 fall in the three), so at most one table's pair may hold it; the orbits the
    partial round holds are closed."""
    from tabu import solve

    for seed in range(first, first + seeds):
        part = partial_base(random.Random(seed))
        taken = {orbit_key(a, b) for t in part for a, b in combinations(t, 2)}
        ids: dict[object, int] = {}
        rows = []
        for a in range(PLAYERS):
            row = []
            for b in range(PLAYERS):
                key = orbit_key(min(a, b), max(a, b)) if a != b else None
                if key is None or key in taken:
                    row.append(-1)
                    continue
                merged = min(key, orbit_key(mu(min(a, b)), mu(max(a, b))))  # type: ignore[type-var]
                third = where(min(a, b) if key[0] == 0 else _first(a, b))[2] // KEEP
                row.append(ids.setdefault((merged, third), len(ids)))
            rows.append(" ".join(map(str, row)))
        sigma = " ".join(str(moved(p, 0, KEEP)) for p in range(PLAYERS))
        text = f"{PLAYERS} 4 {len(ids)} 3\n" + "\n".join(rows) + f"\n{sigma}\n"
        print(f"partial round {seed}:", file=sys.stderr)
        lines = solve("symtabu", text, 1, [seconds, tenure, 2000, weigh])
        if lines is not None:
            full0 = [sorted(map(int, line.split())) for line in lines]
            return [full0, [[mu(p) for p in t] for t in full0], part]
    return None


def _first(a: int, b: int) -> int:
    """The player ``orbit_key`` measures a pair of two ``A``'s from."""
    ga, gb = where(a)[0], where(b)[0]
    return a if (gb - ga) % A_GROUPS <= 2 else b


@cache
def _seats(outside: tuple[tuple[int, ...], ...], k: int, left: tuple[int, ...], free: int) -> bool:
    """Whether ``free`` rounds, each with the groups of one of ``outside[k:]`` outside (or
    none), seat each group ``i`` outside ``left[i]`` times."""
    if not any(left):
        return True
    if k == len(outside) or free == 0:
        return False
    group = outside[k]
    for times in range(min([left[i] for i in group] + [free]), -1, -1):
        rest = tuple(n - times if i in group else n for i, n in enumerate(left))
        if _seats(outside, k + 1, rest, free - times):
            return True
    return False


def splits(players: int = PLAYERS, rounds: int = 51) -> dict[tuple[int, ...], bool]:
    """Every split of ``players`` into four or more groups of 24, 36, 48, ... (each playing its
    design at its bound in ``s / 3 - 1`` rounds of its own), and whether some count of rounds
    seats each group outside in the other ``(players - s) / 3``: a round's groups outside need
    four or more of them, none more than a quarter of their players."""

    def parts(left: int, most: int) -> list[list[int]]:
        if left == 0:
            return [[]]
        return [
            [size, *rest]
            for size in range(min(left, most) // 12 * 12, 23, -12)
            for rest in parts(left - size, size)
        ]

    found = {}
    for split in (p for p in parts(players, players) if len(p) >= 4):
        outside = [  # the largest first: the search then settles quickly
            group
            for count in range(len(split), 3, -1)
            for group in combinations(range(len(split)), count)
            if 4 * max(split[i] for i in group) <= sum(split[i] for i in group)
        ]

        need = tuple((players - s) // 3 for s in split)
        found[tuple(split)] = _seats(tuple(outside), 0, need, rounds)
    return found


def main() -> None:
    global STEP, KEEP, MIRROR
    if len(sys.argv) > 1 and sys.argv[1] == "--quarter":
        STEP, KEEP = 3, 0
        del sys.argv[1]
    if len(sys.argv) > 1 and sys.argv[1] == "--mirror":
        MIRROR = True
        del sys.argv[1]
    if len(sys.argv) > 1 and sys.argv[1] == "--splits":
        for split, counts_out in splits().items():
            print(" ".join(map(str, split)), "counts out" if counts_out else "does not")
        return
    if len(sys.argv) > 4 and sys.argv[1] == "--tabu":
        MIRROR = True
        found = tabu(*(float(a) if i == 0 else int(a) for i, a in enumerate(sys.argv[2:7])))
        if found is None:
            raise SystemExit("not found")
        print(json.dumps(found))
        check(found)
        return
    if len(sys.argv) > 2 and sys.argv[1] == "--check":
        check(json.loads(Path(sys.argv[2]).read_text()))
        return
    found = design(*(sys.argv[1:2]))
    if found is None:
        raise SystemExit("none in this layout (unsatisfiable)")
    print(json.dumps(found))
    check(found)


if __name__ == "__main__":
    main()

"""Rounds whose repeats are spread evenly, by SAT (CaDiCaL through ``python-sat``), offline.

Needs ``pip install python-sat`` (an offline tool's, not a dependency of Tenbou).

Where ``even.py``'s local search (``even.c``) finds no rounds in which every two players (of
different teams) meet ``floor(mu)`` or ``ceil(mu)`` times, a SAT solver either finds them or
proves there are none: a variable per pair and round, each player with ``SIZE - 1`` partners
a round, sharing a table transitive, teammates never together, each pair's meetings within
the limits. The players are interchangeable (with teams: where every table holds one of
each team, or all teams but one), so the first round seats them in order. A field with few
rounds at all (8 players at tables of four: 35) is solved as how often each is played.

- ``even_sat.py N SIZE ROUNDS [TEAM]``: one field; prints its rounds as ``even_rounds.py``
  stores them, or says there are none (unsatisfiable: a proof).
- Where ``SIZE`` divides ``N`` (with teams: teams the turning keeps), the rounds are first
  sought as cycles of ``N / SIZE`` turned (``solve_cyclic``: base rounds and short rounds, a
  variable per pair of a base round; 2026-11-28, 20 players over 11 to 14 rounds and 24 over
  13, 14 and 16 in 0.3 to 15 s each, 24 over 15 in 11 minutes, where the plain model had not
  answered in 120 s); only the plain model's "none" is a proof.
- ``even_sat.py --missed SECONDS [NAME ...]``: every field ``tournaments/even_rounds.py``
  lists as not found in the last run (or those named, as ``20×9/t4``), each given
  ``SECONDS`` (in a process of its own: CaDiCaL cannot be interrupted); adds the rounds
  found (checked pair by pair by ``even.check``) and lists the ones proven impossible, the
  rounds stored before kept as they are.
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import partial
from itertools import combinations
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from even import check, even_limits, write  # noqa: E402
from sat import read_tables, seat_clauses  # noqa: E402

Rounds = list[list[list[int]]]


def partitions(players: int, size: int, team: int, limit: int) -> list[list[list[int]]] | None:
    """Every round of ``players`` at tables of ``size`` that seats no teammates together, or
    None past ``limit`` of them."""
    teams = players // team if team else players
    found: list[list[list[int]]] = []

    def extend(left: list[int], tables: list[list[int]]) -> bool:
        if not left:
            found.append(tables)
            return len(found) <= limit
        head, rest = left[0], left[1:]
        for others in combinations(rest, size - 1):
            table = [head, *others]
            if len({p % teams for p in table}) < size:
                continue
            if not extend([p for p in rest if p not in others], [*tables, table]):
                return False
        return True

    return found if extend(list(range(players)), []) else None


def limited_model(
    cnf: CNF, pool: IDPool, counted: list[list[int]], low: int, high: int
) -> set[int] | None:
    """The true variables of a model in which each list of ``counted`` holds ``low`` to
    ``high`` true literals (a literal listed twice counts twice), or None where none is."""
    for listed in counted:
        if low:
            cnf.extend(CardEnc.atleast(listed, low, vpool=pool, encoding=EncType.totalizer))
        cnf.extend(CardEnc.atmost(listed, high, vpool=pool, encoding=EncType.totalizer))
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        return {v for v in solver.get_model() if v > 0}


def solve_by_counts(
    players: int, size: int, rounds: int, team: int, every: list[list[list[int]]]
) -> Rounds | None:
    """A small field (few rounds there are at all): how often each round is played, in unary
    (``u[P][j]``: round ``P`` played ``j`` times or more), so the rounds' order is no choice."""
    low, high = even_limits(players, size, rounds, team)
    teams = players // team if team else players
    pool, cnf = IDPool(), CNF()
    used = [[pool.id((i, j)) for j in range(rounds)] for i in range(len(every))]
    for row in used:
        cnf.extend([-row[j], row[j - 1]] for j in range(1, rounds))
    flat = [v for row in used for v in row]
    cnf.extend(CardEnc.equals(flat, rounds, vpool=pool, encoding=EncType.totalizer))
    holding: dict[tuple[int, int], list[int]] = {}
    for i, tables in enumerate(every):
        for table in tables:
            for pair in combinations(sorted(table), 2):
                holding.setdefault(pair, []).extend(used[i])
    counted = [meets for (a, b), meets in holding.items() if a % teams != b % teams]
    true = limited_model(cnf, pool, counted, low, high)
    if true is None:
        return None
    found = [every[i] for i, row in enumerate(used) for v in row if v in true]
    check(players, size, found, team)
    return found


def solve_cyclic(players: int, size: int, rounds: int, team: int = 0) -> Rounds | None:
    """The rounds as ``size`` cycles of ``m = players / size`` (player ``j*m + x`` is place
    ``x`` of cycle ``j``): ``rounds // m`` base rounds, each turned ``m`` times, and ``rounds %
    m`` short rounds, each the turns of one table with a player of every cycle. Two players
    then meet as often as any other pair of their orbit under the turning (a pair half a
    turn apart twice for each base pair in its orbit), so the limits are one per orbit: a far
    smaller problem than a variable per pair and round, which it answers at once where that
    ran out of time (20 players over 11 to 14 rounds, 24 over 13 to 16; found or not: no
    proof that no schedule exists, only none of this shape). Teams that the turning keeps:
    as many teams as places, each a place's players across the cycles (20 in five teams of
    four), or one team per cycle (24 in four teams of six); their players then renumbered to
    ``even_rounds.py``'s teams. None where there is none (or no such teams)."""
    m, (bases, short) = players // size, divmod(rounds, players // size)
    low, high = even_limits(players, size, rounds, team)
    by_place = team == size and players // team == m  # team x: place x of every cycle
    by_cycle = team == m and players // team == size  # team j: cycle j
    if team and not (by_place or by_cycle):
        return None
    pool, cnf = IDPool(), CNF()

    def mates(a: int, b: int) -> bool:
        return (by_place and a % m == b % m) or (by_cycle and a // m == b // m)

    def s(a: int, b: int, r: int) -> int | None:
        return None if mates(a, b) else pool.id((min(a, b), max(a, b), r))

    def orbit(a: int, b: int) -> tuple[object, int]:
        """The orbit of the pair a-b, and how often the pair meets per base pair in it."""
        (ja, xa), (jb, xb) = divmod(min(a, b), m), divmod(max(a, b), m)
        d = (xb - xa) % m
        if ja == jb:
            return ("within", ja, min(d, m - d)), 2 if 2 * d == m else 1
        return ("between", ja, jb, d), 1

    meets: dict[object, list[int]] = {}
    for r in range(bases):
        cnf.extend(seat_clauses(players, size, partial(s, r=r), pool))
        for a, b in combinations(range(players), 2):
            if (v := s(a, b, r)) is not None:
                key, times = orbit(a, b)
                meets.setdefault(key, []).extend([v] * times)
    place = [
        [[pool.id(("short", t, j, x)) for x in range(m)] for j in range(size)] for t in range(short)
    ]
    for t in range(short):
        cnf.append([place[t][0][0]])  # the turns of a table are its round: cycle 0 at place 0
        for j in range(size):
            cnf.extend(CardEnc.equals(place[t][j], 1, vpool=pool, encoding=EncType.pairwise))
        for j, k in combinations(range(size), 2):
            for d in range(m):
                apart = pool.id(("apart", t, j, k, d))  # places d apart on cycles j and k
                both = []
                for x in range(m):
                    v = pool.id(("both", t, j, k, d, x))
                    y, z = place[t][j][x], place[t][k][(x + d) % m]
                    cnf.extend([[-v, y], [-v, z], [v, -y, -z]])
                    both.append(v)
                cnf.append([-apart, *both])
                cnf.extend([apart, -v] for v in both)
                if by_place and d == 0:
                    cnf.append([-apart])  # teammates never at one table
                else:
                    meets.setdefault(("between", j, k, d), []).append(apart)
    true = limited_model(cnf, pool, list(meets.values()), low, high)
    if true is None:
        return None

    def turned(table: list[int], by: int) -> list[int]:
        return [p // m * m + (p % m + by) % m for p in table]

    found = []
    for r in range(bases):
        base = read_tables(players, partial(s, r=r), true)
        found += [[turned(t, by) for t in base] for by in range(m)]
    for t in range(short):
        table = [j * m + x for j in range(size) for x in range(m) if place[t][j][x] in true]
        found.append([turned(table, by) for by in range(m)])
    if by_cycle:  # player j*m + x to x*size + j: team j is then every size-th player
        found = [[[p % m * size + p // m for p in t] for t in tables] for tables in found]
    check(players, size, found, team)
    return found


def solve(players: int, size: int, rounds: int, team: int) -> Rounds | None:
    """The rounds, or None where there are none."""
    every = partitions(players, size, team, 2000)
    if every is not None:
        return solve_by_counts(players, size, rounds, team, every)
    low, high = even_limits(players, size, rounds, team)
    teams = players // team if team else players
    pool, cnf = IDPool(), CNF()

    def s(a: int, b: int, r: int) -> int | None:
        if a % teams == b % teams:
            return None
        return pool.id((min(a, b), max(a, b), r))

    for r in range(rounds):
        cnf.extend(seat_clauses(players, size, partial(s, r=r), pool))
    for a, b in combinations(range(players), 2):
        meets = [s(a, b, r) for r in range(rounds)]
        if meets[0] is None:
            continue
        if low:
            cnf.extend(CardEnc.atleast(meets, low, vpool=pool, encoding=EncType.seqcounter))
        if high < rounds:
            cnf.extend(CardEnc.atmost(meets, high, vpool=pool, encoding=EncType.seqcounter))
    if not team or teams in (size, size + 1):
        for a, b in combinations(range(players), 2):
            v = s(a, b, 0)
            if v is not None:
                cnf.append([v if a // size == b // size else -v])
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        true = {v for v in solver.get_model() if v > 0}
    found = [read_tables(players, partial(s, r=r), true) for r in range(rounds)]
    check(players, size, found, team)
    return found


def parse(name: str) -> tuple[int, int, int, int]:
    """``20×9/t4`` -> (20, 4, 9, 4); ``12×6/3`` -> (12, 3, 6, 0)."""
    players, rounds, *rest = re.split(r"[×/]", name)
    size = next((int(x) for x in rest if not x.startswith("t")), 4)
    team = next((int(x[1:]) for x in rest if x.startswith("t")), 0)
    return int(players), size, int(rounds), team


def missed(seconds: float, only: list[str]) -> None:
    from tournaments import even_rounds

    doc = " ".join((even_rounds.__doc__ or "").split())
    ruled = doc.split("out by counting: ")[1].split(";")[0].split(", ")
    before = doc.split("not found in the last run: ")[1].split(".")[0].split(", ")
    proved = doc.split("none exists (SAT): ")[1].split(";")[0].split(", ") if "(SAT)" in doc else []
    found: dict[tuple[int, int, int, int], Rounds] = {
        key: [[[int(p) for p in t.split()] for t in line.split("|")] for line in lines]
        for key, lines in even_rounds.EVEN_ROUNDS.items()
    }
    still = []
    for name in before:
        if only and name not in only:
            still.append(name)
            continue
        players, size, rounds, team = parse(name)
        try:  # apart, as CaDiCaL cannot be interrupted
            run = subprocess.run(
                [sys.executable, __file__, *map(str, (players, size, rounds, team))],
                capture_output=True,
                text=True,
                timeout=seconds,
            )
        except subprocess.TimeoutExpired:
            print(name, "out of time", file=sys.stderr)
            still.append(name)
            continue
        print(name, "found" if run.returncode == 0 else "none", file=sys.stderr)
        if run.returncode == 0:
            lines = run.stdout.splitlines()
            answer = [[[int(p) for p in t.split()] for t in line.split("|")] for line in lines]
            check(players, size, answer, team)
            found[players, size, rounds, team] = answer
        else:
            proved.append(name)
    write(found, ruled, still, proved)


def main() -> None:
    if sys.argv[1] == "--missed":
        missed(float(sys.argv[2]), sys.argv[3:])
        return
    players, size, rounds = map(int, sys.argv[1:4])
    team = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    answer = None
    if players % size == 0 and rounds > players // size:
        answer = solve_cyclic(players, size, rounds, team)  # none: no proof, on to the rest
    answer = answer or solve(players, size, rounds, team)
    if answer is None:
        raise SystemExit(f"none: {players} x {rounds} cannot spread its repeats evenly")
    for tables in answer:
        print("|".join(" ".join(map(str, table)) for table in tables))


if __name__ == "__main__":
    main()

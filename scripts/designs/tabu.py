"""Find a 1-rotational base round at the bound by tabu search (``tabu.c``, ``symtabu.c``), offline.

The layout is ``find.py``'s: ``cycles`` cycles of ``m`` and the players left fixed, round ``r``
the base round with every cycle turned by ``r``; the base round's pairs must fall in distinct
orbits of the turning, and never in an orbit shorter than ``m`` or between two fixed players.
Where the exact cover of ``find.py`` runs out of time, a local search over the base round may
still land: a state is a partition of the players into tables, its cost the pairs that share an
orbit with another pair (or sit where none may), a move swaps two players of different tables
(the best one not tabu, evaluated with a counter per orbit).

- ``tabu.py N SIZE SECONDS [SEEDS] [TENURE] [STALL] [WEIGH]``: the plain layout (``tabu.c``).
  36 players in 10 s; 44 and 56 stall two or three pairs short in 20 s runs (with or without
  weights on the orbits used twice, ``WEIGH``), so 68 is out of its reach.
- ``tabu.py --short N 4 SECONDS ...``: four cycles of ``N / 4`` and the rounds past them short
  (each the turns of one table taking a player of every cycle, as ``orbits.py`` stores them): 28
  at once; 44, 52 and 56 stall two to four pairs short.
- ``tabu.py --symmetric N MULTIPLIER SECONDS SEEDS TENURE STALL WEIGH`` (``symtabu.c``): the
  base round also unchanged by sigma, which turns the three cycles into each other, place ``x``
  becoming ``MULTIPLIER * x`` (a cube root of 1 mod ``m``), three fixed players in a ring or two
  each at a table with one whole orbit of sigma (the model of ``orbits.py --symmetric`` and
  ``--symmetric2``, there annealed): a third of the search, and where the annealing took 40
  minutes for 72 players this takes seconds (``WEIGH`` 0, tenure 4-10: 84 in 0.3 s, 72 in 3-27
  s, 44 and 56 in 2 s). The multiplier may be 1 where the three fixed players go round in a
  ring (``N ≡ 0 mod 12``): sigma then moves every orbit of the turning to another, the ring's
  three tables meet three different offsets, and 48, 60 and 72 come in 0.1, 3 and 8 s that way
  (156, 168 and 180, whose cycles have no other cube root of 1, have this model only; 168 is
  now seated by a frame and 180 by a resolvable design of five groups, both in
  ``tournaments/frame_designs.py``). ``N ≡ 8 mod 12`` with no cube root of 1 but 1 (68, 92,
  104, 140, 152, 200) has no such model: the two fixed players' tables would meet the same
  three offsets (152 is seated by a frame too).
- ``tabu.py --symshort N MULTIPLIER SECONDS SEEDS TENURE STALL WEIGH`` (``symtabu.c`` with short
  tables): the layout of ``--short`` (four cycles of ``N / 4``) unchanged by sigma: cycle 0
  keeps its places, cycles 1, 2, 3 turn into each other, place ``x`` becoming ``MULTIPLIER *
  x`` (a cube root of 1 mod ``N / 4`` other than 1); the short rounds in threes, and those
  left over each turned by sigma into a turn of itself. 104 (multiplier 3, tenure 7, no
  weights) at the second seed in 97 s (the first ended 1 pair short in 300 s; 2026-11-28),
  and 84 with 4 or 16 in a second; 156 (16) ends one orbit of sigma (3 pairs) short: seeds
  11-13 and 21-22 in 400 s each with the unmet pairs free or forced to be the groups of
  three a third of a turn apart, seeds 31 and 41 in 1200 s with weights; seeds 61 and 62 in
  1150 s each without (tenure 7, 2026-11-29), 3 pairs short too.
- ``tabu.py --moved N 4 SECONDS ...``: the plain layout with the fixed players turning too,
  fixed player ``i`` to ``i + r`` modulo their number in round ``r`` (which their number must
  divide): another model of the same size, where each fixed player meets each cycle in as
  many classes. Tried (2026-11-28, no weights, tenure 6): 156 ended 7 pairs short in 600 s.
- ``tabu.py --kept N MULTIPLIER ...``: the same with every cycle keeping its places, place
  ``x`` becoming ``MULTIPLIER * x`` (a cube root of 1 mod ``m`` other than 1), and the three
  fixed players in a ring: each cycle's place 0 is then left as it is and sits with one whole
  orbit of sigma, and the pairs of place 0 across two cycles (``("between", j, k, 0)``) are
  the ones left unmet, groups of three. 132 players came at once this way (``--kept 132 6 120
  1 6 2000 0``: 0.8 s, 3693 moves; seeds 2, 3, 4 in 17-30 s, 5 and 6 two pairs short in 60
  s, multiplier 36 at seed 1 in 20 s, with the test suite running alongside), where the
  turned cycles had stalled three pairs short for hours. 156, 164 and 188 have no such model
  (no cube root of 1 but 1 modulo 51; two fixed players cannot go round in threes).
- ``tabu.py N 4 SECONDS SEEDS TENURE STALL WEIGH ROUNDS``: the plain layout short of the
  bound, cycles of ``ROUNDS`` and the players left fixed (five or more): orbits to spare, and
  the search lands where ``find.py --below`` had stopped (2026-11-28, 60 s a seed, tenure 6,
  the other core busy): 68 at 21 rounds in seconds (had 18), 92 at 28 (29 ended 2 pairs short
  in 150 + 2 × 60 s and 240 s; had 25), 104 at 31 in 8 s (had 27), 156 at 46 (had 41) and at
  47 with tenure 8 in 53 s (tenure 6: 1 short in 240 s), 164 at 49 (had 43), 188 at 56 in
  0.1 s (had 49); each count of rounds above these ended one to seven pairs short in 2 × 60 s
  (and 92 at 29, 104 at 32, 164 at 50 one short in 290 s with tenure 8; later 104 at 32
  in 308 s with tenure 7; 92 at 29, 156 at 48, 164 at 50 and 188 at 57 one short in 900
  s each, tenure 7).
- ``tabu.py --bases N ROUNDS BASES SECONDS SEEDS TENURE``: ``BASES`` base rounds of cycles of
  ``ROUNDS / BASES`` (a subgroup of the plain layout's turning, so more to choose, the orbits
  left unmet the search's choice), searched at once as ``--covering`` does. Tried
  (2026-11-28, tenure 6): 68 over 22 as two base rounds of cycles of 11 ended 6 and 7 pairs
  short in 3 × 300 s (the plain layout: 3); 44 over 14, 4 short in 60 s. Later (2026-11-29)
  the same 68 with ``--sat`` (two base rounds of six cycles of 11 and two fixed players, never
  run by SAT before): no answer in 68 CPU-minutes.
- ``--sat`` with any layout but ``--short`` and ``--symmetric``/``--kept`` (``symtabu.c``):
  the same input solved by SAT (``sat.tabu_text``), which proves where there is none. Tried
  (2026-11-28): ``--covering 24 4 1 1 6 8`` none in 4 s (as the exhaustive search had said),
  ``--covering 24 4 1 1 6 4`` (two base rounds over cycles of 4) undecided in 600 s.
- ``tabu.py --covering N SIZE SECONDS SEEDS TENURE [M]``: not a design but a covering, one
  round past the bound (``tournaments/covering_designs.py`` via ``coverings.py``): cycles of
  ``M`` (by default the rounds: one base round), no fixed player, the base rounds searched at
  once as copies of the players that never share a table; each orbit once, the half turns
  included, or each place's two players across two cycles twice where ``M`` is odd, so that
  the pairs met twice pair off the players. At tables of three (2026-11-28, tenure 8): 18 to
  54 and 66 to 96 over one base round in 5 s or less each; 36 over two base rounds of cycles
  of 9 in seconds (one base round is ruled out by the parity of the differences where ``N ≡
  12 mod 24``); 60 and 84 over two of cycles of 15 and 21 stalled one and two pairs short in
  3 × 200 s; both found with ``--sat`` (2026-12-03, about 7 and 23 minutes, the other core
  busy). At
  tables of four none found: 24 has none over three cycles of 8 (exhaustive), 24 and 36 over
  cycles of 2 to 6 ended 4 to 8 pairs short in 25-40 s, 48 over three cycles of 16 (300 s).

Each prints the base round as JSON (the line ``find.py`` prints, or ``orbits.py``'s with short
rounds) once one costs nothing; ``store.py`` checks and stores it. Found at the bound (seed 1,
tenure 6, stall 2000, no weights; one core shared with other work): 108 players as
``--symmetric 108 16 300 1 6 2000 0`` in 291 s of CPU (35 rounds; the annealing of ``orbits.py
--symmetric`` stalled three pairs short in 3 minutes with 16, nothing in 5 with 11), 80 as
``--symmetric 80 3 300 1 6 2000 0`` in 262 s (26 rounds; 400 s with weights, multipliers 3 and
9, had stalled three short), 120 as ``--symmetric 120 16 300 1 6 2000 0`` in 25 s (39 rounds),
116 as ``--symmetric 116 7 400 3 8 2000 0`` at its third seed in 280 s (38 rounds; seeds 1 and
2 ended 3 pairs short in 400 s each, as did tenure 6 with multipliers 7 and 11).
Tried without a result with the cycles turned, seed 1 as above (CPU seconds, the fewest pairs
left over; 132 then found with ``--kept``): 132 with 6
and 36 (300, 250: 3 each; tenure 8, seeds 1-3, 400 each: 3; 36 at tenure 8 and 6 at seed 7,
900 each: 3) and with 1 (600: 3), 156, 168 and 180 with 1 (600 each: 6), 164 with 19 and 37
(300, 200: 6 each), 188 with 5 (300: 9); the symmetry counts pairs in threes, so 3 is one orbit
of pairs from the end; later, 900 CPU-s each without a result: 132 with 6 at seeds 22 and 24
(tenure 7, 8) and 36 at seed 23 (9), 180 with 1 at seeds 3 and 4 (6, 7), 156 with 1 at seed 3
(6). 152 as the same model over ``Z_2 x Z_5^2`` in place of the cycle of 50
(an automorphism of order 3 there, ``(u, w) -> (-w, u - w)``) ended 6 short in 900 s. Not
found: 68 has no symmetric model of this kind (as above; nor as four cycles of 17 with five
short rounds turned into each other by ``x -> 4x``: counting the orbits between opposite
cycles leaves no whole number of tables), and the plain searches stall a few pairs short
already at 44 and 56; at 68, ``tabu.py 68 4 240 1 6 2000 0`` ended 3 pairs short in 240 s (a
million moves), ``--short`` the same in 150 s. Later (2026-11-28): ``kinds.c`` (the layout
of ``--short`` with rounds kept by any subgroup of the turning, and the move of
``five_groups.c``) stalls as these do (its header has the runs); and a SAT encoding of the
plain layout (a variable per pair that may share a table, each player with three partners,
sharing a table transitive, no orbit twice; CaDiCaL through ``python-sat``) took 100 s of CPU
for 36, which the tabu search finds in 10 (on 68 later: no answer in 14 minutes, ``sat.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from find import cycles_at_bound, orbit  # noqa: E402


def base_and_short(lines: list[str]) -> tuple[list[list[int]], list[list[list[int]]]]:
    """A solver's base round and short rounds (the lines ``short a b c d``, each one table
    whose turns are the round), as ``orbits.py`` stores them."""
    base = sorted(sorted(map(int, line.split())) for line in lines if line[0] != "s")
    short = [[sorted(int(p) for p in line.split()[1:])] for line in lines if line[0] == "s"]
    return base, short


def symmetric_short(
    players: int,
    multiplier: int,
    seconds: float,
    seeds: int,
    tenure: int,
    stall: int,
    weigh: int,
) -> dict | None:
    """Four cycles of ``m = N / 4``, a base round and the short rounds past it (the layout of
    ``--short``), all unchanged by sigma: cycle 0 keeps its places, place ``x`` becoming
    ``MULTIPLIER * x`` (a cube root of 1 mod ``m`` other than 1), and cycles 1, 2, 3 turn into
    each other the same way (``symtabu.c`` with short tables). The places of cycle 0 that
    sigma keeps (``m / 3`` apart) each sit with one whole orbit of sigma; the short rounds come
    in threes, a short table and its images, and the one or two left over each a table that
    sigma turns into a turn of itself (its places on cycles 2 and 3 follow from the others)."""
    m = players // 4
    short = (players - 1) // 3 - m
    if players % 4 or pow(multiplier, 3, m) != 1 or multiplier % m == 1:
        raise SystemExit(f"no symmetric short layout of {players} with {multiplier}")
    count, table = orbit_table(players, m, 4)
    sigma = [
        multiplier * (p % m) % m + (p // m % 3 + 1 if p >= m else 0) * m for p in range(players)
    ]
    text = f"{players} 4 {count} 3\n{table}{' '.join(map(str, sigma))}\n"
    text += f"{short // 3} {m} {short % 3} {multiplier}\n"
    lines = solve("symtabu", text, seeds, [seconds, tenure, stall, weigh])
    if lines is None:
        return None
    base, short_rounds = base_and_short(lines)
    found = {"players": players, "size": 4, "n": m, "cycles": 4}
    return {**found, "base": base, "short": short_rounds}


def moved_orbit(a: int, b: int, m: int, cycles: int, fixed: int) -> tuple[object, ...] | None:
    """``orbit`` where turning by ``t`` also moves fixed player ``i`` to ``i + t`` modulo the
    ``fixed`` players' number (which divides ``m``): a fixed player then meets a cycle's
    places in ``fixed`` classes, one each turn of ``fixed``."""
    a, b = min(a, b), max(a, b)
    cm = cycles * m
    if b < cm:
        return orbit(a, b, m, cycles)
    if a >= cm:
        return None
    return ("moved", a // m, (a % m - (b - cm)) % fixed)


def orbit_table(players: int, m: int, cycles: int, moved: bool = False) -> tuple[int, str]:
    """The solvers' input: how many orbits, and every pair's orbit as an N x N table (-1 where
    the pair may never sit together); ``moved``: the fixed players turn too (``moved_orbit``)."""
    keys: dict[object, int] = {}
    table = [[-1] * players for _ in range(players)]
    fixed = players - cycles * m
    for a, b in combinations(range(players), 2):
        key = moved_orbit(a, b, m, cycles, fixed) if moved else orbit(a, b, m, cycles)
        if key is not None:
            table[a][b] = table[b][a] = keys.setdefault(key, len(keys))
    return len(keys), "\n".join(" ".join(map(str, row)) for row in table) + "\n"


def solve(name: str, text: str, seeds: int, options: list[object]) -> list[str] | None:
    """The lines the solver ``name`` (built from ``name.c`` if missing) prints for the first of
    ``seeds`` seeds that finds a base round, or None; each seed's last word on stderr."""
    if SAT:  # the same layout by SAT: no seeds, and "none" is a proof
        from sat import tabu_text

        if name != "tabu":
            raise SystemExit(f"--sat takes tabu.c's layouts, not {name}.c's")

        found = tabu_text(text)
        print("sat:", "found" if found else "none in this layout", file=sys.stderr)
        return found
    solver = HERE / name
    if not solver.exists():
        subprocess.run(["cc", "-O2", "-o", solver, HERE / f"{name}.c"], check=True)
    for seed in range(1, seeds + 1):
        run = subprocess.run(
            [solver, str(seed), *map(str, options)], input=text, capture_output=True, text=True
        )
        print(f"seed {seed}: {run.stderr.strip()} {run.stdout[:20].strip()}", file=sys.stderr)
        if run.returncode == 0:
            return run.stdout.splitlines()
    return None


def turned_cycles(players: int, m: int, multiplier: int, turn: bool = True) -> list[int]:
    """sigma for three cycles of ``m`` and the players left fixed: place ``x`` of cycle ``l`` goes
    to place ``multiplier * x`` of cycle ``l + 1`` (of cycle ``l`` itself when not ``turn``);
    three fixed players round in a ring too, two stay (each then sits with one whole orbit of
    sigma)."""
    step = 1 if turn else 0
    sigma = [((p // m + step) % 3) * m + multiplier * (p % m) % m for p in range(3 * m)]
    fixed = players - 3 * m
    return sigma + [3 * m + ((i + 1) % 3 if fixed == 3 else i) for i in range(fixed)]


def symmetric(
    players: int,
    seconds: float,
    seeds: int,
    tenure: int,
    stall: int,
    weigh: int,
    multiplier: int,
    turn: bool = True,
) -> dict | None:
    """A base round unchanged by ``turned_cycles`` (``symtabu.c``): ``V = 3m + 3`` or ``3m + 2``,
    a third of the search."""
    m = (players - 1) // 3
    count, table = orbit_table(players, m, 3)
    sigma = " ".join(map(str, turned_cycles(players, m, multiplier, turn)))
    text = f"{players} 4 {count} 3\n{table}{sigma}\n"
    lines = solve("symtabu", text, seeds, [seconds, tenure, stall, weigh])
    if lines is None:
        return None
    base = sorted(sorted(map(int, line.split())) for line in lines)
    return {"players": players, "size": 4, "rounds": m, "cycles": 3, "base": base}


def search(
    players: int,
    size: int,
    seconds: float,
    seeds: int,
    tenure: int,
    stall: int,
    with_short: bool,
    weigh: int = 1,
    moved: bool = False,
    rounds: int = 0,
) -> dict | None:
    bound = (players - 1) // (size - 1)
    if with_short:  # size cycles of players // size, the rounds past them short
        m, cycles = players // size, size
    else:
        m = rounds or bound
        cycles = cycles_at_bound(players, size, m)
    short = bound - m if with_short else 0
    count, table = orbit_table(players, m, cycles, moved)
    text = f"{players} {size} {count} {short} {m}\n{table}"
    lines = solve("tabu", text, seeds, [seconds, tenure, stall, weigh])
    if lines is None:
        return None
    base, short_rounds = base_and_short(lines)
    if with_short:
        found = {"players": players, "size": size, "n": m, "cycles": cycles}
        return {**found, "base": base, "short": short_rounds}
    found = {"players": players, "size": size, "rounds": m, "cycles": cycles}
    return {**found, "base": base, **({"moved": True} if moved else {})}


def covering_orbit(a: int, b: int, m: int) -> tuple[object, ...]:
    """The orbit of the pair a-b under the turning of the cycles of ``m``, half turns included
    (a covering's base round may hold one pair of a half turn: its turns meet those pairs
    twice each)."""
    (ja, xa), (jb, xb) = divmod(min(a, b), m), divmod(max(a, b), m)
    d = (xb - xa) % m
    return ("within", ja, min(d, m - d)) if ja == jb else ("between", ja, jb, d)


def copies_table(
    players: int, copies: int, orbit_of: Callable[[int, int], object | None]
) -> tuple[dict[object, int], str]:
    """The orbit table of ``copies`` copies of the players, one per base round searched at once:
    a pair within a copy in its orbit (``orbit_of``; None: never together), copies never at
    one table. The orbits' numbers, and the table as ``tabu.c`` reads it."""
    keys: dict[object, int] = {}
    rows = [[-1] * (players * copies) for _ in range(players * copies)]
    for a, b in combinations(range(players), 2):
        key = orbit_of(a, b)
        if key is None:
            continue
        o = keys.setdefault(key, len(keys))
        for k in range(copies):
            rows[k * players + a][k * players + b] = rows[k * players + b][k * players + a] = o
    return keys, "\n".join(" ".join(map(str, row)) for row in rows)


def split_copies(lines: list[str], players: int, copies: int) -> list[list[list[int]]]:
    """The tables the solver printed for ``copies_table``, as one base round per copy."""
    tables = [sorted(map(int, line.split())) for line in lines]
    return [
        sorted([p - k * players for p in t] for t in tables if t[0] // players == k)
        for k in range(copies)
    ]


def covering(
    players: int, size: int, seconds: float, seeds: int, tenure: int, m: int = 0
) -> dict | None:
    """The base rounds of a resolvable covering over ``rounds`` rounds (``(players - 1) //
    (size - 1) + 1``, one past the bound): the players are cycles of ``m`` (by default
    ``rounds``: one base round), no fixed player, ``rounds / m`` base rounds each turned ``m``
    times; every two players meet, and the pairs that meet twice pair off the players (the
    fewest repeats counting allows). Every orbit once, and the pairs met twice: with ``m``
    even the half turns (one pair of each in the base rounds, whose turns meet it twice),
    else each place's two players across cycles ``2i`` and ``2i + 1`` (that orbit twice).
    The search sees the base rounds as copies of the players who never share a table."""
    rounds = (players - 1) // (size - 1) + 1
    m = m or rounds
    copies, cycles = rounds // m, players // m
    keys, table = copies_table(players, copies, lambda a, b: covering_orbit(a, b, m))
    slots = copies * players * (size - 1) // 2
    doubled = [("between", j, j + 1, 0) for j in range(0, cycles - 1, 2)][: slots - len(keys)]
    capacity = [2 if key in doubled else 1 for key in keys]
    if sum(capacity) != slots or rounds % m or players % m:
        raise SystemExit(f"no covering of {players} over cycles of {m}")
    text = f"{players * copies} {size} {len(keys)} 0 {m}\n{table}\n"
    lines = solve(
        "tabu", text + " ".join(map(str, capacity)) + "\n", seeds, [seconds, tenure, 2000, 0]
    )
    if lines is None:
        return None
    bases = split_copies(lines, players, copies)
    return {"players": players, "size": size, "m": m, "cycles": cycles, "bases": bases}


def based(
    players: int, rounds: int, bases: int, seconds: float, seeds: int, tenure: int
) -> dict | None:
    """A design over ``rounds`` rounds at tables of four as ``bases`` base rounds, each turned
    ``m = rounds / bases`` times: the players are ``3 * rounds / m`` cycles of ``m`` (the
    turning's group is a subgroup of the plain layout's, so there are more base rounds to
    choose) and the rest fixed; the orbits left unmet are the search's to choose (at the bound
    as many as counting leaves: with two fixed players a perfect matching, such as each
    place's two players across cycles ``2i`` and ``2i + 1``). The base rounds are searched at
    once as copies of the players who never share a table (as ``covering``)."""
    m, cycles = rounds // bases, 3 * bases
    fixed = players - cycles * m
    if rounds % bases or fixed < 2:
        raise SystemExit(f"no layout of {players} over {bases} base rounds of {rounds}")
    keys, table = copies_table(players, bases, lambda a, b: orbit(a, b, m, cycles))
    text = f"{players * bases} 4 {len(keys)} 0 {m}\n{table}\n"
    lines = solve("tabu", text, seeds, [seconds, tenure, 2000, 0])
    if lines is None:
        return None
    found = split_copies(lines, players, bases)
    return {"players": players, "size": 4, "m": m, "cycles": cycles, "bases": found}


SAT = False  # --sat: solve the layout by SAT (``sat.tabu_text``) instead of tabu.c


def main() -> None:
    global SAT
    SAT = "--sat" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--sat"]
    if args[0] == "--covering":
        players, size, seconds, seeds, tenure, m = map(float, [*args[1:7], 0][:6])
        found = covering(int(players), int(size), seconds, int(seeds), int(tenure), int(m))
        if found is None:
            raise SystemExit("not found: try more seeds or seconds")
        print(json.dumps(found))
        return
    if args[0] == "--bases":
        players, rounds, bases, seconds, seeds, tenure = map(float, args[1:7])
        found = based(*map(int, (players, rounds, bases)), seconds, int(seeds), int(tenure))
        if found is None:
            raise SystemExit("not found: try more seeds or seconds")
        print(json.dumps(found))
        return
    if args[0] == "--symshort":
        players, multiplier, seconds, seeds, tenure, stall, weigh = map(float, args[1:8])
        found = symmetric_short(
            int(players), int(multiplier), seconds, *map(int, (seeds, tenure, stall, weigh))
        )
        if found is None:
            raise SystemExit("not found: try more seeds or seconds")
        print(json.dumps(found))
        return
    if args[0] in ("--symmetric", "--kept"):
        players, multiplier, seconds, seeds, tenure, stall, weigh = map(float, args[1:8])
        found = symmetric(
            int(players),
            seconds,
            int(seeds),
            int(tenure),
            int(stall),
            int(weigh),
            int(multiplier),
            turn=args[0] == "--symmetric",
        )
        if found is None:
            raise SystemExit("not found: try more seeds or seconds")
        print(json.dumps(found))
        return
    with_short, moved = "--short" in args, "--moved" in args
    args = [a for a in args if a not in ("--short", "--moved")]
    players, size, seconds = int(args[0]), int(args[1]), float(args[2])
    seeds = int(args[3]) if len(args) > 3 else 1
    tenure = int(args[4]) if len(args) > 4 else 10
    stall = int(args[5]) if len(args) > 5 else 2000
    weigh = int(args[6]) if len(args) > 6 else 1
    rounds = int(args[7]) if len(args) > 7 else 0
    found = search(players, size, seconds, seeds, tenure, stall, with_short, weigh, moved, rounds)
    if found is None:
        raise SystemExit("not found: try more seeds or seconds")
    print(json.dumps(found))


if __name__ == "__main__":
    main()

"""Find the resolvable designs stored in ``tournaments/orbit_designs.py`` (offline).

For the fields that neither a construction nor a 1-rotational design reaches (69 and 93 players
at tables of three, 172 at tables of four). The players are ``cycles`` cycles of ``n`` (player
``j*n + x`` is place ``x`` of cycle ``j``) and a few fixed players. ``n`` rounds are one base
round turned by ``0 .. n-1`` (as ``tournaments.designs``); the other rounds are *short*: each
is the distinct turns of a few tables (a table whose turns seat every player of the cycles it
touches once, such as one player of each cycle; or the fixed players together and each cycle
split into its ``n / size`` spaced groups). Two players meet exactly once when the base round's
pairs and the short rounds' pairs together fall in every orbit of pairs under the turning once.

- ``--levels Q L M SEED STEPS`` (``levels.c``): ``L`` cycles of a prime ``Q`` at tables of
  ``L``, ``(Q - 1) / (L - 1)`` short rounds of one table each, everything invariant under
  multiplication by the ``M``-th roots of unity mod ``Q`` (which shrinks the search: 93 players
  as ``31 3 5``, 172 as ``43 4 7``, found in seconds).
- ``--pyramid N CYCLES SIZE SEED STEPS`` (``orbits.c``): ``SIZE`` fixed players at one table of
  the single short round, each cycle split into its spaced groups there (69 players as
  ``33 2 3``: a minute).
- ``--packing V SEED STEPS`` (``orbits.c``): ``V`` players at tables of four where no resolvable
  design exists (``V ≡ 0, 8 mod 12``): three cycles of ``R = (V - 1) // 3`` and the two or
  three players left fixed, ``R`` rounds (the bound) turned from one base round, nobody
  meeting anyone twice. The pairs left unmet are groups of three (of two): the fixed players,
  and one player of each cycle at a constant offset (a resolvable group divisible design).
  It finds 36; past that it stalls one meeting short.
- ``--nearly V SEED STEPS`` (``orbits.c``): a nearly Kirkman system of ``V`` players at tables
  of three (``V ≡ 0 mod 6``), two cycles of ``R = (V - 2) / 2`` and two fixed players, ``R``
  rounds turned from one base round (102 players as ``102 1 300000000``: a minute).
- ``--symmetric R C SEED STEPS`` (``sym3.c``): the same for ``V = 3R + 3`` (``V ≡ 0 mod 12``),
  the base round also unchanged when the three cycles turn into each other, each place ``x``
  becoming ``C·x`` (``C³ ≡ 1 mod R``, or 1), and the three fixed players with them: a third of
  the search, and a landscape the annealing crosses (48 and 60 in a second; 72 as ``23 1 101
  3000000000``, where only ``C = 1`` is left, within 40 minutes).
- ``--symmetric2 R C SEED STEPS`` (``sym2.c``): ``V = 3R + 2`` (``V ≡ 8 mod 12``), the same turn
  of the cycles with ``C ≠ 1``, the two fixed players each at a table with one whole turned
  triple (44 players in seconds).

Each prints one JSON line once found; ``--write < found`` checks every line (each round seats
every player once, every two players meet exactly once, or at most once for a packing) and
writes the module.
"""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def _solver(name: str) -> Path:
    binary = HERE / name
    if not binary.exists():
        subprocess.run(["cc", "-O2", "-o", binary, f"{binary}.c", "-lm"], check=True)
    return binary


def levels(q: int, size: int, m: int, seed: str, steps: str) -> dict | None:
    out = subprocess.run(
        [_solver("levels"), str(q), str(size), str(m), seed, steps], capture_output=True, text=True
    ).stdout
    if not out.startswith("{"):
        return None
    found = json.loads(out)
    base = [[level * q + x for x, level in table] for table in found["base"]]
    short = [[[level * q + x for level, x in enumerate(t)]] for t in found["transversals"]]
    return {"players": size * q, "size": size, "n": q, "cycles": size, "base": base, "short": short}


def pyramid(n: int, cycles: int, size: int, seed: str, steps: str) -> dict | None:
    players = n * cycles + size
    spacing = n // size
    short = [list(range(n * cycles, players))]
    short += [[c * n + i * spacing for i in range(size)] for c in range(cycles)]
    sys.path.insert(0, str(ROOT))
    from tournaments.seating import turn

    turns = {tuple(sorted(turn(p, by, n, cycles) for p in t)) for t in short for by in range(n)}
    lines = [f"{n} {cycles} {size} {size} 1 {seed} {steps} {len(turns)}"]
    lines += [" ".join(map(str, t)) for t in sorted(turns)]  # the short round, every turn
    out = subprocess.run(
        [_solver("orbits")], input="\n".join(lines) + "\n", capture_output=True, text=True
    ).stdout
    if not out.startswith("["):
        return None
    base = json.loads(out)[0]
    return {
        "players": players,
        "size": size,
        "n": n,
        "cycles": cycles,
        "base": base,
        "short": [short],
    }


def _turned_base_round(
    v: int, size: int, cycles: int, rounds: int, seed: str, steps: str
) -> dict | None:
    """``orbits.c`` on ``cycles`` cycles of ``rounds`` and the ``v - cycles * rounds`` players
    left fixed, at tables of ``size``: one base round turned, no short rounds."""
    fixed = v - cycles * rounds
    out = subprocess.run(
        [_solver("orbits")],
        input=f"{rounds} {cycles} {fixed} {size} 1 {seed} {steps} 0\n",
        capture_output=True,
        text=True,
    ).stdout
    if not out.startswith("["):
        return None
    base = json.loads(out)[0]
    return {"players": v, "size": size, "n": rounds, "cycles": cycles, "base": base, "short": []}


def packing(v: int, seed: str, steps: str) -> dict | None:
    return _turned_base_round(v, 4, 3, (v - 1) // 3, seed, steps)


def nearly(v: int, seed: str, steps: str) -> dict | None:
    """A nearly Kirkman system of ``v`` players (``v ≡ 0 mod 6``) at tables of three: two
    cycles of ``R = (v - 2) / 2`` and two fixed players, ``R`` rounds (the bound) turned from
    one base round, nobody meeting anyone twice. Where ``R`` is even, a pair half a turn apart
    would meet twice, so those pairs and the fixed two are the ones never meeting."""
    return _turned_base_round(v, 3, 2, (v - 2) // 2, seed, steps)


def symmetric(
    rounds: int, multiplier: int, seed: str, steps: str, solver: str = "sym3", fixed: int = 3
) -> dict | None:
    out = subprocess.run(
        [_solver(solver), str(rounds), str(multiplier), seed, steps],
        capture_output=True,
        text=True,
    ).stdout
    if not out.startswith("[["):
        return None
    base = json.loads(out)[0]
    players = 3 * rounds + fixed
    return {"players": players, "size": 4, "n": rounds, "cycles": 3, "base": base, "short": []}


def symmetric2(rounds: int, multiplier: int, seed: str, steps: str) -> dict | None:
    return symmetric(rounds, multiplier, seed, steps, solver="sym2", fixed=2)


def write(lines: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from tournaments.seating import orbit_rounds_of

    entries = {}
    for line in lines:
        found = json.loads(line)
        players, size = found["players"], found["size"]
        base = tuple(tuple(sorted(t)) for t in found["base"])
        short = tuple(tuple(tuple(sorted(t)) for t in round_) for round_ in found["short"])
        entry = (found["n"], found["cycles"], base, short)
        built = orbit_rounds_of(*entry)
        pairs = [p for round_ in built for t in round_ for p in combinations(sorted(t), 2)]
        seated = all(sorted(p for t in r for p in t) == list(range(players)) for r in built)
        # Nobody meets anyone twice: over the bound's rounds, where ``size - 1`` divides
        # ``players - 1``, that is every pair once (a resolvable design), else each player
        # misses as few as counting leaves (104 = 4 x 26 with its short rounds, by
        # ``tabu.py --symshort``); short of the bound, more rounds than any other construction
        # of ours gives (164 over 50, by ``symsat.py``).
        once = seated and len(pairs) == len(set(pairs))
        if not once or len(built) > (players - 1) // (size - 1):
            raise SystemExit(f"{players} at tables of {size}: someone meets someone twice")
        entries[players, size] = entry
    text = [HEAD]
    for (players, size), (n, cycles, base, short) in sorted(entries.items()):
        text.append(f"    ({players}, {size}): (\n        {n},\n        {cycles},\n        (\n")
        text += [f"            {table},\n" for table in base]
        text.append("        ),\n        (\n")
        text += [f"            {round_},\n" for round_ in short]
        text.append("        ),\n    ),\n")
    text.append("}\n")
    (ROOT / "tournaments" / "orbit_designs.py").write_text("".join(text))


HEAD = '''"""Designs found once and stored: a base round turned, and a few short rounds.

Generated by ``scripts/designs/orbits.py --write`` (a simulated annealing, each design checked:
every two players meet exactly once, or at most once where no design seats every pair); do not
edit by hand. ``(players, table size): (n, cycles,
base round, short rounds)``: the players ``0 .. cycles*n - 1`` are ``cycles`` cycles of ``n``
(player ``j*n + x`` is place ``x`` of cycle ``j``), the rest are fixed; ``n`` rounds are the
base round with every cycle turned by ``0 .. n-1``, and each short round is the distinct turns
of its tables (``tournaments.seating.orbit_rounds_of``). Kirkman systems of 69, 93, 111, 129,
141 and 177 (by ``tabu.py --short``) and 183 players, nearly Kirkman systems (102) and a resolvable
design of 172 at tables of four are known to exist (Ray-Chaudhuri and Wilson; Baker and Wilson;
Hanani, Ray-Chaudhuri and Wilson); so are resolvable group divisible designs of block size four
with groups of three (``V ≡ 0 mod 12``) or two (``V ≡ 8 mod 12``), which seat the bound of
``(V - 1) // 3`` rounds without a repeat, the groups never meeting (the entries of three
cycles, and 104 = 4 x 26 with short rounds: its pairs never meeting are each place's two
players half a turn apart, ``scripts/designs/tabu.py --symshort``). These are the ones no
construction of ours reached; an entry with fewer rounds than the bound (164 over 50, by
``scripts/designs/symsat.py``) seats more rounds without a repeat than any other we have.
"""

from __future__ import annotations

ORBIT_ROUNDS: dict[
    tuple[int, int],
    tuple[int, int, tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], ...], ...]],
] = {
'''


if __name__ == "__main__":
    if sys.argv[1] == "--write":
        write([line for line in sys.stdin.read().splitlines() if line.strip()])
    else:
        mode, *numbers = sys.argv[1:]
        *shape, seed, steps = numbers
        shape_ints = [int(x) for x in shape]
        makers = {
            "--levels": levels,
            "--pyramid": pyramid,
            "--packing": packing,
            "--nearly": nearly,
            "--symmetric": symmetric,
            "--symmetric2": symmetric2,
        }
        found = makers[mode](*shape_ints, seed, steps)
        if found is None:
            raise SystemExit("not found: try another seed or more steps")
        print(json.dumps(found))

"""Find the 1-rotational resolvable designs stored in ``tournaments/rotational_designs.py``.

Offline tool. ``v`` players at tables of ``k`` (3 or 4): ``∞`` and the ``M = v - 1`` elements
of the group ``G = Z_m1 x Z_m2`` (``m1 * m2 = M``; element ``(a, x)`` is player ``a*m2 + x``,
``∞`` is player ``M``), with ``H`` a subgroup of order ``k - 1``. The base round is the table
``{∞} + H`` and, for each *representative* table ``B``, the tables ``B + h`` (``h`` in ``H``);
the rounds are the base round translated by every element of ``G`` (``M / (k - 1)`` distinct
rounds: the bound). Every two players meet exactly once when the representatives take one
element from each coset of ``H`` but ``H`` itself, and their differences are every element of
``G`` outside ``H``, each once (as ``±d``). A simulated annealing finds the representatives
(which coset goes to which table, and which element of each coset).

The annealing finds Kirkman systems (tables of three) in seconds; at tables of four it stalls,
and an exact cover over the cyclic group does it instead (each coset of ``H`` once, each
difference once; ``exact_cover.c``, minutes for 100 and 136 players). Neither can find 69 or
93 players at tables of three: ``v - 1`` is then 4 times an odd number, every abelian group of
that order but the cyclic one has an involution outside ``H`` (a difference that would come
twice), and the cyclic one has no such design (1-rotational Kirkman systems under ``Z_{v-1}``
need ``v ≡ 3, 9 (mod 24)``).

Usage: ``python scripts/designs/rotational.py V K M1 H [SEEDS]`` (annealing; ``H`` the
generator, e.g. ``0,28``) or ``python scripts/designs/rotational.py --cover V K [NODE_LIMIT]``
(exact cover, cyclic), each printing a JSON line once found;
``python scripts/designs/rotational.py --write < found`` checks the lines and writes
``tournaments/rotational_designs.py``.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from itertools import combinations, product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
Element = tuple[int, int]


def anneal(v: int, k: int, m1: int, h: Element, seed: int, steps: int) -> list[list[int]] | None:
    modulus = v - 1
    m2 = modulus // m1

    def add(p: Element, q: Element) -> Element:
        return (p[0] + q[0]) % m1, (p[1] + q[1]) % m2

    def neg(p: Element) -> Element:
        return (-p[0]) % m1, (-p[1]) % m2

    subgroup = [(0, 0)]
    while add(subgroup[-1], h) != (0, 0) and len(subgroup) < k:
        subgroup.append(add(subgroup[-1], h))
    if len(subgroup) != k - 1:
        raise SystemExit(f"{h} does not generate a subgroup of order {k - 1}")
    inside = set(subgroup)
    cosets: list[list[Element]] = []
    for g in ((a, x) for a in range(m1) for x in range(m2)):
        if g not in inside:
            coset = [add(g, s) for s in subgroup]
            inside.update(coset)
            cosets.append(coset)
    rng = random.Random(seed)
    order = rng.sample(range(len(cosets)), len(cosets))
    tables = [order[i : i + k] for i in range(0, len(order), k)]
    lift = [rng.randrange(k - 1) for _ in cosets]
    count: dict[Element | None, int] = {}

    def differences(table: list[int]) -> list[Element | None]:
        found: list[Element | None] = []
        for x, y in combinations(table, 2):
            d = add(cosets[x][lift[x]], neg(cosets[y][lift[y]]))
            found.append(None if d in subgroup else min(d, neg(d)))
        return found

    bad = [0]  # each difference found more than once, and (five times) each one inside H

    def tally(table: list[int], by: int) -> None:
        for d in differences(table):
            before = count.get(d, 0)
            count[d] = before + by
            if d is None:
                bad[0] += 5 * by
            elif by > 0 and before >= 1:
                bad[0] += 1
            elif by < 0 and before >= 2:
                bad[0] -= 1

    def cost() -> int:
        return bad[0]

    for table in tables:
        tally(table, 1)
    current, temperature = cost(), 1.0
    for _ in range(steps):
        if not current:
            base = [sorted([modulus, *(a * m2 + x for a, x in subgroup)])]
            for table, s in ((t, s) for t in tables for s in subgroup):
                moved = [add(cosets[c][lift[c]], s) for c in table]
                base.append(sorted(a * m2 + x for a, x in moved))
            return base
        touched = rng.sample(tables, 2)
        old_lift = lift[:]
        for table in touched:
            tally(table, -1)
        if k > 2 and rng.random() < 0.5:
            c = rng.choice(touched[0])
            lift[c] = (lift[c] + rng.randrange(1, k - 1)) % (k - 1)
            undo = None
        else:
            a, b = rng.randrange(k), rng.randrange(k)
            touched[0][a], touched[1][b] = touched[1][b], touched[0][a]
            undo = (a, b)
        for table in touched:
            tally(table, 1)
        new = cost()
        if new <= current or rng.random() < math.exp((current - new) / temperature):
            current = new
        else:
            for table in touched:
                tally(table, -1)
            if undo:
                touched[0][undo[0]], touched[1][undo[1]] = touched[1][undo[1]], touched[0][undo[0]]
            lift[:] = old_lift
            for table in touched:
                tally(table, 1)
        temperature = max(0.05, temperature * 0.99999)
    return None


def cover(v: int, k: int, limit: str) -> list[list[int]] | None:
    """The base round by exact cover over ``Z_{v-1}`` (``H`` the multiples of ``n``): a row is
    a representative table (its smallest coset's element the residue itself), its columns the
    cosets it takes and the differences it makes."""
    modulus = v - 1
    n = modulus // (k - 1)
    differences: dict[int, int] = {}
    for d in range(1, modulus):
        if d % n:
            differences.setdefault(min(d, modulus - d), len(differences))
    rows: list[tuple[int, ...]] = []
    lines = []
    for chosen in combinations(range(1, n), k):
        for lifts in product(range(k - 1), repeat=k - 1):
            table = (chosen[0], *(r + lift * n for r, lift in zip(chosen[1:], lifts, strict=True)))
            found = [
                differences[min((a - b) % modulus, (b - a) % modulus)]
                for a, b in combinations(table, 2)
            ]
            if len(set(found)) == len(found):
                rows.append(table)
                columns = [r - 1 for r in chosen] + [n - 1 + d for d in found]
                lines.append(f"{len(columns)} {' '.join(map(str, columns))}")
    width = n - 1 + len(differences)
    text = f"{width} {width} {len(rows)}\n" + "\n".join(lines) + "\n"
    solver = Path(__file__).resolve().parent / "exact_cover"
    if not solver.exists():
        subprocess.run(["cc", "-O2", "-o", solver, f"{solver}.c"], check=True)
    for seed in range(1, 10_000):
        out = subprocess.run(
            [solver, str(seed), limit], input=text, capture_output=True, text=True, check=True
        ).stdout.split("\n")
        if out[0].split()[0] == "1":
            chosen_rows = [rows[int(i)] for i in out[1].split()]
            base = [[*range(0, modulus, n), modulus]]
            base += [
                sorted((x + s) % modulus for x in t) for t in chosen_rows for s in base[0][:-1]
            ]
            return base
    return None


def write(lines: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from tournaments.seating import group_rounds

    entries = {}
    for line in lines:
        found = json.loads(line)
        players, size, group = found["players"], found["size"], tuple(found["group"])
        base = tuple(tuple(sorted(t)) for t in found["base"])
        built = group_rounds(group, base)
        pairs = [p for round_ in built for t in round_ for p in combinations(sorted(t), 2)]
        complete = len(pairs) == len(set(pairs)) == players * (players - 1) // 2
        if not complete or len(built) != (players - 1) // (size - 1):
            raise SystemExit(f"{players} at tables of {size}: not a resolvable design")
        entries[players, size] = (group, base)
    text = [HEAD]
    for (players, size), (group, base) in sorted(entries.items()):
        text.append(f"    ({players}, {size}): (\n        {group},\n        (\n")
        text += [f"            {table},\n" for table in base]
        text.append("        ),\n    ),\n")
    text.append("}\n")
    (ROOT / "tournaments" / "rotational_designs.py").write_text("".join(text))


HEAD = '''"""Resolvable designs found once and stored: the base rounds of 1-rotational designs.

Generated by ``scripts/designs/rotational.py --write`` (a simulated annealing, each design
checked: every two players meet exactly once); do not edit by hand. ``(players, table size):
((m1, m2), base round)``: the players are the elements ``(a, x)`` of ``Z_m1 x Z_m2`` (player
``a*m2 + x``) and ``∞`` (player ``m1*m2``); the rounds are the base round translated by every
element of the group (``tournaments.seating.group_rounds``). Known to exist for every such
field (Ray-Chaudhuri and Wilson; Hanani, Ray-Chaudhuri and Wilson), these are the ones no
construction of ours reached.
"""

from __future__ import annotations

ROTATIONAL_ROUNDS: dict[tuple[int, int], tuple[tuple[int, int], tuple[tuple[int, ...], ...]]] = {
'''


def main() -> None:
    if sys.argv[1] == "--write":
        write([line for line in sys.stdin if line.strip()])
        return
    if sys.argv[1] == "--cover":
        v, k = int(sys.argv[2]), int(sys.argv[3])
        base = cover(v, k, sys.argv[4] if len(sys.argv) > 4 else "2000000")
        if base:
            print(json.dumps({"players": v, "size": k, "group": [1, v - 1], "base": base}))
        return
    v, k, m1 = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    h = tuple(int(x) for x in sys.argv[4].split(","))
    for seed in range(int(sys.argv[5]) if len(sys.argv) > 5 else 1000):
        base = anneal(v, k, m1, (h[0], h[1]), seed, 3_000_000)
        if base:
            found = {"players": v, "size": k, "group": [m1, (v - 1) // m1], "base": base}
            print(json.dumps(found), flush=True)
            return
        print(f"seed {seed}: none", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()

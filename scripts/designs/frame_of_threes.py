"""Find a 4-frame of type 3^v over Z_3v, as ``tournaments.frame_designs.FRAMES_OF_THREES`` stores
it (offline; a depth-first search, milliseconds).

The groups are ``{j, j + v, j + 2v}``. The holey round missing group 0 is ``(v - 1) / 4`` base
tables and their turns by ``v`` and ``2v``, so the base tables take one point of each non-zero
residue modulo ``v`` (which third of Z_3v it lies in is free; the first point of a table may be
taken in the first third, as its turns hold the others). The frame is right when the base
tables' twelve differences each run over Z_3v less ``0, v, 2v`` once: turning the holey round
by ``j`` then gives group ``j``'s, and two points of different groups share one table.

``frame_of_threes.py V``: prints the base tables as a Python tuple, or ``None`` when Z_3v has no
frame of this form (``v = 9``; 5, 13 and 17 have one).
"""

from __future__ import annotations

import sys
from itertools import combinations, product


def find(v: int) -> list[tuple[int, ...]] | None:
    n = 3 * v
    barred = {0, v, 2 * v}
    tables_wanted = (v - 1) // 4

    def differences(table: tuple[int, ...]) -> list[int]:
        return [(a - b) % n for a in table for b in table if a != b]

    def search(
        tables: list[tuple[int, ...]], residues: set[int], used: set[int]
    ) -> list[tuple[int, ...]] | None:
        if len(tables) == tables_wanted:
            return tables
        first = min(r for r in range(1, v) if r not in residues)
        others = [r for r in range(1, v) if r not in residues and r != first]
        for chosen in combinations(others, 3):
            for thirds in product(range(3), repeat=3):
                table = (first, *(r + v * t for r, t in zip(chosen, thirds, strict=True)))
                found = differences(table)
                if len(set(found)) < 12 or any(d in used or d in barred for d in found):
                    continue
                done = search([*tables, table], residues | {first, *chosen}, used | set(found))
                if done is not None:
                    return done
        return None

    if v % 4 != 1:
        return None
    return search([], set(), set())


if __name__ == "__main__":
    found = find(int(sys.argv[1]))
    print(tuple(found) if found is not None else None)

"""Rounds past the bound where no schedule spreads the repeats evenly: the fewest repeats
there can be, found and proven offline by ``scripts/designs/fewest_sat.py`` (SAT).

``(players, table size, rounds, team size)``: the rounds as ``tournaments.even_rounds`` stores
them (each its tables split by ``|``, the players ``0 .. N - 1``). 12 players at tables of
three over 6 rounds meet 72 times among 66 pairs; no schedule meets all 66 (unsatisfiable), so
at least 7 meetings repeat: this one repeats 7 (7 pairs twice, one pair never, nobody three
times), where the draw's search had repeated 8 and left two pairs unmet.
"""

from __future__ import annotations

FEWEST_ROUNDS: dict[tuple[int, int, int, int], tuple[str, ...]] = {
    (12, 3, 6, 0): (
        "0 1 2|3 4 5|6 7 8|9 10 11",
        "0 3 8|1 4 11|2 6 9|5 7 10",
        "0 4 7|1 3 9|2 8 11|5 6 10",
        "0 4 10|1 3 6|2 7 9|5 8 11",
        "0 5 9|1 8 10|2 4 6|3 7 11",
        "0 6 11|1 5 7|2 3 10|4 8 9",
    ),
}

"""Designs found once and stored: two base rounds over a group, each kept by a subgroup of order
three.

Found by ``scripts/designs/stabilized.py`` (SAT, each design checked: every two players meet
at most once, and the pairs left unmet are the groups), its two base rounds the first round it
prints and the one ``|G| / 3`` after; do not edit by hand (the tests count every pair). ``(players,
table size): (moduli, base rounds)``: ``G`` is the product of the cyclic groups ``Z_m`` over
``moduli`` (an element written in mixed radix, the last modulus the lowest digit), player
``s * |G| + x`` is element ``x`` on side ``s`` (0 or 1), and the last two players are fixed.
The rounds are every distinct move of each base round by an element of ``G`` (``x`` to ``x +
g`` on both sides; a base round is unchanged by the moves of its subgroup of order three, so
it gives ``|G| / 3`` rounds: ``tournaments.seating.stabilized_rounds_of``). Every two players
meet once but each player ``x`` on side 0 and ``x`` on side 1, and the two fixed players: a
resolvable group divisible design of type 2^u, which seats the bound of ``(N - 2) / 3``
rounds without a repeat.

- 92 players (type 2⁴⁶), ``G = Z_3 × Z_3 × Z_5``: base round 1 kept by ``(1, 0, 0)``, base
  round 2 by ``(0, 1, 0)`` and base round 1 turned by ``(a, b, z) -> (b, -a, 2z)`` (the sides
  kept, the fixed players swapped); found in 820 s (2026-11-29) where the four copies of
  ``copied_rounds`` seat 29 of the 30 rounds.
"""

from __future__ import annotations

STABILIZED_ROUNDS: dict[
    tuple[int, int], tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]
] = {
    (92, 4): (
        (3, 3, 5),
        (
            (
                (0, 15, 30, 90),
                (1, 17, 79, 87),
                (2, 31, 64, 72),
                (3, 41, 70, 81),
                (4, 23, 44, 86),
                (5, 6, 37, 69),
                (7, 20, 21, 84),
                (8, 29, 34, 71),
                (9, 43, 59, 63),
                (10, 27, 58, 76),
                (11, 18, 51, 85),
                (12, 40, 61, 88),
                (13, 24, 74, 78),
                (14, 19, 38, 56),
                (16, 32, 49, 57),
                (22, 35, 36, 54),
                (25, 42, 46, 73),
                (26, 33, 55, 66),
                (28, 39, 48, 89),
                (45, 60, 75, 91),
                (47, 50, 82, 83),
                (52, 53, 62, 65),
                (67, 68, 77, 80),
            ),
            (
                (0, 5, 10, 91),
                (1, 37, 67, 85),
                (2, 14, 53, 84),
                (3, 26, 38, 82),
                (4, 7, 58, 89),
                (6, 42, 72, 75),
                (8, 16, 43, 87),
                (9, 12, 48, 79),
                (11, 32, 62, 80),
                (13, 21, 33, 77),
                (15, 17, 24, 73),
                (18, 36, 56, 78),
                (19, 25, 27, 68),
                (20, 22, 29, 63),
                (23, 41, 46, 83),
                (28, 31, 51, 88),
                (30, 44, 52, 76),
                (34, 35, 57, 81),
                (39, 40, 47, 86),
                (45, 50, 55, 90),
                (49, 60, 66, 69),
                (54, 65, 71, 74),
                (59, 61, 64, 70),
            ),
        ),
    ),
}

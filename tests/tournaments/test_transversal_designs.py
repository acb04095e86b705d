"""Transversal designs, checked pair by pair: every two points of different groups in exactly
one block, the rounds of a resolvable one each seating every player once."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.transversal_designs import resolvable_transversal, transversal_design


def assert_transversal(k: int, q: int, blocks: list[tuple[int, ...]]) -> None:
    assert len(blocks) == q * q
    assert all(len(block) == k and all(0 <= x < q for x in block) for block in blocks)
    met = set()
    for block in blocks:
        for i, j in combinations(range(k), 2):
            met.add((i, block[i], j, block[j]))
    assert len(met) == k * (k - 1) // 2 * q * q  # no pair twice, so every pair once


@pytest.mark.parametrize(
    ("k", "q"),
    [
        (6, 5),  # GF(5) and its last group of slopes: TD(q + 1, q)
        (5, 4),
        (5, 20),  # GF(4) x GF(5)
        (5, 24),  # Wilson: TD(6, 5) cut to 4, weight 4; three orthogonal Latin squares of 24
        (4, 30),  # Wilson: TD(5, 7) cut to 2, weight 4
        (5, 33),  # GF(3) x GF(11) has no TD(5, 3): Wilson from TD(6, 7), weight 4, cut to 5
    ],
)
def test_a_transversal_design_meets_every_pair_of_groups_once(k: int, q: int) -> None:
    blocks = transversal_design(k, q)
    assert blocks is not None
    assert_transversal(k, q, blocks)


@pytest.mark.parametrize(("k", "q"), [(4, 2), (5, 3), (4, 6), (5, 12)])
def test_no_transversal_design_where_none_is_known(k: int, q: int) -> None:
    """TD(4, 2) and TD(5, 3) do not exist, nor TD(4, 6) (Euler's 36 officers); TD(5, 12)
    exists but neither a field, a product nor Wilson's construction gives it: None, never a
    wrong design."""
    assert transversal_design(k, q) is None


def test_a_resolvable_transversal_design_seats_everyone_each_round() -> None:
    """96 players as four groups of 24: 24 rounds, each group's 24 players once in every round,
    two players of different groups at one table exactly once over them."""
    rounds = resolvable_transversal(4, 24)
    assert rounds is not None
    assert len(rounds) == 24
    for tables in rounds:
        for i in range(4):
            assert sorted(table[i] for table in tables) == list(range(24))
    assert_transversal(4, 24, [table for tables in rounds for table in tables])

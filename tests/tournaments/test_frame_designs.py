"""Frames of type g⁵, checked pair by pair: each holey round seats everybody outside its group
once, and every two points of different groups share exactly one table over all of them; and
resolvable designs of type g⁵, whose every round seats everybody."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.frame_designs import FRAMES, RESOLVABLE_FIVE, holey_rounds, resolvable_five


@pytest.mark.parametrize("g", sorted(FRAMES))
def test_a_frame_seats_everyone_outside_a_group_and_every_pair_across_groups_once(g: int) -> None:
    rounds = holey_rounds(g)
    assert rounds is not None
    assert len(rounds) == 5
    met: Counter[tuple[tuple[int, int], tuple[int, int]]] = Counter()
    for t, missing_t in enumerate(rounds):
        assert len(missing_t) == g // 3
        for round_ in missing_t:
            seated = sorted(point for table in round_ for point in table)
            assert seated == [(x, j) for x in range(5) if x != t for j in range(g)]
            assert all(len(table) == 4 for table in round_)
            for table in round_:
                met.update((a, b) for a in table for b in table if a < b)
    assert set(met.values()) == {1}
    assert all(a[0] != b[0] for a, b in met)  # one group's points never share a table
    assert len(met) == 10 * g * g  # so every pair of different groups is there


def test_no_frame_is_made_up_for_a_size_not_stored() -> None:
    assert holey_rounds(12) is None


@pytest.mark.parametrize("g", sorted(RESOLVABLE_FIVE))
def test_a_resolvable_design_of_five_groups_seats_everyone_and_every_pair_across_once(
    g: int,
) -> None:
    rounds = resolvable_five(g)
    assert rounds is not None
    assert len(rounds) == 4 * g // 3
    everyone = [(x, j) for x in range(5) for j in range(g)]
    met: Counter[tuple[tuple[int, int], tuple[int, int]]] = Counter()
    for round_ in rounds:
        assert sorted(point for table in round_ for point in table) == everyone
        assert all(len(table) == 4 for table in round_)
        for table in round_:
            met.update((a, b) for a in table for b in table if a < b)
    assert set(met.values()) == {1}
    assert all(a[0] != b[0] for a, b in met)
    assert len(met) == 10 * g * g


def test_no_resolvable_design_of_five_groups_is_made_up() -> None:
    assert resolvable_five(12) is None

"""A team league's schedule designs: in each cycle every two teams meet equally often, with no
game twice and four different teams a game (two or three for a playoff of that many teams)."""

from __future__ import annotations

from itertools import combinations

import pytest

from clubs.schedule import design, grid, meetings

# teams: (games a cycle, games each pair shares)
DESIGNS = {
    2: (1, 1), 3: (1, 1), 4: (1, 1), 5: (5, 3), 6: (15, 6),
    7: (7, 2), 8: (14, 3), 9: (18, 3), 10: (15, 2),
}  # fmt: skip


@pytest.mark.parametrize(("teams", "expected"), DESIGNS.items())
def test_every_pair_of_teams_meets_equally_often(teams: int, expected: tuple[int, int]) -> None:
    blocks = design(teams)
    games, together = expected
    assert len(blocks) == games
    assert len(set(blocks)) == games
    assert all(len(set(block)) == min(teams, 4) for block in blocks)
    pairs = meetings(blocks)
    assert {pairs[pair] for pair in combinations(range(teams), 2)} == {together}


def test_eight_teams_play_two_tables_a_match_day_each_team_once() -> None:
    blocks = design(8)
    for first, second in zip(blocks[::2], blocks[1::2], strict=True):
        assert sorted(first + second) == list(range(8))


def test_the_grid_has_each_teams_games_on_its_diagonal() -> None:
    assert grid([0, 1, 2, 3, 4], design(5) * 2) == [
        [8 if a == b else 6 for b in range(5)] for a in range(5)
    ]


@pytest.mark.parametrize("teams", [0, 1, 11])
def test_no_design_for_other_numbers_of_teams(teams: int) -> None:
    with pytest.raises(ValueError, match=str(teams)):
        design(teams)

"""A team league's schedule (対戦表): games of four teams in which every pair of teams meets
equally often. Pure arithmetic, no database; ``clubs.teams`` stores what it gives.

Each game of a regular season seats one member of each of four teams, so a schedule is a list
of 4-team blocks; it is fair when every two teams share the same number of blocks (a balanced
incomplete block design, BIBD(T, 4, λ)). One cycle of the design below for T teams is the
smallest such list known for T; a season repeats it. Playoffs of two or three teams seat every
team at each game, some with more than one member:

    T   games  each pair meets  how
    2     1         1           both teams, two members each (a final of two teams)
    3     1         1           the three teams, one of them with two members
    4     1         1           the four teams
    5     5         3           every 4 of the 5 teams
    6    15         6           every 4 of the 6 (no smaller design exists: λ must be 6)
    7     7         2           the complements of the Fano plane's lines
    8    14         3           S(3,4,8): ∞ with each line of the Fano plane, and the four others
    9    18         3           {0,1,2,4} and {0,1,4,6} turned round Z9
    10   15         2           found by a search (every pair checked in tests/clubs)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

Block = tuple[int, ...]  # the teams of a game: four, or all of a playoff of two or three

FANO_LINES = [{i % 7, (i + 1) % 7, (i + 3) % 7} for i in range(7)]


def _block(teams: Iterable[int]) -> Block:
    return tuple(sorted(teams))


def _every_four(teams: int) -> list[Block]:
    return [_block(four) for four in combinations(range(teams), 4)]


def _s348() -> list[Block]:
    """S(3,4,8) on Z7 and ∞ (7): each block and its complement, one after the other, so that two
    games in a row seat all eight teams (a match day of two tables)."""
    blocks: list[Block] = []
    for line in FANO_LINES:
        blocks += [_block({*line, 7}), _block(set(range(7)) - line)]
    return blocks


def _developed(base: Sequence[Block], modulus: int) -> list[Block]:
    return [
        _block((x + shift) % modulus for x in block) for shift in range(modulus) for block in base
    ]


DESIGNS: dict[int, list[Block]] = {
    2: [(0, 1)],
    3: [(0, 1, 2)],
    4: [(0, 1, 2, 3)],
    5: _every_four(5),
    6: _every_four(6),
    7: [_block(set(range(7)) - line) for line in FANO_LINES],
    8: _s348(),
    9: _developed([(0, 1, 2, 4), (0, 1, 4, 6)], 9),
    10: [
        (0, 1, 2, 3), (0, 1, 4, 5), (0, 2, 4, 6), (0, 3, 7, 8), (0, 5, 7, 9),
        (0, 6, 8, 9), (1, 2, 7, 8), (1, 3, 6, 9), (1, 4, 7, 9), (1, 5, 6, 8),
        (2, 3, 5, 9), (2, 4, 8, 9), (2, 5, 6, 7), (3, 4, 5, 8), (3, 4, 6, 7),
    ],
}  # fmt: skip
FEWEST_TEAMS, MOST_TEAMS = min(DESIGNS), max(DESIGNS)


def design(teams: int) -> list[Block]:
    """One cycle for ``teams`` teams (numbered from 0); ValueError for a number we have none for."""
    if teams not in DESIGNS:
        raise ValueError(teams)
    return list(DESIGNS[teams])


def meetings(blocks: Sequence[Sequence[int]]) -> Counter[tuple[int, int]]:
    """How many games each pair of teams (the smaller first) shares."""
    return Counter(pair for block in blocks for pair in combinations(sorted(block), 2))


def grid(teams: Sequence[int], blocks: Sequence[Sequence[int]]) -> list[list[int]]:
    """The meetings as a table, ``teams`` down and across: a pair's games off the diagonal, a
    team's own games on it."""
    pairs = meetings(blocks)
    played = Counter(team for block in blocks for team in block)
    return [[played[a] if a == b else pairs[(min(a, b), max(a, b))] for b in teams] for a in teams]

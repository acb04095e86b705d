"""The fixture league of the standings tests, worked out by hand.

Players 青木 (A), 馬場 (B), 千葉 (C), 土井 (D), 江藤 (E); league 秋季リーグ, 2026-09-01 to
2026-12-31, qualification 2 games. Counted games (points, rank, final score):

    G1 09-10  A +45.0 1 50000 | B  +5.0 2 30000 | C -15.0 3 15000 | D -35.0 4  5000
    G2 09-20  B +40.0 1 45000 | A +10.0 2 30000 | D -15.0 3 15000 | C -35.0 4     0
    G3 10-05  C +50.0 1 55000 | D +10.0 2 30000 | A -20.0 3 10000 | E -40.0 4 -5000 (bust)

Totals: A 35.0 (3 games), B 45.0 (2), C 0.0 (3), D -40.0 (3), E -40.0 (1, below the line).
Not counted: a voided game, a game in progress, a game before the league began, a game of
another league (each gives A +100.0).
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, League, Player, Role, RulesetVersion
from scoring.models import GameStatus
from tests.clubs.conftest import logged_in
from tests.clubs.factories import make_club, make_member, make_players, make_ruleset
from tests.standings.factories import make_league, result_game

NAMES = ("青木", "馬場", "千葉", "土井", "江藤")


@pytest.fixture
def club(db: None) -> Club:
    return make_club("tsubame", name="つばめ麻雀会")


@pytest.fixture
def k_rule(club: Club) -> RulesetVersion:
    """Kルール's first version, the club's default ruleset."""
    version = make_ruleset(club, "k_rule", "Kルール").current_version()
    assert version is not None
    return version


@pytest.fixture
def version(k_rule: RulesetVersion) -> RulesetVersion:
    return k_rule


@pytest.fixture
def member(club: Club) -> User:
    return make_member(club, "menba", Role.MEMBER)


@pytest.fixture
def admin(club: Club) -> User:
    return make_member(club, "kanri", Role.ADMIN)


@pytest.fixture
def as_member(member: User) -> Client:
    return logged_in(member)


@pytest.fixture
def as_admin(admin: User) -> Client:
    return logged_in(admin)


@pytest.fixture
def players(club: Club) -> list[Player]:
    return make_players(club, NAMES)


@pytest.fixture
def league(club: Club, version: RulesetVersion, players: list[Player]) -> League:
    a, b, c, d, e = players
    league = make_league(club, qualification_games=2)
    day = datetime.date
    g1 = [
        (a, 1, "45.0", 50000),
        (b, 2, "5.0", 30000),
        (c, 3, "-15.0", 15000),
        (d, 4, "-35.0", 5000),
    ]
    g2 = [(b, 1, "40.0", 45000), (a, 2, "10.0", 30000), (d, 3, "-15.0", 15000), (c, 4, "-35.0", 0)]
    g3 = [
        (c, 1, "50.0", 55000),
        (d, 2, "10.0", 30000),
        (a, 3, "-20.0", 10000),
        (e, 4, "-40.0", -5000, True),
    ]
    for played_on, lines in (
        (day(2026, 9, 10), g1),
        (day(2026, 9, 20), g2),
        (day(2026, 10, 5), g3),
    ):
        result_game(version, league, played_on, lines)
    never = [(a, 1, "100.0", 80000), (b, 2, "0.0", 20000), (c, 3, "-40.0", 0), (d, 4, "-60.0", 0)]
    result_game(version, league, day(2026, 10, 6), never, status=GameStatus.VOIDED)
    result_game(version, league, day(2026, 10, 7), never, status=GameStatus.ONGOING)
    result_game(version, league, day(2026, 8, 31), never)
    result_game(version, make_league(club, "夏季リーグ"), day(2026, 10, 8), never)
    return league

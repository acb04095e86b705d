"""A private club with one user of each role, and the admin of another club (pretix style).

``tsubame`` (private): ``kanri`` admin, ``kiroku`` scorekeeper, ``menba`` member, four players
and the K-rule ruleset. ``hibari`` (private): ``yoso`` is its admin and nothing in tsubame.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Player, Role, Ruleset
from tests.clubs.factories import make_club, make_member, make_players, make_ruleset, make_user


@pytest.fixture
def club(db: None) -> Club:
    return make_club("tsubame", name="つばめ麻雀会")


@pytest.fixture
def admin(club: Club) -> User:
    return make_member(club, "kanri", Role.ADMIN)


@pytest.fixture
def scorekeeper(club: Club) -> User:
    return make_member(club, "kiroku", Role.SCOREKEEPER)


@pytest.fixture
def member(club: Club) -> User:
    return make_member(club, "menba", Role.MEMBER)


@pytest.fixture
def other_club(db: None) -> Club:
    return make_club("hibari", name="ひばり会")


@pytest.fixture
def other_admin(other_club: Club) -> User:
    return make_member(other_club, "yoso", Role.ADMIN)


@pytest.fixture
def stranger(db: None) -> User:
    """Logged in, in no club at all."""
    return make_user("tabibito")


@pytest.fixture
def players(club: Club) -> list[Player]:
    return make_players(club)


@pytest.fixture
def k_rule(club: Club) -> Ruleset:
    return make_ruleset(club, "k_rule", "Kルール")


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def as_admin(admin: User) -> Client:
    return logged_in(admin)


@pytest.fixture
def as_scorekeeper(scorekeeper: User) -> Client:
    return logged_in(scorekeeper)

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, Role, Ruleset
from scoring.models import Game
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset


@pytest.fixture
def club(db: None) -> Club:
    return make_club()


@pytest.fixture
def k_rule(club: Club) -> Ruleset:
    """Kルール, the club's default ruleset."""
    return make_ruleset(club, "k_rule", "Kルール")


@pytest.fixture
def scorekeeper(club: Club) -> User:
    return make_member(club, "kiroku", Role.SCOREKEEPER)


@pytest.fixture
def admin(club: Club) -> User:
    return make_member(club, "kanri", Role.ADMIN)


@pytest.fixture
def game(club: Club, k_rule: Ruleset) -> Game:
    """A K-rule game just started: Aoki (East, first dealer), Baba, Chiba, Doi."""
    return make_game(club, k_rule)

"""Building a club to play in: members with roles, players, rulesets as the engine presets them.

Shared by the scoring tests and the browser tests (each builds what it needs in its own test).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User

from clubs.models import Club, Membership, Player, Role, Ruleset, RulesetVersion
from scoring.engine import resolve_options
from scoring.models import Game
from scoring.services import start_game

PLAYERS = ("Aoki", "Baba", "Chiba", "Doi")
DAY = datetime.date(2026, 11, 22)


def make_club(slug: str = "tsubame", *, public: bool = False) -> Club:
    return Club.objects.create(name="つばめ麻雀会", slug=slug, is_public=public)


def make_member(club: Club, username: str, role: str = Role.SCOREKEEPER) -> User:
    """A member who logs in by ``force_login`` (no password: hashing one costs a second)."""
    user = User.objects.create_user(username)
    Membership.objects.create(club=club, user=user, role=role)
    return user


def make_ruleset(club: Club, preset: str = "k_rule", name: str = "", **overrides: Any) -> Ruleset:
    ruleset = Ruleset.objects.create(club=club, name=name or preset, preset=preset)
    options = resolve_options({"preset": preset, **overrides})
    RulesetVersion.objects.create(ruleset=ruleset, number=1, options=options)
    if club.default_ruleset is None:
        club.default_ruleset = ruleset
        club.save(update_fields=["default_ruleset"])
    return ruleset


def make_players(club: Club, names: tuple[str, ...] = PLAYERS) -> list[Player]:
    return [Player.objects.create(club=club, name=name) for name in names]


def make_game(
    club: Club, ruleset: Ruleset | None = None, players: tuple[str, ...] = PLAYERS
) -> Game:
    ruleset = ruleset or club.default_ruleset or make_ruleset(club)
    version = ruleset.current_version()
    assert version is not None
    return start_game(
        club, ruleset_version=version, players=list(players), played_on=DAY, table_label="A"
    )

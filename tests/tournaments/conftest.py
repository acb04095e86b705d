"""A club with a K-rule ruleset, its organiser (admin), a scorekeeper, a member, and helpers
that build a tournament and finish a table's game by its final scores (素点入力).

K-rule settles 25,000 start, 30,000 return, uma +20/+10/-10/-20 and oka +20 to the top, so the
final scores 45,000 / 30,000 / 15,000 / 10,000 give +55.0 / +10.0 / -25.0 / -40.0.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Role, Ruleset
from scoring import services as scoring
from scoring.models import Game
from tests.clubs.conftest import logged_in
from tests.clubs.factories import make_club, make_member, make_ruleset
from tournaments import services
from tournaments.models import EntryStatus, Round, Tournament

DAY = datetime.date(2026, 11, 28)
SCORES = (45000, 30000, 15000, 10000)
POINTS = (55.0, 10.0, -25.0, -40.0)


@pytest.fixture
def club(db: None) -> Club:
    club = make_club("taikai", public=True)
    make_ruleset(club, "k_rule", name="Kルール")
    return club


@pytest.fixture
def ruleset(club: Club) -> Ruleset:
    return club.rulesets.get()


@pytest.fixture
def organiser(club: Club) -> User:
    return make_member(club, "organiser", Role.ADMIN)


@pytest.fixture
def as_organiser(organiser: User) -> Client:
    return logged_in(organiser)


@pytest.fixture
def as_scorekeeper(club: Club) -> Client:
    return logged_in(make_member(club, "scorer", Role.SCOREKEEPER))


@pytest.fixture
def as_member(club: Club) -> Client:
    return logged_in(make_member(club, "member", Role.MEMBER))


def names(count: int) -> list[str]:
    return [f"選手{n:02d}" for n in range(1, count + 1)]


def make_tournament(
    club: Club, players: int = 8, rounds: int = 3, checked_in: bool = True, **options: object
) -> Tournament:
    tournament = services.create_tournament(
        club,
        name=str(options.pop("name", "秋季大会")),
        starts_on=DAY,
        ruleset=club.rulesets.get(name="Kルール"),
        rounds=rounds,
        **options,  # type: ignore[arg-type]
    )
    entries = services.register(tournament, names(players))
    if checked_in:
        for entry in entries:
            services.set_status(entry, EntryStatus.CHECKED_IN)
    return tournament


def finish(game: Game, scores: Sequence[int] = SCORES) -> None:
    """The table's game, ended with these final scores (seat order)."""
    game.refresh_from_db()
    scoring.record_final_scores(game, scores=list(scores), version=game.version, key=f"f{game.pk}")


def play_round(round_: Round, scores: Sequence[int] = SCORES) -> None:
    """Publish the round if it is a draft, finish every table, close it."""
    if round_.status == "draft":
        services.publish_round(round_, played_on=DAY)
    for table in round_.tables.select_related("game"):
        finish(table.game, scores)
    services.close_round(round_)


def seated(round_: Round) -> list[list[str]]:
    """The round's tables, each its players' names in seat order (East first)."""
    return [
        [seat.entry.player.name for seat in table.seats.select_related("entry__player")]
        for table in round_.tables.order_by("number")
    ]

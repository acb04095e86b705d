"""Reading a game: ``services.games()`` brings its seats, players and hands in the game's row.

What it builds must be exactly what reading the rows one table at a time gives (the same values
of the same types: a hand's JSON as a dict, aware datetimes), on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Model, Prefetch
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, Player, Ruleset
from scoring import services
from scoring.models import Game, Hand, Seat
from tests.scoring.factories import make_game

DRAW = {"result": {"type": "draw", "tenpai": [0]}}
RON = {
    "riichi": [1],
    "result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}]},
}


def columns(instance: Model) -> dict[str, tuple[type, Any]]:
    """Each column's value and its type, as the instance holds them."""
    return {
        field.attname: (type(getattr(instance, field.attname)), getattr(instance, field.attname))
        for field in instance._meta.concrete_fields
    }


def row_by_row(game: Game) -> Game:
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    return Game.objects.prefetch_related(seats, "hands").get(pk=game.pk)


def play(game: Game, *hands: dict[str, Any]) -> None:
    for number, hand in enumerate(hands):
        game.refresh_from_db()
        services.record_hand(game, hand, version=game.version, key=f"hand-{number}")


def test_a_game_comes_in_one_query_with_its_seats_players_and_hands(game: Game) -> None:
    play(game, DRAW, RON, DRAW)
    with CaptureQueriesContext(connection) as queries:
        read = services.games().get(pk=game.pk)
        seats, hands = list(read.seats.all()), list(read.hands.all())
        names = [seat.player.name for seat in seats]
        games = [hand.game for hand in hands]
    assert len(queries) == 1
    assert names == ["Aoki", "Baba", "Chiba", "Doi"]
    assert [hand.number for hand in hands] == [1, 2, 3]
    assert games == [read] * 3


def test_what_comes_in_the_games_row_is_what_its_own_rows_hold(game: Game) -> None:
    baba = User.objects.create_user("baba")  # a player linked to an account: a key to read
    Player.objects.filter(club=game.club, name="Baba").update(user=baba)
    play(game, DRAW, RON)
    read, stored = services.games().get(pk=game.pk), row_by_row(game)
    assert read.record() == stored.record()
    assert isinstance(read.hands.all()[1].data, dict)
    for ours, theirs in zip(read.seats.all(), stored.seats.all(), strict=True):
        assert columns(ours) == columns(theirs)
        assert columns(ours.player) == columns(theirs.player)
    for ours, theirs in zip(read.hands.all(), stored.hands.all(), strict=True):
        assert columns(ours) == columns(theirs)
        assert ours.created_at.tzinfo is not None


def test_a_game_without_hands_has_none(game: Game) -> None:
    read = services.games().get(pk=game.pk)
    assert list(read.hands.all()) == []
    assert len(read.seats.all()) == 4


def test_hands_come_in_order_of_number_whatever_order_they_were_stored_in(game: Game) -> None:
    Hand.objects.bulk_create(Hand(game=game, number=n, data=DRAW) for n in (3, 1, 2))
    read = services.games().get(pk=game.pk)
    assert [hand.number for hand in read.hands.all()] == [1, 2, 3]


@pytest.mark.parametrize("how", ["iterator", "in_bulk", "prefetch"])
def test_every_way_of_reading_games_brings_their_rows(
    club: Club, k_rule: Ruleset, how: str
) -> None:
    games = [make_game(club, k_rule), make_game(club, k_rule, ("E", "F", "G", "H"))]
    play(games[1], RON)
    if how == "iterator":
        read = list(services.games().order_by("pk").iterator(chunk_size=1))
    elif how == "in_bulk":
        found = services.games().in_bulk([game.pk for game in games])
        read = [found[game.pk] for game in games]
    else:
        seats = Seat.objects.filter(game__in=games).prefetch_related(
            Prefetch("game", queryset=services.games())
        )
        read = [seat.game for seat in seats.order_by("game_id", "seat")][::4]
    with CaptureQueriesContext(connection) as queries:
        records = [game.record() for game in read]
    assert len(queries) == 0
    assert records == [row_by_row(game).record() for game in games]

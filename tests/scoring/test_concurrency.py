"""Tablets racing on one game, on PostgreSQL with real threads: no hand lost, none stored twice.

The row lock (``select_for_update``) and the version are what make this safe, and SQLite has
no row locks (it locks the whole file), so these run on PostgreSQL only; CI runs on it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from clubs.models import Club, Role
from scoring import services
from scoring.models import Game, GameLog, Hand
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset

ALL_TENPAI = {"riichi": [], "result": {"type": "draw", "tenpai": [0, 1, 2, 3]}}  # renchan, no end


@pytest.fixture(autouse=True)
def _postgresql_only(db: None) -> None:
    if connection.vendor == "postgresql":
        return
    reason = "needs PostgreSQL (set DATABASE_URL=postgres://...): SQLite has no row locks"
    if os.getenv("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


pytestmark = pytest.mark.django_db(transaction=True)


def together(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released at the same moment; their results."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as error:  # the test reads what each thread met
            results[i] = error
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def setting() -> tuple[Club, User, Game]:
    club = make_club()
    make_ruleset(club)
    return club, make_member(club, "kiroku", Role.SCOREKEEPER), make_game(club)


def post_hand(user: User, game: Game, key: str, version: int = 0) -> int:
    client = Client()
    client.force_login(user)
    data = {"version": version, "key": key, "result": "draw", "tenpai": ["0", "1", "2", "3"]}
    response = client.post(
        f"/c/{game.club.slug}/games/{game.pk}/hands/", data, headers={"HX-Request": "true"}
    )
    return response.status_code


def test_two_tablets_posting_at_once_store_one_hand_and_the_other_gets_a_conflict() -> None:
    _club, user, game = setting()
    statuses = together(2, lambda i: post_hand(user, game, key=f"tablet-{i}"))
    assert sorted(statuses) == [200, 409]
    assert Hand.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1


def test_the_same_key_posted_twice_at_once_is_one_hand() -> None:
    _club, user, game = setting()
    statuses = together(2, lambda i: post_hand(user, game, key="one retry"))
    assert statuses == [200, 200]
    assert Hand.objects.filter(game=game).count() == 1
    assert GameLog.objects.filter(game=game, idempotency_key="one retry").count() == 1


def test_racing_tablets_that_retry_on_conflict_lose_and_duplicate_nothing() -> None:
    _club, _user, game = setting()
    tablets, hands_each = 4, 5

    def tablet(i: int) -> int:
        conflicts = 0
        for n in range(hands_each):
            key = f"tablet-{i}-hand-{n}"
            while True:
                version = Game.objects.get(pk=game.pk).version
                try:
                    services.record_hand(game, ALL_TENPAI, version=version, key=key)
                    # A lost answer is retried with the same key: stored once all the same.
                    services.record_hand(game, ALL_TENPAI, version=version, key=key)
                    break
                except services.GameConflict:
                    conflicts += 1
        return conflicts

    results = together(tablets, tablet)
    assert all(isinstance(result, int) for result in results), results
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    assert [hand.number for hand in hands] == list(range(1, tablets * hands_each + 1))
    expected = {f"tablet-{i}-hand-{n}" for i in range(tablets) for n in range(hands_each)}
    assert {hand.idempotency_key for hand in hands} == expected
    game.refresh_from_db()
    assert game.version == tablets * hands_each
    assert services.game_state(game).replay.next_hand.honba == tablets * hands_each

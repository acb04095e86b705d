"""Django admin for games: every scoring model is there; derived rows are read-only."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client

from scoring.models import Game, GameLog, GameResult, Hand, HandStat, Seat
from scoring.services import end_game_early, record_hand
from tests.scoring.factories import make_club, make_game, make_players

MODELS = [Game, Seat, Hand, GameResult, HandStat, GameLog]
DERIVED = [GameResult, HandStat, GameLog]


@pytest.fixture
def staff(db: None) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.org", "x"))
    return client


@pytest.fixture
def played(db: None) -> Game:
    club = make_club()
    make_players(club)
    game = make_game(club)
    ron = {
        "riichi": [],
        "result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]},
    }
    record_hand(game, ron, version=game.version, key="admin-test-hand-1")
    game.refresh_from_db()
    end_game_early(game, reason="time", version=game.version, key="admin-test-end")
    return game


def test_every_scoring_model_is_registered() -> None:
    assert all(admin.site.is_registered(model) for model in MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_list_opens_and_finds_the_club_s_rows(
    model: type, staff: Client, played: Game
) -> None:
    url = f"/admin/scoring/{model.__name__.lower()}/"
    assert staff.get(url).status_code == 200
    found = staff.get(url, {"q": "つばめ"})
    assert found.status_code == 200
    assert found.context["cl"].result_count >= 1
    assert staff.get(url, {"q": "no-such-club"}).context["cl"].result_count == 0


@pytest.mark.parametrize("model", DERIVED, ids=lambda m: m.__name__)
def test_derived_rows_cannot_be_added_or_changed_by_hand(
    model: type, staff: Client, played: Game
) -> None:
    name = model.__name__.lower()
    assert staff.get(f"/admin/scoring/{name}/add/").status_code == 403
    row = model.objects.first()
    assert row is not None
    page = staff.get(f"/admin/scoring/{name}/{row.pk}/change/")
    assert page.status_code == 200
    assert 'name="_save"' not in page.text

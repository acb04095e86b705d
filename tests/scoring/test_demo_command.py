from __future__ import annotations

import datetime
from collections import Counter
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory
from django.utils import timezone

from clubs.models import Club, League, Membership, Player, Role
from scoring.models import Game, GameResult, GameStatus, Hand, HandStat

FINISHED, ONGOING, VOIDED = GameStatus.FINISHED, GameStatus.ONGOING, GameStatus.VOIDED


def _demo() -> str:
    out = StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def _counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Game, Hand, HandStat, GameResult, League, Membership)
    )


@pytest.mark.django_db
def test_demo_creates_the_public_demo_club_with_its_season_once() -> None:
    """One run (it takes seconds), every truth of the season checked on it."""
    created = "Created: デモ麻雀クラブ (/demo), 363 games. Log in as demo / demo-tenbou\n"
    assert _demo() == created
    made = _counts()
    assert _demo().startswith("Already there: デモ麻雀クラブ (/demo), 363 games.")
    assert _counts() == made
    _check_club()
    _check_leagues()
    _check_games_in_progress_and_voided()
    _check_hands()


def _check_club() -> None:
    club = Club.objects.get()
    assert (club.name, club.slug, club.is_public) == ("デモ麻雀クラブ", "demo", True)
    assert club.default_ruleset.name == "Kルール"
    assert sorted(club.rulesets.values_list("name", flat=True)) == ["Kルール", "天鳳ルール"]
    assert club.players.count() == 16
    login = RequestFactory().post("/accounts/login/")  # django-axes counts logins by request
    user = authenticate(login, username="demo", password="demo-tenbou")
    assert Membership.objects.get(user=user, club=club).role == Role.ADMIN


def _check_leagues() -> None:
    """This season's league (open) and the closed one before it, with the 規定打数 line."""
    today = timezone.localdate()
    open_, closed = League.objects.all()  # open leagues first
    assert (open_.is_open, closed.is_open) == (True, False)
    assert (open_.ruleset.name, closed.ruleset.name) == ("Kルール", "天鳳ルール")
    assert open_.starts_on < today < open_.ends_on
    assert closed.ends_on == open_.starts_on - datetime.timedelta(days=1)
    assert (open_.qualification_games, open_.tie_breaks) == (20, ["average_rank", "firsts"])
    assert _statuses(open_) == {FINISHED: 300, ONGOING: 2, VOIDED: 1}
    assert _statuses(closed) == {FINISHED: 60}
    finished = Game.objects.filter(status=FINISHED)
    assert not finished.filter(played_on__gte=today).exists()
    for league in (open_, closed):
        days = league.games.filter(status=FINISHED).values_list("played_on", flat=True)
        assert league.starts_on <= min(days) <= max(days) <= league.ends_on
    assert GameResult.objects.count() == 4 * 360
    assert not GameResult.objects.exclude(game__status=FINISHED).exists()
    games = Counter(GameResult.objects.filter(game__league=open_).values_list("player", flat=True))
    played = [games[player] for player in Player.objects.values_list("pk", flat=True)]
    assert min(played) < 20 <= max(played)  # some below the 規定打数: the line shows


def _check_games_in_progress_and_voided() -> None:
    today = timezone.localdate()
    ongoing = Game.objects.filter(status=ONGOING)
    assert set(ongoing.values_list("played_on", flat=True)) == {today}
    assert all(4 <= game.hands.count() <= 7 for game in ongoing)
    voided = Game.objects.get(status=VOIDED)
    assert voided.void_reason
    assert not voided.results.exists()


def _check_hands() -> None:
    hands = list(Hand.objects.values_list("data", flat=True))
    kinds = Counter(hand["result"]["type"] for hand in hands)
    assert kinds["ron"] > kinds["tsumo"] > kinds["draw"] > kinds["chombo"] > 0
    assert any(len(hand["result"].get("wins", [])) == 2 for hand in hands)  # double ron
    assert any(hand.get("events") for hand in hands)  # a dead hand
    assert any(hand["riichi"] and hand["result"]["type"] == "draw" for hand in hands)
    assert HandStat.objects.filter(riichi=True, won=True).exists()
    assert HandStat.objects.filter(penalty=True).exists()  # chombo, dead hands
    assert HandStat.objects.filter(open=True).exists()
    assert GameResult.objects.filter(busted=True).exists()  # tobi


def _statuses(league: League) -> dict[str, int]:
    return dict(Counter(league.games.values_list("status", flat=True)))

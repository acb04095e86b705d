from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from clubs.models import Club, Membership, Role
from scoring.models import Game, GameResult, GameStatus, Hand


@pytest.mark.django_db
def test_demo_creates_the_public_demo_club_with_its_games_once() -> None:
    call_command("demo")
    hands = Hand.objects.count()
    call_command("demo")
    club = Club.objects.get()
    assert (club.name, club.slug, club.is_public) == ("デモ麻雀クラブ", "demo", True)
    assert club.default_ruleset.name == "Kルール"
    assert sorted(club.rulesets.values_list("name", flat=True)) == ["Kルール", "天鳳ルール"]
    assert club.players.count() == 8
    statuses = sorted(Game.objects.values_list("status", flat=True))
    assert statuses == [GameStatus.FINISHED] * 6 + [GameStatus.ONGOING]
    assert GameResult.objects.count() == 24
    assert Hand.objects.count() == hands
    assert Hand.objects.filter(game__status=GameStatus.ONGOING).count() == 6
    user = authenticate(username="demo", password="demo-tenbou")
    assert Membership.objects.get(user=user, club=club).role == Role.ADMIN

"""The club log: every change to members, players, rulesets, leagues and tournaments, and to
each game, with who made it and what it was before and after; the page filters it."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs import services
from clubs.models import Club, ClubLog, League, LogKind, Role
from scoring import services as scoring
from tests.clubs.conftest import logged_in
from tests.scoring.factories import make_game, make_member, make_ruleset
from tournaments import services as tournaments


@pytest.fixture
def club(db: None) -> Club:
    from tests.clubs.factories import make_club

    club = make_club("kiroku")
    make_ruleset(club, "k_rule", "Kルール")
    return club


@pytest.fixture
def admin(club: Club) -> User:
    return make_member(club, "kanri", Role.ADMIN)


def entries(club: Club, kind: str) -> list[tuple[str, str, object, object]]:
    rows = ClubLog.objects.filter(club=club, kind=kind).order_by("at", "pk")
    return [(row.action, row.name, row.before, row.after) for row in rows]


def test_a_role_change_and_a_removal_keep_who_and_what_before(club: Club, admin: User) -> None:
    member = make_member(club, "menba", Role.MEMBER).memberships.get()
    services.change_role(member, Role.SCOREKEEPER, admin)
    services.remove_member(member, admin)
    assert entries(club, LogKind.MEMBERSHIP) == [
        ("role", "menba", {"role": "member"}, {"role": "scorekeeper"}),
        ("removed", "menba", {"role": "scorekeeper"}, None),
    ]
    assert set(ClubLog.objects.values_list("user__username", flat=True)) == {"kanri"}


def test_a_ruleset_save_keeps_only_the_options_it_changed(club: Club, admin: User) -> None:
    ruleset = club.rulesets.get()
    options = dict(ruleset.current_version().options, kiriage=True)
    services.save_ruleset(
        club, ruleset, name="Kルール", preset="k_rule", options=options, user=admin
    )
    assert entries(club, LogKind.RULESET)[-1] == (
        "v2",
        "Kルール",
        {"kiriage": False},
        {"kiriage": True},
    )


def test_a_player_renamed_and_a_league_changed_are_in_the_log(club: Club, admin: User) -> None:
    player = services.add_player(club, "青木", admin)
    services.rename_player(player, "青木一郎", admin)
    league = services.save_league(League(club=club, name="秋季リーグ"), admin)
    league.qualification_games = 10
    services.save_league(league, admin)
    assert entries(club, LogKind.PLAYER) == [
        ("added", "青木", None, None),
        ("renamed", "青木一郎", {"name": "青木"}, {"name": "青木一郎"}),
    ]
    created, changed = entries(club, LogKind.LEAGUE)
    assert created[0] == "created"
    assert changed == (
        "changed",
        "秋季リーグ",
        {"qualification_games": 0},
        {"qualification_games": 10},
    )


def test_a_tournaments_changes_are_in_the_log(club: Club, admin: User) -> None:
    tournament = tournaments.create_tournament(
        club,
        name="大会",
        starts_on=datetime.date(2026, 12, 1),
        ruleset=club.rulesets.get(),
        rounds=2,
        user=admin,
    )
    (entry,) = tournaments.register(tournament, ["青木"], user=admin)
    tournaments.set_status(entry, "checked_in", admin)
    actions = [action for action, *_rest in entries(club, LogKind.TOURNAMENT)]
    assert actions == ["created", "registered", "status"]
    assert entries(club, LogKind.TOURNAMENT)[-1][2:] == (
        {"青木": "registered"},
        {"青木": "checked_in"},
    )


def test_the_log_page_lists_game_and_club_changes_and_filters_them(club: Club, admin: User) -> None:
    game = make_game(club)
    scoring.record_hand(
        game, {"result": {"type": "draw", "tenpai": [0]}}, version=game.version, key="h", user=admin
    )
    services.add_player(club, "新人", admin)
    page = logged_in(admin)
    every = page.get(f"/c/{club.slug}/log/").content.decode()
    assert "局を記録" in every
    assert "新人" in every
    games_only = page.get(f"/c/{club.slug}/log/", {"kind": "game"}).content.decode()
    assert "局を記録" in games_only
    assert "新人" not in games_only
    players_only = page.get(f"/c/{club.slug}/log/", {"kind": "player"}).content.decode()
    assert "新人" in players_only
    assert "局を記録" not in players_only
    nobody = page.get(f"/c/{club.slug}/log/", {"user": "someone-else"}).content.decode()
    assert "この期間に変更はありません。" in nobody
    later = page.get(f"/c/{club.slug}/log/", {"date_from": "2099-01-01"}).content.decode()
    assert "この期間に変更はありません。" in later


def test_only_admins_read_the_log(club: Club) -> None:
    scorer = logged_in(make_member(club, "kiroku", Role.SCOREKEEPER))
    assert scorer.get(f"/c/{club.slug}/log/").status_code == 403
    assert Client().get(f"/c/{club.slug}/log/").status_code == 302

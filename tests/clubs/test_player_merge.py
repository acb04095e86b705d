"""Merging two player records: seats, results and statistics move; results stay identical."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Player, Ruleset
from scoring.engine import replay_record
from scoring.models import Game, GameResult, HandStat, Seat
from scoring.players import MergeError, merge_players
from tests.clubs.factories import make_players, play_game


@pytest.fixture
def twin(club: Club) -> Player:
    """青木 entered a second time, with a typo: 靑木."""
    return make_players(club, ("靑木",))[0]


def snapshot(games: list[Game]) -> list[tuple[object, ...]]:
    rows = []
    for game in games:
        replayed = replay_record(game.record())
        results = list(game.results.values_list("seat", "final_score", "rank", "points"))
        stats = list(game.hand_stats.values_list("hand_number", "seat", "delta", "score_after"))
        rows.append((replayed["hands"], replayed["final"], results, stats))
    return rows


def test_merge_moves_every_seat_result_and_statistic_and_keeps_results(
    club: Club, k_rule: Ruleset, players: list[Player], twin: Player
) -> None:
    version = k_rule.current_version()
    aoki, baba, chiba, doi = players
    games = [
        play_game(version, [aoki, baba, chiba, doi]),
        play_game(version, [baba, twin, chiba, doi]),
        play_game(version, [twin, chiba, doi, baba], hands=[]),
    ]
    before = snapshot(games)
    merge_players(keep=aoki, remove=twin)
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Seat.objects.filter(player=aoki).count() == 3
    assert GameResult.objects.filter(player=aoki).count() == 3
    assert HandStat.objects.filter(player=aoki).count() == 2 + 2
    assert snapshot(games) == before
    assert games[1].record()["players"] == ["馬場", "青木", "千葉", "土井"]


def test_two_players_of_one_game_are_two_people(k_rule: Ruleset, players: list[Player]) -> None:
    play_game(k_rule.current_version(), players)
    with pytest.raises(MergeError, match="2026-11-22"):
        merge_players(keep=players[0], remove=players[1])
    assert Player.objects.filter(pk=players[1].pk).exists()


def test_a_linked_account_moves_to_the_kept_player(
    players: list[Player], twin: Player, member: User
) -> None:
    twin.user = member
    twin.save()
    kept = merge_players(keep=players[0], remove=twin)
    assert kept.user == member


def test_players_of_two_clubs_are_never_merged(players: list[Player], other_club: Club) -> None:
    theirs = make_players(other_club, ("他人",))[0]
    with pytest.raises(MergeError):
        merge_players(keep=players[0], remove=theirs)


def test_the_merge_page_moves_the_games_and_goes_to_the_kept_player(
    k_rule: Ruleset, players: list[Player], twin: Player, as_admin: Client
) -> None:
    play_game(k_rule.current_version(), [twin, *players[1:]])
    page = as_admin.get(f"/c/tsubame/players/{twin.pk}/merge/")
    assert "青木 (0 games)" in page.text or "青木(対局0回)" in page.text
    response = as_admin.post(f"/c/tsubame/players/{twin.pk}/merge/", {"into": players[0].pk})
    assert response.status_code == 302
    assert response["Location"] == f"/c/tsubame/players/{players[0].pk}/"
    assert Seat.objects.filter(player=players[0]).count() == 1


def test_the_merge_page_says_why_it_refuses(
    k_rule: Ruleset, players: list[Player], as_admin: Client
) -> None:
    play_game(k_rule.current_version(), players)
    response = as_admin.post(f"/c/tsubame/players/{players[1].pk}/merge/", {"into": players[0].pk})
    assert response.status_code == 200
    assert "2026-11-22" in response.text
    assert Player.objects.filter(pk=players[1].pk).exists()

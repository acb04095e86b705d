"""Players: names unique in a club (with a clear message), renamed freely, linked to an account."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Player
from scoring.engine import replay_record
from scoring.models import GameResult
from tests.clubs.conftest import logged_in
from tests.clubs.factories import make_players, make_ruleset, play_game


def test_a_scorekeeper_adds_a_player(club: Club, as_scorekeeper: Client) -> None:
    response = as_scorekeeper.post("/c/tsubame/players/new/", {"name": "  新人  "}, follow=True)
    assert club.players.get().name == "新人"
    assert "新人を追加しました" in response.text


def test_a_name_is_taken_once_per_club_with_a_clear_message(
    club: Club, players: list[Player], as_scorekeeper: Client
) -> None:
    response = as_scorekeeper.post("/c/tsubame/players/new/", {"name": "青木"})
    assert response.status_code == 200
    assert "このクラブには「青木」という名前のプレイヤーがすでにいます。" in response.text
    assert club.players.filter(name="青木").count() == 1


def test_the_same_name_is_fine_in_another_club(
    players: list[Player], other_club: Club, other_admin: User
) -> None:
    logged_in(other_admin).post("/c/hibari/players/new/", {"name": "青木"})
    assert Player.objects.filter(name="青木").count() == 2


def test_an_empty_name_is_refused_naming_the_field(club: Club, as_scorekeeper: Client) -> None:
    response = as_scorekeeper.post("/c/tsubame/players/new/", {"name": " "})
    assert "このフィールドは必須です" in response.text
    assert not club.players.exists()


def test_renaming_keeps_every_result(
    club: Club, players: list[Player], as_scorekeeper: Client
) -> None:
    game = play_game(make_ruleset(club).current_version(), players)
    before = list(GameResult.objects.values_list("player_id", "final_score", "rank", "points"))
    replayed = replay_record(game.record())
    response = as_scorekeeper.post(
        f"/c/tsubame/players/{players[1].pk}/rename/", {"name": "馬場ちゃん"}
    )
    assert response.status_code == 302
    assert (
        list(GameResult.objects.values_list("player_id", "final_score", "rank", "points")) == before
    )
    after = replay_record(game.record())
    assert game.record()["players"][1] == "馬場ちゃん"
    assert (after["hands"], after["final"]) == (replayed["hands"], replayed["final"])


def test_renaming_to_a_taken_name_says_so_and_changes_nothing(
    players: list[Player], as_scorekeeper: Client
) -> None:
    response = as_scorekeeper.post(f"/c/tsubame/players/{players[1].pk}/rename/", {"name": "青木"})
    assert response.status_code == 200
    assert "「青木」という名前のプレイヤーがすでにいます" in response.text
    assert "<h1>馬場</h1>" in response.text
    players[1].refresh_from_db()
    assert players[1].name == "馬場"


def test_an_admin_links_a_player_to_a_members_account_once(
    club: Club, players: list[Player], member: User, as_admin: Client
) -> None:
    as_admin.post(f"/c/tsubame/players/{players[0].pk}/link/", {"user": member.pk})
    players[0].refresh_from_db()
    assert players[0].user == member
    response = as_admin.post(f"/c/tsubame/players/{players[1].pk}/link/", {"user": member.pk})
    assert "このアカウントはすでに「青木」と連携しています。" in response.text
    players[1].refresh_from_db()
    assert players[1].user is None


def test_only_a_members_account_can_be_linked(
    players: list[Player], other_admin: User, as_admin: Client
) -> None:
    response = as_admin.post(f"/c/tsubame/players/{players[0].pk}/link/", {"user": other_admin.pk})
    assert response.status_code == 200
    players[0].refresh_from_db()
    assert players[0].user is None


def test_the_players_page_lists_them_by_name(club: Club, as_scorekeeper: Client) -> None:
    make_players(club, ("土井", "青木"))
    page = as_scorekeeper.get("/c/tsubame/players/").text
    assert page.index("土井") < page.index("青木")  # ordered by name (code point order)

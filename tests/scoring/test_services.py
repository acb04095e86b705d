"""The services: each change stores its inputs and rebuilds the derived rows in one transaction.

Hands are K-rule (Kルール): 25000 start, 30000 return, uma 10-20, tobi below 0 with a 5p bonus.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, Player, Ruleset
from scoring import services
from scoring.engine import RecordError
from scoring.models import Game, GameLog, GameResult, GameStatus, Hand, HandStat
from scoring.services import GameClosed, GameConflict, GameError, NoSuchHand
from tests.scoring.factories import DAY, PLAYERS, make_game, make_ruleset

TENHOU_LOGS = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "tenhou"


def ron(winner: int, discarder: int, han: int, fu: int | None = None, **more: Any) -> dict:
    win: dict[str, Any] = {"winner": winner, "han": han}
    if fu is not None:
        win["fu"] = fu
    return {
        "riichi": more.pop("riichi", []),
        "result": {"type": "ron", "from": discarder, "wins": [{**win, **more}]},
    }


def draw(*tenpai: int, riichi: tuple[int, ...] = ()) -> dict:
    return {"riichi": list(riichi), "result": {"type": "draw", "tenpai": list(tenpai)}}


def record(game: Game, *hands: dict, user: User | None = None) -> services.GameState:
    state = services.game_state(game)
    for hand in hands:
        game.refresh_from_db()
        state = services.record_hand(
            game, hand, version=game.version, key=f"k{game.version}", user=user
        )
    game.refresh_from_db()
    return state


def scores(game: Game) -> list[int]:
    return list(services.game_state(game).replay.hands[-1].scores)


# -- starting ------------------------------------------------------------------------------


def test_start_game_seats_the_players_in_order_and_creates_new_names(
    club: Club, k_rule: Ruleset, scorekeeper: User
) -> None:
    Player.objects.create(club=club, name="Aoki")
    version = k_rule.current_version()
    game = services.start_game(
        club,
        ruleset_version=version,
        players=["Aoki", " Baba ", "Chiba", "Doi"],
        played_on=DAY,
        table_label="卓1",
        user=scorekeeper,
        key="start-1",
    )
    assert tuple(seat.player.name for seat in game.seats.order_by("seat")) == PLAYERS
    assert Player.objects.filter(club=club).count() == 4
    assert (game.status, game.version, game.table_label, game.created_by) == (
        "ongoing",
        0,
        "卓1",
        scorekeeper,
    )
    assert list(GameLog.objects.values_list("action", flat=True)) == ["started"]


def test_a_retried_start_finds_the_game_it_made(club: Club, k_rule: Ruleset) -> None:
    version = k_rule.current_version()
    kwargs: dict[str, Any] = {
        "ruleset_version": version,
        "players": list(PLAYERS),
        "played_on": DAY,
    }
    first = services.start_game(club, key="same", **kwargs)
    again = services.start_game(club, key="same", **kwargs)
    assert first == again
    assert Game.objects.count() == 1


def test_start_game_asks_the_engine_about_the_players(club: Club, k_rule: Ruleset) -> None:
    version = k_rule.current_version()
    with pytest.raises(RecordError, match="this ruleset is for 4 players, the record names 3"):
        services.start_game(club, ruleset_version=version, players=PLAYERS[:3], played_on=DAY)
    with pytest.raises(RecordError, match="a name is listed twice"):
        services.start_game(
            club, ruleset_version=version, players=["A", "B", "A", "C"], played_on=DAY
        )
    assert not Game.objects.exists()


# -- recording -----------------------------------------------------------------------------


def test_record_hand_stores_the_hand_and_rebuilds_its_stats(game: Game, scorekeeper: User) -> None:
    hand = ron(1, 2, 3, 30, riichi=[1])
    state = services.record_hand(game, hand, version=0, key="h1", user=scorekeeper)
    assert state.replay.hands[0].scores == (25000, 28900, 21100, 25000)
    stored = Hand.objects.get()
    assert (stored.number, stored.data, stored.idempotency_key) == (1, hand, "h1")
    game.refresh_from_db()
    assert game.version == 1
    stats = list(
        HandStat.objects.values_list(
            "seat", "delta", "score_after", "riichi", "won", "dealt_in", "dealer"
        )
    )
    assert stats == [
        (0, 0, 25000, False, False, False, True),
        (1, 3900, 28900, True, True, False, False),
        (2, -3900, 21100, False, False, True, False),
        (3, 0, 25000, False, False, False, False),
    ]
    log = GameLog.objects.get(action="recorded_hand")
    assert (log.detail, log.user, log.idempotency_key) == ("hand 1 (E1-0)", scorekeeper, "h1")


def test_the_same_key_twice_stores_the_hand_once(game: Game) -> None:
    services.record_hand(game, draw(0), version=0, key="again")
    state = services.record_hand(game, draw(0), version=0, key="again")
    assert Hand.objects.count() == 1
    assert len(state.hands) == 1
    game.refresh_from_db()
    assert game.version == 1


def test_a_stale_version_is_a_conflict_with_the_fresh_state(game: Game) -> None:
    services.record_hand(game, draw(0), version=0, key="first tablet")
    with pytest.raises(GameConflict) as conflict:
        services.record_hand(game, draw(1), version=0, key="second tablet")
    assert conflict.value.state.game.version == 1
    assert conflict.value.state.replay.next_hand.round == "E1"
    assert conflict.value.state.replay.next_hand.honba == 1
    assert Hand.objects.count() == 1


def test_an_impossible_value_saves_nothing_and_names_the_field(game: Game) -> None:
    with pytest.raises(RecordError) as error:
        services.record_hand(game, ron(1, 2, 1, 20), version=0, key="bad")
    assert error.value.full_message == "hand 1 (E1-0): seat 1: 1 han 20 fu ron is not possible"
    assert error.value.field in ("fu", "result.wins[0].fu")
    game.refresh_from_db()
    assert (game.version, Hand.objects.count(), GameLog.objects.count()) == (0, 0, 1)


def test_a_failure_while_rebuilding_rolls_the_hand_back(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr("scoring.services.hands.hand_stats", broken)
    with pytest.raises(RuntimeError):
        services.record_hand(game, draw(0), version=0, key="k")
    game.refresh_from_db()
    assert (game.version, Hand.objects.count(), HandStat.objects.count()) == (0, 0, 0)
    assert not GameLog.objects.filter(action="recorded_hand").exists()


def test_no_hand_after_the_end_of_the_game(game: Game) -> None:
    record(game, ron(0, 3, 6), ron(1, 3, 8))  # seat 3 busts: 7000 - 16000 - 300
    with pytest.raises(GameClosed, match="対局は終わっています"):
        services.record_hand(game, draw(0), version=game.version, key="late")


# -- editing and deleting ------------------------------------------------------------------


def test_edit_hand_replays_the_later_hands(game: Game, scorekeeper: User) -> None:
    record(game, ron(1, 2, 3, 30), draw(1, 2), ron(3, 0, 2, 30))
    assert scores(game) == [21200, 30400, 22600, 25800]
    state = services.edit_hand(
        game, 1, ron(1, 2, 4, 30), version=game.version, key="edit", user=scorekeeper
    )
    # 7700 instead of 3900 in hand 1, the rest as before.
    assert list(state.replay.hands[-1].scores) == [21200, 34200, 18800, 25800]
    assert Hand.objects.get(number=1).data["result"]["wins"][0]["han"] == 4
    assert list(HandStat.objects.filter(hand_number=3).values_list("score_after", flat=True)) == [
        21200,
        34200,
        18800,
        25800,
    ]
    assert GameLog.objects.get(action="edited_hand").detail == "hand 1 (E1-0)"


def test_an_edit_that_ends_the_game_earlier_names_the_later_hand(game: Game) -> None:
    record(game, ron(1, 2, 2, 30), ron(1, 2, 2, 30))
    yakuman = {
        "riichi": [],
        "result": {"type": "ron", "from": 2, "wins": [{"winner": 0, "yakuman": 1}]},
    }
    with pytest.raises(RecordError) as error:
        services.edit_hand(game, 1, yakuman, version=game.version, key="e2")
    assert error.value.hand == 2
    assert error.value.full_message == "hand 2 (E1-1): the game already ended after hand 1 (tobi)"
    assert Hand.objects.get(number=1).data == ron(1, 2, 2, 30)


def test_an_edit_that_leaves_a_riichi_player_unable_to_pay_names_that_hand(game: Game) -> None:
    record(game, ron(1, 3, 2, 30), draw(2, riichi=(2,)))
    baiman_with_riichi = ron(0, 2, 8, riichi=[2])  # seat 2: 25000 - 1000 - 24000 = 0
    with pytest.raises(RecordError) as error:
        services.edit_hand(game, 1, baiman_with_riichi, version=game.version, key="e")
    assert error.value.full_message == (
        "hand 2 (E1-1): seat 2 cannot declare riichi with 0 points (at least 1000 needed)"
    )


def test_delete_hand_moves_the_later_hands_up(game: Game) -> None:
    record(game, ron(1, 2, 3, 30), draw(1, 2), ron(3, 0, 2, 30))
    state = services.delete_hand(game, 2, version=game.version, key="del")
    assert [hand.number for hand in Hand.objects.order_by("number")] == [1, 2]
    assert Hand.objects.get(number=2).data == ron(3, 0, 2, 30)
    assert list(state.replay.hands[-1].scores) == [23000, 28900, 21100, 27000]
    assert sorted(set(HandStat.objects.values_list("hand_number", flat=True))) == [1, 2]
    assert GameLog.objects.get(action="deleted_hand").detail == "hand 2 (E2-0)"


def test_editing_a_hand_that_is_not_there(game: Game) -> None:
    with pytest.raises(NoSuchHand):
        services.edit_hand(game, 4, draw(0), version=0, key="e")
    with pytest.raises(NoSuchHand):
        services.delete_hand(game, 1, version=0, key="d")


# -- the end -------------------------------------------------------------------------------


def test_finish_game_settles_the_game(game: Game, scorekeeper: User) -> None:
    record(
        game,
        ron(0, 3, 6),
        {
            "riichi": [],
            "result": {
                "type": "ron",
                "from": 3,
                "wins": [{"winner": 1, "han": 2, "fu": 30}, {"winner": 0, "han": 3, "fu": 30}],
            },
        },
    )
    state = services.finish_game(game, version=game.version, key="fin", user=scorekeeper)
    assert state.replay.final.ended_by == "tobi"
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    results = list(
        GameResult.objects.order_by("seat").values_list(
            "player__name", "final_score", "rank", "points"
        )
    )
    assert results == [
        ("Aoki", 49100, 1, Decimal("59.0")),
        ("Baba", 27000, 2, Decimal("12.0")),
        ("Chiba", 25000, 3, Decimal("-15.0")),
        ("Doi", -1100, 4, Decimal("-56.0")),
    ]
    with pytest.raises(GameClosed):
        services.edit_hand(game, 1, draw(0), version=game.version, key="x")


def test_finish_game_before_the_end_is_refused_by_the_engine(game: Game) -> None:
    record(game, draw(0))
    with pytest.raises(RecordError, match="the hands stop before the game has ended"):
        services.finish_game(game, version=game.version, key="fin")
    game.refresh_from_db()
    assert game.status == GameStatus.ONGOING


def test_end_game_early_settles_it_as_it_stands(game: Game) -> None:
    record(game, ron(1, 2, 3, 30, riichi=[1]))
    state = services.end_game_early(game, reason="time", version=game.version, key="end")
    final = state.replay.final
    # Ranks by score, ties by seat (Aoki before Doi at 25000); 五捨六入: 1100 -> 1, 8900 -> 9.
    assert (final.ended_by, final.points) == ("forced", (5.0, 39.0, -29.0, -15.0))
    game.refresh_from_db()
    assert (game.status, game.forced_end, game.forced_end_reason) == ("finished", True, "time")
    assert GameResult.objects.count() == 4


def test_reopen_undoes_the_early_end_and_the_results(game: Game, scorekeeper: User) -> None:
    record(game, draw(0))
    services.end_game_early(game, reason="time", version=game.version, key="end")
    game.refresh_from_db()
    state = services.reopen_game(
        game, version=game.version, key="re", reason="wrong table", user=scorekeeper
    )
    game.refresh_from_db()
    assert (game.status, game.forced_end, state.replay.final) == ("ongoing", False, None)
    assert not GameResult.objects.exists()
    log = GameLog.objects.get(action="reopened")
    assert (log.detail, log.user) == ("wrong table", scorekeeper)
    services.record_hand(game, draw(0), version=game.version, key="more")
    assert Hand.objects.count() == 2


def test_only_a_finished_game_is_reopened(game: Game) -> None:
    with pytest.raises(GameClosed):
        services.reopen_game(game, version=0, key="re")


def test_void_keeps_the_game_with_its_reason_and_drops_its_results(game: Game, admin: User) -> None:
    record(game, draw(0))
    services.end_game_early(game, reason="time", version=game.version, key="end")
    game.refresh_from_db()
    with pytest.raises(GameError, match="取り消す理由"):
        services.void_game(game, reason=" ", version=game.version, key="v")
    services.void_game(game, reason="wrong players", version=game.version, key="v", user=admin)
    game.refresh_from_db()
    assert (game.status, game.void_reason) == ("voided", "wrong players")
    assert not GameResult.objects.exists()
    assert Hand.objects.count() == 1
    with pytest.raises(GameClosed):
        services.reopen_game(game, version=game.version, key="re")


def test_finish_twice_with_the_same_key_is_done_once(game: Game) -> None:
    record(game, ron(0, 3, 6), ron(1, 3, 8))
    version = game.version
    services.finish_game(game, version=version, key="fin")
    services.finish_game(game, version=version, key="fin")
    assert GameLog.objects.filter(action="finished").count() == 1


# -- score-only entry ----------------------------------------------------------------------


def test_final_scores_must_add_up(game: Game) -> None:
    with pytest.raises(RecordError) as error:
        services.record_final_scores(game, scores=[40000, 30000, 20000, 9000], version=0, key="f")
    assert error.value.field == "final_scores"
    assert "expected 100000" in error.value.message
    game.refresh_from_db()
    assert (game.status, game.final_scores) == ("ongoing", None)


def test_final_scores_with_leftover_sticks_are_settled(game: Game) -> None:
    state = services.record_final_scores(
        game, scores=[40000, 30000, 20000, 9000], deposits=1000, version=0, key="f"
    )
    # K-rule: leftover sticks to the top (41000); 五捨六入 on the difference from 30000.
    assert state.replay.final.points == (51.0, 10.0, -20.0, -41.0)
    game.refresh_from_db()
    assert (game.status, game.final_scores, game.final_deposits) == (
        "finished",
        [40000, 30000, 20000, 9000],
        1000,
    )
    assert list(GameResult.objects.order_by("seat").values_list("points", flat=True)) == [
        Decimal("51.0"),
        Decimal("10.0"),
        Decimal("-20.0"),
        Decimal("-41.0"),
    ]


def test_a_game_with_hands_takes_no_final_scores(game: Game) -> None:
    record(game, draw(0))
    with pytest.raises(GameClosed):
        services.record_final_scores(game, scores=[25000] * 4, version=game.version, key="f")


# -- Tenhou import -------------------------------------------------------------------------


def tenhou_log(name: str = "2019081518gm-00a9-0000-cce9d00c.xml") -> str:
    return (TENHOU_LOGS / name).read_text(encoding="utf-8")


def test_import_tenhou_creates_players_ruleset_and_a_finished_game(
    club: Club, k_rule: Ruleset
) -> None:
    game = services.import_tenhou(club, tenhou_log(), played_on=DAY, key="imp")
    assert game.status == GameStatus.FINISHED
    assert game.ruleset_version.ruleset.name == "天鳳"
    assert game.seats.count() == 4
    assert GameResult.objects.filter(game=game).count() == 4
    assert HandStat.objects.filter(game=game).count() == 4 * game.hands.count()
    again = services.import_tenhou(club, tenhou_log(), played_on=DAY, key="imp2")
    assert again.ruleset_version == game.ruleset_version


def test_import_tenhou_refuses_a_ruleset_that_gives_another_result(
    club: Club, k_rule: Ruleset
) -> None:
    with pytest.raises(RecordError) as error:
        services.import_tenhou(club, tenhou_log(), played_on=DAY, ruleset=k_rule)
    assert error.value.field == "ruleset"
    assert not Game.objects.exists()


def test_import_tenhou_accepts_a_club_tenhou_ruleset(club: Club, k_rule: Ruleset) -> None:
    tenhou = make_ruleset(club, "tenhou", "天鳳ルール")
    game = services.import_tenhou(club, tenhou_log(), played_on=DAY, ruleset=tenhou)
    assert game.ruleset_version.ruleset == tenhou


def test_import_tenhou_says_what_is_wrong_with_the_file(club: Club) -> None:
    with pytest.raises(RecordError, match="not a Tenhou log") as error:
        services.import_tenhou(club, "<html></html>", played_on=DAY)
    assert error.value.field == "log"


def test_a_sanma_game_seats_three(club: Club) -> None:
    sanma = make_ruleset(club, "gensou_sanma")
    game = make_game(club, sanma, ("Aoki", "Baba", "Chiba"))
    state = record(
        game, {"riichi": [], "result": {"type": "tsumo", "winner": 1, "han": 3, "fu": 30}}
    )
    assert len(state.replay.hands[0].scores) == 3

"""祝儀 (chips) at the table: asked on each win where the ruleset has them, shown in the hand's
preview and the settlement, stored on the results, or counted at the end instead."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Role
from scoring import services
from scoring.models import Game, GameLog, GameResult
from tests.scoring.factories import make_game, make_member, make_ruleset
from tests.scoring.test_views import ron_form, url

CHIPS = {"value": 2, "ippatsu": 1, "ura": 1, "aka": 1, "yakuman": 5, "tobi": 1}


@pytest.fixture
def chips_game(club: Club) -> Game:
    """K-rule with a chip for each ippatsu, ura-dora and red five, 2 points a chip."""
    return make_game(club, make_ruleset(club, "k_rule", "祝儀あり", chips=CHIPS))


@pytest.fixture
def keeper(club: Club, scorekeeper: User) -> Client:
    client = Client()
    client.force_login(scorekeeper)
    client.cookies["django_language"] = "en"
    return client


def ron_with_chips(version: int, **more: Any) -> dict[str, Any]:
    """Baba rons Chiba for 3 han 30 fu (``ron_form``): ippatsu, two ura-dora, a red five."""
    return ron_form(version, f"k{version}", ippatsu_1="on", ura_1="2", aka_1="1", **more)


def test_the_hand_screen_asks_the_chips_and_the_record_keeps_them(
    keeper: Client, chips_game: Game
) -> None:
    page = keeper.get(url(chips_game)).content.decode()
    assert 'name="ippatsu_0"' in page
    assert 'name="ura_0"' in page
    preview = keeper.post(url(chips_game, "hands/preview/"), ron_with_chips(0)).content.decode()
    assert "Chips (祝儀): Baba +4, Chiba -4" in preview
    assert keeper.post(url(chips_game, "hands/"), ron_with_chips(0)).status_code in (200, 302)
    (win,) = chips_game.hands.get().data["result"]["wins"]
    assert (win["ippatsu"], win["ura"], win["aka"]) == (True, 2, 1)


def test_a_ruleset_without_chips_asks_none(keeper: Client, game: Game) -> None:
    page = keeper.get(url(game)).content.decode()
    assert 'name="ippatsu_0"' not in page
    response = keeper.get(url(game, "chips/"))
    assert "ruleset has no chips." in response.content.decode()
    assert keeper.post(url(game, "chips/"), {"version": 0, "key": "x"}).status_code == 422


def _finished(game: Game) -> Game:
    """Baba's ron with chips, then the game ended by the referee."""
    state = services.record_hand(
        game,
        {
            "riichi": [1],
            "result": {
                "type": "ron",
                "from": 2,
                "wins": [{"winner": 1, "han": 3, "fu": 30, "ippatsu": True, "ura": 2, "aka": 1}],
            },
        },
        version=game.version,
        key="h1",
    )
    services.end_game_early(game, reason="time", version=state.version, key="end")
    game.refresh_from_db()
    return game


def chips_of(game: Game) -> list[tuple[int, str]]:
    return [
        (r.chips, f"{r.chip_points:.1f}")
        for r in GameResult.objects.filter(game=game).order_by("seat")
    ]


def test_the_settlement_shows_the_chips_and_the_results_keep_them(
    keeper: Client, chips_game: Game
) -> None:
    game = _finished(chips_game)
    assert chips_of(game) == [(0, "0.0"), (4, "8.0"), (-4, "-8.0"), (0, "0.0")]
    page = keeper.get(url(game)).content.decode()
    assert "Chips (祝儀)" in page
    assert "Total with chips" in page
    # K-rule: Baba 25000 - 1000 (riichi) + 3900 + 1000 (the stick back) = 28900, top: -1.1
    # rounded 五捨六入 to -1, uma +30 and oka +10 = +39.0; with the 8.0 of the chips +47.0
    baba = GameResult.objects.get(game=game, seat=1)
    assert f"{baba.points:.1f}" == "39.0"
    assert "+47.0" in page


def test_chips_counted_at_the_end_replace_the_hands_and_come_back(
    keeper: Client, chips_game: Game
) -> None:
    game = _finished(chips_game)
    form = {"version": game.version, "key": "c1", "action": "save"}
    bad = {**form, "chips_0": "3", "chips_1": "-1", "chips_2": "0", "chips_3": "-1"}
    response = keeper.post(url(game, "chips/"), bad)
    assert response.status_code == 422
    assert "The chips add up to +1" in response.content.decode()
    assert chips_of(game)[1] == (4, "8.0")  # nothing changed
    good = {**form, "chips_0": "3", "chips_1": "-1", "chips_2": "0", "chips_3": "-2"}
    assert keeper.post(url(game, "chips/"), good).status_code == 302
    game.refresh_from_db()
    assert game.chips_final == [3, -1, 0, -2]
    assert chips_of(game) == [(3, "6.0"), (-1, "-2.0"), (0, "0.0"), (-2, "-4.0")]
    assert GameLog.objects.filter(game=game, action="chips_final").count() == 1
    back = {"version": game.version, "key": "c2", "action": "hands"}
    assert keeper.post(url(game, "chips/"), back).status_code == 302
    game.refresh_from_db()
    assert game.chips_final is None
    assert chips_of(game)[1] == (4, "8.0")


def test_a_member_cannot_enter_chips(club: Club, chips_game: Game) -> None:
    client = Client()
    client.force_login(make_member(club, "member", Role.MEMBER))
    form = {"version": 0, "key": "m", "chips_0": "1", "chips_1": "-1", "chips_2": "0"}
    assert client.post(url(chips_game, "chips/"), {**form, "chips_3": "0"}).status_code == 403
    chips_game.refresh_from_db()
    assert chips_game.chips_final is None


def test_going_back_to_the_hands_with_a_broken_version_is_refused_not_a_server_error(
    keeper: Client, chips_game: Game
) -> None:
    game = _finished(chips_game)
    good = {"version": game.version, "key": "c1", "action": "save"}
    good |= {"chips_0": "1", "chips_1": "-1", "chips_2": "0", "chips_3": "0"}
    assert keeper.post(url(game, "chips/"), good).status_code == 302
    broken = {"version": "abc", "key": "c2", "action": "hands"}
    assert keeper.post(url(game, "chips/"), broken).status_code == 422
    game.refresh_from_db()
    assert game.chips_final == [1, -1, 0, 0]

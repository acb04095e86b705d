"""和了時副露率: a win on the hand screen is open or closed, never "not recorded", and the wins
stored before this was so are repaired by migration 0006 (except Tenhou imports)."""

from __future__ import annotations

import importlib
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client

from scoring import services
from scoring.models import Game, GameLog, Hand, HandStat
from standings.players import hand_figures, player_stats
from tests.scoring.test_views import HTMX, ron_form, url

repair = importlib.import_module("scoring.migrations.0006_closed_wins_say_so")


def post_ron(client: Client, game: Game, version: int, **more: Any) -> None:
    response = client.post(url(game, "hands/"), ron_form(version, key=f"k{version}", **more),
                           headers=HTMX)  # fmt: skip
    assert response.status_code == 200, response.text


def test_an_unticked_open_box_stores_a_closed_win_and_it_counts_in_the_rate(
    client: Client, scorekeeper: User, game: Game
) -> None:
    """Baba wins three rons: the first and last closed (box unticked), the second open."""
    client.force_login(scorekeeper)
    post_ron(client, game, 0)
    post_ron(client, game, 1, open_1="on", riichi=[])
    post_ron(client, game, 2)
    wins = [hand.data["result"]["wins"][0]["open"] for hand in Hand.objects.order_by("number")]
    assert wins == [False, True, False]
    assert list(
        HandStat.objects.filter(won=True).order_by("hand_number").values_list("open", flat=True)
    ) == [False, True, False]

    services.end_game_early(Game.objects.get(pk=game.pk), reason="time", version=3, key="end")
    baba = game.seats.get(seat=1).player
    rate = next(f for f in hand_figures(player_stats(baba).hands) if f.key == "open_rate")
    assert (round(rate.value, 4), rate.n) == (0.3333, 3)  # 1 open of 3 wins: 33.3%, n = 3


def test_the_player_page_names_the_rate_by_what_it_counts(
    client: Client, scorekeeper: User, game: Game
) -> None:
    client.force_login(scorekeeper)
    post_ron(client, game, 0)
    services.end_game_early(Game.objects.get(pk=game.pk), reason="time", version=1, key="end")
    baba = game.seats.get(seat=1).player
    page = client.get(f"/c/{game.club.slug}/players/{baba.pk}/").content.decode()
    assert "<dt>和了時副露率</dt>" in page
    assert "天鳳などの副露率(すべての局で鳴いた割合)とは別の数字です。" in page
    client.cookies["django_language"] = "en"
    page = client.get(f"/c/{game.club.slug}/players/{baba.pk}/").content.decode()
    assert "<dt>Open-hand wins (和了時副露率)</dt>" in page


def test_the_repair_makes_old_unticked_wins_closed_but_leaves_tenhou_imports_unknown(
    game: Game, k_rule: Any
) -> None:
    ron = {
        "riichi": [],
        "result": {
            "type": "ron",
            "from": 2,
            "wins": [
                {"winner": 1, "han": 3, "fu": 30},
                {"winner": 3, "han": 2, "fu": 30, "open": True},
            ],
        },
    }
    tsumo = {"riichi": [], "result": {"type": "tsumo", "winner": 0, "han": 1, "fu": 30}}
    draw = {"riichi": [], "result": {"type": "draw", "tenpai": [0]}}
    for number, hand in enumerate((ron, tsumo, draw), 1):
        Hand.objects.create(game=game, number=number, data=hand)
    tenhou = services.start_game(
        game.club,
        ruleset_version=game.ruleset_version,
        players=["E", "F", "G", "H"],
        played_on=game.played_on,
    )
    GameLog.objects.filter(game=tenhou).update(action="imported", detail="Tenhou")
    Hand.objects.create(game=tenhou, number=1, data=tsumo)
    for stat_game, seat, opened in ((game, 1, None), (game, 3, True), (tenhou, 0, None)):
        HandStat.objects.create(game=stat_game, hand_number=1, seat=seat, won=True, open=opened,
                                player=stat_game.seats.get(seat=seat).player, delta=0,
                                score_after=25000)  # fmt: skip

    repair.closed_unless_open(apps, None)

    stored = [hand.data["result"] for hand in Hand.objects.filter(game=game).order_by("number")]
    assert [win.get("open") for win in stored[0]["wins"]] == [False, True]
    assert stored[1]["open"] is False
    assert "open" not in stored[2]
    assert "open" not in Hand.objects.get(game=tenhou).data["result"]
    assert list(HandStat.objects.order_by("game_id", "seat").values_list("open", flat=True)) == [
        False, True, None,
    ]  # fmt: skip

"""役の集計: how often each yaku was won, with its share of the wins that record their yaku and
their average value, on a player's page and on a league's yaku page."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.utils import translation

from clubs.models import Club, League, RulesetVersion
from scoring import services
from scoring.models import HandStat
from standings.yaku import YakuLine, yaku_table
from tests.standings.factories import ron, tsumo

# K-rule, 青木 deals first. A win's value is the hand's worth (和了点), honba left out.
GAME = [
    ron(1, 2, [1], han=2, fu=30, yaku=["riichi", "pinfu"]),  # E1 馬場, non-dealer: 2,000
    ron(1, 3, [1], han=1, fu=30, yaku=["riichi"]),  # E2 馬場 deals: 1,500
    tsumo(1, han=1, fu=30, yaku=["tanyao"]),  # E2-1 馬場 deals, 500 all: 1,500
    ron(2, 0, han=1, fu=30, yaku=["yakuhai"]),  # E2-2 千葉, non-dealer: 1,000
    ron(2, 0, han=2, fu=30),  # E3 千葉 deals: no yaku recorded
]


def test_each_yaku_has_its_count_share_and_average_value() -> None:
    with translation.override("en"):
        table = yaku_table([(["riichi", "pinfu"], 2000), (["riichi"], 1000), (["tanyao"], 1100)])
    assert table.recorded == 3
    assert table.lines == [
        YakuLine("riichi", "Riichi", 2, 2 / 3, 1500.0),
        YakuLine("tanyao", "Tanyao", 1, 1 / 3, 1100.0),  # equal counts: the screen's order
        YakuLine("pinfu", "Pinfu", 1, 1 / 3, 2000.0),
    ]
    assert yaku_table([]).lines == []


@pytest.fixture
def played(club: Club, version: RulesetVersion, league: League) -> None:
    club.is_public = True
    club.save()
    game = services.start_game(
        club, ruleset_version=version, players=["青木", "馬場", "千葉", "土井"],
        played_on=datetime.date(2026, 10, 10), league=league,
    )  # fmt: skip
    for number, hand in enumerate(GAME):
        services.record_hand(game, hand, version=number, key=f"y{number}")
    services.end_game_early(game, reason="time", version=len(GAME), key="end")


def rows(html: str) -> list[tuple[str, ...]]:
    table = html[html.index('<table class="stats yaku">') :]
    table = table[: table.index("</table>")]
    found = []
    for row in table.split("<tr>")[2:]:
        cells = [
            cell.split("<")[0].strip() for cell in row.split(">")[1:] if cell.split("<")[0].strip()
        ]
        found.append(tuple(cells))
    return found


def test_the_player_page_shows_the_players_yaku(club: Club, played: None) -> None:
    baba = club.players.get(name="馬場")
    page = Client().get(f"/c/{club.slug}/players/{baba.pk}/").content.decode()
    assert "役の記録がある和了3回について" in page
    assert rows(page) == [
        ("立直", "2", "66.7%", "1,750"),
        ("断么九", "1", "33.3%", "1,500"),
        ("平和", "1", "33.3%", "2,000"),
    ]


def test_the_league_yaku_page_counts_every_players_wins(
    club: Club, league: League, played: None
) -> None:
    page = Client().get(f"/c/{club.slug}/leagues/{league.pk}/yaku/").content.decode()
    assert "役の記録がある和了4回について" in page
    assert rows(page)[0] == ("立直", "2", "50.0%", "1,750")
    assert ("役牌", "1", "25.0%", "1,000") in rows(page)
    standings = Client().get(f"/c/{club.slug}/leagues/{league.pk}/").content.decode()
    assert f'href="/c/{club.slug}/leagues/{league.pk}/yaku/">役の集計</a>' in standings


def test_wins_recorded_before_get_their_yaku_from_their_hands(club: Club, played: None) -> None:
    HandStat.objects.update(yaku=[])
    migration = importlib.import_module("scoring.migrations.0008_handstat_yaku")
    migration.yaku_of_wins(apps, None)
    won = HandStat.objects.filter(won=True).order_by("hand_number")
    assert [row.yaku for row in won] == [
        ["riichi", "pinfu"],
        ["riichi"],
        ["tanyao"],
        ["yakuhai"],
        [],
    ]

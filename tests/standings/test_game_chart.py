"""A game's score chart names each hand as clubs do (東1局, 東1局1本場), in the reader's language,
on the game page's SVG and in the score sheet that prints it."""

from __future__ import annotations

import datetime
import re

from django.test import Client
from django.utils import translation

from clubs.models import Club, RulesetVersion
from scoring import services
from scoring.models import Game
from standings.games import score_chart_svg
from tests.standings.factories import ron


def a_game(club: Club, version: RulesetVersion) -> Game:
    """東1局 the dealer (青木) wins, 東1局1本場 馬場 wins, then 東2局."""
    game = services.start_game(
        club, ruleset_version=version, players=["青木", "馬場", "千葉", "土井"],
        played_on=datetime.date(2026, 10, 1),
    )  # fmt: skip
    for number, hand in enumerate([ron(0, 2, han=3, fu=30), ron(1, 2, han=1, fu=30)]):
        services.record_hand(game, hand, version=number, key=f"k{number}")
    return game


def ticks(svg: str) -> list[str]:
    group = svg[svg.index('class="chart-x-ticks"') :]
    return re.findall(r"<text[^>]*>([^<]+)</text>", group[: group.index("</g>")])


def test_the_chart_names_hands_as_clubs_do_in_japanese_and_in_english(
    club: Club, version: RulesetVersion, players: object
) -> None:
    game = a_game(club, version)
    state = services.game_state(services.games().get(pk=game.pk))
    with translation.override("ja"):
        svg = score_chart_svg(state)
        assert ticks(svg) == ["開始", "東1局", "東1局1本場"]
        assert ">局</text>" in svg
        assert "25,000" in svg
    with translation.override("en"):
        assert ticks(score_chart_svg(state)) == ["Start", "East 1", "East 1, 1 honba"]


def test_the_game_pages_chart_follows_the_readers_language(
    club: Club, version: RulesetVersion, players: object
) -> None:
    club.is_public = True
    club.save()
    game = a_game(club, version)
    client = Client()
    client.cookies["django_language"] = "en"
    svg = client.get(f"/c/{club.slug}/games/{game.pk}/chart.svg").content.decode()
    assert ticks(svg) == ["Start", "East 1", "East 1, 1 honba"]

"""The hall screen, and one word for a table's state on every page that says it.

A round of four tables, one in each state: table 1 published but nothing recorded (not
started, though its game exists), table 2 one hand in (playing, 東2局), table 3 its final
scores entered (finished), table 4 one hand in and a referee called. The round's page, its
clock, the hall screen and the club home count them alike (the club home lists the games in
progress, so the finished table is in its latest results instead).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import Club
from scoring import services as scoring
from tests.tournaments.conftest import DAY, finish, make_tournament
from tournaments import services
from tournaments.models import Round, RoundStatus, SeatingMethod, Tournament

RON = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}
COUNT = re.compile(r'<span class="count status-(\w+)">([^<]*)<b>(\d+)</b></span>')


def play_hand(round_: Round, number: int, key: str) -> None:
    game = round_.tables.get(number=number).game
    scoring.record_hand(game, RON, version=game.version, key=key)


@pytest.fixture
def round_of_every_state(club: Club) -> tuple[Tournament, Round]:
    tournament = make_tournament(club, players=16, rounds=2)
    (round_,) = services.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    services.publish_round(round_, played_on=DAY)
    services.start_clock(round_)
    play_hand(round_, 2, "t2")
    finish(round_.tables.get(number=3).game)
    play_hand(round_, 4, "t4")
    services.call_referee(round_.tables.get(number=4), True)
    return tournament, round_


def counts(page: str) -> dict[str, tuple[str, int]]:
    return {state: (name.strip(), int(n)) for state, name, n in COUNT.findall(page)}


def test_the_round_its_clock_the_hall_and_the_club_home_count_the_tables_alike(
    round_of_every_state: tuple[Tournament, Round],
) -> None:
    tournament, _round = round_of_every_state
    base = f"/c/taikai/tournaments/{tournament.pk}/rounds/1/"
    every = {
        "not_started": ("未開始", 1),
        "playing": ("対局中", 1),
        "finished": ("終局", 1),
        "referee": ("審判呼び出し", 1),
    }
    for path in ("", "clock/", "hall/"):
        assert counts(Client().get(base + path).content.decode()) == every, path
    home = Client().get("/c/taikai/").content.decode()
    live = home[home.index("home-live") : home.index("home-latest")]
    assert counts(live) == {key: every[key] for key in ("not_started", "playing", "referee")}
    assert re.findall(r'class="live-table state-(\w+)"', live) == [
        "playing",
        "referee",
        "not_started",
    ]
    assert "1回戦 3卓" in home[home.index("home-latest") :]  # finished: with the results


def test_the_hall_shows_each_tables_hand_and_scores_with_no_site_header(
    round_of_every_state: tuple[Tournament, Round],
) -> None:
    tournament, round_ = round_of_every_state
    page = Client().get(f"/c/taikai/tournaments/{tournament.pk}/rounds/1/hall/").content.decode()
    assert "site-header" not in page
    assert f'href="/c/taikai/tournaments/{tournament.pk}/rounds/1/"' in page  # the way out
    tiles = dict(re.findall(r'data-table="(\d)">(.*?)</li>\s*</ul>', page, re.S))
    scores = [re.findall(r'class="score">([\d,]+)<', tiles[n]) for n in "1234"]
    # Not started: names only. West dealt in 7,700 to South, not the dealer: the deal passes.
    assert scores == [
        [],
        ["25,000", "32,700", "17,300", "25,000"],
        ["45,000", "30,000", "15,000", "10,000"],
        ["25,000", "32,700", "17,300", "25,000"],
    ]
    hands = {n: re.findall(r'class="hall-where">([^<]*)<', tiles[n]) for n in "1234"}
    assert hands == {"1": [], "2": ["東2局 0本場"], "3": [], "4": []}  # the playing table's
    east = round_.tables.get(number=1).seats.get(seat=0).entry.player.name
    assert east in tiles["1"]
    english = Client(headers={"Cookie": "django_language=en"}).get(
        f"/c/taikai/tournaments/{tournament.pk}/rounds/1/hall/"
    )
    assert "East 2 0 honba" in english.content.decode()  # each reader's language, not cached
    # The board alone, for htmx polling every 5 s; it keeps polling itself.
    part = Client().get(
        f"/c/taikai/tournaments/{tournament.pk}/rounds/1/hall/", headers={"HX-Request": "true"}
    )
    text = part.content.decode()
    assert text.lstrip().startswith('<main id="hall-board"')
    assert 'hx-trigger="every 5s"' in text
    assert "<html" not in text
    assert counts(text) == counts(page)


def test_the_hall_moves_on_to_the_next_round_and_its_address_finds_the_current_one(
    club: Club,
) -> None:
    tournament = make_tournament(club, players=16, rounds=2)
    first, second = services.draw_rounds(tournament, [1, 2], SeatingMethod.RANDOM)
    base = f"/c/taikai/tournaments/{tournament.pk}/"
    assert Client().get(base + "hall/")["Location"] == base  # nothing published yet
    services.publish_round(first, played_on=DAY)
    assert Client().get(base + "hall/")["Location"] == base + "rounds/1/hall/"
    for table in first.tables.all():
        finish(table.game)
    services.close_round(first)
    polled = Client().get(base + "rounds/1/hall/", headers={"HX-Request": "true"})
    assert polled.status_code == 200  # closed, and no later round yet: it stays
    services.publish_round(second, played_on=DAY)
    polled = Client().get(base + "rounds/1/hall/", headers={"HX-Request": "true"})
    assert polled["HX-Redirect"] == base + "rounds/2/hall/"
    assert Client().get(base + "rounds/1/hall/").status_code == 200  # a reader's own choice
    assert Client().get(base + "hall/")["Location"] == base + "rounds/2/hall/"
    assert Round.objects.get(pk=first.pk).status == RoundStatus.CLOSED


def test_the_hall_asks_the_database_as_often_for_four_tables_as_for_two(club: Club) -> None:
    def queries(players: int, name: str) -> int:
        tournament = make_tournament(club, players=players, rounds=1, name=name)
        (round_,) = services.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
        services.publish_round(round_, played_on=DAY)
        finish(round_.tables.get(number=1).game)
        for table in round_.tables.exclude(number=1):
            play_hand(round_, table.number, f"{name}-{table.number}")
        client = Client()
        url = f"/c/taikai/tournaments/{tournament.pk}/rounds/1/hall/"
        client.get(url, headers={"HX-Request": "true"})
        with CaptureQueriesContext(connection) as done:
            client.get(url, headers={"HX-Request": "true"})
        return len(done)

    two, four = queries(8, "二卓"), queries(16, "四卓")
    assert two == four <= 10, (two, four)

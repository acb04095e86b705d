"""A player's page: every figure worked out on paper from the hands, per league and overall.

K-rule (Kルール): 25000 start, 30000 return, uma 20-10, oka +20 to the top, the difference to
30000 rounded to thousands by 五捨六入 (…500 down, …600 up), tobi below 0 with a 5p bonus from
the busted player to the winner, chombo 3000 to each. Games are ended early by the referee
(``forced_end``) after their hands unless the hands end them. Players (seat order per game):

League 春季リーグ (from 2026-04-01), seat 0 deals first:

G1 04-01 table A: Aoki, Baba, Chiba, Doi
    H1 E1   Aoki riichi, ron from Baba, 3 han 30 fu dealer = 5800 (closed, recorded)
            Aoki 25000 - 1000 + 1000 + 5800 = 30800, Baba 19200
    H2 E1-1 Chiba tsumo 2 han 30 fu = 500/1000 = 2000, +300 honba (open, recorded)
            Aoki 29700, Baba 18600, Chiba 27300, Doi 24400
    H3 E2   draw, tenpai Aoki and Chiba: 1500 each from Baba and Doi
            Aoki 31200, Baba 17100, Chiba 28800, Doi 22900
    H4 E3-1 chombo by Doi: 3000 to each (void: no hand played)
            Aoki 34200, Baba 20100, Chiba 31800, Doi 13900
    Final: Aoki 1st +4 +20 +20 = +44, Chiba 2nd +2 (1800 up) +10 = +12,
           Baba 3rd -10 (9900 up) -10 = -20, Doi 4th -16 (16100 down) -20 = -36
G2 04-08 table B: Baba, Aoki, Endo, Chiba
    H1 E1   Endo ron from Aoki, 5 han mangan = 8000 (open not recorded)
    H2 E2   Aoki (dealer) riichi, tsumo 2 han 30 fu = 1000 all = 3000 (open not recorded)
            Aoki 25000 - 8000 - 1000 + 3000 + 1000 = 20000, Baba 24000, Endo 32000, Chiba 24000
    H3 E2-1 draw, nobody tenpai
    Final: Endo 1st +2 +20 +20 = +42; Baba and Chiba tie on 24000, the seat nearer the first
           dealer first: Baba 2nd -6 +10 = +4, Chiba 3rd -6 -10 = -16; Aoki 4th -10 -20 = -30
G3 04-15 table A: Aoki, Baba, Chiba, Doi
    H1 E1   Aoki riichi, Doi ron from Aoki, 6 han haneman = 12000 (open, recorded)
            Aoki 25000 - 1000 - 12000 = 12000, Doi 38000
    H2 E2   Doi ron from Aoki, 8 han baiman = 16000 (open): Aoki -4000, busted: the game ends
    Final: Doi 1st +24 +20 +20 +5 (tobi bonus) = +69, Baba 2nd -5 +10 = +5,
           Chiba 3rd -5 -10 = -15, Aoki 4th -34 -20 -5 = -59

Not in the league's page, each with Aoki winning:
G4 04-20 in the league 秋季リーグ: Aoki, Baba, Chiba, Doi; H1 Aoki (dealer) ron from Baba,
    5 han = 12000 (open, recorded): Aoki 37000 1st +7 +20 +20 = +47, Chiba 2nd -5 +10 = +5,
    Doi 3rd -5 -10 = -15, Baba 4th 13000: -17 -20 = -37
G7 03-25 in the league but before it starts: as G4 without "open": Aoki +47 (and the same
    for the others)
G5 voided (as G4), G6 unfinished (Aoki's ron, the game still in progress): never counted
    anywhere, although their hands are stored.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club, League, Player, Role, RulesetVersion
from scoring import services
from scoring.models import Game, HandStat
from standings.players import Figure, hand_figures, player_stats, result_figures, wilson
from standings.templatetags.standings_tags import points
from tests.clubs.factories import make_club, make_member, make_ruleset

DAY = datetime.date
NAMES = ("Aoki", "Baba", "Chiba", "Doi", "Endo")


# --- games built from their hands ---------------------------------------------------------------


def ron(winner: int, discarder: int, riichi: Sequence[int] = (), **value: Any) -> dict:
    win = {"winner": winner, **value}
    return {"riichi": list(riichi), "result": {"type": "ron", "from": discarder, "wins": [win]}}


def tsumo(winner: int, riichi: Sequence[int] = (), **value: Any) -> dict:
    return {"riichi": list(riichi), "result": {"type": "tsumo", "winner": winner, **value}}


def draw(*tenpai: int) -> dict:
    return {"result": {"type": "draw", "tenpai": list(tenpai)}}


def chombo(seat: int) -> dict:
    return {"result": {"type": "chombo", "seat": seat}}


G1 = [
    ron(0, 1, [0], han=3, fu=30, open=False),
    tsumo(2, han=2, fu=30, open=True),
    draw(0, 2),
    chombo(3),
]
G2 = [ron(2, 1, han=5), tsumo(1, [1], han=2, fu=30), draw()]
G3 = [ron(3, 0, [0], han=6, open=True), ron(3, 0, han=8, open=True)]
G4 = [ron(0, 1, han=5, open=True)]
G7 = [ron(0, 1, han=5)]
G6 = [ron(0, 2, han=5)]


def play(
    version: RulesetVersion,
    names: Sequence[str],
    hands: list[dict],
    *,
    day: datetime.date,
    league: League | None,
    table: str = "A",
    end: bool = True,
) -> Game:
    """A game stored from its hands; ended early by the referee unless its hands end it."""
    club = version.ruleset.club
    document = {"format": "tenbou-game/1", "ruleset": version.options, "players": list(names)}
    game = services.import_record(
        club,
        {**document, "hands": hands},
        ruleset_version=version,
        played_on=day,
        table_label=table,
        league=league,
    )
    if end and game.status != "finished":
        services.end_game_early(game, reason="time", version=game.version, key=f"end-{game.pk}")
    return Game.objects.get(pk=game.pk)


@dataclass
class World:
    club: Club
    league: League
    other_league: League
    players: dict[str, Player]
    version: RulesetVersion


def build_world(slug: str = "kamome", *, public: bool = False) -> World:
    club = make_club(slug, public=public)
    ruleset = make_ruleset(club, "k_rule", "Kルール")
    version = ruleset.current_version()
    assert version is not None
    league = League.objects.create(club=club, name="春季リーグ", starts_on=DAY(2026, 4, 1))
    other = League.objects.create(club=club, name="秋季リーグ")
    abcd = NAMES[:4]
    play(version, abcd, G1, day=DAY(2026, 4, 1), league=league)
    play(
        version,
        ("Baba", "Aoki", "Endo", "Chiba"),
        G2,
        day=DAY(2026, 4, 8),
        league=league,
        table="B",
    )
    play(version, abcd, G3, day=DAY(2026, 4, 15), league=league)
    play(version, abcd, G4, day=DAY(2026, 4, 20), league=other)
    voided = play(version, abcd, G4, day=DAY(2026, 4, 22), league=league)
    services.void_game(voided, reason="wrong table", version=voided.version, key="void")
    play(version, abcd, G6, day=DAY(2026, 4, 23), league=league, end=False)
    play(version, abcd, G7, day=DAY(2026, 3, 25), league=league)
    players = {player.name: player for player in Player.objects.filter(club=club)}
    return World(club, league, other, players, version)


@pytest.fixture
def world(db: None) -> World:
    return build_world()


def figures(world: World, name: str, league: League | None) -> dict[str, Figure]:
    stats = player_stats(world.players[name], league)
    return {f.key: f for f in result_figures(stats.results) + hand_figures(stats.hands)}


def value(figure: Figure) -> Any:
    """A figure's value, with its sample and interval rounded as the page shows them."""
    low_high = figure.interval and tuple(round(bound, 4) for bound in figure.interval)
    number = round(figure.value, 4) if isinstance(figure.value, float) else figure.value
    return number, figure.n, low_high


# --- the Wilson score interval ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (25, 100, 0.1754, 0.3430),  # the textbook example
        (0, 10, 0.0, 0.2775),  # z²/(n+z²) = 3.8416/13.8416
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (1, 2, 0.0945, 0.9055),
        (8, 30, 0.1418, 0.4444),  # a 26.7% top rate over 30 games: 21% is well inside
    ],
)
def test_wilson_interval_matches_known_values(
    successes: int, n: int, low: float, high: float
) -> None:
    """To 4 decimals (0.17545 is written 0.1754 in the tables)."""
    assert wilson(successes, n) == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_wilson_interval_of_no_sample_says_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_narrows_with_a_larger_z_never_outside_zero_one() -> None:
    assert wilson(3, 3, z=3.0)[1] == 1.0
    assert wilson(0, 3, z=3.0)[0] == 0.0
    assert wilson(25, 100, z=1.0)[0] > wilson(25, 100)[0]


# --- the league page's figures ------------------------------------------------------------------

# Wilson bounds below, from centre = (p + z²/2n)/(1 + z²/n) and
# half = z·√(p(1−p)/n + z²/4n²)/(1 + z²/n), z = 1.96, z² = 3.8416:
#   1/3: centre (0.3333 + 0.6403)/2.2805 = 0.4269, half 1.96·√(0.0741 + 0.1067)/2.2805 = 0.3654
#   2/8: centre (0.25 + 0.2401)/1.4802 = 0.3311, half 1.96·√(0.0234 + 0.0150)/1.4802 = 0.2596
#   3/8: centre (0.375 + 0.2401)/1.4802 = 0.4156, half 1.96·√(0.0293 + 0.0150)/1.4802 = 0.2787
#   1/2: centre 0.5, half 1.96·√(0.125 + 0.2401)/2.9208 = 0.4055
#   0/1: (0, z²/(1 + z²)) = (0, 0.7935)
ONE_OF_THREE = (0.0615, 0.7923)
TWO_OF_THREE = (0.2077, 0.9385)
TWO_OF_EIGHT = (0.0715, 0.5907)
THREE_OF_EIGHT = (0.1368, 0.6943)
ONE_OF_TWO = (0.0945, 0.9055)


def test_league_results_count_the_three_league_games_only(world: World) -> None:
    """G1, G2, G3: Aoki 1st +44, 4th -30, 4th -59 (busted), final 34200, 20000, -4000."""
    got = figures(world, "Aoki", world.league)
    assert value(got["games"]) == (3, None, None)
    assert value(got["total"]) == (Decimal("-45.0"), None, None)  # 44 - 30 - 59
    assert value(got["average_points"]) == (-15.0, 3, None)
    assert value(got["average_rank"]) == (3.0, 3, None)  # (1 + 4 + 4) / 3
    assert value(got["places"]) == ([1, 0, 0, 2], None, None)
    assert value(got["top_rate"]) == (0.3333, 3, ONE_OF_THREE)
    assert value(got["rentai_rate"]) == (0.3333, 3, ONE_OF_THREE)
    assert value(got["last_avoidance_rate"]) == (0.3333, 3, ONE_OF_THREE)
    assert value(got["average_score"]) == (16733.3333, 3, None)  # 50200 / 3
    assert value(got["tobi_rate"]) == (0.3333, 3, ONE_OF_THREE)  # G3
    assert value(got["penalties"]) == (0, None, None)
    assert "best_total" not in got


def test_league_hand_statistics_leave_out_chombo_and_other_games(world: World) -> None:
    """Aoki's hands: G1 H1-H3 (H4 the chombo is void), G2 H1-H3, G3 H1-H2 = 8 hands."""
    aoki = world.players["Aoki"]
    # Stored, and left out: the wins of G4 (other league), G5 (voided), G6 (unfinished), G7.
    assert HandStat.objects.filter(player=aoki, won=True).count() == 2 + 4
    got = figures(world, "Aoki", world.league)
    assert value(got["hands"]) == (8, None, None)
    assert value(got["win_rate"]) == (0.25, 8, TWO_OF_EIGHT)  # G1 H1 ron, G2 H2 tsumo
    assert value(got["deal_in_rate"]) == (0.375, 8, THREE_OF_EIGHT)  # G2 H1, G3 H1, G3 H2
    assert value(got["riichi_rate"]) == (0.375, 8, THREE_OF_EIGHT)  # G1 H1, G2 H2, G3 H1
    assert value(got["tsumo_rate"]) == (0.5, 2, ONE_OF_TWO)  # G2 H2 of the 2 wins
    assert value(got["average_win"]) == (4400.0, 2, None)  # (5800 + 3000) / 2
    assert value(got["average_deal_in"]) == (12000.0, 3, None)  # (8000 + 12000 + 16000) / 3
    assert value(got["tenpai_rate"]) == (0.5, 2, ONE_OF_TWO)  # G1 H3 tenpai, G2 H3 noten
    assert value(got["open_rate"]) == (0.0, 1, (0.0, 0.7935))  # G1 H1 closed; G2 H2 unknown


def test_penalties_count_the_chombo_whose_hand_is_not_played(world: World) -> None:
    """Doi: G1 (chombo in H4) and G3; hands G1 H1-H3 and G3 H1-H2 = 5; wins G3 H1, H2."""
    got = figures(world, "Doi", world.league)
    assert value(got["penalties"]) == (1, None, None)
    assert value(got["hands"]) == (5, None, None)
    assert value(got["win_rate"]) == (0.4, 5, (0.1176, 0.7693))
    assert value(got["average_win"]) == (14000.0, 2, None)  # (12000 + 16000) / 2
    assert value(got["open_rate"]) == (1.0, 2, (0.3424, 1.0))  # both recorded open
    assert value(got["total"]) == (Decimal("33.0"), None, None)  # -36 + 69


def test_overall_counts_every_finished_game_of_the_club(world: World) -> None:
    """G1, G2, G3, G4 (other league) and G7 (before the league): ranks 1, 4, 4, 1, 1."""
    got = figures(world, "Aoki", None)
    assert value(got["games"]) == (5, None, None)
    assert value(got["total"]) == (Decimal("49.0"), None, None)  # -45 + 47 + 47
    assert value(got["average_points"]) == (9.8, 5, None)
    assert value(got["average_rank"]) == (2.2, 5, None)  # 11 / 5
    assert value(got["places"]) == ([3, 0, 0, 2], None, None)
    assert value(got["top_rate"]) == (0.6, 5, (0.2307, 0.8824))
    assert value(got["last_avoidance_rate"]) == (0.6, 5, (0.2307, 0.8824))
    assert value(got["average_score"]) == (24840.0, 5, None)  # (50200 + 37000 + 37000) / 5
    assert value(got["tobi_rate"]) == (0.2, 5, (0.0362, 0.6245))
    # 10 hands, 4 wins (+ G4 and G7's dealer mangan, 12000 each), open: G1 no, G4 yes, G7 unknown
    assert value(got["hands"]) == (10, None, None)
    assert value(got["win_rate"]) == (0.4, 10, (0.1682, 0.6873))
    assert value(got["average_win"]) == (8200.0, 4, None)  # (5800 + 3000 + 12000 + 12000) / 4
    assert value(got["tsumo_rate"]) == (0.25, 4, (0.0456, 0.6994))
    assert value(got["open_rate"]) == (0.5, 2, ONE_OF_TWO)


def test_points_chart_and_recent_games_follow_the_order_played(world: World) -> None:
    results = player_stats(world.players["Aoki"], world.league).results
    assert results.cumulative == [44.0, 14.0, -45.0]  # +44, -30, -59
    assert [line.played_on.isoformat() for line in results.lines] == [
        "2026-04-01",
        "2026-04-08",
        "2026-04-15",
    ]
    recent = [
        (line.rank, line.points, line.final_score, line.table_label) for line in results.recent
    ]
    assert recent == [
        (4, Decimal("-59.0"), -4000, "A"),
        (4, Decimal("-30.0"), 20000, "B"),
        (1, Decimal("44.0"), 34200, "A"),
    ]


def test_head_to_head_in_the_league(world: World) -> None:
    """Aoki's -15.0 average and 3.00 rank in the 3 games with Baba and with Chiba.

    Baba: -20, +4, +5 (ranks 3, 2, 2); Chiba: +12, -16, -15 (2, 3, 3); Doi G1, G3: Aoki +44,
    -59 (1, 4), Doi -36, +69 (4, 1); Endo G2 only: Aoki -30 (4), Endo +42 (1).
    """
    rows = player_stats(world.players["Aoki"], world.league).opponents
    got = [
        (
            row.name,
            row.games,
            round(row.average_points, 2),
            round(row.average_rank, 2),
            round(row.their_average_points, 2),
            round(row.their_average_rank, 2),
        )
        for row in rows
    ]
    assert got == [
        ("Baba", 3, -15.0, 3.0, -3.67, 2.33),
        ("Chiba", 3, -15.0, 3.0, -6.33, 2.67),
        ("Doi", 2, -7.5, 2.5, 16.5, 2.5),
        ("Endo", 1, -30.0, 4.0, 42.0, 1.0),
    ]


def test_head_to_head_overall(world: World) -> None:
    """G4 and G7 add Aoki +47 (1st) against Baba -37 (4th), Chiba +5 (2nd), Doi -15 (3rd)."""
    rows = player_stats(world.players["Aoki"], None).opponents
    got = [(r.name, r.games, r.average_points, r.their_average_points) for r in rows]
    assert got == [
        ("Baba", 5, 9.8, -17.0),  # Aoki 49 / 5; Baba -20 + 4 + 5 - 37 - 37 = -85
        ("Chiba", 5, 9.8, -1.8),  # Chiba 12 - 16 - 15 + 5 + 5 = -9
        ("Doi", 4, 19.75, 0.75),  # Aoki 44 - 59 + 47 + 47 = 79; Doi -36 + 69 - 15 - 15 = 3
        ("Endo", 1, -30.0, 42.0),
    ]


def test_a_league_cap_counts_each_game_within_it(world: World) -> None:
    """Cap 50: Doi's +69 counts +50, Aoki's -59 counts -50, as in the standings."""
    world.league.points_cap = Decimal("50.0")
    world.league.save()
    stats = player_stats(world.players["Aoki"], world.league)
    assert stats.results.total == Decimal("-36.0")  # 44 - 30 - 50
    doi = next(row for row in stats.opponents if row.name == "Doi")
    assert (doi.points, doi.their_points) == (Decimal("-6.0"), Decimal("14.0"))  # 44-50, -36+50


def test_a_best_n_league_shows_the_total_it_ranks_by(world: World) -> None:
    world.league.counting, world.league.best_games = "best", 2
    world.league.save()
    got = figures(world, "Aoki", world.league)
    assert got["best_total"].value == Decimal("14.0")  # the best two: +44 and -30
    assert got["total"].value == Decimal("-45.0")


def test_no_open_figure_when_no_win_records_it(world: World) -> None:
    """Endo's only win (G2 H1) does not say whether it was open."""
    got = figures(world, "Endo", world.league)
    assert value(got["win_rate"]) == (0.3333, 3, ONE_OF_THREE)  # G2 H1 of G2's three hands
    assert "open_rate" not in got


# --- sanma ---------------------------------------------------------------------------------------


def test_sanma_has_three_places_and_third_is_last(db: None) -> None:
    """幻想麻雀 sanma: 35000 start, 40000 return, uma 10-0-10, oka 15000 to the top, no rounding.

    H1: Baba ron from Chiba, 5 han mangan = 8000; ended early. Baba 43000 1st +3 +10 +15 = +28,
    Aoki 35000 2nd -5 = -5, Chiba 27000 3rd -13 -10 = -23.
    """
    club = make_club("tsugumi")
    version = make_ruleset(club, "gensou_sanma", "三麻").current_version()
    assert version is not None
    play(version, NAMES[:3], [ron(1, 2, han=5)], day=DAY(2026, 5, 1), league=None)
    people = {p.name: p for p in Player.objects.filter(club=club)}
    chiba = player_stats(people["Chiba"]).results
    assert (chiba.table_size, chiba.places, chiba.total) == (3, [0, 0, 1], Decimal("-23.0"))
    assert chiba.last_avoidance_rate.hits == 0
    aoki = player_stats(people["Aoki"]).results
    assert (aoki.places, aoki.last_avoidance_rate.hits, aoki.total) == (
        [0, 1, 0],
        1,
        Decimal("-5.0"),
    )


# --- the page ------------------------------------------------------------------------------------


def url(world: World, name: str = "Aoki", query: str = "") -> str:
    path = reverse("standings:player", args=[world.club.slug, world.players[name].pk])
    return f"{path}?{query}" if query else path


def member_client(club: Club, role: str = Role.MEMBER, name: str = "menba") -> Client:
    client = Client()
    client.force_login(make_member(club, name, role))
    return client


def figure_html(content: str, key: str) -> str:
    found = re.search(rf'id="stat-{key}">(.*?)</div>', content, re.S)
    assert found, key
    return re.sub(r"\s+", " ", found.group(1))


def test_a_member_sees_the_league_page_with_every_figure(world: World) -> None:
    page = member_client(world.club).get(url(world, query=f"league={world.league.pk}"))
    assert page.status_code == 200
    content = page.content.decode()
    assert points(-45) in figure_html(content, "total")
    win = figure_html(content, "win_rate")
    assert "25.0%" in win
    assert "n = 8" in win
    assert "7.1%" in win
    assert "59.1%" in win
    assert "<details>" in win  # the definition one tap away
    assert '<figure class="chart">' in content
    assert "<svg" in content
    assert content.count("<svg") == 3  # points, places, rating
    switch = re.search(r'<nav class="pill-nav".*?</nav>', content, re.S)
    assert switch
    current = re.search(r'<a [^>]*aria-current="page"[^>]*>([^<]*)</a>', switch.group(0))
    assert current
    assert current.group(1) == "春季リーグ"
    for line in player_stats(world.players["Aoki"], world.league).results.lines:
        assert reverse("games:game", args=[world.club.slug, line.game_id]) in content
    assert "Rename, link or merge" not in content
    assert reverse("clubs:player", args=[world.club.slug, world.players["Aoki"].pk]) not in content


def test_a_scorekeeper_gets_the_link_to_manage_the_player(world: World) -> None:
    client = member_client(world.club, Role.SCOREKEEPER, "kiroku")
    page = client.get(url(world))
    manage = reverse("clubs:player", args=[world.club.slug, world.players["Aoki"].pk])
    assert page.status_code == 200
    assert manage in page.content.decode()


def test_the_overall_page_is_the_default(world: World) -> None:
    content = member_client(world.club).get(url(world)).content.decode()
    assert points(49) in figure_html(content, "total")
    assert 'role="alert"' not in content


def test_a_visitor_reads_a_public_club_and_is_sent_to_log_in_for_a_private_one(
    world: World,
) -> None:
    assert Client().get(url(world)).status_code == 302
    world.club.is_public = True
    world.club.save()
    assert Client().get(url(world)).status_code == 200


def test_another_clubs_player_is_not_found(world: World) -> None:
    stranger = Player.objects.create(club=make_club("hibari"), name="Aoki")
    path = reverse("standings:player", args=[world.club.slug, stranger.pk])
    client = member_client(world.club)
    assert client.get(path).status_code == 404
    assert (
        client.get(url(world).replace(str(world.players["Aoki"].pk), "999999")).status_code == 404
    )


@pytest.mark.parametrize(
    "asked", ["abc", "999999", "-1", "1.5", "<b>x</b>", "99999999999999999999"]
)
def test_a_league_that_is_not_the_clubs_gives_the_overall_page_and_names_the_value(
    world: World, asked: str
) -> None:
    page = member_client(world.club).get(url(world), {"league": asked})
    assert page.status_code == 200
    content = page.content.decode()
    notice = re.search(r'<p class="notice error" role="alert">(.*?)</p>', content, re.S)
    assert notice
    assert asked.replace("<", "&lt;").replace(">", "&gt;") in notice.group(1)
    assert "<b>x</b>" not in content
    assert points(49) in figure_html(content, "total")  # overall


def test_another_clubs_league_is_refused_like_an_unknown_one(world: World) -> None:
    elsewhere = League.objects.create(club=make_club("hibari"), name="他会リーグ")
    page = member_client(world.club).get(url(world), {"league": str(elsewhere.pk)})
    assert 'role="alert"' in page.content.decode()
    assert "他会リーグ" not in page.content.decode()


def test_a_player_without_games_gets_a_page_without_figures(world: World) -> None:
    newcomer = Player.objects.create(club=world.club, name="Fujii")
    path = reverse("standings:player", args=[world.club.slug, newcomer.pk])
    page = member_client(world.club).get(path, {"league": world.league.pk})
    assert page.status_code == 200
    assert 'class="empty"' in page.content.decode()
    assert "<svg" not in page.content.decode()


def test_the_page_answers_get_and_head_only(world: World) -> None:
    assert member_client(world.club).post(url(world)).status_code == 405


# --- queries -------------------------------------------------------------------------------------


def queries_for(client: Client, path: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


def test_the_number_of_queries_does_not_grow_with_games_hands_or_players(db: None) -> None:
    club = make_club("umineko", public=True)
    version = make_ruleset(club, "k_rule").current_version()
    assert version is not None
    league = League.objects.create(club=club, name="L")
    play(version, NAMES[:4], G1, day=DAY(2026, 4, 1), league=league)
    aoki = Player.objects.get(club=club, name="Aoki")
    path = reverse("standings:player", args=[club.slug, aoki.pk]) + f"?league={league.pk}"
    client = member_client(club)
    one_game = queries_for(client, path)
    seatings = [NAMES[:4], ("Aoki", "Endo", "Fujii", "Goto"), ("Aoki", *NAMES[2:]), NAMES[:4]]
    for number, names in enumerate(seatings, 1):  # 5 games, more hands and opponents
        play(version, names, G3, day=DAY(2026, 4, 1 + number), league=league)
    League.objects.create(club=club, name="L2")
    assert queries_for(client, path) == one_game
    # session, user, membership + club, player, leagues, results, hands, head-to-head (8 before
    # the cache's stamp and the ratings), then one more for the games rated in order
    assert one_game <= 9

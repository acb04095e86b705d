"""The standings page, the club home, the league settings and the game list, as pages.

The numbers come from the fixture league of ``conftest.py`` (worked out there by hand).
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Counting, League, Player, RulesetVersion
from scoring import services
from scoring.models import Game, GameLog
from tests.standings.factories import make_league


@pytest.fixture
def public(club: Club) -> Club:
    club.is_public = True
    club.save(update_fields=["is_public"])
    return club


def english() -> Client:
    """A visitor who chose English (else a club's pages speak the club's own language)."""
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def names_in_order(html: str) -> list[str]:
    return re.findall(r'<th scope="row" class="text"><a [^>]*>([^<]+)</a>', html)


def test_the_standings_page_shows_the_table_and_the_qualification_line(
    league: League, public: Club
) -> None:
    page = Client().get(f"/c/tsubame/leagues/{league.pk}/").content.decode()
    assert names_in_order(page) == ["馬場", "青木", "千葉", "土井", "江藤"]
    assert page.index("+45.0") < page.index("+35.0") < page.index("-40.0")
    assert 'class="qualification-line"' in page
    assert page.index("土井") < page.index("qualification-line") < page.index("江藤")


def test_the_club_standings_show_the_open_league(league: League, public: Club) -> None:
    League.objects.exclude(pk=league.pk).update(is_open=False)
    page = Client().get("/c/tsubame/standings/").content.decode()
    assert "<h1>秋季リーグ</h1>" in page
    assert names_in_order(page)[0] == "馬場"


@pytest.mark.parametrize(
    ("query", "order"),
    [
        ({"sort": "games"}, ["青木", "千葉", "土井", "馬場", "江藤"]),
        ({"sort": "average_rank"}, ["馬場", "青木", "千葉", "土井", "江藤"]),
        ({"sort": "name", "order": "asc"}, [*sorted(["馬場", "青木", "千葉", "土井"]), "江藤"]),
        ({"sort": "total", "order": "asc"}, ["土井", "千葉", "青木", "馬場", "江藤"]),
        ({"q": "青"}, ["青木"]),
    ],
)
def test_sort_by_any_column_and_search_a_player(
    league: League, public: Club, query: dict[str, str], order: list[str]
) -> None:
    page = Client().get(f"/c/tsubame/leagues/{league.pk}/", query).content.decode()
    assert names_in_order(page) == order


@pytest.mark.parametrize("order", ["asc", "desc"])
def test_whatever_the_sort_the_unqualified_stay_under_the_line(
    league: League, public: Club, order: str
) -> None:
    """江藤 (one game, -40.0) has the lowest average points of all, but two games qualify."""
    query = {"sort": "average_points", "order": order}
    page = Client().get(f"/c/tsubame/leagues/{league.pk}/", query).content.decode()
    qualified = ["土井", "千葉", "青木", "馬場"]  # -13.3, 0.0, +11.7, +22.5
    assert names_in_order(page) == [*(qualified if order == "asc" else qualified[::-1]), "江藤"]
    line = page.index('class="qualification-line"')
    assert page.index(">馬場<") < line < page.index(">江藤<")


def test_a_best_n_leagues_average_agrees_with_its_total(league: League, public: Club) -> None:
    league.counting, league.best_games = Counting.BEST, 2
    league.save()
    page = Client().get(f"/c/tsubame/leagues/{league.pk}/", {"q": "青木"}).content.decode()
    row = page[page.index(">青木<") : page.index("</tr>", page.index(">青木<"))]
    assert re.findall(r">([+-]\d+\.\d)<", row)[:2] == ["+55.0", "+27.5"]  # 合計, 平均pt


def test_a_search_keeps_each_players_place(league: League, public: Club) -> None:
    page = Client().get(f"/c/tsubame/leagues/{league.pk}/", {"q": "青"}).content.decode()
    assert re.search(r'<td class="place">2</td>\s*<th scope="row" class="text"><a [^>]*>青木', page)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"sort": "nonsense"}, "nonsense"),
        ({"date_from": "2026-10-01", "date_to": "2026-09-01"}, "2026-09-01"),
        ({"date_from": "not a date"}, "date"),
    ],
)
def test_bad_filters_are_named_on_the_page_and_the_table_still_shows(
    league: League, public: Club, query: dict[str, str], message: str
) -> None:
    response = english().get(f"/c/tsubame/leagues/{league.pk}/", query)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'class="notice error"' in page
    assert message in page
    assert names_in_order(page) == ["馬場", "青木", "千葉", "土井", "江藤"]


def test_the_htmx_filter_answers_with_the_table_only(league: League, public: Club) -> None:
    response = Client().get(
        f"/c/tsubame/leagues/{league.pk}/", {"sort": "games"}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="standings-table"')
    assert "<html" not in page


def test_every_page_of_a_club_has_the_clubs_navigation(
    league: League, public: Club, players: list[Player]
) -> None:
    game = Game.objects.filter(league=league).first()
    assert game is not None
    for path in ("", "standings/", "games/", f"games/{game.pk}/", "players/", "rulesets/"):
        page = Client().get(f"/c/tsubame/{path}").content.decode()
        nav = page[page.index('<nav class="site-nav"') : page.index("</nav>")]
        for link in ("/c/tsubame/", "/games/", "/standings/", "/players/", "/rulesets/"):
            assert link in nav, (path, link)


def test_the_club_home_shows_the_leaders_the_live_tables_and_the_latest_results(
    league: League, public: Club, version: RulesetVersion
) -> None:
    League.objects.exclude(pk=league.pk).update(is_open=False)
    live = services.start_game(
        public,
        ruleset_version=version,
        players=["青木", "馬場", "千葉", "土井"],
        played_on=datetime.date(2026, 11, 1),
        table_label="1卓",
        league=league,
    )
    state = services.game_state(services.games().get(pk=live.pk))
    ron = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}
    services.record_hand(live, ron, version=state.version, key="h1")
    page = Client().get("/c/tsubame/").content.decode()
    leaders = page[page.index("home-standings") : page.index("home-live")]
    assert names_in_order(leaders) == ["馬場", "青木", "千葉", "土井"]  # 江藤 is below the line
    tables = page[page.index("home-live") : page.index("home-latest")]
    # K-rule 30 fu 4 han ron: 7,700 from 千葉 to 馬場; the dealer 青木 keeps East 2? No: 馬場
    # is not the dealer, so the deal passes to 馬場 (東2局 0本場).
    assert "1卓" in tables
    assert "32,700" in tables
    assert "17,300" in tables
    assert "東2局" in tables or "East 2" in tables
    latest = page[page.index("home-latest") :]
    assert latest.index("千葉") < latest.index("土井") < latest.index("+50.0")


def test_an_admin_makes_a_league_and_bad_settings_are_named(
    club: Club, version: RulesetVersion, as_admin: Client
) -> None:
    bad = {
        "name": "春季リーグ",
        "starts_on": "2027-03-01",
        "ends_on": "2027-01-01",
        "counting": "best",
        "qualification_games": 0,
        "tie_break_1": "firsts",
        "tie_break_2": "firsts",
        "points_cap": "-5",
    }
    response = as_admin.post("/c/tsubame/leagues/new/", bad, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert set(errors) == {"ends_on", "best_games", "points_cap", "__all__"}
    assert not League.objects.filter(name="春季リーグ").exists()
    good = {**bad, "ends_on": "2027-05-31", "best_games": 10, "tie_break_2": "average_rank"}
    good["points_cap"] = "60.0"
    response = as_admin.post("/c/tsubame/leagues/new/", good)
    league = League.objects.get(name="春季リーグ")
    assert response["Location"] == f"/c/tsubame/leagues/{league.pk}/"
    assert (league.counting, league.best_games, league.tie_breaks) == (
        "best",
        10,
        ["firsts", "average_rank"],
    )


def test_a_league_refuses_more_games_than_a_player_can_play(
    club: Club, version: RulesetVersion, as_admin: Client
) -> None:
    data = {
        "name": "永世リーグ",
        "counting": "best",
        "best_games": 10_001,
        "qualification_games": 2_147_483_648,
    }
    response = as_admin.post("/c/tsubame/leagues/new/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert errors["best_games"] == ["At most 10,000 games."]
    assert set(errors) == {"best_games", "qualification_games"}
    assert not League.objects.filter(name="永世リーグ").exists()
    response = as_admin.post(
        "/c/tsubame/leagues/new/", {**data, "best_games": 10_000, "qualification_games": 10_000}
    )
    assert League.objects.get(name="永世リーグ").best_games == 10_000


def test_a_league_name_is_unique_in_its_club(league: League, as_admin: Client) -> None:
    data = {"name": "秋季リーグ", "counting": "all", "qualification_games": 0}
    response = as_admin.post("/c/tsubame/leagues/new/", data)
    assert response.status_code == 422
    assert League.objects.filter(name="秋季リーグ").count() == 1


def test_the_game_list_shows_each_finished_games_result_in_rank_order(
    league: League, public: Club
) -> None:
    page = Client().get("/c/tsubame/games/", {"league": league.pk}).content.decode()
    items = page[page.index('<ul class="game-list">') :].split("</li>")
    dates = [re.search(r'class="date">([^<]+)<', item) for item in items[:-1]]
    assert [date.group(1) for date in dates if date] == [
        "2026-10-07", "2026-10-06", "2026-10-05", "2026-09-20", "2026-09-10", "2026-08-31",
    ]  # fmt: skip
    third_game = items[2]  # G3 of 10-05 (newest first: in progress, voided, then G3)
    order = [third_game.index(name) for name in ("千葉", "土井", "青木", "江藤")]
    assert order == sorted(order)
    assert "+50.0" in third_game
    assert "-40.0" in third_game


def test_the_game_list_names_an_unknown_league(league: League, public: Club) -> None:
    page = english().get("/c/tsubame/games/", {"league": "x"})
    assert "There is no league “x”" in page.content.decode()


def test_a_game_started_in_the_open_league_counts_there(
    club: Club, version: RulesetVersion, league: League, admin: User, as_admin: Client
) -> None:
    League.objects.exclude(pk=league.pk).update(is_open=False)
    form = as_admin.get("/c/tsubame/games/new/").context["form"]
    assert form["league"].value() == league.pk
    data = {
        "key": "start-1",
        "ruleset": version.ruleset_id,
        "seating": "order",
        "entry": "hands",
        "played_on": "2026-11-01",
        "league": league.pk,
        **{f"player_{seat}": name for seat, name in enumerate(["青木", "馬場", "千葉", "土井"])},
    }
    response = as_admin.post("/c/tsubame/games/new/", data)
    assert response.status_code == 302
    assert Game.objects.get(idempotency_key="start-1").league == league


def test_a_game_outside_the_leagues_dates_is_refused_at_the_start(
    club: Club, version: RulesetVersion, league: League, as_admin: Client
) -> None:
    data = {
        "key": "start-2",
        "ruleset": version.ruleset_id,
        "seating": "order",
        "entry": "hands",
        "played_on": "2027-02-01",
        "league": league.pk,
        **{f"player_{seat}": name for seat, name in enumerate(["青木", "馬場", "千葉", "土井"])},
    }
    response = as_admin.post("/c/tsubame/games/new/", data)
    assert response.status_code == 422
    assert "played_on" in response.context["form"].errors
    assert not Game.objects.filter(idempotency_key="start-2").exists()


def test_an_admin_moves_a_game_to_another_league_and_the_log_says_so(
    league: League, admin: User, as_admin: Client
) -> None:
    game = Game.objects.get(league=league, played_on=datetime.date(2026, 9, 10))
    summer = League.objects.get(name="夏季リーグ")
    data = {"league": summer.pk, "version": game.version, "key": "move-1"}
    response = as_admin.post(f"/c/tsubame/games/{game.pk}/league/", data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.league == summer
    assert game.version == 1
    log = GameLog.objects.get(game=game, action="moved_league")
    assert (log.detail, log.user) == ("秋季リーグ -> 夏季リーグ", admin)
    # 青木 loses G1 (+45.0) from the autumn league: 10.0 - 20.0.
    from standings.tables import league_standings

    rows = {row.name: row.total for row in league_standings(league).rows}
    assert str(rows["青木"]) == "-10.0"


def test_a_stale_move_is_refused_and_changes_nothing(league: League, as_admin: Client) -> None:
    game = Game.objects.filter(league=league).first()
    assert game is not None
    data = {"league": "", "version": game.version + 5, "key": "move-2"}
    response = as_admin.post(f"/c/tsubame/games/{game.pk}/league/", data)
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.league == league


def test_a_league_of_another_club_cannot_be_chosen(
    league: League, as_admin: Client, db: None
) -> None:
    from tests.clubs.factories import make_club

    theirs = make_league(make_club("hibari"), "他のリーグ")
    game = Game.objects.filter(league=league).first()
    assert game is not None
    data = {"league": theirs.pk, "version": game.version, "key": "move-3"}
    response = as_admin.post(f"/c/tsubame/games/{game.pk}/league/", data)
    assert response.status_code == 422
    game.refresh_from_db()
    assert game.league == league

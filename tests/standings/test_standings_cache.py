"""The standings' sums are kept in the cache (a league of 100,000 games takes the database a
while to add up): whatever changes, the next reader sees what the games say now.

Each test reads the standings (so they are cached), makes one change the way the app makes it,
and then compares the standings with what an empty cache gives: the same, and different from
before (the change mattered, so a stale cache could not pass by chance).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from clubs import services as club_services
from clubs.models import Club, Counting, League, Player, RulesetVersion
from scoring import services
from scoring.models import Game, GameResult
from scoring.players import merge_players
from standings.players import player_stats
from standings.tables import league_standings
from tests.standings.conftest import NAMES
from tests.standings.factories import START, make_league, play_short_games, result_game

Table = list[tuple[int | None, str, str, int]]


def table(league: League) -> Table:
    league.refresh_from_db()
    return [(r.place, r.name, str(r.total), r.games) for r in league_standings(league).rows]


def fresh(league: League) -> Table:
    cache.clear()
    return table(league)


@pytest.fixture
def games(version: RulesetVersion, players: list[Player]) -> list[Game]:
    return play_short_games(version, make_league(version.ruleset.club), NAMES)


def changed_then_read(league: League, change: Callable[[], object]) -> tuple[Table, Table]:
    before = table(league)
    assert table(league) == before  # the second read comes from the cache
    change()
    after = table(league)
    assert after != before
    return after, fresh(league)


def state(game: Game) -> services.GameState:
    return services.game_state(services.games().get(pk=game.pk))


@pytest.mark.django_db
def test_a_finished_game_reopened_and_fixed_shows_at_once(games: list[Game]) -> None:
    game, league = games[0], games[0].league
    assert league is not None

    def fix_hand_1() -> None:
        reopened = services.reopen_game(game, version=state(game).version, key="reopen")
        hand = {"riichi": [], "result": {"type": "tsumo", "winner": 2, "yakuman": 1}}
        fixed = services.edit_hand(game, 1, hand, version=reopened.version, key="fix")
        services.end_game_early(game, reason="time", version=fixed.version, key="end-again")

    after, expected = changed_then_read(league, fix_hand_1)
    assert after == expected


@pytest.mark.django_db
def test_a_voided_game_and_a_game_moved_out_leave_the_standings(games: list[Game]) -> None:
    league = games[0].league
    assert league is not None
    void = lambda: services.void_game(  # noqa: E731
        games[1], reason="wrong table", version=state(games[1]).version, key="void"
    )
    after, expected = changed_then_read(league, void)
    assert after == expected
    other = make_league(games[0].club, "夏季リーグ")
    move = lambda: services.move_to_league(  # noqa: E731
        games[2], other, version=state(games[2]).version, key="move"
    )
    after, expected = changed_then_read(league, move)
    assert after == expected


@pytest.mark.django_db
def test_merged_and_renamed_players_show_at_once(
    club: Club, version: RulesetVersion, games: list[Game]
) -> None:
    league = games[0].league
    assert league is not None
    rename = lambda: club_services.rename_player(  # noqa: E731
        Player.objects.get(club=club, name="江藤"), "江藤二郎"
    )
    after, expected = changed_then_read(league, rename)
    assert after == expected
    assert "江藤二郎" in [name for _p, name, _t, _g in after]
    # 青木 entered twice by mistake: one more game as "あおき", who never sat with 青木.
    names = {p.name: p for p in Player.objects.filter(club=club)}
    twin = Player.objects.create(club=club, name="あおき")
    lines = [
        (twin, 1, "60.0", 60000),
        (names["馬場"], 2, "0.0", 25000),
        (names["千葉"], 3, "-20.0", 10000),
        (names["土井"], 4, "-40.0", 5000),
    ]
    result_game(version, league, START, lines)
    after, expected = changed_then_read(league, lambda: merge_players(names["青木"], twin))
    assert after == expected
    assert "あおき" not in [name for _p, name, _t, _g in after]


@pytest.mark.django_db
def test_results_rebuilt_behind_the_games_back_show_at_once(
    games: list[Game], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    """``rebuild_results`` after an engine fix changes results and no game's version: rows an
    older engine left wrong are read (and cached), then rebuilt."""
    league = games[0].league
    assert league is not None
    GameResult.objects.filter(game=games[0], seat=0).update(points=Decimal("99.0"))
    wrong = fresh(league)

    def rebuild() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            services.rebuild_derived(services.games().get(pk=games[0].pk))

    after, expected = changed_then_read(league, rebuild)
    assert after == expected != wrong


@pytest.mark.django_db
def test_a_league_counting_its_best_games_shows_at_once(games: list[Game]) -> None:
    league = games[0].league
    assert league is not None

    def best_one() -> None:
        League.objects.filter(pk=league.pk).update(counting=Counting.BEST, best_games=1)

    after, expected = changed_then_read(league, best_one)
    assert after == expected


def player_page(player: Player, league: League | None) -> tuple[object, ...]:
    stats = player_stats(player, league)
    return (
        [(line.game_id, line.rank, str(line.points)) for line in stats.results.lines],
        stats.hands,
        [(o.name, o.games, str(o.points)) for o in stats.opponents],
    )


@pytest.mark.django_db
@pytest.mark.parametrize("overall", [False, True], ids=["league", "every-game"])
def test_a_players_page_shows_a_fixed_hand_and_a_renamed_opponent_at_once(
    club: Club, games: list[Game], overall: bool
) -> None:
    """The player page's sums are cached too (a league's page, and the club-wide one)."""
    game = games[0]
    league = None if overall else game.league
    aoki = Player.objects.get(club=club, name="青木")
    before = player_page(aoki, league)
    assert player_page(aoki, league) == before  # from the cache
    reopened = services.reopen_game(game, version=state(game).version, key="reopen")
    hand = {"riichi": [], "result": {"type": "tsumo", "winner": 0, "yakuman": 1}}
    fixed = services.edit_hand(game, 1, hand, version=reopened.version, key="fix")
    services.end_game_early(game, reason="time", version=fixed.version, key="end-again")
    after = player_page(aoki, league)
    assert after != before
    cache.clear()
    assert after == player_page(aoki, league)
    club_services.rename_player(Player.objects.get(club=club, name="馬場"), "馬場一郎")
    renamed = player_page(aoki, league)
    assert "馬場一郎" in [name for name, _g, _m in renamed[2]]
    cache.clear()
    assert renamed == player_page(aoki, league)


@pytest.mark.django_db
def test_the_standings_page_kept_as_html_shows_a_voided_game_at_once(
    games: list[Game], as_member: Client
) -> None:
    """The page's table is kept as HTML too (per language and query): after a change, the
    page is the one an empty cache writes, and it differs from before."""
    league = games[0].league
    assert league is not None
    url = f"/c/{league.club.slug}/leagues/{league.pk}/?sort=games"

    def table() -> str:
        page = as_member.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
        return page[page.index('<div id="standings-table"') : page.index("</table>")]

    before = table()
    assert table() == before
    english = as_member.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "5 players" in english  # kept apart from the Japanese table
    assert "5 players" not in before
    services.void_game(games[1], reason="wrong table", version=state(games[1]).version, key="v")
    after = table()
    assert after != before
    cache.clear()
    assert after == table()


@pytest.mark.django_db
def test_only_plain_standings_queries_are_kept_so_no_query_fills_the_cache(
    games: list[Game], as_member: Client
) -> None:
    """A search, a wrong value or a parameter the page does not know is written afresh: the
    cache holds one table per language and valid sort and dates, whatever the visitors type."""
    league = games[0].league
    assert league is not None
    base = f"/c/{league.club.slug}/leagues/{league.pk}/"
    before = len(cache._cache)  # type: ignore[attr-defined]  # the test's memory cache
    for query in ("?q=青木", "?date_from=not-a-date", "?utm_source=x", "?sort=nonsense"):
        assert as_member.get(base + query).status_code == 200
    kept = len(cache._cache) - before  # type: ignore[attr-defined]
    as_member.get(base + "?sort=games")
    assert len(cache._cache) - before > kept  # type: ignore[attr-defined]  # this one is kept
    page = as_member.get(base + "?utm_source=x&sort=games").content.decode()
    assert "utm_source=x" in page  # its links carry what it was given: not a kept copy

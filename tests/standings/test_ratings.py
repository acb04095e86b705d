"""Ratings (standings.ratings): OpenSkill's Plackett-Luce over the counted games, in order.

Expected values come from the library's own functions, game by game, never from our code.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from openskill.models import PlackettLuce

from clubs.models import League, Player, RulesetVersion
from scoring import services
from scoring.models import GameStatus
from standings.ratings import PROVISIONAL_GAMES, Rating, league_ratings, place_chances, rate
from tests.standings.factories import make_league, result_game

MODEL = PlackettLuce()
DAY = datetime.date(2026, 10, 1)


def by_hand(*games: list[tuple[str, int]]) -> dict[str, tuple[float, float]]:
    """Each game rated by the library in the order given: name -> (mu, sigma)."""
    current: dict[str, object] = {}
    for game in games:
        teams = [[current.get(name) or MODEL.rating()] for name, _place in game]
        rated = MODEL.rate(teams, ranks=[place for _name, place in game])
        for (name, _place), (after,) in zip(game, rated, strict=True):
            current[name] = after
    return {name: (r.mu, r.sigma) for name, r in current.items()}  # type: ignore[attr-defined]


WEEK_LATER = DAY + datetime.timedelta(days=7)


Places = list[tuple[str, int]]


def two_games(
    version: RulesetVersion, league: League, players: list[Player]
) -> tuple[Places, Places]:
    """The league's two games, the later one entered first: on ``DAY`` a, b, c, e finish 1st
    to 4th; on ``WEEK_LATER`` b, c, d, a. Returns each as (name, place) pairs, in the order
    played, for ``by_hand``."""
    a, b, c, d, e = players
    later = [(a, 4, "-40.0", 5000), (b, 1, "50.0", 50000), (c, 2, "10.0", 30000)]
    first = [(a, 1, "50.0", 50000), (b, 2, "10.0", 30000), (c, 3, "-20.0", 15000)]
    result_game(version, league, WEEK_LATER, [*later, (d, 3, "-20.0", 15000)])  # entered first
    result_game(version, league, DAY, [*first, (e, 4, "-40.0", 5000)])  # played a week before
    return (
        [(a.name, 1), (b.name, 2), (c.name, 3), (e.name, 4)],
        [(a.name, 4), (b.name, 1), (c.name, 2), (d.name, 3)],
    )


def one_game(version: RulesetVersion, league: League, players: list[Player]) -> Places:
    """The league's one game on ``DAY``: a, b, c, d finish 1st to 4th (the (name, place) pairs
    for ``by_hand``)."""
    a, b, c, d, _e = players
    lines = [(a, 1, "50.0", 50000), (b, 2, "10.0", 30000), (c, 3, "-20.0", 15000)]
    result_game(version, league, DAY, [*lines, (d, 4, "-40.0", 5000)])
    return [(a.name, 1), (b.name, 2), (c.name, 3), (d.name, 4)]


def test_a_shared_place_is_a_tie_and_a_sanma_game_rates_three() -> None:
    tied = rate([[(1, 1), (2, 2), (3, 2), (4, 4)]])
    assert (tied[2].mu, tied[2].sigma) == (tied[3].mu, tied[3].sigma)
    expected = by_hand([("a", 1), ("b", 2), ("c", 2), ("d", 4)])
    assert (tied[1].mu, tied[1].sigma) == expected["a"]
    sanma = rate([[(7, 2), (8, 1), (9, 3)]])
    assert set(sanma) == {7, 8, 9}
    assert (sanma[8].mu, sanma[8].sigma) == by_hand([("x", 2), ("y", 1), ("z", 3)])["y"]


def test_the_shown_rating_its_interval_and_provisional_mark() -> None:
    rating = Rating(mu=27.5, sigma=2.0, games=PROVISIONAL_GAMES - 1)
    assert rating.shown == 1600.0  # 1500 + 40 * 2.5
    assert rating.margin == pytest.approx(156.8)  # 1.96 * 40 * 2
    assert (rating.low, rating.high) == (pytest.approx(1443.2), pytest.approx(1756.8))
    assert rating.provisional
    assert not Rating(mu=25, sigma=1, games=PROVISIONAL_GAMES).provisional


@pytest.mark.django_db
def test_a_league_is_rated_game_by_game_in_the_order_played_and_a_void_rates_nobody(
    version: RulesetVersion, players: list[Player]
) -> None:
    a, b, c, d, e = players
    league = make_league(version.ruleset.club)
    games = two_games(version, league, players)
    void = [(a, 4, "-60.0", 0), (b, 3, "0.0", 20000), (c, 2, "0.0", 20000), (d, 1, "60", 60000)]
    result_game(version, league, DAY, void, status=GameStatus.VOIDED)

    ratings = league_ratings(league)
    names = {p.pk: p.name for p in players}
    expected = by_hand(*games)
    assert {names[p]: (r.mu, r.sigma) for p, r in ratings.items()} == expected
    assert ratings[a.pk].games == 2
    assert ratings[e.pk].games == 1


@pytest.mark.django_db
def test_a_fixed_game_re_rates_at_once(version: RulesetVersion, players: list[Player]) -> None:
    """Ratings are derived: kept in the cache under the results' stamp, so a change to a game
    re-rates on the next read (here a game voided through the services)."""
    a, b, c, d, _e = players
    league: League = make_league(version.ruleset.club)
    game = services.start_game(
        league.club,
        ruleset_version=version,
        players=[a.name, b.name, c.name, d.name],
        played_on=DAY,
        league=league,
    )
    state = services.record_final_scores(
        game, scores=[40000, 30000, 20000, 10000], version=game.version, key="scores"
    )
    before = league_ratings(league)
    assert set(before) == {a.pk, b.pk, c.pk, d.pk}
    services.void_game(game, reason="wrong table", version=state.version, key="void")
    assert league_ratings(league) == {}
    cache.clear()
    assert league_ratings(league) == {}


@pytest.mark.django_db
def test_the_player_page_shows_the_rating_its_range_and_provisional_mark(
    version: RulesetVersion, players: list[Player], as_member: object
) -> None:
    """One game: 青木 first. The page shows the library's numbers on the 1500 scale."""
    a = players[0]
    league = make_league(version.ruleset.club)
    mu, sigma = by_hand(one_game(version, league, players))[a.name]
    shown, margin = 1500 + 40 * (mu - 25), 1.96 * 40 * sigma
    for path in (f"?league={league.pk}", ""):  # the league's, and all the club's games
        page = as_member.get(  # type: ignore[attr-defined]
            f"/c/{league.club.slug}/players/{a.pk}/{path}", HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
        figure = page[page.index('id="stat-rating"') :][:600]
        assert f"{round(shown):,} ± {round(margin):,}" in figure
        assert "(provisional)" in figure
        assert f"conservative rating {round(shown - margin):,}" in figure


@pytest.mark.django_db
def test_the_rating_history_chart_follows_each_game_with_its_range(
    version: RulesetVersion, players: list[Player], as_member: object
) -> None:
    """Two games a week apart, rated by hand: the player page's rating chart has a point per
    game at the library's numbers (on the 1500 scale), its band from low to high, and the
    days under it; the history is the league's order, not the order entered."""
    a = players[0]
    league = make_league(version.ruleset.club)
    first, later = two_games(version, league, players)
    once = by_hand(first)[a.name]
    twice = by_hand(first, later)[a.name]
    assert league_ratings(league)[a.pk].history == ()  # every rating, without its history
    history = league_ratings(league, history_of=a.pk)[a.pk].history
    assert [(day, (mu, sigma)) for day, mu, sigma in history] == [
        (DAY.isoformat(), once),
        (WEEK_LATER.isoformat(), twice),
    ]
    page = as_member.get(  # type: ignore[attr-defined]
        f"/c/{league.club.slug}/players/{a.pk}/?league={league.pk}", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    chart = page[page.index('class="chart chart-rating"') :]
    chart = chart[: chart.index("</figure>")]
    assert "Rating over the games" in chart
    assert chart.count("<polygon") == 1  # the band
    shown = [1500 + 40 * (mu - 25) for mu, _sigma in (once, twice)]
    assert f"{round(shown[-1]):,}" in chart  # the last point's value, beside it
    assert DAY.isoformat() in chart
    assert shown[1] < shown[0]  # fourth in the second game: down


@pytest.mark.django_db
def test_the_standings_rating_column_shows_the_range_and_sorts_by_the_conservative_value(
    version: RulesetVersion, players: list[Player], as_member: object
) -> None:
    """Two games rated by hand: the standings' rating column writes "shown ±margin" (marked
    provisional: †) and ``sort=rating`` orders the players by the lower end of their range."""
    b = players[1]
    league = make_league(version.ruleset.club)
    rated = by_hand(*two_games(version, league, players))

    def low(name: str) -> float:
        mu, sigma = rated[name]
        return 1500 + 40 * (mu - 25) - 1.96 * 40 * sigma

    page = as_member.get(  # type: ignore[attr-defined]
        f"/c/{league.club.slug}/leagues/{league.pk}/?sort=rating", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    body = page[page.index("<tbody") :]
    order = sorted(body.find(f">{p.name}<") for p in players)
    shown = [next(p.name for p in players if body.find(f">{p.name}<") == at) for at in order]
    assert shown == sorted(rated, key=low, reverse=True)
    mu, sigma = rated[b.name]
    text = f"{round(1500 + 40 * (mu - 25)):,} ±{round(1.96 * 40 * sigma):,}†"
    assert text in body


def test_a_tables_chances_start_from_the_librarys_prediction_of_the_top() -> None:
    """The chance of the top is the library's ``predict_win``; the other places follow the
    Plackett-Luce model with those weights (worked out here by hand for a three-player
    table); each player's chances and each place's add up to one."""
    strong, new, weak = Rating(30, 3, 20), None, Rating(20, 2, 40)
    chances = place_chances([strong, new, weak])
    teams = [[MODEL.rating(30, 3)], [MODEL.rating()], [MODEL.rating(20, 2)]]
    w = MODEL.predict_win(teams)
    assert [row[0] for row in chances] == pytest.approx(w, abs=1e-12)
    # strong 2nd: new first then strong, or weak first then strong
    second = w[1] * w[0] / (w[0] + w[2]) + w[2] * w[0] / (w[0] + w[1])
    assert chances[0][1] == pytest.approx(second, abs=1e-12)
    assert [sum(row) for row in chances] == pytest.approx([1, 1, 1])
    assert [sum(row[p] for row in chances) for p in range(3)] == pytest.approx([1, 1, 1])
    assert chances[0][0] > chances[1][0] > chances[2][0]
    assert chances[2][2] > chances[1][2] > chances[0][2]


@pytest.mark.django_db
def test_the_prediction_page_shows_a_chosen_tables_chances_and_names_what_is_wrong(
    version: RulesetVersion, players: list[Player], as_member: object
) -> None:
    a, b, c, _d, e = players
    league = make_league(version.ruleset.club)
    played = one_game(version, league, players)
    url = f"/c/{league.club.slug}/predict/"
    client = as_member  # type: ignore[assignment]
    page = client.get(url, {"player": [a.pk, b.pk, c.pk, e.pk]}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    ratings = {name: Rating(mu, sigma, 1) for name, (mu, sigma) in by_hand(played).items()}
    expected = place_chances([ratings[a.name], ratings[b.name], ratings[c.name], None])
    body = page.content.decode()
    rows = body[body.index("<tbody") :]
    for name, chances in zip((a.name, b.name, c.name, e.name), expected, strict=True):
        row = rows[rows.index(f">{name}<") :]
        row = row[: row.index("</tr>")]
        cells = [part.split("<")[0] for part in row.split('class="rate">')[1:]]
        assert cells == [f"{round(100 * x, 1)}%" for x in chances]
    assert "no games yet" in rows  # e: a newcomer
    twice = client.get(url, {"player": [a.pk, a.pk, b.pk]}, HTTP_ACCEPT_LANGUAGE="en")
    assert twice.status_code == 400
    assert f"{a.name} is chosen twice." in twice.content.decode()
    unknown = client.get(url, {"player": [a.pk, b.pk, "99999"]}, HTTP_ACCEPT_LANGUAGE="en")
    assert "No player of this club has the number 99999." in unknown.content.decode()
    two = client.get(url, {"player": [a.pk, b.pk]}, HTTP_ACCEPT_LANGUAGE="en")
    assert two.status_code == 400
    assert "Choose three or four players" in two.content.decode()

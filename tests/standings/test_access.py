"""Who may open the players' pages and the league settings: the permission matrix again.

The same visitors and expectations as ``tests/clubs/test_permissions.py``: a public club's
pages are open to everyone, a private club's to its members only, and another club's admin
learns nothing of a private club (404).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from clubs.models import League, Role
from scoring.models import Game
from tests.clubs.test_permissions import (
    ANONYMOUS,
    LOGIN,
    VISITORS,
    Page,
    World,
    build_world,
    expected,
    fresh,
)
from tests.scoring.factories import make_game
from tests.standings.factories import make_league


@dataclass
class LeagueWorld:
    world: World
    league: League
    game: Game


def c(w: LeagueWorld) -> str:
    return f"/c/{w.world.club.slug}"


def league_form(w: LeagueWorld, name: str) -> dict[str, Any]:
    return {"name": name, "counting": "all", "qualification_games": 0, "is_open": "on"}


PAGES: tuple[tuple[Page, Callable[[LeagueWorld], str], Callable[[LeagueWorld], dict]], ...] = (
    (Page("home", "get", None, None), lambda w: f"{c(w)}/", lambda w: {}),
    (Page("standings", "get", None, None), lambda w: f"{c(w)}/standings/", lambda w: {}),
    (
        Page("league", "get", None, None),
        lambda w: f"{c(w)}/leagues/{w.league.pk}/",
        lambda w: {"sort": "games", "q": "青"},
    ),
    (
        Page("standings.csv", "get", None, None),
        lambda w: f"{c(w)}/leagues/{w.league.pk}/standings.csv",
        lambda w: {},
    ),
    (
        Page("games.csv", "get", None, None),
        lambda w: f"{c(w)}/leagues/{w.league.pk}/games.csv",
        lambda w: {},
    ),
    (
        Page("what-if", "get", None, None),
        lambda w: f"{c(w)}/leagues/{w.league.pk}/what-if/",
        lambda w: {"preset": "tenhou"},
    ),
    (
        Page("player", "get", None, None),
        lambda w: f"{c(w)}/players/{w.world.players[0].pk}/",
        lambda w: {"league": w.league.pk},
    ),
    (
        Page("player manage", "get", None, None),
        lambda w: f"{c(w)}/players/{w.world.players[0].pk}/manage/",
        lambda w: {},
    ),
    (
        Page("game chart", "get", None, None),
        lambda w: f"{c(w)}/games/{w.game.pk}/chart.svg",
        lambda w: {},
    ),
    (
        Page("games of a league", "get", None, None),
        lambda w: f"{c(w)}/games/",
        lambda w: {"league": w.league.pk},
    ),
    (Page("league_new", "get", None, Role.ADMIN), lambda w: f"{c(w)}/leagues/new/", lambda w: {}),
    (
        Page("league_new (save)", "post", None, Role.ADMIN, 302),
        lambda w: f"{c(w)}/leagues/new/",
        lambda w: league_form(w, "冬季リーグ"),
    ),
    (
        Page("league_edit", "get", None, Role.ADMIN),
        lambda w: f"{c(w)}/leagues/{w.league.pk}/edit/",
        lambda w: {},
    ),
    (
        Page("league_edit (save)", "post", None, Role.ADMIN, 302),
        lambda w: f"{c(w)}/leagues/{w.league.pk}/edit/",
        lambda w: league_form(w, "秋季リーグ改"),
    ),
    (
        Page("move game", "get", None, Role.ADMIN),
        lambda w: f"{c(w)}/games/{w.game.pk}/league/",
        lambda w: {},
    ),
    (
        Page("move game (save)", "post", None, Role.ADMIN, 302),
        lambda w: f"{c(w)}/games/{w.game.pk}/league/",
        lambda w: {"league": "", "version": w.game.version, "key": "move-1"},
    ),
)

MATRIX = [
    (page, url, data, visitor, public)
    for public in (False, True)
    for page, url, data in PAGES
    for visitor in VISITORS
]


def build(public: bool) -> LeagueWorld:
    world = build_world(public)
    league = make_league(world.club)
    game = make_game(world.club, world.club.default_ruleset)
    Game.objects.filter(pk=game.pk).update(league=league)
    game.refresh_from_db()
    return LeagueWorld(world, league, game)


@pytest.fixture(scope="module")
def kept(module_db: None) -> LeagueWorld:
    """The world, built once for the module's tests (each rolled back to it)."""
    return build(public=False)


def shared(kept: LeagueWorld, public: bool) -> LeagueWorld:
    return replace(kept, world=fresh(kept.world, public))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("page", "url", "data", "visitor", "public"),
    MATRIX,
    ids=[f"{'public' if p else 'private'}-{page.name}-{v}" for page, _u, _d, v, p in MATRIX],
)
def test_permission_matrix_of_the_players_pages(
    page: Page,
    url: Callable[[LeagueWorld], str],
    data: Callable[[LeagueWorld], dict[str, Any]],
    visitor: str,
    public: bool,
    kept: LeagueWorld,
) -> None:
    w = shared(kept, public)
    response = getattr(w.world.clients[visitor], page.method)(url(w), data(w))
    want = expected(page, visitor, public)
    assert response.status_code == want, (url(w), response.status_code, want)
    if want == LOGIN and visitor == ANONYMOUS:
        assert response["Location"].startswith("/accounts/login/?next=/c/tsubame/")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "leagues/{theirs}/",
        "leagues/{theirs}/standings.csv",
        "leagues/{theirs}/games.csv",
        "leagues/{theirs}/what-if/",
        "leagues/{theirs}/edit/",
        "leagues/999999/",
        "players/999999/",
        "games/999999/chart.svg",
    ],
)
def test_another_clubs_league_or_an_unknown_one_is_404_even_for_an_admin(
    path: str, kept: LeagueWorld
) -> None:
    w = shared(kept, public=True)
    other = make_league(w.world.club.__class__.objects.get(slug="hibari"), "他のリーグ")
    response = w.world.clients["admin"].get(f"/c/tsubame/{path.format(theirs=other.pk)}")
    assert response.status_code == 404

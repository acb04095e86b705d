"""Who may open a tournament's pages and change it: the permission matrix of the other apps.

A public club's tournament pages are open to everyone and a private club's to its members; the
organiser's changes need an admin, a referee call a scorekeeper; another club's admin learns
nothing of a private club (404). A round drawn but not published is the organiser's alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from clubs.models import Role
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
from tests.tournaments.conftest import DAY
from tournaments import services
from tournaments.models import EntryStatus, Round, SeatingMethod, Tournament


@dataclass
class TournamentWorld:
    world: World
    tournament: Tournament
    published: Round
    draft: Round


def t(w: TournamentWorld) -> str:
    return f"/c/{w.world.club.slug}/tournaments/{w.tournament.pk}"


def new_tournament(w: TournamentWorld) -> dict[str, Any]:
    return {
        "name": "冬の陣",
        "starts_on": "2026-12-20",
        "ruleset": w.world.ruleset_id,
        "rounds": 4,
        "round_minutes": 80,
        "substitute_results": "uncounted",
        "cut_carry": "carried",
    }


R1 = "/rounds/1"
PAGES: tuple[tuple[Page, Callable[[TournamentWorld], str], Callable[..., dict]], ...] = (
    (
        Page("list", "get", None, None),
        lambda w: f"/c/{w.world.club.slug}/tournaments/",
        lambda w: {},
    ),
    (
        Page("new", "get", None, Role.ADMIN),
        lambda w: f"/c/{w.world.club.slug}/tournaments/new/",
        lambda w: {},
    ),
    (
        Page("create", "post", None, Role.ADMIN, 302),
        lambda w: f"/c/{w.world.club.slug}/tournaments/create/",
        new_tournament,
    ),
    (Page("tournament", "get", None, None), lambda w: f"{t(w)}/", lambda w: {}),
    (Page("players", "get", None, Role.ADMIN), lambda w: f"{t(w)}/players/", lambda w: {}),
    (
        Page("register", "post", None, Role.ADMIN, 302),
        lambda w: f"{t(w)}/players/register/",
        lambda w: {"names": "新人A\n新人B, チーム北"},
    ),
    (
        Page("entry", "post", None, Role.ADMIN, 302),
        lambda w: f"{t(w)}/players/{w.tournament.entries.first().pk}/",
        lambda w: {"action": "team", "team": "チーム南"},
    ),
    (
        Page("draw", "post", None, Role.ADMIN, 302),
        lambda w: f"{t(w)}/draw/",
        lambda w: {"method": "random", "how_many": "one"},
    ),
    (Page("cut", "post", None, Role.ADMIN, 302), lambda w: f"{t(w)}/cut/", lambda w: {}),
    (Page("standings", "get", None, None), lambda w: f"{t(w)}/standings/", lambda w: {}),
    (Page("results.pdf", "get", None, None), lambda w: f"{t(w)}/results.pdf", lambda w: {}),
    (Page("round", "get", None, None), lambda w: f"{t(w)}{R1}/", lambda w: {}),
    (Page("clock", "get", None, None), lambda w: f"{t(w)}{R1}/clock/", lambda w: {}),
    (Page("hall", "get", None, None), lambda w: f"{t(w)}{R1}/hall/", lambda w: {}),
    (Page("seating.pdf", "get", None, None), lambda w: f"{t(w)}{R1}/seating.pdf", lambda w: {}),
    (Page("cards.pdf", "get", None, None), lambda w: f"{t(w)}{R1}/cards.pdf", lambda w: {}),
    (
        Page("start clock", "post", None, Role.ADMIN, 302),
        lambda w: f"{t(w)}{R1}/start/",
        lambda w: {},
    ),
    (Page("close", "post", None, Role.ADMIN, 302), lambda w: f"{t(w)}{R1}/close/", lambda w: {}),
    (
        Page("publish", "post", None, Role.ADMIN, 302),
        lambda w: f"{t(w)}/rounds/2/publish/",
        lambda w: {},
    ),
    (
        Page("referee", "post", None, Role.SCOREKEEPER, 302),
        lambda w: f"{t(w)}{R1}/tables/1/referee/",
        lambda w: {"needed": "on"},
    ),
)

MATRIX = [
    (page, url, data, visitor, public)
    for public in (False, True)
    for page, url, data in PAGES
    for visitor in VISITORS
]


def build(public: bool) -> TournamentWorld:
    world = build_world(public)
    tournament = services.create_tournament(
        world.club,
        name="秋季大会",
        starts_on=DAY,
        ruleset=world.club.rulesets.get(pk=world.ruleset_id),
        rounds=3,
    )
    # 16 players: the affine plane seats the three rounds at once (a search for 8 takes a second)
    entries = services.register(tournament, [f"選手{n}" for n in range(1, 17)])
    for entry in entries:
        services.set_status(entry, EntryStatus.CHECKED_IN)
    published, draft = services.draw_rounds(tournament, [1, 2], SeatingMethod.RANDOM)
    services.publish_round(published, played_on=DAY)
    return TournamentWorld(world, tournament, published, draft)


@pytest.fixture(scope="module")
def kept(module_db: None) -> TournamentWorld:
    """The world, built once for the module's tests (each rolled back to it)."""
    return build(public=False)


def shared(kept: TournamentWorld, public: bool) -> TournamentWorld:
    return replace(kept, world=fresh(kept.world, public))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("page", "url", "data", "visitor", "public"),
    MATRIX,
    ids=[f"{'public' if p else 'private'}-{page.name}-{v}" for page, _u, _d, v, p in MATRIX],
)
def test_permission_matrix_of_the_tournament_pages(
    page: Page,
    url: Callable[[TournamentWorld], str],
    data: Callable[[TournamentWorld], dict[str, Any]],
    visitor: str,
    public: bool,
    kept: TournamentWorld,
) -> None:
    w = shared(kept, public)
    response = getattr(w.world.clients[visitor], page.method)(url(w), data(w))
    want = expected(page, visitor, public)
    assert response.status_code == want, (url(w), response.status_code, want)
    if want == LOGIN and visitor == ANONYMOUS:
        assert response["Location"].startswith("/accounts/login/?next=/c/tsubame/")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["rounds/2/", "rounds/2/clock/", "rounds/2/hall/", "rounds/2/seating.pdf"]
)
def test_a_draft_round_is_the_organisers_alone(path: str, kept: TournamentWorld) -> None:
    w = shared(kept, public=True)
    assert w.world.clients["member"].get(f"{t(w)}/{path}").status_code == 404
    assert w.world.clients[ANONYMOUS].get(f"{t(w)}/{path}").status_code == 404
    assert w.world.clients["admin"].get(f"{t(w)}/{path}").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    ["{theirs}/", "{theirs}/standings/", "{theirs}/results.pdf", "999999/", "{mine}/rounds/9/"],
)
def test_another_clubs_tournament_or_an_unknown_one_is_404_even_for_an_admin(
    path: str, kept: TournamentWorld
) -> None:
    w = shared(kept, public=True)
    other_club = w.world.club.__class__.objects.get(slug="hibari")
    from tests.clubs.factories import make_ruleset

    theirs = services.create_tournament(
        other_club, name="他の大会", starts_on=DAY, ruleset=make_ruleset(other_club), rounds=2
    )
    response = w.world.clients["admin"].get(
        f"/c/tsubame/tournaments/{path.format(theirs=theirs.pk, mine=w.tournament.pk)}"
    )
    assert response.status_code == 404

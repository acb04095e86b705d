"""Who may open every club page: the permission matrix.

Each page is asked by a visitor (anonymous), a member, a scorekeeper, an admin, and the admin of
another club, for a private club and for a public one. Expected: the page (200, or 302 after a
change), 302 to the login page, 403 for a member without the role, and 404 where the visitor
must not learn that the club (or the object in it) exists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from django.test import Client

from clubs.models import Club, Invitation, Membership, Player, Role
from clubs.services import invite
from tests.clubs.conftest import logged_in
from tests.clubs.factories import editor_data, make_club, make_member, make_players, make_ruleset

ANONYMOUS, MEMBER, SCOREKEEPER, ADMIN, OTHER_ADMIN = (
    "anonymous",
    "member",
    "scorekeeper",
    "admin",
    "other club's admin",
)
VISITORS = (ANONYMOUS, MEMBER, SCOREKEEPER, ADMIN, OTHER_ADMIN)
LOGIN = 302  # to the login page (checked: the Location is /accounts/login/?next=...)


# Each visitor's login name (the anonymous visitor has none).
USERNAMES = {MEMBER: "menba", SCOREKEEPER: "kiroku", ADMIN: "kanri", OTHER_ADMIN: "yoso"}


class Clients(Mapping[str, Client]):
    """The visitors' clients, each logged in when a test first asks for it: a test of the
    matrix uses one of the five, and a login writes a session and an access log (four logins a
    test took 27 s of the 178 s the whole suite spent in Django's database layer)."""

    def __init__(self) -> None:
        self._made: dict[str, Client] = {}

    def __getitem__(self, visitor: str) -> Client:
        if visitor not in self._made:
            from django.contrib.auth.models import User

            if visitor == ANONYMOUS:
                self._made[visitor] = Client()
            else:
                self._made[visitor] = logged_in(User.objects.get(username=USERNAMES[visitor]))
        return self._made[visitor]

    def __iter__(self) -> Iterator[str]:
        return iter(VISITORS)

    def __len__(self) -> int:
        return len(VISITORS)


@dataclass
class World:
    club: Club
    clients: Clients
    ruleset_id: int
    players: list[Player]
    membership: Membership  # the plain member's
    invitation: Invitation


@dataclass(frozen=True)
class Page:
    name: str
    method: str
    url: Callable[[World], str]
    need: str | None  # the role the page needs (None: whoever may see the club)
    ok: int = 200
    data: Callable[[World], dict[str, Any]] = field(default=lambda w: {})
    headers: dict[str, str] = field(default_factory=dict)


def c(world: World) -> str:
    return f"/c/{world.club.slug}"


PAGES = (
    Page("club", "get", lambda w: f"{c(w)}/", None),
    Page("players", "get", lambda w: f"{c(w)}/players/", None),
    Page("player", "get", lambda w: f"{c(w)}/players/{w.players[0].pk}/", None),
    Page("rulesets", "get", lambda w: f"{c(w)}/rulesets/", None),
    Page("ruleset", "get", lambda w: f"{c(w)}/rulesets/{w.ruleset_id}/", None),
    Page(
        "player_add",
        "post",
        lambda w: f"{c(w)}/players/new/",
        Role.SCOREKEEPER,
        302,
        lambda w: {"name": "新人"},
    ),
    Page(
        "player_rename",
        "post",
        lambda w: f"{c(w)}/players/{w.players[0].pk}/rename/",
        Role.SCOREKEEPER,
        302,
        lambda w: {"name": "青木さん"},
    ),
    Page("settings", "get", lambda w: f"{c(w)}/settings/", Role.ADMIN),
    Page("members", "get", lambda w: f"{c(w)}/members/", Role.ADMIN),
    Page(
        "role",
        "post",
        lambda w: f"{c(w)}/members/{w.membership.pk}/role/",
        Role.ADMIN,
        302,
        lambda w: {"role": Role.SCOREKEEPER},
    ),
    Page("remove", "post", lambda w: f"{c(w)}/members/{w.membership.pk}/remove/", Role.ADMIN, 302),
    Page(
        "invite",
        "post",
        lambda w: f"{c(w)}/invitations/",
        Role.ADMIN,
        302,
        lambda w: {"role": Role.MEMBER},
    ),
    Page(
        "revoke",
        "post",
        lambda w: f"{c(w)}/invitations/{w.invitation.pk}/revoke/",
        Role.ADMIN,
        302,
    ),
    Page(
        "player_link",
        "post",
        lambda w: f"{c(w)}/players/{w.players[0].pk}/link/",
        Role.ADMIN,
        302,
        lambda w: {"user": w.membership.user_id},
    ),
    Page("player_merge", "get", lambda w: f"{c(w)}/players/{w.players[3].pk}/merge/", Role.ADMIN),
    Page(
        "player_merge (post)",
        "post",
        lambda w: f"{c(w)}/players/{w.players[3].pk}/merge/",
        Role.ADMIN,
        302,
        lambda w: {"into": w.players[2].pk},
    ),
    Page("ruleset_new", "get", lambda w: f"{c(w)}/rulesets/new/?preset=k_rule", Role.ADMIN),
    Page("ruleset_edit", "get", lambda w: f"{c(w)}/rulesets/{w.ruleset_id}/edit/", Role.ADMIN),
    Page(
        "ruleset_edit (htmx preview)",
        "get",
        lambda w: f"{c(w)}/rulesets/{w.ruleset_id}/edit/",
        Role.ADMIN,
        data=lambda w: editor_data("k_rule", "k_rule", kiriage="on"),
        headers={"HX-Request": "true"},
    ),
    Page(
        "ruleset_edit (save)",
        "post",
        lambda w: f"{c(w)}/rulesets/{w.ruleset_id}/edit/",
        Role.ADMIN,
        302,
        lambda w: editor_data("k_rule", "k_rule", kiriage="on"),
    ),
    Page(
        "settings (save)",
        "post",
        lambda w: f"{c(w)}/settings/",
        Role.ADMIN,
        302,
        lambda w: {
            "name": "新しい名前",
            "default_language": "ja",
            "time_zone": "Asia/Tokyo",
            "minus_sign": "-",
        },
    ),
)


def expected(page: Page, visitor: str, public: bool) -> int:
    if visitor == ANONYMOUS:
        return page.ok if public and page.need is None else LOGIN
    if visitor == OTHER_ADMIN:
        if not public:
            return 404
        return page.ok if page.need is None else 403
    rank = {MEMBER: 1, SCOREKEEPER: 2, ADMIN: 3}[visitor]
    needed = {None: 0, Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}[page.need]
    return page.ok if rank >= needed else 403


def fresh(world: World, public: bool) -> World:
    """A world kept for a module (``module_db``), as a test needs it: the club public or not
    (changed inside the test, so rolled back with it) and clients logged in afresh, so that no
    test inherits another's cookies."""
    type(world.club).objects.filter(pk=world.club.pk).update(is_public=public)
    world.club.refresh_from_db()
    return replace(world, clients=Clients())


def build_world(public: bool) -> World:
    club = make_club("tsubame", public=public)
    admin = make_member(club, USERNAMES[ADMIN], Role.ADMIN)
    make_member(club, USERNAMES[SCOREKEEPER], Role.SCOREKEEPER)
    make_member(club, USERNAMES[MEMBER], Role.MEMBER)
    other = make_club("hibari")
    make_member(other, USERNAMES[OTHER_ADMIN], Role.ADMIN)
    return World(
        club=club,
        clients=Clients(),
        ruleset_id=make_ruleset(club).pk,
        players=make_players(club),
        membership=club.memberships.get(user__username=USERNAMES[MEMBER]),
        invitation=invite(club, Role.MEMBER, admin),
    )


MATRIX = [
    (page, visitor, public) for public in (False, True) for page in PAGES for visitor in VISITORS
]


@pytest.fixture(scope="module")
def kept(module_db: None) -> World:
    """The world, built once for the module's tests (each rolled back to it)."""
    return build_world(public=False)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("page", "visitor", "public"),
    MATRIX,
    ids=[f"{'public' if p else 'private'}-{page.name}-{v}" for page, v, p in MATRIX],
)
def test_permission_matrix(page: Page, visitor: str, public: bool, kept: World) -> None:
    world = fresh(kept, public)
    url = page.url(world)
    client = world.clients[visitor]
    response = getattr(client, page.method)(url, page.data(world), headers=page.headers)
    want = expected(page, visitor, public)
    assert response.status_code == want, (url, response.status_code, want)
    if want == LOGIN and visitor == ANONYMOUS:
        assert response["Location"].startswith("/accounts/login/?next=/c/tsubame/")
    if want == 302 and visitor != ANONYMOUS:
        assert not response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/c/nowhere/", "/c/nowhere/members/", "/c/nowhere/rulesets/1/"])
def test_an_unknown_club_looks_like_a_private_one(path: str, kept: World) -> None:
    """Anonymous: to the login page, as for a private club; logged in: 404."""
    world = fresh(kept, public=False)
    assert world.clients[ANONYMOUS].get(path).status_code == LOGIN
    assert world.clients[ADMIN].get(path).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["ruleset", "player", "membership", "invitation"])
def test_an_object_of_another_club_is_404_even_for_an_admin(kind: str, kept: World) -> None:
    world = fresh(kept, public=False)
    other = Club.objects.get(slug="hibari")
    admin = world.clients[ADMIN]
    theirs = {
        "ruleset": lambda: ("get", f"rulesets/{make_ruleset(other).pk}/"),
        "player": lambda: ("get", f"players/{make_players(other, ('他人',))[0].pk}/"),
        "membership": lambda: ("post", f"members/{other.memberships.get().pk}/remove/"),
        "invitation": lambda: (
            "post",
            f"invitations/{invite(other, Role.ADMIN, None).pk}/revoke/",
        ),
    }
    method, path = theirs[kind]()
    assert getattr(admin, method)(f"/c/tsubame/{path}").status_code == 404
    assert other.memberships.count() == 1


@pytest.mark.django_db
def test_changes_answer_405_to_a_get_before_any_permission_check(kept: World) -> None:
    world = fresh(kept, public=False)
    assert world.clients[ANONYMOUS].get("/c/tsubame/players/new/").status_code == 405
    remove = f"/c/tsubame/members/{world.membership.pk}/remove/"
    assert world.clients[ADMIN].get(remove).status_code == 405


@pytest.mark.django_db
def test_creating_a_club_needs_a_login(kept: World) -> None:
    world = fresh(kept, public=False)
    response = world.clients[ANONYMOUS].get("/clubs/new/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/clubs/new/"
    assert world.clients[OTHER_ADMIN].get("/clubs/new/").status_code == 200


@pytest.mark.django_db
def test_the_club_page_leads_to_its_games(kept: World) -> None:
    world = fresh(kept, public=False)
    page = world.clients[MEMBER].get("/c/tsubame/").text
    assert '<a href="/c/tsubame/games/">対局</a>' in page
    assert world.clients[MEMBER].get("/c/tsubame/games/").status_code == 200

"""Every URL of the project, every kind of visitor: nobody reaches what their role does not allow.

The URL patterns are read from the project's resolver, so a new view is in this test the day it
is added: it fails until ``ACCESS`` says who may open it, and then checks that it is so. On a
private club an anonymous visitor is sent to log in, another club's admin learns nothing (404),
and a member without the role gets 403; with the role, the view answers (never 403, 404 or a
server error). A public club's read pages are everyone's; its other pages as a private club's,
but for another club's admin (403). Views that only take a POST are posted to, empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from clubs.models import LeagueTeam, Role
from scoring import services as scoring
from tests.clubs.test_permissions import (
    ADMIN,
    ANONYMOUS,
    MEMBER,
    OTHER_ADMIN,
    SCOREKEEPER,
    World,
    build_world,
    fresh,
)
from tests.scoring.factories import make_game, make_member
from tests.standings.factories import make_league
from tournaments import registration
from tournaments import services as tournaments
from tournaments.models import EntryStatus, SeatingMethod

CLUB = None  # whoever may see the club
PUBLIC, LOGGED_IN, TOKEN = "public", "logged in", "token"  # pages outside any club
ANYONE = "anyone with the link"  # a club's page for everyone, private club or not (registration)

# Who may open each URL: a role for a club's page, or what a page outside any club needs.
ACCESS: dict[str, Any] = {
    "home": PUBLIC,
    "healthz": PUBLIC,
    "favicon": PUBLIC,
    "service_worker": PUBLIC,
    "manifest": PUBLIC,
    "set_language": PUBLIC,
    "login": PUBLIC,
    "logout": PUBLIC,
    "signup": PUBLIC,
    "password_reset": PUBLIC,
    "password_reset_done": PUBLIC,
    "password_reset_confirm": PUBLIC,
    "password_reset_complete": PUBLIC,
    "password_change": LOGGED_IN,
    "password_change_done": LOGGED_IN,
    "clubs:new": LOGGED_IN,
    "clubs:join": TOKEN,
    "reports:game_sheet": CLUB,
    "reports:game_sheets": Role.ADMIN,
    "reports:standings": CLUB,
    "standings:league_yaku": CLUB,
    "standings:predict": CLUB,
    "standings:day_latest": CLUB,
    "standings:day": CLUB,
    "standings:day_csv": CLUB,
    "reports:day": CLUB,
    "reports:player": CLUB,
    "reports:blank_sheet": CLUB,
    "standings:home": CLUB,
    "standings:standings": CLUB,
    "standings:league": CLUB,
    "standings:standings_csv": CLUB,
    "standings:games_csv": CLUB,
    "standings:results_csv": CLUB,
    "standings:results_xlsx": CLUB,
    "standings:penalties_csv": CLUB,
    "standings:whatif": CLUB,
    "standings:player": CLUB,
    "standings:game_chart": CLUB,
    "standings:log": Role.ADMIN,
    "games:list": CLUB,
    "games:start": Role.SCOREKEEPER,
    "games:import": Role.SCOREKEEPER,
    "games:game": CLUB,
    "games:export": CLUB,
    "games:history": Role.SCOREKEEPER,
    "games:record": Role.SCOREKEEPER,
    "games:preview": Role.SCOREKEEPER,
    "games:edit": Role.SCOREKEEPER,
    "games:edit_preview": Role.SCOREKEEPER,
    "games:calculator": Role.SCOREKEEPER,
    "games:count": Role.SCOREKEEPER,
    "games:delete": Role.SCOREKEEPER,
    "games:finish": Role.SCOREKEEPER,
    "games:end_early": Role.SCOREKEEPER,
    "games:reopen": Role.SCOREKEEPER,
    "games:void": Role.ADMIN,
    "games:league": Role.ADMIN,
    "games:final_scores": Role.SCOREKEEPER,
    "games:chips": Role.SCOREKEEPER,
    "tournaments:list": CLUB,
    "tournaments:new": Role.ADMIN,
    "tournaments:create": Role.ADMIN,
    "tournaments:tournament": CLUB,
    "tournaments:players": Role.ADMIN,
    "tournaments:register": Role.ADMIN,
    "tournaments:entry": Role.ADMIN,
    "tournaments:check_in_many": Role.ADMIN,
    "tournaments:card": CLUB,
    "tournaments:card_check_in": Role.ADMIN,
    "tournaments:check_in_cards": Role.ADMIN,
    "tournaments:sign_up": ANYONE,
    "tournaments:withdraw": TOKEN,
    "tournaments:registration": Role.ADMIN,
    "tournaments:approve_places": Role.ADMIN,
    "tournaments:registrant": Role.ADMIN,
    "tournaments:seating_check": CLUB,
    "tournaments:draw": Role.ADMIN,
    "tournaments:upload": Role.ADMIN,
    "tournaments:cut": Role.ADMIN,
    "tournaments:standings": CLUB,
    "tournaments:results_pdf": CLUB,
    "tournaments:results_csv": CLUB,
    "tournaments:results_xlsx": CLUB,
    "tournaments:penalties_csv": CLUB,
    "tournaments:report_pdf": CLUB,
    "tournaments:sign_off": Role.ADMIN,
    "tournaments:round": CLUB,
    "tournaments:clock": CLUB,
    "tournaments:hall": CLUB,
    "tournaments:hall_now": CLUB,
    "tournaments:publish": Role.ADMIN,
    "tournaments:start_clock": Role.ADMIN,
    "tournaments:close": Role.ADMIN,
    "tournaments:referee": Role.SCOREKEEPER,
    "tournaments:seating_pdf": CLUB,
    "tournaments:cards_pdf": CLUB,
    "clubs:settings": Role.ADMIN,
    "clubs:members": Role.ADMIN,
    "clubs:role": Role.ADMIN,
    "clubs:remove": Role.ADMIN,
    "clubs:invite": Role.ADMIN,
    "clubs:revoke": Role.ADMIN,
    "clubs:players": CLUB,
    "clubs:player_add": Role.SCOREKEEPER,
    "clubs:player": CLUB,
    "clubs:player_rename": Role.SCOREKEEPER,
    "clubs:player_link": Role.ADMIN,
    "clubs:player_federation": Role.SCOREKEEPER,
    "clubs:league_new": Role.ADMIN,
    "clubs:league_edit": Role.ADMIN,
    "clubs:league_teams": Role.ADMIN,
    "clubs:team_new": Role.ADMIN,
    "clubs:team_save": Role.ADMIN,
    "clubs:team_delete": Role.ADMIN,
    "clubs:schedule_generate": Role.ADMIN,
    "clubs:match_add": Role.ADMIN,
    "clubs:schedule_clear": Role.ADMIN,
    "standings:league_teams": CLUB,
    "standings:teams_csv": CLUB,
    "standings:titles_csv": CLUB,
    "reports:teams": CLUB,
    "clubs:rulesets": CLUB,
    "clubs:ruleset_new": Role.ADMIN,
    "clubs:ruleset": CLUB,
    "clubs:ruleset_edit": Role.ADMIN,
    "player_merge": Role.ADMIN,
}
RANK = {CLUB: 0, Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}
VISITOR_RANK = {MEMBER: 1, SCOREKEEPER: 2, ADMIN: 3}


def url_patterns() -> Iterator[tuple[str, str]]:
    """(name, route) of every URL of the project but Django's admin (staff only, its own)."""

    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[tuple[str, str]]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.app_name == "admin":
                    continue
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
            elif isinstance(pattern, URLPattern):
                yield f"{namespace}{pattern.name}", prefix + str(pattern.pattern)

    return walk(get_resolver().url_patterns, "", "")


PATTERNS = sorted(set(url_patterns()))
CLUB_PATTERNS = [(name, route) for name, route in PATTERNS if "<slug:slug>" in route]


def test_every_url_says_who_may_open_it() -> None:
    missing = sorted(name for name, _route in PATTERNS if name not in ACCESS)
    assert not missing, f"add to ACCESS, with the role each needs: {missing}"
    gone = sorted(set(ACCESS) - {name for name, _route in PATTERNS})
    assert not gone, f"no such URL any more: {gone}"


@dataclass
class Everything:
    world: World
    ids: dict[str, str]
    own_ids: dict[str, dict[str, str]]  # a URL's ids where they differ from ``ids``


def build(public: bool) -> Everything:
    world = build_world(public)
    club = world.club
    game = make_game(club, club.default_ruleset)
    state = scoring.game_state(game)
    scoring.record_hand(
        game, {"result": {"type": "draw", "tenpai": [0]}}, version=state.version, key="h1"
    )
    league = make_league(club)
    # Two teams of the league: one a page edits, one taken out (clubs:team_delete).
    team, leaving_team = (LeagueTeam.objects.create(league=league, name=n) for n in ("東", "西"))
    # The member whose role a test changes or who is removed: not one of the visitors.
    bystander = make_member(club, "bystander", Role.MEMBER).memberships.get(club=club)
    leaving = make_member(club, "leaving", Role.MEMBER).memberships.get(club=club)
    tournament = tournaments.create_tournament(
        club, name="大会", starts_on=game.played_on, ruleset=club.default_ruleset, rounds=2
    )
    # 16 players: the affine plane seats them at once (a search for 8 takes a second a draw)
    entries = tournaments.register(tournament, [f"選手{n}" for n in range(16)])
    for entry in entries:
        tournaments.set_status(entry, EntryStatus.CHECKED_IN)
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    tournaments.publish_round(round_, played_on=game.played_on)
    # Registration open (its form is then anyone's), and one registrant with a withdrawal link.
    registration.set_registration(
        tournament,
        registration_open=True,
        registration_capacity=None,
        registration_deadline=None,
        asks_federation=False,
    )
    signed = registration.sign_up(
        tournament, name="申込者", email="entrant@example.org", language="ja", now=timezone.now()
    )
    ids = {
        "slug": club.slug,
        "game_id": str(game.pk),
        "league_id": str(league.pk),
        "player_id": str(world.players[0].pk),
        "ruleset_id": str(world.ruleset_id),
        "membership_id": str(bystander.pk),
        "invitation_id": str(world.invitation.pk),
        "token": world.invitation.token,
        "tournament_id": str(tournament.pk),
        "team_id": str(team.pk),
        "entry_id": str(entries[0].pk),
        "registration_id": str(signed.pk),
        "number": "1",
        "seat": "1",
        "table": "1",
        "day": game.played_on.isoformat(),
    }
    # clubs:remove takes its member out for good: another one than clubs:role's. A withdrawal
    # link's token is the registrant's, not the invitation's.
    own_ids = {
        "clubs:remove": {"membership_id": str(leaving.pk)},
        "clubs:team_delete": {"team_id": str(leaving_team.pk)},
        "tournaments:withdraw": {"token": signed.token},
    }
    return Everything(world, ids, own_ids)


@pytest.fixture(scope="module")
def kept(module_db: None) -> Everything:
    """The club with everything in it, built once for the module (each test rolled back)."""
    return build(public=False)


def concrete(route: str, ids: dict[str, str]) -> str:
    path = route
    for key, value in ids.items():
        for converter in ("slug:", "int:", "str:", ""):
            path = path.replace(f"<{converter}{key}>", value)
    assert "<" not in path, path
    return "/" + path


def answer(client: Any, url: str) -> Any:
    """The response to a GET, or to an empty POST where the view takes only POSTs."""
    response = client.get(url)
    if response.status_code == 405:
        response = client.post(url, {})
    return response


def expected_answer(name: str, visitor: str, public: bool) -> str:
    """What ``visitor`` should get from a club's ``name``: a status or "allowed"."""
    need = ACCESS[name]
    if need in (TOKEN, ANYONE):  # the token (or the open registration) is the permission
        return "200"
    if public and need is CLUB:  # a public club's pages are everyone's
        return "allowed"
    if visitor == ANONYMOUS:
        return "302 to log in"
    if visitor == OTHER_ADMIN:
        return "403" if public else "404"  # a private club: not even that it exists
    return "403" if VISITOR_RANK[visitor] < RANK[need] else "allowed"


def got_answer(client: Any, url: str) -> str:
    response = answer(client, url)
    status = response.status_code
    if status == 302 and response["Location"].startswith("/accounts/login/"):
        return "302 to log in"
    if status in (403, 404) or status >= 500:
        return str(status)
    return "allowed" if status != 200 else "200"


@pytest.mark.django_db
@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("visitor", [ANONYMOUS, OTHER_ADMIN, MEMBER, SCOREKEEPER, ADMIN])
def test_every_page_of_a_club_answers_each_visitor_as_its_role_allows(
    visitor: str, public: bool, kept: Everything
) -> None:
    everything = replace(kept, world=fresh(kept.world, public))
    client = everything.world.clients[visitor]
    wrong = []
    for name, route in CLUB_PATTERNS:
        url = concrete(route, {**everything.ids, **everything.own_ids.get(name, {})})
        want, got = expected_answer(name, visitor, public), got_answer(client, url)
        if got != want and not (want == "allowed" and got == "200"):
            wrong.append(f"{name} {url}: {got}, not {want}")
    assert not wrong, "\n".join(wrong)


OUTSIDE = [(name, route) for name, route in PATTERNS if "<slug:slug>" not in route]
RESET = {"uidb64": "MQ", "token": "set-password"}


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "route"), OUTSIDE, ids=[name for name, _r in OUTSIDE])
def test_the_pages_outside_any_club_ask_a_login_only_where_they_should(
    name: str, route: str
) -> None:
    from django.test import Client

    response = answer(Client(), concrete(route, RESET))
    login = response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert response.status_code < 500
    assert login == (ACCESS[name] == LOGGED_IN), (name, response.status_code)


@pytest.mark.django_db
def test_every_change_needs_the_csrf_token(kept: Everything) -> None:
    """A form posted from another site (no CSRF token) is refused by every view that changes."""
    from django.test import Client

    everything = kept
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(everything.world.club.memberships.get(user__username="kanri").user)
    accepted = []
    for name, route in CLUB_PATTERNS:
        url = concrete(route, {**everything.ids, **everything.own_ids.get(name, {})})
        if forged.post(url, {}).status_code != 403:
            accepted.append(name)
    assert not accepted, f"posted without a CSRF token and not refused: {accepted}"


@pytest.mark.django_db
def test_public_pages_never_show_an_email_address(kept: Everything) -> None:
    """What a public club shows anyone: no member's e-mail address on any page it can open."""
    from django.test import Client

    everything = replace(kept, world=fresh(kept.world, public=True))
    for user in User.objects.all():
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    emails = [user.email for user in User.objects.all()]
    visitor, leaks = Client(), []
    for name, route in CLUB_PATTERNS:
        url = concrete(route, {**everything.ids, **everything.own_ids.get(name, {})})
        response = visitor.get(url)
        if response.status_code == 200:
            body = response.getvalue() if hasattr(response, "getvalue") else b""
            text = body.decode(errors="replace")
            leaks += [f"{name}: {email}" for email in emails if email in text]
    assert not leaks, leaks

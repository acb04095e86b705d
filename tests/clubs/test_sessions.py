"""Sessions: read from the cache, and a club page's user read with the membership.

A session is read from the cache (``cached_db``) with no query, and from the database when the
cache lost it. ``clubs.access`` takes the session's user from the membership it reads anyway
only when ``django.contrib.auth.get_user`` would give that user as it is; whatever Django
refuses (a password changed since, a retired SECRET_KEY, an inactive user, a backend no longer
listed) stays refused, and a retired key still kept as a fallback still works, as on every
other page.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, Membership
from tests.clubs.conftest import logged_in

OLD_KEY = "a-secret-key-retired-after-a-leak-0123456789-abcdefghijklmnopqrstuvwxyz"
NEW_KEY = "the-secret-key-of-today-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789"


def club_page(client: Client, club: Club) -> Any:
    return client.get(f"/c/{club.slug}/")


def logged_out(response: Any) -> bool:
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def session_reads(client: Client, club: Club) -> int:
    """The queries of one club page that read the session table."""
    with CaptureQueriesContext(connection) as queries:
        assert club_page(client, club).status_code == 200
    return len([q for q in queries if 'FROM "django_session"' in q["sql"]])


def test_a_session_is_read_from_the_cache_with_no_query(club: Club, member: User) -> None:
    assert session_reads(logged_in(member), club) == 0


def test_a_session_the_cache_lost_is_read_from_the_database_once(club: Club, member: User) -> None:
    client = logged_in(member)
    cache.clear()  # a server restarted with an emptied cache, or an entry culled
    assert session_reads(client, club) == 1
    assert session_reads(client, club) == 0


def test_logging_out_ends_the_session_in_the_cache_too(club: Club, member: User) -> None:
    client = logged_in(member)
    cookie = client.cookies["sessionid"].value
    client.post("/accounts/logout/")
    client.cookies["sessionid"] = cookie  # the old cookie, sent again
    assert logged_out(club_page(client, club))


def test_a_members_user_comes_with_the_membership(club: Club, member: User) -> None:
    client = logged_in(member)
    with CaptureQueriesContext(connection) as queries:
        response = club_page(client, club)
    assert response.status_code == 200
    assert "menba" in response.content.decode()  # the header's account: request.user
    users = [q["sql"] for q in queries if 'FROM "auth_user"' in q["sql"]]
    memberships = [q["sql"] for q in queries if 'FROM "clubs_membership"' in q["sql"]]
    assert users == []
    assert len(memberships) == 1
    assert '"auth_user"."password"' in memberships[0]


def test_a_password_changed_elsewhere_logs_the_old_session_out(club: Club, member: User) -> None:
    client = logged_in(member)
    member.set_password("a-new-password-after-a-lost-phone")
    member.save()
    assert logged_out(club_page(client, club))
    assert HASH_SESSION_KEY not in client.session  # flushed, as Django does


def test_an_inactive_member_is_a_visitor(club: Club, member: User) -> None:
    client = logged_in(member)
    User.objects.filter(pk=member.pk).update(is_active=False)
    assert logged_out(club_page(client, club))


def test_a_session_of_a_backend_no_longer_listed_is_a_visitor(club: Club, member: User) -> None:
    client = logged_in(member)
    session = client.session
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.RemoteUserBackend"
    session.save()
    assert logged_out(club_page(client, club))


def test_a_session_of_a_retired_key_kept_as_a_fallback_moves_to_the_new_key(
    club: Club, member: User, settings: Any
) -> None:
    settings.SECRET_KEY = OLD_KEY
    client = logged_in(member)
    old_session = client.session.session_key
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, [OLD_KEY]
    assert club_page(client, club).status_code == 200
    assert client.session.session_key != old_session  # cycled, as Django does
    assert client.session[HASH_SESSION_KEY] == member.get_session_auth_hash()
    assert club_page(client, club).status_code == 200


def test_a_session_of_a_key_no_longer_kept_is_logged_out(
    club: Club, member: User, settings: Any
) -> None:
    settings.SECRET_KEY = OLD_KEY
    client = logged_in(member)
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, []
    assert logged_out(club_page(client, club))


def test_a_logged_in_stranger_learns_nothing_of_a_private_club(club: Club, stranger: User) -> None:
    client = logged_in(stranger)
    with CaptureQueriesContext(connection) as queries:
        assert club_page(client, club).status_code == 404
    assert not Membership.objects.filter(user=stranger).exists()
    assert len([q for q in queries if 'FROM "auth_user"' in q["sql"]]) == 1

"""Accounts: log in and out, sign up, change and reset a password (mail by the console backend)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from clubs.models import Club, Membership, Role
from tests.clubs.conftest import logged_in
from tests.clubs.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def user() -> User:
    return make_user("kanri")


def test_login_page_is_ours_in_japanese() -> None:
    response = Client().get("/accounts/login/")
    assert response.status_code == 200
    assert "<h1>ログイン</h1>" in response.text
    assert "/accounts/signup/" in response.text


def test_logging_in_goes_where_the_visitor_was_going(user: User) -> None:
    response = Client().post(
        "/accounts/login/", {"username": "kanri", "password": PASSWORD, "next": "/clubs/new/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/clubs/new/"


def test_logging_out_is_a_post(user: User) -> None:
    client = logged_in(user)
    assert client.get("/accounts/logout/").status_code == 405
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_signing_up_logs_in(db: None) -> None:
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {
            "username": "atarashii",
            "email": "a@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(User.objects.get(username="atarashii").pk)


def test_signing_up_refuses_a_next_page_elsewhere(db: None) -> None:
    response = Client().post(
        "/accounts/signup/",
        {
            "username": "atarashii",
            "email": "a@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "https://evil.example/",
        },
    )
    assert response["Location"] == "/"


def test_signing_up_needs_an_email_for_a_forgotten_password(db: None) -> None:
    response = Client().post(
        "/accounts/signup/",
        {"username": "atarashii", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="atarashii").exists()
    assert "このフィールドは必須です" in response.text


def test_changing_the_password(user: User) -> None:
    client = logged_in(user)
    response = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "a-new-long-pass",
            "new_password2": "a-new-long-pass",
        },
    )
    assert response["Location"] == "/accounts/password/changed/"
    user.refresh_from_db()
    assert user.check_password("a-new-long-pass")
    assert "パスワードを変更しました" in client.get("/accounts/password/changed/").text


def test_resetting_a_forgotten_password_by_mail(user: User) -> None:
    response = Client().post("/accounts/password/reset/", {"email": "kanri@example.org"})
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["kanri@example.org"]
    url = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body)
    assert url is not None
    client = Client()
    form = client.get(url.group(1), follow=True)
    assert form.status_code == 200
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-new-long-pass", "new_password2": "a-new-long-pass"},
    )
    assert done["Location"] == "/accounts/password/reset/done/"
    user.refresh_from_db()
    assert user.check_password("a-new-long-pass")


NEW_CLUB = {
    "name": "白菊会",
    "slug": "shiragiku",
    "is_public": "on",
    "default_language": "ja",
    "time_zone": "Asia/Tokyo",
}


def test_creating_a_club_makes_you_its_admin(user: User) -> None:
    response = logged_in(user).post("/clubs/new/", NEW_CLUB)
    assert response.status_code == 302
    assert response["Location"] == "/c/shiragiku/"
    club = Club.objects.get(slug="shiragiku")
    assert (club.name, club.is_public, club.time_zone) == ("白菊会", True, "Asia/Tokyo")
    assert Membership.objects.get(club=club).role == Role.ADMIN
    assert Membership.objects.get(club=club).user == user


def test_a_club_address_is_taken_once(user: User) -> None:
    Club.objects.create(name="先客", slug="shiragiku")
    response = logged_in(user).post("/clubs/new/", NEW_CLUB)
    assert response.status_code == 200
    assert Club.objects.count() == 1
    assert "URL名" in response.text


def test_a_new_club_starts_in_tokyo_time_and_the_visitors_language(user: User) -> None:
    page = logged_in(user).get("/clubs/new/").text
    assert '<option value="Asia/Tokyo" selected>' in page
    assert '<option value="ja" selected>' in page

"""Login rate limiting (django-axes) and the Content Security Policy (django-csp)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

PASSWORD = "correct-horse-battery"


@pytest.fixture
def user(db: None) -> User:
    return User.objects.create_user("yamada", "yamada@example.org", PASSWORD)


def log_in(client: Client, username: str, password: str) -> int:
    return client.post("/accounts/login/", {"username": username, "password": password}).status_code


def test_five_wrong_passwords_lock_the_name_out_even_for_the_right_one(user: User) -> None:
    client = Client()
    assert [log_in(client, "yamada", "wrong") for _ in range(4)] == [200] * 4
    response = client.post("/accounts/login/", {"username": "yamada", "password": "wrong"})
    assert response.status_code == 429
    response = client.post("/accounts/login/", {"username": "yamada", "password": PASSWORD})
    assert response.status_code == 429
    assert "15分" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lock_is_one_names_and_a_good_login_resets_the_count(user: User, db: None) -> None:
    User.objects.create_user("suzuki", password=PASSWORD)
    client = Client()
    for _ in range(4):
        log_in(client, "yamada", "wrong")
    assert log_in(client, "yamada", PASSWORD) == 302  # the fifth try, right: in
    client.logout()
    assert [log_in(client, "yamada", "wrong") for _ in range(4)] == [200] * 4  # counted anew
    for _ in range(5):
        log_in(client, "yamada", "wrong")
    assert log_in(Client(), "suzuki", PASSWORD) == 302  # another name is not locked


@pytest.mark.django_db
def test_every_page_forbids_inline_script_and_foreign_resources() -> None:
    policy = Client().get("/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


@pytest.mark.django_db
def test_htmx_is_told_not_to_add_an_inline_style() -> None:
    page = Client().get("/").content.decode()
    assert '"includeIndicatorStyles": false' in page
    assert "<style" not in page
    assert " style=" not in page

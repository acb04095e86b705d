"""The home page: Japanese by default, English for an English browser or by the header switch."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Club

pytestmark = pytest.mark.django_db


def test_home_is_japanese_by_default(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "ja"
    assert "<h1>クラブ</h1>" in response.text
    assert '<html lang="ja">' in response.text


def test_an_english_browser_gets_english(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "en-US,en;q=0.9"})
    assert response.headers["Content-Language"] == "en"
    assert "<h1>Clubs</h1>" in response.text


def test_with_no_public_club_the_page_says_how_one_appears(client: Client) -> None:
    Club.objects.create(name="非公開の会", slug="private", is_public=False)
    response = client.get("/")
    assert "まだ掲載されているクラブはありません" in response.text
    assert "非公開の会" not in response.text


def test_public_clubs_are_listed_by_name(client: Client) -> None:
    Club.objects.create(name="白菊会", slug="shiragiku", is_public=True)
    Club.objects.create(name="東風荘クラブ", slug="tonpuu", is_public=True)
    response = client.get("/")
    assert response.text.index("東風荘クラブ") < response.text.index("白菊会")
    assert "まだ掲載されているクラブはありません" not in response.text


def test_the_language_switch_posts_to_set_language_and_sticks(client: Client) -> None:
    page = client.get("/").text
    assert 'action="/i18n/setlang/" method="post"' in page
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    assert "<h1>Clubs</h1>" in client.get("/").text


def test_htmx_is_served_by_us_and_sends_the_csrf_token(client: Client) -> None:
    page = client.get("/").text
    assert '<script src="/static/django_htmx/htmx-2.min.js"' in page
    assert client.get("/static/django_htmx/htmx-2.min.js").status_code == 200
    assert 'hx-headers=\'{"X-CSRFToken": "' in page

"""A PDF speaks the reader's language as the pages do: the language they picked (a cookie), else
the one their browser asks for, else the club's own."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.test import Client

from clubs.models import Club
from scoring.models import Game
from tests.scoring.factories import make_club, make_game, make_ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    club = make_club(public=True)
    return make_game(club, make_ruleset(club, "k_rule", "Kルール"))


def sheet_text(client: Client, game: Game, **headers: str) -> str:
    pdf = client.get(f"/c/{game.club.slug}/games/{game.pk}/sheet.pdf", headers=headers).content
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install poppler-utils"
    return subprocess.run(
        [tool, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


@pytest.mark.parametrize(
    ("header", "cookie", "club_language", "english"),
    [
        ("en-US,en;q=0.9", None, "ja", True),  # the browser asks for English
        ("ja,en;q=0.5", None, "en", False),  # ... or for Japanese, whatever the club speaks
        ("zh-CN,zh;q=0.9", None, "en", True),  # a language Tenbou does not speak: the club's
        ("zh-CN", None, "ja", False),
        ("en-US", "ja", "ja", False),  # the reader's own pick wins
        ("ja", "en", "ja", True),
    ],
)
def test_the_score_sheet_follows_the_readers_language(
    game: Game, header: str, cookie: str | None, club_language: str, english: bool
) -> None:
    Club.objects.filter(pk=game.club_id).update(default_language=club_language)
    client = Client()
    if cookie:
        client.cookies["django_language"] = cookie
    text = sheet_text(client, game, accept_language=header)
    assert ("Score sheet" in text) is english
    assert ("記録用紙" in text) is not english
    page = client.get(f"/c/{game.club.slug}/games/{game.pk}/", headers={"accept-language": header})
    assert f'<html lang="{"en" if english else "ja"}">' in page.content.decode()

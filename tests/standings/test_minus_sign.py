"""A club that writes minus as △ (as Japanese club boards do) sees △ on its standings, its
player pages and its PDFs; the CSV keeps a plain minus for Excel, and other clubs keep theirs."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, League
from clubs.numbers import club_numbers
from scoring.display import points
from tests.clubs.conftest import logged_in


@pytest.fixture
def triangle(club: Club) -> Club:
    club.is_public, club.minus_sign = True, "△"
    club.save()
    return club


def pdf_text(pdf: bytes) -> str:
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install poppler-utils"
    return subprocess.run(
        [tool, "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


@pytest.mark.parametrize(
    ("sign", "value", "shown"),
    [("-", -12.34, "-12.3"), ("△", -12.34, "△12.3"), ("△", 12.0, "+12.0"), ("△", 0.0, "0.0"),
     ("△", -0.04, "0.0"), ("x", -1.0, "-1.0")],
)  # fmt: skip
def test_points_are_written_with_the_clubs_minus_sign(sign: str, value: float, shown: str) -> None:
    with club_numbers(sign):
        assert points(value) == shown
    assert points(-1.0) == "-1.0"  # outside a club's page: a minus


def test_the_standings_page_pdf_and_csv(triangle: Club, league: League) -> None:
    client = Client()
    page = client.get(f"/c/{triangle.slug}/leagues/{league.pk}/").content.decode()
    assert re.search(r">△40\.0<", page)  # 土井: -40.0 over the league
    assert not re.search(r">-\d+\.\d<", page)
    text = pdf_text(client.get(f"/c/{triangle.slug}/leagues/{league.pk}/standings.pdf").content)
    assert "△40.0" in text
    assert "-40.0" not in text
    csv = client.get(f"/c/{triangle.slug}/leagues/{league.pk}/standings.csv")
    assert "-40.0" in csv.content.decode("utf-8-sig")


def test_another_club_keeps_its_minus_and_the_admin_chooses_the_sign(
    club: Club, league: League, admin: User
) -> None:
    club.is_public = True
    club.save()
    assert ">-40.0<" in Client().get(f"/c/{club.slug}/leagues/{league.pk}/").content.decode()
    form = {"name": club.name, "is_public": "on", "default_language": "ja",
            "time_zone": "Asia/Tokyo", "minus_sign": "△"}  # fmt: skip
    response = logged_in(admin).post(f"/c/{club.slug}/settings/", form)
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.minus_sign == "△"
    bad = logged_in(admin).post(f"/c/{club.slug}/settings/", {**form, "minus_sign": "x"})
    assert bad.status_code in (200, 422)
    assert "minus_sign" in bad.context["form"].errors

"""The blank score sheet: one A4 page to keep score on paper, with the ruleset's key numbers.

The PDF is read back with poppler's tools (``pdftotext``, ``pdfinfo``, ``pdffonts``,
``pdftoppm``); page 1 is saved as a PNG under tests/browser/artifacts/ to look at.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Role, Ruleset
from reports.blank import blank_sheet_pdf
from tests.clubs.factories import make_club, make_member, make_ruleset

ARTIFACTS = Path(__file__).resolve().parents[1] / "browser" / "artifacts"
SETTLEMENT_ROWS = ("素点", "順位", "ウマ", "オカ", "ポイント")


def poppler(tool: str, *args: str) -> str:
    """A poppler tool's output; without poppler-utils a local run skips, CI fails."""
    if shutil.which(tool) is None:
        reason = f"{tool} is not installed (apt-get install poppler-utils)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def pdf_file(pdf: bytes, tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    return str(path)


def sheet_text(pdf: bytes, tmp_path: Path) -> str:
    return poppler("pdftotext", "-layout", pdf_file(pdf, tmp_path, "sheet"), "-")


@pytest.fixture
def club(db: None) -> Club:
    return make_club("tsubame", name="つばめ麻雀会")


@pytest.fixture
def k_rule(club: Club) -> Ruleset:
    return make_ruleset(club, "k_rule", "Kルール")


@pytest.fixture
def sanma(club: Club) -> Ruleset:
    return make_ruleset(club, "gensou_sanma", "三麻")


def test_a_k_rule_sheet_has_four_seats_the_settlement_and_the_key_numbers(
    k_rule: Ruleset, tmp_path: Path
) -> None:
    text = sheet_text(blank_sheet_pdf(k_rule, "ja"), tmp_path)
    for heading in ("局", "本場", "供託", "東", "南", "西", "北", *SETTLEMENT_ROWS):
        assert heading in text
    for number in ("25,000", "30,000", "+20 / +10 / -10 / -20", "五捨六入", "3,000"):
        assert number in text
    assert "7,700" in text  # a common hand: non-dealer ron, 30 fu 4 han


def test_a_sanma_sheet_has_three_seats_and_no_north(sanma: Ruleset, tmp_path: Path) -> None:
    text = sheet_text(blank_sheet_pdf(sanma, "ja"), tmp_path)
    for heading in ("局", "本場", "東", "南", "西", *SETTLEMENT_ROWS):
        assert heading in text
    assert "北" not in text
    for number in ("35,000", "40,000", "+10 / 0 / -10"):
        assert number in text


@pytest.mark.parametrize("preset", ["k_rule", "gensou_sanma"])
def test_the_sheet_is_one_page_with_ipaex_gothic_embedded(
    club: Club, preset: str, tmp_path: Path
) -> None:
    path = pdf_file(blank_sheet_pdf(make_ruleset(club, preset), "ja"), tmp_path, preset)
    assert "Pages:           1" in poppler("pdfinfo", path)
    fonts = [line.split() for line in poppler("pdffonts", path).splitlines()[2:]]
    assert any("IPAexGothic" in font[0] and font[-5] == "yes" for font in fonts), fonts
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    png = ARTIFACTS / f"blank-sheet-{preset}"
    poppler("pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", path, str(png))
    assert png.with_suffix(".png").stat().st_size > 0


def sheet_url(ruleset: Ruleset) -> str:
    return reverse("reports:blank_sheet", args=[ruleset.club.slug, ruleset.pk])


def test_a_private_club_sends_an_anonymous_visitor_to_log_in(
    client: Client, k_rule: Ruleset
) -> None:
    response = client.get(sheet_url(k_rule))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_a_member_downloads_the_pdf(client: Client, club: Club, k_rule: Ruleset) -> None:
    client.force_login(make_member(club, "menba", Role.MEMBER))
    response = client.get(sheet_url(k_rule))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="blank-sheet-{k_rule.pk}.pdf"'
    assert response.content.startswith(b"%PDF")


def test_another_clubs_admin_gets_404(client: Client, k_rule: Ruleset) -> None:
    client.force_login(make_member(make_club("hibari"), "yoso", Role.ADMIN))
    assert client.get(sheet_url(k_rule)).status_code == 404


def test_an_unknown_ruleset_and_one_without_a_version_are_404(
    client: Client, club: Club, k_rule: Ruleset
) -> None:
    member: User = make_member(club, "menba", Role.MEMBER)
    client.force_login(member)
    empty = Ruleset.objects.create(club=club, name="空", preset="k_rule")
    unknown = reverse("reports:blank_sheet", args=[club.slug, 999_999])
    assert client.get(unknown).status_code == 404
    assert client.get(sheet_url(empty)).status_code == 404


def test_the_ruleset_page_offers_the_blank_sheet(
    client: Client, club: Club, k_rule: Ruleset
) -> None:
    client.force_login(make_member(club, "menba", Role.MEMBER))
    page = client.get(reverse("clubs:ruleset", args=[club.slug, k_rule.pk]))
    assert sheet_url(k_rule) in page.content.decode()

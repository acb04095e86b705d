"""The QR codes on the printouts, read back as a phone would: page 1 of each PDF, downloaded as a
reader does (the site's host comes from the request), drawn at 150 dpi (``pdftoppm``) and
decoded (``zbarimg``). Each code must be the exact absolute URL of the page it promises: a table
card its table's game, a seating sheet each table of the draft round, a score sheet its game, the
standings the league's page, a blank sheet its ruleset's, a check-in card the player's check-in.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Role
from reports.games import game_sheet_pdf
from reports.qr import page_url, qr_image, qr_png, qr_png_of
from reports.templatetags.qr_codes import printed
from scoring import services
from tests.clubs.conftest import logged_in
from tests.reports.words import word_boxes
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset
from tests.standings.factories import make_league
from tests.tournaments.conftest import make_tournament
from tournaments import services as tournaments
from tournaments.models import EntryStatus, Round, SeatingMethod, Tournament

pytestmark = pytest.mark.django_db

SITE = "http://testserver"  # the Django test client's host


@pytest.fixture(autouse=True)
def _tools() -> None:
    missing = [tool for tool in ("pdftoppm", "zbarimg") if shutil.which(tool) is None]
    if missing and os.environ.get("CI") != "true":
        pytest.skip(f"{', '.join(missing)} not installed (poppler-utils, zbar-tools): no code read")
    assert not missing, f"CI must have poppler-utils and zbar-tools: {missing} missing"


def codes(pdf: bytes) -> list[str]:
    """Every QR code on page 1 of ``pdf``, as zbarimg reads it from a 150 dpi drawing."""
    png = subprocess.run(  # no output name: the PNG on stdout
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout
    qr_only = ["-Sdisable", "-Sqrcode.enable"]  # no bar code of other kinds read into the lines
    read = subprocess.run(["zbarimg", "--raw", "-q", *qr_only, "-"], input=png, capture_output=True)
    assert read.returncode in (0, 4), read.stderr  # 4: no code found
    return sorted(read.stdout.decode().split())


def pdf_of(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "application/pdf"
    return response.content


@pytest.fixture
def club(db: None) -> Club:
    club = make_club("qr", public=True)
    make_ruleset(club, "k_rule", name="Kルール")
    return club


@pytest.fixture
def organiser(club: Club) -> User:
    return make_member(club, "organiser", Role.ADMIN)


def drawn(club: Club, players: int = 8) -> tuple[Tournament, Round]:
    tournament = make_tournament(club, players=players, rounds=1)
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    return tournament, round_


def test_each_table_card_codes_its_table_game_page(club: Club) -> None:
    tournament, round_ = drawn(club)
    tournaments.publish_round(round_)
    tables = list(round_.tables.order_by("number"))
    url = f"/c/qr/tournaments/{tournament.pk}/rounds/1/cards.pdf"
    page_1 = codes(pdf_of(Client(), url))  # two cards a page
    assert page_1 == sorted(f"{SITE}/c/qr/games/{table.game_id}/" for table in tables)


def test_a_table_card_prints_its_code_alone_and_the_url_whole_on_one_line_at_its_foot(
    club: Club,
) -> None:
    """The card's URL is not four lines under its code but one, after the signatures: every
    card's URL is there whole, its words on one line, below the seats."""
    tournament, round_ = drawn(club)
    tournaments.publish_round(round_)
    url = f"/c/qr/tournaments/{tournament.pk}/rounds/1/cards.pdf"
    boxes = word_boxes(pdf_of(Client(), url), 1)
    for table in round_.tables.order_by("number"):
        page = f"{SITE}/c/qr/games/{table.game_id}/"
        (top,) = [top for _l, _r, top, word in boxes if word.endswith(page)]
        line = "".join(word for _l, _r, t, word in sorted(boxes) if abs(t - top) < 0.5)
        assert line == f"この卓のページ:{page}"
        assert top > max(t for _l, _r, t, word in boxes if word == "確認" and t < top)


def test_the_seating_sheet_prints_each_tables_url_whole_on_one_line_under_its_seats(
    club: Club, organiser: User
) -> None:
    """As on the cards: the code alone beside the table's number, its URL one line under the
    four seats (not four lines under the code)."""
    tournament, round_ = drawn(club)
    tournaments.publish_round(round_)
    url = f"/c/qr/tournaments/{tournament.pk}/rounds/1/seating.pdf"
    boxes = word_boxes(pdf_of(logged_in(organiser), url), 1)
    for table in round_.tables.order_by("number"):
        page = f"{SITE}/c/qr/games/{table.game_id}/"
        ((left, top),) = [(left, top) for left, _r, top, word in boxes if word == page]
        norths = [t for x, _r, t, word in boxes if word == "北" and abs(x - left) < 1 and t < top]
        assert norths, page  # below its table's last seat, where the seats start
        assert top - max(norths) < 30  # the next line


def test_the_seating_sheet_of_a_draft_codes_each_table_on_the_round_page(
    club: Club, organiser: User
) -> None:
    tournament, _round = drawn(club)
    base = f"/c/qr/tournaments/{tournament.pk}/rounds/1/"
    pdf = pdf_of(logged_in(organiser), f"{base}seating.pdf")
    assert codes(pdf) == [f"{SITE}{base}#table-1", f"{SITE}{base}#table-2"]
    round_page = logged_in(organiser).get(base).content.decode()
    assert 'id="table-1"' in round_page  # where the code's anchor lands


def test_a_game_score_sheet_codes_the_game_page(club: Club) -> None:
    game = make_game(club, club.rulesets.get())
    pdf = pdf_of(Client(), f"/c/qr/games/{game.pk}/sheet.pdf")
    assert codes(pdf) == [f"{SITE}/c/qr/games/{game.pk}/"]
    # Built without a request (``manage.py export_pdf``): no host to point to, so no code.
    assert codes(game_sheet_pdf([services.games().get(pk=game.pk)], "ja")) == []


def test_the_standings_code_the_league_page(club: Club) -> None:
    league = make_league(club, "秋季")
    pdf = pdf_of(Client(), f"/c/qr/leagues/{league.pk}/standings.pdf")
    assert codes(pdf) == [f"{SITE}/c/qr/leagues/{league.pk}/"]


def test_a_blank_sheet_codes_its_ruleset_page_and_stays_one_page(club: Club) -> None:
    ruleset = club.rulesets.get()
    pdf = pdf_of(Client(), f"/c/qr/rulesets/{ruleset.pk}/blank-sheet.pdf")
    assert codes(pdf) == [f"{SITE}/c/qr/rulesets/{ruleset.pk}/"]
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
    assert "Pages:           1\n" in info.stdout.decode()


def test_each_check_in_card_codes_its_player_check_in_page(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, players=4, checked_in=False)
    dropped = tournament.entries.last()
    tournaments.drop_out(dropped, "")
    url = f"/c/qr/tournaments/{tournament.pk}/cards/check-in.pdf"
    pdf = pdf_of(logged_in(organiser), url)
    entries = tournament.entries.exclude(status=EntryStatus.DROPPED)
    base = f"{SITE}/c/qr/tournaments/{tournament.pk}/players"
    assert codes(pdf) == sorted(f"{base}/{entry.pk}/card/" for entry in entries)
    assert len(codes(pdf)) == 3  # the one who dropped out has no card


def test_a_url_needs_a_site_and_its_printed_form_may_wrap_after_a_slash() -> None:
    assert page_url("", "games:game", "qr", 1) == ""
    assert page_url("https://t.example", "games:game", "qr", 1) == "https://t.example/c/qr/games/1/"
    assert printed("https://t.example/c/<qr>/") == "https://t.example/\u200bc/\u200b&lt;qr&gt;/"
    image = qr_image("https://t.example/")
    assert image.startswith('<img class="qr-code" src="tenbou-qr:')


def test_a_codes_image_is_named_in_the_html_and_made_by_the_renderers_fetcher() -> None:
    """The HTML names a code by its URL (60 characters, not its PNG in base64), and the
    renderer's fetcher answers that name with the PNG of that URL and nothing else with it."""
    image = qr_image("https://t.example/c/qr/games/1/")
    source = image.split('src="')[1].split('"')[0]
    assert len(source) < 60
    png = qr_png_of(source)
    assert png is not None
    assert png.startswith(b"\x89PNG")
    assert png == qr_png("https://t.example/c/qr/games/1/")
    assert qr_png_of("data:image/png;base64,iVBORw0KGgo=") is None
    assert qr_png_of("file:///etc/passwd") is None

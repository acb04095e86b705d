"""今日の成績: a day's results rank everyone who finished a game that day (no 規定打数), with
the days before and after, as a page, a CSV and a PDF; reachable from the club home."""

from __future__ import annotations

import datetime
import shutil
import subprocess

import pytest
from django.test import Client

from clubs.models import Club, Player, RulesetVersion
from scoring.models import GameStatus
from tests.standings.factories import result_game

DAY = datetime.date(2026, 10, 3)


@pytest.fixture
def evening(club: Club, version: RulesetVersion, players: list[Player]) -> Club:
    """Three games on 10-03 (and a voided one and one still playing, which do not count), and a
    game on a day either side. 青木 +45 +10 -20 = +35, 馬場 +5 +40 = +45, 千葉 -15 -35 +50 = 0,
    土井 -35 -15 +10 = -40, 江藤 -40 in his one game: all ranked, 江藤 too."""
    club.is_public = True
    club.save()
    a, b, c, d, e = players
    for lines in (
        [
            (a, 1, "45.0", 50000),
            (b, 2, "5.0", 30000),
            (c, 3, "-15.0", 15000),
            (d, 4, "-35.0", 5000),
        ],
        [(b, 1, "40.0", 45000), (a, 2, "10.0", 30000), (d, 3, "-15.0", 15000), (c, 4, "-35.0", 0)],
        [
            (c, 1, "50.0", 55000),
            (d, 2, "10.0", 30000),
            (a, 3, "-20.0", 10000),
            (e, 4, "-40.0", -5000),
        ],
    ):
        result_game(version, None, DAY, lines)
    never = [(a, 1, "99.0", 80000), (b, 2, "0.0", 20000), (c, 3, "-40.0", 0), (d, 4, "-59.0", 0)]
    result_game(version, None, DAY, never, status=GameStatus.VOIDED)
    result_game(version, None, DAY, never, status=GameStatus.ONGOING)
    result_game(version, None, DAY - datetime.timedelta(days=4), never)
    result_game(version, None, DAY + datetime.timedelta(days=7), never)
    return club


def table_rows(html: str) -> list[tuple[str, ...]]:
    body = html[html.index('<table class="stats day-results">') :]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    rows = []
    for row in body.split("<tr>")[1:]:
        cells = [cell.split("<")[0].strip() for cell in row.split(">")[1:]]
        rows.append(tuple(cell for cell in cells if cell))
    return rows


def test_everyone_who_played_is_ranked_by_the_days_points(evening: Club) -> None:
    page = Client().get(f"/c/{evening.slug}/day/2026-10-03/").content.decode()
    assert "<h1>2026-10-03の成績</h1>" in page
    assert "(3対局。規定打数はありません)" in page
    assert table_rows(page) == [
        ("1", "馬場", "+45.0", "2", "1", "1", "0", "0", "1.50"),
        ("2", "青木", "+35.0", "3", "1", "1", "1", "0", "2.00"),
        ("3", "千葉", "0.0", "3", "1", "0", "1", "1", "2.67"),
        ("4", "土井", "-40.0", "3", "0", "1", "1", "1", "3.00"),  # equal to 江藤: a better rank
        ("5", "江藤", "-40.0", "1", "0", "0", "0", "1", "4.00"),
    ]
    assert f'href="/c/{evening.slug}/day/2026-09-29/" rel="prev">← 2026-09-29' in page
    assert f'href="/c/{evening.slug}/day/2026-10-10/" rel="next">2026-10-10 →' in page


def test_the_day_as_csv_and_pdf(evening: Club) -> None:
    client = Client()
    csv = client.get(f"/c/{evening.slug}/day/2026-10-03/results.csv")
    assert csv["Content-Disposition"] == 'attachment; filename="results-2026-10-03.csv"'
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[1].startswith("1,馬場,45.0,2,")
    assert lines[5].startswith("5,江藤,-40.0,1,")
    pdf = client.get(f"/c/{evening.slug}/day/2026-10-03/results.pdf").content
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install poppler-utils"
    text = subprocess.run([tool, "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    printed = text.stdout.decode()
    assert "2026-10-03の成績" in printed
    assert printed.index("馬場") < printed.index("青木") < printed.index("江藤")


def test_the_club_home_leads_to_the_last_day_and_a_day_can_be_picked(evening: Club) -> None:
    client = Client()
    home = client.get(f"/c/{evening.slug}/").content.decode()
    assert f'href="/c/{evening.slug}/day/">今日の成績</a>' in home
    assert client.get(f"/c/{evening.slug}/day/")["Location"] == f"/c/{evening.slug}/day/2026-10-10/"
    picked = client.get(f"/c/{evening.slug}/day/", {"date": "2026-10-03"})
    assert picked["Location"] == f"/c/{evening.slug}/day/2026-10-03/"


@pytest.mark.parametrize("bad", ["2026-13-01", "yesterday", "2026-1-1", "99999-01-01"])
def test_a_day_that_is_no_date_is_404_never_an_error(evening: Club, bad: str) -> None:
    client = Client()
    assert client.get(f"/c/{evening.slug}/day/{bad}/").status_code == 404
    assert client.get(f"/c/{evening.slug}/day/{bad}/results.csv").status_code == 404
    assert client.get(f"/c/{evening.slug}/day/{bad}/results.pdf").status_code == 404
    assert client.get(f"/c/{evening.slug}/day/", {"date": bad}).status_code == 404


def test_a_day_without_games_says_so(evening: Club) -> None:
    page = Client().get(f"/c/{evening.slug}/day/2026-10-04/").content.decode()
    assert "この日に終わった対局はありません。" in page
    client = Client()
    client.cookies["django_language"] = "en"
    english = client.get(f"/c/{evening.slug}/day/2026-10-04/").content.decode()
    assert "No game was finished on this day." in english
    assert "<h1>Results of 2026-10-04</h1>" in english

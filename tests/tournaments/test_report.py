"""The tournament report (PDF): the finalists marked, highlights with their figures from the
hands, every round's tables, the penalties, the ruleset in words, and the organiser's sign-off
(refused while a game's points do not add up, printed once given, withdrawn again).

The tournament is ``results_world``'s with a cut after round 2 to four finalists.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import ClubLog, LogKind
from scoring.models import Game, GameResult
from tests.clubs.conftest import logged_in
from tests.tournaments import results_world
from tests.tournaments.results_world import World

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def world(module_db: None) -> World:
    return results_world.build(cut=True)


@pytest.fixture
def organiser(world: World) -> Client:
    client = logged_in(world.organiser)
    client.cookies["django_language"] = "en"
    return client


def base(world: World) -> str:
    return f"/c/{world.club.slug}/tournaments/{world.tournament.pk}"


def report_text(client: Client, world: World) -> str:
    response = client.get(f"{base(world)}/report.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install poppler-utils"
    text = subprocess.run(
        [tool, "-layout", "-", "-"], input=response.content, capture_output=True, check=True
    ).stdout.decode()
    return re.sub(r"[ \t]+", " ", text)  # the layout's columns, one space apart


def line_of(text: str, start: str) -> str:
    return next(line.strip() for line in text.splitlines() if line.strip().startswith(start))


def test_the_report_marks_the_finalists_and_gives_the_highlights_with_their_figures(
    world: World, organiser: Client
) -> None:
    text = report_text(organiser, world)
    assert "秋季大会 · Tournament report" in text
    # Standings: the four finalists (01 05 02 06 after round 2) marked, the others not.
    for name in ("選手01", "選手05", "選手02", "選手06"):
        assert "◆ finalist" in line_of(text, f"{_place(world, name)} {name}")
    for name in ("選手03", "選手04", "選手07", "選手08"):
        assert "finalist" not in line_of(text, f"{_place(world, name)} {name}")
    # From round 1 table 1's hands: the dealer's 3 han 40 fu ron, 7,700 (honba left out).
    assert (
        "Biggest hand: 選手01, 7,700 points: 3 han 40 fu (ron from 選手03), round 1, table 1, "
        "East 1" in text
    )
    assert "Most wins: 選手01 (wins: 2)" in text
    # Only that table's four players have hands recorded: 選手03 and 04 each dealt in once.
    assert "Fewest deal-ins: 選手01, 選手02 (deal-ins: 0, games: 1)" in text
    # Every round's tables with raw scores and table points; the penalties; the rules.
    assert "1 E 選手01 37,600 +22.6 1" in text
    assert "S 選手06 35,000 +10.0 2" in text
    assert "1 1 East 1, 1 honba 選手04 chombo -20.0" in text
    assert "Round 3 · finals" in text
    # The ruleset in words, as its page says it: EMA's chombo is -20, nothing paid at the table.
    assert "Payment: No payment at the table" in text
    assert "Settled points taken off: 20" in text
    assert "Not signed off yet" in text


def _place(world: World, name: str) -> int:
    from tournaments.standings import tournament_standings

    rows = tournament_standings(world.tournament).rows
    return next(row.place for row in rows if row.name == name)


def test_the_organiser_signs_off_and_the_report_says_who_and_when_then_withdraws(
    world: World, organiser: Client
) -> None:
    response = organiser.post(f"{base(world)}/sign-off/", follow=True)
    assert "The results are signed off." in response.content.decode()
    world.tournament.refresh_from_db()
    assert world.tournament.signed_off_by == world.organiser
    at = timezone.localtime(world.tournament.signed_off_at, ZoneInfo(world.club.time_zone))
    text = report_text(organiser, world)
    assert f"Results signed off by Hanako Suzuki on {at:%Y-%m-%d %H:%M}." in text
    assert "Not signed off yet" not in text
    assert ClubLog.objects.filter(kind=LogKind.TOURNAMENT, action="signed_off").exists()

    response = organiser.post(f"{base(world)}/sign-off/", {"action": "withdraw"}, follow=True)
    assert "The sign-off is withdrawn." in response.content.decode()
    world.tournament.refresh_from_db()
    assert world.tournament.signed_off_at is None
    assert "Not signed off yet" in report_text(organiser, world)


def test_no_sign_off_while_a_game_does_not_add_up(world: World, organiser: Client) -> None:
    game = Game.objects.get(round_number=1, table_number=2, club=world.club)
    GameResult.objects.filter(game=game, seat=0).update(points=Decimal("31.0"))  # was +30.0
    response = organiser.post(f"{base(world)}/sign-off/", follow=True)
    assert (
        "The points do not add up: Round 1, Table 2: the table points add up to +1.0, but its "
        "hands make them add up to 0.0 (penalties 0.0, rounding 0.0)."
    ) in response.content.decode()
    world.tournament.refresh_from_db()
    assert world.tournament.signed_off_at is None


def test_the_tournament_page_links_the_report_and_offers_the_sign_off(
    world: World, organiser: Client
) -> None:
    page = organiser.get(f"{base(world)}/").content.decode()
    assert f'href="{base(world)}/report.pdf"' in page
    assert "Sign off the results" in page
    assert "The results are not signed off yet." in page

"""The hall during a round: the table status and the live standings refresh themselves.

A round of two tables is published; while the page is open in the browser, one table's game
gets a hand and the other finishes. Without a reload, the status page shows one table playing
and one finished, and the standings page shows the finished table's points.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from clubs.models import Club
from scoring import services as scoring
from tests.browser.conftest import screenshot
from tests.clubs.factories import make_club, make_ruleset
from tournaments import services
from tournaments.models import EntryStatus, Round, SeatingMethod, Tournament

DAY = datetime.date(2026, 11, 28)
RON = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}


def round_under_way(players: int) -> tuple[Club, Tournament, Round]:
    """A public club's two-round tournament of ``players``, all checked in, its first round
    drawn at random, published and on the clock."""
    club = make_club("taikai", public=True, name="大会麻雀会")
    ruleset = make_ruleset(club, "k_rule", "Kルール")
    tournament = services.create_tournament(
        club, name="秋季大会", starts_on=DAY, ruleset=ruleset, rounds=2, round_minutes=60
    )
    for entry in services.register(tournament, [f"選手{n:02d}" for n in range(1, players + 1)]):
        services.set_status(entry, EntryStatus.CHECKED_IN)
    (round_,) = services.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    services.publish_round(round_, played_on=DAY)
    services.start_clock(round_)
    return club, tournament, round_


@pytest.fixture
def running(db: None) -> tuple[Club, Tournament, Round]:
    return round_under_way(8)


def test_the_table_status_and_the_standings_follow_the_tables_without_a_reload(
    running: tuple[Club, Tournament, Round], page: Page, phone_page: Page, screenshot_path: Path
) -> None:
    club, tournament, round_ = running
    base = f"/c/{club.slug}/tournaments/{tournament.pk}"
    refused: list[str] = []  # what the Content-Security-Policy blocked, if anything
    for screen in (page, phone_page):
        screen.on("console", lambda message: refused.append(message.text))
    page.clock.install()
    page.goto(f"{base}/rounds/1/")
    expect(page.locator(".table-card.status-not_started")).to_have_count(2)
    phone_page.clock.install()
    phone_page.goto(f"{base}/standings/")
    expect(phone_page.get_by_text("まだ対局を終えた卓はありません。")).to_be_visible()

    first, second = round_.tables.order_by("number")
    game = first.game
    scoring.record_hand(game, RON, version=game.version, key="hand-1")
    game = second.game
    scoring.record_final_scores(
        game, scores=[45000, 30000, 15000, 10000], version=game.version, key="done"
    )

    page.clock.run_for(11_000)  # the status polls every 10 s
    expect(page.locator(".table-card.status-playing")).to_have_count(1)
    expect(page.locator(".table-card.status-finished")).to_have_count(1)
    expect(page.locator(".table-card.status-playing")).to_contain_text("東2局 0本場")
    screenshot(page, screenshot_path / "tournament-status-tablet.png", full_page=True)

    phone_page.clock.run_for(21_000)  # the standings poll every 20 s
    east = second.seats.get(seat=0).entry.player.name
    row = phone_page.locator("table.tournament-standings tbody tr").first
    expect(row).to_contain_text(east)
    expect(row).to_contain_text("+55.0")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone_page, screenshot_path / "tournament-standings-phone.png", full_page=True)
    assert not [text for text in refused if "Content Security Policy" in text], refused


def test_before_the_first_draw_the_organiser_sees_the_repeats_the_draws_will_make(
    db: None, page: Page
) -> None:
    """Eight players over three rounds, nothing drawn: the tournament's page opens at once and
    then, asked apart by htmx under the app's Content-Security-Policy, says how many repeats the
    draws will make (12, no pair meeting more than twice); nothing is drawn by asking."""
    from clubs.models import Membership, Role
    from tests.clubs.factories import PASSWORD, make_user

    club = make_club("yosen", name="予選麻雀会")
    ruleset = make_ruleset(club, "k_rule", "Kルール")
    Membership.objects.create(club=club, user=make_user("kanri"), role=Role.ADMIN)
    tournament = services.create_tournament(
        club, name="月例会", starts_on=DAY, ruleset=ruleset, rounds=3, round_minutes=60
    )
    for entry in services.register(tournament, [f"選手{n:02d}" for n in range(1, 9)]):
        services.set_status(entry, EntryStatus.CHECKED_IN)
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text))
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("kanri")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="ログイン").click()
    with page.expect_request(lambda request: "part=preview" in request.url):
        page.goto(f"/c/{club.slug}/tournaments/{tournament.pk}/")
    expect(page.locator(".seating-preview")).to_contain_text(
        "同じ相手との再戦は12回、同じ二人の対戦は最大2回"
    )
    assert not tournament.round_set.exists()
    assert not [text for text in refused if "Content Security Policy" in text]

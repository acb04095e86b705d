"""The hall screen on a 1920x1080 projector: it fits, it reads from afar, and it follows the tables.

A round of sixteen tables (64 players) with its clock running: table 1 not started, tables 2
to 14 one hand in, table 15 calling a referee, table 16 finished. The screen shows a page of
tables that fits (nothing outside the screen, no scrolling), the scores in type of at least
32 px, and the next page after 10 s; a hand recorded at table 1 meanwhile is on the screen
at the next poll, without a reload (htmx polling every 5 s; the test moves the page's clock).
While the server restarts (a poll answered by a page that is no board, then one refused) the
board stays as it was, and it moves again once the server answers. Escape leaves for the
round's page.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Club
from scoring import services as scoring
from tests.browser.conftest import open_page, screenshot
from tests.browser.test_tournament import round_under_way
from tournaments import services
from tournaments.models import Round, Tournament

PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
HALL_OPENS = 1_800_000_000_000  # the page clock at its install (ms), paused a second on
RON = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}
# Every element a reader sees, that lies (even in part) outside the screen.
OUTSIDE = """() => {
    const outside = [];
    for (const element of document.body.querySelectorAll("*")) {
        if (!element.checkVisibility({visibilityProperty: true})) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5
            || box.bottom > innerHeight + 0.5) {
            outside.push(`${element.tagName}.${element.className} ${JSON.stringify(box)}`);
        }
    }
    return outside;
}"""


def wait_for(page: Page, done: Callable[[], bool], seconds: float) -> None:
    """Until ``done()``, letting Playwright run (a route's handler runs only while it does)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        page.wait_for_timeout(100)


@pytest.fixture
def running(db: None) -> tuple[Club, Tournament, Round]:
    club, tournament, round_ = round_under_way(64)
    for table in round_.tables.select_related("game").filter(number__range=(2, 15)):
        scoring.record_hand(table.game, RON, version=table.game.version, key=f"t{table.number}")
    services.call_referee(round_.tables.get(number=15), True)
    done = round_.tables.get(number=16).game
    scoring.record_final_scores(
        done, scores=[45000, 30000, 15000, 10000], version=done.version, key="done"
    )
    return club, tournament, round_


@pytest.fixture
def projector(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from open_page(browser, live_server, PROJECTOR)


def test_the_hall_screen_fits_a_projector_reads_from_afar_and_follows_the_tables(
    running: tuple[Club, Tournament, Round], projector: Page, screenshot_path: Path
) -> None:
    club, tournament, round_ = running
    page = projector
    refused: list[str] = []  # what the Content-Security-Policy blocked, if anything
    page.on("console", lambda message: refused.append(message.text))
    # The page's clock is Playwright's, paused: the polls (every 5 s) and the turns (every 10 s)
    # come when the test moves it on, not after seconds of waiting. Installed alone it also
    # ran on with the real time, so a slow machine (four test workers) drifted into the next
    # poll before "19 s" and saw the new scores there.
    page.clock.install(time=HALL_OPENS)
    page.clock.pause_at(HALL_OPENS + 1_000)  # a second on (never to the past), then still
    page.goto(f"/c/{club.slug}/tournaments/{tournament.pk}/rounds/1/hall/")
    expect(page.locator(".site-header")).to_have_count(0)
    expect(page.locator(".hall-tables .hall-page")).to_have_text("1 / 2")
    shown = page.locator(".hall-table:not([hidden])")
    assert 9 <= shown.count() < 16
    assert page.evaluate(OUTSIDE) == []
    sizes = page.locator(".hall-table:not([hidden]) .score").evaluate_all(
        "scores => scores.map(s => parseFloat(getComputedStyle(s).fontSize))"
    )
    assert len(sizes) >= 8 * 4, sizes  # the tables playing on the first page
    assert min(sizes) >= 32, sizes
    screenshot(page, screenshot_path / "hall-1920.png")

    game = round_.tables.get(number=1).game
    scoring.record_hand(game, RON, version=game.version, key="hand-1")
    first = page.locator('.hall-table[data-table="1"]')
    page.clock.run_for(5_000)  # 5 s: the first poll
    expect(first.locator(".score")).to_have_text(["25,000", "32,700", "17,300", "25,000"])
    expect(first.locator(".hall-state")).to_have_text("対局中")
    expect(page.locator(".count.status-playing b")).to_have_text("14")
    expect(page.locator(".hall-tables .hall-page")).to_have_text("1 / 2")  # no turn yet

    # The server restarts: one poll gets a page that is no board (a login page, say), the next
    # finds no server. The board stays as it was, and once the server answers it moves again.
    polls: list[str] = []

    def restarting(route: Route) -> None:
        polls.append(route.request.url)
        if len(polls) == 1:
            route.fulfill(status=200, content_type="text/html", body="<title>Log in</title>")
        else:
            route.abort("connectionrefused")

    page.route("**/rounds/1/hall/", restarting)
    # A board swapped in starts its own polls once htmx settles it (a 20 ms timer), so from
    # here on they come at 10.02 s, 15.02 s, 20.02 s: the clock is moved to each tenth past.
    page.clock.run_for(5_100)  # 10.1 s: a poll answered by a login page, and the next page
    wait_for(page, lambda: len(polls) >= 1, seconds=5)
    page.clock.run_for(5_000)  # 15.1 s: a poll that finds no server
    wait_for(page, lambda: len(polls) >= 2, seconds=5)
    expect(first.locator(".score")).to_have_text(["25,000", "32,700", "17,300", "25,000"])
    expect(page.locator(".count.status-playing b")).to_have_text("14")
    page.unroute("**/rounds/1/hall/")

    expect(page.locator(".hall-tables .hall-page")).to_have_text("2 / 2")
    expect(page.locator('.hall-table[data-table="16"]')).to_be_visible()
    assert page.evaluate(OUTSIDE) == []
    screenshot(page, screenshot_path / "hall-1920-page-2.png")
    game = round_.tables.get(number=13).game
    scoring.record_hand(game, RON, version=game.version, key="hand-2")  # South deals: 11,600
    page.clock.run_for(4_000)  # 19.1 s: no poll yet, the board as it was
    expect(page.locator('.hall-table[data-table="13"] .score')).to_have_text(
        ["25,000", "32,700", "17,300", "25,000"]
    )
    page.clock.run_for(1_000)  # 20.1 s: the server answers again, and the first page is back
    expect(page.locator('.hall-table[data-table="13"] .score')).to_have_text(
        ["25,000", "44,300", "5,700", "25,000"]
    )
    expect(page.locator(".hall-tables .hall-page")).to_have_text("1 / 2")

    page.keyboard.press("Escape")
    expect(page).to_have_url(re.compile(rf"/c/taikai/tournaments/{tournament.pk}/rounds/1/$"))
    assert not [text for text in refused if "Content Security Policy" in text], refused

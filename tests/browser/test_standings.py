"""A player reads the club home, the standings and their own page, on a phone and a tablet."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from clubs.models import Club
from tests.browser.conftest import screenshot
from tests.clubs.factories import make_club, make_players, make_ruleset
from tests.standings.factories import make_league, play_short_games

NAMES = ("青木", "馬場", "千葉", "土井", "江藤")


@pytest.fixture
def club(db: None) -> Club:
    club = make_club("tsubame", public=True, name="つばめ麻雀会")
    make_players(club, NAMES)
    version = make_ruleset(club, "k_rule", "Kルール").current_version()
    assert version is not None
    league = make_league(club, "秋季リーグ", ruleset=version.ruleset, qualification_games=3)
    play_short_games(version, league, NAMES)
    return club


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("size", "width"), [("phone", 390), ("tablet", 1024)])
def test_a_player_reads_home_standings_and_their_page(
    club: Club, page: Page, phone_page: Page, screenshot_path: Path, size: str, width: int
) -> None:
    screen = phone_page if size == "phone" else page
    screen.goto("/c/tsubame/")
    expect(screen.get_by_role("heading", name="秋季リーグ")).to_be_visible()
    expect(screen.get_by_role("heading", name="最近の結果")).to_be_visible()
    fits(screen, width)
    screenshot(screen, screenshot_path / f"club-home-{size}.png", full_page=True)

    screen.get_by_role("link", name="成績表").first.click()
    expect(screen.locator("table.standings")).to_be_visible()
    expect(screen.locator("tr.qualification-line")).to_be_visible()  # 江藤 played 2 of 3
    fits(screen, width)
    more = screen.locator("tr.row-detail").first
    if size == "phone":  # the other figures are one tap away, under the row
        expect(more).to_be_hidden()
        screen.locator("details.row-more summary").first.click()
        expect(more).to_be_visible()
        expect(more.get_by_text("トップ率")).to_be_visible()
    else:  # every column is in the table
        expect(more).to_be_hidden()
        expect(screen.locator("thead th.more").first).to_be_visible()
    fits(screen, width)
    screenshot(screen, screenshot_path / f"standings-{size}.png", full_page=True)

    screen.locator("table.standings tbody th a").first.click()
    expect(screen.locator("figure.chart svg").first).to_be_visible()
    fits(screen, width)
    screenshot(screen, screenshot_path / f"player-{size}.png", full_page=True)

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from clubs.models import Club
from tests.browser.conftest import screenshot


def test_a_club_member_switches_the_home_page_to_english(page: Page, screenshot_path: Path) -> None:
    Club.objects.create(name="デモ麻雀クラブ", slug="demo", is_public=True)
    page.goto("/")
    expect(page.get_by_role("heading", name="クラブ")).to_be_visible()
    expect(page.get_by_text("デモ麻雀クラブ")).to_be_visible()

    page.get_by_role("button", name="English").click()

    expect(page.get_by_role("heading", name="Clubs")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    screenshot(page, screenshot_path / "home-tablet-en.png", full_page=True)


def test_the_home_page_fits_a_phone_without_sideways_scrolling(
    phone_page: Page, screenshot_path: Path
) -> None:
    phone_page.goto("/")
    expect(phone_page.get_by_text("まだ掲載されているクラブはありません")).to_be_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(phone_page, screenshot_path / "home-phone-ja.png", full_page=True)

"""The site header is one row on a phone and on a tablet; the menu holds the rest, and a keyboard
or a screen reader reaches every link in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Club, Role
from tests.browser.conftest import screenshot
from tests.browser.test_hand_entry import log_in
from tests.scoring.factories import make_club, make_member

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ("クラブ", "対局", "成績表", "大会", "プレイヤー", "ルール")
ADMIN_LINKS = ("メンバー", "設定", "変更履歴")
ROW = 64  # one row: the 48 px targets and the header's padding


@pytest.fixture
def club(db: None) -> Club:
    club = make_club("tsubame")
    club.name, club.is_public = "つばめ麻雀会", True
    club.save()
    return club


@pytest.fixture
def admin(club: Club) -> User:
    return make_member(club, "kanri", Role.ADMIN)


def header_height(page: Page) -> float:
    return page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height")


@pytest.mark.parametrize("logged_in", [False, True], ids=["visitor", "admin"])
def test_the_phone_header_is_one_row_and_its_menu_opens_every_page(
    club: Club,
    admin: User,
    phone_page: Page,
    live_server: LiveServer,
    screenshot_path: Path,
    logged_in: bool,
) -> None:
    if logged_in:
        log_in(phone_page, live_server, admin)
    phone_page.goto("/c/tsubame/standings/")
    assert header_height(phone_page) == ROW
    header = phone_page.locator(".site-header")
    for name in PAGES:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_hidden()
    expect(header.get_by_role("button", name="English")).to_be_visible()

    menu = header.get_by_role("button", name="メニュー")
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    for name in PAGES + (ADMIN_LINKS if logged_in else ()):
        expect(header.get_by_role("link", name=name, exact=True)).to_be_visible()
    account = "ログアウト" if logged_in else "ログイン"
    expect(header.get_by_role("button" if logged_in else "link", name=account)).to_be_visible()
    screenshot(
        phone_page, screenshot_path / f"header-phone-menu-{'admin' if logged_in else 'visitor'}.png"
    )

    header.get_by_role("link", name="大会", exact=True).click()
    expect(phone_page).to_have_url(f"{live_server.url}/c/tsubame/tournaments/")
    expect(phone_page.get_by_role("button", name="メニュー")).to_have_attribute(
        "aria-expanded", "false"
    )


def test_the_menu_works_by_keyboard_and_escape_closes_it(
    club: Club, admin: User, phone_page: Page, live_server: LiveServer
) -> None:
    log_in(phone_page, live_server, admin)
    phone_page.goto("/c/tsubame/")
    menu = phone_page.get_by_role("button", name="メニュー")
    menu.focus()
    phone_page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    assert menu.get_attribute("aria-controls") == "site-menu"

    focused = [phone_page.evaluate("document.activeElement.textContent.trim()")]
    for _ in range(len(PAGES) + len(ADMIN_LINKS) + 3):
        phone_page.keyboard.press("Tab")
        focused.append(phone_page.evaluate("document.activeElement.textContent.trim()"))
    assert focused == [*PAGES, *ADMIN_LINKS, "kanri", "ログアウト", "English", "メニュー"]

    phone_page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(phone_page.get_by_role("link", name="成績表", exact=True)).to_be_hidden()
    assert phone_page.evaluate("document.activeElement.getAttribute('aria-controls')") == (
        "site-menu"
    )


def test_the_tablet_header_is_one_row_with_the_pages_in_it(
    club: Club, admin: User, page: Page, live_server: LiveServer, screenshot_path: Path
) -> None:
    log_in(page, live_server, admin)
    page.goto("/c/tsubame/standings/")
    assert header_height(page) == ROW
    header = page.locator(".site-header")
    for name in PAGES:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_visible()
    for name in ADMIN_LINKS:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_hidden()

    header.get_by_role("button", name="メニュー").click()
    for name in ADMIN_LINKS:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_visible()
    screenshot(page, screenshot_path / "header-tablet-menu.png")
    page.mouse.click(500, 600)  # a tap anywhere else closes it
    expect(header.get_by_role("link", name="メンバー", exact=True)).to_be_hidden()


def test_a_long_club_name_is_shortened_and_the_header_stays_one_row(
    club: Club, admin: User, phone_page: Page, live_server: LiveServer
) -> None:
    club.name = "とても長い名前の麻雀クラブ" * 4
    club.save()
    phone_page.goto("/c/tsubame/")
    assert header_height(phone_page) == ROW
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert (
        phone_page.evaluate("getComputedStyle(document.querySelector('.club-name')).textOverflow")
        == "ellipsis"
    )


def test_in_english_the_header_offers_japanese_and_a_menu(
    club: Club, phone_page: Page, live_server: LiveServer
) -> None:
    phone_page.context.add_cookies(
        [{"name": "django_language", "value": "en", "url": live_server.url}]
    )
    phone_page.goto("/c/tsubame/")
    expect(phone_page.get_by_role("button", name="日本語")).to_be_visible()
    phone_page.get_by_role("button", name="Menu").click()
    expect(phone_page.get_by_role("link", name="Standings", exact=True)).to_be_visible()

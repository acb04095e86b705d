"""An organiser sets a club up on a tablet: the club, a scorekeeper invited, the house rules.

Japanese browser at 1024x768. The ruleset starts from ``k_rule``; turning kiriage on changes the
preview of a non-dealer's 30 fu 4 han ron from 7,700 to 8,000. Screenshots of the editor and of
the ruleset page at phone size go to ``tests/browser/artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Club, Membership, Role
from tests.browser.conftest import PHONE, TABLET, screenshot
from tests.clubs.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="ログイン").click()


def create_club(page: Page) -> None:
    page.get_by_role("link", name="クラブを作る").click()
    page.get_by_label("名前").fill("つばめ麻雀会")
    page.get_by_label("URL名").fill("tsubame")
    page.get_by_role("button", name="クラブを作成").click()
    expect(page.get_by_role("heading", name="つばめ麻雀会")).to_be_visible()
    expect(page.get_by_text("あなたは管理者です")).to_be_visible()


def invite_scorekeeper(page: Page, browser: Browser, live_server: LiveServer, shots: Path) -> None:
    page.get_by_role("link", name="メンバーと招待").click()
    page.locator("#id_role").select_option("scorekeeper")
    page.get_by_role("button", name="招待リンクを作る").click()
    link = page.get_by_label("招待リンク").input_value()
    screenshot(page, shots / "members_ja.png", full_page=True)

    context = browser.new_context(viewport=TABLET, base_url=live_server.url, locale="ja-JP")
    invitee = context.new_page()
    invitee.goto(link)
    expect(invitee.get_by_text("つばめ麻雀会に記録係として招待されています。")).to_be_visible()
    screenshot(invitee, shots / "join_ja.png")
    invitee.get_by_role("link", name="アカウントを作る").click()
    invitee.locator("#id_username").fill("kiroku")
    invitee.locator("#id_email").fill("kiroku@example.org")
    invitee.locator("#id_password1").fill(PASSWORD)
    invitee.locator("#id_password2").fill(PASSWORD)
    invitee.get_by_role("button", name="アカウントを作成").click()
    invitee.get_by_role("button", name="kirokuとして参加する").click()
    expect(invitee.get_by_text("ようこそ!記録係として参加しました。")).to_be_visible()
    context.close()


def test_an_organiser_creates_a_club_invites_a_scorekeeper_and_sets_kiriage(
    page: Page, browser: Browser, live_server: LiveServer, screenshot_path: Path
) -> None:
    make_user("kanri")
    log_in(page, "kanri")
    create_club(page)
    invite_scorekeeper(page, browser, live_server, screenshot_path)
    club = Club.objects.get(slug="tsubame")
    assert (club.time_zone, club.default_language) == ("Asia/Tokyo", "ja")
    assert Membership.objects.get(club=club, user__username="kiroku").role == Role.SCOREKEEPER

    page.goto("/c/tsubame/")
    page.get_by_role("link", name="ルールを作る").click()
    page.get_by_label("元にするプリセット").select_option("k_rule")
    page.get_by_role("button", name="このプリセットから始める").click()
    ron = page.locator("#preview tr", has_text="子のロン 30符4飜").locator("td")
    expect(ron).to_have_text("7,700")
    kiriage = page.get_by_label("切り上げ満貫")
    expect(kiriage).not_to_be_checked()

    kiriage.check()

    expect(ron).to_have_text("8,000")
    expect(page.locator("#preview tr", has_text="親のロン 30符4飜").locator("td")).to_have_text(
        "12,000"
    )
    screenshot(page, screenshot_path / "ruleset_editor_ja.png")
    screenshot(page, screenshot_path / "ruleset_editor_ja_full.png", full_page=True)

    page.get_by_label("変更内容").fill("切り上げ満貫を採用")
    page.get_by_role("button", name="新しい版として保存").click()
    expect(page.get_by_role("heading", name="Kルール", exact=True)).to_be_visible()
    expect(page.get_by_role("row", name="切り上げ満貫 なし あり")).to_be_visible()
    ruleset = club.rulesets.get()
    assert ruleset.current_version().options["kiriage"] is True
    club.refresh_from_db()
    assert club.default_ruleset == ruleset

    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, screenshot_path / "ruleset_page_phone_ja.png", full_page=True)

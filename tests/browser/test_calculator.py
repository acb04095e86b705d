"""The hand calculator on the tablet: a scorekeeper taps a winning hand's tiles, uses the answer,
and records the hand; and on a phone the tile keyboard fits and works.

Tenhou rules (red fives), Aoki (East 1's dealer), Baba, Chiba, Doi. Baba rons Chiba with
riichi, tanyao and pinfu on 234m 345p 678p 345s 77s, a red 5p among them, winning on 8p (a
two-sided wait on 6-7p): 1 + 1 + 1 + 1 (aka) = 4 han 30 fu, a non-dealer's ron of 7,700.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Role
from scoring.models import Game, Hand
from tests.browser.conftest import screenshot
from tests.browser.test_hand_entry import log_in
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset

pytestmark = pytest.mark.django_db(transaction=True)

HAND = ["2m", "3m", "4m", "3p", "4p", "0p", "6p", "7p", "3s", "4s", "5s", "7s", "7s", "8p"]


def hand_screen(page: Page, live_server: LiveServer, *taps: tuple[str, str]) -> Game:
    """A Tenhou-rules game on the hand screen, as its scorekeeper, these toggles tapped."""
    club = make_club()
    game = make_game(club, make_ruleset(club, "tenhou", "天鳳"))
    log_in(page, live_server, make_member(club, "kiroku", Role.SCOREKEEPER))
    page.goto(f"/c/{club.slug}/games/{game.pk}/")
    for name, value in taps:
        page.locator(f"#entry label:has(input[name='{name}'][value='{value}'])").click()
    return game


def test_a_hand_tapped_tile_by_tile_is_counted_used_and_recorded(
    page: Page, live_server: LiveServer, screenshot_path: Path
) -> None:
    taps = (("result", "ron"), ("riichi", "1"), ("ron_winners", "1"), ("discarder", "2"))
    game = hand_screen(page, live_server, *taps)
    entry = page.locator("#entry")
    expect(page.locator("script[src*='calculator.js']")).to_have_count(0)  # not until opened

    entry.locator(".win[data-seat='1'] .calc-open").click()
    dialog = page.locator("dialog#calculator")
    expect(dialog).to_be_visible()
    expect(dialog.locator("input[name='riichi']")).to_be_checked()  # from the hand form
    keys = dialog.locator(".calc-keys")
    for tile in HAND[:-2]:
        keys.locator(f".key[data-tile='{tile}']").click()
    expect(dialog.locator(".calc-problem")).to_contain_text("14")  # 12 tiles so far
    keys.locator(".key[data-tile='9s']").click()  # a slip
    dialog.locator("[data-calc-undo]").click()
    for tile in HAND[-2:]:
        keys.locator(f".key[data-tile='{tile}']").click()
    expect(dialog.locator("input[name='hand']")).to_have_value("234m34067p34577s8p")
    expect(dialog.locator(".calc-hand .tile")).to_have_count(14)
    expect(dialog.locator(".calc-hand .tile.win")).to_have_attribute("title", "8筒")
    expect(dialog.locator(".calc-headline")).to_contain_text("4翻30符")
    expect(dialog.locator(".calc-headline")).to_contain_text("7,700")
    expect(dialog.locator(".calc-yaku")).to_contain_text("立直")
    expect(dialog.locator(".calc-yaku")).to_contain_text("赤ドラ 1")
    screenshot(page, screenshot_path / "calculator-tablet.png")

    dialog.locator("[data-calc-use]").click()
    expect(dialog).to_be_hidden()
    expect(entry.locator("input[name='value_1'][value='h4']")).to_be_checked()
    expect(entry.locator("input[name='fu_1'][value='30']")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("7,700")
    entry.locator("button.confirm").click()
    expect(page.locator("table.hands tbody tr")).to_have_count(1)

    win = Hand.objects.get(game=game).data["result"]["wins"][0]
    assert (win["han"], win["fu"], win["dora"], win["open"]) == (4, 30, 1, False)
    assert sorted(win["yaku"]) == ["pinfu", "riichi", "tanyao"]


def test_on_a_phone_the_keyboard_fits_and_a_typed_hand_counts(
    phone_page: Page, live_server: LiveServer, screenshot_path: Path
) -> None:
    """390 px: every tile key is on the screen, at least 44 px tall, and a keyboard user can
    type the hand instead of tapping it; with the network down the panel says so."""
    page = phone_page
    hand_screen(page, live_server, ("result", "tsumo"), ("tsumo_winner", "0"))
    entry = page.locator("#entry")
    entry.locator(".win[data-seat='0'] .calc-open").click()
    dialog = page.locator("dialog#calculator")
    expect(dialog).to_be_visible()
    widths = dialog.locator(".calc-keys .key").evaluate_all(
        "keys => keys.map(k => { const r = k.getBoundingClientRect();"
        " return [r.left, r.right, r.height]; })"
    )
    assert len(widths) == 37  # 34 kinds and a red five of each suit
    assert all(left >= 0 and right <= 390 and height >= 44 for left, right, height in widths)
    dialog.locator("input[name='hand']").fill("19m19p19s1234567z1m")
    expect(dialog.locator(".calc-headline")).to_contain_text("役満")  # Tenhou: 13-sided single
    screenshot(page, screenshot_path / "calculator-phone.png", full_page=True)
    counts: list[str] = []  # the tap on "Use" must not count again: the answer would be redrawn
    page.on(
        "request", lambda request: counts.append(request.url) if "/count/" in request.url else None
    )
    dialog.locator("[data-calc-use]").click()
    expect(dialog).to_be_hidden()
    assert counts == []
    expect(entry.locator("input[name='value_0'][value='y1']")).to_be_checked()

    page.context.set_offline(True)  # the Wi-Fi drops: the panel says what to do instead
    entry.locator(".win[data-seat='0'] .calc-open").click()
    expect(dialog.locator(".calc-problem")).to_contain_text("飜と符を手で入力")
    dialog.locator("[data-calc-close]").click()
    expect(dialog).to_be_hidden()

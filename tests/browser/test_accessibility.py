"""The hand screen can be used with a keyboard: each control that takes focus is shown whole,
clear of the sticky record bar, with a focus ring; and the ruleset editor's switched-off options
are disabled until switched on. (axe-core's WCAG 2.1 A/AA check of every page runs in the demo
crawl: ``test_every_page.py``.)
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Role
from tests.browser.conftest import PHONE, TABLET
from tests.browser.test_hand_entry import log_in as log_in_as
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset

# The focused control as a reader sees it (a pill's radio fills its label, which draws the ring),
# where it is, where the record bar is, and whether a ring or a shadow marks it.
FOCUSED = """() => {
    const el = document.activeElement;
    const shown = el.closest(".toggle, .pill, .pick") || el;
    const box = shown.getBoundingClientRect();
    const bar = document.querySelector("#entry .confirm-row");
    const style = getComputedStyle(shown);
    return {
        name: (el.name || el.className || el.nodeName) + "=" + (el.value || el.textContent.trim()),
        inForm: el.closest("#entry") !== null,
        inBar: bar.contains(el),
        top: box.top, bottom: box.bottom, left: box.left, right: box.right,
        barTop: bar.getBoundingClientRect().top,
        width: innerWidth, height: innerHeight,
        ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1)
            || style.boxShadow !== "none",
    };
}"""


def tab_stops(page: Page, limit: int = 150) -> list[dict[str, Any]]:
    """Every control Tab reaches in the hand form, from its first result button to the bar."""
    page.locator("#entry input[name=result]:checked").focus()
    page.keyboard.press("Tab")  # a ring shows for the keyboard's focus, not a script's
    page.keyboard.press("Shift+Tab")
    stops = [page.evaluate(FOCUSED)]
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUSED)
        if not stop["inForm"]:
            return stops
        stops.append(stop)
    raise AssertionError(f"no way out of the form by Tab after {limit} stops")


def hidden_stops(stops: list[dict[str, Any]]) -> list[str]:
    """The stops not shown whole on screen, under the bar, or without a focus ring."""
    wrong = []
    for stop in stops:
        if stop["top"] < 0 or stop["bottom"] > stop["height"]:
            wrong.append(f"{stop['name']} off the screen ({stop['top']:.0f}-{stop['bottom']:.0f})")
        elif not stop["inBar"] and stop["bottom"] > stop["barTop"]:
            wrong.append(f"{stop['name']} under the bar, at {stop['barTop']:.0f}")
        if stop["left"] < 0 or stop["right"] > stop["width"]:
            wrong.append(f"{stop['name']} off the side ({stop['left']:.0f}-{stop['right']:.0f})")
        if not stop["ring"]:
            wrong.append(f"{stop['name']} has no focus ring")
    return wrong


# What a result needs tapped before its panels show: a winner, who dealt in.
TAPS = {"ron": [("ron_winners", 1), ("discarder", 2)], "tsumo": [("tsumo_winner", 3)]}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_every_control_of_the_hand_screen_is_shown_whole_when_tabbed_to(
    browser: Browser, live_server: LiveServer, viewport: ViewportSize
) -> None:
    """Tab from the first result button to the record button, for each result: each control
    is on the screen, clear of the sticky record bar, with its focus ring (WCAG 2.4.7, 2.4.11)."""
    club = make_club()
    make_ruleset(club, "k_rule", "Kルール")
    game = make_game(club)
    context = browser.new_context(viewport=viewport, base_url=live_server.url, locale="ja-JP")
    page = context.new_page()
    log_in_as(page, live_server, make_member(club, "kiroku", Role.SCOREKEEPER))
    page.goto(f"/c/{club.slug}/games/{game.pk}/")
    page.locator("#entry details.events summary").click()  # its controls are tab stops too
    results = page.eval_on_selector_all("#entry input[name=result]", "r => r.map(i => i.value)")
    assert results == ["ron", "tsumo", "draw", "nagashi", "chombo"]  # K-rule's (no abortive)
    wrong = []
    for result in results:
        page.locator(f"#entry label:has(input[name=result][value={result}])").click()
        for name, seat in TAPS.get(result, []):
            page.locator(f"#entry label:has(input[name={name}][value='{seat}'])").click()
        stops = tab_stops(page)
        assert stops[-1]["name"].startswith("confirm"), stops[-1]
        wrong += [f"{result}: {line}" for line in hidden_stops(stops)]
    context.close()
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db(transaction=True)
def test_a_switched_off_options_inputs_are_disabled_until_it_is_switched_on(
    browser: Browser, live_server: LiveServer
) -> None:
    """Not in force, so not editable (and drawn faint, as a disabled control may be); its
    switch still takes the keyboard's focus."""
    club = make_club()
    ruleset = make_ruleset(club, "k_rule", "Kルール")
    context = browser.new_context(viewport=TABLET, base_url=live_server.url, locale="ja-JP")
    page = context.new_page()
    log_in_as(page, live_server, make_member(club, "kanri", Role.ADMIN))
    page.goto(f"/c/{club.slug}/rulesets/{ruleset.pk}/edit/")
    target, switch = page.locator("#id_extension__target"), page.locator("#id_extension__on")
    expect(target).to_be_disabled()
    switch.focus()
    expect(switch).to_be_focused()
    page.keyboard.press("Space")
    expect(target).to_be_enabled()
    expect(target).to_have_value("30000")
    page.keyboard.press("Space")
    expect(target).to_be_disabled()
    context.close()

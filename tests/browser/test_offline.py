"""The game screen through a network outage (the first part of it: the screen opens offline).

Once a scorekeeper has opened a game online, its screen, scripts and styles come from the
service worker (``/sw.js``) with the network off: after a reload, in a tab opened anew, and
the screen says plainly that it is offline. A game never opened on the device says what to do
instead of the browser's error page.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Role
from tests.browser.test_hand_entry import log_in
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset

pytestmark = pytest.mark.django_db(transaction=True)

STYLED = "getComputedStyle(document.querySelector('.game-head')).display !== 'inline'"


def test_a_game_opened_once_opens_again_offline_and_says_so(
    page: Page, live_server: LiveServer
) -> None:
    club = make_club()
    make_ruleset(club, "k_rule", "Kルール")
    game, other = make_game(club), make_game(club)
    log_in(page, live_server, make_member(club, "kiroku", Role.SCOREKEEPER))
    url = f"/c/{club.slug}/games/{game.pk}/"
    page.goto(url)
    # The worker is there and has kept this page (it says so on the banner, still hidden).
    expect(page.locator("#offline-banner")).to_have_attribute("data-kept", "yes")
    expect(page.locator("#offline-banner")).to_be_hidden()

    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_be_visible()  # said at once, before a reload
    page.reload()
    expect(page.locator("#entry")).to_be_visible()  # the hand screen, from the kept copy
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator("#offline-banner")).to_contain_text("オフライン")
    assert page.evaluate(STYLED)  # its styles came from the worker's cache too
    assert page.evaluate("typeof htmx") == "object"  # and its scripts

    tab = page.context.new_page()  # a tab closed and opened again, still offline
    tab.goto(live_server.url + url)
    expect(tab.locator("#entry")).to_be_visible()
    expect(tab.locator("#offline-banner")).to_be_visible()

    never = tab.goto(f"{live_server.url}/c/{club.slug}/games/{other.pk}/")
    assert never is not None
    assert never.status == 503
    expect(tab.locator("body")).to_contain_text("一度オンラインで開いて")

    page.context.set_offline(False)
    page.reload()
    expect(page.locator("#offline-banner")).to_be_hidden()


def test_the_app_installs_from_its_manifest_and_worker(live_server: LiveServer) -> None:
    """What a tablet's browser reads to install the app: both served by Tenbou itself."""
    client = Client()
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = json.loads(manifest.content)
    assert (data["display"], data["start_url"], data["scope"]) == ("standalone", "/", "/")
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200 or icon["src"].startswith("/static/")
    worker = client.get("/sw.js")
    assert worker["Service-Worker-Allowed"] == "/"
    assert worker["Cache-Control"] == "no-cache"
    assert worker["Content-Type"].startswith("text/javascript")
    assert "tenbou-assets-" in worker.content.decode()

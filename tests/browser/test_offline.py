"""The game screen through a network outage (the first part of it: the screen opens offline).

Once a scorekeeper has opened a game online, its screen, scripts and styles come from the
service worker (``/sw.js``) with the network off: after a reload, in a tab opened anew, and
the screen says plainly that it is offline. A game never opened on the device says what to do
instead of the browser's error page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Role
from scoring.models import Hand
from tests.browser.conftest import TABLET, open_page
from tests.browser.test_hand_entry import Table, log_in
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


def game_screen(page: Page, live_server: LiveServer) -> tuple[Any, str]:
    """A K-rule game's screen, opened online by its scorekeeper."""
    club = make_club()
    make_ruleset(club, "k_rule", "Kルール")
    game = make_game(club)
    log_in(page, live_server, make_member(club, "kiroku", Role.SCOREKEEPER))
    url = f"/c/{club.slug}/games/{game.pk}/"
    page.goto(url)
    return game, url


def offline_table(page: Page, live_server: LiveServer) -> tuple[Any, str]:
    """A K-rule game opened online by its scorekeeper (kept by the worker), then offline."""
    game, url = game_screen(page, live_server)
    expect(page.locator("#offline-banner")).to_have_attribute("data-kept", "yes")
    page.context.set_offline(True)
    return game, url


def enter(page: Page, hand: str, waiting: int) -> None:
    """One hand tapped and sent while offline: a ron 1 <- 2 for 3 han 30 fu, or a draw."""
    table = Table(page, Path("/tmp"), "tablet")
    if hand == "ron":
        table.ron(1, 2, 3, 30)
    else:
        table.result("draw")
    page.locator("#entry button.confirm").click()
    expect(page.locator("#offline-queue .queued")).to_have_count(waiting)


HANDS = ("ron", "draw", "draw", "draw", "draw")


def test_hands_recorded_offline_are_kept_and_sent_once_in_order(
    page: Page, live_server: LiveServer
) -> None:
    game, _url = offline_table(page, live_server)
    for count, hand in enumerate(HANDS, 1):
        enter(page, hand, count)
    expect(page.locator("#offline-queue .queue-count")).to_contain_text("5")
    page.reload()  # the tablet restarted: the screen and the five waiting hands are still there
    expect(page.locator("#offline-queue .queued")).to_have_count(5)
    assert not Hand.objects.filter(game=game).exists()

    page.context.set_offline(False)  # the network is back: sent in order, then the screen
    expect(page.locator("table.hands tbody tr")).to_have_count(5, timeout=20_000)
    expect(page.locator("#offline-queue")).to_be_hidden()
    stored = list(Hand.objects.filter(game=game).order_by("number"))
    assert [hand.number for hand in stored] == [1, 2, 3, 4, 5]
    assert [hand.data["result"]["type"] for hand in stored] == ["ron", *["draw"] * 4]
    assert stored[0].data["result"]["wins"][0]["winner"] == 1


def test_every_answer_lost_once_still_stores_each_hand_once(
    page: Page, live_server: LiveServer
) -> None:
    game, _url = offline_table(page, live_server)
    for count, hand in enumerate(HANDS[:3], 1):
        enter(page, hand, count)
    answered: set[str] = set()

    def lose_each_answer_once(route: Any) -> None:
        key = parse_qs(route.request.post_data or "").get("key", [""])[0]
        if key in answered:
            route.continue_()
            return
        answered.add(key)
        route.fetch()  # the server stores the hand ...
        route.abort("connectionreset")  # ... and its answer never arrives

    page.route("**/hands/", lose_each_answer_once)
    page.context.set_offline(False)
    expect(page.locator("table.hands tbody tr")).to_have_count(3, timeout=30_000)
    assert len(answered) == 3
    assert Hand.objects.filter(game=game).count() == 3


def test_a_change_from_another_tablet_stops_the_queue_with_the_reason(
    page: Page, live_server: LiveServer, browser: Browser
) -> None:
    game, url = offline_table(page, live_server)
    enter(page, "ron", 1)
    enter(page, "draw", 2)
    referee = browser.new_context(base_url=live_server.url, locale="ja-JP").new_page()
    log_in(referee, live_server, make_member(game.club, "shinpan", Role.SCOREKEEPER))
    referee.goto(url)
    Table(referee, Path("/tmp"), "tablet").result("draw")
    referee.locator("#entry button.confirm").click()
    expect(referee.locator("table.hands tbody tr")).to_have_count(1)

    page.context.set_offline(False)
    note = page.locator("#offline-queue .queue-note")
    expect(note).to_be_visible(timeout=20_000)
    expect(note).to_contain_text("何も送信していません")
    expect(page.locator("#offline-queue .queued")).to_have_count(2)  # both still waiting
    assert Hand.objects.filter(game=game).count() == 1  # the referee's alone
    expect(page.locator("[data-queue-action='discard']")).to_be_visible()
    referee.context.close()


def _same_port_thread(old: Any, port: int) -> Any:
    """A live server thread whose socket lets another server take its port once it stops, even
    while the browser still holds a connection to it (both sockets allow it: SO_REUSEADDR)."""
    import contextlib
    import socket

    from django.core.servers.basehttp import ThreadedWSGIServer
    from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler

    class Dies(ThreadedWSGIServer):
        """Closing, it drops every connection it holds, as a stopped process would."""

        def process_request(self, request: Any, client_address: Any) -> None:
            self.held = [*getattr(self, "held", []), request]
            super().process_request(request, client_address)

        def server_close(self) -> None:
            super().server_close()
            for request in getattr(self, "held", []):
                with contextlib.suppress(OSError):  # closed already
                    request.shutdown(socket.SHUT_RDWR)

    class SamePort(LiveServerThread):
        server_class = Dies

        def _create_server(self, connections_override: Any = None) -> Any:
            return self.server_class(
                (self.host, self.port),
                QuietWSGIRequestHandler,
                allow_reuse_address=True,
                connections_override=connections_override,
            )

    thread = SamePort(
        old.host,
        static_handler=old.static_handler,
        connections_override=old.connections_override,
        port=port,
    )
    thread.daemon = True
    return thread


@pytest.fixture
def restartable_server(transactional_db: None) -> Iterator[LiveServer]:
    """A live server of this test's own that ``restart`` stops and starts on the same port."""
    server = LiveServer("localhost", start=False)
    server.thread = _same_port_thread(server.thread, 0)
    with server._live_server_modified_settings:
        server.start()
        yield server
        server.stop()


@pytest.fixture
def restartable_page(browser: Browser, restartable_server: LiveServer) -> Iterator[Page]:
    yield from open_page(browser, restartable_server, TABLET)


def restart(server: LiveServer) -> None:
    """The server started again on the port it had (after ``server.stop()``)."""
    server.thread = _same_port_thread(server.thread, server.thread.port)
    server.start()


# The stopped server's request threads fail on the connections it dropped: that is the point.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_the_server_stopped_and_restarted_during_the_sync_loses_and_doubles_nothing(
    restartable_page: Page, restartable_server: LiveServer
) -> None:
    """The sync under way: the server stores hand 2, then stops before it answers (the real
    server, its port closed), and the tablet's tries meet a closed port; then it starts again.
    The waiting hands go once it answers: each once, in order, hand 2 not twice."""
    game, _url = offline_table(restartable_page, restartable_server)
    for count, hand in enumerate(HANDS[:4], 1):
        enter(restartable_page, hand, count)
    seen: list[str] = []

    def server_stops(route: Any) -> None:
        seen.append(route.request.post_data or "")
        if len(seen) == 2:  # hand 2 reaches the server, which stops before answering
            route.fetch()
            restartable_server.stop()
            route.continue_()  # the tablet's own request: the port is closed
        elif len(seen) == 4:  # two tries met the closed port: the server is back
            restart(restartable_server)
            route.continue_()
        else:
            route.continue_()

    restartable_page.route("**/hands/", server_stops)
    restartable_page.context.set_offline(False)
    expect(restartable_page.locator("table.hands tbody tr")).to_have_count(4, timeout=30_000)
    keys = [parse_qs(body)["key"][0] for body in seen]
    assert keys[1] == keys[2] == keys[3]  # hand 2, tried again with its key
    stored = Hand.objects.filter(game=game).order_by("number")
    assert [hand.data["result"]["type"] for hand in stored] == ["ron", "draw", "draw", "draw"]


def test_the_end_of_the_game_waits_in_the_queue_after_its_hands(
    page: Page, live_server: LiveServer
) -> None:
    """Offline, two hands and then time is up: the end waits after them (the hand form gone
    while it waits, back when the end is taken back), and online the server holds both hands,
    then the game ended early for the time limit."""
    game, _url = offline_table(page, live_server)
    enter(page, "ron", 1)
    enter(page, "draw", 2)
    ends = page.locator("#offline-queue [data-queue-end='early']")
    page.on("dialog", lambda dialog: dialog.accept())
    ends.click()
    queued = page.locator("#offline-queue .queued")
    expect(queued).to_have_count(3)
    expect(queued.nth(2)).to_contain_text("時間")
    expect(page.locator("#entry")).to_be_hidden()
    expect(ends).to_be_hidden()
    queued.nth(2).locator(".queue-drop").click()  # taken back: the form is there again
    expect(queued).to_have_count(2)
    expect(page.locator("#entry")).to_be_visible()
    ends.click()
    expect(queued).to_have_count(3)
    expect(queued.nth(2).locator(".queue-fix")).to_have_count(0)

    page.context.set_offline(False)
    expect(page.locator(".game-head .status-finished")).to_be_visible(timeout=20_000)
    game.refresh_from_db()
    assert (game.status, game.forced_end, game.forced_end_reason) == ("finished", True, "時間切れ")
    stored = Hand.objects.filter(game=game).order_by("number")
    assert [hand.data["result"]["type"] for hand in stored] == ["ron", "draw"]


def test_a_login_expired_offline_asks_to_log_in_and_keeps_the_queue(
    page: Page, live_server: LiveServer
) -> None:
    from django.contrib.sessions.models import Session
    from django.core.cache import cache

    game, url = offline_table(page, live_server)
    enter(page, "ron", 1)
    Session.objects.all().delete()  # the session ended while the tablet was offline
    cache.clear()
    page.context.set_offline(False)
    note = page.locator("#offline-queue .queue-note")
    expect(note).to_contain_text("もう一度ログイン", timeout=20_000)
    expect(page.locator("[data-queue-action='login']")).to_be_visible()
    expect(page.locator("#offline-queue .queued")).to_have_count(1)  # kept
    assert not Hand.objects.filter(game=game).exists()

    log_in(page, live_server, game.club.memberships.get(user__username="kiroku").user)
    page.goto(url)  # logged in again: the waiting hand goes
    expect(page.locator("table.hands tbody tr")).to_have_count(1, timeout=20_000)
    assert Hand.objects.filter(game=game).count() == 1


def test_five_hands_offline_one_fixed_one_deleted_then_reopened_and_synced(
    page: Page, live_server: LiveServer
) -> None:
    """The issue's own case: five hands offline and one of them fixed (a draw that was a ron),
    the page closed and opened again, then online: the server holds exactly those hands, in
    order, with the fix, once each. A sixth hand deleted before it was sent is never sent."""
    game, url = offline_table(page, live_server)
    for count, hand in enumerate([*HANDS, "draw"], 1):
        enter(page, hand, count)
    queued = page.locator("#offline-queue .queued")
    queued.nth(5).locator(".queue-drop").click()  # the sixth: entered by mistake
    expect(queued).to_have_count(5)
    queued.nth(1).locator(".queue-fix").click()  # the second: a ron, not a draw
    table = Table(page, Path("/tmp"), "tablet")
    expect(page.locator("#entry input[name='result'][value='draw']")).to_be_checked()
    table.ron(3, 0, 2, 40)
    page.locator("#entry button.confirm").click()
    expect(queued).to_have_count(5)
    expect(queued.nth(1)).to_contain_text("ロン")

    context = page.context
    page.close()  # the tab closed, and opened again, still offline
    page = context.new_page()
    page.goto(live_server.url + url)
    expect(page.locator("#offline-queue .queued")).to_have_count(5)
    context.set_offline(False)
    expect(page.locator("table.hands tbody tr")).to_have_count(5, timeout=20_000)
    stored = list(Hand.objects.filter(game=game).order_by("number"))
    kinds = [hand.data["result"]["type"] for hand in stored]
    assert kinds == ["ron", "ron", "draw", "draw", "draw"]
    assert stored[1].data["result"]["wins"][0]["winner"] == 3
    assert stored[1].data["result"]["from"] == 0


def test_a_stored_hand_fixed_and_another_deleted_offline(
    page: Page, live_server: LiveServer
) -> None:
    """Two hands on the server; offline, hand 1 is fixed (a ron becomes a draw) and hand 2
    deleted, then a new hand recorded: online, the server holds the fix, not hand 2, and the
    new hand, in that order."""
    game, _url = game_screen(page, live_server)
    table = Table(page, Path("/tmp"), "tablet")
    table.ron(1, 2, 3, 30)
    table.record()
    table.result("draw")
    table.record()
    expect(page.locator("#offline-banner")).to_have_attribute("data-kept", "yes")
    page.context.set_offline(True)

    page.locator("#hand-1 a[data-offline='fix']").click()
    expect(page.locator("#entry input[name='result'][value='ron']")).to_be_checked()
    expect(page.locator("#entry input[name='discarder'][value='2']")).to_be_checked()
    table.result("draw")
    page.locator("#entry button.confirm").click()
    expect(page.locator("#offline-queue .queued")).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#hand-2 a[data-offline='delete']").click()
    expect(page.locator("#offline-queue .queued")).to_have_count(2)
    table.tsumo(0, 2, 30)
    page.locator("#entry button.confirm").click()
    expect(page.locator("#offline-queue .queued")).to_have_count(3)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=20_000)
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    stored = [h.data["result"]["type"] for h in Hand.objects.filter(game=game).order_by("number")]
    assert stored == ["draw", "tsumo"]


def test_a_settlement_on_screen_is_confirmed_offline(page: Page, live_server: LiveServer) -> None:
    """The game ended (a player busted) with the settlement on screen, and then the network
    dropped: the confirmation waits in the queue and is made once the network is back."""
    from tests.scoring.test_views import tobi

    game, _url = game_screen(page, live_server)
    tobi(game)
    page.reload()  # the settlement on screen
    expect(page.locator("#offline-banner")).to_have_attribute("data-kept", "yes")
    page.context.set_offline(True)
    page.locator("form[data-offline-queue] button").click()
    expect(page.locator("#offline-queue .queued")).to_have_count(1)
    game.refresh_from_db()
    assert game.status == "ongoing"

    page.context.set_offline(False)
    expect(page.locator(".game-head .status-finished")).to_be_visible(timeout=20_000)
    game.refresh_from_db()
    assert (game.status, game.forced_end) == ("finished", False)

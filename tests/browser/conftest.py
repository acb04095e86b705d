"""Playwright fixtures: Debian's Chromium against pytest-django's live server.

`page` is a tablet in landscape (1024x768), `phone_page` a phone (390x844); both start at the
live server, so `page.goto("/")` opens the home page, and their browser asks for Japanese.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from pytest_django.live_server_helper import LiveServer

# Playwright's sync API keeps an event loop running in the test's thread, and Django refuses
# database calls from inside one; the test's own ORM calls are plain sync code, so allow them.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

# Debian's Chromium built as the headless shell (package chromium-headless-shell: the same
# Blink and V8 without the desktop browser around them, what Playwright itself runs for headless
# tests): the browser tests take 40% less CPU than in the full browser (509 s -> 304 s of CPU,
# 275 s -> 178 s on two cores). The full `chromium` serves where the shell is not installed;
# CI installs the shell and insists on it, so its time is the time the README states.
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
FULL_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM
# The machine has no network but loopback: keep Chromium from reaching out to Google's services.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
TABLET: ViewportSize = {"width": 1024, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def _no_request_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test of the live server, wait for the requests it still serves: a page closed
    (or an answer dropped on purpose) leaves its request running in a server thread, whose
    queries then met the flush of the test database (a deadlock on PostgreSQL, and the next
    test finding the last one's rows). Torn down after the pages, before the flush. The
    server's threads are daemons, which ``socketserver`` does not keep: found by their name."""
    yield
    if "live_server" not in request.fixturenames:
        return
    for thread in threading.enumerate():
        if thread.name.endswith("(process_request_thread)"):
            thread.join(timeout=30)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if os.getenv("CI") == "true" and CHROMIUM != HEADLESS_SHELL:
        pytest.fail(f"{HEADLESS_SHELL} is missing on CI: apt-get install chromium-headless-shell")
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium-headless-shell")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


def open_page(browser: Browser, live_server: LiveServer, viewport: ViewportSize) -> Iterator[Page]:
    context = browser.new_context(viewport=viewport, base_url=live_server.url, locale="ja-JP")
    yield context.new_page()
    context.close()


@pytest.fixture
def page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from open_page(browser, live_server, TABLET)


@pytest.fixture
def phone_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from open_page(browser, live_server, PHONE)


# Screenshots are for a person to look through after a run, and each full page costs a third of
# a second: the suite takes them when asked (``TENBOU_SCREENSHOTS=1``; the crawl of every page
# also keeps the pages where it finds a problem).
SCREENSHOTS = os.environ.get("TENBOU_SCREENSHOTS") == "1"


def screenshot(page: Page, path: Path, *, full_page: bool = False) -> None:
    """What a test saw, kept in ``artifacts/`` when screenshots are asked for."""
    if SCREENSHOTS:
        page.screenshot(path=path, full_page=full_page)


@pytest.fixture
def screenshot_path() -> Path:
    """Where a test saves what it saw, for a person to look at after the run (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS

"""Every page of the demo club, as a visitor and as the demo login, in both languages, on a phone
and a tablet: none is wider than the screen, none shows a Python literal or an internal field
name, and no Japanese page leaves the game's words in English (``crawl.py`` says what each
check looks for). Each page's screenshot goes to ``artifacts/every-page/`` for a person to see.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Page, ViewportSize
from pytest_django.live_server_helper import LiveServer

from scoring.management.commands.demo import LOGIN
from tests.browser.conftest import PHONE, TABLET
from tests.browser.crawl import Crawl, crawl_site, log_in

LANGUAGES = ("ja", "en")


@pytest.fixture
def demo_club(transactional_db: None) -> str:
    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115 - closed with the process
    call_command("demo_tournament", stdout=open("/dev/null", "w"))  # noqa: SIM115
    return "/c/demo/"


def read_every_page(
    browser: Browser, live_server: LiveServer, start: str, login: bool, folder: Path
) -> list[str]:
    problems: list[str] = []
    for viewport in (PHONE, TABLET):
        for language in LANGUAGES:
            crawl = _crawl(browser, live_server, start, login, viewport, language, folder)
            where = f"{viewport['width']} px, {language}, {'demo' if login else 'visitor'}"
            assert len(crawl.visited) > 20, f"{where}: only {crawl.visited}"
            problems += [f"{where}: {f.url} {f.problem}" for f in crawl.findings]
    return problems


def _crawl(
    browser: Browser,
    live_server: LiveServer,
    start: str,
    login: bool,
    viewport: ViewportSize,
    language: str,
    folder: Path,
) -> Crawl:
    context = browser.new_context(viewport=viewport, base_url=live_server.url, locale="ja-JP")
    # The language a reader picks in the header: a cookie, which wins over the club's own.
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    if login:
        log_in(page, live_server.url, *LOGIN)
    shots = folder / f"{'demo' if login else 'visitor'}-{language}-{viewport['width']}"
    shots.mkdir(parents=True, exist_ok=True)

    def screenshot(page: Page, url: str) -> None:
        name = re.sub(r"[^A-Za-z0-9]+", "_", url.removeprefix(live_server.url)).strip("_")
        page.screenshot(path=shots / f"{name or 'home'}.png", full_page=True)

    crawl = crawl_site(
        page,
        live_server.url + start,
        width=viewport["width"],
        japanese=language == "ja",
        crawl=Crawl(),
        on_page=screenshot,
    )
    context.close()
    return crawl


@pytest.mark.parametrize("login", [False, True], ids=["visitor", "demo-login"])
def test_every_page_of_the_demo_fits_the_screen_and_speaks_the_readers_language(
    browser: Browser, live_server: LiveServer, demo_club: str, login: bool, screenshot_path: Path
) -> None:
    problems = read_every_page(
        browser, live_server, demo_club, login, screenshot_path / "every-page"
    )
    assert not problems, "\n".join(problems)

"""Every page of the demo club, as a visitor and as the demo login, on a phone (390 px) and a
tablet (1024 px), in Japanese and English (each page loaded once per language and read at both
widths, the window resized between them): none is wider than the screen, none shows a Python
literal or an internal field name, no Japanese page leaves the game's words in English
(``crawl.py`` says what each check looks for), and none breaks a WCAG 2.1 A or AA rule as
axe-core judges it (``axe.py``; axe reads one page of each path: a list's other pages, sorts and
filters, ``?page``, ``?sort``, ``?league``, and a second game are the same template with other
rows; and each page once per language, the Japanese at the phone's width and the English at the
tablet's, so every page is judged at both widths and in both languages; a visitor's pages, the
demo login's templates without their buttons, once, in Japanese at the phone's width).
A page with a problem leaves its screenshot in ``artifacts/every-page/``;
``TENBOU_SCREENSHOTS=1`` keeps every page's, for a person to look through (a full-page
screenshot of every page doubles the crawl's time, so the suite takes them only when asked).
One test per reader (visitor, demo login), so two workers share the four crawls.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from pytest_django.live_server_helper import LiveServer

from clubs.models import Player
from scoring.management.commands.demo import LOGIN
from tests.browser.axe import violations, with_axe
from tests.browser.conftest import PHONE, SCREENSHOTS, TABLET
from tests.browser.crawl import Crawl, crawl_site, log_in, page_kind
from tests.demo_club import make_demo_club
from tournaments.models import Tournament

LANGUAGES = ("ja", "en")
# The width axe reads each language at: every page is judged at both widths and in both
# languages, each once (axe's rules read the page's markup, names and colours, which a width
# changes only where the CSS hides or shows something; and that is judged at both widths).
AXE_WIDTH = {"ja": PHONE, "en": TABLET}


@pytest.fixture
def demo_club(transactional_db: None) -> str:
    make_demo_club()
    return "/c/demo/"


def read_every_page(
    browser: Browser,
    live_server: LiveServer,
    start: str,
    login: bool,
    folder: Path,
    language: str,
) -> list[str]:
    """One reader's crawl in one language: every page loaded once and read at both widths."""
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="ja-JP")
    axed = login or language == "ja"  # a visitor's markup does not change with language
    if axed:
        with_axe(context)  # in every page from its first script: only where axe will judge
    # The language a reader picks in the header: a cookie, which wins over the club's own.
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    if login:
        log_in(page, live_server.url, *LOGIN)
    reader = "demo" if login else "visitor"
    for viewport in (PHONE, TABLET):
        # this run's pages only, not an older run's ids
        shutil.rmtree(folder / f"{reader}-{language}-{viewport['width']}", ignore_errors=True)

    crawl = Crawl()

    axe_kinds: set[str] = set()

    def check(page: Page, url: str, viewport: ViewportSize) -> None:
        kind = page_kind(url)
        if axed and viewport == AXE_WIDTH[language] and "?" not in url and kind not in axe_kinds:
            axe_kinds.add(kind)  # one page of each path at one width (the docstring says why)
            for line in violations(page):
                crawl.problem(url, f"axe: {line}")
        if SCREENSHOTS or any(f.url == url for f in crawl.findings):
            shots = folder / f"{reader}-{language}-{viewport['width']}"
            shots.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^A-Za-z0-9]+", "_", url.removeprefix(live_server.url)).strip("_")
            page.screenshot(path=shots / f"{name or 'home'}.png", full_page=True)

    crawl_site(
        page,
        live_server.url + start,
        viewports=(PHONE, TABLET),
        japanese=language == "ja",
        crawl=crawl,
        # Two games as the demo login (one in progress and a finished one, say), where a page
        # overflows first; one page of every other kind, and one of each for a visitor, who
        # reads the same pages with fewer buttons.
        per_kind=two_games if login else 1,
        on_page=check,
    )
    context.close()
    where = f"{language}, {reader}"
    assert len(crawl.visited) >= 25, f"{where}: only {crawl.visited}"
    return [f"{where}: {f.url} {f.problem}" for f in crawl.findings]


def two_games(kind: str) -> int:
    """Two pages of a game's kind (its screen, its history), one of any other."""
    return 2 if "/games/N/" in kind else 1


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("login", [False, True], ids=["visitor", "demo-login"])
def test_every_page_of_the_demo_fits_the_screen_speaks_the_readers_language_and_passes_axe(
    browser: Browser,
    live_server: LiveServer,
    demo_club: str,
    screenshot_path: Path,
    login: bool,
    language: str,
) -> None:
    """One crawl per reader and language, so that the four spread over the test workers (the
    demo login's two crawls in one test had been the suite's slowest minute)."""
    problems = read_every_page(
        browser, live_server, demo_club, login, screenshot_path / "every-page", language
    )
    assert not problems, "\n".join(problems)
    if login and language == "ja":
        for viewport in (PHONE, TABLET):
            labels_on(browser, live_server, viewport)


# The lines an element's text takes: the distinct tops of its text's boxes.
LINES = """element => {
    const tops = new Set();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        if (!walker.currentNode.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return tops.size;
}"""
MIDDLE = "element => { const r = element.getBoundingClientRect(); return r.top + r.height / 2; }"


def lines(page: Page, selector: str) -> int:
    return page.locator(selector).first.evaluate(LINES)


def labels_on(browser: Browser, live_server: LiveServer, viewport: ViewportSize) -> None:
    """Labels keep their line and names sit level with their figures."""
    context = browser.new_context(viewport=viewport, base_url=live_server.url, locale="ja-JP")
    page = context.new_page()
    page.goto("/c/demo/standings/")
    assert page.locator("table.standings thead th.text").first.inner_text() == "プレイヤー"
    assert lines(page, "table.standings thead th.text") == 1

    page.goto(f"/c/demo/tournaments/{Tournament.objects.get().pk}/")
    assert [cell.inner_text() for cell in page.locator("table.rounds td.status").all()] == [
        "終了",
        "終了",
        "終了",
        "終了",
        "公開中",
    ]
    for cell in page.locator("table.rounds td.status").all():
        assert cell.evaluate(LINES) == 1
    assert lines(page, "code.seed") == 1

    page.goto(f"/c/demo/players/{Player.objects.get(name='馬場').pk}/")
    assert page.locator("#stat-places dt").inner_text() == "着順(1着 / 2着 / 3着 / 4着)"
    assert lines(page, "#stat-places dt") == 1
    for table in ("table.head-to-head", "table.recent-games"):
        row = page.locator(f"{table} tbody tr").first
        name = row.locator("a").first.evaluate(MIDDLE)
        figure = row.locator("td").last.evaluate(MIDDLE)
        assert abs(name - figure) <= 2, table
    assert lines(page, "table.recent-games tbody td") == 1  # the date
    context.close()

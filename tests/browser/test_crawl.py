"""The crawl itself: a page loaded at one width and read at the other still shows what is wrong.

``crawl_site`` loads each page once and resizes the window between its widths, starting the next
page at the width the last one ended at; so half the pages are first laid out as a tablet and
only then as a phone. Served from a route, not the app: the pages are made to fail.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Route

from tests.browser.conftest import PHONE, TABLET
from tests.browser.crawl import Crawl, crawl_site

ORIGIN = "http://crawl.test"
PAGES = {
    "/": '<a href="/wide/">wide</a><p>ようこそ</p>',
    # 600 px: wider than a phone, narrower than a tablet.
    "/wide/": '<div style="width: 600px">幅</div><a href="/words/">x</a>',
    # Words only a tablet shows: a phone hides the column.
    "/words/": (
        "<style>@media (max-width: 500px) { .wide-only { display: none; } }</style>"
        '<p>東1局</p><p class="wide-only">riichi</p>'
    ),
}


def serve(route: Route) -> None:
    path = route.request.url.removeprefix(ORIGIN)
    body = f"<!doctype html><html lang='ja'><body style='margin: 0'>{PAGES[path]}</body></html>"
    route.fulfill(status=200, content_type="text/html; charset=utf-8", body=body)


def test_each_page_is_read_at_both_widths_whichever_it_was_loaded_at(browser: Browser) -> None:
    context = browser.new_context(viewport=PHONE)
    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    seen: list[tuple[str, int]] = []
    crawl = crawl_site(
        page,
        f"{ORIGIN}/",
        viewports=(PHONE, TABLET),
        japanese=True,
        crawl=Crawl(),
        on_page=lambda _page, url, viewport: seen.append((url, viewport["width"])),
    )
    context.close()
    assert crawl.visited == [f"{ORIGIN}/", f"{ORIGIN}/wide/", f"{ORIGIN}/words/"]
    # The second page starts where the first ended (a tablet), the third where the second did.
    assert seen == [
        (f"{ORIGIN}/", 390),
        (f"{ORIGIN}/", 1024),
        (f"{ORIGIN}/wide/", 1024),
        (f"{ORIGIN}/wide/", 390),
        (f"{ORIGIN}/words/", 390),
        (f"{ORIGIN}/words/", 1024),
    ]
    problems = [(f.url.removeprefix(ORIGIN), f.problem) for f in crawl.findings]
    # Loaded as a tablet, the wide page is still caught on the phone, its media query applied.
    assert [p for p in problems if p[0] == "/wide/"] == [
        ("/wide/", "at 390 px: 600 px wide on a 390 px screen")
    ]
    # The English word only the tablet shows is found at the tablet's width, and only there.
    assert [p for p in problems if p[0] == "/words/"] == [
        ("/words/", "at 1024 px: English 'riichi' on a Japanese page: 東1局 riichi")
    ]

"""Walk a club's pages as a visitor would, and say what is wrong with each one a reader sees.

The crawl starts at the club home and follows every link of the site it finds, one page per
kind of page (the path with its numbers as ``N``, and the names of its query's fields), so a
demo club of hundreds of games is read in a few dozen pages. On each page it measures the width
(wider than the viewport: the reader scrolls sideways), looks for what only a programmer should
read (a Python literal, an internal field name) and, on a Japanese page, for the game's words
left in English. ``python -m tests.browser.crawl URL`` runs it against a running server.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, ViewportSize

# Printed by Python, never by a page meant for people.
PROGRAMMERS_WORDS = re.compile(
    r"\{'|'\}|\bTrue\b|\bFalse\b|\bNone\b|forced_end|_reason\b|\bstatus:|\bhand_id\b"
    r"|Traceback|\bdatetime\.|\bDecimal\(|\[\]|\{\}"
)
# The game's vocabulary in English: a Japanese page says each of these in Japanese.
GAME_WORDS = (
    "ron|tsumo|riichi|honba|dealer|draw|tenpai|noten|chombo|penalty|penalties|points|score|"
    "scores|uma|oka|hand|hands|round|rounds|table|tables|seat|seats|player|players|game|games|"
    "league|standings|ruleset|rules|tournament|tournaments|East|South|West|North|clock|"
    "published|seated|cut|closed|finished|ongoing|voided|winner|winners|dealt|yaku|han|fu"
)
ENGLISH_GAME_WORD = re.compile(rf"(?<![A-Za-z_./-])(?:{GAME_WORDS})(?![A-Za-z_/-])", re.I)
# A hand named the programmer's way, "E3-1" or "S2-0", instead of 東3局1本場.
HAND_CODE = re.compile(r"(?<![A-Za-z0-9])[ESWN][1-4]-\d+(?![0-9])")
# What Tenbou writes in Japanese only when it forgets the reader's language: a round (4回戦), a
# hand (東3局), honba (1本場). Names, leagues and tables are the club's own words, in any language.
JAPANESE_GAME_WORD = re.compile(r"\d+回戦|[東南西北]\d+局|\d+本場|局\(局-本場\)")
# Links a crawl must not follow: they change something, leave the site or are not pages.
NOT_PAGES = re.compile(
    r"/logout/|/i18n/|/admin/|\.pdf$|\.csv$|\.svg$|\.json$|/pdf/|/export|/healthz|/static/"
)


@dataclass
class Finding:
    url: str
    problem: str


@dataclass
class Crawl:
    findings: list[Finding] = field(default_factory=list)
    visited: list[str] = field(default_factory=list)
    charts: set[str] = field(default_factory=set)  # read once: a chart's words have no width

    def problem(self, url: str, text: str) -> None:
        self.findings.append(Finding(url, text))


def page_kind(url: str) -> str:
    """The kind of a page: its path with each number as N, and its query's field names."""
    parts = urlsplit(url)
    path = re.sub(r"\d+", "N", parts.path)
    fields = sorted({name for name, _ in parse_qsl(parts.query, keep_blank_values=True)})
    return path + ("?" + "&".join(fields) if fields else "")


def site_links(hrefs: list[str], origin: str) -> list[str]:
    """The links of ``hrefs`` (a page's, read by ``READ_PAGE``) to the site's own pages."""
    links = []
    for href in hrefs:
        parts = urlsplit(href)
        if f"{parts.scheme}://{parts.netloc}" != origin or NOT_PAGES.search(parts.path):
            continue
        links.append(parts._replace(fragment="").geturl())
    return links


# What a check reads of a page in one call to the browser (each call is a round trip): its
# width, what a reader sees (the body's text, without scripts, styles or what is hidden), its
# charts and its links (a link marked ``download`` gives a file, not a page to read).
READ_PAGE = """() => ({
    width: document.documentElement.scrollWidth,
    text: document.body.innerText,
    charts: Array.from(document.querySelectorAll("img[src*='.svg']"), image => image.src),
    links: Array.from(document.querySelectorAll("a[href]:not([download])"), a => a.href),
})"""


def check_page(page: Page, url: str, width: int, japanese: bool, crawl: Crawl) -> list[str]:
    """The page's problems at this width added to ``crawl``; its links returned."""
    read = page.evaluate(READ_PAGE)
    if read["width"] > width:
        crawl.problem(url, f"{read['width']} px wide on a {width} px screen")
    check_words(read["text"], url, japanese, crawl)
    for chart in read["charts"]:
        if chart in crawl.charts:
            continue
        crawl.charts.add(chart)
        svg = page.request.get(chart).text()
        check_words(" ".join(re.findall(r">([^<]+)</text>", svg)), chart, japanese, crawl)
    return read["links"]


def check_words(text: str, url: str, japanese: bool, crawl: Crawl) -> None:
    for match in PROGRAMMERS_WORDS.finditer(text):
        crawl.problem(url, f"programmer's text {match.group(0)!r}: {_around(text, match)}")
    for match in HAND_CODE.finditer(text):
        crawl.problem(url, f"a hand named {match.group(0)!r}: {_around(text, match)}")
    if japanese:
        for match in ENGLISH_GAME_WORD.finditer(text):
            crawl.problem(
                url, f"English {match.group(0)!r} on a Japanese page: {_around(text, match)}"
            )
    else:
        for match in JAPANESE_GAME_WORD.finditer(text):
            crawl.problem(
                url, f"Japanese {match.group(0)!r} on an English page: {_around(text, match)}"
            )


def _around(text: str, match: re.Match[str]) -> str:
    return " ".join(text[max(0, match.start() - 30) : match.end() + 30].split())


def crawl_site(
    page: Page,
    start: str,
    *,
    viewports: Sequence[ViewportSize],
    japanese: bool,
    crawl: Crawl,
    per_kind: int | Callable[[str], int] = 2,
    limit: int = 120,
    on_page: Callable[[Page, str, ViewportSize], None] | None = None,
) -> Crawl:
    """Visit the pages reachable from ``start``, ``per_kind`` of each kind (or as many as it
    says for the kind), at most ``limit``.

    Each page is loaded once and read at every one of ``viewports`` in turn: the browser window
    resized, as a tablet turned on its side, the page laid out again by its own CSS (the server
    never knows the width). A finding names the width it was seen at.
    """
    wanted = per_kind if callable(per_kind) else (lambda _kind: per_kind)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(start))
    queue, seen, kinds = [start], {start}, {}
    order = list(viewports)
    while queue and len(crawl.visited) < limit:
        url = queue.pop(0)
        kind = page_kind(url)
        if kinds.get(kind, 0) >= wanted(kind):
            continue
        try:
            response = page.goto(url)
        except PlaywrightError as error:  # a file the server sends, not a page
            if "Download is starting" in str(error):
                continue
            raise
        if response is None or "text/html" not in (response.headers.get("content-type") or ""):
            continue
        kinds[kind] = kinds.get(kind, 0) + 1
        crawl.visited.append(url)
        if response.status >= 400:
            crawl.problem(url, f"answers {response.status}")
            continue
        hrefs: list[str] = []
        for number, viewport in enumerate(order):
            if number or page.viewport_size != viewport:
                page.set_viewport_size(viewport)
            found = len(crawl.findings)
            hrefs = check_page(page, url, viewport["width"], japanese, crawl)
            if on_page:
                on_page(page, url, viewport)
            for finding in crawl.findings[found:]:
                finding.problem = f"at {viewport['width']} px: {finding.problem}"
        order.reverse()  # the next page starts at the width this one ended at: one resize each
        for link in site_links(hrefs, origin):
            if link not in seen and kinds.get(page_kind(link), 0) < wanted(page_kind(link)):
                seen.add(link)
                queue.append(link)
    return crawl


def log_in(page: Page, origin: str, username: str, password: str) -> None:
    page.goto(f"{origin}/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state()


def _main(start: str, login: str = "") -> Iterator[str]:  # pragma: no cover - for a person
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    origin = "{0.scheme}://{0.netloc}".format(urlsplit(start))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        viewports: list[ViewportSize] = [
            {"width": 390, "height": 844},
            {"width": 1024, "height": 768},
        ]
        for locale in ("ja-JP", "en-US"):
            context = browser.new_context(viewport=viewports[0], locale=locale)
            language = locale[:2]
            context.add_cookies([{"name": "django_language", "value": language, "url": origin}])
            page = context.new_page()
            if login:
                log_in(page, origin, *login.split(":"))
            crawl = crawl_site(
                page, start, viewports=viewports, japanese=locale == "ja-JP", crawl=Crawl()
            )
            yield f"== 390 and 1024 px {locale}: {len(crawl.visited)} pages"
            for finding in crawl.findings:
                yield f"{finding.url}  {finding.problem}"
            context.close()
        browser.close()


if __name__ == "__main__":  # pragma: no cover
    for line in _main(*sys.argv[1:]):
        print(line)

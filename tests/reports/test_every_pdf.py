"""Every PDF the demo club's pages link to, in both languages: each one's text (read back with
``pdftotext``) names hands as clubs do, shows no Python literal, and a Japanese PDF leaves none
of the game's words in English. The PDFs are found the way a reader finds them: by following
the pages' links from the club home, one page of each kind."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.browser.crawl import Crawl, check_words, page_kind
from tests.demo_club import make_demo_club

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="([^"#]+)"')
SKIP = re.compile(r"/logout/|/i18n/|/admin/|\.csv|\.json|\.svg|/export")
# Inside a chart's inline SVG: drawn by WeasyPrint's SVG renderer, not by the style sheets.
SVG_TAGS = {
    "g",
    "path",
    "rect",
    "line",
    "polyline",
    "polygon",
    "circle",
    "text",
    "tspan",
    "title",
    "desc",
}


@pytest.fixture
def demo_admin(db: None) -> Client:
    make_demo_club()
    client = Client()
    client.force_login(User.objects.get(username="demo"))
    return client


def linked_pdfs(client: Client, start: str, limit: int = 60) -> Iterator[str]:
    """The PDFs linked from the pages reachable from ``start``, one of each kind."""
    queue, seen, kinds, pages = [start], {start}, set(), 0
    while queue and pages < limit:
        url = queue.pop(0)
        if page_kind(url) in kinds:
            continue
        kinds.add(page_kind(url))
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        pages += 1
        for href in LINK.findall(response.content.decode()):
            link = urljoin(url, html.unescape(href))
            if urlsplit(link).netloc or SKIP.search(link) or link in seen:
                continue
            seen.add(link)
            if urlsplit(link).path.endswith(".pdf"):
                if page_kind(link) not in kinds:
                    kinds.add(page_kind(link))
                    yield link
            else:
                queue.append(link)


def pdf_text(pdf: bytes) -> str:
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install poppler-utils"
    return subprocess.run(
        [tool, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


def test_every_pdf_of_the_demo_speaks_the_readers_language_as_weasyprint_would_lay_it_out(
    demo_admin: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each PDF's words, in both languages; then each Japanese one's layout, as printed,
    compared with WeasyPrint's own (``assert_laid_out_as_weasyprint_would``). One demo club
    for all: it takes longer than the PDFs."""
    from django.core.cache import caches

    from reports import render

    caches[render.PDF_CACHE].clear()  # every report laid out here, none taken from the cache
    printed: list[tuple[str, Any]] = []  # each print's HTML and the document it laid out

    class Recorded(render.Report):
        def __init__(self, *, string: str, **options: Any) -> None:
            super().__init__(string=string, **options)
            self.printed_html = string

        def render(self, *args: Any, **kwargs: Any) -> Any:
            document = super().render(*args, **kwargs)
            printed.append((self.printed_html, document))
            return document

    monkeypatch.setattr(render, "Report", Recorded)
    crawl = Crawl()
    for language in ("ja", "en"):
        printed.clear()
        demo_admin.cookies["django_language"] = language
        pdfs = list(linked_pdfs(demo_admin, "/c/demo/"))
        kinds = {re.sub(r"\d+", "N", urlsplit(url).path) for url in pdfs}
        assert {
            "/c/demo/games/N/sheet.pdf",
            "/c/demo/leagues/N/standings.pdf",
            "/c/demo/players/N/report.pdf",
            "/c/demo/tournaments/N/results.pdf",
            "/c/demo/tournaments/N/rounds/N/seating.pdf",
            "/c/demo/tournaments/N/rounds/N/cards.pdf",
        } <= kinds, (language, kinds)
        for url in pdfs:
            response = demo_admin.get(url)
            assert response.status_code == 200, url
            found = Crawl()
            check_words(pdf_text(response.content), url, language == "ja", found)
            crawl.findings += [replace(f, url=f"{language}: {f.url}") for f in found.findings]
        if language == "ja":
            assert_laid_out_as_weasyprint_would(printed)
    assert not crawl.findings, "\n".join(f"{f.url} {f.problem}" for f in crawl.findings)


def layout(document: Any) -> list[tuple[Any, ...]]:
    """Every box of a laid-out document, page by page: its kind, place, size, text and the
    styles that draw it (colours, borders, weight, size)."""
    drawn = ("color", "background_color", "font_weight", "font_size", "text_decoration_line")
    drawn += tuple(
        f"border_{side}_{what}" for side in ("top", "left") for what in ("width", "color")
    )
    found = []
    for number, page in enumerate(document.pages):
        boxes = [page._page_box]
        while boxes:
            box = boxes.pop()
            place = tuple(
                round(value, 2) if isinstance(value, float) else value
                for value in (box.position_x, box.position_y, box.width, box.height)
            )
            style = tuple(str(box.style[name]) for name in drawn)
            found.append((number, type(box).__name__, place, getattr(box, "text", None), style))
            boxes.extend(reversed(getattr(box, "children", [])))
    return found


def assert_laid_out_as_weasyprint_would(printed: list[tuple[str, Any]]) -> None:
    """The reports' user-agent sheet (WeasyPrint's, less the rules for tags no report has) lays
    out every printout exactly as WeasyPrint's own: every box in the same place, with the same
    text and the same colours, borders and fonts; and no report uses a tag it does not list.
    Ours is the layout the print made; WeasyPrint's is made here from the same HTML. Each
    printout is read by the reports' own reader (``reports.html_tree``), not left to WeasyPrint's
    slower one, and into the very tree WeasyPrint's makes."""
    from weasyprint import HTML

    from reports import render
    from reports.html_tree import fast_tree, html5_tree
    from tests.reports.test_html_tree import tree_difference

    assert len(printed) >= 6  # the sheet, the standings, a player, results, seating, cards
    config = render._font_config()
    for html_text, own in printed:
        # With the reports' fetcher, which makes the QR codes (not a part of the sheet).
        weasyprints = HTML(string=html_text, url_fetcher=render.Fetcher()).render(
            font_config=config
        )
        assert layout(own) == layout(weasyprints)
        assert tree_difference(fast_tree(html_text), html5_tree(html_text)) is None
        used = set(re.findall(r"<([a-z][a-z0-9]*)[\s>/]", html_text))
        assert used <= render.PRINTED_TAGS | SVG_TAGS, used - render.PRINTED_TAGS

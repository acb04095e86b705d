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
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from tests.browser.crawl import Crawl, check_words, page_kind

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="([^"#]+)"')
SKIP = re.compile(r"/logout/|/i18n/|/admin/|\.csv|\.json|\.svg|/export")


@pytest.fixture
def demo_admin(db: None) -> Client:
    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115 - closed with the process
    call_command("demo_tournament", stdout=open("/dev/null", "w"))  # noqa: SIM115
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


def test_every_pdf_of_the_demo_speaks_the_readers_language(demo_admin: Client) -> None:
    crawl = Crawl()
    for language in ("ja", "en"):  # one demo club for both: it takes longer than the PDFs
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
    assert not crawl.findings, "\n".join(f"{f.url} {f.problem}" for f in crawl.findings)

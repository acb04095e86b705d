"""The one renderer: a report's template and context in, PDF bytes out (WeasyPrint).

Every report extends ``reports/report.html``: A4 (portrait, or landscape for wide tables), the
club's name and the report's title at the top of every page, the date printed and "n / N" at the
bottom, table headers repeated on each page and no row split across two. Fonts are subset into
the file (WeasyPrint's default), so a game sheet is small enough to e-mail.

Rendered PDFs are kept in the ``pdfs`` cache, keyed by what they show: the digest of the very
HTML WeasyPrint would lay out (and WeasyPrint's version). Every name, figure, language and
permission that changes a printout changes its HTML, so a changed league, game or name is
printed afresh and an unchanged one comes back at once (the layout is ~95% of the time): no
stamp to forget to bump. Only the time printed at the foot is left out of the key: a PDF that
comes from the cache shows when it was first printed, its content being the same since.
"""

from __future__ import annotations

import gc
import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import weasyprint
from django.conf import settings
from django.core.cache import caches
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration

from scoring.checks import FONT_PACKAGES, japanese_fonts

PORTRAIT, LANDSCAPE = "portrait", "landscape"
PDF_CACHE = "pdfs"  # the alias in settings.CACHES
MAX_CACHED_BYTES = 4 * 1024 * 1024  # a printout past this (hundreds of score sheets) is not kept
CACHE_PDFS = True  # bench/pdf.py turns it off to time the renderer itself
PRINTED_AT = "@@printed-at@@"  # where the time of printing goes, after the key is taken
_fonts = threading.local()  # each thread's FontConfiguration (Pango's font map is not shared)
_frozen_lock = threading.Lock()
_renders = 0  # renders under way in this process, while the objects before them are frozen


class NoJapaneseFont(RuntimeError):
    """The server has no Japanese font: a report would print names as empty boxes (tofu)."""


@cache
def _has_japanese_font() -> bool:
    """Asked of fontconfig once per process (``manage.py check`` warns of it too: tenbou.W001)."""
    return bool(japanese_fonts())


def render_pdf(
    template: str,
    context: dict[str, Any],
    *,
    title: str,
    club_name: str,
    orientation: str = PORTRAIT,
    language: str | None = None,
) -> bytes:
    """The report as PDF bytes, in ``language`` (the reader's, else the one active now).

    Raises ``NoJapaneseFont`` rather than print a report whose Japanese cannot be read.
    """
    if not _has_japanese_font():
        raise NoJapaneseFont(
            _("This server has no Japanese font, so it cannot print reports. Install one: %(p)s")
            % {"p": f"apt-get install {FONT_PACKAGES}"}
        )
    with translation.override(language or translation.get_language()):
        html = render_to_string(
            template,
            {
                **context,
                "report_title": title,
                "club_name": club_name,
                "orientation": orientation,
                "printed_at": PRINTED_AT,
            },
        )
    if not CACHE_PDFS:
        return write_pdf(html)
    key = f"pdf:{weasyprint.__version__}:{hashlib.sha256(html.encode()).hexdigest()}"
    pdf = caches[PDF_CACHE].get(key)
    if pdf is None:
        pdf = write_pdf(html)
        if len(pdf) <= MAX_CACHED_BYTES:
            caches[PDF_CACHE].set(key, pdf)
    return pdf


def write_pdf(html: str) -> bytes:
    """WeasyPrint's layout of ``html``, with the time of printing filled in."""
    printed_at = format_date(timezone.localtime(), "Y-m-d H:i")
    html = html.replace(PRINTED_AT, printed_at)
    # No external resource is ever fetched: the charts are inline SVG, the fonts the system's.
    with _older_objects_frozen():
        document = HTML(string=html, base_url=str(settings.BASE_DIR))
        return document.write_pdf(font_config=_font_config())


@contextmanager
def _older_objects_frozen() -> Iterator[None]:
    """The objects alive before the render (Django's, the data's: 100,000 and more) left out of
    the garbage collector's full passes while WeasyPrint lays out: it makes millions of objects,
    and each full pass went through all of them again (15-30% of a render; ``bench/pdf.py``).
    The render's own garbage is collected as usual; the first render in freezes, the last out
    thaws (``gc.freeze``), so renders in threads side by side never leave anything frozen."""
    global _renders
    with _frozen_lock:
        _renders += 1
        if _renders == 1:
            gc.freeze()
    try:
        yield
    finally:
        with _frozen_lock:
            _renders -= 1
            if _renders == 0:
                gc.unfreeze()


def _font_config() -> FontConfiguration:
    """The thread's fonts, found once: a fresh FontConfiguration a PDF cost 5-10% of its time."""
    if not hasattr(_fonts, "config"):
        _fonts.config = FontConfiguration()
    return _fonts.config

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

WeasyPrint matches its whole user-agent style sheet (forms, lists, ruby, bidi attributes ...)
against every element; the reports use a few dozen tags (``PRINTED_TAGS``), so they are laid
out with the same sheet less the rules none of those tags can take (``_user_agent_sheet``):
a round's 50 table cards 9% sooner, its seating sheet 5%, the standings 3% (``bench/pdf.py``).
A test lays out every printout of the demo both ways and finds every box in the same place,
with the same text and colours.
"""

from __future__ import annotations

import gc
import hashlib
import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

import cssselect2
import tinycss2
import weasyprint
import weasyprint.css
from django.conf import settings
from django.core.cache import caches
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _
from weasyprint import CSS, HTML
from weasyprint.css.counters import CounterStyle
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from reports.html_tree import report_tree
from reports.qr import qr_png_of
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
    # No external resource is ever fetched: the charts are inline SVG, the fonts the system's,
    # the QR codes made here (``Fetcher``).
    with _older_objects_frozen():
        document = Report(string=html, base_url=str(settings.BASE_DIR), url_fetcher=Fetcher())
        return document.write_pdf(font_config=_font_config())


class Fetcher(URLFetcher):
    """WeasyPrint's fetcher, answering a QR code's image (``reports.qr.SCHEME``) itself."""

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        png = qr_png_of(url)
        if png is None:
            return super().fetch(url, headers)
        return URLFetcherResponse(url, body=png, headers={"Content-Type": "image/png"})


@contextmanager
def _older_objects_frozen() -> Iterator[None]:
    """The objects alive before the render (Django's, the data's: 100,000 and more) left out of
    the garbage collector's full passes while WeasyPrint lays out: it makes millions of objects,
    and each full pass went through all of them again (15-30% of a render; ``bench/pdf.py``).
    The render's own garbage is collected less often (``RENDER_GC_THRESHOLDS``: a young pass
    every 50,000 objects instead of 700: 15% of a standings render alone, 2-4% of the PDFs of
    ``bench/pdf.py``, whose older objects are frozen already; the boxes are garbage only at the
    end anyway). The first render in freezes and sets the thresholds, the last out
    thaws and puts back the ones before (``gc.freeze``), so renders in threads side by side
    never leave anything frozen."""
    global _renders, _thresholds_before
    with _frozen_lock:
        _renders += 1
        if _renders == 1:
            gc.freeze()
            _thresholds_before = gc.get_threshold()
            gc.set_threshold(*RENDER_GC_THRESHOLDS)
    try:
        yield
    finally:
        with _frozen_lock:
            _renders -= 1
            if _renders == 0:
                gc.set_threshold(*_thresholds_before)
                gc.unfreeze()


RENDER_GC_THRESHOLDS = (50_000, 20, 10)
_thresholds_before = gc.get_threshold()


def _font_config() -> FontConfiguration:
    """The thread's fonts, found once: a fresh FontConfiguration a PDF cost 5-10% of its time."""
    if not hasattr(_fonts, "config"):
        _fonts.config = FontConfiguration()
    return _fonts.config


def _keep_text_buffers() -> None:
    """WeasyPrint hands each text to Pango as a C buffer made for the call (``ffi.new``), for
    every line laid out: the same few strings (the language, the font family, "0", "100.0%")
    thousands of times a report, each buffer freed at once; around a memory arena's edge that
    alone maps and unmaps memory for every line (``mmap``/``munmap`` in a native profile of the
    standings). Pango copies what it is given (a layout's text, a family, a language), so the
    buffers of recent strings are kept and handed out again: the standings of 200 players 8%
    sooner where the profile showed it, every PDF of ``bench/pdf.py`` 2-5%. Where WeasyPrint
    has no such function (another version) nothing is changed."""
    from weasyprint.text import ffi, fonts, line_break

    made = getattr(ffi, "unicode_to_char_p", None)
    if made is None:
        return
    kept = lru_cache(maxsize=8192)(made)
    for module in (fonts, line_break):
        if getattr(module, "unicode_to_char_p", None) is made:
            module.unicode_to_char_p = kept  # type: ignore[attr-defined]


_keep_text_buffers()


PNG_STREAMS_KEPT = 512  # a round's table cards hold 50 codes; a tournament's, a few hundred


def _keep_png_streams() -> None:
    """WeasyPrint writes a PNG into the PDF by decoding it and encoding it again (Pillow), for
    every image of every render (``RasterImage._get_png_data``): a round's 50 table cards, 50
    QR codes, ~1 ms each, every time they are printed. What it writes depends only on the PNG
    it read, so the result is kept by those bytes (the codes are ours: ``reports.qr``) and a
    code printed before is not encoded again. Where WeasyPrint has no such function (another
    version), or the image was not read from PNG bytes (it was converted first), nothing is
    kept."""
    from weasyprint.images import RasterImage

    encode = getattr(RasterImage, "_get_png_data", None)
    if encode is None:
        return
    kept: dict[bytes, bytes] = {}
    lock = threading.Lock()

    def png_stream(pillow_image: Any) -> bytes:
        source = getattr(pillow_image, "fp", None)
        if pillow_image.format != "PNG" or not isinstance(source, io.BytesIO):
            return encode(pillow_image)
        key = source.getvalue()
        stream = kept.get(key)
        if stream is None:
            stream = encode(pillow_image)
            with lock:
                if len(kept) >= PNG_STREAMS_KEPT:
                    kept.pop(next(iter(kept)))  # the oldest
                kept[key] = stream
        return stream

    RasterImage._get_png_data = staticmethod(png_stream)  # type: ignore[method-assign]


_keep_png_streams()


# Every tag a report is written with (the templates, and the charts' inline SVG root): the
# user-agent rules of other tags are left out. A tag a report starts to use goes here.
PRINTED_TAGS = frozenset(
    {"html", "head", "meta", "title", "style", "body", "header", "section", "div", "p", "br"}
    | {"h1", "h2", "h3", "span", "b", "strong", "img", "svg", "figure", "figcaption"}
    | {"table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"}
)


class Report(HTML):
    """A report's HTML, read by the standard library's parser where it reads it as HTML5 would
    (``reports.html_tree``) and laid out with the user-agent sheet of its own tags."""

    def __init__(self, *, string: str, base_url: str, url_fetcher: URLFetcher) -> None:
        # As ``HTML(string=...)`` sets itself up, with the tree read by ``report_tree``.
        self.base_url = base_url  # no report has a <base>: the URL given is the base
        self.url_fetcher = url_fetcher
        self.media_type = "print"
        self.wrapper_element = cssselect2.ElementWrapper.from_html_root(
            report_tree(string), content_language=None
        )
        self.etree_element = self.wrapper_element.etree_element

    def _ua_stylesheets(self, forms: bool = False) -> list[CSS]:  # WeasyPrint's hook
        return [_user_agent_sheet()]


@cache
def _user_agent_sheet() -> CSS:
    """WeasyPrint's own user-agent sheet (the same file, whatever its version) with its
    at-rules (``@page``, counter styles) and, of its other rules, only the selectors for one of
    ``PRINTED_TAGS``: the others (``[dir=rtl] dd``, ``:is(ol, ul) ul``, ``input``, ``:link``,
    ``[hidden]`` ...) match no element of a report, but each was tried against every one."""
    source = (files(weasyprint.css) / "html5_ua.css").read_text("utf-8")
    kept = []
    for rule in tinycss2.parse_stylesheet(source, skip_comments=True, skip_whitespace=True):
        if rule.type == "at-rule":
            kept.append(tinycss2.serialize([rule]))
        elif rule.type == "qualified-rule":
            selectors = [s for s in _selectors(rule.prelude) if _subject_tag(s) in PRINTED_TAGS]
            if selectors:
                listed = ", ".join(tinycss2.serialize(s).strip() for s in selectors)
                kept.append(f"{listed} {{{tinycss2.serialize(rule.content)}}}")
    return CSS(string="\n".join(kept), counter_style=CounterStyle())


def _selectors(prelude: list[Any]) -> list[list[Any]]:
    """A rule's selectors: its prelude split at its commas (those inside ``:is()`` are in a
    function's own tokens)."""
    selectors: list[list[Any]] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            selectors.append([])
        else:
            selectors[-1].append(token)
    return selectors


def _subject_tag(selector: list[Any]) -> str | None:
    """The tag a selector is for: the type of its last compound (after its last combinator);
    None for one without a type (``[hidden]``, ``::marker``)."""
    subject: list[Any] = []
    spaced = False  # a space since the last token: a descendant combinator, if more follows
    for token in selector:
        if token.type == "whitespace":
            spaced = True
        elif token.type == "literal" and token.value in "+>~":
            subject, spaced = [], False
        else:
            if spaced:
                subject = []
            subject.append(token)
            spaced = False
    return subject[0].lower_value if subject and subject[0].type == "ident" else None

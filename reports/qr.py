"""QR codes on the printouts: a page's absolute URL as a two-colour image in the PDF (``segno``).

Every printout draws its code here, the same way (``{% qr_code url %}``): a 20 mm square (the
``.qr`` rules of ``reports/report.html``) with the URL printed under it, so that a reader
without a camera can type it. No image service is asked: the code is a PNG of a few hundred
bytes written into the PDF (the HTML names it by its URL, ``SCHEME``), four pixels a module,
drawn without smoothing (``image-rendering: pixelated``), so every module stays a sharp
square at any printer's resolution. An inline SVG drew the same squares as vectors, but
WeasyPrint reads an SVG path point by point: the images make a round's 50 table cards 5%
sooner.

A URL needs the site's scheme and host, which only a request knows (the proxy in front may
say https): the views pass ``site_of(request)`` to the PDF builders, and a PDF built without
one (a batch job) prints no code rather than a code of a guessed host.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from PIL import Image


def site_of(request: HttpRequest) -> str:
    """The scheme and host the reader reached the site at: ``https://tenbou.example.org``."""
    return request.build_absolute_uri("/").rstrip("/")


def page_url(site: str, name: str, *args: object) -> str:
    """The absolute URL of the page ``name`` (a URL name) on ``site``; "" without a site."""
    return f"{site}{reverse(name, args=args)}" if site else ""


# The scheme of a code's image in a report's HTML: ``tenbou-qr:`` and the URL it opens,
# base64url. The renderer's fetcher (``reports.render``) answers it with the PNG (``qr_png``),
# so the HTML carries 60 characters a code instead of its 1.5 KB of base64, which WeasyPrint's
# HTML parser read a character at a time (a round's 50 table cards: 5% sooner). The URL is in
# the HTML, so the cache of rendered PDFs (keyed by the HTML) still tells codes apart.
SCHEME = "tenbou-qr:"


def qr_image(url: str) -> SafeString:
    """The code of ``url`` as an ``<img>`` the renderer fetches (``SCHEME``), sized by the
    style sheet."""
    encoded = base64.urlsafe_b64encode(url.encode()).decode()
    return format_html('<img class="qr-code" src="{}{}" alt="">', SCHEME, encoded)


def qr_png_of(source: str) -> bytes | None:
    """The PNG an image source of ``qr_image`` stands for; None for any other source."""
    if not source.startswith(SCHEME):
        return None
    return qr_png(base64.urlsafe_b64decode(source[len(SCHEME) :]).decode())


@lru_cache(maxsize=512)
def qr_png(url: str) -> bytes:
    """The code of ``url`` as a PNG.

    Error correction L, raised when it fits in the same size (segno's ``boost_error``): a
    printed page is read close up and in good light. The best of the eight masks costs about
    5 ms a code, so codes already drawn are kept (a round's cards are printed more than once).
    """
    return _png(segno.make_qr(url, error="L"))


PIXELS_PER_MODULE = 4
QUIET_ZONE = 4  # modules of white round the code, as the standard asks


def _png(code: segno.QRCode) -> bytes:
    """The code as an 8-bit grey PNG: WeasyPrint embeds such a PNG as it is, where
    segno's own (one bit a pixel) it would turn into colour first and encode twice (5% of a
    round's table cards)."""
    rows = code.matrix_iter(scale=PIXELS_PER_MODULE, border=QUIET_ZONE)
    pixels = bytes(0 if dark else 255 for row in rows for dark in row)
    side = (code.symbol_size(scale=1, border=QUIET_ZONE)[0]) * PIXELS_PER_MODULE
    image = Image.frombytes("L", (side, side), pixels)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()

"""QR codes on the printouts: a page's absolute URL as an SVG drawn into the PDF (``segno``).

Every printout draws its code here, the same way (``{% qr_code url %}``): a 20 mm square (the
``.qr`` rules of ``reports/report.html``) with the URL printed under it, so that a reader
without a camera can type it. No image service is asked: the SVG is written inline and
WeasyPrint draws it as vectors, sharp at any printer's resolution.

A URL needs the site's scheme and host, which only a request knows (the proxy in front may
say https): the views pass ``site_of(request)`` to the PDF builders, and a PDF built without
one (a batch job) prints no code rather than a code of a guessed host.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe


def site_of(request: HttpRequest) -> str:
    """The scheme and host the reader reached the site at: ``https://tenbou.example.org``."""
    return request.build_absolute_uri("/").rstrip("/")


def page_url(site: str, name: str, *args: object) -> str:
    """The absolute URL of the page ``name`` (a URL name) on ``site``; "" without a site."""
    return f"{site}{reverse(name, args=args)}" if site else ""


@lru_cache(maxsize=512)
def qr_svg(url: str) -> SafeString:
    """The code of ``url`` as inline SVG markup, sized by the style sheet (a viewBox only).

    Error correction L, raised when it fits in the same size (segno's ``boost_error``): a
    printed page is read close up and in good light. The best of the eight masks costs about
    5 ms a code, so codes already drawn are kept (a round's cards are printed more than once).
    """
    code = segno.make_qr(url, error="L")
    return mark_safe(code.svg_inline(omitsize=True, svgclass="qr-code", lineclass=None))

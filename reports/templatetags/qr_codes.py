"""``{% qr_code url %}``: a printout's QR code with its URL printed under it (``reports.qr``).

Every report template loads it (``{% load qr_codes %}``); an empty URL (a PDF built without a
request, so without the site's host) prints nothing.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from reports.qr import qr_image

register = template.Library()

# After each "/" of the path: where the printed URL may wrap (never inside "//" or a word).
BREAKS = re.compile(r"(?<=[^/]/)(?=[^/])")


@register.inclusion_tag("reports/qr.html")
def qr_code(url: str, label: str = "", url_under: bool = True) -> dict[str, Any]:
    """The code of ``url``, then ``url`` itself; ``label`` above the URL says what it opens.
    Without ``url_under`` the code alone: the page prints the URL elsewhere, on one line
    (``page_url``; a table card or the seating sheet, where four lines under each code were 8%
    of the cards and 20% of the sheet)."""
    code = qr_image(url) if url else ""
    return {"url": url, "code": code, "printed": printed(url), "label": label, "under": url_under}


@register.simple_tag
def page_url(url: str, label: str) -> SafeString:
    """``label: url`` (or the URL alone) as one small line (``.page-url``), for a code printed
    without its URL."""
    if not url:
        return mark_safe("")
    said = f"{escape(label)}: " if label else ""
    return mark_safe(f'<p class="page-url">{said}{printed(url)}</p>')


# A zero-width space, not ``<wbr>``: the URL stays one run of text, which WeasyPrint lays out
# once instead of as an inline box a part (the cards and seating sheet print 50 URLs: 10-18%).
# It draws nothing and pdftotext leaves it out, so the URL reads (and copies) as it is.
WRAP = "\u200b"


def printed(url: str) -> SafeString:
    """``url`` as text that may wrap after a slash of its path (a zero-width space), escaped."""
    return mark_safe(WRAP.join(escape(part) for part in BREAKS.split(url)))

"""The one renderer: a report's template and context in, PDF bytes out (WeasyPrint).

Every report extends ``reports/report.html``: A4 (portrait, or landscape for wide tables), the
club's name and the report's title at the top of every page, the date printed and "n / N" at the
bottom, table headers repeated on each page and no row split across two. Fonts are subset into
the file (WeasyPrint's default), so a game sheet is small enough to e-mail.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from weasyprint import HTML

from scoring.checks import FONT_PACKAGES, japanese_fonts

PORTRAIT, LANDSCAPE = "portrait", "landscape"


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
                "printed_at": timezone.localtime(),
            },
        )
    # No external resource is ever fetched: the charts are inline SVG, the fonts the system's.
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()

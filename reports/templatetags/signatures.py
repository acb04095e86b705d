"""``{% signatures %}``: who wrote a sheet and who checked it, signed on paper (記録者・確認).

One line of text, not a table of four cells: the two labels set in half widths (``hwid``) with
the second one ``SECOND_AT`` units in, and the two lines to sign on drawn as the paragraph's
backgrounds, each from just after its label (the cards 7% sooner: WeasyPrint's cost is by the
line and the cell). The report's width is at least 90 units (158 mm) wherever it is printed.
The labels are kanji and ASCII in both languages: ``hwid`` would print katakana half-width
(``reports.text.fixed_width``).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from reports.text import units_pt, width

register = template.Library()

UNIT_PT = units_pt(1)  # a half-width unit at the report's type size
SECOND_AT = 50  # where the second label starts, in units (84 mm)
GAP = 2  # units between a line's end and the next label


@register.simple_tag
def signatures() -> SafeString:
    recorded, checked = _("Recorded by (記録者)"), _("Checked by (確認)")
    first_from = width(recorded) + 1
    first_pt = (SECOND_AT - GAP - first_from) * UNIT_PT
    second_from = SECOND_AT + width(checked) + 1
    pad = " " * max(SECOND_AT - width(recorded), 1)
    lines = (
        f"{_line()} {first_from * UNIT_PT:g}pt 100% / {first_pt:g}pt 1.2pt no-repeat, "
        f"{_line()} {second_from * UNIT_PT:g}pt 100% / 100% 1.2pt no-repeat"
    )
    return format_html(
        '<p class="signatures" style="background: {}">{}{}{}</p>', lines, recorded, pad, checked
    )


def _line() -> str:
    """A 0.6 pt rule as a gradient 1.2 pt high, its upper half clear (an opaque gradient would
    fill the whole paragraph, whatever its size)."""
    return "linear-gradient(transparent 50%, #333 50%)"

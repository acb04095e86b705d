"""Text that must fit a printed column: a long name shortened with an ellipsis, by its width on
paper (a kanji or kana takes two units, a Latin letter or digit one); and a row of figures set
as one line of fixed-width columns (``fixed_columns``).

Set with the OpenType feature ``hwid`` (half widths, which IPAexGothic and Noto Sans CJK JP
carry), every ASCII character prints exactly half an em wide, spaces included, as a kanji or
kana prints one em: a line padded with spaces by ``width`` keeps its columns to the point. A
row of figures is then one line for WeasyPrint to lay out instead of a cell a figure, and the
layout's cost is by the line (``reports.league``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

ELLIPSIS = "…"


REPORT_PT = 9.5  # the reports' type size (reports/report.html)


def units_pt(units: float, font_pt: float = REPORT_PT) -> float:
    """``units`` half-width units at ``font_pt``, in points (a unit is half an em)."""
    return units * font_pt / 2


def width(text: str) -> int:
    """How wide ``text`` prints, in half-width units: 山田 is 4, Yamada 6."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def shortened(text: str, units: int) -> str:
    """``text`` whole if it fits ``units``; else cut where it fits, ending in an ellipsis."""
    if width(text) <= units:
        return text
    kept, used = [], width(ELLIPSIS)
    for char in text:
        used += width(char)
        if used > units:
            break
        kept.append(char)
    return "".join(kept).rstrip() + ELLIPSIS


def fixed_width(text: str) -> bool:
    """Whether every character of ``text`` prints a whole number of units wide under ``hwid``:
    printable ASCII (half) or a wide character that ``hwid`` leaves full (kanji, hiragana). A
    dash (—), ± or † has a width of its own in each font, and ``hwid`` prints katakana, the
    full-width letters and the CJK punctuation half-width (ﾎﾟｲﾝﾄ): a column holding one is
    laid out as cells are, in the font's own widths."""
    return all(
        " " <= char <= "~"
        or (unicodedata.east_asian_width(char) in "WF" and not _halved_by_hwid(char))
        for char in text
    )


# What ``hwid`` turns half-width in IPAexGothic and Noto Sans CJK JP: CJK punctuation (、。「」),
# katakana and its extensions, the full-width forms (Ａ１！) and signs (￥).
HALVED_BY_HWID = ((0x3000, 0x303F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF01, 0xFFEE))


def _halved_by_hwid(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in HALVED_BY_HWID)


@dataclass(frozen=True)
class Value:
    """A printed value with a class of its own (a minus in red)."""

    text: str
    css: str


@dataclass(frozen=True)
class Column:
    """A column of a fixed-width line: ``units`` half-width units wide, its values at the right
    one unit short of its edge, or at the left one unit in (``left``: names, dates)."""

    units: int
    left: bool = False


@dataclass(frozen=True)
class RunCell:
    """A cell of a run of rows: a line a row, over ``span`` columns (fixed-width ones)."""

    text: str
    span: int
    fixed: bool
    left: bool = False


def _plain(value: str | Value) -> str:
    return value.text if isinstance(value, Value) else value


def _html(value: str | Value) -> str:
    if isinstance(value, Value):
        return format_html('<span class="{}">{}</span>', value.css, value.text)
    return escape(value)


def fixed_columns(values: Sequence[str | Value], columns: Sequence[Column]) -> str:
    """``values`` as one line of ``columns``, HTML-escaped (a ``Value`` in a span of its
    class, its padding outside)."""
    line = []
    for value, column in zip(values, columns, strict=True):
        pad = " " * max(column.units - 1 - width(_plain(value)), 0)
        line.append(f" {_html(value)}{pad}" if column.left else f"{pad}{_html(value)} ")
    return "".join(line)


def run_cells(rows: Sequence[Sequence[str | Value]], columns: Sequence[Column]) -> list[RunCell]:
    """A run of ``rows`` as cells, HTML: each stretch of columns whose values all have fixed
    widths one cell, its rows one line each (``fixed_columns``); any other column a cell of its
    own, its values a line each."""
    fixed = [all(fixed_width(_plain(row[i])) for row in rows) for i in range(len(columns))]
    cells = []
    for is_fixed, group in groupby(range(len(columns)), key=fixed.__getitem__):
        where = list(group)
        if is_fixed:
            stretch = [columns[i] for i in where]
            text = "\n".join(fixed_columns([row[i] for i in where], stretch) for row in rows)
            cells.append(RunCell(mark_safe(text), len(where), True))
            continue
        for i in where:
            text = "\n".join(_html(row[i]) for row in rows)
            cells.append(RunCell(mark_safe(text), 1, False, columns[i].left))
    return cells

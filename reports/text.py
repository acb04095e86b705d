"""Text that must fit a printed column: a long name shortened with an ellipsis, by its width on
paper (a kanji or kana takes two units, a Latin letter or digit one)."""

from __future__ import annotations

import unicodedata

ELLIPSIS = "…"


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

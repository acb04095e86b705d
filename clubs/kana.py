"""A player's reading (よみがな): kana only, kept in hiragana, so that lists sort in あいうえお
order (hiragana in code-point order is the gojūon order, small kana and ー beside their kin)."""

from __future__ import annotations

import re
import unicodedata

# Hiragana, katakana (full width once NFKC has widened the half-width ones), ー, ・, spaces.
KANA = re.compile(r"[\u3041-\u309f\u30a0-\u30ff\u3000 ]*")
KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def reading(text: str) -> str:
    """``text`` as a stored reading: NFKC, single spaces, katakana turned to hiragana.

    Raises ValueError for anything but kana (a reading in kanji or letters sorts nowhere)."""
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    if not KANA.fullmatch(text):
        raise ValueError(text)
    return text.translate(KATAKANA_TO_HIRAGANA)


def search_key(text: str) -> str:
    """What a search compares: case, width and katakana/hiragana do not matter (ヤマ finds やま)."""
    return unicodedata.normalize("NFKC", text).casefold().translate(KATAKANA_TO_HIRAGANA)

"""Where each word of a PDF is printed, read back with poppler's ``pdftotext -bbox``: what the
tests of columns, margins and alignment measure."""

from __future__ import annotations

import re
import shutil
import subprocess

WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>'
)


def word_boxes(pdf: bytes, page: int | None = None) -> list[tuple[float, float, float, str]]:
    """(left edge, right edge, top, word) of every word, in points: of ``page``, else of all."""
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install poppler-utils"
    pages = ["-f", str(page), "-l", str(page)] if page else []
    out = subprocess.run(
        [tool, "-bbox", *pages, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return [
        (float(left), float(right), float(top), word)
        for left, top, right, word in WORD.findall(out)
    ]

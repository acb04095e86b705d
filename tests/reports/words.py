"""Where each word of a PDF is printed, read back with poppler's ``pdftotext -bbox``, and its
pages as images (``pdftoppm``): what the tests of columns, margins, alignment and colour
measure."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from PIL import Image

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


Word = tuple[float, float, str]  # left edge, right edge, text


def header_and_lines(
    boxes: list[tuple[float, float, float, str]], head: str
) -> tuple[dict[str, tuple[float, float]], dict[float, list[Word]]]:
    """The words on the line of ``head`` (each one's left and right edge), and the lines below
    it by their top, each line's words left to right: a table's header and its rows."""
    top = next(t for _l, _r, t, word in boxes if word == head)
    heads = {word: (left, right) for left, right, t, word in boxes if abs(t - top) < 1}
    lines: dict[float, list[Word]] = {}
    for left, right, t, word in boxes:
        if t > top + 3:
            lines.setdefault(round(t, 1), []).append((left, right, word))
    return heads, {t: sorted(line) for t, line in lines.items()}


def page_image(pdf: bytes, folder: Path, dpi: int = 72, page: int = 1) -> Image.Image:
    """``page`` rendered by poppler's ``pdftoppm`` at ``dpi``, in RGB: what the pixel tests read
    (a point is ``dpi / 72`` pixels)."""
    tool = shutil.which("pdftoppm")
    assert tool, "pdftoppm is missing: apt-get install poppler-utils"
    (folder / "page.pdf").write_bytes(pdf)
    stem = folder / "page"
    command = [tool, "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
    subprocess.run([*command, str(folder / "page.pdf"), str(stem)], check=True)
    with Image.open(stem.with_suffix(".png")) as image:
        return image.convert("RGB")

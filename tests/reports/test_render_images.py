"""A QR code WeasyPrint wrote into a PDF before is written again from what it wrote then
(``reports.render._keep_png_streams``): not decoded and encoded a second time, and the PDF is
the same, byte for byte. No database: the renderer alone."""

from __future__ import annotations

import uuid

import pytest
from PIL import PngImagePlugin

from reports import render
from reports.qr import qr_image


def page_of_codes(*urls: str) -> str:
    codes = "".join(f'<div class="qr">{qr_image(url)}</div>' for url in urls)
    head = '<!doctype html><html lang="ja"><head><meta charset="utf-8"></head>'
    return f"{head}<body>{codes}</body></html>"


def test_a_code_printed_before_is_not_encoded_again_and_prints_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    site = f"https://tenbou.example.org/{uuid.uuid4().hex}"  # codes no earlier test printed
    html = page_of_codes(f"{site}/games/1/", f"{site}/games/2/")
    decoded = []
    load = PngImagePlugin.PngImageFile.load

    def counted(image: PngImagePlugin.PngImageFile) -> object:
        decoded.append(image.size)
        return load(image)

    monkeypatch.setattr(PngImagePlugin.PngImageFile, "load", counted)
    first = render.write_pdf(html)
    per_code = len(decoded) / 2  # each code decoded (Pillow loads it more than once)
    assert per_code >= 1
    decoded.clear()
    second = render.write_pdf(html)
    assert decoded == []
    assert second == first
    # A third code on the page is new: it alone is decoded.
    third = render.write_pdf(page_of_codes(f"{site}/games/1/", f"{site}/games/3/"))
    assert len(decoded) == per_code
    assert third != first

"""The signatures (記録者・確認) of the score sheets and table cards: one line, its second label
``SECOND_AT`` half-width units in, a rule to sign on after each label (the paragraph's
backgrounds), in Japanese and in English."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation
from PIL import Image

from reports.games import game_sheet_pdf
from reports.templatetags.signatures import SECOND_AT, UNIT_PT, signatures
from reports.text import REPORT_PT
from scoring import services
from tests.reports.words import page_image, word_boxes
from tests.scoring.factories import make_club, make_game

pytestmark = pytest.mark.django_db

DPI = 144


def dark_between(image: Image.Image, x_pt: float, top_pt: float, bottom_pt: float) -> bool:
    """Whether anything is drawn at ``x_pt`` between the two heights (points)."""
    x = round(x_pt * DPI / 72)
    return any(
        image.getpixel((x, y)) < 160
        for y in range(round(top_pt * DPI / 72), round(bottom_pt * DPI / 72))
    )


@pytest.mark.parametrize(
    ("language", "recorded", "checked"), [("ja", "記録者", "確認"), ("en", "Recorded", "Checked")]
)
def test_each_label_has_its_rule_and_the_second_starts_where_it_should(
    language: str, recorded: str, checked: str, tmp_path: Path
) -> None:
    game = make_game(make_club(f"sign-{language}"))
    pdf = game_sheet_pdf([services.games().get(pk=game.pk)], language)
    boxes = word_boxes(pdf, 1)
    (first_left, _first_right, top, _w) = next(box for box in boxes if box[3] == recorded)
    (second_left, _second_right, second_top, _w) = next(box for box in boxes if box[3] == checked)
    assert abs(second_top - top) < 0.5  # one line
    assert abs(second_left - (first_left + SECOND_AT * UNIT_PT)) < 0.5
    image = page_image(pdf, tmp_path, DPI).convert("L")
    # Under the labels' text down to the foot of their 9 mm line, where the rules are; not as
    # far as what follows the paragraph (3 mm below).
    below = (top + 10, top + (9 * 72 / 25.4 + REPORT_PT) / 2 + 3)
    label_end = max(
        right for left, right, t, _w in boxes if abs(t - top) < 0.5 and right < second_left
    )
    middle_of_first = (label_end + first_left + (SECOND_AT - 2) * UNIT_PT) / 2
    assert dark_between(image, middle_of_first, *below)  # the first rule
    second_end = max(right for _l, right, t, _w in boxes if abs(t - top) < 0.5)
    assert dark_between(image, second_end + 30, *below)  # the second rule
    assert not dark_between(image, second_left - UNIT_PT, *below)  # a gap before 確認
    assert not dark_between(image, label_end + UNIT_PT / 2, *below)  # it starts after the label


def test_the_labels_are_the_readers_language() -> None:
    with translation.override("en"):
        assert "Recorded by (記録者)" in signatures()
    with translation.override("ja"):
        assert ">記録者" in signatures()

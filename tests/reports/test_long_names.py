"""Long names (the form allows 60 characters) never push a column off the page: a score sheet of
50 hands with four such names takes as many pages as one with short names, and the standings
and results shorten a name with an ellipsis. The sheets carry the signatures (記録者・確認) and
the ruleset in words; table cards have a box for each seat's result."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.utils import translation
from django.utils.translation import gettext

from reports.games import game_sheet_pdf
from reports.league import rules_in_words, standings_pdf
from reports.text import fixed_width, shortened, width
from scoring import services
from scoring.models import Game
from tests.clubs.factories import make_players
from tests.reports.words import word_boxes
from tests.scoring.factories import DAY, make_club, make_ruleset
from tests.standings.factories import make_league, result_game
from tests.tournaments.conftest import make_tournament, play_round
from tournaments import services as tournaments
from tournaments.models import SeatingMethod, TableSeat
from tournaments.reports import (
    BOX_UNITS,
    CARD_NAME_UNITS,
    CardSeats,
    heads_line,
    results_pdf,
    round_pdf,
)

pytestmark = pytest.mark.django_db

LONG = ["長い名前のプレイヤー" * 6, "Ｌｏｎｇ" + "名" * 55, "a" * 60, "鈴木" * 30]
SHORT = ["青木", "馬場", "千葉", "土井"]
MM = 72 / 25.4  # points in a millimetre
PORTRAIT_RIGHT = 595.276 - 12 * MM  # A4's width less the 12 mm margin, in points
LANDSCAPE_RIGHT = 841.89 - 12 * MM


def squeezed(text: str) -> str:
    """Text with no white space: a line pdftotext wraps reads as one."""
    return re.sub(r"\s+", "", text)


def poppler(tool: str, *args: str, data: bytes) -> str:
    path = shutil.which(tool)
    assert path, f"{tool} is missing: apt-get install poppler-utils"
    return subprocess.run(
        [path, *args], input=data, capture_output=True, check=True
    ).stdout.decode()


def pages(pdf: bytes) -> int:
    return int(re.search(r"^Pages:\s+(\d+)", poppler("pdfinfo", "-", data=pdf), re.M)[1])


def right_edges(pdf: bytes) -> list[float]:
    """The right edge of every word printed, in points."""
    return [right for _left, right, _top, _word in word_boxes(pdf)]


def fifty_hands(names: list[str]) -> Game:
    club = make_club(f"c{width(names[0])}")
    game = services.start_game(
        club, ruleset_version=make_ruleset(club).current_version(), players=names, played_on=DAY
    )
    for number in range(50):  # every draw with all four tenpai: the dealer keeps the seat
        hand = {"riichi": [], "result": {"type": "draw", "tenpai": [0, 1, 2, 3]}}
        services.record_hand(game, hand, version=number, key=f"k{number}")
    return services.games().get(pk=game.pk)


@pytest.mark.parametrize(
    ("text", "units", "shown"),
    [("山田", 16, "山田"), ("長い名前のプレイヤー", 10, "長い名前…"), ("a" * 60, 10, "aaaaaaaaa…"),
     ("Ａ山a", 5, "Ａ山a"), ("Ａ山ab", 5, "Ａ山…")],
)  # fmt: skip
def test_a_name_is_shortened_by_its_width_on_paper(text: str, units: int, shown: str) -> None:
    assert shortened(text, units) == shown
    assert width(shortened(text, units)) <= units


def test_fifty_hands_with_sixty_character_names_take_the_pages_of_short_names() -> None:
    long_pdf = game_sheet_pdf([fifty_hands(LONG)], "ja")
    short_pdf = game_sheet_pdf([fifty_hands(SHORT)], "ja")
    assert pages(long_pdf) == pages(short_pdf) == 3
    assert max(right_edges(long_pdf)) <= PORTRAIT_RIGHT + 0.1  # inside the margin
    text = poppler("pdftotext", "-", "-", data=long_pdf)
    assert LONG[0] in text.replace("\n", "")  # whole in the seats' table
    assert shortened(LONG[0], 16) == "長い名前のプレ…"
    assert "長い名前のプレ…" in text


def test_the_sheet_has_its_signatures_and_its_ruleset_in_words() -> None:
    game = fifty_hands(SHORT)
    with translation.override("ja"):
        rules = rules_in_words("Kルール", game.ruleset_version.options)
    text = squeezed(poppler("pdftotext", "-", "-", data=game_sheet_pdf([game], "ja")))
    assert "記録者" in text
    assert "確認" in text
    assert "ルール:k_rule" in text
    for line in rules.lines:
        assert squeezed(f"{line.label}: {line.words}") in text
    assert "ウマ:" in text


def test_the_standings_shorten_a_long_name_with_an_ellipsis() -> None:
    club = make_club("nagai")
    version = make_ruleset(club).current_version()
    league = make_league(club, "秋季")
    players = make_players(club, LONG)
    result_game(
        version, league, DAY, [(p, n, str(40 - 20 * n), 25000) for n, p in enumerate(players, 1)]
    )
    pdf = standings_pdf(league, None, None, language="ja")
    text = poppler("pdftotext", "-layout", "-", "-", data=pdf)
    assert shortened(LONG[0], 20) in text
    assert shortened(LONG[0], 20).endswith("…")
    assert LONG[0] not in text


def test_table_cards_have_a_box_for_each_result_and_the_signatures() -> None:
    club = make_club("fuda")
    make_ruleset(club, "k_rule", "Kルール")
    tournament = make_tournament(club, players=4, rounds=1)
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    text = poppler("pdftotext", "-layout", "-", "-", data=round_pdf(round_, "cards", "ja"))
    assert re.search(r"素点\s+ポイント", text)
    # The card names its tournament and round itself: the page's head is left off.
    assert f"{tournament.name} · 1回戦" in text
    assert club.name not in text
    assert "記録者" in text
    assert "確認" in text


def test_the_seating_sheet_puts_every_player_on_the_line_of_their_wind() -> None:
    """Each table's seats are one block of lines (no table to lay out): every player stands on
    the line of the wind the round gave them, and a 60-character name wraps inside its half of
    the page instead of running past it."""
    club = make_club("seki")
    make_ruleset(club, "k_rule", "Kルール")
    tournament = tournaments.create_tournament(
        club, name="長名大会", starts_on=DAY, ruleset=club.rulesets.get(), rounds=1
    )
    entries = tournaments.register(tournament, SHORT + LONG)
    tournaments.check_in_many(tournament, [entry.pk for entry in entries])
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    pdf = round_pdf(round_, "seating", "ja")
    text = squeezed(poppler("pdftotext", "-raw", "-", "-", data=pdf))
    seats = TableSeat.objects.filter(round=round_).select_related("entry__player")
    assert len(seats) == 8
    for seat in seats:
        wind = "東南西北"[seat.seat]
        assert f"{wind}{squeezed(seat.entry.player.name)}" in text, (wind, seat.entry)
    assert max(right_edges(pdf)) <= PORTRAIT_RIGHT + 0.5


def test_a_table_card_prints_a_long_name_on_its_seat_line_shortened_before_the_boxes() -> None:
    """A card's seats are lines with the two boxes drawn at their right: a 60-character name is
    cut with an ellipsis where the boxes start, so each box stays its seat's."""
    club = make_club("fuda-long")
    make_ruleset(club, "k_rule", "Kルール")
    tournament = tournaments.create_tournament(
        club, name="長名大会", starts_on=DAY, ruleset=club.rulesets.get(), rounds=1
    )
    entries = tournaments.register(tournament, LONG)
    tournaments.check_in_many(tournament, [entry.pk for entry in entries])
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    pdf = round_pdf(round_, "cards", "ja")
    boxes_left = PORTRAIT_RIGHT - (8 + 64) * MM  # the card's padding, then its two boxes
    right_of = {word: right for _left, right, _top, word in word_boxes(pdf)}
    for seat in TableSeat.objects.filter(round=round_).select_related("entry__player"):
        shown = shortened(seat.entry.player.name, CARD_NAME_UNITS)
        assert shown.endswith("…")
        assert shown in right_of, shown
        assert right_of[shown] < boxes_left, (shown, right_of[shown], boxes_left)


@pytest.mark.parametrize("seats", [3, 4])
def test_a_card_draws_two_boxes_for_each_seat_and_no_more(seats: int) -> None:
    """Four players or three (sanma): the boxes are one path as tall as the seats' lines (9 mm
    each), an outline, the line between the two boxes and one across between seats; their
    heads are a line of text above them (``heads_line``), not texts of the SVG."""
    with translation.override("ja"):
        card = CardSeats([("東", "青木")] * seats)
        boxes, heads = str(card.boxes), str(card.heads)
    height = 9 * seats
    assert f'viewBox="0 0 64 {height}"' in boxes
    assert f'height="{height}mm"' in boxes
    assert "<text" not in boxes
    across = re.findall(r"M0 (\d+)H64", boxes)
    assert across == [str(9 * n) for n in range(1, seats)]
    assert f"M32 0V{height}" in boxes
    assert re.fullmatch(r'<p class="heads">\u3000+素点\u3000+ポイント</p>', heads)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_each_head_is_centred_over_its_box_to_a_unit(language: str) -> None:
    """Counted in half-width units from the line itself: each head's middle lies within one
    unit (1.4 mm at 8 pt) of its box's middle, the boxes 32 mm each."""
    with translation.override(language):
        line = heads_line()
        names = (gettext("Final score (素点)"), gettext("Points"))
    start = 0
    for number, name in enumerate(names):
        at = line.index(name, start)
        middle = width(line[:at]) + width(name) / 2
        assert abs(middle - BOX_UNITS * (number + 0.5)) <= 1, (language, name, middle)
        start = at + len(name)


def test_results_list_long_team_members_inside_the_page_with_the_ruleset() -> None:
    club = make_club("kekka")
    make_ruleset(club, "k_rule", "Kルール")
    tournament = make_tournament(club, players=8, rounds=1)
    for entry in tournament.entries.all():
        entry.player.name = f"{entry.player.name}{'の長いお名前' * 9}"
        entry.player.save()
        tournaments.set_team(entry, "とても長いチーム名")
    for round_ in tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM):
        play_round(round_)
    pdf = results_pdf(tournament, "ja")
    assert max(right_edges(pdf)) <= LANDSCAPE_RIGHT + 0.1
    assert "ウマ:" in squeezed(poppler("pdftotext", "-", "-", data=pdf))


def test_the_running_header_prints_a_name_with_hyphens_and_quotes_as_written() -> None:
    """The page header is a CSS string: a hyphen, a quote or a backslash in the club's or the
    league's name prints as written (JavaScript's escapes printed ``u002D`` there)."""
    club = make_club()
    club.name = 'K-Rule "Tsubame" \\ 麻雀会'
    club.save(update_fields=["name"])
    league = make_league(club, name="Autumn-League '26")
    with translation.override("en"):
        text = poppler("pdftotext", "-l", "1", "-", "-", data=standings_pdf(league))
    assert 'K-Rule "Tsubame" \\ 麻雀会' in text
    assert "Autumn-League '26" in text
    assert "u002D" not in text


def test_a_card_prints_katakana_and_full_width_letters_full_and_ascii_half() -> None:
    """A card's names are set with ASCII alone in half widths ("Half ASCII"): katakana and
    full-width letters keep their full em (hwid over the whole line printed スミス as ｽﾐｽ)."""
    club = make_club("fuda-kana")
    make_ruleset(club, "k_rule", "Kルール")
    tournament = tournaments.create_tournament(
        club, name="カナ大会", starts_on=DAY, ruleset=club.rulesets.get(), rounds=1
    )
    names = ["スミス", "Smith", "ＡＢＣ", "山田"]
    entries = tournaments.register(tournament, names)
    tournaments.check_in_many(tournament, [entry.pk for entry in entries])
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    pdf = round_pdf(round_, "cards", "ja")
    widths = {word: right - left for left, right, _top, word in word_boxes(pdf)}
    em = 14  # the seats' type size, in points
    for name in names:
        assert abs(widths[name] - width(name) * em / 2) < 0.6, (name, widths[name])


@pytest.mark.parametrize(
    ("text", "fixed"),
    [("12卓", True), ("ひらがな", True), ("テーブル", False), ("Ａ卓", False), ("「卓」", False),
     ("-12.5", True), ("—", False)],
)  # fmt: skip
def test_a_value_is_of_fixed_width_only_where_hwid_keeps_its_characters_widths(
    text: str, fixed: bool
) -> None:
    """hwid prints ASCII half and leaves kanji and hiragana full, but halves katakana, the
    full-width letters and CJK punctuation: those go in a cell of their own."""
    assert fixed_width(text) is fixed

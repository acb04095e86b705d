"""The game score sheet: what the PDF says (through ``pdftotext``), who may download it, and the
``export_pdf`` command."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Role, Ruleset
from reports.games import game_sheet_pdf
from reports.text import units_pt
from scoring import services
from scoring.models import Game
from tests.reports.words import Word, header_and_lines, page_image, word_boxes
from tests.scoring.factories import DAY, make_club, make_game, make_member, make_ruleset

ARTIFACTS = Path(__file__).resolve().parents[1] / "browser" / "artifacts"


def _need(tool: str) -> str:
    """The poppler tool's path; skipped where it is missing, except on CI (it must be there)."""
    path = shutil.which(tool)
    if path is None:
        if os.getenv("CI") == "true":
            pytest.fail(f"{tool} (poppler-utils) is missing on CI")
        pytest.skip(f"{tool} (poppler-utils) is not installed: cannot read the PDF")
    return path


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        [_need("pdftotext"), "-layout", str(path), "-"], capture_output=True, check=True
    )
    return done.stdout.decode()


def pdf_pages(pdf: bytes, tmp_path: Path) -> list[str]:
    return pdf_text(pdf, tmp_path).split("\f")


def page_count(pdf: bytes, tmp_path: Path) -> int:
    path = tmp_path / "count.pdf"
    path.write_bytes(pdf)
    info = subprocess.run([_need("pdfinfo"), str(path)], capture_output=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", info.stdout.decode(), re.M).group(1))  # type: ignore[union-attr]


def in_order(text: str, *parts: str) -> bool:
    at = 0
    for part in parts:
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


def play(game: Game, *hands: dict[str, Any]) -> None:
    for hand in hands:
        game.refresh_from_db()
        services.record_hand(game, hand, version=game.version, key=f"k{game.version}")
    game.refresh_from_db()


RIICHI_RON = {  # Baba riichi, ron off Chiba: 4 han 30 fu, 7,700
    "riichi": [1],
    "result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]},
}
DRAW = {"riichi": [], "result": {"type": "draw", "tenpai": [0, 1]}}
CHOMBO = {"riichi": [], "result": {"type": "chombo", "seat": 3}}


@pytest.fixture
def club(db: None) -> Club:
    return make_club()


@pytest.fixture
def k_rule(club: Club) -> Ruleset:
    return make_ruleset(club, "k_rule", "Kルール")


@pytest.fixture
def played(club: Club, k_rule: Ruleset) -> Game:
    """Riichi and ron, a draw with two tenpai, a chombo; ended early for the time."""
    game = make_game(club, k_rule)
    play(game, RIICHI_RON, DRAW, CHOMBO)
    services.end_game_early(game, reason="time", version=game.version, key="end")
    return game


def fetched(game: Game) -> Game:
    return services.games().get(pk=game.pk)


def test_k_rule_sheet_shows_every_hand_running_scores_and_the_settlement(
    played: Game, tmp_path: Path
) -> None:
    state = services.game_state(fetched(played))
    text = pdf_text(game_sheet_pdf([fetched(played)], "ja"), tmp_path)
    assert in_order(text, "Aoki", "Baba", "Chiba", "Doi")
    assert in_order(text, "東1局", "東2局", "東2局")
    assert "7,700" in text
    for row in state.replay.hands:  # every seat's score after every hand, hand by hand
        assert in_order(text, *(f"{score:,}" for score in row.scores))
    assert in_order(text, "東1局", *(f"{s:,}" for s in state.replay.hands[0].scores), "東2局")
    final = state.replay.final
    assert final is not None
    settled = [f"{p:+.1f}" if p else "0.0" for p in final.points]
    assert in_order(text, "精算", *settled)
    assert "time" in text  # the reason the game was ended early
    assert "not final" not in text


def test_sheet_embeds_the_japanese_font(played: Game, tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(game_sheet_pdf([fetched(played)], "ja"))
    fonts = subprocess.run([_need("pdffonts"), str(path)], capture_output=True, check=True)
    lines = [line for line in fonts.stdout.decode().splitlines() if "IPAexGothic" in line]
    assert lines, fonts.stdout.decode()
    assert all(" yes " in line for line in lines)  # embedded (emb column)


def test_a_game_in_progress_says_it_is_not_final_on_its_first_page(
    club: Club, k_rule: Ruleset, tmp_path: Path
) -> None:
    game = make_game(club, k_rule)
    play(game, RIICHI_RON)
    first = pdf_pages(game_sheet_pdf([fetched(game)], "en"), tmp_path)[0]
    assert "In progress: not final" in first
    assert "Baba 32,700" in first  # the scores so far


def test_a_voided_game_says_so_with_its_reason(played: Game, tmp_path: Path) -> None:
    played.refresh_from_db()
    services.void_game(played, reason="wrong table", version=played.version, key="void")
    first = pdf_pages(game_sheet_pdf([fetched(played)], "en"), tmp_path)[0]
    assert "Voided: wrong table" in first


def test_several_games_in_one_pdf_each_from_a_new_page(
    played: Game, club: Club, k_rule: Ruleset, tmp_path: Path
) -> None:
    other = make_game(club, k_rule, ("Endo", "Fujii", "Goto", "Hara"))
    pdf = game_sheet_pdf([fetched(other), fetched(played)], "en")
    assert page_count(pdf, tmp_path) >= 2
    text = pdf_text(pdf, tmp_path)
    assert in_order(text, f"Game {other.pk}", "Endo", f"Game {played.pk}", "Aoki")


def test_page_one_as_png_for_a_look(played: Game, tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(game_sheet_pdf([fetched(played)], "ja"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = ARTIFACTS / "game-sheet-ja"
    cmd = [_need("pdftoppm"), "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile"]
    subprocess.run([*cmd, str(path), str(stem)], check=True)
    assert stem.with_suffix(".png").stat().st_size > 0


def twenty_hands(game: Game) -> None:
    """Draws with everyone tenpai (the dealer stays) and, every third hand, a ron off the dealer
    by the next seat: 20 hands that stay within the hanchan."""
    for number in range(20):
        dealer = services.game_state(fetched(game)).replay.next_hand.dealer  # type: ignore[union-attr]
        if number % 3 == 2:
            winner = (dealer + 1) % 4
            hand = {
                "riichi": [winner],
                "result": {
                    "type": "ron",
                    "from": dealer,
                    "wins": [{"winner": winner, "han": 2, "fu": 40}],
                },
            }
        else:
            hand = {"riichi": [], "result": {"type": "draw", "tenpai": [0, 1, 2, 3]}}
        play(game, hand)


def test_a_twenty_hand_sheet_is_small(club: Club, k_rule: Ruleset, tmp_path: Path) -> None:
    """Small enough to e-mail (its speed is bench/pdf.py's)."""
    game = make_game(club, k_rule)
    twenty_hands(game)
    assert len(services.game_state(fetched(game)).hands) == 20
    pdf = game_sheet_pdf([fetched(game)], "ja")
    assert len(pdf) < 400 * 1024
    path = tmp_path / "twenty.pdf"
    path.write_bytes(pdf)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    cmd = [_need("pdftoppm"), "-png", "-r", "60", "-singlefile"]
    for page in (1, 2):
        stem = ARTIFACTS / f"game-sheet-20-hands-{page}"
        subprocess.run([*cmd, "-f", str(page), "-l", str(page), str(path), str(stem)], check=True)


# -- who may download ----------------------------------------------------------------------


def sheet_url(game: Game) -> str:
    return reverse("reports:game_sheet", args=[game.club.slug, game.pk])


def sheets_url(club: Club, ids: str) -> str:
    return reverse("reports:game_sheets", args=[club.slug]) + f"?ids={ids}"


def member(club: Club, role: str = Role.MEMBER) -> Client:
    client = Client()
    client.force_login(make_member(club, f"user-{role}", role))
    return client


def test_anonymous_on_a_private_club_goes_to_log_in(played: Game, client: Client) -> None:
    response = client.get(sheet_url(played))
    assert response.status_code == 302
    assert "login" in response.headers["Location"]


def test_a_member_downloads_the_sheet(played: Game, club: Club) -> None:
    response = member(club).get(sheet_url(played))
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/pdf"
    assert response.headers["Content-Disposition"] == f'inline; filename="game-{played.pk}.pdf"'
    assert response.content.startswith(b"%PDF")


def test_another_clubs_admin_and_an_unknown_game_get_404(played: Game, club: Club) -> None:
    other = make_club("kamome")
    assert member(other, Role.ADMIN).get(sheet_url(played)).status_code == 404
    url = reverse("reports:game_sheet", args=[club.slug, played.pk + 1000])
    assert member(club).get(url).status_code == 404


def test_chosen_games_are_for_admins(played: Game, club: Club, k_rule: Ruleset) -> None:
    other = make_game(club, k_rule, ("Endo", "Fujii", "Goto", "Hara"))
    ids = f"{other.pk},{played.pk}"
    assert member(club).get(sheets_url(club, ids)).status_code == 403
    admin = member(club, Role.ADMIN)
    response = admin.get(sheets_url(club, ids))
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/pdf"
    repeated = reverse("reports:game_sheets", args=[club.slug])
    assert admin.get(repeated, {"ids": [other.pk, played.pk]}).status_code == 200


@pytest.mark.parametrize(
    ("ids", "named"),
    [("1,x2", "x2"), ("", "対局を1つ以上選んで"), ("999999", "999999"), ("9" * 30, "9" * 30)],
)
def test_chosen_games_refuse_a_bad_id_with_400(
    played: Game, club: Club, ids: str, named: str
) -> None:
    response = member(club, Role.ADMIN).get(sheets_url(club, ids))
    assert response.status_code == 400
    assert named in response.content.decode()


def test_another_clubs_game_is_not_among_the_chosen(played: Game) -> None:
    other = make_club("kamome")
    response = member(other, Role.ADMIN).get(sheets_url(other, str(played.pk)))
    assert response.status_code == 400


def test_the_game_page_links_its_sheet(played: Game, club: Club) -> None:
    page = member(club).get(reverse("games:game", args=[club.slug, played.pk]))
    assert sheet_url(played) in page.content.decode()


def test_the_games_list_offers_chosen_sheets_to_admins_only(played: Game, club: Club) -> None:
    url = reverse("games:list", args=[club.slug])
    sheets = reverse("reports:game_sheets", args=[club.slug])
    assert sheets in member(club, Role.ADMIN).get(url).content.decode()
    assert sheets not in member(club).get(url).content.decode()


# -- export_pdf ----------------------------------------------------------------------------


def test_export_pdf_writes_a_days_games(played: Game, club: Club, tmp_path: Path) -> None:
    out = tmp_path / "day.pdf"
    call_command(
        "export_pdf", "games", "--club", club.slug, "--date", DAY.isoformat(), "--out", str(out)
    )
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("club_slug", "day", "message"),
    [
        ("tsubame", "2026-13-01", "not a date"),
        ("nowhere", DAY.isoformat(), "no club"),
        ("tsubame", "2020-01-01", "no game"),
    ],
)
def test_export_pdf_errors_clearly(
    played: Game, tmp_path: Path, club_slug: str, day: str, message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        call_command(
            "export_pdf",
            "games",
            "--club",
            club_slug,
            "--date",
            day,
            "--out",
            str(tmp_path / "x.pdf"),
        )


def test_a_server_without_a_japanese_font_refuses_to_print_rather_than_print_boxes(
    played: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reports import render

    monkeypatch.setattr(render, "japanese_fonts", list)
    render._has_japanese_font.cache_clear()
    try:
        client = Client()
        client.force_login(make_member(played.club, "menba", Role.MEMBER))
        response = client.get(reverse("reports:game_sheet", args=[played.club.slug, played.pk]))
    finally:
        render._has_japanese_font.cache_clear()
    assert response.status_code == 503
    assert "fonts-ipaexfont-gothic" in response.content.decode()


def test_the_header_names_the_table_once_as_the_club_wrote_it(played: Game, tmp_path: Path) -> None:
    """A table labelled 3卓 is 3卓 in both languages, never 3卓卓 or Table 3卓."""
    Game.objects.filter(pk=played.pk).update(table_label="3卓")
    for language in ("ja", "en"):
        page = pdf_pages(game_sheet_pdf([fetched(played)], language), tmp_path)[0]
        assert " · 3卓 · " in page
        assert "3卓卓" not in page
        assert "Table" not in page


def test_a_tournament_games_header_says_round_and_table_in_the_readers_language(
    played: Game, tmp_path: Path
) -> None:
    Game.objects.filter(pk=played.pk).update(table_label="秋季大会", round_number=4, table_number=3)
    japanese = pdf_pages(game_sheet_pdf([fetched(played)], "ja"), tmp_path)[0]
    english = pdf_pages(game_sheet_pdf([fetched(played)], "en"), tmp_path)[0]
    assert " · 秋季大会 4回戦 3卓 · " in japanese
    assert " · 秋季大会 Round 4, Table 3 · " in english
    assert "回戦" not in english


# -- the hands' columns -----------------------------------------------------------------------

UNIT = units_pt(1)  # a half-width unit of the hands' lines, in points


def hand_lines(pdf: bytes) -> tuple[dict[str, tuple[float, float]], dict[float, list[Word]]]:
    """The heads of page 1's hands (each one's left and right edge) and the lines under them
    by their top, each line's words left to right."""
    return header_and_lines(word_boxes(pdf, 1), "供託")


def first_lines(lines: dict[float, list[Word]]) -> dict[int, tuple[float, list[Word]]]:
    """Each hand's first line by the hand's number: (its top, its words)."""
    return {
        int(line[0][2]): (top, line)
        for top, line in lines.items()
        if line[0][2].isdigit() and len(line) > 1 and line[1][2].startswith("東")
    }


def test_every_hands_figures_stand_under_their_heads_to_the_point(
    club: Club, k_rule: Ruleset
) -> None:
    """A hand's number, round and sticks, and each seat's change and score, print as fixed-width
    lines: every figure ends where its column's head ends, every round starts where 局 starts."""
    game = make_game(club, k_rule)
    twenty_hands(game)
    state = services.game_state(fetched(game))
    heads, lines = hand_lines(game_sheet_pdf([fetched(game)], "ja"))
    seat_rights = [heads[name][1] for name in ("Aoki", "Baba", "Chiba", "Doi")]
    figures = 0
    for line in lines.values():
        texts = [word for *_edges, word in line[-4:]]
        for row in state.replay.hands:
            changes = [f"{d:+,}" if d else "0" for d in row.deltas]
            if texts in ([f"{s:,}" for s in row.scores], changes):
                for (_left, right, _word), head_right in zip(line[-4:], seat_rights, strict=True):
                    assert abs(right - head_right) < 0.3, (texts, right, head_right)
                    figures += 1
                break
    starts = first_lines(lines)
    assert sorted(starts) == list(range(1, len(starts) + 1))  # page 1's hands, the first
    assert len(starts) >= 10
    for number, (_top, line) in starts.items():
        (_l, number_right, _n), (round_left, _r, _round), (_l2, sticks_right, _s) = line[:3]
        assert abs(number_right - heads["#"][1]) < 0.3, number
        assert abs(round_left - heads["局"][0]) < 0.3, number
        assert abs(sticks_right - heads["供託"][1]) < 0.3, number
    assert figures >= 4 * 2 * len(starts) - 8  # every hand's two lines (lines alike are one)


SHADE = (0xF4, 0xF1, 0xE4)  # the dealer's (game_sheet.html)
WHITE = (0xFF, 0xFF, 0xFF)


@pytest.mark.parametrize(
    ("preset", "names"),
    [("k_rule", ("Aoki", "Baba", "Chiba", "Doi")), ("gensou_sanma", ("Aoki", "Baba", "Chiba"))],
)
def test_the_dealers_column_is_shaded_and_no_other(
    club: Club, preset: str, names: tuple[str, ...], tmp_path: Path
) -> None:
    """Each hand's seats print in one cell; its background shades the dealer's column only, of
    four seats or of three, as the deal goes round (a draw with nobody tenpai)."""
    game = make_game(club, make_ruleset(club, preset), players=names)
    nobody_tenpai = {"riichi": [], "result": {"type": "draw", "tenpai": []}}
    play(game, *[nobody_tenpai] * len(names))
    replay = services.game_state(fetched(game)).replay
    assert [row.dealer for row in replay.hands] == list(range(len(names)))
    pdf = game_sheet_pdf([fetched(game)], "ja")
    heads, lines = hand_lines(pdf)
    image = page_image(pdf, tmp_path)
    for number, (top, _line) in first_lines(lines).items():
        for seat, name in enumerate(names):
            # In the column's left two units, left of its right-aligned figures.
            left_part = heads[name][1] + UNIT - 8.5 * UNIT
            expected = SHADE if seat == replay.hands[number - 1].dealer else WHITE
            pixel = image.getpixel((round(left_part), round(top + 4)))
            assert pixel == expected, (number, name)

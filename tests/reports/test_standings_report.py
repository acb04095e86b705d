"""The standings and player reports as PDF, read back with poppler's tools.

The fixture league is the standings tests' one (tests/standings/conftest.py), worked out by hand:
B 馬場 +45.0, A 青木 +35.0, C 千葉 0.0, D 土井 -40.0, then below the line (2 games) E 江藤 -40.0.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Club, League, Player, Role, RulesetVersion
from reports.league import _game_cells, page_count, player_pdf, standings_pdf
from scoring.models import Game, GameResult, GameStatus, Seat
from standings.tables import league_standings
from standings.templatetags.standings_tags import points
from tests.clubs.factories import make_club, make_member, make_players, make_ruleset
from tests.reports.words import header_and_lines, word_boxes
from tests.standings.factories import make_league, play_short_games, result_game

NAMES = ("青木", "馬場", "千葉", "土井", "江藤")
ARTIFACTS = Path(__file__).resolve().parents[1] / "browser" / "artifacts"
TOOLS = ("pdftotext", "pdffonts", "pdfinfo", "pdftoppm")


@pytest.fixture(autouse=True)
def poppler() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing and os.environ.get("CI") != "true":
        pytest.skip(f"poppler-utils' {', '.join(missing)} not installed: the PDFs cannot be read")
    assert not missing, f"CI must have poppler-utils: {missing} missing"


def run(*args: str | Path, data: bytes | None = None) -> str:
    return subprocess.run(
        [str(arg) for arg in args], input=data, capture_output=True, check=True
    ).stdout.decode()


def text(pdf: bytes, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return run("pdftotext", "-layout", *pages, "-", "-", data=pdf)


def page_total(pdf: bytes, tmp_path: Path) -> int:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    found = re.search(r"^Pages:\s+(\d+)", run("pdfinfo", path), re.MULTILINE)
    assert found
    return int(found.group(1))


def snapshot(pdf: bytes, name: str, tmp_path: Path) -> Path:
    """Page 1 as a PNG in tests/browser/artifacts/ (gitignored), to look at."""
    source = tmp_path / f"{name}.pdf"
    source.write_bytes(pdf)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    run(
        "pdftoppm",
        "-png",
        "-r",
        "60",
        "-f",
        "1",
        "-l",
        "1",
        "-singlefile",
        source,
        ARTIFACTS / name,
    )
    return ARTIFACTS / f"{name}.png"


# -- the fixture league ----------------------------------------------------------------------


@pytest.fixture
def club(db: None) -> Club:
    return make_club("tsubame", name="つばめ麻雀会")


@pytest.fixture
def version(club: Club) -> RulesetVersion:
    version = make_ruleset(club, "k_rule", "Kルール").current_version()
    assert version is not None
    return version


@pytest.fixture
def players(club: Club) -> list[Player]:
    return make_players(club, NAMES)


@pytest.fixture
def league(club: Club, version: RulesetVersion, players: list[Player]) -> League:
    a, b, c, d, e = players
    league = make_league(club, qualification_games=2, ruleset=version.ruleset)
    day = datetime.date
    games = {
        day(2026, 9, 10): [
            (a, 1, "45.0", 50000),
            (b, 2, "5.0", 30000),
            (c, 3, "-15.0", 15000),
            (d, 4, "-35.0", 5000),
        ],
        day(2026, 9, 20): [
            (b, 1, "40.0", 45000),
            (a, 2, "10.0", 30000),
            (d, 3, "-15.0", 15000),
            (c, 4, "-35.0", 0),
        ],
        day(2026, 10, 5): [
            (c, 1, "50.0", 55000),
            (d, 2, "10.0", 30000),
            (a, 3, "-20.0", 10000),
            (e, 4, "-40.0", -5000, True),
        ],
    }
    for played_on, lines in games.items():
        result_game(version, league, played_on, lines)
    never = [(a, 1, "100.0", 80000), (b, 2, "0.0", 20000), (c, 3, "-40.0", 0), (d, 4, "-60.0", 0)]
    result_game(version, league, day(2026, 10, 6), never, status=GameStatus.VOIDED)
    return league


def lines_of(pdf: bytes) -> list[str]:
    return [line for line in text(pdf).splitlines() if line.strip()]


def index_of(lines: list[str], *words: str) -> int:
    return next(n for n, line in enumerate(lines) if all(word in line for word in words))


# -- the standings ---------------------------------------------------------------------------


def test_standings_list_the_players_in_order_with_their_totals(league: League) -> None:
    lines = lines_of(standings_pdf(league, language="en"))
    order = [
        index_of(lines, name, total)
        for name, total in (
            ("馬場", "+45.0"),
            ("青木", "+35.0"),
            ("千葉", "0.0"),
            ("土井", "-40.0"),
            ("江藤", "-40.0"),
        )
    ]
    assert order == sorted(order)


def test_the_qualification_line_falls_between_the_last_ranked_and_the_unranked(
    league: League,
) -> None:
    lines = lines_of(standings_pdf(league, language="en"))
    line = index_of(lines, "Below the line: fewer than 2 games", "規定打数")
    assert index_of(lines, "土井") < line < index_of(lines, "江藤")


def test_every_column_is_printed_with_the_japanese_terms(league: League) -> None:
    printed = text(standings_pdf(league, language="ja"))
    for term in ("合計", "対局数", "平均pt", "平均順位", "1着", "4着", "トップ率", "連対率"):
        assert term in printed
    for term in ("ラス回避率", "平均素点", "トビ率", "罰則", "規定打数"):
        assert term in printed


def test_the_rules_are_printed_in_the_ruleset_pages_words(league: League) -> None:
    printed = text(standings_pdf(league, language="ja"))
    assert "Kルール" in printed
    for words in ("順位ウマ: +20 / +10 / -10 / -20", "配給原点: 25,000", "返し(原点): 30,000"):
        assert words in printed
    assert "端数処理の方法: 五捨六入" in printed
    assert "トビで終了: あり" in printed


def test_the_date_filter_narrows_the_report(league: League) -> None:
    lines = lines_of(standings_pdf(league, datetime.date(2026, 9, 15), language="en"))
    assert any("2026-09-15 – 2026-12-31" in line for line in lines)
    # From 09-15: C +15.0, D -5.0, A -10.0 (two games each); B played one, below the line.
    order = [index_of(lines, *cells) for cells in (("千葉", "+15.0"), ("土井", "-5.0"))]
    order += [index_of(lines, "青木", "-10.0"), index_of(lines, "Below the line")]
    assert order == sorted(order)
    assert index_of(lines, "Below the line") < index_of(lines, "馬場", "+40.0")


def test_the_japanese_font_is_embedded(league: League, tmp_path: Path) -> None:
    path = tmp_path / "standings.pdf"
    path.write_bytes(standings_pdf(league, language="ja"))
    fonts = [line for line in run("pdffonts", path).splitlines() if "IPAexGothic" in line]
    assert fonts
    assert all(" yes " in line for line in fonts)  # emb: the reader needs no font of their own


@pytest.fixture
def big_league(club: Club, version: RulesetVersion) -> League:
    """200 players: the first 40 play two games (they qualify), the others one."""
    league = make_league(club, "大会", qualification_games=2, ruleset=version.ruleset)
    people = Player.objects.bulk_create(
        Player(club=club, name=f"選手{n:03d}") for n in range(1, 201)
    )
    games = Game.objects.bulk_create(
        Game(
            club=club,
            ruleset_version=version,
            league=league,
            played_on=datetime.date(2026, 9, 2),
            status=GameStatus.FINISHED,
        )
        for _ in range(60)
    )
    seats, results = [], []
    for number, game in enumerate(games):
        for seat, base in enumerate((45.0, 5.0, -15.0, -35.0)):
            player = people[(4 * number + seat) % 200]
            seats.append(Seat(game=game, seat=seat, player=player))
            points = Decimal(str(base + number / 10)) - Decimal(str(seat * 0.1))
            final = (50000, 30000, 15000, 5000)[seat]
            results.append(
                GameResult(
                    game=game,
                    seat=seat,
                    player=player,
                    rank=seat + 1,
                    points=points,
                    final_score=final,
                )
            )
    Seat.objects.bulk_create(seats)
    GameResult.objects.bulk_create(results)
    return league


def test_200_players_take_the_computed_pages_each_with_its_header(
    big_league: League, tmp_path: Path
) -> None:
    pdf = standings_pdf(big_league, language="ja")
    # 200 rows and the qualification line: 24 on the first page, then 30 a page.
    assert page_count(200, with_line=True) == 7
    assert page_total(pdf, tmp_path) == 7
    for page in range(1, 8):
        header = text(pdf, page)
        assert all(label in header for label in ("プレイヤー", "合計", "トップ率", "罰則"))
        assert re.search(rf"\b{page}\s*/\s*7\s*$", header.strip())
    # Each page holds exactly its share: 24 lines on the first, 30 on the next ones.
    on_page = [len(re.findall(r"選手\d{3}", text(pdf, page))) for page in range(1, 8)]
    assert on_page == [24, 29, 30, 30, 30, 30, 27]  # page 2 holds the qualification line


def test_200_players_each_printed_once_on_one_line_with_their_total(
    big_league: League, tmp_path: Path
) -> None:
    lines = lines_of(standings_pdf(big_league, language="en"))
    table = league_standings(big_league)
    assert len(table.rows) == 200
    for row in table.rows:
        mine = [line for line in lines if row.name in line]
        assert len(mine) == 1, row.name
        assert points(row.total) in mine[0]
    snapshot(standings_pdf(big_league, language="ja"), "report-standings-200", tmp_path)


def words_of(pdf: bytes, page: int) -> list[tuple[float, float, str]]:
    """(right edge, top, word) of every word on ``page``, in points."""
    return [(right, top, word) for _left, right, top, word in word_boxes(pdf, page)]


def test_every_figure_ends_where_its_header_ends_to_the_point(big_league: League) -> None:
    """The figures print as one line of fixed-width columns a player: read back, every value
    of every row (one digit or six, signed or not, 5,000 beside 50,000) has its right edge at
    its column header's, as a cell a value had it, ranked rows and the unranked alike, on the
    first page (below the facts), the page of the qualification line and the last."""
    pdf = standings_pdf(big_league, language="ja")
    labels = [str(column.short) for column in league_standings(big_league).columns][1:]
    for page in (1, 2, 7):
        words = words_of(pdf, page)
        header_top = next(top for _right, top, word in words if word == "合計")
        header = {word: right for right, top, word in words if abs(top - header_top) < 1}
        edges = [header[label] for label in labels]
        rows: dict[float, list[tuple[float, str]]] = {}
        for right, top, word in words:
            rows.setdefault(round(top, 1), []).append((right, word))
        player_rows = [sorted(row) for row in rows.values() if any("選手" in w for _r, w in row)]
        assert len(player_rows) >= 24, page
        for row in player_rows:
            figures = row[2:]  # after the place and the name
            assert len(figures) == len(edges), row
            for (right, word), edge in zip(figures, edges, strict=True):
                assert abs(right - edge) < 0.3, (page, word, right, edge)


def test_a_column_with_a_character_of_no_fixed_width_keeps_a_cell_of_its_own() -> None:
    """A dash (—) or ± prints a width of its own in each font: its column is laid out as a
    cell, the others still share the fixed line."""
    from reports.league import PrintedRow, figure_layout, row_runs

    row = SimpleNamespace(qualified=True)
    lines = [
        PrintedRow(row, ["1", "青木", "+45.0", "1,612 ±140", "25.0%"]),  # type: ignore[arg-type]
        PrintedRow(row, ["2", "馬場", "-5.0", "—", "12.5%"]),  # type: ignore[arg-type]
    ]
    layout = figure_layout(lines, ["合計", "レート", "トップ率"])
    (run_,) = row_runs(lines, layout)
    assert run_ is not None
    assert [(cell.span, cell.fixed) for cell in run_.figures] == [(1, True), (1, False), (1, True)]
    units = layout.units
    assert run_.figures[0].text == "\n".join(f"{v:>{units - 1}} " for v in ("+45.0", "-5.0"))
    assert run_.figures[1].text == "1,612 ±140\n—"


# -- the player's report ---------------------------------------------------------------------


@pytest.fixture
def played(version: RulesetVersion, league: League, players: list[Player]) -> League:
    """Four short games with real hands in the league, for the hand figures."""
    play_short_games(version, league, NAMES)
    return league


def test_the_player_report_has_the_figures_with_intervals_and_every_game(
    played: League, players: list[Player], tmp_path: Path
) -> None:
    pdf = player_pdf(players[0], played, language="ja")
    printed = text(pdf)
    assert "青木" in printed
    assert played.name in printed
    top = next(line for line in printed.splitlines() if "トップ率" in line)
    assert re.search(r"\d+\.\d% +\d+ +\d+\.\d% – \d+\.\d%", top)
    assert "和了率" in printed
    assert "95%" in printed
    for day in ("2026-09-10", "2026-09-20", "2026-10-05", "2026-09-08", "2026-09-29"):
        assert day in printed
    assert "2026-10-06" not in printed  # the voided game
    assert printed.count("<svg") == 0
    snapshot(pdf, "report-player", tmp_path)
    snapshot(standings_pdf(played, language="ja"), "report-standings", tmp_path)


def test_a_long_table_name_is_shortened_to_its_column_of_the_games() -> None:
    """The games' columns have fixed widths: a table name past twelve units ends in an ellipsis."""
    game = SimpleNamespace(
        played_on=datetime.date(2026, 9, 1),
        table_label="東南西北の間・窓際",
        rank=2,
        points=Decimal("5.1"),
        final_score=30100,
    )
    assert _game_cells(1, game, 5.1)[:4] == ["1", "2026-09-01", "東南西北の…", "2"]
    for label, printed in (("12卓", "12卓"), ("", "—")):
        game.table_label = label
        assert _game_cells(1, game, 5.1)[2] == printed


def test_every_game_of_the_report_stands_in_its_columns_to_the_point(
    played: League, players: list[Player]
) -> None:
    """The games print a line each of fixed-width columns: every number, place, points (plus
    or minus), score and running total ends where its header ends, every date and table starts
    where its header starts."""
    pdf = player_pdf(players[0], played, language="ja")
    boxes = next(
        found
        for found in (word_boxes(pdf, page) for page in range(1, 5))
        if any(word == "日付" for *_, word in found)
    )
    labels = ["#", "日付", "卓", "順位", "ポイント", "素点", "累計ポイント"]
    header, lines = header_and_lines(boxes, "日付")
    date = re.compile(r"\d{4}-\d\d-\d\d")
    games = [
        line
        for line in lines.values()
        if line[0][2].isdigit() and date.fullmatch(line[1][2])  # not the foot
    ]
    assert len(games) == 6  # as the report's 対局数 (no table label: a dash, a cell of its own)
    for game in games:
        assert len(game) == len(labels), game
        for (left, right, word), label in zip(game, labels, strict=True):
            header_left, header_right = header[label]
            if label in ("日付", "卓"):
                assert abs(left - header_left) < 0.3, (word, left, label, header_left)
            else:
                assert abs(right - header_right) < 0.3, (word, right, label, header_right)


def test_the_player_report_embeds_the_pages_charts(
    played: League, players: list[Player], as_member: Client
) -> None:
    page = as_member.get(
        reverse("standings:player", args=["tsubame", players[0].pk]), {"league": played.pk}
    )
    assert page.content.decode().count("<svg") == 3  # points, places, rating
    printed = text(player_pdf(players[0], played, language="ja"))
    assert "ポイントの推移" in printed or "累計ポイント" in printed
    assert "レーティングの推移" in printed


# -- the URLs ---------------------------------------------------------------------------------


@pytest.fixture
def as_member(club: Club) -> Client:
    client = Client()
    client.force_login(make_member(club, "menba", Role.MEMBER))
    return client


def urls(league: League, player: Player, slug: str = "tsubame") -> list[str]:
    return [
        reverse("reports:standings", args=[slug, league.pk]),
        reverse("reports:player", args=[slug, player.pk]) + f"?league={league.pk}",
    ]


def test_members_download_both_reports(
    league: League, players: list[Player], as_member: Client
) -> None:
    for url in urls(league, players[0]):
        response = as_member.get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert re.fullmatch(r'inline; filename="[\w.-]+\.pdf"', response["Content-Disposition"])
        assert response.content.startswith(b"%PDF")


def test_anonymous_visitors_of_a_private_club_are_sent_to_log_in(
    league: League, players: list[Player]
) -> None:
    for url in urls(league, players[0]):
        response = Client().get(url)
        assert response.status_code == 302
        assert "login" in response["Location"]


def test_anonymous_visitors_of_a_public_club_download_them(
    league: League, players: list[Player], club: Club
) -> None:
    Club.objects.filter(pk=club.pk).update(is_public=True)
    for url in urls(league, players[0]):
        assert Client().get(url).status_code == 200


def test_another_clubs_admin_and_unknown_ids_get_404(
    league: League, players: list[Player], as_member: Client
) -> None:
    other = make_club("hoshi")
    admin: User = make_member(other, "kanri", Role.ADMIN)
    client = Client()
    client.force_login(admin)
    for url in urls(league, players[0]):
        assert client.get(url).status_code == 404
    for url in urls(league, players[0], slug="hoshi"):  # their own club, ids of another
        assert client.get(url).status_code == 404
    assert as_member.get(reverse("reports:standings", args=["tsubame", 999999])).status_code == 404
    assert as_member.get(reverse("reports:player", args=["tsubame", 999999])).status_code == 404


@pytest.mark.parametrize("value", ["abc", "999999", "-1", "１"])
def test_a_bad_league_value_gives_the_overall_report(
    value: str, league: League, players: list[Player], as_member: Client
) -> None:
    url = reverse("reports:player", args=["tsubame", players[0].pk])
    response = as_member.get(url, {"league": value})
    assert response.status_code == 200
    assert "すべての対局" in text(response.content)


def test_the_standings_report_honours_the_pages_dates(league: League, as_member: Client) -> None:
    url = reverse("reports:standings", args=["tsubame", league.pk])
    response = as_member.get(url, {"date_from": "2026-09-15", "date_to": "2026-11-30"})
    assert response.status_code == 200
    assert "2026-09-15 – 2026-11-30" in text(response.content)
    # A wrong date is dropped as the page drops it: the league's own dates, never a 500.
    response = as_member.get(url, {"date_from": "2026-09-15", "date_to": "nonsense"})
    assert response.status_code == 200
    assert "2026-09-01 – 2026-12-31" in text(response.content)


def test_the_pages_offer_the_pdfs(league: League, players: list[Player], as_member: Client) -> None:
    page = as_member.get(
        reverse("standings:league", args=["tsubame", league.pk]), {"date_from": "2026-09-15"}
    ).content.decode()
    assert (
        reverse("reports:standings", args=["tsubame", league.pk]) + "?date_from=2026-09-15" in page
    )
    page = as_member.get(
        reverse("standings:player", args=["tsubame", players[0].pk]), {"league": league.pk}
    ).content.decode()
    assert (
        reverse("reports:player", args=["tsubame", players[0].pk]) + f"?league={league.pk}" in page
    )


def test_a_running_total_back_to_zero_prints_0_0_not_a_minus() -> None:
    """The all-games report adds the written points: 0.3 - 0.1 - 0.2 as floats is just below 0,
    which printed a red "0.0" (and would print "-0.0")."""
    import datetime
    from decimal import Decimal
    from types import SimpleNamespace

    from reports.league import game_runs, running_lines

    lines = [
        SimpleNamespace(
            points=Decimal(p),
            played_on=datetime.date(2026, 9, 1),
            table_label="A",
            rank=1,
            final_score=30000,
        )
        for p in ("0.3", "-0.1", "-0.2")
    ]
    numbered = running_lines(lines)
    assert [running for _n, _line, running in numbered] == [
        Decimal("0.3"),
        Decimal("0.2"),
        Decimal("0.0"),
    ]
    (cell,) = game_runs(numbered)[0]  # every column of fixed width: one cell, a line a game
    last = cell.text.split("\n")[-1]
    assert last.rstrip().endswith(" 0.0")  # the running total, last
    assert "-0.0" not in cell.text
    assert " -0.2 " in last  # the game's own points, with their sign
    assert "<span" not in cell.text  # no colour: one line of text a game

"""A league's standings (成績表) and a player's report (個人成績) as PDF.

The standings are printed landscape with every column of the web table, the qualification line
(規定打数) as a marked row, the dates and the ruleset's settlement in words. The rows are cut
into pages here rather than left to the layout: each page is one table with its own header, and
a page holds a known number of lines, so the printout of 200 players has a known length.

Each page's rows are printed in runs: a run of rows is one table row whose cells hold a
column's values a line each (``white-space: pre``, one line height), ruled every line. The
figures are one such cell for all their columns: each player's figures one line of
fixed-width columns (``reports.text.fixed_columns``, set in half widths), under a header of
columns exactly as wide. WeasyPrint's layout costs by the line: a player is three lines (place,
name, figures) instead of seventeen cells, and 200 players print in under half the time of a
cell a column (``bench/pdf.py``). A column whose values have a character of no fixed width
(a dash, ±) keeps a cell of its own.

The player's report is the player page on paper: the figures with their sample size and 95%
interval, the very SVG charts of the page, and every game of the league (or of the club). Its
games are printed the same way, in runs of ``GAME_RUN`` lines: a run is kept on one page, so a
page ends less than a run short, and 300 games are 350 cells instead of 2,100.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import groupby
from typing import Any

from django.utils import translation
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext

from clubs.models import League, Player
from clubs.ruleset_fields import FIELDS
from clubs.ruleset_words import Line, option_lines
from reports.qr import page_url
from reports.render import LANDSCAPE, PORTRAIT, render_pdf
from reports.text import Column, RunCell, run_cells, shortened, units_pt, width
from scoring.models import Game, GameStatus
from standings.day import DayResults
from standings.players import (
    hand_figures,
    player_charts,
    player_stats,
    rating_chart,
    result_figures,
)
from standings.ratings import club_ratings, league_ratings
from standings.tables import Row, Standings, league_standings
from standings.teams import team_standings
from standings.templatetags.standings_tags import cell, points, score

FIRST_PAGE_LINES = 24  # below the title, the league's facts and its rules in words
PAGE_LINES = 30  # a landscape A4 page of rows 5.2 mm high under the header
NAME_UNITS = 20  # the name column (32 mm at 8.5 pt): ten kanji, or twenty letters
FIGURE_PT = 8.5  # the standings' type size, unless their figures need a smaller one to fit
PT_PER_MM = 72 / 25.4
PLACE_AND_NAME_PT = (8 + 32) * PT_PER_MM  # col.place and col.name of reports/standings.html
FIGURES_PT = (297 - 24) * PT_PER_MM - PLACE_AND_NAME_PT  # landscape A4 less its margins
RULE_OPTIONS = ("start_points", "return_points", "uma", "rounding", "tobi")
GAME_RUN = 6  # the player's games: lines a run (a page ends fewer than this short)
TABLE_UNITS = 12  # the table column of the player's games: six kanji, or twelve letters
# The player's games, a line each in half-width units at 9.5 pt: 110 fill a portrait A4 page.
GAME_COLUMNS = [
    Column(8),  # the number
    Column(21, left=True),  # the date
    Column(15, left=True),  # the table
    Column(9),  # the place
    Column(17),  # the points
    Column(16),  # the final score
    Column(24),  # the running total
]


@dataclass(frozen=True)
class PrintedRow:
    """A line of the printed standings: a player's row, or the qualification line."""

    row: Row | None  # None: the qualification line
    cells: list[str]  # each column's text: place, name, then the figures


@dataclass(frozen=True)
class Figures:
    """How the standings' figure columns print: ``count`` columns each ``units`` half-width
    units wide, at ``font_pt``."""

    count: int
    units: int
    font_pt: float

    @property
    def column_pt(self) -> float:
        return round(units_pt(self.units, self.font_pt), 3)

    @property
    def table_pt(self) -> float:
        """The table's width: the place and name columns, then the figures'."""
        return round(PLACE_AND_NAME_PT + self.count * self.column_pt, 3)


def figure_layout(lines: Sequence[PrintedRow], headers: Sequence[str]) -> Figures:
    """The figure columns' width: as wide as the widest value needs, and the widest header
    where the page has the room; the type made smaller when even the values do not fit."""
    count = max(len(headers), 1)
    values = max((width(text) for line in lines for text in line.cells[2:]), default=1) + 1
    labels = max((width(header) for header in headers), default=1) + 1
    fits = int(FIGURES_PT / count / (FIGURE_PT / 2))
    if values > fits:
        return Figures(count, values, round(2 * FIGURES_PT / count / values, 2))
    return Figures(count, min(fits, max(values, labels)), FIGURE_PT)


@dataclass(frozen=True)
class RowRun:
    """Consecutive rows of one page, on one side of the qualification line: their places,
    names and figures, a row a line."""

    qualified: bool
    places: str
    names: str
    figures: list[RunCell]


def row_runs(page: Sequence[PrintedRow], layout: Figures) -> list[RowRun | None]:
    """The page's rows as runs, with None where the qualification line falls."""
    runs: list[RowRun | None] = []
    columns = [Column(layout.units)] * layout.count
    for qualified, group in groupby(page, key=lambda line: line.row and line.row.qualified):
        if qualified is None:
            runs.append(None)
            continue
        lines = list(group)
        places, names = ("\n".join(line.cells[i] for line in lines) for i in (0, 1))
        figures = run_cells([line.cells[2:] for line in lines], columns)
        runs.append(RowRun(bool(qualified), places, names, figures))
    return runs


def standings_context(table: Standings) -> dict[str, Any]:
    """What the standings template prints of ``table``: its pages of runs and its figures'
    layout (``reports/standings.html``, the tournament results' too)."""
    lines = printed_rows(table)
    headers = [str(column.short) for column in table.columns if column.key != "name"]
    layout = figure_layout(lines, headers)
    return {
        "table": table,
        "pages": [row_runs(page, layout) for page in paged(lines) if page],
        "figures": layout,
        "colspan": len(table.columns) + 1,
    }


def standings_pdf(
    league: League,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    language: str | None = None,
    site: str = "",
) -> bytes:
    """The league's standings, landscape A4, every column, in ``language`` (else the active);
    with the code of the league's standings page on ``site`` (``reports.qr.site_of``)."""
    language = language or translation.get_language()
    table = league_standings(league, date_from, date_to)
    with translation.override(language):
        standings = gettext("Standings")  # out of the f-string, so that makemessages finds it
        title = f"{league.name} · {standings}"
        rules = rule_lines(league)
    url = page_url(site, "standings:league", league.club.slug, league.pk)
    return _standings_report(table, title, language, rules, url)


def teams_pdf(league: League, language: str | None = None, site: str = "") -> bytes:
    """A team league's teams (regular season, playoffs), titles and grid of meetings, portrait
    A4; with the code of the league's teams page on ``site``."""
    language = language or translation.get_language()
    table = team_standings(league)
    with translation.override(language):
        teams = gettext("Teams")
        title = f"{league.name} · {teams}"
    context = {
        "league": league,
        "table": table,
        "page_url": page_url(site, "standings:league_teams", league.club.slug, league.pk),
    }
    return render_pdf(
        "reports/teams.html",
        context,
        title=title,
        club_name=league.club.name,
        orientation=PORTRAIT,
        language=language,
    )


def day_pdf(results: DayResults, language: str | None = None, site: str = "") -> bytes:
    """A day's results (今日の成績) as the standings print: to pin up after the evening."""
    table = results.table
    url = page_url(site, "standings:day", table.league.club.slug, results.day.isoformat())
    language = language or translation.get_language()
    return _standings_report(table, str(table.league.name), language, url=url)


def _standings_report(
    table: Standings, title: str, language: str, rules: Rules | None = None, url: str = ""
) -> bytes:
    """A standings table printed landscape, every column, in runs of rows a page; ``url``: the
    page the code beside the title opens."""
    with translation.override(language):
        context = {
            "league": table.league,
            **standings_context(table),
            "rules": rules,
            "page_url": url,
        }
    return render_pdf(
        "reports/standings.html",
        context,
        title=title,
        club_name=table.league.club.name,
        orientation=LANDSCAPE,
        language=language,
    )


def printed_rows(table: Standings) -> list[PrintedRow]:
    """The rows in standings order, the qualification line before the first unqualified."""
    columns = [column for column in table.columns if column.key != "name"]
    printed = []
    for row in table.rows:
        if not row.qualified and not any(line.row is None for line in printed):
            printed.append(PrintedRow(None, []))
        place = str(row.place) if row.place else "—"
        name = shortened(row.name, NAME_UNITS)
        printed.append(PrintedRow(row, [place, name, *(cell(row, c) for c in columns)]))
    return printed


def paged(lines: Sequence[PrintedRow]) -> Iterator[Sequence[PrintedRow]]:
    """The lines cut into pages: fewer on the first, below the league's facts."""
    yield lines[:FIRST_PAGE_LINES]
    for start in range(FIRST_PAGE_LINES, len(lines), PAGE_LINES):
        yield lines[start : start + PAGE_LINES]


def page_count(players: int, with_line: bool) -> int:
    """How many pages the standings of ``players`` take (the tests check the printout)."""
    lines = players + with_line
    rest = max(0, lines - FIRST_PAGE_LINES)
    return 1 + -(-rest // PAGE_LINES)


def league_options(league: League) -> tuple[str, dict[str, Any]] | None:
    """(name, options) of the league's ruleset: its default one, else its latest game's."""
    version = league.ruleset.current_version() if league.ruleset else None
    if version is None:
        game = (
            Game.objects.filter(league=league, status=GameStatus.FINISHED)
            .select_related("ruleset_version__ruleset")
            .order_by("-played_on", "-pk")
            .first()
        )
        version = game.ruleset_version if game else None
    if version is None:
        return None
    return f"{version.ruleset.name} v{version.number}", version.options


@dataclass(frozen=True)
class Rules:
    name: str
    lines: list[Line]


def rule_lines(league: League) -> Rules | None:
    """How the league's games settle, in the ruleset page's words: oka, uma, rounding, tobi."""
    found = league_options(league)
    return rules_in_words(*found) if found else None


def rules_in_words(name: str, options: dict[str, Any]) -> Rules:
    """The settlement of a ruleset in words (oka, uma, rounding, tobi), for any printout."""
    lines = [
        line
        for fields in FIELDS
        if fields.option.name in RULE_OPTIONS
        for line in option_lines(fields, options)
    ]
    return Rules(name, lines)


def player_pdf(player: Player, league: League | None = None, language: str | None = None) -> bytes:
    """The player's report, portrait A4: figures, charts and every game of the scope."""
    language = language or translation.get_language()
    stats = player_stats(player, league)
    ratings = (
        league_ratings(league, history_of=player.pk)
        if league
        else club_ratings(player.club_id, history_of=player.pk)
    )
    rating = ratings.get(player.pk)
    with translation.override(language):
        scope = league.name if league else gettext("All games")
        title = f"{player.name} · {scope}"
        context = {
            "player": player,
            "league": league,
            "stats": stats,
            "result_figures": result_figures(stats.results),
            "hand_figures": hand_figures(stats.hands),
            "game_runs": game_runs(running_lines(stats.results.lines)),
            "game_columns": [{"em": column.units / 2} for column in GAME_COLUMNS],
            "games_width_em": sum(column.units for column in GAME_COLUMNS) / 2,
            **player_charts(player.name, stats.results),
            "rating": rating,
            **rating_chart(player.name, rating),
        }
    return render_pdf(
        "reports/player.html",
        context,
        title=title,
        club_name=player.club.name,
        orientation=PORTRAIT,
        language=language,
    )


def running_lines(lines: Sequence[Any]) -> list[tuple[int, Any, Decimal]]:
    """(number, game line, running total) of each game, in the order played: added as the
    written one-decimal points (a float sum drifts, and 0.0 came out red, just below zero)."""
    running, numbered = Decimal("0.0"), []
    for number, line in enumerate(lines, 1):
        running += Decimal(str(line.points))
        numbered.append((number, line, running))
    return numbered


def game_runs(games: Sequence[tuple[int, Any, Decimal]]) -> list[list[RunCell]]:
    """The games in runs of ``GAME_RUN``, each run its cells' lines a game each: number, date,
    table, place, points, final score and the running total (``GAME_COLUMNS``), all in one
    fixed-width line where they can be (``reports.text.run_cells``). A minus is not red: a
    span of colour is a box of its own in the line, and the red cost 18% of the report of 300
    games (``bench/pdf.py``)."""
    return [
        run_cells([_game_cells(*game) for game in games[start : start + GAME_RUN]], GAME_COLUMNS)
        for start in range(0, len(games), GAME_RUN)
    ]


def _game_cells(number: int, line: Any, running: Decimal) -> list[str]:
    return [
        str(number),
        format_date(line.played_on, "Y-m-d") if line.played_on else "",
        shortened(line.table_label, TABLE_UNITS) or "—",
        str(line.rank),
        points(line.points),
        score(line.final_score),
        points(running),
    ]

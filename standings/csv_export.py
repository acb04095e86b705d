"""A league as CSV, for a spreadsheet: its standings (as the page shows them), its games, and a
team league's teams and titles.

Written for Excel as clubs use it: UTF-8 with a byte order mark (without it Excel reads
Japanese names as mojibake), a header row in the reader's language, numbers as plain numbers
(``-12.0``, never ``−12.0`` or ``12.0%``, so that they add up). A text cell that a spreadsheet
would run as a formula (a player named ``=SUM(A1)``, ``+81 90 ...`` or ``@x``) gets a leading
``'``: CSV injection. Numbers are never guarded: only text comes from the users.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.models import League, MatchStage
from scoring.models import table_name
from standings.ratings import Rating
from standings.tables import Column, Row, Standings, counted_results
from standings.teams import Holder, TeamRow, TeamStandings, Title

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SEAT_WINDS = "東南西北"  # the seat's wind at the start: seat 0 is the first dealer (起家)
ROWS_PER_CHUNK = 2000


def safe_text(value: str) -> str:
    """A text cell a spreadsheet shows and never runs (a leading ``'`` where it would)."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def csv_chunks(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> Iterator[str]:
    """The file (BOM, header row, rows) in pieces of ``ROWS_PER_CHUNK`` rows, to stream."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for count, row in enumerate(rows, 1):
        writer.writerow(row)
        if count % ROWS_PER_CHUNK == 0:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def attachment(league: League, what: str) -> str:
    """``Content-Disposition`` for ``<league>-<what>.csv``: an ASCII name for old clients and
    the real one (``filename*``, RFC 5987) for the others."""
    ascii_name = f"{slugify(league.name) or f'league-{league.pk}'}-{what}.csv"
    real_name = quote(f"{league.name}-{what}.csv", safe="")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{real_name}"


# -- the standings ---------------------------------------------------------------------------


def standings_header(table: Standings) -> list[str]:
    labels = [_column_label(column) for column in table.columns]
    return [_("Place"), *labels, _("Qualified")]


def _column_label(column: Column) -> str:
    return f"{column.label} (%)" if column.kind == "rate" else str(column.label)


def standings_rows(table: Standings, rows: Iterable[Row]) -> Iterator[list[Any]]:
    yes, no = _("yes"), _("no")
    for row in rows:
        cells = [_cell(row, column) for column in table.columns]
        yield ["" if row.place is None else row.place, *cells, yes if row.qualified else no]


def _cell(row: Row, column: Column) -> Any:
    """One value as the page writes it, but as a plain number (one decimal for points)."""
    value = row.value(column.key)
    if column.kind == "text":
        return safe_text(str(value))
    if column.kind == "points" or column.key == "average_points":
        return f"{value:.1f}"
    if column.kind == "rate":
        return f"{value * 100:.1f}"
    if column.kind == "average":
        return f"{value:.2f}"
    if column.kind == "score":
        return round(value)
    return value


# The rating columns (``standings.ratings``): named as a spreadsheet's formulas would use them.
RATING_COLUMNS = ["rating", "rating_low", "rating_high", "mu", "sigma"]


def standings_csv(
    table: Standings, rows: Iterable[Row], ratings: Mapping[int, Rating] | None = None
) -> str:
    """The standings, each row followed by the player's rating: shown and its 95% interval
    (whole points), and OpenSkill's own ``mu`` and ``sigma`` unrounded."""
    header = [*standings_header(table), *RATING_COLUMNS]
    ratings = ratings or {}

    def with_rating(row: Row, cells: list[Any]) -> list[Any]:
        rating = ratings.get(row.player_id)
        if rating is None:
            return [*cells, "", "", "", "", ""]
        shown = [round(rating.shown), round(rating.low), round(rating.high)]
        return [*cells, *shown, repr(rating.mu), repr(rating.sigma)]

    rows = list(rows)
    cells = standings_rows(table, rows)
    lines = (with_rating(row, line) for row, line in zip(rows, cells, strict=True))
    return "".join(csv_chunks(header, lines))


# -- the games -------------------------------------------------------------------------------

GAME_FIELDS = (
    "game__played_on",
    "game_id",
    "game__table_label",
    "game__round_number",
    "game__table_number",
    "game__ruleset_version__ruleset__name",
    "player__name",
    "seat",
    "rank",
    "final_score",
    "points",
    "busted",
    "penalties",
    "chips",
    "chip_points",
)


def games_header() -> list[str]:
    return [
        _("Date"),
        _("Game"),
        _("Table"),
        _("Ruleset"),
        _("Player"),
        _("Seat"),
        _("Seat wind"),
        _("Rank"),
        _("Final score"),
        _("Points"),
        _("Busted"),
        _("Penalties"),
        _("Chips (祝儀)"),
        _("Chips in points"),
    ]


def game_results(
    league: League, date_from: datetime.date | None, date_to: datetime.date | None
) -> Iterator[tuple[Any, ...]]:
    """One tuple per player per counted game, in date and game order (read in chunks)."""
    results = counted_results(league, date_from, date_to)
    ordered = results.order_by("game__played_on", "game_id", "seat")
    return ordered.values_list(*GAME_FIELDS).iterator(chunk_size=ROWS_PER_CHUNK)


def games_rows(results: Iterable[tuple[Any, ...]]) -> Iterator[list[Any]]:
    """The rows of ``games.csv``: the yes/no words are taken now, in the reader's language
    (the rows themselves are written while the download streams)."""
    yes, no = _("yes"), _("no")
    return (_game_row(result, yes, no) for result in results)


def _game_row(result: tuple[Any, ...], yes: str, no: str) -> list[Any]:
    (
        played_on, game, label, round_no, table_no, ruleset, name, seat, rank, score, points,
        busted, penalties, chips, chip_points,
    ) = result  # fmt: skip
    return [
        played_on.isoformat(),
        game,
        safe_text(table_name(label, round_no, table_no)),
        safe_text(ruleset),
        safe_text(name),
        seat,
        SEAT_WINDS[seat],
        rank,
        score,
        f"{Decimal(points):.1f}",
        yes if busted else no,
        penalties,
        chips,
        f"{Decimal(chip_points):.1f}",
    ]


# -- a team league ---------------------------------------------------------------------------


def teams_csv(table: TeamStandings) -> str:
    """The teams of the regular season, then those of the playoffs, as the teams' page shows
    them: the captain, the members, games, points carried into the playoffs, total, averages."""
    header = [
        _("Stage"),
        _("Place"),
        _("Team"),
        _("Captain"),
        _("Members"),
        _("Games"),
        _("Carried"),
        _("Points"),
        _("Total points"),
        _("Average points"),
        _("Average rank"),
    ]
    stages = [(MatchStage.REGULAR.label, table.regular), (MatchStage.PLAYOFF.label, table.playoffs)]
    lines = (_team_line(str(stage), row) for stage, rows in stages for row in rows)
    return "".join(csv_chunks(header, lines))


def _team_line(stage: str, row: TeamRow) -> list[Any]:
    captain = next((line.name for line in row.members if line.is_captain), "")
    carried = "" if row.carried is None else f"{row.carried:.1f}"
    return [
        stage,
        row.place,
        safe_text(row.name),
        safe_text(captain),
        safe_text(" / ".join(line.name for line in row.members)),
        row.games,
        carried,
        f"{row.points:.1f}",
        f"{row.total:.1f}",
        f"{row.average_points:.1f}",
        f"{row.average_rank:.2f}",
    ]


def titles_csv(table: TeamStandings) -> str:
    """The individual titles: each holder (several when they tie), their team and the value."""
    header = [
        _("Title"),
        _("Player"),
        _("Team"),
        pgettext("statistic", "Value"),
        _("Games"),
        _("Date"),
        _("Game"),
    ]
    lines = (_title_line(title, holder) for title in table.titles for holder in title.holders)
    return "".join(csv_chunks(header, lines))


def _title_line(title: Title, holder: Holder) -> list[Any]:
    label = f"{title.label} (%)" if title.kind == "rate" else str(title.label)
    if title.kind == "rate":
        value: Any = f"{float(holder.value) * 100:.1f}"
    elif title.kind == "points":
        value = f"{holder.value:.1f}"
    else:
        value = holder.value
    day = holder.played_on.isoformat() if holder.played_on else ""
    return [
        label,
        safe_text(holder.name),
        safe_text(holder.team),
        value,
        holder.games,
        day,
        holder.game_id or "",
    ]

"""Results for a federation (EMA, national leagues), as CSV and XLSX: the shared part.

A federation asks for one line per player: place, EMA number, last name, first name,
nationality, table points, raw score, then the points of each round (a tournament,
``tournaments.federation``) or of each day (a league, ``league_results`` below). Beside them
the penalty list, and the zero-sum check that keeps a file whose points do not add up from
being sent at all.

- **Table points** are the settled points (after uma and oka) as the standings add them up:
  the standings' total, so the file's order is the standings' order.
- **Raw score** is the sum of the player's final scores at the table (素点, 25,000- or
  30,000-based), over the same games.
- A player without a name in Latin letters is listed by the name as written, in the last-name
  column, the first-name column left empty.

The CSV is written for Excel as every CSV of the app (``standings.csv_export``): UTF-8 with a
byte order mark, plain numbers, text a spreadsheet would run as a formula guarded. The XLSX has
numbers as numbers (points shown with one decimal), text as text, the header row bold and
frozen.
"""

from __future__ import annotations

import datetime
import io
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from django.db.models import QuerySet, Sum
from django.utils.text import slugify
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from clubs.models import League, Player
from scoring import display
from scoring.engine import RecordError
from scoring.models import Game, GameResult, table_name
from scoring.services import GameState, game_state, games
from standings.csv_export import csv_chunks, safe_text
from standings.tables import as_points, capped_points, counted_results, league_standings

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"


# -- the results -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRow:
    """One player's line: their place and sums, and the points of each round (or day)."""

    place: int | None  # None below a league's qualification line
    player: Player
    table_points: Decimal
    raw_score: int
    parts: list[Decimal | None]  # a round's (a day's) points; None where the player did not play


def federation_name(player: Player) -> tuple[str, str]:
    """(last name, first name) as a federation lists them: the name in Latin letters, else
    the name as written (山田太郎) in the last-name column."""
    if player.latin_family_name or player.latin_given_name:
        return player.latin_family_name, player.latin_given_name
    return player.name, ""


def results_header(part_labels: Sequence[str]) -> list[str]:
    return [
        _("Place"),
        _("EMA number"),
        _("Last name"),
        _("First name"),
        _("Nationality"),
        _("Table points"),
        _("Raw score"),
        *part_labels,
    ]


def result_cells(row: ResultRow) -> list[Any]:
    """The row's values: text as text, points as one-decimal Decimals, scores as integers."""
    last, first = federation_name(row.player)
    return [
        row.place,
        row.player.ema_number,
        last,
        first,
        row.player.nationality,
        row.table_points,
        row.raw_score,
        *row.parts,
    ]


# -- the penalty list ------------------------------------------------------------------------


@dataclass(frozen=True)
class PenaltyLine:
    """A chombo, dead hand, deposit penalty, payment or settlement penalty of one game.

    ``score`` is what the player paid at the table (raw points: a chombo's payments, the
    deposit, a payment to others); ``table_points`` what the settlement took off (a chombo's
    settled-points penalty under EMA-like rules, a referee's penalty). Either may be None.
    """

    game: Game
    hand: str  # the hand as players name it (East 2, 1 honba); "" for the settlement
    player: Player
    kind: str
    score: int | None
    table_points: Decimal | None
    reason: str = ""


def penalty_lines(state: GameState) -> list[PenaltyLine]:
    """The game's penalties in the order they happened, the settlement's last."""
    game, rules = state.game, state.rules
    players = [seat.player for seat in sorted(game.seats.all(), key=lambda seat: seat.seat)]
    lines = []
    for hand, row, paid in zip(
        state.hands, state.replay.hands, state.replay.raw_transfers, strict=True
    ):
        name = display.hand_name(row.round, row.honba)
        result = hand["result"]
        if result["type"] == "chombo":
            seat = result["seat"]
            score = -sum(t[2] for t in paid if t[3] == "chombo" and t[0] == seat)
            off = rules.chombo.score_penalty
            points = as_points(-abs(off)) if off else None
            kind = str(display.TRANSFER_KINDS["chombo"])
            lines.append(PenaltyLine(game, name, players[seat], kind, score or None, points))
        lines.extend(_event_line(game, name, players, event) for event in hand.get("events", []))
    for penalty in state.document.get("settlement_penalties") or []:
        points = as_points(penalty["points"])
        reason = penalty.get("reason", "")
        kind = _("settlement penalty")
        lines.append(PenaltyLine(game, "", players[penalty["seat"]], kind, None, points, reason))
    return lines


def _event_line(
    game: Game, hand: str, players: Sequence[Player], event: dict[str, Any]
) -> PenaltyLine:
    if event["type"] == "dead_hand":
        return PenaltyLine(game, hand, players[event["seat"]], _("dead hand"), None, None)
    if event["type"] == "deposit":
        amount = -int(event.get("amount", 1000))
        kind = str(display.TRANSFER_KINDS["deposit"])
        return PenaltyLine(game, hand, players[event["seat"]], kind, amount, None)
    paid = -int(event["amount"]) * len(event["to"])
    player, kind = players[event["from"]], str(display.TRANSFER_KINDS["payment"])
    return PenaltyLine(game, hand, player, kind, paid, None, event.get("reason", ""))


def penalties_header(where: Sequence[str]) -> list[str]:
    """``where``: the columns that place a game (round and table; or date and table)."""
    return [
        *where,
        _("Hand"),
        _("EMA number"),
        _("Player"),
        _("Kind"),
        _("Score"),
        _("Table points"),
        _("Reason"),
    ]


def penalty_cells(line: PenaltyLine, where: Sequence[Any]) -> list[Any]:
    return [
        *where,
        line.hand,
        line.player.ema_number,
        line.player.name,
        line.kind,
        line.score,
        line.table_points,
        line.reason,
    ]


def penalties_sheet(
    states: Iterable[GameState | Imbalance],
    where: Sequence[str],
    place: Callable[[Game], list[Any]],
) -> Sheet:
    """Every penalty of the games (``replayed``), each game placed by ``place`` (its round
    and table; its date and table) under the ``where`` columns."""
    rows = [
        penalty_cells(line, place(line.game))
        for state in states
        if not isinstance(state, Imbalance)
        for line in penalty_lines(state)
    ]
    return Sheet(_("Penalties"), penalties_header(where), rows)


# -- the zero-sum check ----------------------------------------------------------------------


@dataclass(frozen=True)
class Imbalance:
    """A game whose stored table points do not add up to what its hands say."""

    game: Game
    total: Decimal | None  # the stored points added up (None: the game has no results)
    penalties: Decimal  # settled points taken off and paid to no one
    rounding: Decimal  # what the ruleset's own settlement leaves over (0 under zero-sum rules)
    problem: str = ""  # the engine's refusal, when the hands cannot be replayed

    @property
    def expected(self) -> Decimal:
        return self.penalties + self.rounding


def replayed(queryset: QuerySet[Game]) -> list[GameState | Imbalance]:
    """Each game's replay (the engine's, of its stored hands), or why it has none."""
    states: list[GameState | Imbalance] = []
    for game in games().filter(pk__in=queryset.values("pk")).order_by("played_on", "pk"):
        try:
            states.append(game_state(game))
        except RecordError as error:
            states.append(Imbalance(game, None, Decimal(0), Decimal(0), error.full_message))
    return states


def zero_sum_problems(states: Iterable[GameState | Imbalance]) -> list[Imbalance]:
    """The games whose table points do not add up to their penalties.

    In a game the players' settled points add up to 0, but for what the settlement itself
    adds or loses, all of it worked out by the engine from the game's inputs:

    - **penalties** paid to no one: a chombo's settled-points penalty (EMA, WRC: −20) and a
      referee's settlement penalties. A chombo paid at the table (3,000 to each, a reverse
      mangan), a deposit penalty, a payment and a tobi bonus move points between players and
      leave the sum as it was;
    - **rounding**: what the ruleset's settlement leaves over by itself, Σ (score part + uma +
      oka + the top's remainder) over the seats: 0 under zero-sum rules (EMA, WRC, any ruleset
      whose top takes the remainder), else the rounding of each seat (五捨六入 without the top
      taking the rest), sticks lost at the end, scores below zero not settled.

    So the check, game by game: Σ stored table points (``GameResult.points``, what every
    standings and file adds up) = Σ penalties + rounding. A game that fails it has results
    that no longer agree with its hands, and no federation file is written from it.
    """
    states = list(states)
    totals = _stored_totals([s.game.pk for s in states])
    problems = []
    for state in states:
        if isinstance(state, Imbalance):
            problems.append(state)
            continue
        final = state.replay.final
        if final is None:
            problem = _("its hands do not end the game")
            problems.append(Imbalance(state.game, None, Decimal(0), Decimal(0), problem))
            continue
        points = sum((as_points(f"{seat.points:.1f}") for seat in final.seats), Decimal(0))
        penalties = sum((as_points(f"{seat.penalties:.1f}") for seat in final.seats), Decimal(0))
        found = Imbalance(state.game, totals.get(state.game.pk), penalties, points - penalties)
        if found.total != found.expected:
            problems.append(found)
    return problems


def _stored_totals(game_ids: Sequence[int]) -> dict[int, Decimal]:
    sums = (
        GameResult.objects.filter(game_id__in=game_ids)
        .values("game_id")
        .annotate(total=Sum("points"))
        .values_list("game_id", "total")
    )
    return {game: as_points(total) for game, total in sums}


def imbalance_text(found: Imbalance) -> str:
    """The reason, naming the game's table and the amounts."""
    game = found.game
    if game.round_number is not None:  # a tournament's game: its round and table say it all
        where = table_name("", game.round_number, game.table_number)
    else:
        label = game.table_label or _("Game %(id)s") % {"id": game.pk}
        where = f"{game.played_on.isoformat()} {label}"
    if found.problem:
        return _("%(where)s: %(problem)s.") % {"where": where, "problem": found.problem}
    if found.total is None:
        return _("%(where)s: the game is finished but has no results.") % {"where": where}
    return _(
        "%(where)s: the table points add up to %(total)s, but its hands make them add up to "
        "%(expected)s (penalties %(penalties)s, rounding %(rounding)s)."
    ) % {
        "where": where,
        "total": _signed(found.total),
        "expected": _signed(found.expected),
        "penalties": _signed(found.penalties),
        "rounding": _signed(found.rounding),
    }


def _signed(value: Decimal) -> str:
    return f"{value:+.1f}" if value else "0.0"


# -- the files -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    title: str
    header: list[str]
    rows: list[list[Any]]


def csv_text(sheet: Sheet) -> str:
    """One sheet as CSV: numbers plain (points with one decimal), text guarded."""
    return "".join(csv_chunks(sheet.header, ([_csv(value) for value in row] for row in sheet.rows)))


def _csv(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return f"{value:.1f}"
    if isinstance(value, str):
        return safe_text(value)
    return value


# Characters a worksheet's title may not hold, and its longest length (Excel's rules).
TITLE_FORBIDDEN = str.maketrans(dict.fromkeys("[]:*?/\\", " "))
TITLE_LENGTH = 31


def xlsx_bytes(sheets: Sequence[Sheet]) -> bytes:
    """The sheets as one workbook: a sheet each, its header row bold and frozen."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    for sheet in sheets:
        page = workbook.create_sheet(sheet.title.translate(TITLE_FORBIDDEN)[:TITLE_LENGTH])
        page.append(sheet.header)
        for cell in page[1]:
            cell.font = Font(bold=True)
        page.freeze_panes = "A2"
        for values in sheet.rows:
            page.append([_xlsx(value) for value in values])
            for cell, value in zip(page[page.max_row], values, strict=True):
                _style(cell, value)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _xlsx(value: Any) -> Any:
    """A number as a number (points one decimal, exact as text), an empty text as no value."""
    if isinstance(value, Decimal):
        return float(value)
    return None if value == "" else value


def _style(cell: Any, value: Any) -> None:
    """Points show one decimal; text stays text (``=SUM(A1)`` as a name is never a formula)."""
    if isinstance(value, Decimal):
        cell.number_format = "0.0"
    elif isinstance(value, str):
        cell.data_type = "s"


def attachment(name: str, fallback: str, what: str, extension: str) -> str:
    """``Content-Disposition`` for ``<name>-<what>.<extension>``: an ASCII name for old clients
    and the real one (``filename*``, RFC 5987) for the others."""
    ascii_name = f"{slugify(name) or fallback}-{what}.{extension}"
    real_name = quote(f"{name}-{what}.{extension}", safe="")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{real_name}"


# -- a league's files ------------------------------------------------------------------------


def league_games(league: League) -> QuerySet[Game]:
    """The games a league's standings count (finished, in the league and its dates)."""
    return Game.objects.filter(pk__in=counted_results(league).values("game_id"))


def league_results(league: League) -> tuple[list[datetime.date], list[ResultRow]]:
    """The league's players in standings order, and the points of each day they played.

    A day's points add up the player's games of that day as the league counts them (capped
    where the league caps a game); in a best-N league the total is the best N games, so the
    days may add up to more than it.
    """
    table = league_standings(league)
    days: dict[int, dict[datetime.date, Decimal]] = defaultdict(dict)
    sums = (
        counted_results(league)
        .values("player_id", "game__played_on")
        .annotate(points=Sum(capped_points(league)))
        .values_list("player_id", "game__played_on", "points")
    )
    for player_id, day, points in sums:
        days[player_id][day] = as_points(points)
    dates = sorted({day for by_day in days.values() for day in by_day})
    players = Player.objects.in_bulk([row.player_id for row in table.rows])
    rows = [
        ResultRow(
            row.place,
            players[row.player_id],
            row.total,
            row.score_sum,
            [days[row.player_id].get(day) for day in dates],
        )
        for row in table.rows
    ]
    return dates, rows


def league_results_sheet(league: League) -> Sheet:
    dates, rows = league_results(league)
    header = results_header([day.isoformat() for day in dates])
    return Sheet(_("Results"), header, [result_cells(row) for row in rows])


def league_penalties_sheet(states: Iterable[GameState | Imbalance]) -> Sheet:
    """The penalty list of the league's games (``replayed``), each placed by date and table."""
    return penalties_sheet(
        states, [_("Date"), _("Table")], lambda game: [game.played_on, game.table_name]
    )

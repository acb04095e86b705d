"""What the tournament pages and PDFs show of a round: tables, seats, status, clock, quality."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import services as scoring
from scoring.display import SEAT_WINDS, WIND_LETTERS
from scoring.engine import RecordError
from scoring.models import Game, GameStatus
from standings.games import LiveTable, live_table
from standings.ratings import Rating, place_chances, place_percents
from tournaments.models import Round, RoundStatus, RoundTable, TableSeat, Tournament
from tournaments.seating import Quality, seating_quality
from tournaments.services import history_before


class TableStatus:
    NOT_STARTED = "not_started"
    PLAYING = "playing"
    FINISHED = "finished"
    REFEREE = "referee"


STATUS_NAMES = {
    TableStatus.NOT_STARTED: _("not started"),
    TableStatus.PLAYING: _("playing"),
    TableStatus.FINISHED: _("finished"),
    TableStatus.REFEREE: _("needs a referee"),
}


@dataclass(frozen=True)
class SeatView:
    wind: str  # 東 南 西 北 (E S W N)
    name: str
    team: str
    substitute: bool
    score: int | None  # live, once the game has begun
    chances: tuple[float, ...] = ()  # of each place, from the ratings (``place_chances``)

    @property
    def chance_list(self) -> list[tuple[str, int]]:
        """Each place (1st, 2nd ...) with the chance of it, in whole percent."""
        return place_percents(self.chances)


@dataclass(frozen=True)
class TableView:
    table: RoundTable
    seats: list[SeatView]
    status: str
    where: str  # 東2局 1本場 while playing
    hands: int

    @property
    def status_name(self) -> str:
        return str(STATUS_NAMES[self.status])


def round_tables(round_: Round, ratings: Mapping[int, Rating] | None = None) -> list[TableView]:
    """Every table of the round with its seats and, once published, how its game stands; with
    ``ratings``, each seated player's chance of each place."""
    seats = TableSeat.objects.select_related("entry__player", "entry__team").order_by("seat")
    games = scoring.games()  # with the seats, players and hands a replay reads
    tables = round_.tables.prefetch_related(
        Prefetch("seats", queryset=seats), Prefetch("game", queryset=games)
    ).order_by("number")
    views = [_table_view(table) for table in tables]
    if ratings is None:
        return views
    return [_with_chances(view, ratings) for view in views]


def _with_chances(view: TableView, ratings: Mapping[int, Rating]) -> TableView:
    players = [seat.entry.player_id for seat in view.table.seats.all()]
    chances = place_chances([ratings.get(player) for player in players])
    seats = [replace(seat, chances=tuple(c)) for seat, c in zip(view.seats, chances, strict=True)]
    return replace(view, seats=seats)


def _table_view(table: RoundTable) -> TableView:
    live = _live(table.game)
    seats = [
        SeatView(
            str(WIND_LETTERS[SEAT_WINDS[seat.seat]]),
            seat.entry.player.name,
            seat.entry.team.name if seat.entry.team else "",
            seat.entry.is_substitute,
            live.seats[seat.seat].score if live and (live.hands or _over(table)) else None,
        )
        for seat in table.seats.all()
    ]
    return TableView(table, seats, _status(table, live), live.round if live else "", _hands(live))


def _live(game: Game | None) -> LiveTable | None:
    if game is None or game.status == GameStatus.VOIDED:
        return None
    try:
        return live_table(scoring.game_state(game))
    except RecordError:  # a stored game always replays; never let one table break the page
        return None


def _over(table: RoundTable) -> bool:
    return table.game is not None and table.game.status == GameStatus.FINISHED


def _hands(live: LiveTable | None) -> int:
    return live.hands if live else 0


def _status(table: RoundTable, live: LiveTable | None) -> str:
    if table.needs_referee:
        return TableStatus.REFEREE
    if table.game is not None and table.game.status != GameStatus.ONGOING:
        return TableStatus.FINISHED
    if live is not None and live.hands:
        return TableStatus.PLAYING
    return TableStatus.NOT_STARTED


def status_counts(tables: list[TableView]) -> list[tuple[str, str, int]]:
    """(status, its name, how many tables) of each status, in the order a round goes."""
    counts = Counter(table.status for table in tables)
    return [(status, str(name), counts[status]) for status, name in STATUS_NAMES.items()]


@dataclass(frozen=True)
class Clock:
    """The round's clock: when it ends, and the seconds left (negative once over)."""

    started_at: datetime.datetime | None
    ends_at: datetime.datetime | None
    seconds_left: int | None

    @property
    def over(self) -> bool:
        return self.seconds_left is not None and self.seconds_left <= 0

    @property
    def left(self) -> str:
        """``mm:ss`` left (``-mm:ss`` over time): what the hall's screen shows."""
        if self.seconds_left is None:
            return "--:--"
        sign = "-" if self.seconds_left < 0 else ""
        minutes, seconds = divmod(abs(self.seconds_left), 60)
        return f"{sign}{minutes:02d}:{seconds:02d}"


def round_clock(round_: Round, now: datetime.datetime | None = None) -> Clock:
    if round_.started_at is None:
        return Clock(None, None, None)
    ends = round_.started_at + datetime.timedelta(minutes=round_.tournament.round_minutes)
    left = int((ends - (now or timezone.now())).total_seconds())
    return Clock(round_.started_at, ends, left)


def round_quality(tournament: Tournament, round_: Round) -> Quality:
    """The seating's quality over every round up to this one (repeats, winds, teammates)."""
    rounds = history_before(tournament, round_.number + 1)
    teams = {
        entry.pk: str(entry.team_id)
        for entry in tournament.entries.all()
        if entry.team_id is not None
    }
    return seating_quality(rounds, teams=teams or None, table_size=_table_size(rounds))


def _table_size(rounds: list[Any]) -> int:
    return max((len(table) for tables in rounds for table in tables), default=4)


def visible_rounds(tournament: Tournament, organiser: bool) -> list[Round]:
    """The rounds a visitor sees: published and closed ones; the organiser sees drafts too."""
    rounds = tournament.round_set.order_by("number")
    return list(rounds if organiser else rounds.exclude(status=RoundStatus.DRAFT))

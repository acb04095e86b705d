"""What the tournament pages and PDFs show of a round: tables, seats, status, clock, quality."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Sum
from django.utils import timezone, translation

from clubs.models import ClubLog
from scoring import services as scoring
from scoring.display import SEAT_WINDS, WIND_LETTERS
from scoring.engine import RecordError
from scoring.models import Game, GameStatus
from scoring.services import derived_generation
from standings.games import STATE_NAMES, live_table, state_counts, table_state
from standings.ratings import Rating, place_chances, place_percents
from standings.stamps import CACHE_SECONDS, cache_key
from tournaments.models import Round, RoundStatus, RoundTable, TableSeat, Tournament
from tournaments.seating import Quality, seating_quality
from tournaments.services import history_before
from tournaments.standings import tournament_standings


@dataclass(frozen=True)
class SeatView:
    wind: str  # 東 南 西 北 (E S W N)
    name: str
    team: str
    substitute: bool
    player_id: int
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
    status: str  # standings.games.TableState, from ``table_state`` as on every page
    where: str  # 東2局 1本場 while playing
    hands: int

    @property
    def status_name(self) -> str:
        return str(STATE_NAMES[self.status])


# What a table's seat shows, read as plain rows: a hall polls a round of 50 tables every 5 s.
SEAT_ROW = (
    "table_id",
    "seat",
    "entry__player__name",
    "entry__team__name",
    "entry__is_substitute",
    "entry__player_id",
)


def round_tables(round_: Round, ratings: Mapping[int, Rating] | None = None) -> list[TableView]:
    """Every table of the round with its seats and, once published, how its game stands; with
    ``ratings``, each seated player's chance of each place. Three queries whatever the number
    of tables (the tables with their games' rows, the seats, the games changed since their
    state was last replayed: ``live_states``)."""
    tables = list(round_.tables.select_related("game").order_by("number"))
    seats: dict[int, list[tuple[Any, ...]]] = {table.pk: [] for table in tables}
    for row in TableSeat.objects.filter(round=round_).order_by("seat").values_list(*SEAT_ROW):
        seats[row[0]].append(row)
    lives = live_states([table.game for table in tables if table.game is not None])
    views = [_table_view(table, seats[table.pk], lives.get(table.game_id or 0)) for table in tables]
    if ratings is None:
        return views
    return [_with_chances(view, ratings) for view in views]


def _with_chances(view: TableView, ratings: Mapping[int, Rating]) -> TableView:
    chances = place_chances([ratings.get(seat.player_id) for seat in view.seats])
    seats = [replace(seat, chances=tuple(c)) for seat, c in zip(view.seats, chances, strict=True)]
    return replace(view, seats=seats)


def _table_view(table: RoundTable, seats: list[tuple[Any, ...]], live: Live | None) -> TableView:
    begun = live is not None and live.begun
    views = [
        SeatView(
            str(WIND_LETTERS[SEAT_WINDS[seat]]),
            name,
            team or "",
            substitute,
            player_id,
            live.scores[seat] if live and begun else None,
        )
        for _table, seat, name, team, substitute, player_id in seats
    ]
    status = table_state(table.game, begun, table.needs_referee)
    return TableView(table, views, status, live.where if live else "", live.hands if live else 0)


@dataclass(frozen=True)
class Live:
    """What a table shows of its game's replay (``standings.games.live_table``): each seat's
    score, the hand being played (東2局 1本場; none once ended), the hands, whether begun."""

    scores: tuple[int, ...]
    where: str
    hands: int
    begun: bool


LIVE_KEY = "tournament-table-live:v1"
LIVE_SECONDS = 24 * 3600  # a tournament's day


def live_states(games: list[Game]) -> dict[int, Live]:
    """Each game's ``Live`` by its id (none for a voided game). A game's state follows from its
    stored record, and every change of the record raises its version: so it is kept in the
    cache under the version (and the reader's language, which names the hand) and replayed
    only after a change, the changed games read in one query."""
    keys = {game.pk: _live_key(game) for game in games if game.status != GameStatus.VOIDED}
    found = cache.get_many(list(keys.values()))
    lives = {pk: found[key] for pk, key in keys.items() if key in found}
    missing = [pk for pk in keys if pk not in lives]
    if missing:
        fresh = {game.pk: (game, _live(game)) for game in scoring.games().filter(pk__in=missing)}
        kept = {_live_key(game): live for game, live in fresh.values() if live is not None}
        cache.set_many(kept, LIVE_SECONDS)
        lives.update({pk: live for pk, (_game, live) in fresh.items() if live is not None})
    return lives


def _live_key(game: Game) -> str:
    return f"{LIVE_KEY}:{game.pk}:{game.version}:{translation.get_language()}"


def _live(game: Game) -> Live | None:
    try:
        table = live_table(scoring.game_state(game))
    except RecordError:  # a stored game always replays; never let one table break the page
        return None
    scores = tuple(seat.score for seat in table.seats)
    return Live(scores, table.round, table.hands, table.begun)


@dataclass(frozen=True)
class StandingLine:
    """A row of the standings as the hall screen shows it."""

    place: int
    name: str
    total: Decimal
    finalist: bool


STANDINGS_KEY = "tournament-standings-top:v1"


def standings_top(tournament: Tournament, count: int) -> list[StandingLine]:
    """The standings' first ``count`` rows. A hall screen asks every 5 s, and they change only
    when a table finishes: so they are kept in the cache under a stamp of what they add up (the
    tournament's finished games and their versions, the club's log, which every change of an
    entry, a team, the cut or a player's name writes in, and the results' generation)."""
    key = cache_key(STANDINGS_KEY, tournament.pk, count, _standings_stamp(tournament))
    top = cache.get(key)
    if top is None:
        table = tournament_standings(tournament)
        top = [
            StandingLine(row.place, row.name, row.total, row.player_id in table.finalists)
            for row in table.rows[:count]
        ]
        cache.set(key, top, CACHE_SECONDS)
    return top


def _standings_stamp(tournament: Tournament) -> tuple[Any, ...]:
    finished = Game.objects.filter(
        tournament_table__round__tournament=tournament, status=GameStatus.FINISHED
    ).aggregate(n=Count("id"), versions=Sum("version"))
    logged = ClubLog.objects.filter(club_id=tournament.club_id).aggregate(last=Max("id"))
    return (finished["n"], finished["versions"], logged["last"], derived_generation())


def status_counts(tables: list[TableView]) -> list[tuple[str, str, int]]:
    """(status, its name, how many tables) of each status, in the order a round goes."""
    return state_counts(table.status for table in tables)


def referee_called(games: Iterable[Game]) -> set[int]:
    """The games whose table has called a referee (``scoring.hooks.REFEREE_CALLED``)."""
    ids = [game.pk for game in games]
    called = RoundTable.objects.filter(game_id__in=ids, needs_referee=True)
    return set(called.values_list("game_id", flat=True))


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

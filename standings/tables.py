"""A league's standings (成績表): one row per player, from the results of the games that count.

The totals are added up by the database (one query, whatever the number of games); only a
"best N games" league reads each player's game points to pick the best ones. Places, tie-breaks
and the qualification line (規定打数) are plain Python below, tested without a database.
"""

from __future__ import annotations

import datetime
import heapq
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.cache import cache
from django.db.models import Count, F, Max, Q, QuerySet, Sum, Value
from django.db.models.functions import Greatest, Least
from django.utils.translation import gettext_lazy as _

from clubs.models import Counting, League, Player, TieBreak
from scoring.models import GameResult, GameStatus
from standings.stamps import CACHE_SECONDS, cache_key, results_stamp

ZERO = Decimal("0.0")


@dataclass
class Row:
    """One player's line of the standings."""

    player_id: int
    name: str
    total: Decimal  # the league total: every counted game, or the best N, each capped
    games: int
    places: list[int]  # how many 1st, 2nd, ... places (a shared place counts as that place)
    rank_sum: int
    score_sum: int
    busts: int  # トビ
    penalties: int
    best_game: Decimal
    points_sum: Decimal | None = None  # every counted game (capped); the total, unless best N
    games_in_total: int | None = None  # a best-N league: the games its total adds (N or fewer)
    carried: Decimal | None = None  # a tournament's finalist: points carried over the cut
    qualified: bool = True
    place: int | None = None  # None below the qualification line
    # The page's rating column (``standings.ratings``): its conservative value sorts it
    rating_low: float | None = None
    rating_text: str = ""
    # 祝儀 over the counted games, and their points (already in ``total``: points + chip points)
    chips: int = 0
    chip_points: Decimal = ZERO

    def rate(self, count: int) -> float:
        return count / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        """The total ÷ the games it adds up: in a best-N league, its best N (or fewer) games,
        so that the column always agrees with the total beside it (docs/stats.md)."""
        games = self.games if self.games_in_total is None else self.games_in_total
        played = self.total - (self.carried or 0)  # carried points were not won in these games
        return float(played) / games if games else 0.0

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    @property
    def top_rate(self) -> float:  # トップ率
        return self.rate(self.places[0])

    @property
    def rentai_rate(self) -> float:  # 連対率: 1st or 2nd
        return self.rate(self.places[0] + self.places[1])

    @property
    def last_avoidance_rate(self) -> float:  # ラス回避率
        return 1 - self.rate(self.places[-1]) if self.games else 0.0

    @property
    def average_score(self) -> float:  # 平均素点
        return self.score_sum / self.games if self.games else 0.0

    @property
    def tobi_rate(self) -> float:  # トビ率
        return self.rate(self.busts)

    def value(self, key: str) -> Any:
        """The value of a column (``place_2`` is the count of 2nd places)."""
        if key.startswith("place_"):
            return self.places[int(key.removeprefix("place_")) - 1]
        if key == "name":
            return self.name
        if key == "rating":  # the conservative rating; nobody's comes last
            return float("-inf") if self.rating_low is None else self.rating_low
        return getattr(self, key)


@dataclass(frozen=True)
class Column:
    key: str
    label: Any  # a lazy translation
    short: Any
    higher_is_better: bool = True
    core: bool = False  # shown on a phone; the others are one tap away
    kind: str = "number"  # points, number, rate, average, text


RATING_COLUMN = Column("rating", _("Rating (conservative)"), _("Rating"), kind="rating")
# 祝儀 where the games have chips: the total already adds their points.
CHIP_COLUMNS = [
    Column("chips", _("Chips (祝儀)"), _("Chips")),
    Column("chip_points", _("Chips in points"), _("Chip pts"), kind="points"),
]


def columns(table_size: int, *, rating: bool = False, chips: bool = False) -> list[Column]:
    """The standings' columns, in display order; a sanma league has three places. The page adds
    the rating (``rating``); the CSV writes its own rating columns. With ``chips``, the chips
    and their points follow the total (which adds them)."""
    places = [
        Column(f"place_{n}", PLACE_LABELS[n - 1], PLACE_SHORT[n - 1])
        for n in range(1, table_size + 1)
    ]
    return [
        Column("name", _("Player"), _("Player"), higher_is_better=False, core=True, kind="text"),
        Column("total", _("Total points"), _("Total"), core=True, kind="points"),
        *(CHIP_COLUMNS if chips else []),
        Column("games", _("Games"), _("G"), core=True),
        Column("average_points", _("Average points"), _("Avg pts"), kind="average"),
        Column("average_rank", _("Average rank"), _("Avg rank"), False, core=True, kind="average"),
        *places,
        Column("top_rate", _("Top rate"), _("Top %"), kind="rate"),
        Column("rentai_rate", _("Top-two rate"), _("Top 2 %"), kind="rate"),
        Column("last_avoidance_rate", _("Last avoidance"), _("No last %"), kind="rate"),
        Column("average_score", _("Average final score"), _("Avg score"), kind="score"),
        Column("tobi_rate", _("Bust rate"), _("Bust %"), False, kind="rate"),
        Column("penalties", _("Penalties"), _("Pen."), False),
        *([RATING_COLUMN] if rating else []),
    ]


PLACE_LABELS = (_("1st places"), _("2nd places"), _("3rd places"), _("4th places"))
PLACE_SHORT = (_("1st"), _("2nd"), _("3rd"), _("4th"))


@dataclass
class Standings:
    league: League
    rows: list[Row]  # in standings order: qualified players by place, then the others
    table_size: int
    date_from: datetime.date | None
    date_to: datetime.date | None
    columns: list[Column] = field(default_factory=list)

    @property
    def qualified(self) -> list[Row]:
        return [row for row in self.rows if row.qualified]

    @property
    def unqualified(self) -> list[Row]:
        return [row for row in self.rows if not row.qualified]


def league_dates(
    league: League, date_from: datetime.date | None, date_to: datetime.date | None
) -> tuple[datetime.date | None, datetime.date | None]:
    """The league's own dates narrowed by a filter (a filter never widens a league)."""
    starts = max(filter(None, (league.starts_on, date_from)), default=None)
    ends = min(filter(None, (league.ends_on, date_to)), default=None)
    return starts, ends


def counted_results(
    league: League, date_from: datetime.date | None = None, date_to: datetime.date | None = None
) -> QuerySet[GameResult]:
    """The results of the games that count: finished (so not voided), in the league and dates."""
    return GameResult.objects.filter(**counted_games_filter(league, date_from, date_to, "game__"))


def counted_games_filter(
    league: League,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    prefix: str = "",
) -> dict[str, Any]:
    """The lookups of the games that count, from a game (``prefix`` ""), or through a relation
    to it (``"game__"``: a join, which PostgreSQL plans far better than ``game_id IN (...)``
    over a million hands)."""
    starts, ends = league_dates(league, date_from, date_to)
    lookups: dict[str, Any] = {f"{prefix}league": league, f"{prefix}status": GameStatus.FINISHED}
    if starts:
        lookups[f"{prefix}played_on__gte"] = starts
    if ends:
        lookups[f"{prefix}played_on__lte"] = ends
    return lookups


def capped_points(league: League | None, field: str = "points") -> Any:
    """A game's points as the league counts them: within ±cap when the league has a cap.

    ``field`` reaches a result through a join too (the head-to-head's own result).
    """
    if league is None or league.points_cap is None:
        return F(field)
    cap = Value(league.points_cap)
    return Least(Greatest(F(field), -cap), cap)


def league_standings(
    league: League, date_from: datetime.date | None = None, date_to: datetime.date | None = None
) -> Standings:
    totals, best = _league_totals(league, date_from, date_to)
    # The names are read afresh: a renamed player changes no game, so no cache key either.
    names = dict(
        Player.objects.filter(pk__in=[t["player_id"] for t in totals]).values_list("pk", "name")
    )
    table_size = max((total["seats"] + 1 for total in totals), default=4)
    rows = [
        _row({**total, "name": names.get(total["player_id"], "")}, table_size) for total in totals
    ]
    if best is not None:
        for row in rows:
            row.points_sum, row.total = row.total, best[row.player_id] + row.chip_points
            row.games_in_total = min(row.games, league.best_games or 0)
    order_and_place(rows, league.tie_breaks, league.qualification_games)
    starts, ends = league_dates(league, date_from, date_to)
    shown = columns(table_size, chips=has_chips(rows))
    return Standings(league, rows, table_size, starts, ends, shown)


def has_chips(rows: Iterable[Row]) -> bool:
    """Whether any player's games moved chips (the chip columns are shown then)."""
    return any(row.chips or row.chip_points for row in rows)


# Bumped when what ``_league_totals`` keeps changes shape: entries of an older shape are not read.
TOTALS_CACHE_VERSION = 2


def _league_totals(
    league: League, date_from: datetime.date | None, date_to: datetime.date | None
) -> tuple[list[dict[str, Any]], dict[int, Decimal] | None]:
    """Each player's sums over the counted results, and a best-N league's best totals.

    A league of 100,000 games takes the database a while to add up, so the sums are kept in
    the cache (shared by every app server with Redis), keyed by everything they depend on: the
    league's settings and dates, and the stamp of its results (``standings.stamps``).
    """
    key = cache_key(
        "standings",
        TOTALS_CACHE_VERSION,
        league.pk,
        league.counting,
        league.best_games,
        str(league.points_cap),
        league_dates(league, date_from, date_to),
        results_stamp(league.club_id, league),
    )
    return cache.get_or_set(key, lambda: _sum_results(league, date_from, date_to), CACHE_SECONDS)


def _sum_results(
    league: League, date_from: datetime.date | None, date_to: datetime.date | None
) -> tuple[list[dict[str, Any]], dict[int, Decimal] | None]:
    results = counted_results(league, date_from, date_to)
    points = capped_points(league)
    # Grouped by the player's id alone: PostgreSQL then hashes the results instead of sorting
    # them all, half the time on a large league.
    totals = list(
        results.values("player_id").annotate(
            games=Count("id"),
            total=Sum(points),
            rank_sum=Sum("rank"),
            score_sum=Sum("final_score"),
            busts=Count("id", filter=Q(busted=True)),
            penalty_sum=Sum("penalties"),
            chips=Sum("chips"),
            chip_points=Sum("chip_points"),
            best_game=Max(points),
            seats=Max("seat"),
            **{f"place_{n}": Count("id", filter=Q(rank=n)) for n in range(1, 5)},
        )
    )
    best = None
    if league.counting == Counting.BEST and league.best_games:
        best = best_totals(results.values_list("player_id", points), league.best_games)
    return totals, best


@dataclass(frozen=True)
class ResultLine:
    """One player's result in one game, as the standings add it up (see ``rows_from_lines``)."""

    player_id: int
    name: str
    seat: int
    rank: int
    points: Decimal
    final_score: int
    busted: bool = False
    penalties: int = 0
    chips: int = 0  # 祝儀, and their points (added to the total)
    chip_points: Decimal = ZERO


def rows_from_lines(lines: Iterable[ResultLine], league: League) -> tuple[list[Row], int]:
    """The standings rows (ordered and placed) and the table size from single results.

    The same sums as ``league_standings`` makes in the database, in Python: for results that
    are not stored, such as the what-if's replays under another ruleset.
    """
    totals = LineTotals(league)
    for line in lines:
        totals.add(line)
    return totals.rows()


class _Tally:
    """One player's sums so far (a best-N league keeps only the N best games' points)."""

    __slots__ = ("name", "games", "places", "rank_sum", "score_sum", "busts", "penalties")
    __slots__ += ("points_sum", "best_game", "best", "chips", "chip_points")

    def __init__(self, name: str) -> None:
        self.name = name
        self.games = self.rank_sum = self.score_sum = self.busts = self.penalties = 0
        self.chips = 0
        self.chip_points = ZERO
        self.places: dict[int, int] = defaultdict(int)
        self.points_sum = ZERO
        self.best_game: Decimal | None = None
        self.best: list[Decimal] = []  # a heap of the best N games' points


class LineTotals:
    """``rows_from_lines`` as it goes: each result line is added to its player's sums and then
    forgotten, so a what-if of 100,000 games holds a line per player, not per game."""

    def __init__(self, league: League) -> None:
        self.league = league
        self.best_n = league.best_games if league.counting == Counting.BEST else None
        self.table_size = 0
        self._players: dict[int, _Tally] = {}

    def add(self, line: ResultLine) -> None:
        tally = self._players.get(line.player_id)
        if tally is None:
            tally = self._players[line.player_id] = _Tally(line.name)
        cap = self.league.points_cap
        points = min(max(line.points, -cap), cap) if cap is not None else line.points
        tally.games += 1
        tally.places[line.rank] += 1
        tally.rank_sum += line.rank
        tally.score_sum += line.final_score
        tally.busts += line.busted
        tally.penalties += line.penalties
        tally.chips += line.chips
        tally.chip_points += line.chip_points
        tally.points_sum += points
        if tally.best_game is None or points > tally.best_game:
            tally.best_game = points
        if self.best_n:
            if len(tally.best) < self.best_n:
                heapq.heappush(tally.best, points)
            elif points > tally.best[0]:
                heapq.heapreplace(tally.best, points)
        self.table_size = max(self.table_size, line.seat + 1)

    def merge(self, other: LineTotals) -> None:
        """Add the sums of ``other`` (the same league's other games) to these."""
        for player, theirs in other._players.items():
            mine = self._players.get(player)
            if mine is None:
                self._players[player] = theirs
                continue
            mine.games += theirs.games
            for rank, count in theirs.places.items():
                mine.places[rank] += count
            mine.rank_sum += theirs.rank_sum
            mine.score_sum += theirs.score_sum
            mine.busts += theirs.busts
            mine.penalties += theirs.penalties
            mine.chips += theirs.chips
            mine.chip_points += theirs.chip_points
            mine.points_sum += theirs.points_sum
            if theirs.best_game is not None and (
                mine.best_game is None or theirs.best_game > mine.best_game
            ):
                mine.best_game = theirs.best_game
            if self.best_n:
                best = heapq.nlargest(self.best_n, [*mine.best, *theirs.best])
                heapq.heapify(best)
                mine.best = best
        self.table_size = max(self.table_size, other.table_size)

    def rows(self) -> tuple[list[Row], int]:
        table_size = self.table_size or 4
        rows = [self._row(player, tally, table_size) for player, tally in self._players.items()]
        order_and_place(rows, self.league.tie_breaks, self.league.qualification_games)
        return rows, table_size

    def _row(self, player_id: int, tally: _Tally, table_size: int) -> Row:
        total = tally.points_sum
        games_in_total = None
        if self.best_n:
            total = sum(tally.best, ZERO)
            games_in_total = min(tally.games, self.best_n)
        chip_points = as_points(tally.chip_points)
        return Row(
            player_id=player_id,
            name=tally.name,
            total=as_points(total) + chip_points,
            games=tally.games,
            places=[tally.places.get(n, 0) for n in range(1, table_size + 1)],
            rank_sum=tally.rank_sum,
            score_sum=tally.score_sum,
            busts=tally.busts,
            penalties=tally.penalties,
            best_game=as_points(tally.best_game),
            points_sum=as_points(tally.points_sum) + chip_points,
            games_in_total=games_in_total,
            chips=tally.chips,
            chip_points=chip_points,
        )


def _row(total: dict[str, Any], table_size: int) -> Row:
    chip_points = as_points(total.get("chip_points"))
    return Row(
        player_id=total["player_id"],
        name=total["name"],
        total=as_points(total["total"]) + chip_points,
        chips=total.get("chips") or 0,
        chip_points=chip_points,
        games=total["games"],
        places=[total[f"place_{n}"] for n in range(1, table_size + 1)],
        rank_sum=total["rank_sum"],
        score_sum=total["score_sum"],
        busts=total["busts"],
        penalties=total["penalty_sum"] or 0,
        best_game=as_points(total["best_game"]),
    )


def as_points(value: Any) -> Decimal:
    """Points as the database adds them (SQLite gives floats): one decimal, exactly."""
    return Decimal(str(value or 0)).quantize(Decimal("0.1"))


def best_totals(points: Iterable[tuple[int, Any]], best: int) -> dict[int, Decimal]:
    """Each player's total over their ``best`` highest-scoring games (ベストN)."""
    by_player: dict[int, list[Decimal]] = defaultdict(list)
    for player_id, value in points:
        by_player[player_id].append(as_points(value))
    return {
        player_id: sum(sorted(values, reverse=True)[:best], ZERO)
        for player_id, values in by_player.items()
    }


TIE_BREAK_KEYS = {
    TieBreak.AVERAGE_RANK: lambda row: row.average_rank,
    TieBreak.FIRSTS: lambda row: -row.places[0],
    TieBreak.FEWER_LASTS: lambda row: row.places[-1],
    TieBreak.MORE_GAMES: lambda row: -row.games,
    TieBreak.AVERAGE_SCORE: lambda row: -row.average_score,
    TieBreak.BEST_GAME: lambda row: -row.best_game,
}


def order_and_place(rows: list[Row], tie_breaks: Sequence[str], qualification: int) -> None:
    """Sort ``rows`` into standings order and give the qualified players their places.

    Higher total first, then the league's tie-breaks in order; players equal on all of them
    share a place (1, 2, 2, 4). Players below the qualification minimum follow, unplaced.
    """
    keys = [TIE_BREAK_KEYS[TieBreak(key)] for key in tie_breaks if key in TIE_BREAK_KEYS]

    def standing(row: Row) -> tuple[Any, ...]:
        return (-row.total, *(key(row) for key in keys))

    for row in rows:
        row.qualified = row.games >= qualification
    rows.sort(key=lambda row: (not row.qualified, standing(row), row.name))
    previous: tuple[Any, ...] | None = None
    for index, row in enumerate(row for row in rows if row.qualified):
        if standing(row) != previous:
            place = index + 1
        row.place, previous = place, standing(row)


def sorted_rows(rows: list[Row], key: str, descending: bool) -> list[Row]:
    """The rows sorted by one column (the standings order breaks equal values).

    Whatever the column, the qualified players come first and the others stay under the
    qualification line, sorted among themselves the same way: a rate over six games never
    heads a table of players who played the league's minimum.
    """
    order = {id(row): index for index, row in enumerate(rows)}
    ranked = sorted(rows, key=lambda row: order[id(row)])
    by_value = sorted(ranked, key=lambda row: row.value(key), reverse=descending)
    return sorted(by_value, key=lambda row: not row.qualified)  # stable: keeps the sort inside

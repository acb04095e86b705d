"""A tournament's standings: the league standings' columns over its finished table games.

A substitute's (代走) result counts for no one, or for the player replaced, as the organiser
chose. After the cut the finalists come first, each with their preliminary points carried,
halved or reset, plus the finals; the others keep their preliminary order. Teams add up their
members' totals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from clubs.models import Counting, League, TieBreak
from scoring.models import GameResult, GameStatus
from standings.cut import carried_points
from standings.ratings import Rating, ratings_of
from standings.stamps import results_stamp
from standings.tables import (
    Column,
    ResultLine,
    Row,
    as_points,
    columns,
    has_chips,
    rows_from_lines,
)
from tournaments.models import Entry, SubstituteResults, Tournament

TIE_BREAKS = [TieBreak.AVERAGE_RANK, TieBreak.FIRSTS]


@dataclass(frozen=True)
class TeamRow:
    name: str
    total: Decimal
    games: int
    members: list[str]
    place: int = 0


@dataclass
class TournamentStandings:
    tournament: Tournament
    rows: list[Row]  # best first; Row.player_id is the player's (one entry a player)
    table_size: int
    entries: dict[int, Entry]  # by player id
    finalists: set[int] = field(default_factory=set)  # player ids
    teams: list[TeamRow] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)

    def entry_id(self, row: Row) -> int:
        return self.entries[row.player_id].pk


def _counting() -> League:
    """The league settings a tournament counts by: every game, tie-breaks by rank then tops."""
    return League(counting=Counting.ALL, tie_breaks=list(TIE_BREAKS), qualification_games=0)


def tournament_standings(tournament: Tournament) -> TournamentStandings:
    entries = _entries(tournament)
    lines = list(_lines(tournament, entries))
    size = int(tournament.ruleset.current_version().options.get("players", 4))
    if tournament.finalists and tournament.cut_after is not None:
        rows, finalists = _after_cut(tournament, lines, entries)
    else:
        rows, _size = rows_from_lines((line for _round, line in lines), _counting())
        finalists = set()
    table = TournamentStandings(tournament, rows, size, entries, finalists)
    table.columns = columns(size, chips=has_chips(rows))
    if finalists:
        table.columns.insert(1, CARRIED)
    table.teams = team_rows(table)
    return table


def _entries(tournament: Tournament) -> dict[int, Entry]:
    return {
        entry.player_id: entry
        for entry in Entry.objects.filter(tournament=tournament).select_related(
            "player", "team", "replaces__player"
        )
    }


def counted_lines(tournament: Tournament) -> list[tuple[int, ResultLine]]:
    """(round, result) of every seat the standings count, under the substitute rule."""
    return _lines(tournament, _entries(tournament))


def tournament_ratings(tournament: Tournament) -> dict[int, Rating]:
    """The ratings over the tournament's own finished games (its standings' rating column)."""
    results = GameResult.objects.filter(
        game__tournament_table__round__tournament=tournament, game__status=GameStatus.FINISHED
    )
    stamp = results_stamp(tournament.club_id, None)
    return ratings_of(results, "tournament", tournament.pk, stamp=stamp)


def _lines(tournament: Tournament, entries: dict[int, Entry]) -> list[tuple[int, ResultLine]]:
    """(round, result) of every seat of the finished games, under the substitute rule."""
    results = GameResult.objects.filter(
        game__tournament_table__round__tournament=tournament, game__status=GameStatus.FINISHED
    ).values_list(
        "game__tournament_table__round__number",
        "player_id",
        "seat",
        "rank",
        "points",
        "final_score",
        "busted",
        "penalties",
        "chips",
        "chip_points",
    )
    lines = []
    for round_number, player_id, seat, rank, points, score, busted, penalties, *chips in results:
        counted = _counted_for(tournament, entries.get(player_id))
        if counted is None:
            continue
        lines.append(
            (
                round_number,
                ResultLine(
                    counted.player_id,
                    counted.player.name,
                    seat,
                    rank,
                    as_points(points),
                    score,
                    busted,
                    penalties,
                    chips[0],
                    as_points(chips[1]),
                ),
            )
        )
    return lines


def _counted_for(tournament: Tournament, entry: Entry | None) -> Entry | None:
    """Whose result a seat's is: its player's, a replaced player's, or no one's."""
    if entry is None or not entry.is_substitute:
        return entry
    if tournament.substitute_results == SubstituteResults.REPLACED and entry.replaces:
        return entry.replaces
    return None


# 持ち越し: a finalist's row counts the finals' games, and this column the points carried.
CARRIED = Column("carried", _("Carried over the cut (持ち越し)"), _("Carried"), kind="points")


def _after_cut(
    tournament: Tournament, lines: list[tuple[int, ResultLine]], entries: dict[int, Entry]
) -> tuple[list[Row], set[int]]:
    """Finalists first, then the others as they stood at the cut.

    A finalist's row is the finals' games (games, places, average points ...) with the points
    carried over the cut (持ち越し) in their own column: 合計 = 持ち越し + the finals' points, so
    every column counts the same games as the total adds.
    """
    cut = tournament.cut_after or 0
    table_size = int(tournament.ruleset.current_version().options.get("players", 4))
    preliminary, _size = rows_from_lines((line for n, line in lines if n <= cut), _counting())
    every, _size = rows_from_lines((line for _n, line in lines), _counting())
    finals, _size = rows_from_lines((line for n, line in lines if n > cut), _counting())
    finals_rows = {row.player_id: row for row in finals}
    by_entry = {entries[player].pk: player for player in entries}
    finalists = [by_entry[pk] for pk in tournament.finalists if pk in by_entry]
    prelim_place = {row.player_id: index for index, row in enumerate(preliminary)}
    rows = {row.player_id: row for row in every}
    for player in finalists:
        row = finals_rows.get(player) or _empty_row(entries[player], table_size)
        rows[player] = row
        row.carried = carried_points(tournament.cut_carry, _total(preliminary, player))
        row.total = as_points(row.carried + row.total)
    top = sorted(finalists, key=lambda p: (-rows[p].total, prelim_place.get(p, 10**6)))
    rest = [row.player_id for row in preliminary if row.player_id not in set(finalists)]
    ordered = [rows[player] for player in top] + [rows[player] for player in rest if player in rows]
    _place(ordered[: len(top)], 1)
    for index, row in enumerate(ordered[len(top) :], len(top) + 1):
        row.place = index
    return ordered, set(finalists)


def _total(rows: list[Row], player: int) -> Decimal:
    return next((row.total for row in rows if row.player_id == player), Decimal(0))


def _empty_row(entry: Entry, table_size: int) -> Row:
    zero = Decimal(0)
    return Row(entry.player_id, entry.player.name, zero, 0, [0] * table_size, 0, 0, 0, 0, zero)


def _place(rows: list[Row], first: int) -> None:
    """Places by total: equal totals share a place (1, 2, 2, 4)."""
    previous = None
    for index, row in enumerate(rows):
        if row.total != previous:
            place = first + index
        row.place, previous = place, row.total


def team_rows(table: TournamentStandings) -> list[TeamRow]:
    """Each team's total: the sum of its members' standings totals."""
    teams: dict[str, list[Row]] = {}
    for row in table.rows:
        team = table.entries[row.player_id].team
        if team is not None:
            teams.setdefault(team.name, []).append(row)
    ordered = sorted(teams.items(), key=lambda item: (-sum(r.total for r in item[1]), item[0]))
    result, previous, place = [], None, 0
    for index, (name, rows) in enumerate(ordered, 1):
        total = as_points(sum((r.total for r in rows), Decimal(0)))
        if total != previous:
            place = index
        previous = total
        result.append(
            TeamRow(name, total, sum(r.games for r in rows), [r.name for r in rows], place)
        )
    return result

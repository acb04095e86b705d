"""A tournament's results for a federation (EMA, national leagues): ``standings.federation``'s
columns with one column a round, the penalty list placed by round and table, the zero-sum check.

The rows are the standings' (``tournaments.standings``): their order, places and totals, a
substitute's games counted as the organiser chose. A round's column is the player's table
points in that round's game; after a cut a finalist's total is the points carried over the
cut plus the finals', so where the carried points are halved or reset the rounds add up to
more or less than the total.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.models import Game, GameStatus
from scoring.services import GameState
from standings.federation import (
    Imbalance,
    ResultRow,
    Sheet,
    penalties_sheet,
    replayed,
    result_cells,
    results_header,
    zero_sum_problems,
)
from tournaments.models import Tournament
from tournaments.standings import counted_lines, tournament_standings


def tournament_games(tournament: Tournament) -> QuerySet[Game]:
    """The tournament's finished table games (the ones its standings count)."""
    return Game.objects.filter(
        tournament_table__round__tournament=tournament, status=GameStatus.FINISHED
    )


def result_rows(tournament: Tournament) -> tuple[list[int], list[ResultRow]]:
    """The round numbers, and each player's row in standings order."""
    table = tournament_standings(tournament)
    points: dict[int, dict[int, Decimal]] = defaultdict(dict)
    raw: dict[int, int] = defaultdict(int)
    for number, line in counted_lines(tournament):
        rounds = points[line.player_id]
        rounds[number] = rounds.get(number, Decimal(0)) + line.points
        raw[line.player_id] += line.final_score
    last = max((n for by_round in points.values() for n in by_round), default=0)
    numbers = list(range(1, max(tournament.rounds, last) + 1))
    rows = [
        ResultRow(
            row.place,
            table.entries[row.player_id].player,
            row.total,
            raw[row.player_id],
            [points[row.player_id].get(number) for number in numbers],
        )
        for row in table.rows
    ]
    return numbers, rows


def results_sheet(tournament: Tournament) -> Sheet:
    numbers, rows = result_rows(tournament)
    labels = [_("Round %(n)s") % {"n": number} for number in numbers]
    return Sheet(_("Results"), results_header(labels), [result_cells(row) for row in rows])


def tournament_penalties(states: list[GameState | Imbalance]) -> Sheet:
    """Every penalty of the tournament's games (``replayed``), by round and table."""
    where = [pgettext("tournament", "Round"), _("Table")]
    ordered = sorted(states, key=lambda state: _place(state.game))
    return penalties_sheet(ordered, where, lambda game: [game.round_number, game.table_number])


def _place(game: Game) -> tuple[int, int]:
    return game.round_number or 0, game.table_number or 0


def checked_games(tournament: Tournament) -> tuple[list[GameState | Imbalance], list[Imbalance]]:
    """The tournament's games replayed, and those that fail the zero-sum check."""
    states = replayed(tournament_games(tournament))
    return states, zero_sum_problems(states)

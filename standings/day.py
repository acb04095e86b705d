"""A day's results (今日の成績): everyone who played that day, ranked by the day's points.

What clubs post after each evening. Unlike a league there is no 規定打数: everyone who finished
a game that day is ranked, by the day's total points, equal totals split by average rank, then
first places (a shared place when equal on all: 1, 2, 2, 4). Every finished game of the club
played that day counts, whatever its league or ruleset; a day mixing three- and four-player
games gives each player the places of the tables they sat at (a 4th place column appears as
soon as one four-player game was played).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Max, Min
from django.utils.translation import gettext as _

from clubs.models import Club, Counting, League, TieBreak
from scoring.models import Game, GameStatus
from standings.tables import (
    ResultLine,
    Standings,
    as_points,
    columns,
    has_chips,
    rows_from_lines,
)


@dataclass(frozen=True)
class DayResults:
    day: datetime.date
    table: Standings
    games: list[Game]
    previous: datetime.date | None  # the club's days with a finished game, either side
    next: datetime.date | None


def day_league(club: Club, day: datetime.date) -> League:
    """The settings a day counts by, as an unsaved league: every game, no qualification."""
    return League(
        club=club,
        name=_("Results of %(day)s") % {"day": day.isoformat()},
        counting=Counting.ALL,
        qualification_games=0,
        tie_breaks=[TieBreak.AVERAGE_RANK, TieBreak.FIRSTS],
        starts_on=day,
        ends_on=day,
    )


def day_results(club: Club, day: datetime.date) -> DayResults:
    finished = Game.objects.filter(club=club, status=GameStatus.FINISHED)
    games = list(
        finished.filter(played_on=day)
        .select_related("ruleset_version__ruleset")
        .prefetch_related("results__player")
        .order_by("table_label", "round_number", "table_number", "pk")
    )
    lines = [  # the results the game list shows: read once, for the table too
        ResultLine(
            r.player_id,
            r.player.name,
            r.seat,
            r.rank,
            as_points(r.points),
            r.final_score,
            r.busted,
            r.penalties,
            r.chips,
            as_points(r.chip_points),
        )
        for game in games
        for r in game.results.all()
    ]
    league = day_league(club, day)
    rows, size = rows_from_lines(lines, league)
    table = Standings(league, rows, size, day, day, columns(size, chips=has_chips(rows)))
    before = finished.filter(played_on__lt=day).aggregate(day=Max("played_on"))["day"]
    after = finished.filter(played_on__gt=day).aggregate(day=Min("played_on"))["day"]
    return DayResults(day, table, games, before, after)


def latest_day(club: Club) -> datetime.date | None:
    """The last day the club finished a game: where 今日の成績 starts."""
    finished = Game.objects.filter(club=club, status=GameStatus.FINISHED)
    return finished.aggregate(day=Max("played_on"))["day"]

"""Leagues with results written by hand: the standings' sums can then be checked on paper.

``result_game`` stores a game's results directly (the derived rows the services keep), so a
test chooses every rank and point; games played through the engine are in the tests that need
the hands (``import_record``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal

from clubs.models import Club, League, Player, RulesetVersion
from scoring.models import Game, GameResult, GameStatus, Seat

START = datetime.date(2026, 9, 1)
END = datetime.date(2026, 12, 31)

# (player, rank, points, final score[, busted])
Line = tuple[Player, int, str, int] | tuple[Player, int, str, int, bool]


def make_league(club: Club, name: str = "秋季リーグ", **settings: object) -> League:
    fields: dict[str, object] = {"starts_on": START, "ends_on": END, **settings}
    return League.objects.create(club=club, name=name, **fields)


def result_game(
    version: RulesetVersion,
    league: League | None,
    day: datetime.date,
    lines: Sequence[Line],
    status: str = GameStatus.FINISHED,
    penalties: dict[Player, int] | None = None,
) -> Game:
    """A game with its seats and (whatever its status) the given results, seat by seat."""
    game = Game.objects.create(
        club=version.ruleset.club,
        ruleset_version=version,
        league=league,
        played_on=day,
        status=status,
    )
    for seat, (player, rank, points, score, *busted) in enumerate(lines):
        Seat.objects.create(game=game, seat=seat, player=player)
        GameResult.objects.create(
            game=game,
            seat=seat,
            player=player,
            rank=rank,
            points=Decimal(points),
            final_score=score,
            busted=bool(busted and busted[0]),
            penalties=(penalties or {}).get(player, 0),
        )
    return game

"""Leagues with results written by hand: the standings' sums can then be checked on paper.

``result_game`` stores a game's results directly (the derived rows the services keep), so a
test chooses every rank and point; games played through the engine are in the tests that need
the hands (``import_record``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from clubs.models import Club, League, Player, RulesetVersion
from scoring import services
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


# Four short K-rule games with real hands (ended early by the referee), so that the players'
# pages have hand statistics too: riichi, an open ron, a tsumo, a draw with tenpai, a chombo.
def ron(winner: int, discarder: int, riichi: Sequence[int] = (), **value: object) -> dict:
    win = {"winner": winner, **value}
    return {"riichi": list(riichi), "result": {"type": "ron", "from": discarder, "wins": [win]}}


def tsumo(winner: int, riichi: Sequence[int] = (), **value: object) -> dict:
    return {"riichi": list(riichi), "result": {"type": "tsumo", "winner": winner, **value}}


def draw(*tenpai: int, riichi: Sequence[int] = ()) -> dict:
    return {"riichi": list(riichi), "result": {"type": "draw", "tenpai": list(tenpai)}}


SHORT_GAMES = (
    [ron(0, 2, [0], han=3, fu=40), tsumo(1, han=2, fu=30), draw(1, 3)],
    [
        ron(3, 0, han=2, fu=30, open=True),
        draw(2, riichi=[2]),
        {"result": {"type": "chombo", "seat": 1}},
    ],
    [tsumo(0, han=4, fu=30), ron(1, 2, [1, 3], han=5)],
    [ron(2, 1, han=1, fu=30, open=True), draw(), tsumo(0, [0], han=3, fu=30)],
)
SHORT_SEATINGS = ((0, 1, 2, 3), (1, 2, 3, 4), (2, 3, 4, 0), (3, 1, 0, 2))  # 江藤 plays 2


def play_short_games(
    version: RulesetVersion, league: League | None, names: Sequence[str]
) -> list[Game]:
    """Play ``SHORT_GAMES`` through the services, seated from ``names`` (five or more)."""
    from scoring import services  # the services, as a scorekeeper's tablet calls them

    games = []
    for number, (hands, seating) in enumerate(zip(SHORT_GAMES, SHORT_SEATINGS, strict=True), 1):
        game = services.start_game(
            version.ruleset.club,
            ruleset_version=version,
            players=[names[seat] for seat in seating],
            played_on=START + datetime.timedelta(days=7 * number),
            table_label=f"{number}卓",
            league=league,
        )
        state = services.game_state(services.games().get(pk=game.pk))
        for index, hand in enumerate(hands):
            state = services.record_hand(game, hand, version=state.version, key=f"{number}-{index}")
        services.end_game_early(game, reason="time", version=state.version, key=f"end-{number}")
        games.append(game)
    return games


def score_only(
    league: League,
    version: RulesetVersion,
    day: datetime.date,
    seats: Sequence[tuple[str, Any]],
    table: str = "",
) -> Game:
    """A game of the league entered by its final scores (素点入力) through the services,
    ``seats`` as (name, final score) in seat order."""
    game = services.start_game(
        league.club,
        ruleset_version=version,
        players=[name for name, _score in seats],
        played_on=day,
        table_label=table,
        league=league,
    )
    scores = [score for _name, score in seats]
    services.record_final_scores(game, scores=scores, version=game.version, key=f"{game.pk}")
    return game

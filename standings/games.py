"""What the players' pages read of games: live tables, latest results, a game's score lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from clubs.models import Club
from scoring import display, services
from scoring.engine import RecordError
from scoring.models import Game, GameResult, GameStatus
from standings import charts


@dataclass(frozen=True)
class LiveTable:
    """A game in progress as the hall sees it: where it stands and everyone's score."""

    game: Game
    round: str  # 東2局 1本場
    seats: list[display.SeatLine]
    hands: int


def live_tables(club: Club) -> list[LiveTable]:
    """The club's games in progress, each replayed to its current hand (one query in all)."""
    tables = []
    for game in services.games().filter(club=club, status=GameStatus.ONGOING).order_by("pk"):
        try:
            state = services.game_state(game)
        except RecordError:  # cannot happen for a stored game; never let it break the home page
            continue
        tables.append(live_table(state))
    return tables


def live_table(state: services.GameState) -> LiveTable:
    """Where a game stands: its round and honba, or none once ended, and each seat's score."""
    replay = state.replay
    at = replay.next_hand
    if at is None and not replay.hands:  # settled by its final scores alone (素点入力)
        scores, dealer, where = replay.final.scores if replay.final else (), 0, ""
    elif at is None:  # ended, waiting for the settlement to be confirmed
        last = replay.hands[-1]
        scores, dealer, where = last.scores, last.dealer, ""
    else:
        scores, dealer = at.scores, at.dealer
        where = f"{display.round_name(at.round)} {display.honba_name(at.honba)}"
    return LiveTable(
        state.game, where, display.seat_lines(state.players, scores, dealer), len(state.hands)
    )


def latest_results(club: Club, count: int = 5) -> list[Game]:
    """The club's last finished games, each with its results in rank order (2 queries)."""
    results = GameResult.objects.select_related("player").order_by("rank", "seat")
    return list(
        Game.objects.filter(club=club, status=GameStatus.FINISHED)
        .select_related("ruleset_version__ruleset", "league")
        .prefetch_related(Prefetch("results", queryset=results))
        .order_by("-played_on", "-pk")[:count]
    )


def score_lines(state: services.GameState) -> dict[str, Any]:
    """A game's scores after each hand, from its start: the score-progression chart's data."""
    start = state.rules.start_points
    hands = state.replay.hands
    ticks = [str(_("Start")), *(display.hand_name(row.round, row.honba) for row in hands)]
    lines = [
        [start] + [row.scores[seat] for row in state.replay.hands]
        for seat in range(len(state.players))
    ]
    return {"ticks": ticks, "lines": lines, "start": start}


def score_chart_svg(state: services.GameState) -> str:
    """The score-progression chart as SVG: the game page shows it, the score sheet prints it."""
    lines = score_lines(state)
    return charts.line_chart(
        title=_("Scores hand by hand"),
        x_label=_("Hand"),
        y_label=_("Score"),
        x_ticks=lines["ticks"],
        series=[
            charts.Series(name, values)
            for name, values in zip(state.players, lines["lines"], strict=True)
        ],
        baseline=lines["start"],
    )

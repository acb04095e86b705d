"""What the players' pages read of games: live tables, latest results, a game's score lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from scoring import display, hooks, services
from scoring.engine import RecordError
from scoring.models import Game, GameResult, GameStatus
from standings import charts


class TableState:
    """Where a table stands (卓の状況): one word for it on every page that says it (the hall
    screen, a round's page, its clock, the club home), each from ``table_state``."""

    NOT_STARTED = "not_started"  # 未開始
    PLAYING = "playing"  # 対局中
    FINISHED = "finished"  # 終局
    REFEREE = "referee"  # 審判呼び出し


STATE_NAMES = {
    TableState.NOT_STARTED: gettext_lazy("not started"),
    TableState.PLAYING: gettext_lazy("playing"),
    TableState.FINISHED: gettext_lazy("finished"),
    TableState.REFEREE: gettext_lazy("needs a referee"),
}


def table_state(game: Game | None, begun: bool, referee: bool = False) -> str:
    """The state of a table whose game is ``game`` (none before its round is published).

    A referee called comes first; a game finished or voided is finished; an ongoing game is
    playing once it has ``begun`` (a hand recorded, or its final scores entered: 素点入力), and
    not started before that, though the round's publication has already started it.
    """
    if referee:
        return TableState.REFEREE
    if game is not None and game.status != GameStatus.ONGOING:
        return TableState.FINISHED
    return TableState.PLAYING if begun else TableState.NOT_STARTED


def state_counts(
    states: Iterable[str], shown: Iterable[str] = tuple(STATE_NAMES)
) -> list[tuple[str, str, int]]:
    """(state, its name, how many tables) of each state ``shown``, in the order a round goes."""
    counts = Counter(states)
    return [(state, str(STATE_NAMES[state]), counts[state]) for state in shown]


@dataclass(frozen=True)
class LiveTable:
    """A game in progress as the hall sees it: where it stands and everyone's score."""

    game: Game
    round: str  # 東2局 1本場
    seats: list[display.SeatLine]
    hands: int
    begun: bool  # a hand recorded, or the final scores entered
    state: str  # TableState

    @property
    def state_name(self) -> str:
        return str(STATE_NAMES[self.state])


# The club home's live tables: ongoing games, so never finished.
LIVE_STATES = (TableState.NOT_STARTED, TableState.PLAYING, TableState.REFEREE)


def live_tables(club: Club) -> list[LiveTable]:
    """The club's games in progress, each replayed to its current hand (one query in all, and
    one more to ask the apps above whose table has called a referee), playing tables first."""
    games = list(services.games().filter(club=club, status=GameStatus.ONGOING).order_by("pk"))
    called = hooks.referee_called(games) if games else set()
    tables = []
    for game in games:
        try:
            state = services.game_state(game)
        except RecordError:  # cannot happen for a stored game; never let it break the home page
            continue
        tables.append(live_table(state, referee=game.pk in called))
    return sorted(tables, key=lambda table: table.state == TableState.NOT_STARTED)


def live_table(state: services.GameState, referee: bool = False) -> LiveTable:
    """Where a game stands: its round and honba, or none once ended, each seat's score, and the
    table's state (``table_state``)."""
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
    begun = bool(replay.hands) or at is None
    return LiveTable(
        state.game,
        where,
        display.seat_lines(state.players, scores, dealer),
        len(state.hands),
        begun,
        table_state(state.game, begun, referee),
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

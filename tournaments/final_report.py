"""The tournament report (大会報告書, Pantheon #729), portrait A4 through the reports renderer.

The final standings with the finalists marked, every round's tables (each seat's raw score,
table points and place), the penalty list, the substitutes, the ruleset in words, a few
highlights from the hands, and the organiser's sign-off (or, plainly, that there is none yet).

The highlights count the hands of the tournament's finished games, each for the player who sat
(a substitute's for the substitute); games entered by their final scores alone have no hands:

- **biggest hand**: the win worth the most points (its payments, honba and sticks left out,
  as 平均打点 counts it); on a tie the earliest round, table and hand;
- **most wins**: the most hands won (和了), every player tied for it named;
- **fewest deal-ins**: among the players with the most games recorded hand by hand (the ones
  who played every round, where every table records its hands), the fewest hands dealt in
  (放銃), every player tied for it named.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q
from django.utils import timezone, translation
from django.utils.translation import gettext

from clubs.ruleset_words import in_words
from reports.render import PORTRAIT, render_pdf
from scoring import display
from scoring.models import GameResult, HandStat
from scoring.services import GameState
from standings.federation import Imbalance, PenaltyLine, penalty_lines
from tournaments.federation import checked_games
from tournaments.models import Entry, RoundStatus, RoundTable, TableSeat, Tournament
from tournaments.standings import tournament_standings


@dataclass(frozen=True)
class SeatLine:
    wind: str
    name: str
    plays_for: str  # a substitute's: whom they play for ("" otherwise)
    score: int | None  # the final score at the table, once the game is finished
    points: Decimal | None
    rank: int | None


@dataclass(frozen=True)
class TableLines:
    number: int
    finished: bool
    seats: list[SeatLine]


@dataclass(frozen=True)
class RoundLines:
    number: int
    finals: bool
    tables: list[TableLines] = field(default_factory=list)


@dataclass(frozen=True)
class Highlight:
    title: str
    text: str


def report_pdf(tournament: Tournament, language: str | None = None) -> bytes:
    language = language or translation.get_language()
    states, _problems = checked_games(tournament)
    with translation.override(language):
        context = report_context(tournament, states)
        label = gettext("Tournament report")  # outside the f-string, where xgettext sees it
        title = f"{tournament.name} · {label}"
    with timezone.override(tournament.club.time_zone):  # the sign-off's time, as the club's
        return render_pdf(
            "tournaments/reports/report.html",
            context,
            title=title,
            club_name=tournament.club.name,
            orientation=PORTRAIT,
            language=language,
        )


def report_context(tournament: Tournament, states: list[GameState | Imbalance]) -> dict[str, Any]:
    table = tournament_standings(tournament)
    replays = [state for state in states if not isinstance(state, Imbalance)]
    version = tournament.ruleset.current_version()
    return {
        "tournament": tournament,
        "table": table,
        "rounds": round_lines(tournament),
        "penalties": sorted(
            (line for state in replays for line in penalty_lines(state)), key=_penalty_order
        ),
        "substitutes": substitutes(tournament),
        "highlights": highlights(replays),
        "rules": in_words(version.options) if version else [],
        "signed_off_by": _user_name(tournament.signed_off_by),
    }


def _penalty_order(line: PenaltyLine) -> tuple[int, int]:
    return line.game.round_number or 0, line.game.table_number or 0


def _user_name(user: Any) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def round_lines(tournament: Tournament) -> list[RoundLines]:
    """Every published round, each table's seats with their results once finished."""
    tables = (
        RoundTable.objects.filter(round__tournament=tournament)
        .exclude(round__status=RoundStatus.DRAFT)
        .select_related("round", "game")
        .order_by("round__number", "number")
    )
    seats: dict[int, list[TableSeat]] = defaultdict(list)
    for seat in TableSeat.objects.filter(round__tournament=tournament).select_related(
        "entry__player", "entry__replaces__player"
    ):
        seats[seat.table_id].append(seat)
    results = {
        (result.game_id, result.seat): result
        for result in GameResult.objects.filter(
            game__tournament_table__round__tournament=tournament
        )
    }
    rounds: dict[int, RoundLines] = {}
    for table in tables:
        number = table.round.number
        round_ = rounds.setdefault(number, RoundLines(number, tournament.is_final_round(number)))
        lines = [
            _seat_line(seat, results.get((table.game_id, seat.seat)))
            for seat in sorted(seats[table.pk], key=lambda seat: seat.seat)
        ]
        finished = all(line.points is not None for line in lines)
        round_.tables.append(TableLines(table.number, finished, lines))
    return list(rounds.values())


def _seat_line(seat: TableSeat, result: GameResult | None) -> SeatLine:
    entry = seat.entry
    plays_for = entry.replaces.player.name if entry.is_substitute and entry.replaces else ""
    return SeatLine(
        str(display.WIND_LETTERS[display.SEAT_WINDS[seat.seat]]),
        entry.player.name,
        plays_for,
        result.final_score if result else None,
        result.points if result else None,
        result.rank if result else None,
    )


@dataclass(frozen=True)
class Substitute:
    name: str
    plays_for: str
    rounds: list[int]


def substitutes(tournament: Tournament) -> list[Substitute]:
    """The substitutes (代走), whom each played for and in which rounds."""
    entries = Entry.objects.filter(tournament=tournament, is_substitute=True).select_related(
        "player", "replaces__player"
    )
    played: dict[int, list[int]] = defaultdict(list)
    for entry_id, number in TableSeat.objects.filter(entry__in=entries).values_list(
        "entry_id", "round__number"
    ):
        played[entry_id].append(number)
    return [
        Substitute(
            entry.player.name,
            entry.replaces.player.name if entry.replaces else "",
            sorted(played[entry.pk]),
        )
        for entry in entries
    ]


# -- highlights ------------------------------------------------------------------------------


def highlights(states: list[GameState]) -> list[Highlight]:
    stats = HandStat.objects.filter(game__in=[state.game.pk for state in states])
    found = [_biggest_hand(stats, {state.game.pk: state for state in states})]
    found.append(_most_wins(stats))
    found.append(_fewest_deal_ins(stats))
    return [highlight for highlight in found if highlight is not None]


def _biggest_hand(stats: Any, states: dict[int, GameState]) -> Highlight | None:
    best = (
        stats.filter(won=True, value__gt=0)
        .select_related("player", "game")
        .order_by("-value", "game__round_number", "game__table_number", "hand_number", "seat")
        .first()
    )
    if best is None:
        return None
    state = states[best.game_id]
    row = state.replay.hands[best.hand_number - 1]
    hand = state.hands[best.hand_number - 1]
    text = gettext(
        "%(name)s, %(value)s points: %(what)s, round %(round)s, table %(table)s, %(hand)s"
    ) % {
        "name": best.player.name,
        "value": f"{best.value:,}",
        "what": _win_words(hand, best.seat, state),
        "round": best.game.round_number,
        "table": best.game.table_number,
        "hand": display.hand_name(row.round, row.honba),
    }
    return Highlight(gettext("Biggest hand"), text)


def _win_words(hand: dict[str, Any], seat: int, state: GameState) -> str:
    """The win's value in words (3 han 40 fu, yakuman), how it was won and its yaku if
    recorded."""
    result = hand["result"]
    if result["type"] == "tsumo":
        win, how = result, gettext("tsumo")
    else:
        win = next(w for w in result["wins"] if w["winner"] == seat)
        how = gettext("ron from %(name)s") % {"name": state.players[result["from"]]}
    words = f"{display.value_text(win, state.rules)} ({how})"
    yaku = [str(display.ALL_YAKU_NAMES.get(name, name)) for name in win.get("yaku", [])]
    return f"{words} {', '.join(yaku)}" if yaku else words


def _names(counts: dict[str, int], value: int) -> str:
    return ", ".join(sorted(name for name, count in counts.items() if count == value))


def _most_wins(stats: Any) -> Highlight | None:
    wins = Counter(
        dict(
            stats.filter(won=True)
            .values("player__name")
            .annotate(n=Count("id"))
            .values_list("player__name", "n")
        )
    )
    if not wins:
        return None
    most = max(wins.values())
    text = gettext("%(names)s (wins: %(n)s)") % {"names": _names(wins, most), "n": most}
    return Highlight(gettext("Most wins"), text)


def _fewest_deal_ins(stats: Any) -> Highlight | None:
    """Among the players with the most games recorded hand by hand, the fewest hands dealt in
    (放銃)."""
    played = dict(
        stats.values("player__name")
        .annotate(games=Count("game", distinct=True))
        .values_list("player__name", "games")
    )
    if not played:
        return None
    most = max(played.values())
    regulars = [name for name, games in played.items() if games == most]
    dealt = dict(
        stats.filter(player__name__in=regulars)
        .values("player__name")
        .annotate(n=Count("id", filter=Q(dealt_in=True)))
        .values_list("player__name", "n")
    )
    fewest = min(dealt.values())
    text = gettext("%(names)s (deal-ins: %(n)s, games: %(games)s)") % {
        "names": _names(dealt, fewest),
        "n": fewest,
        "games": most,
    }
    return Highlight(gettext("Fewest deal-ins"), text)

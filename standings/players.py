"""A player's statistics (個人成績): results, points over time, hands, opponents, recent games.

Either in one league (the games its standings count: ``tables.counted_results``) or overall
(every finished game of the club). Three queries whatever the number of games, hands or
players: the player's results (one row per game: the points chart and the recent games need
each one anyway), the hand statistics added up by the database (a player may have thousands of
``HandStat`` rows), and the head-to-head totals, also added up by the database.

Rates come with their sample size and a 95% Wilson score interval (``wilson``): over 30 games a
25% top rate cannot be told from 21%, and the page should say so rather than rank by noise.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from html import escape
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Counting, League, Player
from scoring.models import GameResult, GameStatus, HandStat, table_name
from standings import charts
from standings.ratings import START, Rating
from standings.stamps import CACHE_SECONDS, cache_key, results_stamp
from standings.tables import (
    PLACE_SHORT,
    as_points,
    capped_points,
    counted_results,
    league_dates,
)
from standings.templatetags import standings_tags
from standings.yaku import YakuTable, recorded_wins, yaku_table

RECENT_GAMES = 20
Z_95 = 1.96  # the normal quantile of a two-sided 95% interval
DRAWS = ("draw", "nagashi")  # exhaustive draws (荒牌流局), where tenpai is declared
VOID_HAND = "chombo"  # a chombo voids the hand, which is replayed: it is no hand played


def wilson(successes: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: where the true rate likely lies.

    Unlike p ± z·√(p(1−p)/n) it stays inside [0, 1] and is honest about small samples (0 of 5
    is not "certainly 0%"). With no sample at all it says nothing: (0, 1).
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """A share: ``hits`` of ``n`` (e.g. wins of hands played)."""

    hits: int
    n: int

    @property
    def value(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.hits, self.n) if self.n else None


@dataclass(frozen=True)
class Average:
    """A mean of ``n`` values adding up to ``total``."""

    total: float
    n: int

    @property
    def value(self) -> float | None:
        return self.total / self.n if self.n else None


# --- the player's games ------------------------------------------------------------------------


@dataclass(frozen=True)
class GameLine:
    """The player's result in one game, with the points as the page counts them."""

    game_id: int
    played_on: datetime.date
    table_label: str
    rank: int
    points: Decimal  # within ±cap in a league that caps, as its standings count the game
    final_score: int  # 素点
    busted: bool  # トビ
    penalties: int
    table_size: int  # 3 in sanma (三麻), 4 otherwise

    @property
    def last(self) -> bool:
        """ラス: the last place of this game's table (3rd in sanma)."""
        return self.rank == self.table_size


@dataclass(frozen=True)
class Results:
    """The player's results (成績) over the games of the page."""

    lines: list[GameLine]  # in the order played
    best_games: int | None = None  # a "best N games" league ranks by the best N only

    @property
    def games(self) -> int:
        return len(self.lines)

    @property
    def table_size(self) -> int:
        """How many places to show: 4 unless every game was three-player (sanma)."""
        return max((line.table_size for line in self.lines), default=4)

    @property
    def total(self) -> Decimal:
        return sum((line.points for line in self.lines), Decimal("0.0"))

    @property
    def best_total(self) -> Decimal | None:
        """The total of the N best games (ベストN), which the league's standings rank by."""
        if not self.best_games:
            return None
        best = sorted((line.points for line in self.lines), reverse=True)[: self.best_games]
        return sum(best, Decimal("0.0"))

    @property
    def places(self) -> list[int]:
        """How many 1st, 2nd, ... places (a shared place counts as that place)."""
        return [sum(line.rank == n for line in self.lines) for n in range(1, self.table_size + 1)]

    @property
    def cumulative(self) -> list[float]:
        """The running total after each game (累計ポイント), for the points chart."""
        running, totals = Decimal("0.0"), []
        for line in self.lines:
            running += line.points
            totals.append(float(running))
        return totals

    @property
    def recent(self) -> list[GameLine]:
        """The last games played, newest first."""
        return self.lines[::-1][:RECENT_GAMES]

    def average(self, values: Sequence[float]) -> Average:
        return Average(float(sum(values)), self.games)

    def rate(self, hits: int) -> Rate:
        return Rate(hits, self.games)

    @property
    def average_points(self) -> Average:
        return self.average([float(line.points) for line in self.lines])

    @property
    def average_rank(self) -> Average:
        return self.average([line.rank for line in self.lines])

    @property
    def average_score(self) -> Average:  # 平均素点
        return self.average([line.final_score for line in self.lines])

    @property
    def top_rate(self) -> Rate:  # トップ率
        return self.rate(sum(line.rank == 1 for line in self.lines))

    @property
    def rentai_rate(self) -> Rate:  # 連対率: 1st or 2nd
        return self.rate(sum(line.rank <= 2 for line in self.lines))

    @property
    def last_avoidance_rate(self) -> Rate:  # ラス回避率
        return self.rate(sum(not line.last for line in self.lines))

    @property
    def tobi_rate(self) -> Rate:  # トビ率
        return self.rate(sum(line.busted for line in self.lines))

    @property
    def penalties(self) -> int:
        return sum(line.penalties for line in self.lines)


def scope_results(player: Player, league: League | None) -> QuerySet[GameResult]:
    """Every seat's result in the games of the page: the league's counted games, or overall
    every finished game of the player's club (a voided or unfinished game has no result)."""
    if league is not None:
        return counted_results(league)
    return GameResult.objects.filter(game__club_id=player.club_id, game__status=GameStatus.FINISHED)


def game_lines(mine: QuerySet[GameResult], league: League | None) -> list[GameLine]:
    """The player's results, in the order played (one query)."""
    four_seats = GameResult.objects.filter(game_id=OuterRef("game_id"), seat=3)
    rows = (
        mine.annotate(counted=capped_points(league), four=Exists(four_seats))
        .order_by("game__played_on", "game_id")
        .values_list(
            "game_id",
            "game__played_on",
            "game__table_label",
            "game__round_number",
            "game__table_number",
            "rank",
            "counted",
            "final_score",
            "busted",
            "penalties",
            "four",
        )
    )
    lines = []
    for game, day, label, round_no, table_no, rank, points, score, busted, penalties, four in rows:
        table = table_name(label, round_no, table_no)
        size = 4 if four else 3
        lines.append(
            GameLine(game, day, table, rank, as_points(points), score, busted, penalties, size)
        )
    return lines


# --- hands -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandStats:
    """The player's hands (局) in the games of the page, chombo hands left out."""

    hands: int
    wins: int
    deal_ins: int
    riichi: int
    tsumo: int
    win_points: int  # the wins' values, honba and sticks left out
    deal_in_points: int  # what the player paid on deal-ins, as a positive number
    draws: int  # exhaustive draws, nagashi included
    tenpai: int  # tenpai at those draws
    open_wins: int
    open_recorded: int  # wins whose record says whether they were open
    dora_sum: int = 0  # the dora of the wins that record them (表, 赤, 裏, 抜き)
    dora_recorded: int = 0

    @property
    def win_rate(self) -> Rate:  # 和了率
        return Rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> Rate:  # 放銃率
        return Rate(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> Rate:  # 立直率
        return Rate(self.riichi, self.hands)

    @property
    def tsumo_rate(self) -> Rate:  # ツモ率
        return Rate(self.tsumo, self.wins)

    @property
    def average_win(self) -> Average:  # 平均打点
        return Average(self.win_points, self.wins)

    @property
    def average_deal_in(self) -> Average:  # 平均放銃
        return Average(self.deal_in_points, self.deal_ins)

    @property
    def tenpai_rate(self) -> Rate:  # 流局時聴牌率
        return Rate(self.tenpai, self.draws)

    @property
    def open_rate(self) -> Rate | None:
        """和了時副露率 over the wins recorded open or closed; None if none is."""
        return Rate(self.open_wins, self.open_recorded) if self.open_recorded else None

    @property
    def average_dora(self) -> Average | None:
        """平均ドラ over the wins that record their dora; None if none does."""
        return Average(self.dora_sum, self.dora_recorded) if self.dora_recorded else None


def hand_stats(player: Player, mine: QuerySet[GameResult]) -> HandStats:
    """The player's hand statistics in the games of ``mine``, added up by the database."""
    rows = HandStat.objects.filter(player=player, game_id__in=mine.values("game_id")).exclude(
        outcome=VOID_HAND
    )
    won = Q(won=True)
    totals = rows.aggregate(
        hands=Count("id"),
        wins=Count("id", filter=won),
        deal_ins=Count("id", filter=Q(dealt_in=True)),
        riichi=Count("id", filter=Q(riichi=True)),
        tsumo=Count("id", filter=won & Q(tsumo=True)),
        win_points=Sum("value", filter=won),
        deal_in_points=Sum("value", filter=Q(dealt_in=True)),
        draws=Count("id", filter=Q(outcome__in=DRAWS)),
        tenpai=Count("id", filter=Q(outcome__in=DRAWS, tenpai=True)),
        open_wins=Count("id", filter=won & Q(open=True)),
        open_recorded=Count("id", filter=won & Q(open__isnull=False)),
        dora_sum=Sum("dora", filter=won),
        dora_recorded=Count("id", filter=won & Q(dora__isnull=False)),
    )
    totals["dora_sum"] = totals["dora_sum"] or 0
    totals["win_points"] = totals["win_points"] or 0
    totals["deal_in_points"] = -(totals["deal_in_points"] or 0)
    return HandStats(**totals)


# --- opponents ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Opponent:
    """Someone the player sat with (対戦相手), and how both did in the games together."""

    player_id: int
    name: str
    games: int
    points: Decimal  # the player's points in those games
    rank_sum: int
    their_points: Decimal
    their_rank_sum: int

    @property
    def average_points(self) -> float:
        return float(self.points) / self.games

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.games

    @property
    def their_average_points(self) -> float:
        return float(self.their_points) / self.games

    @property
    def their_average_rank(self) -> float:
        return self.their_rank_sum / self.games


def opponents(
    player: Player, results: QuerySet[GameResult], league: League | None
) -> list[Opponent]:
    """Everyone who met the player in ``results``' games, most games together first.

    One query: each opponent's result joined to the player's result in the same game.
    """
    rows = (
        results.filter(game__results__player=player)
        .exclude(player=player)
        .values("player_id", "player__name")
        .annotate(
            games=Count("id"),
            mine=Sum(capped_points(league, "game__results__points")),
            my_ranks=Sum("game__results__rank"),
            theirs=Sum(capped_points(league)),
            their_ranks=Sum("rank"),
        )
        .order_by("-games", "player__name", "player_id")
    )
    return [
        Opponent(
            row["player_id"],
            row["player__name"],
            row["games"],
            as_points(row["mine"]),
            row["my_ranks"],
            as_points(row["theirs"]),
            row["their_ranks"],
        )
        for row in rows
    ]


# --- the page ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    league: League | None  # None: every finished game of the club
    results: Results
    hands: HandStats
    opponents: list[Opponent] = field(default_factory=list)
    yaku: YakuTable | None = None


# Bumped when what ``player_stats`` keeps in the cache changes shape.
PLAYER_CACHE_VERSION = 2


def stats_key(player: Player, league: League | None, stamp: Any = None) -> str:
    """The cache key of what the player page adds up (``standings.stamps``), in the reader's
    language (a tournament game's table is named in it)."""
    return cache_key(
        "player",
        PLAYER_CACHE_VERSION,
        get_language(),
        player.pk,
        league.pk if league else None,
        (league.counting, league.best_games, str(league.points_cap)) if league else None,
        league_dates(league, None, None) if league else None,
        stamp or results_stamp(player.club_id, league),
    )


def player_stats(
    player: Player, league: League | None = None, *, key: str | None = None
) -> PlayerStats:
    """Everything the player page shows: kept in the cache under the stamp of the results it
    adds up (``standings.stamps``), else read in four queries (a regular of a 100,000-game
    league has 5,000 games and 50,000 hands to add up: a third of a second)."""
    key = key or stats_key(player, league)
    stats = cache.get_or_set(key, lambda: _player_stats(player, league), CACHE_SECONDS)
    return replace(stats, player=player, league=league)  # the objects the caller holds


def _player_stats(player: Player, league: League | None) -> PlayerStats:
    results = scope_results(player, league)
    mine = results.filter(player=player)
    best = league.best_games if league and league.counting == Counting.BEST else None
    return PlayerStats(
        player=player,
        league=league,
        results=Results(game_lines(mine, league), best),
        hands=hand_stats(player, mine),
        opponents=opponents(player, results, league),
        yaku=yaku_table(
            recorded_wins(
                HandStat.objects.filter(player=player, game_id__in=mine.values("game_id"))
            )
        ),
    )


def league_asked(value: str, leagues: Sequence[League]) -> League | None:
    """The league ``?league=`` names among the club's ``leagues``; None when it names none
    (empty, not a number, another club's league or no league at all: never an error)."""
    if not (value.isascii() and value.isdigit()):
        return None
    return next((league for league in leagues if league.pk == int(value)), None)


# --- the charts --------------------------------------------------------------------------------


def player_charts(name: str, results: Results) -> dict[str, SafeString]:
    """The points line and the places bars, as SVG markup (the chart module escapes all text):
    the player page and the player's PDF report embed the very same SVG.

    Drawn narrow, so that their text stays readable once shrunk to a phone's width."""
    if not results.games:
        return {}
    points = charts.line_chart(
        title=gettext("Points over the games"),
        x_label=gettext("Game (date)"),
        y_label=gettext("Cumulative points"),
        x_ticks=[line.played_on.isoformat() for line in results.lines],
        series=[charts.Series(name, results.cumulative)],
        baseline=0,
        width=420,
        height=280,
    )
    places = charts.bar_chart(
        title=gettext("Places"),
        x_label=gettext("Place"),
        y_label=gettext("Games"),
        labels=[str(label) for label in PLACE_SHORT[: results.table_size]],
        values=results.places,
        width=360,
        height=220,
    )
    return {"points_chart": mark_safe(points), "places_chart": mark_safe(places)}


def rating_chart(name: str, rating: Rating | None) -> dict[str, SafeString]:
    """The rating after each game with its 95% range shaded (the player page and report)."""
    if rating is None or not rating.history:
        return {}
    shown = [Rating(mu, sigma, 0) for _day, mu, sigma in rating.history]
    chart = charts.line_chart(
        title=gettext("Rating over the games"),
        x_label=gettext("Game (date)"),
        y_label=gettext("Rating"),
        x_ticks=[day for day, _mu, _sigma in rating.history],
        series=[charts.Series(name, [round(r.shown) for r in shown])],
        band=([round(r.low) for r in shown], [round(r.high) for r in shown]),
        baseline=START,
        width=420,
        height=280,
    )
    return {"rating_chart": mark_safe(chart)}


def head_to_head_rows(stats: PlayerStats, slug: str) -> SafeString:
    """The head-to-head table's rows, written here rather than cell by cell in the template:
    a regular of a 1,000-player league met nearly all of them."""
    query = f"?league={stats.league.pk}" if stats.league else ""
    link = reverse("standings:player", args=[slug, 0]).removesuffix("0/")
    rows = []
    for o in stats.opponents:
        mine, theirs = o.average_points, o.their_average_points
        rows.append(
            f'<tr><th scope="row" class="text"><a href="{link}{o.player_id}/{query}">'
            f"{escape(o.name)}</a></th><td>{o.games}</td>"
            f'<td class="mine{" minus" if mine < 0 else ""}">{standings_tags.points(mine)}</td>'
            f'<td class="{"minus" if theirs < 0 else ""}">{standings_tags.points(theirs)}</td>'
            f'<td class="mine">{standings_tags.average(o.average_rank)}</td>'
            f"<td>{standings_tags.average(o.their_average_rank)}</td></tr>"
        )
    return mark_safe("".join(rows))  # every name escaped, every figure ours


# --- the figures as the page shows them --------------------------------------------------------


@dataclass(frozen=True)
class Statistic:
    """A figure the page shows: the attribute it reads, how it is written, what it means."""

    key: str  # an attribute of Results or HandStats: a Rate, an Average, a number or None
    kind: str  # how the template writes it: count, points, rank, score, rate, places
    label: Any  # lazy translations
    definition: Any
    filled: bool = False  # the label takes %(n)s (best N) and %(places)s ("1st / 2nd ...")


@dataclass(frozen=True)
class Figure:
    """One statistic's value as the page shows it, with its sample and definition."""

    key: str
    label: Any
    definition: Any
    kind: str
    value: Any
    n: int | None = None  # the sample size of a rate or an average
    interval: tuple[float, float] | None = None  # a rate's 95% Wilson interval


def _figure(source: Results | HandStats, statistic: Statistic, names: dict[str, Any]) -> Figure:
    stat = getattr(source, statistic.key)
    label = statistic.label % names if statistic.filled else statistic.label
    figure = Figure(statistic.key, label, statistic.definition, statistic.kind, stat)
    if isinstance(stat, Rate):
        return replace(figure, value=stat.value, n=stat.n, interval=stat.interval)
    if isinstance(stat, Average):
        return replace(figure, value=stat.value, n=stat.n)
    return figure


def _figures(
    source: Results | HandStats, statistics: Sequence[Statistic], names: dict[str, Any]
) -> list[Figure]:
    """The figures of ``statistics``, leaving out those that do not apply here (None)."""
    return [
        _figure(source, statistic, names)
        for statistic in statistics
        if getattr(source, statistic.key) is not None
    ]


def result_figures(results: Results) -> list[Figure]:
    """The results block (成績), in the order of the standings' columns."""
    places = " / ".join(str(name) for name in PLACE_SHORT[: results.table_size])
    return _figures(results, RESULTS, {"n": results.best_games, "places": places})


def hand_figures(hands: HandStats) -> list[Figure]:
    """The hands block (局の成績); 和了時副露率 only where some win recorded whether it was open."""
    return _figures(hands, HANDS, {})


RESULTS = (
    Statistic(
        "games",
        "count",
        _("Games (対局数)"),
        _(
            "Finished games counted here. In a league: the games its standings count (finished, "
            "recorded in the league, inside its dates). Overall: every finished game of the "
            "club. Voided and unfinished games never count."
        ),
    ),
    Statistic(
        "total",
        "points",
        _("Total points (合計ポイント)"),
        _(
            "The sum of the player's points (after uma and oka) over these games. In a league "
            "with a cap, each game counts at most ± the cap, as in the standings."
        ),
    ),
    Statistic(
        "best_total",
        "points",
        _("League total, best %(n)s games (ベスト%(n)s)"),
        _(
            "This league ranks by each player's best N games: the sum of the player's N highest "
            "game points. The standings' total."
        ),
        filled=True,
    ),
    Statistic(
        "average_points", "points", _("Average points (平均ポイント)"), _("Total points ÷ games.")
    ),
    Statistic(
        "average_rank",
        "rank",
        _("Average rank (平均順位)"),
        _(
            "The places added up ÷ games. A shared place counts as that place (two players tied "
            "for 2nd both count 2). Lower is better."
        ),
    ),
    Statistic(
        "places",
        "places",
        _("Places, %(places)s (着順)"),
        _(
            "How many games the player finished 1st, 2nd, and so on. A shared place counts as "
            "that place: two players tied for 2nd both count a 2nd."
        ),
        filled=True,
    ),
    Statistic("top_rate", "rate", _("Top rate (トップ率)"), _("1st places ÷ games.")),
    Statistic("rentai_rate", "rate", _("Top-two rate (連対率)"), _("(1st + 2nd places) ÷ games.")),
    Statistic(
        "last_avoidance_rate",
        "rate",
        _("Last avoidance (ラス回避率)"),
        _("Games not finished last ÷ games. Last is 4th, or 3rd in a three-player (sanma) game."),
    ),
    Statistic(
        "average_score",
        "score",
        _("Average final score (平均素点)"),
        _(
            "The final scores added up ÷ games: the points on the table at the end (素点), "
            "leftover sticks handed out, before uma and oka."
        ),
    ),
    Statistic(
        "tobi_rate",
        "rate",
        _("Bust rate (トビ率)"),
        _("Games the player ended below the ruleset's bust line (飛び) ÷ games."),
    ),
    Statistic(
        "penalties",
        "count",
        _("Penalties (罰則)"),
        _(
            "How many penalties the player took in these games: chombo (錯和), dead hands, "
            "penalty deposits and penalties at the settlement."
        ),
    ),
)

HANDS = (
    Statistic(
        "hands",
        "count",
        _("Hands played (局数)"),
        _(
            "Every hand the player sat in, in the games above: wins, draws and abortive draws. "
            "A chombo hand is left out: it is void and replayed."
        ),
    ),
    Statistic(
        "win_rate",
        "rate",
        _("Win rate (和了率)"),
        _("Hands the player won (ron or tsumo) ÷ hands played. Nagashi mangan is not a win here."),
    ),
    Statistic(
        "deal_in_rate",
        "rate",
        _("Deal-in rate (放銃率)"),
        _(
            "Hands where the player discarded the winning tile of a ron ÷ hands played. A double "
            "ron counts once."
        ),
    ),
    Statistic(
        "riichi_rate",
        "rate",
        _("Riichi rate (立直率)"),
        _("Hands where the player's riichi was accepted ÷ hands played."),
    ),
    Statistic(
        "tsumo_rate", "rate", _("Tsumo rate (ツモ率)"), _("Wins by tsumo (self-drawn) ÷ wins.")
    ),
    Statistic(
        "average_win",
        "score",
        _("Average win (平均打点)"),
        _(
            "What the player's wins paid, added up ÷ wins: the hand's value, honba (積み棒) and "
            "riichi sticks left out."
        ),
    ),
    Statistic(
        "average_deal_in",
        "score",
        _("Average deal-in (平均放銃)"),
        _("What the player paid when dealing in, added up ÷ deal-ins: honba and sticks left out."),
    ),
    Statistic(
        "tenpai_rate",
        "rate",
        _("Tenpai at draws (流局時聴牌率)"),
        _(
            "Exhaustive draws (荒牌流局, nagashi mangan included) where the player was tenpai ÷ "
            "those draws. Abortive draws do not count."
        ),
    ),
    Statistic(
        "open_rate",
        "rate",
        _("Open-hand wins (和了時副露率)"),
        _(
            "Of the player's wins, the share won with an open hand (副露: a called chi, pon or "
            "open kan): open wins ÷ wins whose record says open or closed. A win on the hand "
            "screen is closed unless 副露あり is ticked. Not Tenhou's 副露率, which counts calls "
            "in every hand."
        ),
    ),
    Statistic(
        "average_dora",
        "average",
        _("Average dora (平均ドラ)"),
        _(
            "The dora in the player's wins (ドラ, 赤ドラ, 裏ドラ and set-aside norths together) ÷ "
            "wins whose record gives them: the hand calculator fills them in, or the hand "
            "screen's dora picker."
        ),
    ),
)

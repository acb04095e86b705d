"""A team league's standings (チーム成績): the teams, the playoffs, the titles and the schedule.

Every counted game of the league is read once (``counted_results``); a seated player's result
counts for the team they play for (``LeagueTeamMember``). A team's total is the sum of its
members' points in the games (each capped as the league caps a game, chips added as in the
players' standings); a team league counts every game, never a best N. Games played on or after
the league's first day of the playoffs are the playoffs': the top ``playoff_teams`` teams of the
regular season go on (equal totals: the better average rank, then the name), their regular
total carried whole, halved or reset by the tournament cut's rule (``standings.cut``), and the
playoffs' points added to it.

The titles (M.LEAGUE's individual awards) are over the regular season, among the teams'
members: MVP (the most points), 最高スコア (the highest final score of one game) and 4着回避率
(1 - fourth places / games, for players with at least the league's minimum of games).
"""

from __future__ import annotations

import datetime
from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.meetings import Grid, schedule_grids
from clubs.models import League, LeagueMatch, LeagueTeam, LeagueTeamMember, MatchStage
from standings.cut import carried_points
from standings.tables import ZERO, as_points, capped_points, counted_results


@dataclass(frozen=True)
class Seat:
    """One player's result in one counted game, as the team standings read it."""

    game_id: int
    played_on: datetime.date
    player_id: int
    name: str
    seat: int
    rank: int
    points: Decimal  # capped as the league caps a game, with the chips' points
    final_score: int
    table_size: int = 4


@dataclass
class MemberLine:
    player_id: int
    name: str
    games: int = 0
    total: Decimal = ZERO
    is_captain: bool = False


@dataclass
class TeamRow:
    """A team's line: its members' points in the stage's games (and, in the playoffs, the
    regular season's total carried over)."""

    team_id: int
    name: str
    members: list[MemberLine]
    total: Decimal = ZERO
    games: int = 0
    seats: int = 0
    rank_sum: int = 0
    carried: Decimal | None = None
    place: int = 0

    @property
    def points(self) -> Decimal:
        """The points won in the stage's games (the total without what was carried)."""
        return self.total - (self.carried or ZERO)

    @property
    def average_points(self) -> float:
        return float(self.points) / self.games if self.games else 0.0

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.seats if self.seats else 0.0


@dataclass(frozen=True)
class Holder:
    """Who holds a title, and with what: points, a final score (with its game) or a rate."""

    player_id: int
    name: str
    team: str
    value: Decimal | int | Fraction
    games: int
    played_on: datetime.date | None = None
    game_id: int | None = None

    @property
    def share(self) -> float:
        """A rate's value as the ``rate`` filter writes it (a Fraction formats no decimals)."""
        return float(self.value)


@dataclass(frozen=True)
class Title:
    key: str  # mvp, high_score, last_avoidance
    label: Any  # lazy
    kind: str  # how its value is written: points, score or rate
    holders: list[Holder]  # several when they tie


@dataclass(frozen=True)
class ScheduleLine:
    """A game of the schedule, with the game that played it once one has."""

    match: LeagueMatch
    teams: list[str]
    game_id: int | None = None
    played_on: datetime.date | None = None
    seats: list[tuple[str, str, Decimal]] = field(default_factory=list)  # team, player, points


@dataclass
class TeamStandings:
    league: League
    regular: list[TeamRow]
    playoffs: list[TeamRow]  # the teams going on (as the regular season stands), if any
    titles: list[Title]
    schedule: list[ScheduleLine]
    grids: list[Grid]

    @property
    def has_playoffs(self) -> bool:
        return bool(self.league.playoff_teams and self.league.playoffs_start)

    @property
    def playoff_scheduled(self) -> bool:
        return any(line.match.stage == MatchStage.PLAYOFF for line in self.schedule)

    @property
    def going_on(self) -> list[TeamRow]:
        """The teams that go on to the playoffs, as the regular season stands."""
        return self.regular[: self.league.playoff_teams or 0] if self.has_playoffs else []


def team_standings(league: League) -> TeamStandings:
    teams = list(LeagueTeam.objects.filter(league=league).select_related("captain"))
    members = list(
        LeagueTeamMember.objects.filter(league=league).select_related("player").order_by("pk")
    )
    team_of = {member.player_id: member.team_id for member in members}
    seats = list(league_seats(league))
    regular_seats = [seat for seat in seats if not is_playoff(league, seat.played_on)]
    regular = team_rows(teams, members, regular_seats)
    playoffs = []
    if league.playoff_teams and league.playoffs_start:
        playoff_seats = [seat for seat in seats if is_playoff(league, seat.played_on)]
        playoffs = playoff_rows(league, teams, members, regular, playoff_seats)
    names = {team.pk: team.name for team in teams}
    titles = individual_titles(regular_seats, team_of, names, league.last_place_min_games)
    lines = schedule_lines(league, seats, team_of, names)
    return TeamStandings(league, regular, playoffs, titles, lines, schedule_grids(league))


def is_playoff(league: League, day: datetime.date) -> bool:
    return league.playoffs_start is not None and day >= league.playoffs_start


def league_seats(league: League) -> Iterable[Seat]:
    """Every seat of the league's counted games, in the order played (date, game, seat)."""
    results = (
        counted_results(league)
        .annotate(counted=capped_points(league))
        .order_by("game__played_on", "game_id", "seat")
        .values_list(
            "game_id",
            "game__played_on",
            "player_id",
            "player__name",
            "seat",
            "rank",
            "counted",
            "chip_points",
            "final_score",
        )
    )
    by_game: dict[int, list[Seat]] = defaultdict(list)
    for game, day, player, name, seat, rank, counted, chips, score in results:
        points = as_points(counted) + as_points(chips)
        by_game[game].append(Seat(game, day, player, name, seat, rank, points, score))
    for game_seats in by_game.values():
        size = len(game_seats)
        for seat in game_seats:
            yield seat if size == 4 else _sized(seat, size)


def _sized(seat: Seat, size: int) -> Seat:
    return replace(seat, table_size=size)


def team_rows(
    teams: Sequence[LeagueTeam], members: Sequence[LeagueTeamMember], seats: Iterable[Seat]
) -> list[TeamRow]:
    """Each team's sums over ``seats``, best total first (equal totals share a place)."""
    rows = {
        team.pk: TeamRow(
            team.pk,
            team.name,
            [
                MemberLine(m.player_id, m.player.name, is_captain=m.player_id == team.captain_id)
                for m in members
                if m.team_id == team.pk
            ],
        )
        for team in teams
    }
    lines = {line.player_id: line for row in rows.values() for line in row.members}
    team_of = {m.player_id: m.team_id for m in members if m.team_id in rows}
    games: dict[int, set[int]] = defaultdict(set)
    for seat in seats:
        team = team_of.get(seat.player_id)
        if team is None:
            continue
        row, line = rows[team], lines[seat.player_id]
        row.total += seat.points
        row.seats += 1
        row.rank_sum += seat.rank
        games[team].add(seat.game_id)
        line.games += 1
        line.total += seat.points
    for team, played in games.items():
        rows[team].games = len(played)
    ordered = sorted(rows.values(), key=lambda row: (-row.total, row.average_rank, row.name))
    share_places(ordered)
    return ordered


def share_places(rows: list[TeamRow]) -> None:
    """Places by total, in the rows' order: equal totals share a place (1, 2, 2, 4)."""
    previous = None
    for index, row in enumerate(rows, 1):
        if row.total != previous:
            place = index
        row.place, previous = place, row.total


def playoff_rows(
    league: League,
    teams: Sequence[LeagueTeam],
    members: Sequence[LeagueTeamMember],
    regular: Sequence[TeamRow],
    seats: Iterable[Seat],
) -> list[TeamRow]:
    """The top ``playoff_teams`` of the regular season: the total carried by the cut's rule,
    plus the playoffs' points. Ordered by total; equal totals by the regular season's order."""
    going_on = [row.team_id for row in regular[: league.playoff_teams or 0]]
    chosen = [team for team in teams if team.pk in going_on]
    rows = {row.team_id: row for row in team_rows(chosen, members, seats)}
    regular_total = {row.team_id: row.total for row in regular}
    for team in going_on:
        row = rows[team]
        row.carried = carried_points(league.playoff_carry, regular_total[team])
        row.total = as_points(row.carried + row.total)
    ordered = sorted(rows.values(), key=lambda row: (-row.total, going_on.index(row.team_id)))
    share_places(ordered)
    return ordered


# -- the titles ----------------------------------------------------------------------------------

MVP = "mvp"
HIGH_SCORE = "high_score"
LAST_AVOIDANCE = "last_avoidance"


@dataclass
class _Player:
    name: str
    games: int = 0
    total: Decimal = ZERO
    lasts: int = 0


def individual_titles(
    seats: Sequence[Seat], team_of: dict[int, int], team_names: dict[int, str], min_games: int
) -> list[Title]:
    """MVP, 最高スコア and 4着回避率 over ``seats``, among the teams' members; ties share."""
    counted = [seat for seat in seats if seat.player_id in team_of]
    players: dict[int, _Player] = {}
    for seat in counted:
        player = players.setdefault(seat.player_id, _Player(seat.name))
        player.games += 1
        player.total += seat.points
        player.lasts += seat.rank == seat.table_size

    def holder(pk: int, value: Any, seat: Seat | None = None) -> Holder:
        player, team = players[pk], team_names[team_of[pk]]
        if seat is None:
            return Holder(pk, player.name, team, value, player.games)
        return Holder(pk, player.name, team, value, player.games, seat.played_on, seat.game_id)

    mvp = _best({pk: p.total for pk, p in players.items()})
    high = max((seat.final_score for seat in counted), default=None)
    rates = {
        pk: 1 - Fraction(p.lasts, p.games) for pk, p in players.items() if p.games >= min_games
    }
    return [
        Title(MVP, _("MVP (most points)"), "points", [holder(pk, players[pk].total) for pk in mvp]),
        Title(
            HIGH_SCORE,
            _("Highest score in a game (最高スコア)"),
            "score",
            [holder(s.player_id, s.final_score, s) for s in counted if s.final_score == high],
        ),
        Title(
            LAST_AVOIDANCE,
            _("Last-place avoidance (4着回避率)"),
            "rate",
            [holder(pk, rates[pk]) for pk in _best(rates)],
        ),
    ]


def _best(values: dict[int, Any]) -> list[int]:
    """The keys of the highest value (all of them when they tie), in the order given."""
    top = max(values.values(), default=None)
    return [key for key, value in values.items() if value == top] if values else []


# -- the schedule --------------------------------------------------------------------------------


def schedule_lines(
    league: League, seats: Sequence[Seat], team_of: dict[int, int], names: dict[int, str]
) -> list[ScheduleLine]:
    """The schedule's games in order, each with the game that played it: the league's games are
    taken in the order played, each by the first game of its stage's schedule not yet played
    whose four teams are the teams of its seated players."""
    matches = list(
        LeagueMatch.objects.filter(league=league).prefetch_related("teams").order_by("number")
    )
    waiting: dict[tuple[str, frozenset[int | None]], deque[int]] = defaultdict(deque)
    for match in matches:
        waiting[(match.stage, frozenset(team.pk for team in match.teams.all()))].append(match.pk)
    by_game: dict[int, list[Seat]] = defaultdict(list)
    for seat in seats:
        by_game[seat.game_id].append(seat)
    played: dict[int, list[Seat]] = {}
    for game_seats in by_game.values():
        playoff = is_playoff(league, game_seats[0].played_on)
        stage = MatchStage.PLAYOFF if playoff else MatchStage.REGULAR
        teams = frozenset(team_of.get(seat.player_id) for seat in game_seats)
        queue = waiting.get((stage, teams))
        if queue:
            played[queue.popleft()] = game_seats
    return [_line(match, played.get(match.pk), team_of, names) for match in matches]


def _line(
    match: LeagueMatch,
    seats: list[Seat] | None,
    team_of: dict[int, int],
    names: dict[int, str],
) -> ScheduleLine:
    teams = sorted(team.name for team in match.teams.all())
    if not seats:
        return ScheduleLine(match, teams)
    results = [(names[team_of[s.player_id]], s.name, s.points) for s in seats]
    return ScheduleLine(match, teams, seats[0].game_id, seats[0].played_on, results)

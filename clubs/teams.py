"""A team league's teams and schedule, one transaction each (the organiser's page calls these).

A team has a name, members (players of the club; a player plays for one team of a league) and a
captain among them. The schedule is a list of games of four teams (``LeagueMatch``), made by
hand or generated from a balanced design (``clubs.schedule``) so that every two teams meet
equally often. Who sits for a team is seen in each game's seats: the standings count a seated
player's result for the team they play for (``standings.teams``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs import schedule
from clubs.audit import log_change
from clubs.models import (
    League,
    LeagueMatch,
    LeagueTeam,
    LeagueTeamMember,
    LogKind,
    MatchStage,
    Player,
)
from clubs.services import ClubError

TABLE_TEAMS = 4  # a game seats one member of each of four teams
MOST_MATCHES = 2000  # a schedule's games at most: a game a day for more than five years
MOST_MEMBERS = 30


class TeamError(ClubError):
    """A team or schedule refused; ``field`` names the form field at fault (None: the form)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _names(members: Sequence[str]) -> list[str]:
    names = [name.strip()[:60] for name in members if name.strip()]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise TeamError(_("%(name)s is written twice.") % {"name": name}, "members")
    if len(names) > MOST_MEMBERS:
        raise TeamError(_("At most %(count)s members.") % {"count": MOST_MEMBERS}, "members")
    return names


@transaction.atomic
def save_team(
    league: League,
    *,
    name: str,
    members: Sequence[str],
    captain: str = "",
    team: LeagueTeam | None = None,
    user: Any = None,
) -> LeagueTeam:
    """A new team (``team`` None) or the team's new name, members and captain.

    Members are names, one a player (a name the club does not know becomes a new player, as on
    a game's start). Refused, naming the field: a name of another team of the league, a
    member twice or in another team of the league, a captain who is not a member.
    """
    name = name.strip()
    names = _names(members)
    if captain.strip() and captain.strip() not in names:
        raise TeamError(
            _("The captain %(name)s is not one of the team's members.") % {"name": captain},
            "captain",
        )
    others = LeagueTeam.objects.filter(league=league).exclude(pk=getattr(team, "pk", None))
    if not name:
        raise TeamError(_("Give the team a name."), "name")
    if others.filter(name=name).exists():
        raise TeamError(_("This league already has a team with this name."), "name")
    players = [Player.objects.get_or_create(club=league.club, name=n)[0] for n in names]
    _check_free(league, players, team)
    before = _team_fields(team) if team else None
    if team is None:
        team = LeagueTeam(league=league)
    team.name = name
    team.captain = next((p for p in players if p.name == captain.strip()), None)
    team.save()
    LeagueTeamMember.objects.filter(team=team).exclude(player__in=players).delete()
    kept = set(LeagueTeamMember.objects.filter(team=team).values_list("player_id", flat=True))
    LeagueTeamMember.objects.bulk_create(
        LeagueTeamMember(team=team, league=league, player=p) for p in players if p.pk not in kept
    )
    log_change(
        league.club,
        user,
        LogKind.LEAGUE,
        "team",
        league.name,
        object_id=league.pk,
        before=before,
        after=_team_fields(team),
    )
    return team


def _check_free(league: League, players: list[Player], team: LeagueTeam | None) -> None:
    """Each player plays for one team of a league: refused, naming the other team."""
    taken = (
        LeagueTeamMember.objects.filter(league=league, player__in=players)
        .exclude(team=team)
        .select_related("player", "team")
        .first()
    )
    if taken is not None:
        raise TeamError(
            _("%(player)s already plays for %(team)s in this league.")
            % {"player": taken.player.name, "team": taken.team.name},
            "members",
        )


def _team_fields(team: LeagueTeam) -> dict[str, Any]:
    members = [m.player.name for m in team.members.select_related("player").order_by("pk")]
    captain = team.captain.name if team.captain else None
    # One key: the log keeps the team whole (its name, members and captain), before and after.
    return {"team": {"name": team.name, "members": members, "captain": captain}}


@transaction.atomic
def delete_team(team: LeagueTeam, user: Any = None) -> None:
    """A team leaves the league; refused while the schedule has it (clear the schedule first)."""
    if team.matches.exists():
        raise TeamError(
            _("%(team)s is in the schedule: clear the schedule first.") % {"team": team.name}
        )
    league = team.league
    before = _team_fields(team)
    team.delete()
    log_change(
        league.club,
        user,
        LogKind.LEAGUE,
        "team_removed",
        league.name,
        object_id=league.pk,
        before=before,
    )


def _league_teams(league: League, teams: Sequence[LeagueTeam]) -> list[LeagueTeam]:
    chosen = list(dict.fromkeys(teams))
    if any(team.league_id != league.pk for team in chosen):
        raise TeamError(_("Choose teams of this league."), "teams")
    return chosen


def _check_stage_teams(league: League, stage: str, chosen: Sequence[LeagueTeam]) -> None:
    """A regular season's games seat four teams; the playoffs' all the teams that went on."""
    if stage != MatchStage.PLAYOFF and len(chosen) < TABLE_TEAMS:
        raise TeamError(
            _(
                "A schedule needs at least 4 teams: each game seats one member of each of four "
                "teams. Choose %(more)s more."
            )
            % {"more": TABLE_TEAMS - len(chosen)},
            "teams",
        )
    if stage == MatchStage.PLAYOFF:
        count = league.playoff_teams
        if not count:
            raise TeamError(_("This league has no playoffs: say how many teams go on first."))
        if len(chosen) != count:
            raise TeamError(
                _("The playoffs are for %(count)s teams: choose %(count)s.") % {"count": count},
                "teams",
            )


@transaction.atomic
def generate_schedule(
    league: League,
    teams: Sequence[LeagueTeam],
    *,
    cycles: int,
    stage: str = MatchStage.REGULAR,
    first_day: datetime.date | None = None,
    days_apart: int = 7,
    games_per_day: int = 1,
    user: Any = None,
) -> list[LeagueMatch]:
    """``cycles`` times the balanced design for these teams (``clubs.schedule``), numbered after
    the schedule's games so far: after each cycle every two teams have met equally often.

    With ``first_day``, the games get dates: ``games_per_day`` a match day, ``days_apart`` days
    between match days.
    """
    chosen = _league_teams(league, teams)
    _check_stage_teams(league, stage, chosen)
    try:
        blocks = schedule.design(len(chosen))
    except ValueError:
        raise TeamError(
            _("Tenbou schedules from 4 to %(high)s teams; add the games by hand.")
            % {"high": schedule.MOST_TEAMS},
            "teams",
        ) from None
    if cycles < 1 or cycles * len(blocks) > MOST_MATCHES:
        raise TeamError(
            _("From 1 to %(most)s cycles of %(games)s games.")
            % {"most": MOST_MATCHES // len(blocks), "games": len(blocks)},
            "cycles",
        )
    games = [[chosen[i] for i in block] for _cycle in range(cycles) for block in blocks]
    made = _add_matches(league, games, stage, first_day, days_apart, max(games_per_day, 1))
    log_change(
        league.club,
        user,
        LogKind.LEAGUE,
        "schedule",
        league.name,
        object_id=league.pk,
        after={"stage": stage, "games": len(made), "teams": [t.name for t in chosen]},
    )
    return made


def _add_matches(
    league: League,
    games: list[list[LeagueTeam]],
    stage: str,
    first_day: datetime.date | None,
    days_apart: int,
    games_per_day: int,
) -> list[LeagueMatch]:
    last = LeagueMatch.objects.filter(league=league).aggregate(last=Max("number"))["last"] or 0
    made = []
    for index, teams in enumerate(games):
        day = None
        if first_day is not None:
            day = first_day + datetime.timedelta(days=index // games_per_day * days_apart)
        match = LeagueMatch.objects.create(
            league=league, number=last + index + 1, stage=stage, day=day
        )
        match.teams.set(teams)
        made.append(match)
    return made


@transaction.atomic
def add_match(
    league: League,
    teams: Sequence[LeagueTeam],
    *,
    stage: str = MatchStage.REGULAR,
    day: datetime.date | None = None,
    user: Any = None,
) -> LeagueMatch:
    """One game of four teams the organiser picks, after the schedule's games so far."""
    chosen = _league_teams(league, teams)
    if stage != MatchStage.PLAYOFF and len(chosen) != TABLE_TEAMS:
        raise TeamError(_("A game of the regular season is four teams: choose four."), "teams")
    if stage == MatchStage.PLAYOFF and not 2 <= len(chosen) <= TABLE_TEAMS:
        raise TeamError(_("A game of the playoffs is two to four teams."), "teams")
    (match,) = _add_matches(league, [chosen], stage, day, 0, 1)
    log_change(
        league.club,
        user,
        LogKind.LEAGUE,
        "match",
        league.name,
        object_id=league.pk,
        after={"stage": stage, "number": match.number, "teams": [t.name for t in chosen]},
    )
    return match


@transaction.atomic
def clear_schedule(league: League, stage: str, user: Any = None) -> int:
    """Every game of the stage's schedule taken out (the games played stay, as they are)."""
    matches = LeagueMatch.objects.filter(league=league, stage=stage)
    count = matches.count()
    matches.delete()
    log_change(
        league.club,
        user,
        LogKind.LEAGUE,
        "schedule_cleared",
        league.name,
        object_id=league.pk,
        before={"stage": stage, "games": count},
    )
    return count

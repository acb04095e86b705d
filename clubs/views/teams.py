"""A team league's teams and schedule: the organiser (an admin) makes the teams, names their
members and captain, and makes the schedule by hand or generated. The teams' standings are on
the standings pages (``standings/``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs import teams
from clubs.access import club_object, club_view
from clubs.forms import ClearScheduleForm, MatchForm, ScheduleForm, TeamForm
from clubs.meetings import schedule_grids
from clubs.models import Club, League, LeagueMatch, LeagueTeam, Role
from clubs.views.common import club_page

UNPROCESSABLE = 422


@require_safe
@club_view(need=Role.ADMIN)
def league_teams(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    return _page(request, club, club_object(club, League, league_id))


@require_POST
@club_view(need=Role.ADMIN)
def team_new(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    league = club_object(club, League, league_id)
    form = TeamForm(request.POST, prefix="new")
    return _save_team(request, club, league, form, None)


@require_POST
@club_view(need=Role.ADMIN)
def team_save(request: HttpRequest, club: Club, league_id: int, team_id: int) -> HttpResponse:
    league = club_object(club, League, league_id)
    team = get_object_or_404(LeagueTeam, league=league, pk=team_id)
    form = TeamForm(request.POST, prefix=f"team-{team.pk}")
    return _save_team(request, club, league, form, team)


def _save_team(
    request: HttpRequest, club: Club, league: League, form: TeamForm, team: LeagueTeam | None
) -> HttpResponse:
    if form.is_valid():
        try:
            saved = teams.save_team(league, team=team, user=request.user, **form.cleaned_data)
        except teams.TeamError as error:
            form.add_error(error.field, error.message)
        else:
            messages.success(request, _("The team “%(name)s” is saved.") % {"name": saved.name})
            return redirect("clubs:league_teams", slug=club.slug, league_id=league.pk)
    return _page(request, club, league, {_form_key(team): form}, UNPROCESSABLE)


@require_POST
@club_view(need=Role.ADMIN)
def team_delete(request: HttpRequest, club: Club, league_id: int, team_id: int) -> HttpResponse:
    league = club_object(club, League, league_id)
    team = get_object_or_404(LeagueTeam, league=league, pk=team_id)
    try:
        teams.delete_team(team, request.user)
    except teams.TeamError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The team “%(name)s” is out.") % {"name": team.name})
    return redirect("clubs:league_teams", slug=club.slug, league_id=league.pk)


@require_POST
@club_view(need=Role.ADMIN)
def schedule_generate(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    league = club_object(club, League, league_id)
    form = ScheduleForm(request.POST, league=league, prefix="schedule")
    if form.is_valid():
        data = form.cleaned_data
        try:
            made = teams.generate_schedule(
                league,
                list(data["teams"]),
                cycles=data["cycles"],
                stage=data["stage"],
                first_day=data["first_day"],
                days_apart=data["days_apart"],
                games_per_day=data["games_per_day"],
                user=request.user,
            )
        except teams.TeamError as error:
            form.add_error(error.field, error.message)
        else:
            messages.success(request, _("%(count)s games scheduled.") % {"count": len(made)})
            return redirect("clubs:league_teams", slug=club.slug, league_id=league.pk)
    return _page(request, club, league, {"schedule_form": form}, UNPROCESSABLE)


@require_POST
@club_view(need=Role.ADMIN)
def match_add(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    league = club_object(club, League, league_id)
    form = MatchForm(request.POST, league=league, prefix="match")
    if form.is_valid():
        data = form.cleaned_data
        try:
            match = teams.add_match(
                league, list(data["teams"]), stage=data["stage"], day=data["day"], user=request.user
            )
        except teams.TeamError as error:
            form.add_error(error.field, error.message)
        else:
            messages.success(request, _("Game %(number)s added.") % {"number": match.number})
            return redirect("clubs:league_teams", slug=club.slug, league_id=league.pk)
    return _page(request, club, league, {"match_form": form}, UNPROCESSABLE)


@require_POST
@club_view(need=Role.ADMIN)
def schedule_clear(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    league = club_object(club, League, league_id)
    form = ClearScheduleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say which schedule to clear."))
    else:
        count = teams.clear_schedule(league, form.cleaned_data["stage"], request.user)
        messages.success(
            request, _("%(count)s games taken out of the schedule.") % {"count": count}
        )
    return redirect("clubs:league_teams", slug=club.slug, league_id=league.pk)


def _form_key(team: LeagueTeam | None) -> str:
    return "new_team_form" if team is None else f"team_{team.pk}"


def _page(
    request: HttpRequest,
    club: Club,
    league: League,
    bound: dict[str, Form] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The organiser's page; ``bound``: a form posted with errors, shown as it was sent."""
    bound = bound or {}
    team_list = list(
        LeagueTeam.objects.filter(league=league)
        .select_related("captain")
        .prefetch_related("members__player")
    )
    team_forms = [(team, bound.get(_form_key(team)) or _team_form(team)) for team in team_list]
    matches = list(LeagueMatch.objects.filter(league=league).prefetch_related("teams"))
    context: dict[str, Any] = {
        "league": league,
        "team_forms": team_forms,
        "new_team_form": bound.get("new_team_form") or TeamForm(prefix="new"),
        "schedule_form": bound.get("schedule_form")
        or ScheduleForm(league=league, prefix="schedule"),
        "match_form": bound.get("match_form") or MatchForm(league=league, prefix="match"),
        "matches": matches,
        "grids": schedule_grids(league),
    }
    return club_page(request, "clubs/league_teams.html", club, context, status=status)


def _team_form(team: LeagueTeam) -> TeamForm:
    members = "\n".join(member.player.name for member in team.members.all())
    captain = team.captain.name if team.captain else ""
    initial = {"name": team.name, "members": members, "captain": captain}
    return TeamForm(initial=initial, prefix=f"team-{team.pk}")

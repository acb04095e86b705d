"""A team league's page (チーム): the teams' standings beside the players', the playoffs, the
individual titles and the schedule with its grid of meetings."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League
from clubs.views.common import club_page
from standings.teams import team_standings


@require_safe
@club_view()
def league_teams(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    """Any league answers; one without teams says how to make it a team league."""
    league = club_object(club, League.objects.select_related("ruleset"), league_id)
    context = {
        "league": league,
        "leagues": League.objects.filter(club=club),
        "table": team_standings(league),
    }
    return club_page(request, "standings/league_teams.html", club, context)

"""The league's standings and a player's report as PDF downloads, beside their web pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League, Player
from reports.league import day_pdf, player_pdf, standings_pdf, teams_pdf
from reports.qr import site_of
from reports.views.common import pdf_response
from standings.day import day_results
from standings.forms import StandingsFilter
from standings.players import league_asked
from standings.tables import columns
from standings.views.day import asked_day


@require_safe
@club_view()
def standings_report(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    """The standings as the page shows them for its dates (a wrong date is left out)."""
    league = club_object(club, League.objects.select_related("club", "ruleset"), league_id)
    form = StandingsFilter(request.GET, columns=columns(4))
    form.is_valid()
    date_from, date_to = form.dates()
    return pdf_response(
        lambda: standings_pdf(league, date_from, date_to, site=site_of(request)),
        f"standings-{league.pk}.pdf",
    )


@require_safe
@club_view()
def teams_report(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    """A team league's teams, titles and grid of meetings."""
    league = club_object(club, League.objects.select_related("club"), league_id)
    return pdf_response(lambda: teams_pdf(league, site=site_of(request)), f"teams-{league.pk}.pdf")


@require_safe
@club_view()
def player_report(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """One league's counted games (``?league=``); a value naming none: every game, no error."""
    person = club_object(club, Player.objects.select_related("club"), player_id)
    league = league_asked(request.GET.get("league", ""), list(League.objects.filter(club=club)))
    suffix = f"-league-{league.pk}" if league else ""
    return pdf_response(lambda: player_pdf(person, league), f"player-{person.pk}{suffix}.pdf")


@require_safe
@club_view()
def day_report(request: HttpRequest, club: Club, day: str) -> HttpResponse:
    """今日の成績 to print (a day in any other form: 404)."""
    results = day_results(club, asked_day(day))
    return pdf_response(
        lambda: day_pdf(results, site=site_of(request)), f"results-{results.day.isoformat()}.pdf"
    )

"""The results for the record: a federation's files (CSV, XLSX), the penalty list, the
tournament report, and the organiser's sign-off.

The files are for whoever may see the standings, as the results PDF. A file of results is
refused (409, the games named with their amounts) when a game's points do not add up
(``standings.federation.zero_sum_problems``); the penalty list never is: it is what the
organiser looks into the refusal with.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs.access import club_view
from clubs.models import Club, Role
from clubs.views.common import club_page
from reports.views.common import pdf_response
from standings import federation
from tournaments import services
from tournaments.federation import checked_games, results_sheet, tournament_penalties
from tournaments.final_report import report_pdf
from tournaments.models import Tournament
from tournaments.services import TournamentError
from tournaments.views.pages import get_tournament

CONFLICT = 409


@require_safe
@club_view()
def results_csv(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """Place, EMA number, names, nationality, table points, raw score, then each round."""
    return _results(request, club, tournament_id, "csv")


@require_safe
@club_view()
def results_xlsx(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The results and the penalty list, a sheet each."""
    return _results(request, club, tournament_id, "xlsx")


@require_safe
@club_view()
def penalties_csv(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    states, _problems = checked_games(tournament)
    text = federation.csv_text(tournament_penalties(states))
    return _file(text, federation.CSV, tournament, "penalties", "csv")


def _results(request: HttpRequest, club: Club, tournament_id: int, kind: str) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    states, problems = checked_games(tournament)
    if problems:
        context = {
            "what": tournament.name,
            "problems": [federation.imbalance_text(found) for found in problems],
            "back": reverse("tournaments:standings", args=[club.slug, tournament.pk]),
        }
        template = "standings/results_refused.html"
        return club_page(request, template, club, context, status=CONFLICT)
    results = results_sheet(tournament)
    if kind == "xlsx":
        content = federation.xlsx_bytes([results, tournament_penalties(states)])
        return _file(content, federation.XLSX, tournament, "results", "xlsx")
    return _file(federation.csv_text(results), federation.CSV, tournament, "results", "csv")


def _file(
    content: str | bytes, content_type: str, tournament: Tournament, what: str, extension: str
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    fallback = f"tournament-{tournament.pk}"
    name = federation.attachment(tournament.name, fallback, what, extension)
    response["Content-Disposition"] = name
    response["Cache-Control"] = "private, no-store"
    return response


@require_safe
@club_view()
def report(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The tournament report (PDF): standings, rounds, penalties, highlights, the sign-off."""
    tournament = get_tournament(club, tournament_id)
    return pdf_response(lambda: report_pdf(tournament), f"report-{tournament_id}.pdf")


@require_POST
@club_view(need=Role.ADMIN)
def sign_off(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The organiser signs off the results (``withdraw``: takes the sign-off back)."""
    tournament = get_tournament(club, tournament_id)
    withdraw = request.POST.get("action") == "withdraw"
    try:
        if withdraw:
            services.withdraw_sign_off(tournament, request.user)
        else:
            services.sign_off(tournament, request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        done = _("The sign-off is withdrawn.") if withdraw else _("The results are signed off.")
        messages.success(request, done)
    return redirect("tournaments:tournament", slug=club.slug, tournament_id=tournament.pk)

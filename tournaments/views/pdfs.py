"""A tournament's PDFs, for whoever may see its pages (a draft round: the organiser only)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_view
from clubs.models import Club
from reports.views.common import pdf_response
from tournaments.reports import results_pdf, round_pdf
from tournaments.views.pages import get_round, get_tournament


@require_safe
@club_view()
def seating_sheet(
    request: HttpRequest, club: Club, tournament_id: int, number: int
) -> HttpResponse:
    round_ = get_round(request, get_tournament(club, tournament_id), number)
    return pdf_response(
        lambda: round_pdf(round_, "seating"), f"seating-{tournament_id}-{number}.pdf"
    )


@require_safe
@club_view()
def table_cards(request: HttpRequest, club: Club, tournament_id: int, number: int) -> HttpResponse:
    round_ = get_round(request, get_tournament(club, tournament_id), number)
    return pdf_response(lambda: round_pdf(round_, "cards"), f"cards-{tournament_id}-{number}.pdf")


@require_safe
@club_view()
def results(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    return pdf_response(lambda: results_pdf(tournament), f"results-{tournament_id}.pdf")

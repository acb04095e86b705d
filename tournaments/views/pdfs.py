"""A tournament's PDFs, for whoever may see its pages (a draft round: the organiser only)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_view
from clubs.models import Club, Role
from reports.qr import site_of
from reports.views.common import pdf_response
from tournaments.reports import check_in_cards_pdf, results_pdf, round_pdf
from tournaments.views.pages import get_round, get_tournament


@require_safe
@club_view()
def seating_sheet(
    request: HttpRequest, club: Club, tournament_id: int, number: int
) -> HttpResponse:
    round_ = get_round(request, get_tournament(club, tournament_id), number)
    return pdf_response(
        lambda: round_pdf(round_, "seating", site=site_of(request)),
        f"seating-{tournament_id}-{number}.pdf",
    )


@require_safe
@club_view()
def table_cards(request: HttpRequest, club: Club, tournament_id: int, number: int) -> HttpResponse:
    round_ = get_round(request, get_tournament(club, tournament_id), number)
    return pdf_response(
        lambda: round_pdf(round_, "cards", site=site_of(request)),
        f"cards-{tournament_id}-{number}.pdf",
    )


@require_safe
@club_view()
def results(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    return pdf_response(
        lambda: results_pdf(tournament, site=site_of(request)), f"results-{tournament_id}.pdf"
    )


@require_safe
@club_view(need=Role.ADMIN)
def check_in_cards(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The players' cards, for the organiser: each card's code opens the player's check-in."""
    tournament = get_tournament(club, tournament_id)
    return pdf_response(
        lambda: check_in_cards_pdf(tournament, site=site_of(request)),
        f"check-in-cards-{tournament_id}.pdf",
    )

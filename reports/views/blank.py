"""The blank score sheet of a ruleset, for anyone who can see the ruleset."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, Ruleset
from reports.blank import blank_sheet_pdf
from reports.qr import site_of
from reports.views.common import pdf_response


@require_safe
@club_view()
def blank_sheet(request: HttpRequest, club: Club, ruleset_id: int) -> HttpResponse:
    ruleset = club_object(club, Ruleset, ruleset_id)
    if ruleset.current_version() is None:
        raise Http404("This ruleset has no version yet.")
    return pdf_response(
        lambda: blank_sheet_pdf(ruleset, site=site_of(request)), f"blank-sheet-{ruleset.pk}.pdf"
    )

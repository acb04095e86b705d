"""What-if: a league's standings under another ruleset, beside the standings as played."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League
from clubs.views.common import club_page
from standings.whatif import WhatIfForm, compare


@require_safe
@club_view()
def whatif(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    """The form, and once it names rules the two tables; a wrong value is named on the page.

    Nothing is saved, so a GET; the replays are made afresh on every request (never cached).
    """
    league = club_object(club, League, league_id)
    form = WhatIfForm(request.GET or None, club=club)
    target = form.target()
    comparison = compare(league, target, *form.dates()) if target is not None else None
    context = {"league": league, "form": form, "comparison": comparison}
    template = "standings/whatif.html#tables" if request.htmx else "standings/whatif.html"
    return club_page(request, template, club, context)

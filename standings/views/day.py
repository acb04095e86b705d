"""A day's results (今日の成績): its page, its CSV; the PDF is in reports."""

from __future__ import annotations

import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_safe

from clubs.access import club_view
from clubs.models import Club
from clubs.views.common import club_page
from standings import csv_export
from standings.day import day_results, latest_day

CSV = "text/csv; charset=utf-8"


def asked_day(value: str) -> datetime.date:
    """The day in the address (YYYY-MM-DD); any other text is no page (404), never an error.

    The length is checked too: Python 3.11 would also read 20261003 as a date."""
    try:
        if len(value) == len("YYYY-MM-DD"):
            return datetime.date.fromisoformat(value)
    except ValueError:
        pass
    raise Http404("not a day (YYYY-MM-DD)")


@require_safe
@club_view()
def latest(request: HttpRequest, club: Club) -> HttpResponse:
    """The day chosen in the form (?date=), else the last day with a finished game, else today."""
    chosen = request.GET.get("date", "")
    day = asked_day(chosen) if chosen else latest_day(club) or timezone.localdate()
    return redirect("standings:day", slug=club.slug, day=day.isoformat())


@require_safe
@club_view()
def day(request: HttpRequest, club: Club, day: str) -> HttpResponse:
    results = day_results(club, asked_day(day))
    return club_page(request, "standings/day.html", club, {"results": results})


@require_safe
@club_view()
def day_csv(request: HttpRequest, club: Club, day: str) -> HttpResponse:
    results = day_results(club, asked_day(day))
    table = results.table
    response = HttpResponse(csv_export.standings_csv(table, table.rows), content_type=CSV)
    name = f"results-{results.day.isoformat()}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response

"""The club log (変更履歴): every change made in the club, for its admins, filtered."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_view
from clubs.models import Club, Role
from clubs.views.common import club_page
from standings.clublog import Filters, club_log
from standings.forms import LogFilter


@require_safe
@club_view(need=Role.ADMIN)
def log(request: HttpRequest, club: Club) -> HttpResponse:
    form = LogFilter(request.GET)
    data = form.cleaned_data if form.is_valid() else {}
    filters = Filters(
        kind=data.get("kind") or "",
        user=(data.get("user") or "").strip(),
        date_from=data.get("date_from"),
        date_to=data.get("date_to"),
    )
    page = data.get("page") or 1
    entries, older = club_log(club, filters, page)
    query = request.GET.copy()
    query["page"] = page + 1
    context = {"form": form, "entries": entries, "older": older, "older_query": query.urlencode()}
    return club_page(request, "standings/log.html", club, context)

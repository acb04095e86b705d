"""A league's standings page: sortable, filtered by dates and a player search, phone first."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League
from clubs.views.common import club_page
from standings.forms import StandingsFilter, rows_as_asked
from standings.leagues import current_league
from standings.tables import Standings, columns, league_standings


@require_safe
@club_view()
def standings(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's current league (the open one); a club without leagues is told how to start."""
    league = current_league(club)
    if league is None:
        return club_page(request, "standings/league.html", club, {"league": None})
    return _league_page(request, club, league)


@require_safe
@club_view()
def league(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    return _league_page(request, club, club_object(club, League, league_id))


def _league_page(request: HttpRequest, club: Club, league: League) -> HttpResponse:
    form = StandingsFilter(request.GET, columns=columns(4))
    form.is_valid()
    date_from, date_to = form.dates()
    table = league_standings(league, date_from, date_to)
    context: dict[str, Any] = {
        "league": league,
        "leagues": League.objects.filter(club=club),
        "form": form,
        "table": table,
        **_shown(table, form),
    }
    template = "standings/league.html#table" if request.htmx else "standings/league.html"
    return club_page(request, template, club, context)


def _shown(table: Standings, form: StandingsFilter) -> dict[str, Any]:
    """The rows as asked, the sort they are in, and what of the request was not obeyed."""
    shown = rows_as_asked(table, form)
    notices = []
    if shown.dropped_sort:
        notices.append(_("A three-player league has no 4th places: the usual order is used."))
    return {
        "rows": shown.rows,
        "sort_key": shown.key or "",
        "descending": shown.descending,
        "notices": notices,
        "show_line": shown.key is None
        and bool(table.unqualified)
        and table.league.qualification_games,
        "search": shown.search,
    }

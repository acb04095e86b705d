"""CSV downloads of a league: its standings (as the page shows them) and its games."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League
from standings import csv_export
from standings.forms import StandingsFilter, rows_as_asked
from standings.ratings import league_ratings
from standings.tables import columns, league_standings

CSV = "text/csv; charset=utf-8"


@require_safe
@club_view()
def standings_csv(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """The standings with the page's query (dates, search, sort); a wrong value is ignored."""
    league = club_object(club, League, league_id)
    form = _filter(request)
    table = league_standings(league, *form.dates())
    ratings = league_ratings(league, *form.dates())
    text = csv_export.standings_csv(table, rows_as_asked(table, form).rows, ratings)
    return _download(HttpResponse(text, content_type=CSV), league, "standings")


@require_safe
@club_view()
def games_csv(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """Every player's result in every counted game (of the dates asked), streamed."""
    league = club_object(club, League, league_id)
    rows = csv_export.games_rows(csv_export.game_results(league, *_filter(request).dates()))
    chunks = csv_export.csv_chunks(csv_export.games_header(), rows)
    return _download(StreamingHttpResponse(chunks, content_type=CSV), league, "games")


def _filter(request: HttpRequest) -> StandingsFilter:
    form = StandingsFilter(request.GET, columns=columns(4))
    form.is_valid()
    return form


def _download(response: HttpResponseBase, league: League, what: str) -> HttpResponseBase:
    response["Content-Disposition"] = csv_export.attachment(league, what)
    response["Cache-Control"] = "private, no-store"
    return response

"""Downloads of a league: its standings (as the page shows them) and its games as CSV, and its
results for a national league (``standings.federation``) as CSV and XLSX with the penalty list."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League
from clubs.views.common import club_page
from standings import csv_export, federation
from standings.forms import StandingsFilter, rows_as_asked
from standings.ratings import league_ratings
from standings.tables import columns, league_standings
from standings.teams import team_standings

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


@require_safe
@club_view()
def teams_csv(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """A team league's teams: the regular season, then the playoffs."""
    league = club_object(club, League, league_id)
    text = csv_export.teams_csv(team_standings(league))
    return _download(HttpResponse(text, content_type=CSV), league, "teams")


@require_safe
@club_view()
def titles_csv(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """A team league's individual titles (MVP, 最高スコア, 4着回避率) and who holds them."""
    league = club_object(club, League, league_id)
    text = csv_export.titles_csv(team_standings(league))
    return _download(HttpResponse(text, content_type=CSV), league, "titles")


def _filter(request: HttpRequest) -> StandingsFilter:
    form = StandingsFilter(request.GET, columns=columns(4))
    form.is_valid()
    return form


def _download(response: HttpResponseBase, league: League, what: str) -> HttpResponseBase:
    response["Content-Disposition"] = csv_export.attachment(league, what)
    response["Cache-Control"] = "private, no-store"
    return response


# -- for a national league -----------------------------------------------------------------

CONFLICT = 409


@require_safe
@club_view()
def results_csv(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """The league's results in a federation's columns, one column a day; refused (409, with
    the games named) when a game's points do not add up (``federation.zero_sum_problems``)."""
    return _results(request, club, league_id, "csv")


@require_safe
@club_view()
def results_xlsx(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """The results and the penalty list, a sheet each."""
    return _results(request, club, league_id, "xlsx")


@require_safe
@club_view()
def penalties_csv(request: HttpRequest, club: Club, league_id: int) -> HttpResponseBase:
    """Every chombo and penalty of the league's counted games (never refused: it is what a
    failed check is looked into with)."""
    league = club_object(club, League, league_id)
    states = federation.replayed(federation.league_games(league))
    penalties = federation.league_penalties_sheet(states)
    return _file(federation.csv_text(penalties), federation.CSV, league, "penalties", "csv")


def _results(request: HttpRequest, club: Club, league_id: int, kind: str) -> HttpResponseBase:
    league = club_object(club, League, league_id)
    states = federation.replayed(federation.league_games(league))
    problems = federation.zero_sum_problems(states)
    if problems:
        back = reverse("standings:league", args=[club.slug, league.pk])
        return refused(request, club, league.name, problems, back)
    results = federation.league_results_sheet(league)
    if kind == "xlsx":
        penalties = federation.league_penalties_sheet(states)
        content = federation.xlsx_bytes([results, penalties])
        return _file(content, federation.XLSX, league, "results", "xlsx")
    return _file(federation.csv_text(results), federation.CSV, league, "results", "csv")


def refused(
    request: HttpRequest, club: Club, what: str, problems: list[federation.Imbalance], back: str
) -> HttpResponse:
    """The page that says which games do not add up, instead of the file (409 Conflict)."""
    context = {
        "what": what,
        "problems": [federation.imbalance_text(found) for found in problems],
        "back": back,
    }
    return club_page(request, "standings/results_refused.html", club, context, status=CONFLICT)


def _file(
    content: str | bytes, content_type: str, league: League, what: str, extension: str
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    name = federation.attachment(league.name, f"league-{league.pk}", what, extension)
    response["Content-Disposition"] = name
    response["Cache-Control"] = "private, no-store"
    return response

"""The club's home page (what is true today) and a game's score-progression chart."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from clubs.access import club_view
from clubs.models import Club
from clubs.views.common import club_page
from scoring import services
from standings.games import (
    LIVE_STATES,
    latest_results,
    live_tables,
    score_chart_svg,
    state_counts,
)
from standings.leagues import current_league
from standings.tables import league_standings

TOP_OF_STANDINGS = 5


@require_safe
@club_view()
def club_home(request: HttpRequest, club: Club) -> HttpResponse:
    """The open league's leaders, the tables playing now with their scores, the last results."""
    league = current_league(club)
    table = league_standings(league) if league is not None else None
    live = live_tables(club)
    context = {
        "league": league,
        "leaders": table.qualified[:TOP_OF_STANDINGS] if table else [],
        "standings": table,
        "live": live,
        # Counted as a round's page and the hall count them (``table_state``).
        "live_counts": state_counts((t.state for t in live), LIVE_STATES) if live else [],
        "latest": latest_results(club),
    }
    return club_page(request, "standings/home.html", club, context)


@require_safe
@club_view()
def game_chart(request: HttpRequest, club: Club, game_id: int) -> HttpResponse:
    """The game's scores after every hand, as SVG (the game page and the PDF sheet show it)."""
    state = services.game_state(get_object_or_404(services.games(), club=club, pk=game_id))
    svg = score_chart_svg(state)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "private, max-age=0, must-revalidate"
    return response

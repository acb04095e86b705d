"""A player's page (個人成績): results, charts, hand statistics, opponents and recent games."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League, Player
from clubs.views.common import club_page
from standings.players import (
    hand_figures,
    league_asked,
    player_charts,
    player_stats,
    result_figures,
)


@require_safe
@club_view()
def player(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """One league's counted games (``?league=``), or every finished game of the club.

    A ``?league=`` that names none of the club's leagues shows the overall page with a notice
    naming the value: a stale or mistyped link still leads somewhere.
    """
    person = club_object(club, Player, player_id)
    leagues = list(League.objects.filter(club=club))
    asked = request.GET.get("league", "")
    league = league_asked(asked, leagues)
    stats = player_stats(person, league)
    context = {
        "player": person,
        "leagues": leagues,
        "league": league,
        "bad_league": asked if asked and league is None else "",
        "stats": stats,
        "result_figures": result_figures(stats.results),
        "hand_figures": hand_figures(stats.hands),
        **player_charts(person.name, stats.results),
    }
    return club_page(request, "standings/player.html", club, context)

"""A player's page (個人成績): results, charts, hand statistics, opponents and recent games."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League, Player
from clubs.views.common import club_page
from standings.players import (
    hand_figures,
    head_to_head_rows,
    league_asked,
    player_charts,
    player_stats,
    rating_chart,
    result_figures,
    stats_key,
)
from standings.ratings import club_ratings, league_ratings
from standings.stamps import CACHE_SECONDS, results_stamp


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
    stamp = results_stamp(club.pk, league)  # read once for the sums, charts and ratings
    key = stats_key(person, league, stamp)
    stats = player_stats(person, league, key=key)
    charts = cache.get_or_set(
        f"{key}:charts",
        lambda: player_charts(person.name, stats.results),
        CACHE_SECONDS,
    )
    ratings = (
        league_ratings(league, stamp=stamp, history_of=person.pk)
        if league
        else club_ratings(club.pk, stamp=stamp, history_of=person.pk)
    )
    rating = ratings.get(person.pk)
    context = {
        "player": person,
        "rating": rating,
        **rating_chart(person.name, rating),
        "leagues": leagues,
        "league": league,
        "bad_league": asked if asked and league is None else "",
        "stats": stats,
        "result_figures": result_figures(stats.results),
        "hand_figures": hand_figures(stats.hands),
        "head_to_head": head_to_head_rows(stats, club.slug),
        **charts,
    }
    return club_page(request, "standings/player.html", club, context)

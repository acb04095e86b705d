"""A player's page (個人成績): results, charts, hand statistics, opponents and recent games."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League, Player
from clubs.views.common import club_page
from standings import charts
from standings.players import Results, hand_figures, league_asked, player_stats, result_figures
from standings.tables import PLACE_SHORT


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
        **_charts(person, stats.results),
    }
    return club_page(request, "standings/player.html", club, context)


def _charts(person: Player, results: Results) -> dict[str, SafeString]:
    """The points line and the places bars, as SVG markup (the chart module escapes all text).

    Drawn narrow, so that their text stays readable once shrunk to a phone's width."""
    if not results.games:
        return {}
    points = charts.line_chart(
        title=_("Points over the games"),
        x_label=_("Game (date)"),
        y_label=_("Cumulative points"),
        x_ticks=[line.played_on.isoformat() for line in results.lines],
        series=[charts.Series(person.name, results.cumulative)],
        baseline=0,
        width=420,
        height=280,
    )
    places = charts.bar_chart(
        title=_("Places"),
        x_label=_("Place"),
        y_label=_("Games"),
        labels=[str(label) for label in PLACE_SHORT[: results.table_size]],
        values=results.places,
        width=360,
        height=220,
    )
    return {"points_chart": mark_safe(points), "places_chart": mark_safe(places)}

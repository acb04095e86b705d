"""A table about to play (卓の予想): three or four of the club's players chosen on the page, and
each one's chance of each place from the club's ratings (``standings.ratings.place_chances``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.access import club_view
from clubs.models import Club, Player
from clubs.views.common import club_page
from standings.ratings import club_ratings, place_chances
from standings.tables import PLACE_SHORT

SEATS = 4


@require_safe
@club_view()
def predict(request: HttpRequest, club: Club) -> HttpResponse:
    """``?player=ID`` three or four times: the table's chances; anything else says what is wrong
    (a player named twice, an id that is none of the club's players) and shows the form."""
    players = list(Player.objects.filter(club=club).order_by("name").values_list("pk", "name"))
    names = dict(players)
    asked = [value for value in request.GET.getlist("player") if value]
    errors, chosen = [], []
    for value in asked:
        if not (value.isascii() and value.isdigit()) or int(value) not in names:
            errors.append(_("No player of this club has the number %(value)s.") % {"value": value})
        elif int(value) in chosen:
            errors.append(_("%(name)s is chosen twice.") % {"name": names[int(value)]})
        else:
            chosen.append(int(value))
    if asked and not errors and len(chosen) not in (3, 4):
        errors.append(_("Choose three or four players (a sanma table, or four)."))
    rows = []
    if chosen and not errors:
        ratings = club_ratings(club.pk)
        found = [ratings.get(player) for player in chosen]
        for player, rating, chances in zip(chosen, found, place_chances(found), strict=True):
            rows.append((names[player], rating, [round(100 * c, 1) for c in chances]))
    context = {
        "players": players,
        "chosen": chosen + [0] * (SEATS - len(chosen)),
        "errors": errors,
        "rows": rows,
        "places": [str(label) for label in PLACE_SHORT[: len(chosen)]],
    }
    status = 400 if errors else 200
    return club_page(request, "standings/predict.html", club, context, status=status)

"""Check-in by a player's card: the organiser scans the code on it and taps once.

The card's code opens the entry's check-in page. Anyone who may see the club reads there whose
card it is; the organiser (an admin, as on the players page) gets one large button that checks
the player in, and scanning again says the player is checked in already. The entry's id is no
secret (the seating record publishes it): the role is the permission, checked on each request.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs.access import club_view, role_allows
from clubs.models import Club, Role
from clubs.views.common import club_page
from tournaments import services
from tournaments.models import Entry, EntryStatus, Tournament
from tournaments.services import TournamentError
from tournaments.views.actions import draft_rounds, tell_drafts
from tournaments.views.pages import get_tournament


def _entry(tournament: Tournament, entry_id: int) -> Entry:
    return get_object_or_404(tournament.entries.select_related("player", "team"), pk=entry_id)


@require_safe
@club_view()
def card(request: HttpRequest, club: Club, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    context = {
        "tournament": tournament,
        "entry": _entry(tournament, entry_id),
        "organiser": role_allows(request, Role.ADMIN),
    }
    return club_page(request, "tournaments/check_in.html", club, context)


@require_POST
@club_view(need=Role.ADMIN)
def card_check_in(
    request: HttpRequest, club: Club, tournament_id: int, entry_id: int
) -> HttpResponse:
    """The player checked in (once: a second tap changes nothing), back to the card's page."""
    tournament = get_tournament(club, tournament_id)
    entry = _entry(tournament, entry_id)
    drafts = draft_rounds(tournament)
    name = entry.player.name
    back = redirect(
        "tournaments:card", slug=club.slug, tournament_id=tournament.pk, entry_id=entry.pk
    )
    if entry.status == EntryStatus.DROPPED:
        messages.error(request, _("%(name)s has dropped out: not checked in.") % {"name": name})
        return back
    try:
        done = services.check_in_many(tournament, [entry.pk], request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        if done:
            messages.success(request, _("%(name)s is checked in.") % {"name": name})
            tell_drafts(request, tournament, drafts)
        else:
            messages.info(request, _("%(name)s was checked in already.") % {"name": name})
    return back

"""The hall screen (会場モニター): a round on the projector, full screen, readable from 5 m.

The round's clock, every table (its state, its current hand, each seat's score) and the live
standings, in a page with no site header; ``static/js/hall.js`` shows as many tables and
standings rows as the screen holds and turns to the next page of them every 10 s, and Escape
(or the corner link) leaves for the round's page.

It refreshes by htmx polling every 5 s of the ``board`` partial, not server-sent events: each
poll is a plain GET that any worker answers, so the screen survives a server restart by itself.
A poll that fails (refused while the server restarts, a 5xx, no answer within 4 s) swaps
nothing, so the last board stays up, and the next poll 5 s later tries again. Once the round is
closed and a later one published, the next poll takes the screen to the later round's hall.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseClientRedirect

from clubs.access import club_view
from clubs.models import Club
from clubs.views.common import club_page
from tournaments import display
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.views.pages import get_round, get_tournament, round_as_it_stands

STANDINGS_ROWS = 40  # the top of the standings the hall pages through; the rest is on phones


@require_safe
@club_view()
def hall(request: HttpRequest, club: Club, tournament_id: int, number: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    round_ = get_round(request, tournament, number)
    if request.htmx and round_.status == RoundStatus.CLOSED:
        later = _current_round(tournament)
        if later is not None and later.number > round_.number:
            return HttpResponseClientRedirect(_hall_url(club, tournament, later))
    template = "tournaments/hall.html#board" if request.htmx else "tournaments/hall.html"
    return club_page(request, template, club, _board(tournament, round_))


@require_safe
@club_view()
def hall_now(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The hall screen of the round being played (or the last one played): the address the
    organiser leaves on the projector all day."""
    tournament = get_tournament(club, tournament_id)
    round_ = _current_round(tournament)
    if round_ is None:
        return redirect("tournaments:tournament", club.slug, tournament.pk)
    return redirect(_hall_url(club, tournament, round_))


def _current_round(tournament: Tournament) -> Round | None:
    """The last round published, else the last one closed (a draft is no one's to see yet)."""
    rounds = tournament.round_set.order_by("-number")
    return (
        rounds.filter(status=RoundStatus.PUBLISHED).first()
        or rounds.filter(status=RoundStatus.CLOSED).first()
    )


def _hall_url(club: Club, tournament: Tournament, round_: Round) -> str:
    return reverse("tournaments:hall", args=[club.slug, tournament.pk, round_.number])


def _board(tournament: Tournament, round_: Round) -> dict[str, Any]:
    """The tables with their states and scores, their counts, the clock and the standings'
    top: a few queries whatever the number of tables, and a replay only of the games changed
    since the last poll (``display.live_states``); the standings are added up again only after
    a table finishes (``display.standings_top``)."""
    context = round_as_it_stands(tournament, round_, display.round_tables(round_))
    context["standings"] = display.standings_top(tournament, STANDINGS_ROWS)
    return context

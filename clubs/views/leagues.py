"""Leagues (a club's seasons): an admin creates one and changes its settings.

The standings a league gives are on the standings pages (``standings/``): these pages only
keep its settings.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import services
from clubs.access import club_object, club_view
from clubs.forms import LeagueForm
from clubs.models import Club, League, Role
from clubs.views.common import club_page


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def league_new(request: HttpRequest, club: Club) -> HttpResponse:
    league = League(club=club, ruleset=club.default_ruleset)
    return _league_form(request, club, league)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def league_edit(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    return _league_form(request, club, club_object(club, League, league_id))


def _league_form(request: HttpRequest, club: Club, league: League) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    form = LeagueForm(data, instance=league, club=club)
    if form.is_valid():
        try:
            saved = services.save_league(form.save(commit=False), request.user)
        except IntegrityError:
            form.add_error("name", _("This club already has a league with this name."))
        else:
            messages.success(request, _("The league “%(name)s” is saved.") % {"name": saved})
            return redirect("standings:league", slug=club.slug, league_id=saved.pk)
    status = 422 if form.errors else 200
    context = {"form": form, "league": league}
    return club_page(request, "clubs/league_edit.html", club, context, status=status)

"""Players: the people at the table (most without a login), their names and linked accounts."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs import services
from clubs.access import club_object, club_view
from clubs.forms import FederationForm, LinkPlayerForm, PlayerForm
from clubs.models import Club, Player, Role
from clubs.services import FEDERATION_FIELDS
from clubs.views.common import club_page


@require_safe
@club_view()
def players(request: HttpRequest, club: Club) -> HttpResponse:
    return _players_page(request, club, PlayerForm())


def _players_page(request: HttpRequest, club: Club, form: PlayerForm) -> HttpResponse:
    context = {"players": club.players.select_related("user"), "form": form}
    return club_page(request, "clubs/players.html", club, context)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def player_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = PlayerForm(request.POST)
    if form.is_valid():
        try:
            data = form.cleaned_data
            player = services.add_player(club, data["name"], request.user, data["reading"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("%(name)s is added.") % {"name": player.name})
            return redirect("clubs:players", slug=club.slug)
    return _players_page(request, club, form)


def _player_page(
    request: HttpRequest,
    club: Club,
    player: Player,
    rename_form: PlayerForm | None = None,
    link_form: LinkPlayerForm | None = None,
    federation_form: FederationForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "player": player,
        "rename_form": rename_form
        or PlayerForm(initial={"name": player.name, "reading": player.reading}),
        "link_form": link_form or LinkPlayerForm(club=club, initial={"user": player.user_id}),
        "federation_form": federation_form
        or FederationForm(initial={name: getattr(player, name) for name in FEDERATION_FIELDS}),
    }
    return club_page(request, "clubs/player.html", club, context, status=status)


@require_safe
@club_view()
def player(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    return _player_page(request, club, club_object(club, Player, player_id))


@require_POST
@club_view(need=Role.SCOREKEEPER)
def player_rename(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    player = club_object(club, Player, player_id)
    form = PlayerForm(request.POST)
    if form.is_valid():
        try:
            data = form.cleaned_data
            services.rename_player(player, data["name"], request.user, data["reading"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The player is now called %(name)s.") % {"name": player})
            return redirect("clubs:player", slug=club.slug, player_id=player.pk)
    return _player_page(request, club, player, rename_form=form)


@require_POST
@club_view(need=Role.ADMIN)
def player_link(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    player = club_object(club, Player, player_id)
    form = LinkPlayerForm(request.POST, club=club)
    if form.is_valid():
        try:
            services.link_player(player, form.cleaned_data["user"], request.user)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The linked account is saved."))
            return redirect("clubs:player", slug=club.slug, player_id=player.pk)
    return _player_page(request, club, player, link_form=form)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def player_federation(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """The player's EMA number, nationality and name in Latin letters (all optional)."""
    player = club_object(club, Player, player_id)
    form = FederationForm(request.POST)
    if form.is_valid():
        try:
            services.set_federation(player, request.user, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The federation details are saved."))
            return redirect("clubs:player", slug=club.slug, player_id=player.pk)
    player.refresh_from_db()
    return _player_page(request, club, player, federation_form=form, status=422)

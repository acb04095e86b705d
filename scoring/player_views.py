"""The merge page of a player (its service is ``scoring.players``; the rest is in ``clubs``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from clubs.access import club_object, club_view
from clubs.models import Club, Player, Role
from clubs.views.common import club_page
from scoring.players import MergeError, merge_players


class MergeForm(forms.Form):
    into = forms.ModelChoiceField(label=gettext_lazy("Merge into"), queryset=Player.objects.none())

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        others = player.club.players.exclude(pk=player.pk).annotate(games=Count("seats"))
        self.fields["into"].queryset = others
        self.fields["into"].label_from_instance = _with_games


def _with_games(player: Player) -> str:
    return _("%(name)s (%(games)s games)") % {"name": player.name, "games": player.games}


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def merge(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    player = club_object(club, Player.objects.annotate(games=Count("seats")), player_id)
    form = MergeForm(request.POST if request.method == "POST" else None, player=player)
    if form.is_valid():
        try:
            kept = merge_players(form.cleaned_data["into"], player, request.user)
        except MergeError as error:
            form.add_error("into", error.message)
        else:
            messages.success(
                request,
                _("%(removed)s's games now belong to %(kept)s.")
                % {"removed": player.name, "kept": kept.name},
            )
            return redirect("standings:player", slug=club.slug, player_id=kept.pk)
    return club_page(request, "scoring/players/merge.html", club, {"player": player, "form": form})

"""The home page, creating a club, a club's own page and its settings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from clubs import services
from clubs.access import club_view
from clubs.forms import ClubForm, ClubSettingsForm
from clubs.models import Club, Role
from clubs.views.common import club_page


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.filter(is_public=True)
    mine = Club.objects.none()
    if request.user.is_authenticated:
        mine = Club.objects.filter(memberships__user=request.user)
    return render(request, "clubs/home.html", {"clubs": clubs, "my_clubs": mine})


@login_required
@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = ClubForm(request.POST)
        if form.is_valid():
            club = services.create_club(request.user, **form.cleaned_data)
            return redirect("standings:home", slug=club.slug)
    else:
        form = ClubForm(initial={"default_language": get_language()})
    return render(request, "clubs/club_new.html", {"form": form})


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def club_settings(request: HttpRequest, club: Club) -> HttpResponse:
    form = ClubSettingsForm(request.POST if request.method == "POST" else None, instance=club)
    if form.is_valid():
        services.save_club_settings(club, form.cleaned_data, request.user)
        messages.success(request, _("The club's settings are saved."))
        return redirect("standings:home", slug=club.slug)
    return club_page(request, "clubs/club_settings.html", club, {"form": form})

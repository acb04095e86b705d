"""The organiser's changes: each a POST, one form, one service call, then back to the page.

A refused change says why on the page it came from, and nothing of it is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubs.access import club_view
from clubs.models import Club, Role
from clubs.views.common import club_page, form_errors
from tournaments import registration, services
from tournaments.forms import (
    DrawForm,
    EntryForm,
    RefereeForm,
    RegisterForm,
    TournamentForm,
    UploadForm,
)
from tournaments.models import EntryStatus, RoundStatus, RoundTable
from tournaments.services import TournamentError
from tournaments.views.pages import get_round, get_tournament, players_page
from tournaments.views.registration import tell_moved


@require_POST
@club_view(need=Role.ADMIN)
def tournament_create(request: HttpRequest, club: Club) -> HttpResponse:
    form = TournamentForm(request.POST, club=club)
    if form.is_valid():
        try:
            created = services.create_tournament(club, **form.cleaned_data, user=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        except IntegrityError:
            form.add_error("name", _("This club already has a tournament with this name."))
        else:
            return redirect("tournaments:tournament", slug=club.slug, tournament_id=created.pk)
    return club_page(request, "tournaments/new.html", club, {"form": form}, status=422)


@require_POST
@club_view(need=Role.ADMIN)
def check_in_many(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The players ticked on the check-in list, checked in at once."""
    tournament = get_tournament(club, tournament_id)
    back = redirect("tournaments:players", slug=club.slug, tournament_id=tournament.pk)
    chosen = request.POST.getlist("entries")
    if not chosen:
        messages.error(request, _("Tick the players to check in first."))
        return back
    drafts = draft_rounds(tournament)
    try:
        ids = [int(value) for value in chosen]
        done = services.check_in_many(tournament, ids, request.user)
    except ValueError:
        messages.error(request, _("Some of the chosen players are not in this tournament."))
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(n)d checked in.") % {"n": len(done)})
        tell_drafts(request, tournament, drafts)
    return back


@require_POST
@club_view(need=Role.ADMIN)
def register(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    form = RegisterForm(request.POST)
    if form.is_valid():
        try:
            with transaction.atomic():
                for name, team in form.cleaned_data["names"]:
                    services.register(
                        tournament,
                        [name],
                        team=team,
                        substitute=form.cleaned_data["substitute"],
                        user=request.user,
                    )
        except TournamentError as error:
            form.add_error("names", str(error))
        else:
            messages.success(
                request, _("%(n)d registered.") % {"n": len(form.cleaned_data["names"])}
            )
            return redirect("tournaments:players", slug=club.slug, tournament_id=tournament.pk)
    return players_page(request, club, tournament, form, status=422)


@require_POST
@club_view(need=Role.ADMIN)
def entry(request: HttpRequest, club: Club, tournament_id: int, entry_id: int) -> HttpResponse:
    """Check in, back to registered, drop out (the drafts are seated again), team, substitute."""
    tournament = get_tournament(club, tournament_id)
    chosen = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    form = EntryForm(request.POST)
    back = redirect("tournaments:players", slug=club.slug, tournament_id=tournament.pk)
    if not form.is_valid():
        messages.error(request, form_errors(form))
        return back
    action, data, by = form.cleaned_data["action"], form.cleaned_data, request.user
    changes: dict[str, Callable[[], Any]] = {
        EntryStatus.CHECKED_IN: lambda: services.set_status(chosen, EntryStatus.CHECKED_IN, by),
        EntryStatus.REGISTERED: lambda: services.set_status(chosen, EntryStatus.REGISTERED, by),
        "drop": lambda: services.drop_out(chosen, data["name"] or "", by, byes=data["byes"]),
        "team": lambda: services.set_team(chosen, data["team"], by),
        "substitute": lambda: services.substitute_for(chosen, data["name"], by),
    }
    drafts = draft_rounds(tournament)
    _attempt(request, changes[action], _("%(name)s: saved.") % {"name": chosen.player.name})
    tell_drafts(request, tournament, drafts)
    chosen.refresh_from_db()
    if action == "drop" and chosen.status == EntryStatus.DROPPED:  # a place came free
        tell_moved(request, registration.fill_free_places(tournament, by))
    return back


def draft_rounds(tournament: Any) -> list[int]:
    return list(
        tournament.round_set.filter(status=RoundStatus.DRAFT).values_list("number", flat=True)
    )


def tell_drafts(request: HttpRequest, tournament: Any, before: list[int]) -> None:
    """What a change of the players did to the rounds drawn but not published: seated again
    with the players playing now, or withdrawn when they no longer fill the tables."""
    if not before:
        return
    after = draft_rounds(tournament)
    withdrawn = ", ".join(str(n) for n in before if n not in after)
    if withdrawn:
        messages.warning(
            request,
            _(
                "The draft of round %(rounds)s was withdrawn: the players checked in no longer "
                "fill the tables. Draw it again, with byes or after adding a substitute."
            )
            % {"rounds": withdrawn},
        )
    else:
        rounds = ", ".join(str(n) for n in after)
        messages.info(
            request,
            _("Round %(rounds)s is seated again with the players playing now.")
            % {"rounds": rounds},
        )


def _attempt(request: HttpRequest, change: Callable[[], Any], done: str) -> bool:
    """Run a service; its refusal becomes the page's message (nothing of it was saved)."""
    try:
        change()
    except TournamentError as error:
        messages.error(request, str(error))
        return False
    messages.success(request, done)
    return True


@require_POST
@club_view(need=Role.ADMIN)
def draw(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """Seat the next round (or every round left) as drafts, from the tournament's seed."""
    tournament = get_tournament(club, tournament_id)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_errors(form))
        return redirect("tournaments:tournament", slug=club.slug, tournament_id=tournament.pk)
    numbers = _numbers_to_draw(tournament, form.cleaned_data["how_many"])
    seated = _attempt(
        request,
        lambda: services.draw_rounds(
            tournament,
            numbers,
            form.cleaned_data["method"],
            byes=form.cleaned_data["byes"],
            user=request.user,
        ),
        _("Seated: round %(rounds)s. Check it, then publish it.")
        % {"rounds": ", ".join(map(str, numbers))},
    )
    if seated and numbers:
        return redirect(
            "tournaments:round", slug=club.slug, tournament_id=tournament.pk, number=numbers[0]
        )
    return redirect("tournaments:tournament", slug=club.slug, tournament_id=tournament.pk)


def _numbers_to_draw(tournament: Any, how_many: str) -> list[int]:
    """The first round not published yet, or it and every one after (the finals apart)."""
    published = set(tournament.round_set.exclude(status="draft").values_list("number", flat=True))
    left = [n for n in range(1, tournament.rounds + 1) if n not in published]
    if not left:
        return []
    if how_many == "one":
        return left[:1]
    last = services.rounds_of_phase(tournament, left[0])
    return [n for n in left if n <= last]


@require_POST
@club_view(need=Role.ADMIN)
def upload(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    form = UploadForm(request.POST, request.FILES)
    if form.is_valid():
        _attempt(
            request,
            lambda: services.upload_rounds(tournament, form.cleaned_data["seating"], request.user),
            _("The seating is uploaded. Check it, then publish it."),
        )
    else:
        messages.error(request, form_errors(form))
    return redirect("tournaments:tournament", slug=club.slug, tournament_id=tournament.pk)


def _round_action(
    service: Callable[..., Any], done: Any
) -> Callable[[HttpRequest, Club, int, int], HttpResponse]:
    """A change to one round by the organiser, back to the round's page."""

    @require_POST
    @club_view(need=Role.ADMIN)
    def action(request: HttpRequest, club: Club, tournament_id: int, number: int) -> HttpResponse:
        tournament = get_tournament(club, tournament_id)
        round_ = get_round(request, tournament, number)
        _attempt(request, lambda: service(round_, user=request.user), str(done) % {"n": number})
        return redirect(
            "tournaments:round", slug=club.slug, tournament_id=tournament.pk, number=number
        )

    return action


publish = _round_action(
    lambda round_, user: services.publish_round(round_, user=user),
    gettext_lazy("Round %(n)d is published: each table's game has started."),
)
start_clock = _round_action(
    lambda round_, user: services.start_clock(round_, user),
    gettext_lazy("Round %(n)d: the clock is running."),
)
close = _round_action(
    lambda round_, user: services.close_round(round_, user),
    gettext_lazy("Round %(n)d is closed: the standings count it."),
)


@require_POST
@club_view(need=Role.ADMIN)
def cut(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    _attempt(
        request,
        lambda: services.make_cut(tournament, request.user),
        _("The cut is made: the finals can be seated."),
    )
    return redirect("tournaments:tournament", slug=club.slug, tournament_id=tournament.pk)


@require_POST
@club_view(need=Role.SCOREKEEPER)
def referee(
    request: HttpRequest, club: Club, tournament_id: int, number: int, table: int
) -> HttpResponse:
    """A scorekeeper calls a referee to a table, or says the call is dealt with."""
    tournament = get_tournament(club, tournament_id)
    round_ = get_round(request, tournament, number)
    chosen = get_object_or_404(RoundTable, round=round_, number=table)
    form = RefereeForm(request.POST)
    form.is_valid()
    services.call_referee(chosen, bool(form.cleaned_data.get("needed")), request.user)
    return redirect("tournaments:round", slug=club.slug, tournament_id=tournament.pk, number=number)

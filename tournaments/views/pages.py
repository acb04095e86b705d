"""The tournament pages: list, the tournament, its players, a round, the clock, the standings.

Anyone who may see the club sees a tournament's published rounds, its table status and its
live standings (htmx polls the parts that move); the organiser (an admin) sees the drafts and
the forms beside them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_safe

from clubs import kana
from clubs.access import club_object, club_view, role_allows
from clubs.models import Club, Player, Role
from clubs.views.common import club_page
from standings.ratings import PROVISIONAL_GAMES, add_rating_column, club_ratings
from tournaments import display
from tournaments.forms import (
    DrawForm,
    RegisterForm,
    RegistrationSettingsForm,
    TournamentForm,
    UploadForm,
)
from tournaments.models import (
    Entry,
    EntryStatus,
    RegistrationStatus,
    Round,
    RoundStatus,
    Tournament,
)
from tournaments.registration import places_taken
from tournaments.seating import Outlook, outlook
from tournaments.services import (
    draws_preview,
    kept_to_plan,
    rounds_of_phase,
    seating_record,
    shortfall,
    table_size_of,
    winds_cannot_hold,
)
from tournaments.standings import tournament_ratings, tournament_standings


def get_tournament(club: Club, tournament_id: int) -> Tournament:
    tournaments = Tournament.objects.select_related("club", "ruleset")
    return club_object(club, tournaments, tournament_id)


def get_round(request: HttpRequest, tournament: Tournament, number: int) -> Round:
    """A round by number: a draft only for the organiser (others get 404, as for none)."""
    round_ = get_object_or_404(tournament.round_set.select_related("tournament"), number=number)
    if round_.status == RoundStatus.DRAFT and not role_allows(request, Role.ADMIN):
        raise Http404("No such round.")
    return round_


@require_safe
@club_view()
def tournament_list(request: HttpRequest, club: Club) -> HttpResponse:
    tournaments = Tournament.objects.filter(club=club).select_related("ruleset")
    return club_page(request, "tournaments/list.html", club, {"tournaments": tournaments})


@require_safe
@club_view(need=Role.ADMIN)
def tournament_new(request: HttpRequest, club: Club) -> HttpResponse:
    form = TournamentForm(club=club, initial={"ruleset": club.default_ruleset})
    return club_page(request, "tournaments/new.html", club, {"form": form})


@require_safe
@club_view()
def tournament(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    organiser = role_allows(request, Role.ADMIN)
    rounds = display.visible_rounds(tournament, organiser)
    context: dict[str, Any] = {
        "tournament": tournament,
        "rounds": rounds,
        "next_round": _next_round(tournament, rounds),
        "entries_count": tournament.entries.exclude(status=EntryStatus.DROPPED).count(),
    }
    if organiser:
        context.update(_organiser_forms(tournament, context["next_round"]))
        context["outlook"] = seating_outlook = _outlook(tournament)
        if seating_outlook.players and not seating_outlook.sure:
            # No promise by construction: what the draws would seat, counted (a rehearsal of
            # every draw, up to seconds: asked for apart by the page unless it is cached).
            asked = bool(request.htmx) and request.GET.get("part") == "preview"
            known, context["preview"] = draws_preview(tournament, compute=asked)
            context["preview_pending"] = not known
            if asked:
                template = "tournaments/tournament.html#preview"
                return club_page(request, template, club, context)
    return club_page(request, "tournaments/tournament.html", club, context)


def _next_round(tournament: Tournament, rounds: list[Round]) -> int | None:
    drawn = {round_.number for round_ in rounds}
    return next((n for n in range(1, tournament.rounds + 1) if n not in drawn), None)


def _outlook(tournament: Tournament) -> Outlook:
    """The seating outlook for the players checked in (byes left out) over the rounds (those
    before the cut, where there is one). With
    byes, the stand-ins' construction plans a first draw only: once a round is drawn, the page
    promises nothing by it; nor by any construction once the rounds drawn left its plan."""
    size = table_size_of(tournament.ruleset)
    checked_in = tournament.entries.filter(status=EntryStatus.CHECKED_IN).count()
    # With a cut, the field plays the rounds up to it; the finalists, a few of them, then meet
    # again whatever the draw (the page says so): the outlook is the qualifying rounds'.
    rounds = rounds_of_phase(tournament, 1)
    found = outlook(checked_in - checked_in % size, rounds, size, checked_in % size)
    if not tournament.round_set.exists():
        return found
    if found.byes:
        found = replace(found, with_byes=0)
    if not kept_to_plan(tournament):
        found = replace(found, departed=True)
    return found


def _organiser_forms(tournament: Tournament, number: int | None) -> dict[str, Any]:
    substitutes, byes = shortfall(tournament, number) if number else (0, 0)
    cut_due = (
        tournament.cut_after is not None
        and not tournament.finalists
        and tournament.round_set.filter(
            number=tournament.cut_after, status=RoundStatus.CLOSED
        ).exists()
    )
    return {
        "draw_form": DrawForm(),
        "upload_form": UploadForm(),
        "substitutes_needed": substitutes,
        "byes_needed": byes,
        "winds_cannot_hold": bool(number) and winds_cannot_hold(tournament, number),
        "cut_due": cut_due,
        "table_size": table_size_of(tournament.ruleset),
    }


@require_safe
@club_view(need=Role.ADMIN)
def players(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    tournament = get_tournament(club, tournament_id)
    return players_page(request, club, tournament, RegisterForm())


def players_page(
    request: HttpRequest, club: Club, tournament: Tournament, form: RegisterForm, status: int = 200
) -> HttpResponse:
    entries = list(
        tournament.entries.select_related("player", "team", "replaces__player").prefetch_related(
            "substitutes"
        )
    )
    search = (request.GET.get("q") or "").strip()
    key = kana.search_key(search)
    shown = [entry for entry in entries if _found(entry, key)] if search else entries
    number = _next_round(tournament, list(tournament.round_set.all()))
    substitutes, byes = shortfall(tournament, number) if number else (0, 0)
    checked_in = sum(1 for entry in entries if entry.status == EntryStatus.CHECKED_IN)
    registered = sum(1 for entry in entries if entry.status == EntryStatus.REGISTERED)
    context = {
        "tournament": tournament,
        "entries": entries,
        "shown": shown,
        "search": search,
        "form": form,
        "checked_in": checked_in,
        "registered": registered,
        "substitutes_needed": substitutes,
        "byes_needed": byes,
        "table_size": table_size_of(tournament.ruleset),
        **({} if request.htmx else _registrations(request, tournament)),
    }
    template = "tournaments/players.html#entries" if request.htmx else "tournaments/players.html"
    return club_page(request, template, club, context, status=status)


STATUS_ORDER = [
    RegistrationStatus.PLACE,
    RegistrationStatus.WAITING,
    RegistrationStatus.APPROVED,
    RegistrationStatus.REFUSED,
    RegistrationStatus.WITHDRAWN,
]


def _registrations(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """The self-registrations (places held first, then the waiting list in order, then the
    rest), each with its place on the waiting list and whether the club knows the name."""
    rows = sorted(
        tournament.registrations.all(), key=lambda r: (STATUS_ORDER.index(r.status), r.position)
    )
    known = set(
        Player.objects.filter(club=tournament.club, name__in=[r.name for r in rows]).values_list(
            "name", flat=True
        )
    )
    waiting = 0
    for row in rows:
        row.known = row.name in known  # type: ignore[attr-defined]
        if row.status == RegistrationStatus.WAITING:
            waiting += 1
            row.waiting_position = waiting  # type: ignore[attr-defined]
    link = reverse("tournaments:sign_up", args=[tournament.club.slug, tournament.pk])
    return {
        "registrations": rows,
        "registration_form": RegistrationSettingsForm(instance=tournament),
        "sign_up_url": request.build_absolute_uri(link),
        "places_taken": places_taken(tournament),
        "places_held": sum(1 for row in rows if row.status == RegistrationStatus.PLACE),
        "waiting": waiting,
    }


def _found(entry: Entry, key: str) -> bool:
    """A player whose name or reading holds what was typed, as ``kana.search_key`` compares it
    (やま finds 山田 read やまだ)."""
    return key in kana.search_key(entry.player.name) or key in entry.player.reading


@require_safe
@club_view()
def round_page(request: HttpRequest, club: Club, tournament_id: int, number: int) -> HttpResponse:
    context = _round_context(request, club, tournament_id, number, predict=True)
    context["quality"] = display.round_quality(context["tournament"], context["round"])
    context["polling"] = context["round"].status == RoundStatus.PUBLISHED
    template = "tournaments/round.html#status" if request.htmx else "tournaments/round.html"
    return club_page(request, template, club, context)


def _round_context(
    request: HttpRequest, club: Club, tournament_id: int, number: int, predict: bool = False
) -> dict[str, Any]:
    """A round with its tables as they stand, how many are at each status, and its clock;
    with ``predict``, each player's chance of each place from the club's ratings."""
    tournament = get_tournament(club, tournament_id)
    round_ = get_round(request, tournament, number)
    return round_as_it_stands(
        tournament, round_, display.round_tables(round_, club_ratings(club.pk) if predict else None)
    )


def round_as_it_stands(tournament: Tournament, round_: Round, tables: Any) -> dict[str, Any]:
    """The round's page, the clock and the hall: its tables, how many at each status, its clock."""
    return {
        "tournament": tournament,
        "round": round_,
        "tables": tables,
        "counts": display.status_counts(tables),
        "clock": display.round_clock(round_),
    }


@require_safe
@club_view()
def clock(request: HttpRequest, club: Club, tournament_id: int, number: int) -> HttpResponse:
    """The round's clock, large, for the screen of the hall (it polls itself)."""
    context = _round_context(request, club, tournament_id, number)
    template = "tournaments/clock.html#face" if request.htmx else "tournaments/clock.html"
    return club_page(request, template, club, context)


@require_safe
@club_view()
def standings(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """The live standings: the page polls its table while a round is being played."""
    tournament = get_tournament(club, tournament_id)
    table = tournament_standings(tournament)
    add_rating_column(table, tournament_ratings(tournament))
    playing = tournament.round_set.filter(status=RoundStatus.PUBLISHED).exists()
    context = {
        "tournament": tournament,
        "table": table,
        "polling": playing,
        "provisional_games": PROVISIONAL_GAMES,
    }
    template = "tournaments/standings.html#table" if request.htmx else "tournaments/standings.html"
    return club_page(request, template, club, context)


@require_safe
@club_view()
def seating_check(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """How anyone checks the draws: the seed, the entries in order, the record and the command."""
    tournament = get_tournament(club, tournament_id)
    record = seating_record(tournament)
    if request.GET.get("download"):
        response = JsonResponse(record, json_dumps_params={"ensure_ascii": False, "indent": 1})
        response["Content-Disposition"] = f'attachment; filename="seating-{tournament.pk}.json"'
        return response
    context = {"tournament": tournament, "record": record}
    return club_page(request, "tournaments/seating_check.html", club, context)

"""Self-registration: the public form and the registrant's withdrawal link, and the organiser's
side of it (open or close it, approve, refuse, reorder the waiting list).

The form is anyone's who holds the link: on a club they may see, or on any club while the
tournament's registration is open (a private club's tournament is found only then). The
withdrawal link's token is its own permission, like an invitation's. E-mails go out after the
service's transaction is committed.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import LoginNeeded, browser_language, club_view, get_club_for_user
from clubs.models import Club, Role
from clubs.views.common import club_page, form_errors
from tournaments import mail
from tournaments import registration as services
from tournaments.forms import RegistrantForm, RegistrationSettingsForm, SignUpForm
from tournaments.models import Registration, RegistrationStatus, Tournament
from tournaments.services import TournamentError
from tournaments.views.pages import get_tournament


def _tournament_for_registrant(request: HttpRequest, slug: str, tournament_id: int) -> Tournament:
    """The tournament whose registration form this is, if the visitor may see it; raises
    ``LoginNeeded`` or 404 as the club's own pages would when they may not."""
    try:
        club = get_club_for_user(request, slug)
    except (LoginNeeded, Http404):
        tournament = (
            Tournament.objects.select_related("club")
            .filter(club__slug=slug, pk=tournament_id, registration_open=True)
            .first()
        )
        if tournament is None:
            raise
        _speak(request, tournament.club.default_language)
        return tournament
    request.club = club  # type: ignore[attr-defined]  # the club's navigation, for who may see it
    _speak(request, club.default_language)
    return get_tournament(club, tournament_id)


def _speak(request: HttpRequest, language: str) -> None:
    """The reader's choice (cookie, browser) first, else ``language``, as on the club's pages."""
    if settings.LANGUAGE_COOKIE_NAME in request.COOKIES or browser_language(request):
        return
    translation.activate(language)
    request.LANGUAGE_CODE = language  # type: ignore[attr-defined]


def _withdraw_url(request: HttpRequest, registration: Registration) -> str:
    tournament = registration.tournament
    path = reverse(
        "tournaments:withdraw", args=[tournament.club.slug, tournament.pk, registration.token]
    )
    return request.build_absolute_uri(path)


def _tell(request: HttpRequest, registration: Registration, kind: str) -> bool:
    return mail.tell(registration, kind, _withdraw_url(request, registration))


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest, slug: str, tournament_id: int) -> HttpResponse:
    try:
        tournament = _tournament_for_registrant(request, slug, tournament_id)
    except LoginNeeded:
        return redirect_to_login(request.get_full_path())
    form = SignUpForm(request.POST if request.method == "POST" else None, tournament=tournament)
    closed = services.closed_because(tournament, timezone.now())
    context: dict[str, Any] = {"tournament": tournament, "form": form}
    if request.method == "POST" and not closed and form.is_valid():
        data = {key: value for key, value in form.cleaned_data.items() if key != "website"}
        try:
            signed = services.sign_up(
                tournament, **data, language=translation.get_language(), now=timezone.now()
            )
        except services.Closed:
            closed = services.closed_because(tournament, timezone.now()) or "closed"
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            return _signed_up(request, signed, context)
    context["closed"] = closed
    status = 422 if request.method == "POST" else 200
    return club_page(request, "tournaments/register.html", tournament.club, context, status=status)


def _signed_up(request: HttpRequest, signed: Registration, context: dict[str, Any]) -> HttpResponse:
    """The registrant's e-mail sent, and the page saying where they stand, with their link."""
    kind = mail.PLACE if signed.status == RegistrationStatus.PLACE else mail.WAITING
    context.update(
        registration=signed,
        position=services.waiting_position(signed),
        sent=_tell(request, signed, kind),
        withdraw_url=_withdraw_url(request, signed),
    )
    return club_page(request, "tournaments/register.html", signed.tournament.club, context)


@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest, slug: str, tournament_id: int, token: str) -> HttpResponse:
    """The registrant's link: GET asks them to confirm, POST withdraws (twice does no harm)."""
    registration = get_object_or_404(
        Registration.objects.select_related("tournament__club", "entry"),
        token=token,
        tournament_id=tournament_id,
        tournament__club__slug=slug,
    )
    _speak(request, registration.language)
    context: dict[str, Any] = {"tournament": registration.tournament, "registration": registration}
    already = registration.status == RegistrationStatus.WITHDRAWN
    if request.method == "POST" and not already:
        try:
            moved = services.withdraw(registration)
        except TournamentError as error:
            context["problem"] = str(error)
        else:
            context["withdrawn_now"] = True
            for each in moved:
                _tell(request, each, mail.MOVED_UP)
    context["position"] = services.waiting_position(registration)
    club = registration.tournament.club
    return club_page(request, "tournaments/withdraw.html", club, context)


def _back(club: Club, tournament: Tournament) -> HttpResponse:
    url = reverse("tournaments:players", args=[club.slug, tournament.pk])
    return redirect(url + "#registrations")


def tell_moved(request: HttpRequest, moved: list[Registration]) -> None:
    """E-mail those who moved up from the waiting list, and tell the organiser who they are."""
    for each in moved:
        if not _tell(request, each, mail.MOVED_UP):
            _unsent(request, each)
    if moved:
        # A list's separator: ", " in English, "、" in Japanese (the catalogue's).
        names = pgettext("list separator", ", ").join(each.name for each in moved)
        messages.info(request, _("Moved up from the waiting list: %(names)s.") % {"names": names})


def _unsent(request: HttpRequest, registration: Registration) -> None:
    messages.warning(
        request,
        _("The e-mail to %(name)s (%(email)s) could not be sent: tell them yourself.")
        % {"name": registration.name, "email": registration.email},
    )


@require_POST
@club_view(need=Role.ADMIN)
def registration_settings(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """Open or close registration, with its places, deadline and the federation fields."""
    tournament = get_tournament(club, tournament_id)
    form = RegistrationSettingsForm(request.POST, instance=tournament)
    with timezone.override(club.time_zone):  # the deadline is written in the club's time
        valid = form.is_valid()
    if not valid:
        messages.error(request, form_errors(form))
        return _back(club, tournament)
    moved = services.set_registration(tournament, **form.cleaned_data, user=request.user)
    messages.success(request, _("Registration: saved."))
    tell_moved(request, moved)
    return _back(club, tournament)


@require_POST
@club_view(need=Role.ADMIN)
def registrant(
    request: HttpRequest, club: Club, tournament_id: int, registration_id: int
) -> HttpResponse:
    """Approve (an entry), refuse, or move a registrant up or down the waiting list."""
    tournament = get_tournament(club, tournament_id)
    chosen = get_object_or_404(
        tournament.registrations.select_related("tournament__club"), pk=registration_id
    )
    form = RegistrantForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_errors(form))
        return _back(club, tournament)
    action, by = form.cleaned_data["action"], request.user
    try:
        if action == "approve":
            services.approve(chosen, by)
            done = _("%(name)s is approved: a player of the tournament now.")
            messages.success(request, done % {"name": chosen.name})
        elif action == "refuse":
            moved = services.refuse(chosen, by)
            messages.success(request, _("%(name)s is refused.") % {"name": chosen.name})
            if not _tell(request, chosen, mail.REFUSED):
                _unsent(request, chosen)
            tell_moved(request, moved)
        else:
            services.move(chosen, later=action == "later", user=by)
    except TournamentError as error:
        messages.error(request, str(error))
    return _back(club, tournament)


@require_POST
@club_view(need=Role.ADMIN)
def approve_places(request: HttpRequest, club: Club, tournament_id: int) -> HttpResponse:
    """Every place held approved at once: each registrant becomes a player of the tournament."""
    tournament = get_tournament(club, tournament_id)
    try:
        entries = services.approve_places(tournament, request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(n)d approved.") % {"n": len(entries)})
    return _back(club, tournament)

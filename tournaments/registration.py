"""Self-registration (参加申込): anyone with the link signs up, up to the tournament's places;
past them on a waiting list that moves up, in order, as places come free.

A place is held for the registrant from the moment they sign up; the organiser approves it
(the registrant becomes an entry: a club player found by exact name, or made) or refuses it.
Places taken are the entries (not dropped out, substitutes apart) and the places held. A place
that comes free (a withdrawal, a refusal, more places) goes to the first on the waiting list.

Each service runs in one transaction with the tournament locked, so two sign-ups never take
the last place both; they return who moved up, and the views send the e-mails once committed.
"""

from __future__ import annotations

import datetime
import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from tournaments.models import (
    Entry,
    EntryStatus,
    Registration,
    RegistrationStatus,
    RoundStatus,
    Tournament,
)
from tournaments.services import TournamentError, locked_tournament, log_tournament, team_named


class Closed(TournamentError):
    """Registration is closed, or its deadline has passed: the form says which."""


def closed_because(tournament: Tournament, now: datetime.datetime) -> str | None:
    """Why nobody may sign up now, or None while registration is open."""
    if not tournament.registration_open:
        return "closed"
    if tournament.registration_deadline and now > tournament.registration_deadline:
        return "deadline"
    return None


def places_taken(tournament: Tournament) -> int:
    entries = tournament.entries.exclude(status=EntryStatus.DROPPED).filter(is_substitute=False)
    held = tournament.registrations.filter(status=RegistrationStatus.PLACE)
    return entries.count() + held.count()


def _has_room(tournament: Tournament) -> bool:
    capacity = tournament.registration_capacity
    return capacity is None or places_taken(tournament) < capacity


def waiting_list(tournament: Tournament) -> list[Registration]:
    """The waiting list in order: the first moves up when a place comes free."""
    return list(tournament.registrations.filter(status=RegistrationStatus.WAITING))


def waiting_position(registration: Registration) -> int | None:
    """1 for the first on the waiting list; None for anyone not waiting."""
    if registration.status != RegistrationStatus.WAITING:
        return None
    earlier = registration.tournament.registrations.filter(
        status=RegistrationStatus.WAITING, position__lt=registration.position
    )
    return earlier.count() + 1


@transaction.atomic
def sign_up(
    tournament: Tournament,
    *,
    name: str,
    email: str,
    language: str,
    now: datetime.datetime,
    reading: str = "",
    team: str = "",
    ema_number: str = "",
    nationality: str = "",
) -> Registration:
    """A place if one is left, else the end of the waiting list; refused with the reason when
    registration is closed or the name or e-mail address has signed up already."""
    tournament = locked_tournament(tournament)
    if closed_because(tournament, now):
        raise Closed(_("Registration for this tournament is closed."))
    name = name.strip()
    _refuse_duplicate(tournament, name, email)
    last = tournament.registrations.order_by("-position").values_list("position", flat=True)
    status = RegistrationStatus.PLACE if _has_room(tournament) else RegistrationStatus.WAITING
    try:
        with transaction.atomic():
            registration = Registration.objects.create(
                tournament=tournament,
                name=name,
                reading=reading,
                team=team.strip(),
                email=email.strip(),
                ema_number=ema_number if tournament.asks_federation else "",
                nationality=nationality if tournament.asks_federation else "",
                status=status,
                position=(last.first() or 0) + 1,
                token=secrets.token_urlsafe(32),
                language=language,
            )
    except IntegrityError:  # the same person twice at the same instant
        raise TournamentError(_("You have registered for this tournament already.")) from None
    log_tournament(tournament, None, "signed_up", after={"name": name, "status": status})
    return registration


def _refuse_duplicate(tournament: Tournament, name: str, email: str) -> None:
    others = tournament.registrations.exclude(status=RegistrationStatus.WITHDRAWN)
    if others.filter(email__iexact=email.strip()).exists():
        raise TournamentError(_("This e-mail address has registered for this tournament already."))
    if others.filter(name=name).exists() or tournament.entries.filter(player__name=name).exists():
        raise TournamentError(
            _("%(name)s is registered for this tournament already.") % {"name": name}
        )


@transaction.atomic
def withdraw(registration: Registration) -> list[Registration]:
    """The registrant withdraws (their link): their place goes to the first waiting. Returns
    who moved up; withdrawing twice changes nothing. Refused once they are checked in."""
    tournament = locked_tournament(registration.tournament)
    registration.refresh_from_db()
    if registration.status == RegistrationStatus.WITHDRAWN:
        return []
    if registration.status == RegistrationStatus.REFUSED:
        raise TournamentError(_("The organiser has refused this registration already."))
    _remove_entry(registration)
    _set_status(registration, RegistrationStatus.WITHDRAWN, None)
    return _fill_places(tournament)


def _remove_entry(registration: Registration) -> None:
    """An approved registrant leaving before the day: their entry goes (the player stays)."""
    entry = registration.entry
    if entry is None:
        return
    if entry.status != EntryStatus.REGISTERED or entry.seats.exists():
        raise TournamentError(
            _("%(name)s has checked in already: only the organiser can take them out now.")
            % {"name": registration.name}
        )
    registration.entry = None
    registration.save(update_fields=["entry"])
    entry.delete()


def _set_status(registration: Registration, status: str, user: Any) -> None:
    before, registration.status = registration.status, status
    registration.save(update_fields=["status"])
    name = registration.name
    log_tournament(
        registration.tournament, user, "registrant", before={name: before}, after={name: status}
    )


def _fill_places(tournament: Tournament, user: Any = None) -> list[Registration]:
    """The first on the waiting list take the places free, in order."""
    moved = []
    for registration in waiting_list(tournament):
        if not _has_room(tournament):
            break
        _set_status(registration, RegistrationStatus.PLACE, user)
        moved.append(registration)
    return moved


@transaction.atomic
def fill_free_places(tournament: Tournament, user: Any = None) -> list[Registration]:
    """Places freed by the organiser (an entry dropped out) go to the first waiting, while the
    tournament has not begun (no round published: later, nobody joins from the list)."""
    tournament = locked_tournament(tournament)
    if tournament.round_set.exclude(status=RoundStatus.DRAFT).exists():
        return []
    return _fill_places(tournament, user)


@transaction.atomic
def refuse(registration: Registration, user: Any = None) -> list[Registration]:
    """The organiser refuses a place held or a place waited for; returns who moved up."""
    tournament = locked_tournament(registration.tournament)
    registration.refresh_from_db()
    if registration.status not in (RegistrationStatus.PLACE, RegistrationStatus.WAITING):
        raise TournamentError(
            _("%(name)s is %(status)s: there is nothing to refuse.")
            % {"name": registration.name, "status": registration.get_status_display()}
        )
    _set_status(registration, RegistrationStatus.REFUSED, user)
    return _fill_places(tournament, user)


@transaction.atomic
def approve(registration: Registration, user: Any = None) -> Entry:
    """The registrant becomes an entry: the club's player of that exact name, or a new one.

    A new player gets the reading and federation fields given; a player the club knows keeps
    what the club wrote, and only fields it left empty are filled. Approving someone on the
    waiting list gives them a place beyond the capacity: the organiser's choice."""
    tournament = locked_tournament(registration.tournament)
    registration.refresh_from_db()
    if registration.status not in (RegistrationStatus.PLACE, RegistrationStatus.WAITING):
        raise TournamentError(
            _("%(name)s is %(status)s: there is nothing to approve.")
            % {"name": registration.name, "status": registration.get_status_display()}
        )
    player = _player(tournament, registration)
    if tournament.entries.filter(player=player).exists():
        raise TournamentError(_("%(name)s is registered already.") % {"name": player.name})
    entry = Entry.objects.create(
        tournament=tournament, player=player, team=team_named(tournament, registration.team)
    )
    registration.entry = entry
    registration.save(update_fields=["entry"])
    _set_status(registration, RegistrationStatus.APPROVED, user)
    return entry


def _player(tournament: Tournament, registration: Registration) -> Player:
    player, _created = Player.objects.get_or_create(club=tournament.club, name=registration.name)
    given = {
        "reading": registration.reading,
        "ema_number": registration.ema_number,
        "nationality": registration.nationality,
    }
    empty = [field for field, value in given.items() if value and not getattr(player, field)]
    for field in empty:
        setattr(player, field, given[field])
    if empty:
        player.save(update_fields=empty)
    return player


@transaction.atomic
def approve_places(tournament: Tournament, user: Any = None) -> list[Entry]:
    """Every place held, approved at once (in the order they signed up)."""
    held = tournament.registrations.filter(status=RegistrationStatus.PLACE)
    return [approve(registration, user) for registration in held]


@transaction.atomic
def move(registration: Registration, later: bool, user: Any = None) -> bool:
    """Swap a waiting registrant with the one before them (or after, ``later``) on the list."""
    locked_tournament(registration.tournament)
    registration.refresh_from_db()
    if registration.status != RegistrationStatus.WAITING:
        raise TournamentError(
            _("%(name)s is not on the waiting list.") % {"name": registration.name}
        )
    waiting = registration.tournament.registrations.filter(status=RegistrationStatus.WAITING)
    if later:
        other = waiting.filter(position__gt=registration.position).order_by("position").first()
    else:
        other = waiting.filter(position__lt=registration.position).order_by("-position").first()
    if other is None:
        return False
    registration.position, other.position = other.position, registration.position
    Registration.objects.bulk_update([registration, other], ["position"])
    order = [r.name for r in waiting_list(registration.tournament)]
    log_tournament(registration.tournament, user, "waiting_list", after={"order": order})
    return True


REGISTRATION_FIELDS = [
    "registration_open",
    "registration_capacity",
    "registration_deadline",
    "asks_federation",
]


@transaction.atomic
def set_registration(
    tournament: Tournament,
    *,
    registration_open: bool,
    registration_capacity: int | None,
    registration_deadline: datetime.datetime | None,
    asks_federation: bool,
    user: Any = None,
) -> list[Registration]:
    """Open or close registration, its places and deadline; more places move the waiting list
    up (fewer take no place back from anyone). Returns who moved up."""
    tournament = locked_tournament(tournament)
    before = {field: getattr(tournament, field) for field in REGISTRATION_FIELDS}
    tournament.registration_open = registration_open
    tournament.registration_capacity = registration_capacity
    tournament.registration_deadline = registration_deadline
    tournament.asks_federation = asks_federation
    tournament.save(update_fields=REGISTRATION_FIELDS)
    after = {field: getattr(tournament, field) for field in REGISTRATION_FIELDS}
    log_tournament(tournament, user, "registration", before=_plain(before), after=_plain(after))
    return _fill_places(tournament, user)


def _plain(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in values.items()}

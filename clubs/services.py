"""Everything that changes a club, one transaction each (views call these, never the ORM).

Rules of the club live here: the creator of a club is its admin, a club always keeps an admin,
an invitation is used once and expires, player names are unique in a club, and every saved
ruleset is a new version validated by the engine.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.audit import fields_of, log_change
from clubs.models import (
    CLUB_SETTINGS,
    Club,
    Invitation,
    League,
    LogKind,
    Membership,
    Player,
    Role,
    Ruleset,
    RulesetVersion,
)
from scoring.engine.rules import resolve_options

INVITATION_DAYS = 7


class ClubError(Exception):
    """A change the club's rules refuse; ``message`` says why, for the person who asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@transaction.atomic
def create_club(user: Any, **fields: Any) -> Club:
    """A new club, with its creator as admin."""
    club = Club.objects.create(**fields)
    Membership.objects.create(club=club, user=user, role=Role.ADMIN)
    log_change(
        club, user, LogKind.CLUB, "created", club.name, object_id=club.pk, after=fields_of(club)
    )
    return club


@transaction.atomic
def save_club_settings(club: Club, changes: dict[str, Any], user: Any = None) -> Club:
    """The club's settings as an admin changed them (the address, its slug, never changes)."""
    before = fields_of(Club.objects.select_for_update().get(pk=club.pk), CLUB_SETTINGS)
    for name, value in changes.items():
        if name in CLUB_SETTINGS:
            setattr(club, name, value)
    club.save()
    log_change(
        club,
        user,
        LogKind.CLUB,
        "settings",
        club.name,
        object_id=club.pk,
        before=before,
        after=fields_of(club, CLUB_SETTINGS),
    )
    return club


LEAGUE_FIELDS = [
    "name",
    "ruleset",
    "starts_on",
    "ends_on",
    "is_open",
    "counting",
    "best_games",
    "points_cap",
    "qualification_games",
    "tie_breaks",
    "is_team_league",
    "playoff_teams",
    "playoff_carry",
    "playoffs_start",
    "last_place_min_games",
]


def save_league(league: League, user: Any = None) -> League:
    """A new or changed league (a ModelForm's instance, validated), logged before and after.

    Raises IntegrityError for a name the club has already (the caller says so on the form).
    """
    with transaction.atomic():
        old = League.objects.filter(pk=league.pk).first() if league.pk else None
        before = fields_of(old, LEAGUE_FIELDS) if old else None
        league.save()
        after = fields_of(league, LEAGUE_FIELDS)
        action = "changed" if old else "created"
        log_change(
            league.club,
            user,
            LogKind.LEAGUE,
            action,
            league.name,
            object_id=league.pk,
            before=before if old else None,
            after=after,
        )
    return league


@transaction.atomic
def invite(club: Club, role: str, created_by: Any) -> Invitation:
    """A one-time link to join ``club`` with ``role``, valid for ``INVITATION_DAYS`` days."""
    invitation = Invitation.objects.create(
        club=club,
        role=role,
        token=secrets.token_urlsafe(32),
        created_by=created_by,
        expires_at=timezone.now() + timedelta(days=INVITATION_DAYS),
    )
    log_change(
        club,
        created_by,
        LogKind.INVITATION,
        "invited",
        role,
        object_id=invitation.pk,
        after={"role": role},
    )
    return invitation


def invitation_problem(invitation: Invitation) -> str | None:
    """Why this invitation can no longer be used, or None."""
    if invitation.accepted_at is not None:
        return _("This invitation has already been used. Ask the club's admin for a new one.")
    if invitation.expires_at <= timezone.now():
        return _("This invitation has expired. Ask the club's admin for a new one.")
    return None


@transaction.atomic
def accept_invitation(invitation: Invitation, user: Any) -> tuple[Membership, bool]:
    """Join the club with the invitation's role. Already a member: nothing changes (False)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    problem = invitation_problem(invitation)
    if problem:
        raise ClubError(problem)
    membership = Membership.objects.filter(club=invitation.club, user=user).first()
    if membership is not None:
        return membership, False
    membership = Membership.objects.create(club=invitation.club, user=user, role=invitation.role)
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    log_change(
        invitation.club,
        user,
        LogKind.MEMBERSHIP,
        "joined",
        user.get_username(),
        object_id=membership.pk,
        after={"role": membership.role},
    )
    return membership, True


@transaction.atomic
def revoke_invitation(invitation: Invitation, user: Any = None) -> None:
    if invitation.accepted_at is not None:
        raise ClubError(_("This invitation has been used: remove the member instead."))
    log_change(
        invitation.club,
        user,
        LogKind.INVITATION,
        "revoked",
        invitation.role,
        object_id=invitation.pk,
        before={"role": invitation.role},
    )
    invitation.delete()


def _keep_an_admin(membership: Membership) -> None:
    """Refuse to take away the club's last admin (the admins are locked while we count)."""
    admins = list(
        Membership.objects.select_for_update().filter(club=membership.club, role=Role.ADMIN)
    )
    if [m.pk for m in admins] == [membership.pk]:
        raise ClubError(_("A club needs at least one admin: make another member admin first."))


@transaction.atomic
def change_role(membership: Membership, role: str, user: Any = None) -> Membership:
    if membership.role == Role.ADMIN and role != Role.ADMIN:
        _keep_an_admin(membership)
    before, membership.role = membership.role, role
    membership.save(update_fields=["role"])
    log_change(
        membership.club,
        user,
        LogKind.MEMBERSHIP,
        "role",
        membership.user.get_username(),
        object_id=membership.pk,
        before={"role": before},
        after={"role": role},
    )
    return membership


@transaction.atomic
def remove_member(membership: Membership, user: Any = None) -> None:
    if membership.role == Role.ADMIN:
        _keep_an_admin(membership)
    log_change(
        membership.club,
        user,
        LogKind.MEMBERSHIP,
        "removed",
        membership.user.get_username(),
        object_id=membership.pk,
        before={"role": membership.role},
    )
    membership.delete()


def _name_taken(name: str) -> ValidationError:
    return ValidationError(
        {"name": _("This club already has a player named “%(name)s”.") % {"name": name}}
    )


def add_player(club: Club, name: str, user: Any = None, reading: str = "") -> Player:
    try:
        with transaction.atomic():
            player = Player.objects.create(club=club, name=name, reading=reading)
            log_change(club, user, LogKind.PLAYER, "added", name, object_id=player.pk)
            return player
    except IntegrityError:
        raise _name_taken(name) from None


@transaction.atomic
def _set_reading(player: Player, reading: str, user: Any) -> None:
    before, player.reading = player.reading, reading
    player.save(update_fields=["reading"])
    log_change(
        player.club,
        user,
        LogKind.PLAYER,
        "reading",
        player.name,
        object_id=player.pk,
        before={"reading": before},
        after={"reading": reading},
    )


def rename_player(
    player: Player, name: str, user: Any = None, reading: str | None = None
) -> Player:
    """A new name (and reading); seats and results point at the player, so they are untouched."""
    if reading is not None and reading != player.reading:
        _set_reading(player, reading, user)
    if name == player.name:
        return player
    old, player.name = player.name, name
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
            log_change(
                player.club,
                user,
                LogKind.PLAYER,
                "renamed",
                name,
                object_id=player.pk,
                before={"name": old},
                after={"name": name},
            )
    except IntegrityError:
        player.name = old
        raise _name_taken(name) from None
    return player


FEDERATION_FIELDS = ("ema_number", "nationality", "latin_family_name", "latin_given_name")


@transaction.atomic
def set_federation(player: Player, user: Any = None, **values: str) -> Player:
    """The player's federation fields (EMA number, nationality, name in Latin letters).

    Values come clean from ``FederationForm``; an EMA number belongs to one player of the club.
    """
    number = values.get("ema_number", player.ema_number)
    if number:
        other = player.club.players.filter(ema_number=number).exclude(pk=player.pk).first()
        if other is not None:
            raise ValidationError(
                {
                    "ema_number": _("%(name)s of this club has this EMA number already.")
                    % {"name": other.name}
                }
            )
    before = {name: getattr(player, name) for name in FEDERATION_FIELDS}
    for name in FEDERATION_FIELDS:
        setattr(player, name, values.get(name, before[name]))
    after = {name: getattr(player, name) for name in FEDERATION_FIELDS}
    if after == before:
        return player
    player.save(update_fields=list(FEDERATION_FIELDS))
    log_change(
        player.club,
        user,
        LogKind.PLAYER,
        "federation",
        player.name,
        object_id=player.pk,
        before=before,
        after=after,
    )
    return player


@transaction.atomic
def link_player(player: Player, user: Any | None, by: Any = None) -> Player:
    """Link the player to a member's account (or unlink with None): one player per account."""
    if user is not None:
        taken = player.club.players.filter(user=user).exclude(pk=player.pk).first()
        if taken is not None:
            raise ValidationError(
                {"user": _("This account is already linked to “%(name)s”.") % {"name": taken}}
            )
    before = player.user.get_username() if player.user else None
    player.user = user
    player.save(update_fields=["user"])
    log_change(
        player.club,
        by,
        LogKind.PLAYER,
        "linked",
        player.name,
        object_id=player.pk,
        before={"account": before},
        after={"account": user.get_username() if user else None},
    )
    return player


@transaction.atomic
def save_ruleset(
    club: Club,
    ruleset: Ruleset | None,
    *,
    name: str,
    preset: str,
    options: dict[str, Any],
    note: str = "",
    user: Any = None,
) -> RulesetVersion:
    """Save a ruleset's options as its next version (the engine validates them).

    Old versions are never changed: a game keeps the version it was played under. A save that
    changes no option makes no version. The club's first ruleset becomes its default.
    """
    options = resolve_options(options)
    if ruleset is None:
        ruleset = Ruleset(club=club)
    else:
        ruleset = Ruleset.objects.select_for_update().get(pk=ruleset.pk)
    ruleset.name, ruleset.preset = name, preset
    try:
        with transaction.atomic():
            ruleset.save()
    except IntegrityError:
        raise ValidationError(
            {"name": _("This club already has a ruleset named “%(name)s”.") % {"name": name}}
        ) from None
    current = ruleset.current_version()
    if current is not None and current.options == options:
        return current
    version = ruleset.versions.create(
        number=current.number + 1 if current else 1, options=options, note=note, created_by=user
    )
    log_change(
        club,
        user,
        LogKind.RULESET,
        f"v{version.number}",
        ruleset.name,
        object_id=ruleset.pk,
        before=current.options if current else None,
        after=options,
    )
    if club.default_ruleset_id is None:
        club.default_ruleset = ruleset
        club.save(update_fields=["default_ruleset"])
    return version

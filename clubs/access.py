"""Who may see and do what in a club: every club view looks its club up through here.

Anonymous visitors see public clubs only; for anything else they are sent to log in, whether
the club exists or not (so a private club's name never leaks). A logged-in user who is not a
member of a private club gets 404, as if it did not exist; a member without the role an action
needs gets 403.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import translation

from clubs.models import Club, Invitation, Membership, Role

M = TypeVar("M", bound=Model)


class LoginNeeded(Exception):
    """Raised by ``get_club_for_user``: the view answers with a redirect to the login page."""


def membership_of(user: Any, club: Club) -> Membership | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def get_club_for_user(request: HttpRequest, slug: str, need: str | None = None) -> Club:
    """The club at ``slug`` if ``request.user`` may see it (and has the role ``need``).

    Sets ``request.membership`` (None for a visitor) for the templates.
    """
    user = request.user
    if need is not None and not user.is_authenticated:
        raise LoginNeeded
    if user.is_authenticated:  # a member's club comes with the membership: one query
        membership = (
            Membership.objects.select_related("club").filter(club__slug=slug, user=user).first()
        )
        if membership is not None:
            if need is not None and not membership.allows(need):
                raise PermissionDenied
            request.membership = membership  # type: ignore[attr-defined]
            return membership.club
    club = Club.objects.filter(slug=slug).first()
    if club is None or not club.is_public:  # a visitor learns nothing of a private club
        if not user.is_authenticated:
            raise LoginNeeded
        raise Http404("No such club.")
    if need is not None:  # a public club's visitor or non-member: no role at all
        raise PermissionDenied
    request.membership = None  # type: ignore[attr-defined]
    return club


def club_view(
    need: str | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorate a view taking ``(request, club, ...)``; the URL gives ``slug``."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                club = get_club_for_user(request, slug, need)
            except LoginNeeded:
                return redirect_to_login(request.get_full_path())
            speak_club_language(request, club)
            request.club = club  # type: ignore[attr-defined]  # for the club's navigation
            return view(request, club, *args, **kwargs)

        return wrapper

    return decorate


def speak_club_language(request: HttpRequest, club: Club) -> None:
    """A visitor who has not picked a language (no cookie) gets the club's own."""
    if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
        translation.activate(club.default_language)
        request.LANGUAGE_CODE = club.default_language  # type: ignore[attr-defined]


def club_object(club: Club, objects: type[M] | QuerySet[M], pk: int) -> M:
    """An object of ``club`` (found through ``get_club_for_user``) by id, or 404.

    An id from another club answers exactly as an unknown one: nobody learns that it exists.
    """
    queryset = objects if isinstance(objects, QuerySet) else objects._default_manager.all()
    return get_object_or_404(queryset, club=club, pk=pk)


def get_invitation_for_user(request: HttpRequest, slug: str, token: str) -> Invitation:
    """The invitation with this token, for the club at ``slug``; the token is the permission.

    Anyone holding the link may see whom it invites; a token of another club, or none, is 404.
    """
    invitation = (
        Invitation.objects.select_related("club").filter(club__slug=slug, token=token).first()
    )
    if invitation is None:
        raise Http404("No such invitation.")
    speak_club_language(request, invitation.club)
    return invitation


def role_allows(request: HttpRequest, role: str) -> bool:
    """For templates and views: whether the current member has at least ``role``."""
    membership = getattr(request, "membership", None)
    return membership is not None and membership.allows(role)


__all__ = [
    "LoginNeeded",
    "Role",
    "club_object",
    "club_view",
    "get_club_for_user",
    "get_invitation_for_user",
    "membership_of",
    "role_allows",
]

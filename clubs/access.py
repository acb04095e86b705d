"""Who may see and do what in a club: every club view looks its club up through here.

Anonymous visitors see public clubs only; for anything else they are sent to log in, whether
the club exists or not (so a private club's name never leaks). A logged-in user who is not a
member of a private club gets 404, as if it did not exist; a member without the role an action
needs gets 403.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple, TypeVar

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
    load_backend,
)
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.crypto import constant_time_compare

from clubs.models import Club, Invitation, Membership, Role
from clubs.numbers import club_numbers

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
    membership = _membership(request, slug)  # a member's club comes with the membership
    user = request.user
    if need is not None and not user.is_authenticated:
        raise LoginNeeded
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


def _membership(request: HttpRequest, slug: str) -> Membership | None:
    """``request.user``'s membership of the club at ``slug``, with its club (None for a visitor
    or a non-member); read with the user in one query when the session allows it."""
    looked_up = _session_membership(request, slug)
    user = request.user
    if not user.is_authenticated:
        return None
    if looked_up is not None and looked_up.user_id == user.pk:
        return looked_up.membership
    return Membership.objects.select_related("club").filter(club__slug=slug, user=user).first()


class SessionMembership(NamedTuple):
    user_id: Any  # the session's
    membership: Membership | None  # that user's, with the user and the club


def _session_membership(request: HttpRequest, slug: str) -> SessionMembership | None:
    """The session's user's membership of the club at ``slug``, with the user, in one query;
    None when the session names no user this lookup stands for.

    ``request.user`` costs a query, and the membership another: here both come in one. When
    the session holds what ``django.contrib.auth.get_user`` accepts as it is, the user read
    becomes ``request.user``. Anything else (a session hash of an older SECRET_KEY or a wrong
    one, an inactive user, a backend that reads its users in its own way, no membership) is
    left to ``get_user`` when ``request.user`` is read: it decides, as on every other page.
    """
    if hasattr(request, "_cached_user"):  # request.user was read already
        return None
    try:
        user_id = request.session[SESSION_KEY]
        backend_path = request.session[BACKEND_SESSION_KEY]
    except KeyError:
        return None
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return None
    backend = load_backend(backend_path)
    if type(backend).get_user is not ModelBackend.get_user:
        return None
    user_id = get_user_model()._meta.pk.to_python(user_id)  # type: ignore[union-attr]
    membership = (
        Membership.objects.select_related("club", "user")
        .filter(club__slug=slug, user_id=user_id)
        .first()
    )
    if membership is not None and _accepted(request, backend, membership.user):
        request._cached_user = membership.user  # type: ignore[attr-defined]
    return SessionMembership(user_id, membership)


def _accepted(request: HttpRequest, backend: ModelBackend, user: Any) -> bool:
    """Whether ``get_user`` gives ``user`` as it is: the backend lets the user in (active), and
    the session's hash is the one of the user's password under the current SECRET_KEY."""
    session_hash = request.session.get(HASH_SESSION_KEY)
    return (
        bool(session_hash)
        and backend.user_can_authenticate(user)
        and constant_time_compare(session_hash, user.get_session_auth_hash())
    )


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
            with club_numbers(club.minus_sign):
                return view(request, club, *args, **kwargs)

        return wrapper

    return decorate


def speak_club_language(request: HttpRequest, club: Club) -> None:
    """The reader's language: the one they picked (the header's switch, a cookie), else the one
    their browser asks for if Tenbou speaks it, else the club's own. Pages and PDFs alike."""
    if settings.LANGUAGE_COOKIE_NAME in request.COOKIES or browser_language(request):
        return
    translation.activate(club.default_language)
    request.LANGUAGE_CODE = club.default_language  # type: ignore[attr-defined]


def browser_language(request: HttpRequest) -> str | None:
    """The first language of ``Accept-Language`` that Tenbou speaks (en-US: en), if any."""
    for part in request.headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip()
        if not code or code == "*":
            continue
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return None


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

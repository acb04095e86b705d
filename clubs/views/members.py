"""Members and their roles, invitations, and joining a club by an invitation link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from clubs import services
from clubs.access import club_object, club_view, get_invitation_for_user, membership_of
from clubs.forms import InviteForm, RoleForm
from clubs.models import Club, Invitation, Membership, Role
from clubs.views.common import club_page, form_errors


@require_safe
@club_view(need=Role.ADMIN)
def members(request: HttpRequest, club: Club) -> HttpResponse:
    context = {
        "memberships": club.memberships.select_related("user").order_by("user__username"),
        "invitations": club.invitations.filter(accepted_at=None).order_by("-created_at"),
        "invite_form": InviteForm(),
        "roles": Role.choices,
        "now": timezone.now(),
    }
    return club_page(request, "clubs/members.html", club, context)


def _back_to_members(request: HttpRequest, club: Club) -> HttpResponse:
    """After a change: the members page; for an admin who stepped down, the club page; for one
    who left, the home page (a private club is 404 to a non-member)."""
    membership = membership_of(request.user, club)
    if membership is None:
        return redirect("home")
    if membership.allows(Role.ADMIN):
        return redirect("clubs:members", slug=club.slug)
    return redirect("standings:home", slug=club.slug)


@require_POST
@club_view(need=Role.ADMIN)
def invite(request: HttpRequest, club: Club) -> HttpResponse:
    form = InviteForm(request.POST)
    if form.is_valid():
        services.invite(club, form.cleaned_data["role"], request.user)
        messages.success(request, _("A new invitation link is ready: send it to the person."))
    else:
        messages.error(request, form_errors(form))
    return redirect("clubs:members", slug=club.slug)


@require_POST
@club_view(need=Role.ADMIN)
def invitation_revoke(request: HttpRequest, club: Club, invitation_id: int) -> HttpResponse:
    try:
        services.revoke_invitation(club_object(club, Invitation, invitation_id), request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    return redirect("clubs:members", slug=club.slug)


@require_POST
@club_view(need=Role.ADMIN)
def member_role(request: HttpRequest, club: Club, membership_id: int) -> HttpResponse:
    membership = club_object(club, Membership.objects.select_related("user"), membership_id)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_errors(form))
        return redirect("clubs:members", slug=club.slug)
    try:
        services.change_role(membership, form.cleaned_data["role"], request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        done = {"user": membership.user, "role": membership.get_role_display()}
        messages.success(request, _("%(user)s is now %(role)s.") % done)
    return _back_to_members(request, club)


@require_POST
@club_view(need=Role.ADMIN)
def member_remove(request: HttpRequest, club: Club, membership_id: int) -> HttpResponse:
    membership = club_object(club, Membership.objects.select_related("user"), membership_id)
    try:
        services.remove_member(membership, request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(user)s has left the club.") % {"user": membership.user})
    return _back_to_members(request, club)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """An invitation link: whoever holds it sees whom it invites, and joins once logged in."""
    invitation = get_invitation_for_user(request, slug, token)
    problem = services.invitation_problem(invitation)
    if request.method == "POST" and problem is None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            membership, joined = services.accept_invitation(invitation, request.user)
        except services.ClubError as error:
            problem = error.message
        else:
            role = membership.get_role_display()
            if joined:
                messages.success(request, _("Welcome! You joined as %(role)s.") % {"role": role})
            else:
                messages.info(request, _("You are already a member (%(role)s).") % {"role": role})
            return redirect("standings:home", slug=slug)
    context = {"invitation": invitation, "club": invitation.club, "problem": problem}
    return render(request, "clubs/join.html", context, status=410 if problem else 200)

"""Invitation links: used once, for one club, until they expire; the invitee signs up or logs in."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from clubs.models import Club, Invitation, Membership, Role
from clubs.services import invite
from tests.clubs.conftest import logged_in
from tests.clubs.factories import PASSWORD, make_user


@pytest.fixture
def invitation(club: Club, admin: User) -> Invitation:
    return invite(club, Role.SCOREKEEPER, admin)


def link(invitation: Invitation) -> str:
    return f"/c/{invitation.club.slug}/join/{invitation.token}/"


def test_an_admin_creates_a_link_for_a_role_that_expires_in_a_week(
    club: Club, as_admin: Client
) -> None:
    response = as_admin.post("/c/tsubame/invitations/", {"role": "scorekeeper"}, follow=True)
    invitation = Invitation.objects.get()
    assert (invitation.club, invitation.role) == (club, Role.SCOREKEEPER)
    week = invitation.expires_at - timezone.now()
    assert timedelta(days=6, hours=23) < week <= timedelta(days=7)
    assert len(invitation.token) >= 40
    assert f"http://testserver/c/tsubame/join/{invitation.token}/" in response.text


def test_the_invitee_sees_whom_the_link_invites_without_an_account(
    invitation: Invitation,
) -> None:
    response = Client().get(link(invitation))
    assert response.status_code == 200
    assert "つばめ麻雀会" in response.text
    assert f"/accounts/signup/?next=/c/tsubame/join/{invitation.token}/" in response.text


def test_signing_up_from_the_link_and_joining_gives_the_role(invitation: Invitation) -> None:
    client = Client()
    signup = client.post(
        f"/accounts/signup/?next={link(invitation)}",
        {
            "username": "shinjin",
            "email": "shinjin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": link(invitation),
        },
    )
    assert signup.status_code == 302
    assert signup["Location"] == link(invitation)
    joined = client.post(link(invitation))
    assert joined.status_code == 302
    assert joined["Location"] == "/c/tsubame/"
    membership = Membership.objects.get(user__username="shinjin")
    assert membership.role == Role.SCOREKEEPER
    invitation.refresh_from_db()
    assert invitation.accepted_by == membership.user
    assert invitation.accepted_at is not None


def test_joining_needs_a_login(invitation: Invitation) -> None:
    response = Client().post(link(invitation))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/c/tsubame/join/")
    assert not Membership.objects.filter(role=Role.SCOREKEEPER).exists()


def test_a_link_works_once(invitation: Invitation) -> None:
    assert logged_in(make_user("first")).post(link(invitation)).status_code == 302
    second = logged_in(make_user("second"))
    assert second.get(link(invitation)).status_code == 410
    response = second.post(link(invitation))
    assert response.status_code == 410
    assert "This invitation has already been used" in response.text or "使用済み" in response.text
    assert not Membership.objects.filter(user__username="second").exists()


def test_an_expired_link_joins_nobody(invitation: Invitation) -> None:
    invitation.expires_at = timezone.now() - timedelta(minutes=1)
    invitation.save()
    client = logged_in(make_user("late"))
    response = client.post(link(invitation))
    assert response.status_code == 410
    assert "期限切れ" in response.text
    assert not Membership.objects.filter(user__username="late").exists()
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_a_link_of_one_club_opens_nothing_under_another(
    invitation: Invitation, other_club: Club
) -> None:
    client = logged_in(make_user("wanderer"))
    wrong = f"/c/{other_club.slug}/join/{invitation.token}/"
    assert client.get(wrong).status_code == 404
    assert client.post(wrong).status_code == 404
    assert Client().get(wrong).status_code == 404
    assert not Membership.objects.filter(user__username="wanderer").exists()


def test_a_made_up_token_is_404(club: Club) -> None:
    assert Client().get("/c/tsubame/join/not-a-token/").status_code == 404


def test_a_member_following_a_link_keeps_the_role_and_leaves_the_link_unused(
    invitation: Invitation, member: User
) -> None:
    response = logged_in(member).post(link(invitation), follow=True)
    assert response.status_code == 200
    assert Membership.objects.get(user=member).role == Role.MEMBER
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_an_admin_withdraws_an_open_invitation(invitation: Invitation, as_admin: Client) -> None:
    response = as_admin.post(f"/c/tsubame/invitations/{invitation.pk}/revoke/")
    assert response.status_code == 302
    assert not Invitation.objects.exists()
    assert Client().get(link(invitation)).status_code == 404

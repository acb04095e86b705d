"""Roles: admins change them and remove members, and a club always keeps at least one admin."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Membership, Role
from clubs.services import ClubError, change_role, remove_member
from tests.clubs.conftest import logged_in
from tests.clubs.factories import make_member

LAST_ADMIN = "クラブには管理者が最低1人必要です"


def membership(user: User) -> Membership:
    return Membership.objects.get(user=user)


def test_an_admin_makes_a_member_scorekeeper(member: User, as_admin: Client) -> None:
    response = as_admin.post(
        f"/c/tsubame/members/{membership(member).pk}/role/", {"role": "scorekeeper"}, follow=True
    )
    assert membership(member).role == Role.SCOREKEEPER
    assert "menba は記録係になりました" in response.text


def test_an_admin_removes_a_member(member: User, as_admin: Client) -> None:
    as_admin.post(f"/c/tsubame/members/{membership(member).pk}/remove/")
    assert not Membership.objects.filter(user=member).exists()


def test_the_last_admin_cannot_step_down(admin: User, as_admin: Client) -> None:
    response = as_admin.post(
        f"/c/tsubame/members/{membership(admin).pk}/role/", {"role": "member"}, follow=True
    )
    assert membership(admin).role == Role.ADMIN
    assert LAST_ADMIN in response.text


def test_the_last_admin_cannot_be_removed(admin: User, as_admin: Client) -> None:
    response = as_admin.post(f"/c/tsubame/members/{membership(admin).pk}/remove/", follow=True)
    assert membership(admin).role == Role.ADMIN
    assert LAST_ADMIN in response.text


def test_with_a_second_admin_one_may_step_down_and_lands_on_the_club_page(
    club: Club, admin: User, as_admin: Client
) -> None:
    make_member(club, "fuku", Role.ADMIN)
    response = as_admin.post(
        f"/c/tsubame/members/{membership(admin).pk}/role/", {"role": "scorekeeper"}
    )
    assert membership(admin).role == Role.SCOREKEEPER
    assert response["Location"] == "/c/tsubame/"
    assert as_admin.get("/c/tsubame/members/").status_code == 403


def test_two_admins_demoting_each_other_leave_one(club: Club, admin: User) -> None:
    second = make_member(club, "fuku", Role.ADMIN)
    change_role(membership(second), Role.MEMBER)
    with pytest.raises(ClubError):
        change_role(membership(admin), Role.MEMBER)
    with pytest.raises(ClubError):
        remove_member(membership(admin))
    assert club.memberships.filter(role=Role.ADMIN).count() == 1


def test_an_unknown_role_is_refused_with_the_field_named(member: User, as_admin: Client) -> None:
    response = as_admin.post(
        f"/c/tsubame/members/{membership(member).pk}/role/", {"role": "owner"}, follow=True
    )
    assert membership(member).role == Role.MEMBER
    assert "役割" in response.text


def test_the_members_page_lists_everyone_with_their_role(
    admin: User, scorekeeper: User, member: User, as_admin: Client
) -> None:
    page = as_admin.get("/c/tsubame/members/").text
    for user in ("kanri", "kiroku", "menba"):
        assert user in page
    assert page.count('value="scorekeeper" selected') == 1


def test_a_scorekeeper_cannot_change_roles(member: User, scorekeeper: User) -> None:
    response = logged_in(scorekeeper).post(
        f"/c/tsubame/members/{membership(member).pk}/role/", {"role": "admin"}
    )
    assert response.status_code == 403
    assert membership(member).role == Role.MEMBER


def test_an_admin_who_leaves_a_private_club_lands_on_the_home_page(
    club: Club, admin: User, as_admin: Client
) -> None:
    make_member(club, "fuku", Role.ADMIN)
    response = as_admin.post(f"/c/tsubame/members/{membership(admin).pk}/remove/")
    assert response["Location"] == "/"
    assert not Membership.objects.filter(user=admin).exists()

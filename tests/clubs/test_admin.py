"""Django admin: every clubs model is there, lists with its columns, and searches."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Invitation, Membership, Player, Ruleset, RulesetVersion
from clubs.services import invite
from tests.clubs.factories import make_players

MODELS = [Club, Membership, Invitation, Player, Ruleset, RulesetVersion]
# What each list shows for the club's rows (searched by the club's address name).
SHOWN = {
    Club: "つばめ麻雀会",
    Membership: "kanri",
    Invitation: "つばめ麻雀会",
    Player: "青木",
    Ruleset: "Kルール",
    RulesetVersion: "Kルール v1",
}


@pytest.fixture
def staff(db: None) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.org", "x"))
    return client


def test_every_clubs_model_is_registered() -> None:
    assert all(admin.site.is_registered(model) for model in MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_list_shows_the_clubs_rows_and_searches_by_club(
    model: type, staff: Client, club: Club, admin: User, players: list, k_rule: Ruleset
) -> None:
    invite(club, "member", admin)
    url = f"/admin/clubs/{model.__name__.lower()}/"
    found = staff.get(url, {"q": "tsubame"})
    assert found.status_code == 200
    assert SHOWN[model] in found.text
    missing = staff.get(url, {"q": "no-such-club"})
    assert missing.status_code == 200
    assert f">{SHOWN[model]}<" not in missing.text


def test_a_ruleset_shows_its_latest_version_and_versions_cannot_be_added(
    staff: Client, k_rule: Ruleset
) -> None:
    page = staff.get("/admin/clubs/ruleset/").text
    assert '<td class="field-latest_version">1</td>' in page
    assert staff.get("/admin/clubs/rulesetversion/add/").status_code == 403


def test_a_player_search_finds_by_name(staff: Client, club: Club) -> None:
    make_players(club, ("青木", "馬場"))
    page = staff.get("/admin/clubs/player/", {"q": "馬場"}).text
    assert "馬場" in page
    assert "青木" not in page

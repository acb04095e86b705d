"""Check-in by the player's card (its code opens the entry's card page): the organiser sees one
button and a tap checks the player in; scanned again, the page says so and a second tap changes
nothing; anyone else reads whose card it is and is sent to the desk, and cannot check in.
(The code on the printed card is read back in tests/reports/test_qr.py.)"""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Club, ClubLog, LogKind
from tests.tournaments.conftest import make_tournament
from tournaments import services
from tournaments.models import Entry, EntryStatus

pytestmark = pytest.mark.django_db


def in_english(client: Client) -> Client:
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def entry(club: Club) -> Entry:
    tournament = make_tournament(club, players=4, checked_in=False)
    return tournament.entries.select_related("player").first()


def card_url(entry: Entry) -> str:
    tournament = f"/c/{entry.tournament.club.slug}/tournaments/{entry.tournament_id}"
    return f"{tournament}/players/{entry.pk}/card/"


def test_the_organiser_checks_a_player_in_with_one_tap_and_a_second_changes_nothing(
    entry: Entry, as_organiser: Client
) -> None:
    client, url = in_english(as_organiser), card_url(entry)
    page = client.get(url).content.decode()
    assert entry.player.name in page
    assert f'action="{url}check-in/"' in page
    assert f"Check in {entry.player.name}</button>" in page

    done = client.post(f"{url}check-in/", follow=True)
    assert done.redirect_chain == [(url, 302)]
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN
    text = done.content.decode()
    assert f"{entry.player.name} is checked in." in text
    assert "check-in/" not in text  # no button any more

    rescanned = client.get(url).content.decode()
    assert f"{entry.player.name} is checked in." in rescanned
    assert "scan the next card" in rescanned
    again = client.post(f"{url}check-in/", follow=True).content.decode()
    assert f"{entry.player.name} was checked in already." in again
    logged = ClubLog.objects.filter(kind=LogKind.TOURNAMENT, action="status")
    assert [entry.after for entry in logged] == [{entry.player.name: "checked_in"}]


@pytest.mark.parametrize("who", ["as_member", "as_scorekeeper"])
def test_anyone_else_reads_whose_card_it_is_and_cannot_check_in(
    entry: Entry, who: str, request: pytest.FixtureRequest
) -> None:
    client, url = in_english(request.getfixturevalue(who)), card_url(entry)
    page = client.get(url).content.decode()
    assert entry.player.name in page
    assert "show this card to the organisers" in page
    assert '<form method="post" action="' + url not in page
    assert client.post(f"{url}check-in/").status_code == 403
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REGISTERED


def test_a_visitor_scanning_a_card_of_a_public_club_may_log_in_to_check_in(entry: Entry) -> None:
    url = card_url(entry)
    page = in_english(Client()).get(url).content.decode()
    assert entry.player.name in page
    assert f'href="/accounts/login/?next={url}">Organisers: log in to check players in' in page
    response = Client().post(f"{url}check-in/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REGISTERED


def test_a_player_who_dropped_out_is_not_checked_in_by_the_card(
    entry: Entry, as_organiser: Client
) -> None:
    services.drop_out(entry)
    url = card_url(entry)
    page = in_english(as_organiser).get(url).content.decode()
    assert f"{entry.player.name} has dropped out." in page
    answer = as_organiser.post(f"{url}check-in/", follow=True).content.decode()
    assert "has dropped out: not checked in." in answer
    entry.refresh_from_db()
    assert entry.status == EntryStatus.DROPPED


def test_an_entry_of_another_tournament_is_no_card_here(club: Club, as_organiser: Client) -> None:
    first = make_tournament(club, players=4, checked_in=False)
    other = make_tournament(club, players=4, checked_in=False, name="冬季大会")
    stranger = other.entries.first()
    url = f"/c/{club.slug}/tournaments/{first.pk}/players/{stranger.pk}/card/"
    assert as_organiser.get(url).status_code == 404
    assert as_organiser.post(f"{url}check-in/").status_code == 404


def test_the_players_page_links_the_cards_which_only_the_organiser_may_print(
    entry: Entry, as_organiser: Client, as_member: Client
) -> None:
    base = f"/c/{entry.tournament.club.slug}/tournaments/{entry.tournament_id}"
    assert (
        f'href="{base}/cards/check-in.pdf"' in as_organiser.get(f"{base}/players/").content.decode()
    )
    assert as_member.get(f"{base}/cards/check-in.pdf").status_code == 403

"""Self-registration (参加申込) through the web, as strangers holding the link and the organiser
would use it: places up to the capacity, a waiting list that moves up in order, the e-mails,
withdrawal by the link in them, and the organiser's approve, refuse and reorder."""

from __future__ import annotations

import datetime
import re
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from clubs.log_words import entry_words
from clubs.models import Club, ClubLog, Player
from tests.tournaments.conftest import DAY
from tournaments import registration, services
from tournaments.models import Registration, RegistrationStatus, Tournament

EN = {"django_language": "en"}


@pytest.fixture
def tournament(club: Club) -> Tournament:
    return services.create_tournament(
        club, name="秋季大会", starts_on=DAY, ruleset=club.rulesets.get(), rounds=3
    )


@pytest.fixture
def as_organiser_en(as_organiser: Client) -> Client:
    as_organiser.cookies.load(EN)
    return as_organiser


def open_registration(tournament: Tournament, capacity: int | None, **more: Any) -> None:
    settings: dict[str, Any] = {
        "registration_open": True,
        "registration_capacity": capacity,
        "registration_deadline": None,
        "asks_federation": False,
        **more,
    }
    registration.set_registration(tournament, **settings)
    tournament.refresh_from_db()


def sign_up_url(tournament: Tournament) -> str:
    return reverse("tournaments:sign_up", args=[tournament.club.slug, tournament.pk])


def sign_up(tournament: Tournament, name: str, status: int = 200, **more: str) -> str:
    """A stranger (English browser) fills in the form; the page they get back, as text."""
    stranger = Client()
    stranger.cookies.load(EN)
    data = {"name": name, "reading": "", "team": "", "email": f"{name}@example.org", **more}
    response = stranger.post(sign_up_url(tournament), data)
    assert response.status_code == status, response.content.decode()[:3000]
    return response.content.decode()


def withdraw_link(message: mail.EmailMessage) -> str:
    found = re.search(r"http://testserver(/\S+/withdraw/\S+/)", message.body)
    assert found, message.body
    return found[1]


def by_status(tournament: Tournament, status: str) -> list[str]:
    return list(tournament.registrations.filter(status=status).values_list("name", flat=True))


def test_four_places_then_a_waiting_list_of_three_that_moves_up_in_order_as_two_withdraw(
    tournament: Tournament, mailoutbox: list[mail.EmailMessage]
) -> None:
    open_registration(tournament, capacity=4)
    people = ["Aoki", "Baba", "Chiba", "Doi", "Endo", "Fujii", "Goto"]
    pages = [sign_up(tournament, name) for name in people]

    tournament_page = Client().get(f"/c/{tournament.club.slug}/tournaments/{tournament.pk}/")
    assert sign_up_url(tournament) in tournament_page.content.decode()  # "Register to play"
    assert by_status(tournament, RegistrationStatus.PLACE) == people[:4]
    # Each one's e-mails are written in the language they registered in.
    assert set(tournament.registrations.values_list("language", flat=True)) == {"en"}
    assert by_status(tournament, RegistrationStatus.WAITING) == people[4:]
    assert all("You have a place" in page for page in pages[:4])
    for number, page in enumerate(pages[4:], 1):
        assert f"you are number {number} on the waiting list" in page
    assert [m.to for m in mailoutbox] == [[f"{name}@example.org"] for name in people]
    assert [m.subject for m in mailoutbox] == [
        "秋季大会: you have a place",
        "秋季大会: you have a place",
        "秋季大会: you have a place",
        "秋季大会: you have a place",
        "秋季大会: number 1 on the waiting list",
        "秋季大会: number 2 on the waiting list",
        "秋季大会: number 3 on the waiting list",
    ]

    # Baba and Chiba withdraw through the links in their e-mails (GET asks, POST withdraws).
    reader = Client()
    reader.cookies.load(EN)
    for name in ("Baba", "Chiba"):
        link = withdraw_link(mailoutbox[people.index(name)])
        assert "Withdraw from this tournament?" in reader.get(link).content.decode()
        assert "You have withdrawn." in reader.post(link).content.decode()

    assert by_status(tournament, RegistrationStatus.PLACE) == ["Aoki", "Doi", "Endo", "Fujii"]
    assert by_status(tournament, RegistrationStatus.WITHDRAWN) == ["Baba", "Chiba"]
    goto = tournament.registrations.get(name="Goto")
    assert registration.waiting_position(goto) == 1
    moved = mailoutbox[7:]
    assert [(m.to, m.subject) for m in moved] == [
        (["Endo@example.org"], "秋季大会: a place has come free for you"),
        (["Fujii@example.org"], "秋季大会: a place has come free for you"),
    ]
    endo = tournament.registrations.get(name="Endo")
    assert withdraw_link(moved[0]).endswith(f"/withdraw/{endo.token}/")

    # Baba's link a second time: already withdrawn, and nobody else moves or is written to.
    link = withdraw_link(mailoutbox[1])
    for answer in (reader.get(link), reader.post(link)):
        assert answer.status_code == 200
        assert "You have already withdrawn from this tournament" in answer.content.decode()
    assert len(mailoutbox) == 9
    assert by_status(tournament, RegistrationStatus.WAITING) == ["Goto"]


def test_past_the_deadline_or_closed_the_form_says_so_and_takes_nobody(
    tournament: Tournament, mailoutbox: list[mail.EmailMessage]
) -> None:
    deadline = timezone.now().replace(second=0, microsecond=0) - datetime.timedelta(hours=1)
    open_registration(tournament, capacity=None, registration_deadline=deadline)
    # Shown in the club's time zone (Asia/Tokyo).
    shown = deadline.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%Y-%m-%d %H:%M")
    stranger = Client()
    stranger.cookies.load(EN)
    page = stranger.get(sign_up_url(tournament)).content.decode()
    assert f"The registration deadline ({shown}) has passed" in page
    assert 'name="email"' not in page
    page = sign_up(tournament, "Aoki", status=422)
    assert f"The registration deadline ({shown}) has passed" in page

    open_registration(tournament, capacity=None, registration_open=False)
    page = sign_up(tournament, "Aoki", status=422)
    assert "Registration for this tournament is closed." in page
    assert not tournament.registrations.exists()
    assert not mailoutbox

    # A private club's closed registration is as unknown as the club's other pages.
    tournament.club.is_public = False
    tournament.club.save()
    response = Client().get(sign_up_url(tournament))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_name_or_address_registered_already_is_refused_with_a_message(
    tournament: Tournament,
) -> None:
    open_registration(tournament, capacity=None)
    services.register(tournament, ["山田"])  # added by hand by the organiser
    sign_up(tournament, "Aoki")
    page = sign_up(tournament, "Aoki Taro", status=422, email="AOKI@example.org")
    assert "This e-mail address has registered for this tournament already." in page
    page = sign_up(tournament, "Aoki", status=422, email="other@example.org")
    assert "Aoki is registered for this tournament already." in page
    page = sign_up(tournament, "山田", status=422, email="yamada@example.org")
    assert "山田 is registered for this tournament already." in page
    page = sign_up(tournament, "Robot", status=422, website="http://spam.example")
    assert "This registration could not be accepted." in page
    assert list(tournament.registrations.values_list("name", flat=True)) == ["Aoki"]


def test_the_federation_fields_are_asked_only_when_the_tournament_asks_and_reach_the_player(
    tournament: Tournament, as_organiser_en: Client
) -> None:
    open_registration(tournament, capacity=None)
    form = Client().get(sign_up_url(tournament)).content.decode()
    assert 'name="ema_number"' not in form
    assert 'name="nationality"' not in form
    sign_up(tournament, "Aoki", ema_number="04290042", nationality="JPN")
    assert tournament.registrations.get(name="Aoki").nationality == ""

    open_registration(tournament, capacity=None, asks_federation=True)
    form = Client().get(sign_up_url(tournament)).content.decode()
    assert 'name="ema_number"' in form
    assert 'name="nationality"' in form
    page = sign_up(tournament, "Baba", status=422)
    assert "This field is required." in page
    page = sign_up(tournament, "Baba", status=422, nationality="J1N")
    assert "Write the nationality as its three-letter code" in page
    page = sign_up(tournament, "Baba", status=422, ema_number="4290042", nationality="JPN")
    assert "An EMA number is 8 digits (04010001); this one is “4290042”." in page
    # typed on a Japanese keyboard: full-width digits and letters are the ordinary ones
    sign_up(tournament, "Baba", reading="ババ", ema_number="０４２９００４２", nationality="ｊｐｎ")

    baba = tournament.registrations.get(name="Baba")
    url = reverse("tournaments:registrant", args=[tournament.club.slug, tournament.pk, baba.pk])
    assert as_organiser_en.post(url, {"action": "approve"}).status_code == 302
    player = Player.objects.get(club=tournament.club, name="Baba")
    assert (player.reading, player.ema_number, player.nationality) == ("ばば", "04290042", "JPN")
    assert tournament.entries.get().player == player


def test_the_organiser_reorders_refuses_and_approves_and_the_waiting_list_follows(
    tournament: Tournament, as_organiser_en: Client, mailoutbox: list[mail.EmailMessage]
) -> None:
    club = tournament.club
    base = f"/c/{club.slug}/tournaments/{tournament.pk}"
    settings = {
        "registration_open": "on",
        "registration_capacity": "2",
        "registration_deadline": "2030-11-20T18:00",
    }
    assert as_organiser_en.post(f"{base}/registration/", settings).status_code == 302
    tournament.refresh_from_db()
    # Written in the club's time (Asia/Tokyo), stored as the moment it is.
    assert tournament.registration_deadline == datetime.datetime(
        2030, 11, 20, 9, 0, tzinfo=datetime.UTC
    )
    for name in ("Aoki", "Baba", "Chiba", "Doi", "Endo"):
        sign_up(tournament, name)
    mailoutbox.clear()

    def act(name: str, action: str) -> None:
        chosen = tournament.registrations.get(name=name)
        response = as_organiser_en.post(f"{base}/registration/{chosen.pk}/", {"action": action})
        assert response.status_code == 302

    act("Endo", "earlier")
    act("Chiba", "later")
    assert by_status(tournament, RegistrationStatus.WAITING) == ["Endo", "Chiba", "Doi"]

    act("Aoki", "refuse")
    assert by_status(tournament, RegistrationStatus.REFUSED) == ["Aoki"]
    assert by_status(tournament, RegistrationStatus.PLACE) == ["Baba", "Endo"]
    assert [(m.to, m.subject) for m in mailoutbox] == [
        (["Aoki@example.org"], "秋季大会: your registration"),
        (["Endo@example.org"], "秋季大会: a place has come free for you"),
    ]

    page = as_organiser_en.get(f"{base}/players/").content.decode()
    assert "2 of 2 places taken" in page
    assert 'value="2030-11-20T18:00"' in page  # the deadline as written, in the club's time
    assert "waiting, number 1" in page
    assert "waiting, number 2" in page
    assert "Moved up from the waiting list: Endo." in page

    act("Baba", "approve")
    assert as_organiser_en.post(f"{base}/registration/approve/").status_code == 302
    entries = tournament.entries.order_by("player__name")
    assert [entry.player.name for entry in entries] == ["Baba", "Endo"]
    assert by_status(tournament, RegistrationStatus.APPROVED) == ["Baba", "Endo"]

    # An approved registrant withdraws before the day: the entry goes, Chiba moves up.
    reader = Client()
    reader.post(reverse("tournaments:withdraw", args=[club.slug, tournament.pk, _token("Baba")]))
    assert [entry.player.name for entry in tournament.entries.all()] == ["Endo"]
    assert by_status(tournament, RegistrationStatus.PLACE) == ["Chiba"]
    assert Player.objects.filter(club=club, name="Baba").exists()  # the player stays

    # More places: the rest of the waiting list moves up.
    more = {**settings, "registration_capacity": "5"}
    as_organiser_en.post(f"{base}/registration/", more)
    assert by_status(tournament, RegistrationStatus.PLACE) == ["Chiba", "Doi"]

    with translation.override("en"):
        log = ClubLog.objects.filter(object_id=tournament.pk)
        logged = [entry_words(entry).sentence for entry in log]
    assert "Reordered the waiting list of “秋季大会”: Endo, Chiba, Doi." in logged
    assert "Aoki registered for “秋季大会” through its link: has a place." in logged
    assert "Changed a registration for “秋季大会”." in logged
    assert "Changed the registration of “秋季大会”." in logged


def _token(name: str) -> str:
    return Registration.objects.get(name=name).token


def test_an_entry_dropped_by_the_organiser_before_the_day_gives_its_place_to_the_first_waiting(
    tournament: Tournament, as_organiser_en: Client, mailoutbox: list[mail.EmailMessage]
) -> None:
    """Capacity 2: Aoki and Baba are approved, Chiba waits. The organiser drops Baba out (the
    players page, not Baba's own link): the place is free, Chiba moves up and is told."""
    open_registration(tournament, 2)
    for name in ("Aoki", "Baba", "Chiba"):
        sign_up(tournament, name)
    registration.approve_places(tournament)
    mailoutbox.clear()
    base = f"/c/{tournament.club.slug}/tournaments/{tournament.pk}"
    baba = tournament.entries.get(player__name="Baba")
    response = as_organiser_en.post(f"{base}/players/{baba.pk}/", {"action": "drop"})
    assert response.status_code == 302
    assert by_status(tournament, RegistrationStatus.PLACE) == ["Chiba"]
    assert [(m.to, m.subject) for m in mailoutbox] == [
        (["Chiba@example.org"], "秋季大会: a place has come free for you"),
    ]
    page = as_organiser_en.get(f"{base}/players/").content.decode()
    assert "Moved up from the waiting list: Chiba." in page

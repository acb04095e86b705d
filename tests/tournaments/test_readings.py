"""Names in あいうえお order: a player's reading (よみがな), the lists that sort by it, and the
check-in list's search and check-in of many at once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from clubs import kana
from clubs import services as clubs
from clubs.log_words import entry_words
from clubs.models import Club, ClubLog, LogKind, Player
from tests.clubs.conftest import logged_in
from tests.tournaments.conftest import DAY, make_tournament
from tournaments import services
from tournaments.models import EntryStatus, SeatingMethod, Tournament

# Code-point order of the names is 中村, 井上, 山口, 青木, 鈴木; あいうえお order is 青木 (あおき),
# 井上 (いのうえ), 中村 (なかむら), 山口 (やまぐち), then 鈴木, who has no reading yet.
READINGS = {
    "中村": "なかむら",
    "井上": "いのうえ",
    "山口": "ヤマグチ",
    "青木": "あおき",
    "鈴木": "",
}
ORDER = ["青木", "井上", "中村", "山口", "鈴木"]


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("やまだ", "やまだ"), ("ヤマダ", "やまだ"), ("ﾔﾏﾀﾞ", "やまだ"),
     (" やまだ　 たろう ", "やまだ たろう"), ("ささき・じろう", "ささき・じろう"),
     ("ゆうこー", "ゆうこー"), ("", "")],
)  # fmt: skip
def test_a_reading_is_kept_in_hiragana(typed: str, stored: str) -> None:
    assert kana.reading(typed) == stored


@pytest.mark.parametrize("typed", ["山田", "yamada", "やまだ1", "やまだ!"])
def test_a_reading_in_kanji_or_letters_is_refused(typed: str) -> None:
    with pytest.raises(ValueError, match=typed):
        kana.reading(typed)


@pytest.fixture
def named(club: Club) -> list[Player]:
    return [clubs.add_player(club, name, reading=kana.reading(r)) for name, r in READINGS.items()]


def test_the_clubs_lists_are_in_aiueo_order(club: Club, named: list[Player]) -> None:
    assert [player.name for player in club.players.filter(name__in=READINGS)] == ORDER


def test_the_players_page_adds_and_corrects_a_reading_and_names_a_bad_one(
    club: Club, organiser: User
) -> None:
    client = logged_in(organiser)
    response = client.post(f"/c/{club.slug}/players/new/", {"name": "森", "reading": "モリ"})
    assert response.status_code == 302
    mori = Player.objects.get(name="森")
    assert mori.reading == "もり"
    bad = client.post(
        f"/c/{club.slug}/players/{mori.pk}/rename/", {"name": "森", "reading": "mori"}
    )
    assert (
        "よみがなは、ひらがなかカタカナで入力してください(やまだ、ヤマダ)。" in bad.content.decode()
    )
    assert Player.objects.get(pk=mori.pk).reading == "もり"
    client.post(f"/c/{club.slug}/players/{mori.pk}/rename/", {"name": "森", "reading": "もりた"})
    assert Player.objects.get(pk=mori.pk).reading == "もりた"
    entry = ClubLog.objects.filter(kind=LogKind.PLAYER, action="reading").get()
    assert (entry.before, entry.after) == ({"reading": "もり"}, {"reading": "もりた"})
    page = client.get(f"/c/{club.slug}/players/").content.decode()
    assert '森</a> <small class="reading">もりた</small>' in page


def test_the_game_start_screen_offers_the_players_in_aiueo_order(
    club: Club, named: list[Player], organiser: User
) -> None:
    page = logged_in(organiser).get(f"/c/{club.slug}/games/new/").content.decode()
    assert [page.index(f">{name}<") for name in ORDER] == sorted(
        page.index(f">{name}<") for name in ORDER
    )


@pytest.fixture
def tournament(club: Club, named: list[Player]) -> Tournament:
    ruleset = club.rulesets.get(name="Kルール")
    tournament = services.create_tournament(
        club, name="秋季大会", starts_on=DAY, ruleset=ruleset, rounds=3
    )
    services.register(tournament, list(READINGS))
    return tournament


def entries_url(club: Club, tournament: Tournament) -> str:
    return f"/c/{club.slug}/tournaments/{tournament.pk}/players/"


def shown(html: str) -> list[str]:
    return [name for name in sorted(READINGS, key=html.find) if f">{name}" in html]


def test_the_check_in_list_is_in_aiueo_order_and_finds_a_player_by_reading(
    club: Club, tournament: Tournament, as_organiser: Client
) -> None:
    url = entries_url(club, tournament)
    assert shown(as_organiser.get(url).content.decode()) == ORDER
    for typed in ("やま", "ヤマ", "山"):
        found = as_organiser.get(url, {"q": typed}).content.decode()
        assert shown(found) == ["山口"], typed
    partial = as_organiser.get(url, {"q": "なか"}, headers={"HX-Request": "true"})
    text = partial.content.decode()
    assert text.lstrip().startswith('<div id="entries">')
    assert shown(text) == ["中村"]
    assert "「なか」で1人見つかりました。" in text
    assert "該当するプレイヤーはいません。" in as_organiser.get(url, {"q": "ん"}).content.decode()


def test_many_players_are_checked_in_at_once_in_one_log_entry(
    club: Club, tournament: Tournament, as_organiser: Client
) -> None:
    url = entries_url(club, tournament)
    ticked = [tournament.entries.get(player__name=name).pk for name in ("青木", "山口")]
    response = as_organiser.post(url + "check-in/", {"entries": ticked})
    assert response.status_code == 302
    status = dict(tournament.entries.values_list("player__name", "status"))
    assert status == {
        "青木": EntryStatus.CHECKED_IN, "山口": EntryStatus.CHECKED_IN, "井上": "registered",
        "中村": "registered", "鈴木": "registered",
    }  # fmt: skip
    (entry,) = ClubLog.objects.filter(kind=LogKind.TOURNAMENT, action="status")
    assert entry.after == {"青木": "checked_in", "山口": "checked_in"}
    messages = as_organiser.get(url).content.decode()
    assert "2人を受付しました。" in messages


def test_a_check_in_of_another_tournaments_player_saves_nothing_and_says_why(
    club: Club, tournament: Tournament, as_organiser: Client
) -> None:
    other = make_tournament(club, players=4, checked_in=False, name="別の大会")
    theirs = other.entries.first().pk
    mine = tournament.entries.get(player__name="青木").pk
    url = entries_url(club, tournament)
    as_organiser.post(url + "check-in/", {"entries": [mine, theirs]})
    as_organiser.post(url + "check-in/", {"entries": ["x"]})
    as_organiser.post(url + "check-in/", {})
    assert not tournament.entries.filter(status=EntryStatus.CHECKED_IN).exists()
    page = as_organiser.get(url).content.decode()
    assert page.count("選んだプレイヤーの中に、この大会に登録されていない人がいます。") == 2
    assert "受付するプレイヤーにチェックを入れてください。" in page


def test_a_late_check_in_says_what_it_did_to_the_drafts(
    club: Club, tournament: Tournament, as_organiser: Client
) -> None:
    """Four of the five check in and round 1 is drawn; the fifth checks in: five fill no tables
    of four, so the draft is withdrawn and the organiser is told why and what to do."""
    url = entries_url(club, tournament)
    first_four = [tournament.entries.get(player__name=name).pk for name in ORDER[:4]]
    as_organiser.post(url + "check-in/", {"entries": first_four})
    services.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    fifth = tournament.entries.get(player__name="鈴木")
    as_organiser.post(f"{url}{fifth.pk}/", {"action": "checked_in"})
    page = as_organiser.get(url).content.decode()
    assert "1回戦の下書きの卓組を取り消しました。受付済みのプレイヤーで卓が埋まりません。" in page
    assert not tournament.round_set.exists()
    with translation.override("ja"):
        sentence = entry_words(ClubLog.objects.get(action="withdrawn")).sentence
    assert sentence == (
        "「秋季大会」の1回戦の下書きの卓組を取り消しました。"
        "受付済みのプレイヤーで卓が埋まらなくなったためです。"
    )

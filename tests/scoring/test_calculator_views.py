"""The hand calculator's panel and its answers (htmx GETs that save nothing).

K-rule games between Aoki (first dealer), Baba, Chiba and Doi, and a Tenhou-rules one for red
fives. Every answer is checked against the rules: han, fu, the value button it presses, what
it pays; every refusal names the tile or the field, in the reader's language.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club
from scoring.models import Game, Hand
from tests.scoring.factories import make_game, make_ruleset


@pytest.fixture
def keeper(client: Client, scorekeeper: User) -> Client:
    """The scorekeeper, reading in English (the header's switch; else the club's Japanese)."""
    client.force_login(scorekeeper)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def count_url(game: Game, seat: int) -> str:
    return f"/c/{game.club.slug}/games/{game.pk}/calculator/{seat}/count/"


def counted(client: Client, game: Game, seat: int = 1, **fields: Any) -> str:
    params = {"seat_wind": "S", "round_wind": "E", **fields}
    response = client.get(count_url(game, seat), params)
    assert response.status_code == 200
    return response.content.decode()


def use_button(html: str) -> dict[str, Any]:
    match = re.search(r'data-value="([^"]+)" data-fields="([^"]+)"', html)
    assert match, html
    return {"value": match.group(1), **json.loads(match.group(2).replace("&quot;", '"'))}


@pytest.mark.django_db
def test_the_panel_opens_with_the_seat_wind_and_the_hand_forms_taps(
    keeper: Client, game: Game
) -> None:
    """Baba (South, as Aoki deals East 1) opens the panel with riichi and tsumo tapped on the
    hand form: they come ticked; K-rule's local yaku are named as not counted."""
    url = f"/c/{game.club.slug}/games/{game.pk}/calculator/1/"
    html = keeper.get(url, {"result": "tsumo", "riichi": ["1", "3"]}).content.decode()
    assert 'name="seat_wind" value="S"' in html
    assert 'name="round_wind" value="E"' in html
    assert re.search(r'name="tsumo" value="on" checked', html)
    assert re.search(r'name="riichi" value="on" checked', html)
    assert "Isshoku sanjun" in html or "一色三順" in html
    assert 'data-tile="0p"' not in html  # K-rule here plays no red fives


@pytest.mark.django_db
def test_a_pinfu_tsumo_counts_20_fu_and_presses_the_3_han_button(
    keeper: Client, game: Game
) -> None:
    """Riichi, menzen tsumo, pinfu: 3 han 20 fu (K-rule: 自摸平和 20符); a non-dealer's tsumo of
    3 han 20 fu pays 700 / 1,300."""
    html = counted(keeper, game, hand="234789m12345666p", tsumo="on", riichi="on")
    fields = use_button(html)
    assert fields == {
        "value": "h3",
        "han": 3,
        "fu": 20,
        "yaku": ["menzen_tsumo", "riichi", "pinfu"],
        "dora": 0,
        "open": False,
        "ippatsu": False,
        "ura": 0,
        "aka": 0,
    }
    assert "700 / 1,300" in html


@pytest.mark.django_db
def test_ten_han_under_k_rule_is_its_2_5_mangan_button(keeper: Client, game: Game) -> None:
    """234 234 456 678 and 55 of sou, won on 8s (a two-sided wait): chinitsu (6) + riichi (1)
    + iipeikou (1) + pinfu (1) + tanyao (1) = 10 han: K-rule's 跳倍満 (2.5 mangan), a
    non-dealer's ron of 20,000."""
    html = counted(keeper, game, hand="2233444555667s8s", riichi="on")
    fields = use_button(html)
    assert fields["han"] == 10
    assert "20,000" in html


@pytest.mark.django_db
def test_a_double_yakuman_records_its_multiple_and_names(keeper: Client, club: Club) -> None:
    """With double yakuman, suuankou tanki is y2; Tenhou's rules count it single."""
    doubles = make_ruleset(club, "tenhou", "ダブル役満あり", yaku={"double_yakuman": True})
    fields = use_button(counted(keeper, make_game(club, doubles), hand="11122233344455m"))
    assert (fields["value"], fields["yakuman"], fields["yaku"]) == ("y2", 2, ["suuankou_tanki"])
    tenhou = make_game(club, make_ruleset(club, "tenhou", "天鳳"))
    fields = use_button(counted(keeper, tenhou, hand="11122233344455m"))
    assert (fields["value"], fields["yakuman"], fields["yaku"]) == ("y1", 1, ["suuankou_tanki"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"hand": "1112223334445m"}, "14 tiles"),
        ({"hand": "55555p123m456s111z"}, "only four 5 pin"),
        ({"hand": "135m456p789s11224z"}, "not complete"),
        ({"hand": "123m456p789s11z23s5s"}, "does not win on 5 sou: it waits on 1 sou, 4 sou"),
        ({"hand": "123m456p789s1122x"}, "not a tile"),
        ({"hand": "234m456p345678s2z2z"}, "no yaku"),
        ({"hand": "123m456p789s11z22z", "melds": "q123m"}, "does not say chi"),
        ({"seat_wind": "X"}, "X"),
        ({"hand": "123m456p789s11z228z"}, "no tile “8z”"),
    ],
    ids=["count", "five", "incomplete", "not-waiting", "notation", "no-yaku", "meld", "wind", "8z"],
)
def test_a_hand_that_cannot_be_counted_says_why_naming_the_tile(
    keeper: Client, game: Game, fields: dict[str, str], words: str
) -> None:
    html = counted(keeper, game, **fields)
    assert "calc-problem" in html
    assert words in html


@pytest.mark.django_db
def test_problems_come_in_japanese_naming_the_tile(
    client: Client, scorekeeper: User, game: Game
) -> None:
    client.force_login(scorekeeper)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "ja"
    html = counted(client, game, hand="55555p123m456s111z")
    assert "5筒" in html


@pytest.mark.django_db
def test_red_fives_count_as_the_ruleset_plays_them(keeper: Client, club: Club) -> None:
    """Tenhou rules play one red five a suit: 0p adds a han (riichi tanyao pinfu + aka 1 = 4
    han 30 fu ron, won on 8p waiting 5p-8p); a red 5p more (as a dora indicator) is more than
    the ruleset has."""
    tenhou = make_game(club, make_ruleset(club, "tenhou", "天鳳"))
    hand = "234m340p67p345s77s8p"
    fields = use_button(counted(keeper, tenhou, hand=hand, riichi="on"))
    assert (fields["han"], fields["fu"], fields["dora"]) == (4, 30, 1)
    html = counted(keeper, tenhou, hand=hand, dora="0p", riichi="on")
    assert "red 5 pin" in html


@pytest.mark.django_db
def test_counting_saves_nothing_and_a_member_cannot_count(
    client: Client, game: Game, club: Club
) -> None:
    from clubs.models import Role
    from tests.scoring.factories import make_member

    client.force_login(make_member(club, "member", Role.MEMBER))
    response = client.get(count_url(game, 1), {"hand": "234789m12345666p"})
    assert response.status_code == 403
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_the_calculators_dora_and_yaku_feed_the_player_statistics(
    keeper: Client, game: Game
) -> None:
    """Baba wins twice with what "use this value" fills in: 3 dora and riichi-pinfu-tanyao,
    then a kokushi by name with no dora. 平均ドラ = 3 ÷ 2 wins that record dora = 1.50; the yaku
    table counts the yakuman by its name."""
    from scoring import services
    from standings.players import hand_figures, player_stats
    from tests.scoring.test_views import HTMX, ron_form, url

    first = ron_form(0, key="k0", dora_1="3", yaku_1=["riichi", "pinfu", "tanyao"])
    second = ron_form(1, key="k1", value_1="y1", dora_1="0", yaku_1=["kokushi"], riichi=[])
    second.pop("fu_1")
    for data in (first, second):
        response = keeper.post(url(game, "hands/"), data, headers=HTMX)
        assert response.status_code == 200, response.text
    # Chiba busted by the kokushi (トビ): the settlement confirmed
    services.finish_game(Game.objects.get(pk=game.pk), version=2, key="end")
    baba = game.seats.get(seat=1).player
    stats = player_stats(baba)
    dora = next(f for f in hand_figures(stats.hands) if f.key == "average_dora")
    assert (dora.value, dora.n) == (1.5, 2)
    assert stats.yaku is not None
    assert {line.key: line.wins for line in stats.yaku.lines} == {
        "riichi": 1,
        "pinfu": 1,
        "tanyao": 1,
        "kokushi": 1,
    }
    page = keeper.get(f"/c/{game.club.slug}/players/{baba.pk}/").content.decode()
    assert "Average dora (平均ドラ)" in page
    assert "Kokushi musou" in page


@pytest.mark.django_db
def test_the_answer_never_shows_more_than_the_ruleset_pays(keeper: Client, club: Club) -> None:
    """Daisangen, tsuuiisou and suuankou tanki are three yakuman; a ruleset paying one at most
    shows one, says why, and "use" presses the single yakuman. Under a 2-han minimum, a 1-han
    tanyao says so."""
    single = make_ruleset(club, "tenhou", "役満は一倍まで", yakuman_max=1)
    html = counted(keeper, make_game(club, single), hand="555666777z111z22z")
    assert (use_button(html)["value"], use_button(html)["yakuman"]) == ("y1", 1)
    assert "3× yakuman counted; this ruleset pays at most 1×." in html
    two_han = make_ruleset(club, "tenhou", "二翻縛り", min_han={"default": 2})
    html = counted(keeper, make_game(club, two_han), hand="234m456p345678s5p5p")
    assert "needs 2 han" in html


TILE_TEXT = st.text(alphabet="0123456789mpsz acpk", max_size=24)


@pytest.mark.django_db
def test_any_hand_typed_into_the_panel_gets_an_answer_never_a_server_error(
    keeper: Client, game: Game
) -> None:
    """Random tiles, calls and indicators in the notation's own letters (so most are nearly
    hands), and random ticks: every answer is a count or a problem in words."""

    @settings(
        max_examples=max(20, settings.default.max_examples // 5),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(
        hand=TILE_TEXT,
        melds=TILE_TEXT,
        dora=TILE_TEXT,
        ticks=st.sets(st.sampled_from(SITUATION_TICKS)),
        wind=st.sampled_from("ESWN"),
    )
    def ask(hand: str, melds: str, dora: str, ticks: set[str], wind: str) -> None:
        params = {"seat_wind": wind, "round_wind": "E", "hand": hand, "melds": melds}
        params |= {"dora": dora, "ura": dora[::-1], **dict.fromkeys(ticks, "on")}
        response = keeper.get(count_url(game, 1), params)
        assert response.status_code == 200
        text = response.content.decode()
        assert "calc-problem" in text or "data-calc-use" in text or "calc-hand" not in text

    ask()


SITUATION_TICKS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "open_riichi", "last_tile", "rinshan",
    "chankan", "first_turn",
)  # fmt: skip

"""Whatever a tablet posts to the hand screen, the answer is a page, never a server error.

Hypothesis posts random taps, half-filled rows and junk (seats out of range, words for numbers,
huge numbers) to the preview and to the record endpoints of a K-rule game. Each answer must be
a page the scorekeeper can read (200, or 409/422 with a message), and whatever was stored must
still replay: a bad post never damages a game.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Role
from scoring import services
from scoring.models import Game, Hand
from tests.scoring.factories import make_member

HTMX = {"HX-Request": "true"}
SEAT = st.sampled_from(["0", "1", "2", "3", "4", "-1", "x", "", "1.5"])
SEATS = st.lists(SEAT, max_size=5)
AMOUNT = st.sampled_from(["1000", "300", "0", "-500", "abc", "", "1e9", "9" * 30])
VALUE = st.sampled_from(["h1", "h2", "h3", "h4", "h5", "h6", "h13", "y1", "y2", "y1.5"])
JUNK_VALUE = st.sampled_from(["h0", "h99", "y0", "y99", "zz", "", "h-1"])
FU = st.sampled_from(["20", "25", "30", "40", "110", "35", "0", "abc", ""])
SMALL = st.sampled_from(["0", "1", "3", "-1", "99", "x", ""])
RESULT = st.sampled_from(["ron", "tsumo", "draw", "nagashi", "abortive", "chombo", "", "win"])
ABORTIVE = st.sampled_from(["kyuushu", "suufon", "suucha_riichi", "sanchahou", "suukaikan", "x"])
ROW = st.sampled_from(["0", "1", "2", "7", "39", "40", "999"])


@st.composite
def hand_posts(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {"result": draw(RESULT), "riichi": draw(SEATS)}
    for name in ("ron_winners", "tenpai", "nagashi", "dead"):
        if draw(st.booleans()):
            data[name] = draw(SEATS)
    for name in ("discarder", "tsumo_winner", "chombo", "wareme"):
        if draw(st.booleans()):
            data[name] = draw(SEAT)
    if draw(st.booleans()):
        data["abortive"] = draw(ABORTIVE)
    for seat in range(4):
        if draw(st.booleans()):
            data[f"value_{seat}"] = draw(st.one_of(VALUE, JUNK_VALUE))
            data[f"fu_{seat}"] = draw(FU)
        if draw(st.integers(0, 4)) == 0:
            data[f"pao_{seat}"] = draw(SEAT)
            data[f"pao_yakuman_{seat}"] = draw(st.one_of(VALUE, JUNK_VALUE))
        if draw(st.integers(0, 4)) == 0:
            data[f"dora_{seat}"] = draw(SMALL)
            data[f"open_{seat}"] = draw(st.sampled_from(["on", ""]))
            data[f"yaku_{seat}"] = draw(st.lists(st.sampled_from(["riichi", "pinfu", "x"])))
    for _ in range(draw(st.integers(0, 2))):
        row = draw(ROW)
        data[f"deposit-{row}-seats"] = draw(SEATS)
        data[f"deposit-{row}-amount"] = draw(AMOUNT)
    for _ in range(draw(st.integers(0, 2))):
        row = draw(ROW)
        data[f"payment-{row}-from"] = draw(SEAT)
        data[f"payment-{row}-to"] = draw(SEATS)
        data[f"payment-{row}-amount"] = draw(AMOUNT)
        data[f"payment-{row}-reason"] = draw(st.text(max_size=120))
    if draw(st.booleans()):
        data["stop"] = "on"
    return data


@st.composite
def plausible_posts(draw: st.DrawFn) -> dict[str, Any]:
    """A hand that can be recorded (most of the time), maybe with a few junk fields mixed in."""
    seat = st.integers(0, 3)
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "chombo"]))
    data: dict[str, Any] = {"result": kind, "riichi": [str(s) for s in draw(st.sets(seat))]}
    if kind in ("ron", "tsumo"):
        winner = draw(seat)
        data["ron_winners" if kind == "ron" else "tsumo_winner"] = str(winner)
        data[f"value_{winner}"] = draw(st.sampled_from(["h2", "h3", "h4", "h5", "h6"]))
        data[f"fu_{winner}"] = draw(st.sampled_from(["30", "40"]))
        if kind == "ron":
            data["discarder"] = str((winner + draw(st.integers(1, 3))) % 4)
        data["tenpai"] = data["riichi"]
    elif kind == "draw":
        data["tenpai"] = sorted({*data["riichi"], *(str(s) for s in draw(st.sets(seat)))})
    else:
        data["chombo"] = str(draw(seat))
    if draw(st.integers(0, 3)) == 0:
        payer = draw(seat)
        data["payment-0-from"] = str(payer)
        data["payment-0-to"] = [str((payer + 1) % 4)]
        data["payment-0-amount"] = "1000"
    if draw(st.integers(0, 3)) == 0:
        data |= draw(hand_posts())  # junk over a good hand
    return data


@pytest.fixture
def keeper(client: Client, game: Game) -> Client:
    client.force_login(make_member(game.club, "fuzz", Role.SCOREKEEPER))
    return client


# Each example is two requests: a fifth of the profile's examples (100 on CI).
POSTS = settings(
    max_examples=max(10, settings.default.max_examples // 5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@POSTS
@given(post=st.one_of(hand_posts(), plausible_posts()), stale=st.booleans(), edit=st.booleans())
def test_any_post_to_the_hand_screen_gets_a_page_and_keeps_the_game_whole(
    keeper: Client, game: Game, post: dict[str, Any], stale: bool, edit: bool
) -> None:
    game.refresh_from_db()
    url = f"/c/{game.club.slug}/games/{game.pk}/hands/"
    stored = list(Hand.objects.filter(game=game).values_list("number", "data"))
    if edit and stored:
        url += f"{stored[-1][0]}/"
    data = {**post, "version": game.version - 1 if stale else game.version, "key": "k"}
    data["key"] = f"fuzz-{game.version}-{len(stored)}-{stale}-{edit}"

    preview = keeper.post(url + "preview/", data, headers=HTMX)
    assert preview.status_code in (200, 204), preview.content[:500]  # 204: the game has ended
    answer = keeper.post(url, data, headers=HTMX)
    assert answer.status_code in (200, 409, 422), answer.content[:500]

    # Whatever the answer, the stored game still replays, and a refused post changed nothing.
    game.refresh_from_db()
    services.game_state(game)
    if answer.status_code != 200:
        assert list(Hand.objects.filter(game=game).values_list("number", "data")) == stored


def test_the_fuzzer_reaches_stored_hands(keeper: Client, game: Game) -> None:
    """The strategy's plain posts are recordable: a ron with its value is stored."""
    data = {"version": 0, "key": "plain", "result": "ron", "ron_winners": ["1"], "discarder": "2"}
    data |= {"value_1": "h3", "fu_1": "30"}
    answer = keeper.post(f"/c/{game.club.slug}/games/{game.pk}/hands/", data, headers=HTMX)
    assert answer.status_code == 200
    assert Hand.objects.filter(game=game).count() == 1

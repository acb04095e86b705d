"""The game pages: full pages and htmx parts, the engine's messages in the form, conflicts.

K-rule (Kルール) games between Aoki (first dealer), Baba, Chiba and Doi.
"""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, Role, Ruleset
from scoring import services
from scoring.display import YAKU_NAMES
from scoring.engine import replay_record
from scoring.models import Game, GameLog, GameStatus, Hand
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset
from tests.scoring.test_services import ron, tenhou_log

HTMX = {"HX-Request": "true"}


@pytest.fixture
def keeper(client: Client, scorekeeper: User) -> Client:
    client.force_login(scorekeeper)
    return client


def url(game: Game, tail: str = "") -> str:
    return f"/c/{game.club.slug}/games/{game.pk}/{tail}"


def ron_form(version: int, key: str = "form-key", **more: Any) -> dict[str, Any]:
    """Baba rons Chiba for 3 han 30 fu, with Baba's riichi."""
    data = {
        "version": version,
        "key": key,
        "result": "ron",
        "ron_winners": ["1"],
        "discarder": "2",
        "value_1": "h3",
        "fu_1": "30",
        "riichi": ["1"],
    }
    return {**data, **more}


def checked(html: str, name: str, value: str) -> bool:
    pattern = rf'<input type="(?:radio|checkbox)" name="{name}" value="{value}"[^>]*\bchecked\b'
    return re.search(pattern, html) is not None


def payment(payer: str, receiver: str, amount: str, kind: str) -> str:
    """A row of the preview's payments."""
    arrow = '<td aria-hidden="true">→</td>'
    money = f'<td class="num">{amount}</td><td class="kind">{kind}</td>'
    return f"<tr><td>{payer}</td>{arrow}<td>{receiver}</td>{money}</tr>"


def cells(name: str, before: str, delta: str, after: str) -> str:
    """A row of the preview's scores."""
    numbers = f'<td class="num">{before}</td><td class="num delta">{delta}</td>'
    return f'<tr><th>{name}</th>{numbers}<td class="num">{after}</td></tr>'


def step(key: str, label: str, *values: str) -> str:
    """A row of the settlement."""
    tds = "".join(f'<td class="num">{value}</td>' for value in values)
    return f'<tr class="step-{key}"><th scope="row">{label}</th>{tds}</tr>'


def hidden(html: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', html)
    assert match, f"no hidden {name}"
    return match.group(1)


# -- starting ------------------------------------------------------------------------------


def test_the_start_page_offers_the_club_rulesets_and_players(
    keeper: Client, club: Club, k_rule: Ruleset
) -> None:
    make_ruleset(club, "tenhou", "天鳳ルール")
    response = keeper.get(f"/c/{club.slug}/games/new/")
    assert response.status_code == 200
    assert "<h1>新しい対局</h1>" in response.text
    assert f'<option value="{k_rule.pk}" selected>Kルール</option>' in response.text
    assert "天鳳ルール" in response.text
    assert response.text.count('list="club-players"') == 4


def test_a_sanma_ruleset_redraws_the_form_with_three_seats(keeper: Client, club: Club) -> None:
    sanma = make_ruleset(club, "gensou_sanma", "三人麻雀")
    response = keeper.get(f"/c/{club.slug}/games/new/", {"ruleset": sanma.pk}, headers=HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text
    assert response.text.count('list="club-players"') == 3


def test_starting_a_game_creates_new_players_and_opens_the_hand_screen(
    keeper: Client, club: Club, k_rule: Ruleset
) -> None:
    data = {
        "key": "start",
        "ruleset": k_rule.pk,
        "player_0": "Aoki",
        "player_1": "Baba",
        "player_2": "Chiba",
        "player_3": "Doi",
        "seating": "order",
        "entry": "hands",
        "table_label": "1卓",
        "played_on": "2026-11-22",
    }
    response = keeper.post(f"/c/{club.slug}/games/new/", data, headers=HTMX)
    game = Game.objects.get()
    assert response.headers["HX-Redirect"] == url(game)
    assert [seat.player.name for seat in game.seats.all()] == ["Aoki", "Baba", "Chiba", "Doi"]
    page = keeper.get(url(game)).text
    assert "東1局 0本場" in page
    assert keeper.post(f"/c/{club.slug}/games/new/", data, headers=HTMX).headers[
        "HX-Redirect"
    ] == url(game)
    assert Game.objects.count() == 1


def test_a_random_draw_seats_the_same_four(keeper: Client, club: Club, k_rule: Ruleset) -> None:
    data = {
        "key": "draw",
        "ruleset": k_rule.pk,
        **{f"player_{seat}": name for seat, name in enumerate(["A", "B", "C", "D"])},
        "seating": "draw",
        "entry": "scores",
        "played_on": "2026-11-22",
    }
    response = keeper.post(f"/c/{club.slug}/games/new/", data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response.headers["Location"] == url(game, "final-scores/")
    assert sorted(seat.player.name for seat in game.seats.all()) == ["A", "B", "C", "D"]


def test_a_missing_player_keeps_the_form(keeper: Client, club: Club, k_rule: Ruleset) -> None:
    data = {
        "key": "k",
        "ruleset": k_rule.pk,
        "player_0": "Aoki",
        "player_1": "Baba",
        "player_2": "Aoki",
        "seating": "order",
        "entry": "hands",
        "played_on": "2026-11-22",
    }
    response = keeper.post(f"/c/{club.slug}/games/new/", data, headers=HTMX)
    assert response.status_code == 422
    assert "プレイヤーを選ぶか名前を入力してください。" in response.text
    assert "このプレイヤーはすでに席があります。" in response.text
    assert 'value="Baba"' in response.text
    assert not Game.objects.exists()


# -- the hand screen -----------------------------------------------------------------------


def test_the_hand_screen_shows_round_seats_and_the_ruleset_results(
    keeper: Client, game: Game
) -> None:
    page = keeper.get(url(game)).text
    assert '<span class="round">東1局 0本場</span>' in page
    assert (
        '<span class="wind">東</span><span class="name">Aoki</span><span class="badge">親</span>'
        in page
    )
    assert page.count('<div class="score">25,000</div>') == 4
    results = re.findall(r'<input type="radio" name="result" value="(\w+)"', page)
    assert results == ["ron", "tsumo", "draw", "nagashi", "chombo"]  # K-rule: no abortive draw
    assert 'name="stop"' not in page  # not the last hand


def test_the_htmx_screen_is_the_part_without_the_page(keeper: Client, game: Game) -> None:
    response = keeper.get(url(game), headers=HTMX)
    assert response.text.lstrip().startswith('<div id="screen"')
    assert "<html" not in response.text


def test_the_han_buttons_carry_the_fu_the_engine_accepts(keeper: Client, game: Game) -> None:
    page = keeper.get(url(game)).text
    one_han = re.search(
        r'name="value_0" value="h1" data-fu-ron="([^"]*)" data-fu-tsumo="([^"]*)"', page
    )
    assert one_han.groups() == ("30 40 50 60 70 80 90 100 110", "30 40 50 60 70 80 90 100 110")
    two_han = re.search(
        r'name="value_0" value="h2" data-fu-ron="([^"]*)" data-fu-tsumo="([^"]*)"', page
    )
    assert two_han.groups() == (
        "25 30 40 50 60 70 80 90 100 110",
        "20 25 30 40 50 60 70 80 90 100 110",
    )
    mangan = re.search(r'name="value_0" value="h5" data-fu-ron="" data-fu-tsumo=""', page)
    assert mangan is not None
    assert 'value_0" value="h7"' not in page  # 跳満 is one button (6 han)
    assert re.findall(r'name="value_0" value="(y[\d.]+)"', page) == [
        "y1",
        "y1.5",
        "y2",
        "y3",
        "y4",
        "y5",
        "y6",
    ]


def test_the_preview_shows_every_payment_and_the_scores_after(keeper: Client, game: Game) -> None:
    response = keeper.post(url(game, "hands/preview/"), ron_form(0), headers=HTMX)
    assert response.status_code == 200
    text = re.sub(r"\s+", " ", response.text)
    assert payment("Baba", "供託(場)", "1,000", "立直棒") in text
    assert payment("Chiba", "Baba", "3,900", "和了") in text
    assert payment("供託(場)", "Baba", "1,000", "供託") in text
    assert cells("Baba", "25,000", "+3,900", "28,900") in text
    assert "次は東2局 0本場。" in text
    assert not Hand.objects.exists()


def test_the_preview_says_what_is_still_missing(keeper: Client, game: Game) -> None:
    data = ron_form(0)
    del data["value_1"]
    response = keeper.post(url(game, "hands/preview/"), data, headers=HTMX)
    assert "翻数か満貫などをタップしてください。" in response.text


def test_the_preview_shows_the_engine_message(keeper: Client, game: Game) -> None:
    response = keeper.post(
        url(game, "hands/preview/"), ron_form(0, value_1="h1", fu_1="20"), headers=HTMX
    )
    assert 'class="preview-error"' in response.text
    assert "第1局(東1局 0本場): Baba: 1翻20符のロンはありえません。" in response.text


def test_recording_a_hand_answers_with_the_fresh_screen(keeper: Client, game: Game) -> None:
    response = keeper.post(url(game, "hands/"), ron_form(0), headers=HTMX)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="screen"')
    assert '<span class="round">東2局 0本場</span>' in response.text
    assert hidden(response.text, "version") == "1"
    assert hidden(response.text, "key") != "form-key"
    assert "ロン: Baba 3翻30符 ← Chiba" in response.text
    stored = ron(1, 2, 3, 30, riichi=[1])
    stored["result"]["wins"][0]["open"] = False  # 副露あり unticked: a closed hand
    assert Hand.objects.get().data == stored


YAKU_PICKS = 4 * len(YAKU_NAMES)  # every seat's yaku picker in the win panels


def panels_tag(html: str) -> str:
    match = re.search(r'<div id="win-panels" data-panels="([0-9a-f]+)">', html)
    assert match, "no blank win panels"
    return match.group(1)


def test_the_answer_to_a_recorded_hand_leaves_out_the_win_panels_the_tablet_keeps(
    keeper: Client, game: Game
) -> None:
    screen = keeper.get(url(game), headers=HTMX).text
    assert screen.count('name="yaku_') == YAKU_PICKS
    sent = {**HTMX, "X-Tenbou-Panels": panels_tag(screen)}
    response = keeper.post(url(game, "hands/"), ron_form(0), headers=sent)
    assert response.status_code == 200
    assert '<div id="win-panels" hx-preserve></div>' in response.text
    assert "data-panels-kept" in response.text
    for name in ("value_", "fu_", "yaku_", "dora_", "open_", "pao_"):
        assert f'name="{name}' not in response.text
    assert '<span class="round">東2局 0本場</span>' in response.text
    assert Hand.objects.count() == 1
    fresh = keeper.get(url(game), headers=HTMX).text
    assert fresh.count('name="yaku_') == YAKU_PICKS
    assert panels_tag(fresh) == panels_tag(screen)  # the same panels at the next hand


@pytest.mark.parametrize("tag", [None, "0123456789abcdef"])
def test_panels_the_tablet_does_not_have_come_with_the_answer(
    keeper: Client, game: Game, tag: str | None
) -> None:
    """No tag (the offline queue, a form whose panels show taps) or another tag: drawn."""
    sent = HTMX if tag is None else {**HTMX, "X-Tenbou-Panels": tag}
    response = keeper.post(url(game, "hands/"), ron_form(0), headers=sent)
    assert response.status_code == 200
    assert "hx-preserve" not in response.text
    assert response.text.count('name="yaku_') == YAKU_PICKS
    assert panels_tag(response.text)


def dead_hand_picks(html: str) -> list[str]:
    """The names of the dead-hand picks of the events, and whether each is ticked."""
    block = html[html.index('id="dead-label"') :]
    block = block[: block.index("</div>")]
    return re.findall(r'value="\d"\s*(checked)?><span>([^<]+)</span>', block)


def test_the_blank_events_are_drawn_once_for_the_names_and_never_for_a_refused_form(
    keeper: Client, club: Club, k_rule: Ruleset, game: Game
) -> None:
    """The events of a blank form (dead hand, deposits, payments) come from a cache keyed by
    the ruleset, the names and the language: another table's names are its own, and a
    refused form shows its own ticks, never the blank cached one."""
    first = keeper.get(url(game), headers=HTMX).text
    assert [name for _tick, name in dead_hand_picks(first)] == ["Aoki", "Baba", "Chiba", "Doi"]
    other = make_game(club, k_rule, players=("Endo", "Fujii", "Goto", "Hara"))
    drawn = keeper.get(url(other), headers=HTMX).text
    assert [name for _tick, name in dead_hand_picks(drawn)] == ["Endo", "Fujii", "Goto", "Hara"]
    refused = keeper.post(url(game, "hands/"), ron_form(0, fu_1="", dead=["3"]), headers=HTMX)
    assert refused.status_code == 422
    assert dead_hand_picks(refused.text) == [
        ("", "Aoki"),
        ("", "Baba"),
        ("", "Chiba"),
        ("checked", "Doi"),
    ]
    assert '<details class="events" open>' in refused.text
    again = keeper.get(url(game), headers=HTMX).text
    assert dead_hand_picks(again) == dead_hand_picks(first)


def test_a_refused_hand_draws_its_win_panels_with_the_taps_and_no_tag(
    keeper: Client, game: Game
) -> None:
    screen = keeper.get(url(game), headers=HTMX).text
    sent = {**HTMX, "X-Tenbou-Panels": panels_tag(screen)}
    response = keeper.post(url(game, "hands/"), ron_form(0, fu_1=""), headers=sent)
    assert response.status_code == 422
    assert "hx-preserve" not in response.text
    assert '<div id="win-panels">' in response.text
    assert checked(response.text, "value_1", "h3")


def test_without_htmx_a_recorded_hand_shows_the_full_page(keeper: Client, game: Game) -> None:
    response = keeper.post(url(game, "hands/"), ron_form(0))
    assert response.status_code == 200
    assert "<html" in response.text
    assert Hand.objects.count() == 1


def test_the_same_key_posted_twice_is_one_hand(keeper: Client, game: Game) -> None:
    keeper.post(url(game, "hands/"), ron_form(0, key="retry"), headers=HTMX)
    again = keeper.post(url(game, "hands/"), ron_form(0, key="retry"), headers=HTMX)
    assert again.status_code == 200
    assert Hand.objects.count() == 1
    assert '<span class="round">東2局 0本場</span>' in again.text


def test_a_retried_last_hand_is_answered_as_recorded(keeper: Client, game: Game) -> None:
    play(game, ron(0, 3, 6))
    last = {"version": 1, "key": "last", "result": "ron", "ron_winners": ["1"], "discarder": "3"}
    last["value_1"] = "h8"  # Doi busts: the game ends with this hand
    first = keeper.post(url(game, "hands/"), last, headers=HTMX)
    again = keeper.post(url(game, "hands/"), last, headers=HTMX)
    assert (first.status_code, again.status_code) == (200, 200)
    assert "精算を確定する" in again.text
    assert Hand.objects.count() == 2


def test_a_hand_sent_after_another_tablet_ended_the_game_gets_the_fresh_version(
    keeper: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game row and its hands are separate reads: a tablet's last hand committed between
    them shows the end with the version before it. The refusal is drawn from a fresh read, so
    the settlement is confirmed with the version the game has."""
    play(game, ron(0, 3, 6), ron(1, 3, 8))  # Doi busts: the game has ended, version 2
    real = services.game_state
    reads = iter([True])

    def torn(game_: Game) -> services.GameState:
        state = real(game_)
        if next(reads, False):
            state.game.version -= 1  # the row as it was before the other tablet's commit
        return state

    monkeypatch.setattr("scoring.services.hands.game_state", torn)
    late = {"version": 1, "key": "late", "result": "draw", "tenpai": ["0"]}
    response = keeper.post(url(game, "hands/"), late, headers=HTMX)
    assert response.status_code == 409
    assert set(re.findall(r'name="version" value="(\d+)"', response.text)) == {"2"}
    monkeypatch.undo()
    finish = {"version": 2, "key": "finish"}
    assert keeper.post(url(game, "finish/"), finish, headers=HTMX).status_code == 200


def test_a_retried_deletion_of_the_last_hand_is_answered_as_done(
    keeper: Client, game: Game
) -> None:
    play(game, ron(1, 2, 3, 30), ron(3, 0, 2, 30))
    first = keeper.post(url(game, "hands/2/delete/"), {"version": 2, "key": "del"})
    again = keeper.post(url(game, "hands/2/delete/"), {"version": 2, "key": "del"})
    assert (first.status_code, again.status_code) == (302, 302)
    assert Hand.objects.count() == 1


def test_an_invalid_value_keeps_the_inputs_and_shows_the_engine_message(
    keeper: Client, game: Game
) -> None:
    response = keeper.post(url(game, "hands/"), ron_form(0, value_1="h1", fu_1="20"), headers=HTMX)
    assert response.status_code == 422
    win_panel = response.text[response.text.index('<fieldset class="win" data-seat="1">') :]
    assert (
        "第1局(東1局 0本場): Baba: 1翻20符のロンはありえません。"
        in win_panel[: win_panel.index("</fieldset>")]
    )
    for name, value in [
        ("result", "ron"),
        ("ron_winners", "1"),
        ("discarder", "2"),
        ("riichi", "1"),
        ("value_1", "h1"),
        ("fu_1", "20"),
    ]:
        assert checked(response.text, name, value), name
    assert hidden(response.text, "key") == "form-key"
    assert not Hand.objects.exists()


def test_an_english_scorekeeper_reads_the_engine_in_english(keeper: Client, game: Game) -> None:
    keeper.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"  # the header's switch (else: the club's)
    data = ron_form(0, value_1="h1", fu_1="20")
    response = keeper.post(url(game, "hands/preview/"), data, headers=HTMX)
    assert "Hand 1 (East 1 0 honba): Baba: 1 han 20 fu by ron is not possible." in response.text


def test_a_missing_tap_is_named(keeper: Client, game: Game) -> None:
    response = keeper.post(
        url(game, "hands/"),
        {"version": 0, "key": "k", "result": "ron", "discarder": "2"},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert "和了者をタップしてください。" in response.text
    response = keeper.post(url(game, "hands/"), {"version": 0, "key": "k"}, headers=HTMX)
    assert "局の結果をタップしてください。" in response.text


def test_a_riichi_player_listed_noten_is_refused_beside_the_tenpai_toggles(
    keeper: Client, game: Game
) -> None:
    data = {"version": 0, "key": "k", "result": "draw", "riichi": ["2"], "tenpai": ["0"]}
    response = keeper.post(url(game, "hands/"), data, headers=HTMX)
    assert response.status_code == 422
    assert (
        '<p class="field-error">第1局(東1局 0本場): Chibaは立直していますが不聴になっています。</p>'
        in response.text
    )


def test_a_second_tablet_gets_a_conflict_with_its_inputs_and_the_fresh_state(
    keeper: Client, game: Game
) -> None:
    services.record_hand(game, ron(3, 0, 2, 30), version=0, key="first tablet")
    response = keeper.post(url(game, "hands/"), ron_form(0, key="second tablet"), headers=HTMX)
    assert response.status_code == 409
    assert "この対局は別の端末で変更されました。" in response.text
    assert hidden(response.text, "version") == "1"
    assert hidden(response.text, "key") == "second tablet"
    assert checked(response.text, "ron_winners", "1")
    assert '<span class="round">東2局 0本場</span>' in response.text
    assert '<div class="score">23,000</div>' in response.text  # Aoki paid Doi 2000
    assert Hand.objects.count() == 1


def test_the_stop_choice_appears_at_the_last_hand_only_where_the_dealer_chooses(
    keeper: Client, game: Game
) -> None:
    for dealer in range(1, 4):
        services.record_hand(
            game, ron(dealer, (dealer + 1) % 4, 1, 30), version=game.version, key=f"e{dealer}"
        )
        game.refresh_from_db()
    for dealer in range(4):
        services.record_hand(
            game, ron((dealer + 1) % 4, dealer, 1, 30), version=game.version, key=f"s{dealer}"
        )
        game.refresh_from_db()
    page = keeper.get(url(game)).text
    assert "南4局 0本場" in page
    assert 'name="stop"' in page  # K-rule: agari-yame at any rank


# -- permissions ---------------------------------------------------------------------------


def test_a_member_sees_the_game_but_cannot_record(client: Client, club: Club, game: Game) -> None:
    member = make_member(club, "mita", Role.MEMBER)
    client.force_login(member)
    page = client.get(url(game))
    assert page.status_code == 200
    assert 'id="entry"' not in page.text
    assert '<div class="score">25,000</div>' in page.text
    assert client.post(url(game, "hands/"), ron_form(0)).status_code == 403


def test_a_visitor_is_sent_to_log_in_and_another_club_gets_404(
    client: Client, game: Game, scorekeeper: User
) -> None:
    response = client.post(url(game, "hands/"), ron_form(0))
    assert response.status_code == 302
    assert "login" in response.headers["Location"]
    other = make_club("other")
    make_ruleset(other)
    client.force_login(make_member(other, "yoso"))
    assert client.get(f"/c/other/games/{game.pk}/").status_code == 404


# -- editing and deleting ------------------------------------------------------------------


def play(game: Game, *hands: dict) -> None:
    for hand in hands:
        game.refresh_from_db()
        services.record_hand(game, hand, version=game.version, key=f"k{game.version}")
    game.refresh_from_db()


def test_the_edit_page_is_the_hand_screen_filled_with_the_hand(keeper: Client, game: Game) -> None:
    play(game, ron(1, 2, 3, 30, riichi=[1]), ron(3, 0, 7))
    page = keeper.get(url(game, "hands/2/")).text
    assert "第2局の修正" in page
    assert '<span class="round">東2局 0本場</span>' in page
    assert '<div class="score">28,900</div>' in page  # Baba before hand 2
    assert checked(page, "ron_winners", "3")
    assert checked(page, "discarder", "0")
    assert checked(page, "value_3", "h7")  # the 跳満 button carries the 7 han it was given
    assert "12,000" in page  # the stored hand's preview: haneman from Aoki


def test_a_hand_with_several_payments_and_deposits_opens_with_a_row_for_each(
    keeper: Client, game: Game
) -> None:
    events = [
        {"type": "deposit", "seat": 0, "amount": 1000},
        {"type": "deposit", "seat": 2, "amount": 3000},
        {"type": "payment", "from": 0, "to": [1], "amount": 1000, "reason": "誤ロン"},
        {"type": "payment", "from": 3, "to": [0, 2], "amount": 500, "reason": "見せ牌"},
    ]
    play(game, {**ron(1, 2, 3, 30), "events": events})
    page = keeper.get(url(game, "hands/1/")).text
    assert checked(page, "deposit-0-seats", "0")
    assert '<input type="number" name="deposit-1-amount" value="3000"' in page
    assert checked(page, "deposit-1-seats", "2")
    assert checked(page, "payment-0-from", "0")
    assert checked(page, "payment-1-from", "3")
    assert checked(page, "payment-1-to", "0")
    assert checked(page, "payment-1-to", "2")
    assert 'name="payment-1-reason" value="見せ牌"' in page
    # Each group: its rows, one blank row shown, and two spares behind the add button.
    assert page.count('data-row="deposit"') == page.count('data-row="payment"') == 5
    assert page.count('data-row="payment" hidden') == 2

    # Changing the win and sending the rest back untouched keeps every event.
    data = {
        **ron_form(1, riichi=[]),
        "value_1": "h4",
        "deposit-0-seats": ["0"],
        "deposit-0-amount": "1000",
        "deposit-1-seats": ["2"],
        "deposit-1-amount": "3000",
        "deposit-2-amount": "1000",
        "payment-0-from": "0",
        "payment-0-to": ["1"],
        "payment-0-amount": "1000",
        "payment-0-reason": "誤ロン",
        "payment-1-from": "3",
        "payment-1-to": ["0", "2"],
        "payment-1-amount": "500",
        "payment-1-reason": "見せ牌",
        "payment-2-amount": "",
    }
    response = keeper.post(url(game, "hands/1/"), data, headers=HTMX)
    assert response.headers["HX-Redirect"] == url(game)
    stored = Hand.objects.get(game=game, number=1).data
    assert stored["events"] == events
    assert stored["result"]["wins"][0]["han"] == 4
    # 4 han 30 fu from Chiba: 7700, and Baba takes the 4000 deposited like riichi sticks.
    # Aoki pays 1000 to Baba and gets 500 from Doi, who pays Chiba 500 as well.
    deltas = services.game_state(game).replay.hands[0].deltas
    assert deltas == (-1000 - 1000 + 500, 7700 + 4000 + 1000, -7700 - 3000 + 500, -1000)


def test_a_payment_to_the_payer_is_refused_in_japanese_beside_its_row(
    keeper: Client, game: Game
) -> None:
    data = ron_form(0, **{"payment-0-from": "1", "payment-0-to": ["1"], "payment-0-amount": "500"})
    response = keeper.post(url(game, "hands/"), data, headers=HTMX)
    assert response.status_code == 422
    assert (
        "第1局(東1局 0本場): Babaは自分には支払えません。受け取る人は他の人から選んでください。"
        in (response.text)
    )
    assert checked(response.text, "payment-0-from", "1")  # the taps are still there
    assert Hand.objects.filter(game=game).count() == 0


def test_editing_a_hand_replays_the_later_ones(keeper: Client, game: Game) -> None:
    play(game, ron(1, 2, 3, 30, riichi=[1]), ron(3, 0, 2, 30))
    response = keeper.post(url(game, "hands/1/"), ron_form(2, value_1="h4"), headers=HTMX)
    assert response.headers["HX-Redirect"] == url(game)
    assert Hand.objects.get(number=1).data["result"]["wins"][0]["han"] == 4
    assert services.game_state(game).replay.hands[-1].scores == (23000, 32700, 17300, 27000)


def test_an_edit_that_breaks_a_later_hand_names_it(keeper: Client, game: Game) -> None:
    play(game, ron(1, 2, 2, 30), ron(1, 2, 2, 30))
    data = {
        "version": 2,
        "key": "e",
        "result": "ron",
        "ron_winners": ["0"],
        "discarder": "2",
        "value_0": "y1",
    }
    response = keeper.post(url(game, "hands/1/"), data, headers=HTMX)
    assert response.status_code == 422
    assert "第2局(東1局 1本場): 対局は第1局で終わっています(トビ(持ち点が0未満))。" in response.text
    assert checked(response.text, "value_0", "y1")
    assert Hand.objects.get(number=1).data == ron(1, 2, 2, 30)


def test_delete_asks_then_moves_the_later_hands_up(keeper: Client, game: Game) -> None:
    play(game, ron(1, 2, 3, 30), ron(3, 0, 2, 30))
    page = keeper.get(url(game, "hands/1/delete/"))
    assert "第1局を削除しますか?" in page.text
    response = keeper.post(url(game, "hands/1/delete/"), {"version": 2, "key": "d"})
    assert response.status_code == 302
    assert [hand.data for hand in Hand.objects.all()] == [ron(3, 0, 2, 30)]
    assert keeper.get(url(game, "hands/5/delete/")).status_code == 404


# -- the end -------------------------------------------------------------------------------


def tobi(game: Game) -> None:
    """Doi busts: Aoki's haneman (18000), then a double ron."""
    double = {
        "riichi": [],
        "result": {
            "type": "ron",
            "from": 3,
            "wins": [{"winner": 0, "han": 3, "fu": 30}, {"winner": 1, "han": 2, "fu": 30}],
        },
    }
    play(game, ron(0, 3, 6), double)


def test_the_end_shows_the_settlement_step_by_step_to_confirm(keeper: Client, game: Game) -> None:
    tobi(game)
    page = keeper.get(url(game)).text
    assert 'id="entry"' not in page
    assert "トビ(持ち点が0未満)" in page
    text = re.sub(r"\s+", " ", page)
    assert step("tobi_bonus", "トビ賞", "0.0", "+5.0", "0.0", "-5.0") in text
    assert step("points", "ポイント", "+59.0", "+12.0", "-15.0", "-56.0") in text
    response = keeper.post(url(game, "finish/"), {"version": 2, "key": "fin"}, headers=HTMX)
    assert response.headers["HX-Redirect"] == url(game)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert "対局を再開する" in keeper.get(url(game)).text


def test_ending_early_settles_as_it_stands(keeper: Client, game: Game) -> None:
    play(game, ron(1, 2, 3, 30, riichi=[1]))
    page = keeper.get(url(game, "end-early/")).text
    assert "+39.0" in page
    response = keeper.post(
        url(game, "end-early/"), {"version": 1, "key": "end", "reason": "時間切れ"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.forced_end_reason) == ("finished", "時間切れ")
    assert "終局: 打ち切り(時間切れ)。" in keeper.get(url(game)).text


def test_a_hand_of_a_game_ended_early_opens_for_editing_and_refuses_bad_input_without_a_500(
    keeper: Client, game: Game
) -> None:
    """The table before hand 1 is the start of the game, not the referee's end after the last."""
    play(game, ron(1, 2, 3, 30))
    services.end_game_early(game, reason="時間切れ", version=1, key="end")
    assert keeper.get(url(game, "hands/1/")).status_code == 200
    refused = keeper.post(url(game, "hands/1/"), {"chombo": "tsumo", "scores_0": "<script>"})
    assert refused.status_code == 422
    start = keeper.post(f"/c/{game.club.slug}/games/new/", {"ruleset": "<script>", "key": "k"})
    assert start.status_code == 422


def test_reopening_is_logged_and_voiding_needs_an_admin(
    keeper: Client, game: Game, admin: User
) -> None:
    tobi(game)
    services.finish_game(game, version=2, key="fin")
    response = keeper.post(url(game, "reopen/"), {"version": 3, "key": "re", "reason": "点数違い"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.ONGOING
    assert GameLog.objects.get(action="reopened").detail == "点数違い"
    assert keeper.get(url(game, "void/")).status_code == 403
    keeper.force_login(admin)
    assert (
        keeper.post(url(game, "void/"), {"version": 4, "key": "v", "reason": ""}).status_code == 422
    )
    response = keeper.post(url(game, "void/"), {"version": 4, "key": "v", "reason": "選手違い"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.void_reason) == ("voided", "選手違い")
    assert "取消: 選手違い" in keeper.get(url(game)).text


def test_a_stale_finish_is_a_conflict(keeper: Client, game: Game) -> None:
    tobi(game)
    response = keeper.post(url(game, "finish/"), {"version": 1, "key": "fin"}, headers=HTMX)
    assert response.status_code == 409
    assert "この対局は別の端末で変更されました。" in response.text


# -- score-only entry, import, export ------------------------------------------------------


def test_final_scores_are_checked_then_confirmed(keeper: Client, game: Game) -> None:
    scores = {"score_0": 40000, "score_1": 30000, "score_2": 20000, "score_3": 9000}
    wrong = keeper.post(
        url(game, "final-scores/"),
        {"version": 0, "key": "f", "deposits": 0, **scores, "action": "check"},
        headers=HTMX,
    )
    assert wrong.status_code == 422
    assert "素点と残り供託の合計が99000点です。100000点になるはずです。" in wrong.text
    assert 'value="40000"' in wrong.text
    right = keeper.post(
        url(game, "final-scores/"),
        {"version": 0, "key": "f", "deposits": 1000, **scores, "action": "check"},
        headers=HTMX,
    )
    assert right.status_code == 200
    assert "+51.0" in right.text
    assert "精算を確定する" in right.text
    game.refresh_from_db()
    assert game.status == GameStatus.ONGOING
    done = keeper.post(
        url(game, "final-scores/"),
        {"version": 0, "key": "f", "deposits": 1000, **scores, "action": "confirm"},
        headers=HTMX,
    )
    assert done.headers["HX-Redirect"] == url(game)
    game.refresh_from_db()
    assert (game.status, game.final_scores) == ("finished", [40000, 30000, 20000, 9000])


def test_a_tenhou_log_is_shown_then_imported(keeper: Client, club: Club, k_rule: Ruleset) -> None:
    log = SimpleUploadedFile("2019081518gm.xml", tenhou_log().encode(), "text/xml")
    path, form = f"/c/{club.slug}/games/import/", {"key": "imp", "played_on": "2019-08-15"}
    shown = keeper.post(path, {**form, "log": log})
    assert shown.status_code == 200
    assert not Game.objects.exists()
    assert "保存していません" in shown.text
    assert "この対局を保存する" in shown.text
    text = shown.context["form"].initial["text"]
    assert text == tenhou_log()
    saved = keeper.post(path, {**form, "text": text, "save": "1"})
    game = Game.objects.get()
    assert saved.status_code == 302
    assert saved.headers["Location"] == url(game)
    assert game.status == GameStatus.FINISHED


def test_a_file_that_is_no_tenhou_log_is_named(keeper: Client, club: Club) -> None:
    log = SimpleUploadedFile("notes.xml", b"<notes/>", "text/xml")
    response = keeper.post(
        f"/c/{club.slug}/games/import/",
        {"key": "imp", "log": log, "played_on": "2019-08-15", "save": "1"},
    )
    assert response.status_code == 422
    detail = "not a Tenhou log: the root element is &lt;notes&gt;, not &lt;mjloggm&gt;"
    assert f"点棒で読める天鳳の牌譜ではありません({detail})。" in response.text


def test_the_exported_record_replays_to_what_the_page_shows(keeper: Client, game: Game) -> None:
    tobi(game)
    record = json.loads(keeper.get(url(game, "record.json")).content)
    assert record["players"] == ["Aoki", "Baba", "Chiba", "Doi"]
    assert replay_record(record)["final"]["points"] == [59.0, 12.0, -15.0, -56.0]


def test_a_public_club_game_list_is_open_to_visitors(client: Client, db: None) -> None:
    club = make_club("open", public=True)
    make_ruleset(club)
    make_game(club)
    page = client.get("/c/open/games/")
    assert page.status_code == 200
    assert "Aoki · Baba · Chiba · Doi" in page.text
    assert "新しい対局" not in page.text


def test_a_tenhou_rules_screen_offers_the_abortive_draws(keeper: Client, club: Club) -> None:
    game = make_game(club, make_ruleset(club, "tenhou", "天鳳ルール"))
    page = keeper.get(url(game)).text
    kinds = re.findall(r'name="abortive" value="(\w+)"', page)
    assert sorted(kinds) == ["kyuushu", "sanchahou", "suucha_riichi", "suufon", "suukaikan"]
    assert "九種九牌" in page
    assert 'name="pao_0"' in page


def test_a_sanma_screen_seats_three(keeper: Client, club: Club) -> None:
    sanma = make_ruleset(club, "gensou_sanma", "三人麻雀")
    game = make_game(club, sanma, ("Aoki", "Baba", "Chiba"))
    page = keeper.get(url(game)).text
    assert page.count('<section class="seat') == 3
    assert '<span class="wind">西</span><span class="name">Chiba</span>' in page
    data = {"version": 0, "key": "k", "result": "tsumo", "tsumo_winner": "1", "value_1": "h3"}
    response = keeper.post(url(game, "hands/"), {**data, "fu_1": "30"}, headers=HTMX)
    assert response.status_code == 200
    assert Hand.objects.get().data["result"] == {
        "type": "tsumo",
        "winner": 1,
        "han": 3,
        "fu": 30,
        "open": False,
    }


def test_the_hand_screen_travels_compressed_to_a_tablet_that_accepts_gzip(
    keeper: Client, game: Game
) -> None:
    plain = keeper.get(url(game), headers=HTMX)
    packed = keeper.get(url(game), headers={**HTMX, "Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content).decode().count('name="result"') == plain.text.count(
        'name="result"'
    )
    assert len(packed.content) * 4 < len(plain.content)


def test_a_database_error_while_saving_keeps_the_hand_as_typed_and_saves_nothing(
    keeper: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save fails half way (after the hand row, at the statistics): all of it is undone."""
    from django.db import DatabaseError

    from scoring.models import GameLog, Hand, HandStat

    def fail(*args: Any, **kwargs: Any) -> None:
        raise DatabaseError("the server closed the connection unexpectedly")

    monkeypatch.setattr(HandStat.objects, "bulk_create", fail)
    log_before = GameLog.objects.filter(game=game).count()
    response = keeper.post(url(game, "hands/"), ron_form(game.version))
    html = response.content.decode()
    assert response.status_code == 503
    assert "何も保存していません" in html
    assert checked(html, "ron_winners", "1")
    assert checked(html, "riichi", "1")
    assert checked(html, "value_1", "h3")
    assert not Hand.objects.filter(game=game).exists()
    assert GameLog.objects.filter(game=game).count() == log_before
    game.refresh_from_db()
    assert game.version == 0
    monkeypatch.undo()
    again = keeper.post(url(game, "hands/"), ron_form(game.version))  # the same key, sent again
    assert again.status_code == 200
    assert Hand.objects.filter(game=game).count() == 1


def test_the_answer_to_a_hand_post_is_drawn_from_what_it_wrote_not_read_again(
    keeper: Client, game: Game
) -> None:
    path, form = url(game, "hands/"), ron_form(game.version)
    with CaptureQueriesContext(connection) as queries:
        response = keeper.post(path, form, headers=HTMX)
    statements = [query["sql"].split()[0].upper() for query in queries]
    begin = statements.index("SAVEPOINT")
    assert "SELECT" not in statements[begin:]
    assert statements[-1] == "RELEASE"  # the transaction ends with the request's last statement
    html = response.content.decode()
    assert 'id="hand-1"' in html
    assert hidden(html, "version") == "1"


@pytest.mark.parametrize("played", [2, 12])
def test_a_hand_post_reads_and_writes_a_fixed_number_of_queries_however_long_the_game(
    keeper: Client, game: Game, played: int, django_assert_max_num_queries: Any
) -> None:
    """At most 8 statements, however many hands the game has:

    1. the user with the membership and its club (the session comes from the cache);
    2. the game with its club, ruleset, seats (with their players) and hands;
    3. BEGIN (a savepoint here, as the test runs in a transaction);
    4. the version taken: the update that moves the game on and locks its row;
    5. the hand; 6. the log line; 7. the hand's statistics;
    8. COMMIT (the savepoint released).

    ``bench/hand_entry.py`` counts the same on a live server. The form's key is looked up only
    when the version had moved on, and the answer is drawn from what was written, not read
    again."""
    draw = {"result": {"type": "draw", "tenpai": [0]}}
    for number in range(played):
        game.refresh_from_db()
        services.record_hand(game, draw, version=game.version, key=f"played-{number}")
    game.refresh_from_db()
    path, form = url(game, "hands/"), ron_form(game.version)
    with django_assert_max_num_queries(8):
        response = keeper.post(path, form, headers=HTMX)
    assert response.status_code == 200


def test_a_log_nested_a_thousand_levels_deep_is_refused_by_name_not_a_500(
    keeper: Client, club: Club
) -> None:
    deep = '{"log":' + "[" * 1200 + "]" * 1200 + "}"
    log = SimpleUploadedFile("deep.json", deep.encode(), "application/json")
    response = keeper.post(
        f"/c/{club.slug}/games/import/",
        {"key": "deep", "log": log, "played_on": "2019-08-15", "save": "1"},
    )
    assert response.status_code == 422
    assert "64" in response.text
    assert not Game.objects.filter(club=club).exists()


@pytest.mark.parametrize("amount", ["3000000000", "9223372036854775807", "99999999999999999999"])
def test_a_payment_past_what_a_game_reaches_is_refused_beside_its_row_and_nothing_is_saved(
    keeper: Client, game: Game, amount: str
) -> None:
    play(game, ron(1, 2, 3, 30))
    data = ron_form(1, **{"payment-0-from": "1", "payment-0-to": ["2"], "payment-0-amount": amount})
    response = keeper.post(url(game, "hands/"), data, headers=HTMX)
    assert response.status_code == 422
    assert "1000000" in response.text.replace(",", "")  # the bound, said beside the field
    assert Hand.objects.filter(game=game).count() == 1  # the hand saved before is still there
    assert services.game_state(game).replay.hands[-1].scores == (25000, 28900, 21100, 25000)


def test_final_scores_past_what_a_game_reaches_are_refused_by_seat(
    keeper: Client, game: Game
) -> None:
    data = {"version": "0", "key": "big", "deposits": "0", "score_0": "3000000000",
            "score_1": "-2999900000", "score_2": "0", "score_3": "0"}  # fmt: skip
    response = keeper.post(url(game, "final-scores/"), data, headers=HTMX)
    assert response.status_code in (200, 422)
    assert "10000000" in response.text.replace(",", "")
    assert not services.game_state(game).replay.hands
    game.refresh_from_db()
    assert game.status == "ongoing"


def test_an_aotenjou_hand_of_billions_is_saved_and_shown(keeper: Client, club: Club) -> None:
    """青天井: a 24-han dealer ron pays 6 x the cap of 1,000,000,000: the hand's statistics and
    the hand's rows keep it exactly (64-bit columns on PostgreSQL), and the page shows it."""
    from scoring.models import HandStat

    aotenjou = {"cap_base": 1_000_000_000, "yakuman_han": 13}
    game = make_game(club, make_ruleset(club, "tenhou", "青天井", aotenjou=aotenjou))
    hand = {"riichi": [], "result": {"type": "ron", "from": 1,
                                     "wins": [{"winner": 0, "han": 24, "fu": 30}]}}  # fmt: skip
    play(game, hand)
    stats = {s.seat: s for s in HandStat.objects.filter(game=game)}
    assert (stats[0].delta, stats[1].score_after) == (6_000_000_000, 25000 - 6_000_000_000)
    assert "6,000,025,000" in keeper.get(url(game)).text

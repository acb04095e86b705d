"""Every error of ``spec/game-record.md`` ("Errors"): ``ok: false``, never a stack trace.

A hand's error names the hand and its round (``hand 2 (E2-0): ...``, the engine's labels being
``<wind><dealer number>-<honba>``) in the replay output, and ``RecordError.field`` names the
field, as a path into the hand (``result.wins[0].fu``). Most rows put the bad hand second,
after seat 0 deals into seat 1 in E1, so it is hand 2 at E2-0.
"""

from __future__ import annotations

import re

import pytest

from scoring.engine import RecordError, read_record, replay

from .records import (
    Json,
    abortive,
    dead,
    deposit,
    draw,
    error,
    game,
    ids,
    message,
    nagashi,
    payment,
    quiet_wind,
    ron,
    tsumo,
    win,
)

FIRST = ron(0, win(1, 1, 30))  # E1: the deal passes to seat 1


def second(preset: str, hand: Json, **overrides: object) -> Json:
    """A record whose second hand (E2-0) is ``hand``."""
    first = ron(0, win(1, fan=13)) if preset == "chinese_classic" else FIRST
    return game(preset, [first, hand], **overrides)


def with_result(hand: Json, **extra: object) -> Json:
    return {**hand, "result": {**hand["result"], **extra}}


HAND_ERRORS = [
    # -- a seat out of range
    (
        "the discarder out of range",
        second("tenhou", ron(4, win(1, 1, 30))),
        "seat 4 is out of range",
        "result.from",
    ),
    (
        "a winner out of range",
        second("tenhou", ron(0, win(7, 1, 30))),
        "seat 7 is out of range",
        "result.wins[0].winner",
    ),
    (
        "a tsumo winner out of sanma's range",
        second("gensou_sanma", tsumo(3, 1, 30)),
        "seat 3 is out of range (0 to 2)",
        "result.winner",
    ),
    (
        "a riichi seat out of range",
        second("tenhou", draw(riichi=[4])),
        "seat 4 is out of range",
        "riichi[0]",
    ),
    (
        "a tenpai seat out of range",
        second("tenhou", draw(-1)),
        "seat -1 is out of range",
        "result.tenpai[0]",
    ),
    (
        "an event seat out of range",
        second("tenhou", draw(events=[dead(5)])),
        "seat 5 is out of range",
        "events[0].seat",
    ),
    (
        "a wareme seat out of range",
        second("shiragiku", draw(wareme=4), wareme=True),
        "seat 4 is out of range",
        "wareme",
    ),
    # -- a player listed twice where once is meant
    ("riichi twice", second("tenhou", draw(1, riichi=[1, 1])), "twice", "riichi"),
    ("tenpai twice", second("tenhou", draw(2, 2)), "twice", "result.tenpai"),
    (
        "a winner twice",
        second("tenhou", ron(0, win(2, 1, 30), win(2, 2, 30))),
        "twice",
        "result.wins",
    ),
    ("a nagashi player twice", second("k_rule", nagashi(2, 2)), "twice", "result.winners"),
    (
        "a payment to one seat twice",
        second("tenhou", draw(events=[payment(0, [1, 1], 100)])),
        "twice",
        "events[0].to",
    ),
    # -- a winner who is also the discarder (or pays themselves)
    (
        "a winner on their own discard",
        second("tenhou", ron(2, win(2, 1, 30))),
        "seat 2 cannot win on their own discard",
        "result.wins[0].winner",
    ),
    (
        "a payment to the payer",
        second("tenhou", draw(events=[payment(1, [1], 100)])),
        "payer",
        "events[0].to",
    ),
    (
        "pao on one's own win",
        second("tenhou", tsumo(2, yakuman=1, pao=2)),
        "seat 2 cannot be responsible (pao) for their own win",
        "result.pao",
    ),
    # -- riichi
    (
        "riichi listed noten at a draw",
        second("tenhou", draw(2, riichi=[1, 2])),
        "seat 1 declared riichi but is listed as noten",
        "result.tenpai",
    ),
    (
        "riichi listed noten at nagashi",
        second("tenhou", nagashi(3, riichi=[3])),
        "seat 3 declared riichi but is listed as noten",
        "result.tenpai",
    ),
    (
        "riichi where the ruleset has none",
        second("chinese_classic", draw(riichi=[1])),
        "this ruleset has no riichi",
        "riichi",
    ),
    # -- impossible values
    ("0 han", second("tenhou", ron(0, win(2, 0, 30))), "at least 1 han", "result.wins[0].han"),
    (
        "1 han 20 fu ron",
        second("tenhou", ron(0, win(2, 1, 20))),
        "1 han 20 fu ron is not possible",
        "result.wins[0].fu",
    ),
    (
        "1 han 20 fu tsumo",
        second("tenhou", tsumo(2, 1, 20)),
        "1 han 20 fu tsumo is not possible",
        "result.fu",
    ),
    (
        "2 han 20 fu tsumo where pinfu tsumo is 30 fu (摸八平和なし)",
        second("shiragiku", tsumo(2, 2, 20), fu={"tsumo_pinfu": 30}),
        "2 han 20 fu tsumo is not possible",
        "result.fu",
    ),
    (
        "35 fu",
        second("tenhou", ron(0, win(2, 2, 35))),
        "35 fu is not possible",
        "result.wins[0].fu",
    ),
    (
        "120 fu without aotenjou",
        second("tenhou", ron(0, win(2, 1, 120))),
        "120 fu is not possible",
        "result.wins[0].fu",
    ),
    (
        "25 fu 1 han",
        second("tenhou", ron(0, win(2, 1, 25))),
        "1 han 25 fu is not possible",
        "result.wins[0].fu",
    ),
    (
        "25 fu where chiitoitsu is 50 fu 1 han",
        second("tenhou", ron(0, win(2, 2, 25)), fu={"chiitoitsu": [50, 1]}),
        "2 han 25 fu is not possible",
        "result.wins[0].fu",
    ),
    (
        "fu missing below a mangan",
        second("tenhou", ron(0, win(2, 3))),
        "fu is missing",
        "result.wins[0].fu",
    ),
    (
        "fu missing under aotenjou",
        second("tenhou", tsumo(2, 6), aotenjou={"cap_base": 10**9, "yakuman_han": 13}),
        "fu is missing",
        "result.fu",
    ),
    (
        "han and yakuman together",
        second("tenhou", ron(0, win(2, 13, yakuman=1))),
        "not both",
        "result.wins[0].han",
    ),
    (
        "fan under a han ruleset",
        second("tenhou", ron(0, win(2, fan=13))),
        "not fan",
        "result.wins[0].fan",
    ),
    (
        "han under additive fan",
        second("chinese_classic", ron(0, win(2, 3, 30))),
        "give fan",
        "result.wins[0].fan",
    ),
    (
        "fan below the 13-fan minimum",
        second("chinese_classic", tsumo(2, fan=12)),
        "12 fan is below the 13-fan minimum",
        "result.fan",
    ),
    (
        "pao where the ruleset has none",
        second("shiragiku", tsumo(2, yakuman=1, pao=3)),
        "this ruleset has no pao",
        "result.pao",
    ),
    (
        "pao_yakuman above the yakuman",
        second("tenhou", tsumo(2, yakuman=1, pao=3, pao_yakuman=2)),
        "pao_yakuman",
        "result.pao_yakuman",
    ),
    # -- more winners than multiple_ron allows
    (
        "three winners under double ron",
        second("tenhou", ron(0, win(1, 1, 30), win(2, 1, 30), win(3, 1, 30))),
        "3 winners, but this ruleset allows at most 2",
        "result.wins",
    ),
    (
        "two winners under head bump",
        second("shiragiku", ron(0, win(2, 1, 30), win(3, 1, 30))),
        "2 winners, but this ruleset allows at most 1",
        "result.wins",
    ),
    # -- a result or abortive kind the ruleset does not have
    ("nagashi where nagashi is null", second("ema", nagashi(2)), "no nagashi", "result.type"),
    (
        "an abortive draw under K-rule (途中流局 ナシ)",
        second("k_rule", abortive("kyuushu")),
        "no abortive draw 'kyuushu'",
        "result.kind",
    ),
    (
        "four riichi under gensou (四家立直は続行)",
        second("gensou", abortive("suucha_riichi")),
        "no abortive draw 'suucha_riichi'",
        "result.kind",
    ),
    (
        "sanchahou under M-League",
        second("mleague", abortive("sanchahou")),
        "no abortive draw 'sanchahou'",
        "result.kind",
    ),
    ("an abortive kind nobody has", second("tenhou", abortive("kyushu")), "kyushu", "result.kind"),
    (
        "a result type nobody has",
        second("tenhou", {"result": {"type": "tsumoo"}}),
        "tsumoo",
        "result.type",
    ),
    (
        "a result type that is a list",
        second("tenhou", {"result": {"type": ["ron"]}}),
        "['ron']",
        "result.type",
    ),
    (
        "an event type that is an object",
        second("tenhou", draw(events=[{"type": {"dead": 1}}])),
        "{'dead': 1}",
        "events[0].type",
    ),
    (
        "a wareme where the ruleset has none",
        second("shiragiku", tsumo(2, 2, 30, wareme=3)),
        "wareme",
        "wareme",
    ),
    # -- a dead seat winning or tenpai
    (
        "a dead seat's ron",
        second("tenhou", ron(0, win(2, 1, 30), events=[dead(2)])),
        "seat 2 is dead and cannot win",
        "result.wins[0].winner",
    ),
    (
        "a dead seat's tsumo",
        second("tenhou", tsumo(3, 1, 30, events=[dead(3)])),
        "seat 3 is dead and cannot win",
        "result.winner",
    ),
    (
        "a dead seat tenpai",
        second("tenhou", draw(3, events=[dead(3)])),
        "seat 3 is dead and cannot be tenpai",
        "result.tenpai",
    ),
    (
        "a dead seat's nagashi",
        second("k_rule", nagashi(3, events=[dead(3)])),
        "seat 3 is dead",
        "result.winners",
    ),
    # -- unknown fields at every level of a hand
    (
        "an unknown hand field",
        second("tenhou", {**draw(), "riichii": [1]}),
        "unknown field 'riichii'",
        "riichii",
    ),
    (
        "an unknown result field",
        second("tenhou", with_result(draw(), honba=1)),
        "unknown field 'result.honba'",
        "result.honba",
    ),
    (
        "an unknown win field",
        second("tenhou", ron(0, win(2, 1, 30, dora_count=1))),
        "unknown field 'result.wins[0].dora_count'",
        "result.wins[0].dora_count",
    ),
    (
        "an unknown tsumo field",
        second("tenhou", with_result(tsumo(2, 1, 30), **{"from": 0})),
        "unknown field 'result.from'",
        "result.from",
    ),
    (
        "an unknown event field",
        second("tenhou", draw(events=[{**deposit(2), "why": "x"}])),
        "unknown field 'events[0].why'",
        "events[0].why",
    ),
    (
        "an unknown event type",
        second("tenhou", draw(events=[{"type": "penalty", "seat": 1}])),
        "penalty",
        "events[0].type",
    ),
    # -- badly typed values
    (
        "han as text",
        second("tenhou", ron(0, win(2, "3", 30))),
        "whole number",
        "result.wins[0].han",
    ),
    ("stop not a boolean", second("tenhou", {**draw(), "stop": "yes"}), "true or false", "stop"),
    (
        "a deposit of 0",
        second("mjkt", draw(events=[deposit(1, 0)])),
        "at least 1",
        "events[0].amount",
    ),
    (
        "pao_yakuman without pao",
        second("tenhou", tsumo(2, yakuman=2, pao_yakuman=1)),
        "needs pao",
        "result.pao_yakuman",
    ),
    (
        "a yakuman of 1.2",
        second("tenhou", tsumo(2, yakuman=1.2)),
        "multiple of 0.5",
        "result.yakuman",
    ),
    ("no result", second("tenhou", {"riichi": []}), "result", "result"),
    # -- wins in a log's shape (winner, han, fu, dora, open), read by a quicker path that must
    # refuse all the general path does
    (
        "a ron win with a tsumo's type",
        second("tenhou", ron(0, win(1, 2, 30, dora=0, open=False, type="ron"))),
        "unknown field 'result.wins[0].type'",
        "result.wins[0].type",
    ),
    (
        "a log's win with han as text",
        second("tenhou", ron(0, win(1, "2", 30, dora=0, open=False))),
        "result.wins[0].han must be a whole number",
        "result.wins[0].han",
    ),
    (
        "a log's win with fu past any hand",
        second("tenhou", ron(0, win(1, 2, 1000, dora=0, open=False))),
        "more than a game reaches",
        "result.wins[0].fu",
    ),
    (
        "a log's win with open as text",
        second("tenhou", ron(0, win(1, 2, 30, dora=0, open="no"))),
        "result.wins[0].open must be true or false",
        "result.wins[0].open",
    ),
    (
        "a log's tsumo with dora below zero",
        second("tenhou", tsumo(2, 2, 30, dora=-1, open=True)),
        "result.dora must be a whole number",
        "result.dora",
    ),
    (
        "a log's hand with riichi as a number",
        second("tenhou", {"riichi": 0, "result": ron(0, win(1, 2, 30))["result"]}),
        "riichi must be a list of seats",
        "riichi",
    ),
]


@pytest.mark.parametrize(("name", "record", "words", "field"), HAND_ERRORS, ids=ids(HAND_ERRORS))
def test_a_bad_hand_is_refused_naming_the_hand_its_round_and_the_field(
    name: str, record: Json, words: str, field: str
) -> None:
    text = message(record)
    assert text.startswith("hand 2 (E2-0): "), text
    assert words in text
    assert error(record).field == field


REPLAY_ERRORS = [
    # riichi by a player who cannot pay it: seat 3 is at 900 after a free payment in E1
    (
        "riichi below the minimum",
        "tenhou",
        [abortive("kyuushu", events=[payment(3, [0], 24100)]), draw(3, riichi=[3])],
        "hand 2 (E1-1): seat 3 cannot declare riichi with 900 points",
        "riichi",
    ),
    # 5本場以降は二翻縛り (seed 004)
    (
        "han below the 2-han minimum",
        "gensou",
        [abortive("kyuushu")] * 5 + [ron(3, win(2, 1, 30))],
        "hand 6 (E1-5): 1 han is below the 2-han minimum from 5 honba",
        "result.wins[0].han",
    ),
    # stop where the ruleset gives no such choice (mjkt rule 8: 終了を選択することはできない)
    (
        "stop under auto_if_top",
        "mjkt",
        [{**ron(0, win(1, 1, 30)), "stop": True}],
        "hand 1 (E1-0): stop",
        "stop",
    ),
    (
        "stop before the last hand",
        "k_rule",
        [{**ron(1, win(0, 1, 30)), "stop": True}],
        "hand 1 (E1-0): stop",
        "stop",
    ),
]


@pytest.mark.parametrize(
    ("name", "preset", "hands", "start", "field"), REPLAY_ERRORS, ids=ids(REPLAY_ERRORS)
)
def test_a_hand_the_table_cannot_allow_is_refused(
    name: str, preset: str, hands: list[Json], start: str, field: str
) -> None:
    record = game(preset, hands)
    assert message(record).startswith(start)
    assert error(record).field == field


def test_a_hand_after_the_game_has_ended_is_refused() -> None:
    record = game("k_rule", [*quiet_wind(), *quiet_wind(), draw()])
    text = message(record)
    assert re.match(r"hand 9 \([ESWN][1-4]-\d+\): the game already ended after hand 8", text)


def test_the_first_bad_hand_is_the_one_named() -> None:
    """Hand 1 cannot be played (a dead seat wins) and hand 2 is misspelt: hand 1 is named."""
    hands = [ron(0, win(2, 1, 30), events=[dead(2)]), {**draw(), "riichii": []}]
    assert message(game("tenhou", hands)).startswith("hand 1 (E1-0): seat 2 is dead")


GAME_ERRORS = [
    ("an unknown top-level field", {"note": "x"}, "unknown field 'note'", "note"),
    ("the wrong format", {"format": "tenbou-game/2"}, "format", "format"),
    ("a player named twice", {"players": ["A", "B", "A", "C"]}, "twice", "players"),
    (
        "three players for a four-player ruleset",
        {"players": ["A", "B", "C"]},
        "4 players",
        "players",
    ),
    (
        "an unknown penalty field",
        {"settlement_penalties": [{"seat": 0, "points": -20, "note": "x"}]},
        "unknown field 'settlement_penalties[0].note'",
        "settlement_penalties[0].note",
    ),
    (
        "a penalty seat out of range",
        {"settlement_penalties": [{"seat": 4, "points": -20}]},
        "seat 4 is out of range",
        "settlement_penalties[0].seat",
    ),
    (
        "an unknown forced_end field",
        {"forced_end": {"reason": "time", "by": "referee"}},
        "forced_end",
        "forced_end",
    ),
    ("hands not a list", {"hands": {}}, "hands must be a list", "hands"),
    (
        "final_deposits without final_scores",
        {"final_deposits": 1000},
        "final_deposits",
        "final_deposits",
    ),
]


@pytest.mark.parametrize(("name", "fields", "words", "field"), GAME_ERRORS, ids=ids(GAME_ERRORS))
def test_a_bad_record_is_refused_before_any_hand(
    name: str, fields: Json, words: str, field: str
) -> None:
    record = {**game("tenhou", [FIRST]), **fields}
    text = message(record)
    assert not text.startswith("hand ")
    assert words in text
    assert error(record).field == field


def test_forced_end_after_the_game_has_ended_is_refused() -> None:
    record = game("k_rule", [*quiet_wind(), *quiet_wind()], forced_end={"reason": "time"})
    assert "forced_end" in message(record)
    assert error(record).field == "forced_end"


def test_a_finished_game_is_required_where_asked() -> None:
    record = game("k_rule", quiet_wind())
    refused = error(record, require_end=True)
    assert refused.hand is None
    assert refused.field == "hands"
    assert "before the game has ended" in refused.full_message
    finished = replay(read_record(game("k_rule", [*quiet_wind(), *quiet_wind()])), require_end=True)
    assert finished.final is not None


def test_a_record_that_is_not_an_object_is_refused() -> None:
    assert message([]) == "the record must be a JSON object"  # type: ignore[arg-type]


def test_errors_are_record_errors_with_the_hand_number() -> None:
    refused = error(second("tenhou", ron(0, win(2, 0, 30))))
    assert isinstance(refused, RecordError)
    assert refused.hand == 2

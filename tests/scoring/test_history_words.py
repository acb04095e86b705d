"""A game's history in words: every action the services log reads as a sentence in the reader's
language, a hand named as clubs name it, and a fix shows only what it changed, before -> after."""

# ruff: noqa: E501 - one entry a line: the table reads like the log it describes

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import translation

from scoring.engine import ruleset_from_spec
from scoring.history import Words, change_of, hand_differences
from scoring.models import GameLog

WORDS = Words(["青木", "馬場", "千葉", "土井"], ruleset_from_spec({"preset": "k_rule"}))
RON = {"riichi": [1], "result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}]}}  # fmt: skip
DRAW = {"riichi": [], "result": {"type": "draw", "tenpai": [0, 3]}}


def entry(action: str, detail: str = "", before: Any = None, after: Any = None) -> GameLog:
    at = datetime.datetime(2026, 11, 24, 19, 0, tzinfo=datetime.UTC)
    return GameLog(action=action, detail=detail, before=before, after=after, at=at)


CASES = [
    (entry("started"), "対局を開始しました。", "Started the game."),
    (entry("imported", "Tenhou"), "天鳳の牌譜から対局を取り込みました。", "Imported the game from a Tenhou log."),
    (entry("imported"), "記録から対局を取り込みました。", "Imported the game from a record."),
    (entry("recorded_hand", "hand 5 (E3-1)", None, {"hand": RON}), "東3局1本場を記録しました。", "Recorded East 3, 1 honba."),
    (entry("edited_hand", "hand 1 (S2-0)", {"hand": RON}, {"hand": DRAW}), "南2局を修正しました。", "Fixed South 2."),
    (entry("deleted_hand", "hand 2 (E1-2)", {"hand": DRAW}, {}), "東1局2本場を削除しました。", "Deleted East 1, 2 honba."),
    (entry("finished", "tobi"), "精算を確定しました(トビ(持ち点が0未満))。", "Confirmed the settlement: a player went below zero (tobi)."),
    (entry("ended_early", "時間切れ"), "対局を途中で終了しました(理由: 時間切れ)。", "Ended the game early (reason: 時間切れ)."),
    (entry("final_scores", "", {"status": "ongoing"}, {"final_scores": [45000, 30000, 15000, 10000]}), "素点を入力しました。", "Entered the final scores (素点入力)."),
    (entry("reopened", "誤り"), "対局を再開しました(理由: 誤り)。", "Reopened the game (reason: 誤り)."),
    (entry("voided", "打ち直し"), "対局を取り消しました(理由: 打ち直し)。", "Voided the game (reason: 打ち直し)."),
    (entry("moved_league", "", {"league": "夏"}, {"league": None}), "対局を別のリーグへ移しました。", "Moved the game to another league."),
    (entry("something_new", "x", {"a": 1}), "対局を変更しました。", "Changed the game."),
    (entry("recorded_hand", "hand 1 (E1-0)", None, {"hand": {"bad": 1}}), "対局を変更しました。", "Changed the game."),
]  # fmt: skip


@pytest.mark.parametrize(("logged", "japanese", "english"), CASES)
def test_every_action_reads_as_a_sentence_in_both_languages(
    logged: GameLog, japanese: str, english: str
) -> None:
    with translation.override("ja"):
        assert change_of(logged, WORDS).sentence == japanese
    with translation.override("en"):
        assert change_of(logged, WORDS).sentence == english


def test_a_recorded_hand_says_what_happened_and_final_scores_whose_they_are() -> None:
    with translation.override("ja"):
        recorded = change_of(CASES[3][0], WORDS)
        assert recorded.summary == "ロン: 馬場 3翻30符 ← 千葉"
        scores = change_of(CASES[8][0], WORDS)
        assert scores.summary == "青木 45,000, 馬場 30,000, 千葉 15,000, 土井 10,000"
        moved = change_of(CASES[11][0], WORDS).differences
        assert [(d.what, d.before, d.after) for d in moved] == [("リーグ", "夏", "リーグなし")]


def fix(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, str, str]]:
    with translation.override("ja"):
        return [(d.what, d.before, d.after) for d in hand_differences(before, after, WORDS)]


def ron(*wins: dict[str, Any], discarder: int = 2, riichi: tuple[int, ...] = ()) -> dict[str, Any]:
    return {
        "riichi": list(riichi),
        "result": {"type": "ron", "from": discarder, "wins": list(wins)},
    }


def test_a_fixed_value_shows_only_the_value() -> None:
    before = ron({"winner": 1, "han": 3, "fu": 30, "dora": 1, "open": False})
    after = ron({"winner": 1, "han": 4, "fu": 30, "dora": 2, "open": False})
    assert fix(before, after) == [("馬場", "3翻30符", "4翻30符"), ("馬場: ドラ", "1", "2")]


def test_a_fixed_discarder_riichi_and_open_hand() -> None:
    before = ron({"winner": 1, "han": 3, "fu": 30, "open": False}, riichi=(0,))
    after = ron({"winner": 1, "han": 3, "fu": 30, "open": True}, discarder=3, riichi=(0, 2))
    assert fix(before, after) == [
        ("放銃", "千葉", "土井"),
        ("馬場: 手牌", "門前", "副露"),
        ("立直", "青木", "青木, 千葉"),
    ]


def test_a_different_winner_or_kind_of_result_shows_the_whole_result() -> None:
    tsumo = {"riichi": [], "result": {"type": "tsumo", "winner": 0, "han": 2, "fu": 30}}
    other = {"riichi": [], "result": {"type": "tsumo", "winner": 3, "han": 2, "fu": 30}}
    assert fix(tsumo, other) == [("和了者", "青木", "土井")]
    assert fix(RON, DRAW) == [
        ("結果", "ロン: 馬場 3翻30符 ← 千葉", "流局(聴牌: 青木, 土井)"),
        ("立直", "馬場", "なし"),
    ]
    assert fix(DRAW, {"riichi": [], "result": {"type": "draw", "tenpai": [3]}}) == [
        ("聴牌", "青木, 土井", "土井")
    ]


def test_a_fix_in_english_uses_the_games_english_words() -> None:
    before = ron({"winner": 1, "han": 3, "fu": 30})
    after = ron({"winner": 1, "han": 4, "fu": 30}, discarder=3)
    with translation.override("en"):
        found = [(d.what, d.before, d.after) for d in hand_differences(before, after, WORDS)]
    assert found == [("Dealt in", "千葉", "土井"), ("馬場", "3 han 30 fu", "4 han 30 fu")]

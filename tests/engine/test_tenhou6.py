"""tenhou.net/6 JSON logs: the reader on small hand-written logs, and what it refuses."""

from __future__ import annotations

import datetime
import gzip
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import replay_record
from scoring.engine.tenhou import (
    TenhouLogError,
    log_date,
    log_text,
    log_to_record,
    tenhou6_to_record,
)

SANMA = "三鳳南喰赤"


def _hand(
    round_: int,
    scores: list[int],
    result: list[Any],
    *,
    honba: int = 0,
    sticks: int = 0,
    draws: dict[int, list[Any]] | None = None,
    discards: dict[int, list[Any]] | None = None,
) -> list[Any]:
    seats: list[Any] = []
    for seat in range(4):
        seats += [[], (draws or {}).get(seat, [11]), (discards or {}).get(seat, [11])]
    return [[round_, honba, sticks], scores, [], [], *seats, result]


def _log(*hands: list[Any], disp: str = SANMA, sc: list[float] | None = None) -> str:
    names = ["A", "B", "C", ""] if disp.startswith("三") else ["A", "B", "C", "D"]
    final = sc if sc is not None else [35000, 0.0, 35000, 0.0, 35000, 0.0, 0, 0.0]
    return json.dumps({"rule": {"disp": disp}, "name": names, "log": list(hands), "sc": final})


START = [35000, 35000, 35000, 0]
RON_5200 = ["和了", [0, -5200, 5200, 0], [2, 1, 2, "40符3飜5200点", "立直(1飜)", "ドラ(2飜)"]]


def _one(*hands: list[Any], **log: Any) -> dict[str, Any]:
    return tenhou6_to_record(_log(*hands, **log))


def test_a_ron_reads_han_from_the_yaku_fu_from_the_points_and_counts_the_dora() -> None:
    record = _one(_hand(0, START, RON_5200))
    assert record["ruleset"] == {"preset": "tenhou_sanma"}
    assert record["players"] == ["A", "B", "C"]
    assert record["hands"][0]["result"] == {
        "type": "ron",
        "from": 1,
        "wins": [{"winner": 2, "han": 3, "fu": 40, "dora": 2, "open": False}],
    }


def test_a_north_extracted_counts_as_dora_and_a_pon_opens_the_hand() -> None:
    yaku = ["抜きドラ(2飜)", "役牌 白(1飜)", "ドラ(1飜)", "混一色(1飜)"]
    tsumo = ["和了", [-2000, 5900, -3900, 0], [1, 1, 1, "満貫2000-3900点", *yaku]]
    (hand,) = _one(_hand(0, START, tsumo, draws={1: [11, "p454545"]}))["hands"]
    assert hand["result"] == {
        "type": "tsumo",
        "winner": 1,
        "han": 5,
        "fu": 30,
        "dora": 3,
        "open": True,
    }


@pytest.mark.parametrize(
    ("stated", "winner", "yakuman"),
    [("役満16000点∀", 0, 1), ("役満8000-16000点", 1, 1), ("役満16000-32000点", 1, 2)],
)
def test_a_sanma_yakuman_tsumo_multiple_is_read_from_the_two_payments(
    stated: str, winner: int, yakuman: int
) -> None:
    tsumo = ["和了", [0, 0, 0, 0], [winner, winner, winner, stated, "大三元(役満)"]]
    (hand,) = _one(_hand(0, START, tsumo))["hands"]
    assert hand["result"]["yakuman"] == yakuman


def test_riichi_sticks_come_from_the_next_hand_s_scores_in_the_last_from_the_discards() -> None:
    """Seat 0 declares and pays in hand 1 (the next hand starts 1000 lower); in the last hand
    seat 1 declares on the tile seat 2 rons: that stick was never paid."""
    draw = ["流局", [1000, 1000, -2000, 0]]
    first = _hand(0, START, draw, discards={0: [11, "r12"], 1: ["r13", 11]})
    after = [35000, 35000, 33000, 0]
    ronned = _hand(0, after, RON_5200, honba=1, sticks=2, discards={1: [11, "r14"]})
    record = _one(first, ronned)
    assert [hand["riichi"] for hand in record["hands"]] == [[0, 1], []]


def test_scores_the_payments_and_sticks_do_not_explain_are_refused_naming_the_hand() -> None:
    draw = ["流局", [1000, 1000, -2000, 0]]
    wrong = [35000, 36000, 33000, 0]  # seat 0 is 1000 short, and declared no riichi
    with pytest.raises(TenhouLogError) as raised:
        _one(_hand(0, START, draw), _hand(0, wrong, RON_5200, honba=1))
    assert (raised.value.code, raised.value.hand, raised.value.label) == (
        "log_hand_scores",
        1,
        "E1-0",
    )


@pytest.mark.parametrize(
    ("result", "tenpai"),
    [(["全員聴牌"], [0, 1, 2]), (["全員不聴"], []), (["流局", [-2000, 1000, 1000, 0]], [1, 2])],
)
def test_an_exhaustive_draw_reads_tenpai_from_its_name_or_its_payments(
    result: list[Any], tenpai: list[int]
) -> None:
    (hand,) = _one(_hand(0, START, result))["hands"]
    assert hand["result"] == {"type": "draw", "tenpai": tenpai}


def test_nagashi_players_come_from_the_payments_and_a_kept_dealer_was_tenpai() -> None:
    nagashi = ["流し満貫", [-4000, 6000, -2000, 0]]  # seat 1's, the dealer (0) paying 4000
    kept = _hand(0, [31000, 41000, 33000, 0], RON_5200, honba=1)
    record = _one(_hand(0, START, nagashi), kept)
    assert record["hands"][0]["result"] == {"type": "nagashi", "winners": [1], "tenpai": [0]}
    assert replay_record(record)["hands"][0]["deltas"] == [-4000, 6000, -2000]


def test_an_abortive_draw_and_a_four_player_east_only_game() -> None:
    four = [25000] * 4
    kyuushu = _hand(0, four, ["九種九牌"])
    ron = ["和了", [0, -1000, 1000, 0], [2, 1, 2, "30符1飜1000点", "断幺九(1飜)"]]
    record = _one(kyuushu, _hand(0, four, ron, honba=1), disp="四般東喰赤", sc=[1] * 8)
    assert record["hands"][0]["result"] == {"type": "abortive", "kind": "kyuushu"}
    assert record["ruleset"]["preset"] == "tenhou"
    assert record["ruleset"]["rounds"] == ["E"]
    assert record["ruleset"]["extension"]["target"] == 30000
    assert len(record["players"]) == 4


def test_a_double_ron_gives_both_winners_in_the_log_s_order() -> None:
    double = [
        "和了",
        [0, -1000, 1000, 0],
        [2, 1, 2, "30符1飜1000点", "断幺九(1飜)"],
        [2000, -2000, 0, 0],
        [0, 1, 0, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)"],
    ]
    (hand,) = _one(_hand(0, START, double))["hands"]
    assert [win["winner"] for win in hand["result"]["wins"]] == [2, 0]


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ('{"name": ["A"], "sc": [1]}', "log_missing_part", "no “log”"),
        ('{"log": [[[0, 0, 0], [35000', "log_damaged", "does not parse"),
        ("[1, 2]", "log_format", "neither"),
        (_log(_hand(0, START, RON_5200), sc=[]), "log_unfinished", "not over"),
        (json.dumps({"log": [_hand(0, START, RON_5200)]}), "log_unfinished", "not over"),
        (_log(_hand(0, START, RON_5200), disp="三般南喰赤祝２"), "log_rules", "祝儀"),
        (_log(_hand(0, START, RON_5200), sc=[1] * 12), "log_rules", "祝儀"),
        (_log(_hand(0, START, ["途中流局"])), "log_hand_result_kind", "途中流局"),
        (_log(_hand(0, START, ["和了", [0, 0, 0, 0], [3, 1, 3, "1000点"]])), "tenhou_log", "seat"),
        (
            _log(_hand(0, START, ["和了", [0, 0, 0, 0], [2, 1, 2, "1000点", "x"]])),
            "tenhou_log",
            "“x”",
        ),
        (_log(_hand(3, START, RON_5200)), "tenhou_log", "no dealer"),
        (_log([[0, 0, 0], START]), "tenhou_log", "not an array"),
        ("just words", "log_format", "neither"),
    ],
)
def test_a_malformed_json_log_is_refused_with_its_reason(text: str, code: str, words: str) -> None:
    with pytest.raises(TenhouLogError, match=words) as raised:
        log_to_record(text)
    assert raised.value.code == code
    assert raised.value.field == "log"


def test_a_hand_s_error_names_the_hand_and_its_round() -> None:
    bad = _hand(4, START, ["和了", [0, 0, 0, 0], [2, 1, 2, "満貫", "断幺九(1飜)"]], honba=2)
    with pytest.raises(TenhouLogError, match=r"^hand 2 \(S1-2\): ") as raised:
        _one(_hand(0, START, ["九種九牌"]), bad)
    assert (raised.value.hand, raised.value.label) == (2, "S1-2")


def test_an_uploaded_log_is_gunzipped_as_tenhou_serves_it_and_damage_is_named() -> None:
    text = _log(_hand(0, START, RON_5200))
    assert log_text(gzip.compress(text.encode())) == text
    assert log_text("\ufeff".encode() + text.encode()) == text
    with pytest.raises(TenhouLogError) as raised:
        log_text(gzip.compress(text.encode())[:30])
    assert raised.value.code == "log_damaged"
    with pytest.raises(TenhouLogError) as raised:
        log_text(b"\xff\xfe\x00binary")
    assert raised.value.code == "log_format"


@pytest.mark.parametrize(
    ("disp", "players", "east_only"),
    [
        ("三鳳南喰赤", 3, False),
        ("三般東喰赤", 3, True),
        ("四鳳南喰赤", 4, False),
        ("般東喰赤速", 4, True),
        ("Sanma East", 3, True),
    ],
)
def test_the_table_s_name_tells_the_player_count_and_the_length(
    disp: str, players: int, east_only: bool
) -> None:
    scores = START if players == 3 else [25000] * 4
    ron = ["和了", [0, -1000, 1000, 0], [2, 1, 2, "30符1飜1000点", "断幺九(1飜)"]]
    record = _one(_hand(0, scores, ron), disp=disp, sc=[1] * 8)
    assert len(record["players"]) == players
    assert ("rounds" in record["ruleset"]) == east_only


def test_the_day_of_a_game_is_read_from_its_tenhou_id() -> None:
    assert log_date('{"ref": "2024123123gm-00b9-0000-09c44fd1"}') == datetime.date(2024, 12, 31)
    assert log_date("<mjloggm/>", "2010091009gm-00a9-0000-83af2648_tw2.mjlog") == datetime.date(
        2010, 9, 10
    )
    assert log_date("<mjloggm/>", "game.xml") is None
    assert log_date('{"ref": "2024133123gm-00b9-0000-09c44fd1"}') is None  # no 13th month


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 99),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["r11", "p454545", "和了", "流局", "30符1飜1000点"]),
    st.lists(st.integers(-5, 5), max_size=5),
    st.just({}),
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    places = [path] if path else []
    items = enumerate(value) if isinstance(value, list) else getattr(value, "items", list)()
    for key, inner in items:
        places += _places(inner, (*path, key))
    return places


@given(data=st.data())
def test_a_json_log_damaged_anywhere_is_refused_with_a_log_error_never_a_crash(
    data: st.DataObject,
) -> None:
    """Any value of a small real-shaped log replaced by junk: a record the engine replays, or
    a TenhouLogError (never an IndexError, a TypeError ...)."""
    draw = ["流局", [1000, 1000, -2000, 0]]
    log = json.loads(
        _log(
            _hand(0, START, draw, discards={0: [11, "r12"]}),
            _hand(0, [35000, 36000, 33000, 0], RON_5200, honba=1, sticks=1),
        )
    )
    for _ in range(data.draw(st.integers(1, 3))):
        *parents, last = data.draw(st.sampled_from(_places(log)))
        target = log
        for key in parents:
            target = target[key]
        target[last] = data.draw(JUNK)
    try:
        record = log_to_record(json.dumps(log, ensure_ascii=False))
    except TenhouLogError:
        return
    assert "ok" in replay_record(record)


@pytest.mark.parametrize(
    "link",
    [
        "https://tenhou.net/0/?log=2024010120gm-00b9-0000-e324b88a&tw=0",
        "  tenhou.net/6/?log=2024123123gm-00b9-0000-09c44fd1",
    ],
)
def test_a_link_to_a_log_is_told_apart_from_the_log(link: str) -> None:
    with pytest.raises(TenhouLogError, match="not the log") as raised:
        log_to_record(link)
    assert raised.value.code == "log_link"

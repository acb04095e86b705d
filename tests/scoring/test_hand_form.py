"""The hand form: what a ruleset offers, and every stored hand coming back from its form unchanged.

A hand opened to be fixed is drawn from ``HandForm.initial_for``; sent back untouched it must be
the very same tenbou-game/1 hand, or fixing one hand would quietly change it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict

from scoring.engine import NextHand, RecordError, read_record, replay, ruleset_from_spec
from scoring.forms import HandForm, value_choices

CASES = Path(__file__).resolve().parents[2].parent / "shared" / "cases"
NAMES = ["Aoki", "Baba", "Chiba", "Doi"]


def start(players: int = 4, honba: int = 0, last_hand: bool = False) -> NextHand:
    return NextHand("E1", honba, 0, 0, (25000,) * players, last_hand)


def posted(initial: dict[str, Any]) -> QueryDict:
    """The form's initial values as the browser would post them back."""
    data = QueryDict(mutable=True)
    for name, value in initial.items():
        if isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        elif value is True:
            data[name] = "on"
        elif value is not None and value is not False:
            data[name] = str(value)
    data.update({"key": "k"})
    return data


def round_trip(hand: dict[str, Any], spec: dict[str, Any], at: NextHand) -> dict[str, Any]:
    rules = ruleset_from_spec(spec)
    names = NAMES[: rules.players]
    form = HandForm(posted(HandForm.initial_for(hand, 3)), rules=rules, at=at, names=names)
    assert form.is_valid(), form.errors
    return form.cleaned_data["hand"]


def normal(hand: dict[str, Any], players: int) -> dict[str, Any]:
    """Defaults written out, lists in the order the form writes them."""
    hand = json.loads(json.dumps(hand))
    hand["riichi"] = sorted(hand.get("riichi", []))
    result = hand["result"]
    if result["type"] == "ron":
        result["wins"].sort(key=lambda w: (w["winner"] - result["from"]) % players)
    if result["type"] in ("draw", "nagashi"):
        result["tenpai"] = sorted(result.get("tenpai", []))
    # The screen's 副露あり box is always there: a win comes back closed unless marked open.
    for win in result.get("wins", [result] if result["type"] == "tsumo" else []):
        win.setdefault("open", False)
    return hand


def case_hands() -> list[Any]:
    params = []
    for path in sorted(CASES.glob("*.game.json")):
        if path.name.startswith("invalid"):
            continue
        document = json.loads(path.read_text(encoding="utf-8"))
        record = read_record(document)
        for number, hand in enumerate(document["hands"], 1):
            before = replay(read_record({**document, "hands": document["hands"][: number - 1]}))
            params.append(
                pytest.param(hand, document["ruleset"], before.next_hand, record.ruleset.players,
                             id=f"{path.stem}-{number}")
            )  # fmt: skip
    return params


@pytest.mark.parametrize(("hand", "spec", "at", "players"), case_hands())
def test_every_case_hand_comes_back_from_its_form_unchanged(
    hand: dict, spec: dict, at: NextHand, players: int
) -> None:
    assert round_trip(hand, spec, at) == normal(hand, players)


CRAFTED = [
    (
        "events: a dead hand, a deposit penalty and a payment",
        {"preset": "mjkt"},
        {
            "riichi": [1],
            "result": {"type": "draw", "tenpai": [1, 2]},
            "events": [
                {"type": "dead_hand", "seat": 3},
                {"type": "deposit", "seat": 0, "amount": 1000},
                {"type": "payment", "from": 0, "to": [1, 2], "amount": 500, "reason": "誤ポン"},
            ],
        },
    ),
    (
        "three payments, deposits of two amounts and one seat fined twice",
        {"preset": "mjkt"},
        {
            "riichi": [],
            "result": {"type": "tsumo", "winner": 2, "han": 3, "fu": 30},
            "events": [
                {"type": "dead_hand", "seat": 1},
                {"type": "dead_hand", "seat": 3},
                # The form's order: rows by amount, a seat fined twice in a row of its own.
                {"type": "deposit", "seat": 0, "amount": 1000},
                {"type": "deposit", "seat": 3, "amount": 1000},
                {"type": "deposit", "seat": 1, "amount": 3000},
                {"type": "deposit", "seat": 0, "amount": 1000},
                {"type": "payment", "from": 0, "to": [1, 2], "amount": 500, "reason": "誤ポン"},
                {"type": "payment", "from": 3, "to": [0], "amount": 2000, "reason": "見せ牌"},
                {"type": "payment", "from": 1, "to": [0, 2, 3], "amount": 300, "reason": ""},
            ],
        },
    ),
    (
        "pao on part of a double yakuman, with statistics",
        {"preset": "k_rule"},
        {
            "riichi": [],
            "result": {
                "type": "tsumo",
                "winner": 2,
                "yakuman": 2,
                "pao": 0,
                "pao_yakuman": 1,
                "dora": 0,
                "open": True,
                "yaku": ["yakuman"],
            },
        },
    ),
    (
        "a double ron with pao on one win",
        {"preset": "k_rule"},
        {
            "riichi": [0],
            "result": {
                "type": "ron",
                "from": 1,
                "wins": [
                    {"winner": 2, "yakuman": 1, "pao": 3},
                    {"winner": 0, "han": 3, "fu": 40, "dora": 2, "yaku": ["riichi", "pinfu"]},
                ],
            },
        },
    ),
    (
        "nagashi mangan with tenpai",
        {"preset": "k_rule"},
        {"riichi": [], "result": {"type": "nagashi", "winners": [3], "tenpai": [0, 3]}},
    ),
    (
        "an abortive draw",
        {"preset": "tenhou"},
        {"riichi": [0, 1, 2, 3], "result": {"type": "abortive", "kind": "suucha_riichi"}},
    ),
    (
        "a chombo and the split wall",
        {"preset": "k_rule", "wareme": True},
        {"riichi": [], "result": {"type": "chombo", "seat": 1}, "wareme": 2},
    ),
]


@pytest.mark.parametrize(("what", "spec", "hand"), CRAFTED, ids=[c[0] for c in CRAFTED])
def test_every_kind_of_input_comes_back_from_its_form_unchanged(
    what: str, spec: dict, hand: dict
) -> None:
    assert round_trip(hand, spec, start()) == normal(hand, 4)


def test_stop_comes_back_where_the_dealer_may_choose() -> None:
    hand = {
        "riichi": [],
        "result": {"type": "tsumo", "winner": 0, "han": 2, "fu": 30, "open": False},
        "stop": True,
    }
    at = start(last_hand=True)
    assert round_trip(hand, {"preset": "k_rule"}, at) == hand


@pytest.mark.parametrize(
    ("preset", "offered"),
    [("k_rule", True), ("shiragiku", True), ("tenhou", False), ("mjkt", False), ("mleague", False)],
)
def test_stop_is_offered_at_the_last_hand_only_where_the_dealer_chooses(
    preset: str, offered: bool
) -> None:
    rules = ruleset_from_spec({"preset": preset})
    assert HandForm(rules=rules, at=start(last_hand=True), names=NAMES).offers_stop is offered
    assert HandForm(rules=rules, at=start(), names=NAMES).offers_stop is False


def test_results_are_those_of_the_ruleset() -> None:
    def results(preset: str) -> list[str]:
        rules = ruleset_from_spec({"preset": preset})
        return HandForm(rules=rules, at=start(rules.players), names=NAMES).results()

    assert results("k_rule") == ["ron", "tsumo", "draw", "nagashi", "chombo"]
    assert results("tenhou") == ["ron", "tsumo", "draw", "abortive", "nagashi", "chombo"]
    assert results("wrc") == ["ron", "tsumo", "draw", "chombo"]


def test_two_han_minimum_from_five_honba_drops_one_han() -> None:
    rules = ruleset_from_spec({"preset": "gensou"})
    codes = [choice.code for choice in value_choices(rules, 4)]
    assert codes[0] == "h1"
    codes = [choice.code for choice in value_choices(rules, 5)]
    assert codes[0] == "h2"


def test_limits_are_one_button_each_as_the_ruleset_groups_them() -> None:
    rules = ruleset_from_spec({"preset": "k_rule"})
    limits = [(c.code, c.label, c.group) for c in value_choices(rules, 0) if c.sub]
    assert limits == [
        ("h5", "満貫", ("h5",)),
        ("h6", "跳満", ("h6", "h7")),
        ("h8", "倍満", ("h8", "h9")),
        ("h10", "2.5倍満", ("h10",)),
        ("h11", "三倍満", ("h11", "h12")),
        ("h13", "数え役満", ("h13",)),
    ]


def test_additive_fan_asks_the_fan() -> None:
    rules = ruleset_from_spec({"preset": "chinese_classic"})
    form = HandForm(rules=rules, at=start(), names=NAMES)
    assert form.by_fan
    assert not form.has_riichi
    hand = {"riichi": [], "result": {"type": "tsumo", "winner": 1, "fan": 15, "open": False}}
    assert round_trip(hand, {"preset": "chinese_classic"}, start()) == hand


def events_of(data: dict[str, Any], spec: dict[str, Any] | None = None) -> HandForm:
    """A posted draw with the given event fields, as the browser sends them."""
    rules = ruleset_from_spec(spec or {"preset": "k_rule"})
    post = posted({"version": 0, "result": "draw", **data})
    return HandForm(post, rules=rules, at=start(), names=NAMES)


def test_blank_rows_with_their_default_amounts_are_no_events() -> None:
    blank = {f"deposit-{row}-amount": 1000 for row in range(3)}
    form = events_of({**blank, "payment-2-reason": " "})
    assert form.is_valid(), form.errors
    assert "events" not in form.cleaned_data["hand"]
    assert (form.deposit_rows_used, form.payment_rows_used) == (0, 0)
    assert [row.shown for row in form.payment_rows] == [True, False, False]


def test_a_row_filled_behind_the_add_button_is_kept_and_drawn_again() -> None:
    form = events_of(
        {
            "deposit-2-seats": ["3"],
            "deposit-2-amount": 2000,
            "payment-1-from": "2",
            "payment-1-to": ["0"],
            "payment-1-amount": 1000,
        }
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["hand"]["events"] == [
        {"type": "deposit", "seat": 3, "amount": 2000},
        {"type": "payment", "from": 2, "to": [0], "amount": 1000, "reason": ""},
    ]
    # Drawn again (after an engine error, say): the filled rows show, one blank row, two spares.
    assert [row.shown for row in form.deposit_rows] == [True, True, True, True, False, False]
    assert [row.shown for row in form.payment_rows] == [True, True, True, False, False]
    assert form.has_events


def test_a_half_filled_payment_row_is_named_and_the_others_stay() -> None:
    form = events_of(
        {
            "payment-0-from": "0",
            "payment-0-to": ["1"],
            "payment-0-amount": 500,
            "payment-1-from": "3",
        }
    )
    assert not form.is_valid()
    needs = "支払いには、払う人・受け取る人・点数が必要です。"  # the default language: ja
    assert form.errors["payment-1-amount"] == [needs]
    assert "payment-0-amount" not in form.errors
    assert form.event_errors() == [needs]
    first, second = form.payment_rows[:2]
    assert [seat["checked"] for seat in first.payer] == [True, False, False, False]
    assert [seat["checked"] for seat in second.payer] == [False, False, False, True]


def test_the_engine_error_of_the_second_payment_goes_beside_that_row() -> None:
    form = events_of(
        {
            "payment-0-from": "0",
            "payment-0-to": ["1"],
            "payment-0-amount": 500,
            "payment-1-from": "2",
            "payment-1-to": ["2"],
            "payment-1-amount": 500,
        }
    )
    assert form.is_valid(), form.errors
    document = {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "k_rule"},
        "players": NAMES,
        "hands": [form.cleaned_data["hand"]],
    }
    with pytest.raises(RecordError) as raised:
        read_record(document)
    assert raised.value.field == "events[1].to"
    assert form._field_for(raised.value) == "payment-1-amount"

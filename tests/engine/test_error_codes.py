"""Errors a scorekeeper can meet at the table carry a code and its values, for translation.

The English message is the engine's own wording; the app shows the code's sentence in the
reader's language, with the seats named by the players' names.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import RecordError
from scoring.engine.errors import ERROR_CODES
from scoring.engine.tenhou import mjlog_to_record

from .records import (
    Json,
    chombo,
    dead,
    deposit,
    draw,
    error,
    game,
    ids,
    nagashi,
    ron,
    tsumo,
    win,
)

CASES: list[tuple[str, Json, str, dict[str, Any]]] = [
    (
        "riichi with too few points",
        game(
            "k_rule",
            [ron(0, win(1, 6)), ron(0, win(2, 6)), tsumo(3, 1, 30), draw(0, riichi=[0])],
        ),
        "riichi_points",
        {"seat": 0, "score": 700, "needed": 1000},
    ),
    (
        "a dead seat winning",
        game("k_rule", [ron(0, win(1, 2, 30), events=[dead(1)])]),
        "dead_cannot_win",
        {"seat": 1},
    ),
    (
        "a dead seat tenpai",
        game("k_rule", [draw(2, events=[dead(2)])]),
        "dead_cannot_be_tenpai",
        {"seat": 2},
    ),
    (
        "three winners under double ron",
        game("mjkt", [ron(0, win(1, 2, 30), win(2, 2, 30), win(3, 2, 30))]),
        "too_many_winners",
        {"count": 3, "limit": 2},
    ),
    ("a riichi player noten", game("k_rule", [draw(riichi=[3])]), "riichi_noten", {"seat": 3}),
    ("nagashi where there is none", game("ema", [nagashi(1)]), "no_nagashi", {}),
    (
        "an abortive draw the rules lack",
        game("k_rule", [{"result": {"type": "abortive", "kind": "kyuushu"}}]),
        "no_abortive",
        {"kind": "kyuushu"},
    ),
    (
        "han below the minimum",
        game(
            "gensou",
            [*[{"result": {"type": "abortive", "kind": "kyuushu"}}] * 5, ron(3, win(2, 1, 30))],
        ),
        "below_min_han",
        {"seat": 2, "han": 1, "min_han": 2},
    ),
    ("fu missing", game("k_rule", [tsumo(2, 3)]), "fu_missing", {"seat": 2, "han": 3}),
    (
        "a deposit by a player under 1000 (seed 001: 供託せずに和了放棄)",
        game(
            "mjkt",
            [ron(2, win(1, 11)), ron(2, win(3, 1, 30)), draw(events=[deposit(2)])],
        ),
        "deposit_points",
        {"seat": 2, "score": 0, "amount": 1000},
    ),
    (
        "1 han 20 fu ron",
        game("k_rule", [ron(0, win(1, 1, 20))]),
        "han_fu_impossible",
        {"seat": 1, "han": 1, "fu": 20, "way": "ron"},
    ),
    (
        "a stop without a choice",
        game("tenhou", [{"stop": True, **ron(0, win(1, 2, 30))}]),
        "stop_no_choice",
        {},
    ),
    (
        "a hand after the end",
        game("k_rule", [ron(0, win(1, yakuman=2)), chombo(2)]),
        "game_ended",
        {"after": 1, "ended_by": "tobi"},
    ),
]


@pytest.mark.parametrize(("name", "record", "code", "params"), CASES, ids=ids(CASES))
def test_the_error_names_its_code_and_values(
    name: str, record: Json, code: str, params: dict[str, Any]
) -> None:
    refused = error(record)
    assert refused.code == code
    assert refused.params == params


# -- every refusal of the engine carries a code the app can translate ----------------------

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"
# The functions that make a RecordError, and where their ``code`` argument sits.
MAKERS = {
    "RecordError": None,
    "fail": 2,
    "error": 2,
    "_top": 2,
    "_refuse": 3,
    "TenhouLogError": None,
}
# Makers whose code has a default: TenhouLogError("...") is the catch-all ``tenhou_log``.
DEFAULT_CODES = {"TenhouLogError": "tenhou_log"}


def error_calls() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in MAKERS and not (name == "error" and not _on_self(func)):
                calls.append((f"{path.relative_to(ENGINE)}:{node.lineno}", node))
    return calls


def _on_self(func: ast.expr) -> bool:
    return isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "self"


def code_of(name: str, call: ast.Call) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "code":
            return keyword.value
    index = MAKERS[name]
    if index is not None and len(call.args) > index:
        return call.args[index]
    return ast.Constant(DEFAULT_CODES[name]) if name in DEFAULT_CODES else None


def test_every_engine_error_is_raised_with_a_known_code() -> None:
    calls = error_calls()
    assert len(calls) > 80  # the scan sees the engine's raises
    problems = []
    for where, call in calls:
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr  # type: ignore[attr-defined]
        code = code_of(name, call)
        if code is None:
            problems.append(f"{where}: no code")
        elif isinstance(code, ast.Constant) and code.value not in ERROR_CODES:
            problems.append(f"{where}: unknown code {code.value!r}")
    assert problems == []


def test_the_codes_the_engine_raises_are_those_it_lists() -> None:
    """Each listed code is raised somewhere (as a literal, or dead_cannot_* built from one)."""
    raised = set()
    for _, call in error_calls():
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr  # type: ignore[attr-defined]
        code = code_of(name, call)
        if isinstance(code, ast.Constant):
            raised.add(code.value)
    dead = {"dead_cannot_win", "dead_cannot_be_tenpai", "dead_cannot_win_nagashi_mangan"}
    assert raised | dead == ERROR_CODES


def test_a_tenhou_log_error_is_a_record_error_of_the_log() -> None:
    with pytest.raises(RecordError) as raised:
        mjlog_to_record("<mjloggm ver='2.3'></mjloggm>")
    assert (raised.value.code, raised.value.field) == ("tenhou_log", "log")
    assert raised.value.params == {"detail": "no <GO> element: the table's rules are unknown"}

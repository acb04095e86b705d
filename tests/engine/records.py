"""Builders for small ``tenbou-game/1`` records, so that an engine test reads like its rule.

``game("k_rule", [ron(3, win(1, 2, 30))], uma=[30, 10, -10, -30])`` is one hand of K-rule with
an uma override; the keyword arguments are ruleset overrides, except the record's own top-level
fields (``final_scores``, ``final_deposits``, ``forced_end``, ``settlement_penalties``).
Hands: ``ron``, ``tsumo``, ``draw``, ``nagashi``, ``abortive``, ``chombo``, each taking the
hand's own fields (``riichi``, ``events``, ``wareme``, ``stop``) as keywords.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.engine import RecordError, read_record, replay, replay_record

Json = dict[str, Any]

NAMES = ("Aoki", "Baba", "Chiba", "Doi")
TOP_FIELDS = frozenset(
    {"final_scores", "final_deposits", "forced_end", "settlement_penalties", "chips_final"}
)
HAND_FIELDS = frozenset({"riichi", "events", "wareme", "stop"})


SANMA_PRESETS = frozenset({"gensou_sanma", "tenhou_sanma"})


def game(preset: str, hands: Sequence[Json] = (), **overrides: Any) -> Json:
    """A record of ``hands`` under ``preset``, seats named in order (three for sanma)."""
    top = {key: value for key, value in overrides.items() if key in TOP_FIELDS}
    rules = {key: value for key, value in overrides.items() if key not in TOP_FIELDS}
    sanma = preset in SANMA_PRESETS or rules.get("players") == 3
    return {
        "format": "tenbou-game/1",
        "ruleset": {"preset": preset, **rules},
        "players": list(NAMES[: 3 if sanma else 4]),
        "hands": list(hands),
        **top,
    }


# -- hands ---------------------------------------------------------------------------------


def win(winner: int, han: int | None = None, fu: int | None = None, **value: Any) -> Json:
    """One winner's value: ``win(1, 3, 30)``, ``win(2, 6)``, ``win(1, yakuman=2, pao=3)``."""
    data: Json = {"winner": winner}
    if han is not None:
        data["han"] = han
    if fu is not None:
        data["fu"] = fu
    return {**data, **value}


def _hand(result: Json, fields: dict[str, Any]) -> Json:
    unknown = set(fields) - HAND_FIELDS
    assert not unknown, f"not a hand field: {unknown}"
    return {"riichi": list(fields.pop("riichi", ())), "result": result, **fields}


def ron(discarder: int, *wins: Json, **fields: Any) -> Json:
    return _hand({"type": "ron", "from": discarder, "wins": list(wins)}, fields)


def tsumo(winner: int, han: int | None = None, fu: int | None = None, **kwargs: Any) -> Json:
    fields = {key: value for key, value in kwargs.items() if key in HAND_FIELDS}
    value = {key: value for key, value in kwargs.items() if key not in HAND_FIELDS}
    return _hand({"type": "tsumo", **win(winner, han, fu, **value)}, fields)


def draw(*tenpai: int, **fields: Any) -> Json:
    """An exhaustive draw (荒牌流局) with these seats tenpai."""
    return _hand({"type": "draw", "tenpai": list(tenpai)}, fields)


def nagashi(*winners: int, tenpai: Sequence[int] = (), **fields: Any) -> Json:
    return _hand({"type": "nagashi", "winners": list(winners), "tenpai": list(tenpai)}, fields)


def abortive(kind: str, **fields: Any) -> Json:
    return _hand({"type": "abortive", "kind": kind}, fields)


def chombo(seat: int, **fields: Any) -> Json:
    return _hand({"type": "chombo", "seat": seat}, fields)


def dead(seat: int) -> Json:
    return {"type": "dead_hand", "seat": seat}


def deposit(seat: int, amount: int | None = None) -> Json:
    return {"type": "deposit", "seat": seat, **({} if amount is None else {"amount": amount})}


def payment(payer: int, to: Sequence[int], amount: int, reason: str = "referee") -> Json:
    return {"type": "payment", "from": payer, "to": list(to), "amount": amount, "reason": reason}


def quiet_wind(players: int = 4, **value: Any) -> list[Json]:
    """One wind in which each dealer deals into the next seat for 1000 (1 han 30 fu).

    The deal passes every hand, honba stays 0, and each seat ends the wind where it began.
    ``value`` replaces 1 han 30 fu (``fan=13`` for additive fan).
    """
    value = value or {"han": 1, "fu": 30}
    return [ron(dealer, win((dealer + 1) % players, **value)) for dealer in range(players)]


def ids(table: Sequence[Sequence[Any]]) -> list[str]:
    """Test ids for a table whose rows start with their name."""
    return [row[0] for row in table]


# -- running -------------------------------------------------------------------------------


def run(record: Json) -> Json:
    """The replay output of a record the engine must accept."""
    output = replay_record(record)
    assert output["ok"] is True, output.get("error")
    return output


def rows(record: Json) -> list[Json]:
    return run(record)["hands"]


def last_row(record: Json) -> Json:
    """The last hand's row (earlier hands only set the table up)."""
    return rows(record)[-1]


def deltas(record: Json) -> list[int]:
    return last_row(record)["deltas"]


def final(record: Json) -> Json:
    output = run(record)
    assert output["final"] is not None, "the game has not ended"
    return output["final"]


def next_label(record: Json) -> str:
    """Where an unfinished game stands: the next hand as ``E2-1``."""
    state = replay(read_record(record))
    assert state.next_hand is not None, "the game has ended"
    return f"{state.next_hand.round}-{state.next_hand.honba}"


def error(record: Json, require_end: bool = False) -> RecordError:
    """The error the engine raises for a record it must refuse."""
    try:
        replay(read_record(record), require_end=require_end)
    except RecordError as raised:
        return raised
    raise AssertionError("the engine accepted the record")


def message(record: Json) -> str:
    """The ``error`` of the replay output of a record the engine must refuse."""
    output = replay_record(record)
    assert output["ok"] is False, output
    assert set(output) == {"ok", "error"}, output
    return output["error"]

"""Random valid games under any ruleset, for the property tests.

A game grows one hand at a time: a candidate hand is drawn for the table as it stands (who
deals, who can pay a riichi stick), and kept only if the engine accepts it. So every record
produced is valid, whatever the ruleset allows.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.engine import RecordError, Ruleset, read_record, replay

NAMES = ["Aoki", "Baba", "Chiba", "Doi"]
HAN_FU = [(1, 30), (1, 40), (2, 30), (2, 25), (3, 30), (3, 60), (4, 30), (4, 40), (2, 20)]
TRIES = 8


def _value(draw: st.DrawFn, rules: Ruleset) -> dict[str, Any]:
    if rules.scoring == "additive_fan":
        return {"fan": draw(st.integers(rules.additive_min_fan, rules.additive_min_fan + 60))}
    kind = draw(st.sampled_from(["small", "small", "limit", "yakuman"]))
    if kind == "yakuman" and rules.aotenjou is None:
        return {"yakuman": draw(st.sampled_from([1, 1, 1.5, 2]))}
    if kind == "limit" or rules.scoring == "fu_less":
        return {"han": draw(st.integers(max(2, rules.min_han_default), 15))}
    han, fu = draw(st.sampled_from(HAN_FU))
    return {"han": max(han, 2), "fu": fu}


def _seats(draw: st.DrawFn, players: int, most: int | None = None) -> list[int]:
    return sorted(draw(st.sets(st.integers(0, players - 1), max_size=most or players)))


def _result(draw: st.DrawFn, rules: Ruleset, riichi: list[int]) -> dict[str, Any]:
    n = rules.players
    kinds = ["ron", "ron", "tsumo", "tsumo", "draw", "chombo"]
    if rules.nagashi is not None:
        kinds.append("nagashi")
    if rules.abortive:
        kinds.append("abortive")
    kind = draw(st.sampled_from(kinds))
    if kind == "ron":
        discarder = draw(st.integers(0, n - 1))
        most = {"all": n - 1, "double": 2, "head_bump": 1}[rules.multiple_ron]
        others = [s for s in range(n) if s != discarder]
        winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=most, unique=True))
        wins = [{"winner": w, **_value(draw, rules)} for w in winners]
        return {"type": "ron", "from": discarder, "wins": wins}
    if kind == "tsumo":
        return {"type": "tsumo", "winner": draw(st.integers(0, n - 1)), **_value(draw, rules)}
    if kind == "draw":
        return {"type": "draw", "tenpai": sorted(set(riichi) | set(_seats(draw, n)))}
    if kind == "nagashi":
        winners = _seats(draw, n, 2) or [draw(st.integers(0, n - 1))]
        return {
            "type": "nagashi",
            "winners": winners,
            "tenpai": sorted(set(riichi) | set(_seats(draw, n))),
        }
    if kind == "abortive":
        return {"type": "abortive", "kind": draw(st.sampled_from(sorted(rules.abortive)))}
    return {"type": "chombo", "seat": draw(st.integers(0, n - 1))}


def _hand(draw: st.DrawFn, rules: Ruleset, scores: tuple[int, ...]) -> dict[str, Any]:
    n = rules.players
    riichi: list[int] = []
    if rules.riichi_deposit is not None:
        able = [s for s in range(n) if scores[s] >= max(rules.riichi_min_score, 1000)]
        riichi = sorted(draw(st.sets(st.sampled_from(able), max_size=2))) if able else []
    hand: dict[str, Any] = {"riichi": riichi, "result": _result(draw, rules, riichi)}
    event = draw(st.sampled_from([None, None, None, None, "deposit", "payment", "dead_hand"]))
    if event == "deposit":
        hand["events"] = [{"type": "deposit", "seat": draw(st.integers(0, n - 1))}]
    elif event == "payment":
        payer = draw(st.integers(0, n - 1))
        hand["events"] = [
            {
                "type": "payment",
                "from": payer,
                "to": [(payer + 1) % n],
                "amount": 1000,
                "reason": "compensation",
            }
        ]
    elif event == "dead_hand":
        hand["events"] = [{"type": "dead_hand", "seat": draw(st.integers(0, n - 1))}]
    return hand


@st.composite
def games(draw: st.DrawFn, ruleset: dict[str, Any], max_hands: int = 24) -> dict[str, Any]:
    """A valid ``tenbou-game/1`` document under ``ruleset`` (finished or not)."""
    probe = read_record(
        {
            "format": "tenbou-game/1",
            "ruleset": ruleset,
            "players": NAMES[: _players(ruleset)],
            "hands": [],
        }
    )
    document = {
        "format": "tenbou-game/1",
        "ruleset": ruleset,
        "players": list(probe.players),
        "hands": [],
    }
    state = replay(probe)
    for _ in range(draw(st.integers(1, max_hands))):
        if state.next_hand is None:
            break
        for _ in range(TRIES):
            candidate = _hand(draw, probe.ruleset, state.next_hand.scores)
            trial = {**document, "hands": [*document["hands"], candidate]}
            try:
                state = replay(read_record(trial))
            except RecordError:
                continue
            document = trial
            break
    return document


def _players(ruleset: dict[str, Any]) -> int:
    from scoring.engine.rules import resolve_options

    return int(resolve_options(ruleset)["players"])

"""What a Tenhou log itself says about its scores, read straight from the log (never typed in).

For each hand: the round, honba, sticks and dealer, the scores it starts from and the score
change it made (riichi sticks paid in it included), and at the end the final scores and points.
Both formats, four or three players. Used by the engine's oracle tests and the import page's.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"
ORACLE_DIRS = {4: SHARED_DIR / "oracles" / "tenhou", 3: SHARED_DIR / "oracles" / "tenhou-sanma"}
GO_SANMA = 0x10


def oracle_logs() -> list[Path]:
    """Every public log of both oracle folders (mjlog XML and tenhou.net/6 JSON)."""
    return sorted(
        path
        for folder in ORACLE_DIRS.values()
        for pattern in ("*.mjlog", "*.xml", "*.json")
        for path in folder.glob(pattern)
    )


def expectations(text: str) -> dict[str, Any]:
    """``{"players", "hands": [...], "final": {"scores", "points"}}`` of either format.

    A hand's ``deltas`` and ``scores`` are ``None`` where the log does not give them apart from
    the riichi sticks (the last hand of a JSON log: its result's ``changes`` are given instead).
    """
    return _json(text) if text.lstrip("\ufeff \n").startswith("{") else _xml(text)


def _round(index: int) -> str:
    return f"{'ESWN'[index // 4 % 4]}{index % 4 + 1}"


# -- mjlog XML ---------------------------------------------------------------------------------


def _xml(text: str) -> dict[str, Any]:
    root = ET.fromstring(text)
    go = root.find("GO")
    assert go is not None
    players = 3 if int(go.attrib["type"]) & GO_SANMA else 4
    hands = [_xml_hand(init, results, players) for init, results in inits_with_results(root)]
    owari = [
        float(value)
        for value in next(e.attrib["owari"] for e in root if "owari" in e.attrib).split(",")
    ]
    final = {
        "scores": [round(value * 100) for value in owari[::2]][:players],
        "points": owari[1::2][:players],
    }
    return {"players": players, "hands": hands, "final": final}


def inits_with_results(root: ET.Element) -> list[tuple[ET.Element, list[ET.Element]]]:
    hands: list[tuple[ET.Element, list[ET.Element]]] = []
    for element in root:
        if element.tag == "INIT":
            hands.append((element, []))
        elif element.tag in ("AGARI", "RYUUKYOKU"):
            hands[-1][1].append(element)
    return hands


def _xml_hand(init: ET.Element, results: list[ET.Element], players: int) -> dict[str, Any]:
    round_, honba, sticks = (int(value) for value in init.attrib["seed"].split(",")[:3])
    start = [int(value) * 100 for value in init.attrib["ten"].split(",")][:players]
    after = scores_after(results)[:players]
    return {
        "round": _round(round_),
        "honba": honba,
        "deposits_before": sticks * 1000,
        "dealer": int(init.attrib["oya"]),
        "start": start,
        "deltas": [a - s for a, s in zip(after, start, strict=True)],
        "scores": after,
    }


def scores_after(results: list[ET.Element]) -> list[int]:
    """Each result's ``sc`` starts from the scores the previous one left (a double ron), so the
    last one's scores plus its changes are the scores after the hand."""
    sc = [int(value) * 100 for value in results[-1].attrib["sc"].split(",")]
    return [score + change for score, change in zip(sc[::2], sc[1::2], strict=True)]


# -- tenhou.net/6 JSON -------------------------------------------------------------------------


def _json(text: str) -> dict[str, Any]:
    data = json.loads(text)
    players = 3 if data["rule"]["disp"].startswith("三") else 4
    log = data["log"]
    hands = []
    for index, hand in enumerate(log):
        round_, honba, sticks = hand[0]
        start = hand[1][:players]
        after = log[index + 1][1][:players] if index + 1 < len(log) else None
        hands.append(
            {
                "round": _round(round_),
                "honba": honba,
                "deposits_before": sticks * 1000,
                "dealer": round_ % 4,
                "start": start,
                "deltas": None
                if after is None
                else [a - s for a, s in zip(after, start, strict=True)],
                "scores": after,
                "changes": result_changes(hand[-1], players),
            }
        )
    final = {"scores": data["sc"][::2][:players], "points": data["sc"][1::2][:players]}
    return {"players": players, "hands": hands, "final": final}


def result_changes(result: list[Any], players: int) -> list[int]:
    """A result's score changes, every winner's added up (riichi sticks paid in it left out)."""
    total = [0] * players
    for part in result[1:]:
        if isinstance(part, list) and all(isinstance(value, int) for value in part):
            total = [a + b for a, b in zip(total, part[:players], strict=True)]
    return total

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
from urllib.parse import unquote

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


# -- a mjlog written again as tenhou.net/6 JSON --------------------------------------------------

JSON_ABORTIVE = {
    "yao9": "九種九牌",
    "kaze4": "四風連打",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kan4": "四槓散了",
}
DORA_NAMES = {52: "ドラ", 53: "裏ドラ", 54: "赤ドラ"}
TILE = 11  # which tile was drawn or discarded does not matter to the record


def as_tenhou6(xml_text: str) -> str:
    """The same game as the tenhou.net/6 JSON that Tenhou's viewer writes: the figures, names,
    riichi declarations (``r`` discards), calls (``p`` draws) and results of the mjlog, with
    placeholder tiles. The JSON reader is checked against real games this way."""
    root = ET.fromstring(xml_text)
    go_element = root.find("GO")
    assert go_element is not None
    go = int(go_element.attrib["type"])
    players = 3 if go & GO_SANMA else 4
    un = root.find("UN")
    names = [unquote(un.attrib.get(f"n{seat}", "")) if un is not None else "" for seat in range(4)]
    hands = []
    for elements in _elements_by_hand(root):
        hands.append(_json_hand(elements, players))
    owari = [
        float(value)
        for value in next(e.attrib["owari"] for e in root if "owari" in e.attrib).split(",")
    ]
    sc: list[float] = []
    for score, points in zip(owari[::2], owari[1::2], strict=True):
        sc += [round(score * 100), points]
    disp = ("三" if players == 3 else "四") + "鳳" + ("南" if go & 0x08 else "東") + "喰赤"
    data = {"ref": "", "rule": {"disp": disp}, "name": names, "log": hands, "sc": sc}
    return json.dumps(data, ensure_ascii=False)


def _elements_by_hand(root: ET.Element) -> list[list[ET.Element]]:
    hands: list[list[ET.Element]] = []
    for element in root:
        if element.tag == "INIT":
            hands.append([element])
        elif hands:
            hands[-1].append(element)
    return hands


def _json_hand(elements: list[ET.Element], players: int) -> list[Any]:
    init = elements[0]
    seed = [int(value) for value in init.attrib["seed"].split(",")]
    ten = [int(value) * 100 for value in init.attrib["ten"].split(",")]
    draws: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    declaring: set[int] = set()
    for element in elements[1:]:
        tag = element.tag
        if tag == "REACH" and element.attrib.get("step") == "1":
            declaring.add(int(element.attrib["who"]))
        elif tag[:1] in "DEFG" and tag[1:].isdigit():
            seat = "DEFG".index(tag[0])
            discards[seat].append(f"r{TILE}" if seat in declaring else TILE)
            declaring.discard(seat)
        elif tag[:1] in "TUVW" and tag[1:].isdigit():
            draws["TUVW".index(tag[0])].append(TILE)
        elif tag == "N":
            who, meld = int(element.attrib["who"]), int(element.attrib["m"])
            (draws[who] if meld & 3 else discards[who]).append("p111111" if meld & 3 else "f44")
    results = [e for e in elements if e.tag in ("AGARI", "RYUUKYOKU")]
    seats = [part for seat in range(4) for part in ([], draws[seat], discards[seat])]
    return [
        seed[:3],
        ten,
        [],
        [],
        *seats,
        _json_result(results, seed[1], int(init.attrib["oya"]), players),
    ]


def _changes(element: ET.Element) -> list[int]:
    return [int(value) * 100 for value in element.attrib["sc"].split(",")[1::2]]


def _json_result(results: list[ET.Element], honba: int, dealer: int, players: int) -> list[Any]:
    if results[0].tag == "AGARI":
        out: list[Any] = ["和了"]
        for agari in results:
            out += [_changes(agari), _json_win(agari, honba, dealer, players)]
        return out
    draw = results[0]
    kind = draw.attrib.get("type")
    if kind in JSON_ABORTIVE:
        return [JSON_ABORTIVE[kind]]
    if kind == "nm":
        return ["流し満貫", _changes(draw)]
    tenpai = [seat for seat in range(players) if f"hai{seat}" in draw.attrib]
    if len(tenpai) == players:
        return ["全員聴牌"]
    return ["全員不聴"] if not tenpai else ["流局", _changes(draw)]


def _json_win(agari: ET.Element, honba: int, dealer: int, players: int) -> list[Any]:
    who, from_who = int(agari.attrib["who"]), int(agari.attrib["fromWho"])
    pao = int(agari.attrib.get("paoWho", who))
    fu, points = (int(value) for value in agari.attrib["ten"].split(",")[:2])
    if "yakuman" in agari.attrib:
        yaku = [f"役満{yaku_id}(役満)" for yaku_id in agari.attrib["yakuman"].split(",")]
        value = "役満"
    else:
        pairs = [int(value) for value in agari.attrib["yaku"].split(",")]
        yaku = [
            f"{DORA_NAMES.get(yaku_id, f'役{yaku_id}')}({han}飜)"
            for yaku_id, han in zip(pairs[::2], pairs[1::2], strict=True)
            if han
        ]
        value = f"{fu}符{sum(pairs[1::2])}飜"
    if who != from_who:
        stated = f"{points}点"
    elif who == dealer:
        stated = f"{points // (players - 1)}点∀"
    else:
        changes = _changes(agari)
        dealer_share = points // players * 2 if pao != who else -changes[dealer] - 100 * honba
        other_share = (points - dealer_share) // (players - 2)
        stated = f"{other_share}-{dealer_share}点"
    return [who, from_who, pao, value + stated, *yaku]

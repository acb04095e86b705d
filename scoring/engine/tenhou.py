"""Tenhou (天鳳) game logs to ``tenbou-game/1`` records.

A Tenhou log (mjlog XML, root ``<mjloggm>``) records every draw and discard. The record keeps
only what the table would have written down: who paid a riichi stick, and how each hand ended,
with each win's value (han and fu, or a yakuman multiple). Amounts are never copied from the
log: the engine recomputes them under the ``tenhou`` preset, and the oracle tests compare its
scores with the log's. Where the log tells a fact only through its amounts (who won a nagashi
mangan, how much of a pao yakuman the responsible player paid) it is read back from them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any
from urllib.parse import unquote

from .errors import RecordError

Record = dict[str, Any]

SEATS = 4
GO_HANCHAN = 0x08
GO_SANMA = 0x10
DORA_YAKU_IDS = frozenset({52, 53, 54})  # dora, ura dora, aka dora
YAKUMAN_BASE = 8000  # a non-dealer's yakuman tsumo share: 8000 (16000 to or from the dealer)
NAGASHI_BASE = 2000  # nagashi mangan is paid like a mangan tsumo
ABORTIVE_KINDS = {
    "yao9": "kyuushu",
    "kaze4": "suufon",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
}


class TenhouLogError(RecordError):
    """The text is not a four-player Tenhou log this importer can read.

    A RecordError of the field ``log`` with the code ``tenhou_log``: the app translates the
    sentence around ``detail``, which names the XML the importer met (in English).
    """

    def __init__(self, detail: str) -> None:
        super().__init__(detail, field="log", code="tenhou_log", params={"detail": detail})


def mjlog_to_record(xml_text: str) -> Record:
    """The ``tenbou-game/1`` record of one four-player Tenhou game log."""
    root = _parse(xml_text)
    return {
        "format": "tenbou-game/1",
        "ruleset": _ruleset(root),
        "players": _players(root.find("UN")),
        "hands": [_hand(number, elements) for number, elements in _split_hands(root)],
    }


def _parse(xml_text: str) -> ET.Element:
    if "<!DOCTYPE" in xml_text or "<!ENTITY" in xml_text:
        # Tenhou logs have no DTD; refusing one keeps entity tricks out of the parser.
        raise TenhouLogError("not a Tenhou log: it declares a DTD or entities")
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as error:
        raise TenhouLogError(f"not a Tenhou log: the XML does not parse ({error})") from None
    if root.tag != "mjloggm":
        raise TenhouLogError(f"not a Tenhou log: the root element is <{root.tag}>, not <mjloggm>")
    return root


def _ruleset(root: ET.Element) -> Record:
    """The ``tenhou`` preset, East-only (tonpuu) where <GO> says so, unrounded where the log is."""
    ruleset: Record = {"preset": "tenhou"}
    if not _go_type(root) & GO_HANCHAN:
        ruleset["rounds"] = ["E"]
        ruleset["extension"] = {
            "target": 30000,
            "winds": ["S"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        }
    if _has_unrounded_points(root):
        ruleset["rounding"] = {"mode": "none"}
    return ruleset


def _go_type(root: ET.Element) -> int:
    go = root.find("GO")
    if go is None:
        raise TenhouLogError("no <GO> element: the table's rules are unknown")
    (kind,) = _ints(go, "type", 1)
    if kind & GO_SANMA:
        raise TenhouLogError(
            f'<GO type="{kind}"> is a three-player (sanma) game: only four-player logs are read'
        )
    return kind


def _has_unrounded_points(root: ET.Element) -> bool:
    """Newer logs settle without rounding: their ``owari`` points have tenths."""
    owari = next((e.get("owari") for e in root if e.get("owari") is not None), None)
    if owari is None:
        return False
    try:
        points = [float(value) for value in owari.split(",")[1::2]]
    except ValueError:
        raise TenhouLogError(f'owari="{owari}": the points are not numbers') from None
    return any(not value.is_integer() for value in points)


def _players(un: ET.Element | None) -> list[str]:
    """Names in seat order, URL-decoded; an empty name becomes "Seat N", a repeated one "X (2)"."""
    attributes = un.attrib if un is not None else {}
    names = [unquote(attributes.get(f"n{seat}", "")).strip() for seat in range(SEATS)]
    taken: list[str] = []
    for seat, given in enumerate(names):
        name = given or f"Seat {seat + 1}"
        unique, count = name, 1
        while unique in taken:
            count += 1
            unique = f"{name} ({count})"
        taken.append(unique)
    return taken


def _split_hands(root: ET.Element) -> list[tuple[int, list[ET.Element]]]:
    """Each <INIT> with the elements after it, numbered from 1."""
    hands: list[list[ET.Element]] = []
    for element in root:
        if element.tag == "INIT":
            hands.append([element])
        elif hands:
            hands[-1].append(element)
        elif element.tag in ("REACH", "AGARI", "RYUUKYOKU"):
            raise TenhouLogError(f"<{element.tag}> comes before the first <INIT>")
    if not hands:
        raise TenhouLogError("no <INIT> element: the log has no hand")
    return list(enumerate(hands, start=1))


def _hand(number: int, elements: list[ET.Element]) -> Record:
    init = elements[0]
    try:
        dealer = _seat(init, "oya")
        honba = _ints(init, "seed", 6)[1]
        results = [e for e in elements if e.tag in ("AGARI", "RYUUKYOKU")]
        return {"riichi": _riichi(elements), "result": _result(results, dealer, honba)}
    except TenhouLogError as error:
        raise TenhouLogError(f"hand {number}: {error}") from None


def _riichi(elements: list[ET.Element]) -> list[int]:
    """Seats whose stick was paid: <REACH step="2">. A ronned declaration has no step 2."""
    seats = [_seat(e, "who") for e in elements if e.tag == "REACH" and e.get("step") == "2"]
    return list(dict.fromkeys(seats))


def _result(results: list[ET.Element], dealer: int, honba: int) -> Record:
    tags = [e.tag for e in results]
    if not tags:
        raise TenhouLogError("the hand has no <AGARI> or <RYUUKYOKU>")
    if tags == ["RYUUKYOKU"]:
        return _draw(results[0], dealer, honba)
    if set(tags) == {"AGARI"}:
        return _win(results, dealer, honba)
    raise TenhouLogError("the hand has more than one result: " + ", ".join(f"<{t}>" for t in tags))


def _win(agaris: list[ET.Element], dealer: int, honba: int) -> Record:
    winners = [_seat(agari, "who") for agari in agaris]
    discarders = {_seat(agari, "fromWho") for agari in agaris}
    if len(discarders) != 1:
        raise TenhouLogError("the <AGARI> elements of one hand name different discarders")
    (discarder,) = discarders
    if winners == [discarder]:
        return {"type": "tsumo", "winner": discarder, **_value(agaris[0], dealer, honba)}
    if discarder in winners or len(set(winners)) != len(winners):
        raise TenhouLogError("the <AGARI> elements repeat a winner or mix a tsumo with rons")
    # Only the first winner in turn order from the discarder collects the honba (上家取り).
    wins = [
        {"winner": w, **_value(a, dealer, honba if i == 0 else 0)}
        for i, (w, a) in enumerate(zip(winners, agaris, strict=True))
    ]
    return {"type": "ron", "from": discarder, "wins": wins}


def _value(agari: ET.Element, dealer: int, honba: int) -> Record:
    """The win's value (han and fu, or a yakuman multiple), with pao and the statistics."""
    value: Record
    if agari.get("yakuman") is not None:
        points = _ints(agari, "ten", 3)[1]
        value = {"yakuman": _yakuman_multiple(points, dealer_won=_seat(agari, "who") == dealer)}
    else:
        value = _han_fu(agari)
    if agari.get("paoWho") is not None:
        value |= _pao(agari, value.get("yakuman"), dealer, honba)
    if _is_open(agari):
        value["open"] = True
    return value


def _han_fu(agari: ET.Element) -> Record:
    """Han is the sum of the ``yaku`` id,han pairs, dora entries included; fu comes from ``ten``.
    A kazoe (13+ han without ``yakuman``) stays han and fu: the ruleset decides what it pays."""
    fu = _ints(agari, "ten", 3)[0]
    yaku = _ints(agari, "yaku")
    if len(yaku) % 2:
        raise TenhouLogError(f'<AGARI yaku="{agari.get("yaku")}">: not id,han pairs')
    pairs = list(zip(yaku[::2], yaku[1::2], strict=True))
    dora = sum(han for yaku_id, han in pairs if yaku_id in DORA_YAKU_IDS)
    return {"han": sum(han for _, han in pairs), "fu": fu, "dora": dora}


def _is_open(agari: ET.Element) -> bool:
    """The winner's melds (``m``) include a call: its low two bits name whom it was taken from
    (0 only for a closed kan)."""
    return agari.get("m") is not None and any(meld & 3 for meld in _ints(agari, "m"))


def _yakuman_multiple(points: int, *, dealer_won: bool) -> float:
    """Read from the points, not the yakuman ids: Tenhou pays some single yakuman double."""
    unit = 6 * YAKUMAN_BASE if dealer_won else 4 * YAKUMAN_BASE
    halves, rest = divmod(2 * points, unit)
    if rest or halves < 1:
        raise TenhouLogError(f"<AGARI> worth {points} is not a whole number of half yakuman")
    return halves // 2 if halves % 2 == 0 else halves / 2


def _pao(agari: ET.Element, yakuman: float | None, dealer: int, honba: int) -> Record:
    """The responsible seat (包), with ``pao_yakuman`` where Tenhou charged only part to it."""
    pao = _seat(agari, "paoWho")
    ron_by_pao = pao == _seat(agari, "fromWho") != _seat(agari, "who")
    if yakuman is None or ron_by_pao:
        return {"pao": pao}  # nothing to split: the discarder pays all anyway
    charged = _pao_yakuman(agari, pao, yakuman, dealer, honba)
    if charged == yakuman:
        return {"pao": pao}
    if not 0 < charged < yakuman or (2 * charged) % 1:
        raise TenhouLogError(
            f"<AGARI paoWho={pao}>: what the responsible player paid fits no part of the yakuman"
        )
    return {"pao": pao, "pao_yakuman": int(charged) if charged.is_integer() else charged}


def _pao_yakuman(agari: ET.Element, pao: int, yakuman: float, dealer: int, honba: int) -> float:
    """How many yakuman the payment of the responsible player stands for, read as rulesets.md
    says Tenhou pays: at a tsumo its part whole with all the honba, plus its usual share of the
    rest; at a ron half its part and the honba (the discarder pays the other half)."""
    winner, discarder = _seat(agari, "who"), _seat(agari, "fromWho")
    paid = -_changes(agari)[pao]
    whole = YAKUMAN_BASE * (6 if winner == dealer else 4)
    if winner != discarder:
        return (paid - 300 * honba) / (whole / 2)
    share = _tsumo_share(YAKUMAN_BASE, winner, pao, dealer)
    return (paid - 300 * honba - yakuman * share) / (whole - share)


def _tsumo_share(base: int, winner: int, payer: int, dealer: int) -> int:
    return base * 2 if dealer in (winner, payer) else base


def _draw(ryuukyoku: ET.Element, dealer: int, honba: int) -> Record:
    kind = ryuukyoku.get("type")
    shown = [seat for seat in range(SEATS) if ryuukyoku.get(f"hai{seat}") is not None]
    if kind is None:
        return {"type": "draw", "tenpai": shown}
    if kind == "nm":
        winners = _nagashi_winners(_changes(ryuukyoku), dealer, honba)
        return {"type": "nagashi", "winners": winners, "tenpai": shown}
    if kind in ABORTIVE_KINDS:
        return {"type": "abortive", "kind": ABORTIVE_KINDS[kind]}
    raise TenhouLogError(f'<RYUUKYOKU type="{kind}"> is not a draw this importer knows')


def _nagashi_winners(changes: list[int], dealer: int, honba: int) -> list[int]:
    """The log names no nagashi player: they are the seats the score changes pay a mangan
    tsumo (without honba, or with it, should Tenhou ever pay it)."""
    winners = [seat for seat, change in enumerate(changes) if change > 0]
    if winners and any(
        _nagashi_changes(winners, dealer, bonus) == changes for bonus in (0, 100 * honba)
    ):
        return winners
    raise TenhouLogError(
        f'<RYUUKYOKU type="nm">: the score changes {changes} are no nagashi mangan payment'
    )


def _nagashi_changes(winners: list[int], dealer: int, bonus: int) -> list[int]:
    changes = [0] * SEATS
    for winner in winners:
        for payer in range(SEATS):
            if payer != winner:
                amount = _tsumo_share(NAGASHI_BASE, winner, payer, dealer) + bonus
                changes[payer] -= amount
                changes[winner] += amount
    return changes


def _changes(result: ET.Element) -> list[int]:
    """Each seat's score change in points, from ``sc="s0,c0,s1,c1,..."`` (in hundreds)."""
    return [change * 100 for change in _ints(result, "sc", 2 * SEATS)[1::2]]


def _seat(element: ET.Element, name: str) -> int:
    (seat,) = _ints(element, name, 1)
    if not 0 <= seat < SEATS:
        raise TenhouLogError(f'<{element.tag} {name}="{seat}">: not a seat of a four-player game')
    return seat


def _ints(element: ET.Element, name: str, count: int | None = None) -> list[int]:
    """A comma-separated attribute of whole numbers, ``count`` of them where given."""
    text = element.get(name)
    if text is None:
        raise TenhouLogError(f"<{element.tag}> has no {name} attribute")
    try:
        values = [int(value) for value in text.split(",")]
    except ValueError:
        raise TenhouLogError(f'<{element.tag} {name}="{text}">: not whole numbers') from None
    if count is not None and len(values) != count:
        raise TenhouLogError(f'<{element.tag} {name}="{text}">: {count} numbers expected')
    return values

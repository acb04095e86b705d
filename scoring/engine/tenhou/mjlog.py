"""Tenhou's mjlog XML (root ``<mjloggm>``), four- or three-player, read into a game's facts.

The log records every draw and discard; only a few elements carry what the record keeps:
``<GO type>`` (the table's rules as bits: 0x10 three players, 0x08 East and South), ``<UN>``
(names), ``<INIT seed ten oya>`` (each hand's round, honba, sticks, scores and dealer),
``<REACH step="2">`` (a riichi stick paid), ``<AGARI>`` and ``<RYUUKYOKU>`` (results, with the
score changes in ``sc`` and, at the end, the final scores and points in ``owari``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import unquote

from .common import Draw, Game, Hand, Record, TenhouLogError, Win, game_record, points_with_tenths

GO_HANCHAN = 0x08
GO_SANMA = 0x10
SEAT_SLOTS = 4  # ``ten``, ``sc`` and ``owari`` always list four seats (the fourth empty in sanma)
DORA_YAKU_IDS = frozenset({52, 53, 54})  # dora (with the north extracted in sanma), ura, aka
ABORTIVE_KINDS = {
    "yao9": "kyuushu",
    "kaze4": "suufon",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
}


def mjlog_to_record(xml_text: str) -> Record:
    """The ``tenbou-game/1`` record of one Tenhou game log (mjlog XML)."""
    return game_record(read_mjlog(xml_text))


def read_mjlog(xml_text: str) -> Game:
    root = _parse(xml_text)
    go_type = _go_type(root)
    players = 3 if go_type & GO_SANMA else 4
    split = _split_hands(root)
    owari = _owari(root, players)
    return Game(
        players=players,
        east_only=not go_type & GO_HANCHAN,
        names=_names(root.find("UN"), players),
        unrounded=points_with_tenths(owari[1::2]),
        hands=[_hand(number, elements, players) for number, elements in split],
        final_scores=[round(score * 100) for score in owari[::2]],
        final_points=owari[1::2],
    )


def _parse(xml_text: str) -> ET.Element:
    if "<!DOCTYPE" in xml_text or "<!ENTITY" in xml_text:
        # Tenhou logs have no DTD; refusing one keeps entity tricks out of the parser.
        raise TenhouLogError("not a Tenhou log: it declares a DTD or entities")
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as error:
        line, column = error.position
        raise TenhouLogError(
            f"not a Tenhou log: the XML does not parse ({error})",
            code="log_damaged",
            params={"line": line, "column": column + 1},
        ) from None
    if root.tag != "mjloggm":
        raise TenhouLogError(f"not a Tenhou log: the root element is <{root.tag}>, not <mjloggm>")
    return root


def _go_type(root: ET.Element) -> int:
    go = root.find("GO")
    if go is None:
        raise TenhouLogError("no <GO> element: the table's rules are unknown")
    (kind,) = _ints(go, "type", 1)
    return kind


def _owari(root: ET.Element, players: int) -> list[float]:
    """The final scores and points (``owari``); a log without them is a game still going on."""
    owari = next((e.get("owari") for e in root if e.get("owari") is not None), None)
    if owari is None:
        raise TenhouLogError(
            "the game is not over: the log has no final result (owari)", code="log_unfinished"
        )
    try:
        values = [float(value) for value in owari.split(",")]
    except ValueError:
        raise TenhouLogError(f'owari="{owari}": the points are not numbers') from None
    if len(values) == 3 * SEAT_SLOTS:
        raise TenhouLogError(
            "the game pays chips (祝儀): no ruleset option pays them",
            code="log_rules",
            params={"rule": "祝儀", "option": "chips"},
        )
    if len(values) != 2 * SEAT_SLOTS:
        raise TenhouLogError(f'owari="{owari}": {2 * SEAT_SLOTS} numbers expected')
    return values[: 2 * players]


def _names(un: ET.Element | None, players: int) -> list[str]:
    """Names in seat order, URL-decoded."""
    attributes = un.attrib if un is not None else {}
    return [unquote(attributes.get(f"n{seat}", "")).strip() for seat in range(players)]


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


def _hand(number: int, elements: list[ET.Element], players: int) -> Hand:
    init = elements[0]
    try:
        seed = _ints(init, "seed", 6)
        hand = Hand(number, seed[0], seed[1], _seat(init, "oya", players))
        hand.start = [score * 100 for score in _ints(init, "ten", SEAT_SLOTS)][:players]
    except TenhouLogError as error:
        raise error.placed(number, None) from None
    try:
        hand.riichi = _riichi(elements, players)
        for element in elements:
            if element.tag == "AGARI":
                hand.wins.append(_win(element, players))
            elif element.tag == "RYUUKYOKU":
                if hand.draw is not None:
                    raise TenhouLogError(
                        "the hand has more than one <RYUUKYOKU>", code="log_hand_results"
                    )
                hand.draw = _draw(element, players)
    except TenhouLogError as error:
        raise error.placed(number, hand.label) from None
    return hand


def _riichi(elements: list[ET.Element], players: int) -> list[int]:
    """Seats whose stick was paid: <REACH step="2">. A ronned declaration has no step 2."""
    seats = [
        _seat(e, "who", players) for e in elements if e.tag == "REACH" and e.get("step") == "2"
    ]
    return list(dict.fromkeys(seats))


def _win(agari: ET.Element, players: int) -> Win:
    fu, points = _ints(agari, "ten", 3)[:2]
    yakuman = agari.get("yakuman") is not None
    han, dora = (0, 0) if yakuman else _han_and_dora(agari)
    pao = _seat(agari, "paoWho", players) if agari.get("paoWho") is not None else None
    return Win(
        winner=_seat(agari, "who", players),
        discarder=_seat(agari, "fromWho", players),
        han=han,
        fu=fu,
        dora=dora,
        yakuman=yakuman,
        points=points,
        changes=_changes(agari, players),
        pao=pao,
        open=_is_open(agari),
    )


def _han_and_dora(agari: ET.Element) -> tuple[int, int]:
    """Han is the sum of the ``yaku`` id,han pairs, dora entries included. A kazoe (13+ han
    without ``yakuman``) stays han and fu: the ruleset decides what it pays."""
    yaku = _ints(agari, "yaku")
    if len(yaku) % 2:
        raise TenhouLogError(f'<AGARI yaku="{agari.get("yaku")}">: not id,han pairs')
    pairs = list(zip(yaku[::2], yaku[1::2], strict=True))
    dora = sum(han for yaku_id, han in pairs if yaku_id in DORA_YAKU_IDS)
    return sum(han for _, han in pairs), dora


def _is_open(agari: ET.Element) -> bool:
    """The winner's melds (``m``) include a call: its low two bits name whom it was taken from
    (0 for a closed kan and for a north extracted in sanma)."""
    return agari.get("m") is not None and any(meld & 3 for meld in _ints(agari, "m"))


def _draw(ryuukyoku: ET.Element, players: int) -> Draw:
    kind = ryuukyoku.get("type")
    shown = [seat for seat in range(players) if ryuukyoku.get(f"hai{seat}") is not None]
    changes = _changes(ryuukyoku, players) if ryuukyoku.get("sc") is not None else [0] * players
    if kind is None:
        return Draw("draw", shown, changes)
    if kind == "nm":
        return Draw("nagashi", shown, changes)
    if kind in ABORTIVE_KINDS:
        return Draw(ABORTIVE_KINDS[kind], [], changes)
    raise TenhouLogError(
        f'<RYUUKYOKU type="{kind}"> is not a draw this importer knows',
        code="log_hand_result_kind",
        params={"kind": kind},
    )


def _changes(result: ET.Element, players: int) -> list[int]:
    """Each seat's score change in points, from ``sc="s0,c0,s1,c1,..."`` (in hundreds)."""
    return [change * 100 for change in _ints(result, "sc", 2 * SEAT_SLOTS)[1::2]][:players]


def _seat(element: ET.Element, name: str, players: int) -> int:
    (seat,) = _ints(element, name, 1)
    if not 0 <= seat < players:
        raise TenhouLogError(
            f'<{element.tag} {name}="{seat}">: not a seat of a {players}-player game'
        )
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

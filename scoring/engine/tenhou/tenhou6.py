"""tenhou.net/6 JSON logs (the format of Tenhou's web log viewer), read into a game's facts.

An object with ``name`` (four names, the fourth empty in sanma), ``rule.disp`` (the table, e.g.
``四鳳南喰赤`` or ``三鳳南喰赤``: 三 three players, 東 East only, 南 East and South), ``log``
(one array per hand) and ``sc`` (the final scores and points, seat by seat). A hand is::

    [[round, honba, sticks], [scores x4], [dora], [ura dora],
     haipai, draws, discards   (for each of the four seats),
     result]

where a draw or discard that is a string is a call (``c`` chi, ``p`` pon, ``m`` open kan in the
draws; ``r`` riichi, ``a`` closed kan, ``k`` added kan, ``f`` north extracted in the discards),
and the result is ``["和了", changes, [who, fromWho, paoWho, "30符4飜2000-3900点", yaku ...],
...]`` (a pair per winner), or a draw: ``["流局", changes]``, ``["全員聴牌"]``, ``["流し満貫",
changes]``, ``["九種九牌"]`` ...
"""

from __future__ import annotations

import json
import re
from typing import Any

from .. import jsontext
from .common import Draw, Game, Hand, Record, TenhouLogError, Win, game_record, points_with_tenths

SEAT_SLOTS = 4
ABORTIVE_KINDS = {
    "九種九牌": "kyuushu",
    "四風連打": "suufon",
    "四家立直": "suucha_riichi",
    "三家和了": "sanchahou",
    "四槓散了": "suukaikan",
}
WIN = "和了"
DRAWS = {"流局", "全員聴牌", "全員不聴", "流し満貫"}
DORA_NAMES = frozenset({"ドラ", "赤ドラ", "裏ドラ", "抜きドラ", "dora", "aka dora", "ura dora"})
YAKU_HAN = re.compile(r"^(?P<name>.*?)\((?P<han>\d+)\s*(?:飜|han)\)\s*$", re.IGNORECASE)
YAKU_YAKUMAN = re.compile(r"\((?:役満|yakuman)\)\s*$", re.IGNORECASE)
FU = re.compile(r"(\d+)\s*(?:符|fu)", re.IGNORECASE)
POINTS = re.compile(r"(\d+)(?:-(\d+))?\s*(?:点|pts?)\s*(∀|all)?\s*$", re.IGNORECASE)
CHIITOITSU = "七対子"


def tenhou6_to_record(json_text: str) -> Record:
    """The ``tenbou-game/1`` record of one tenhou.net/6 JSON game log."""
    return game_record(read_tenhou6(json_text))


def read_tenhou6(json_text: str) -> Game:
    try:
        data = jsontext.loads(json_text)
    except jsontext.TooDeep as error:
        raise TenhouLogError(
            f"not a Tenhou log: {error.msg}",
            code="log_too_deep",
            params={"depth": jsontext.MAX_DEPTH, "line": error.lineno, "column": error.colno},
        ) from None
    except json.JSONDecodeError as error:
        raise TenhouLogError(
            f"not a Tenhou log: the JSON does not parse ({error.msg})",
            code="log_damaged",
            params={"line": error.lineno, "column": error.colno},
        ) from None
    if not isinstance(data, dict):
        raise TenhouLogError("not a tenhou.net/6 log: the JSON is not an object")
    if "log" not in data:
        raise TenhouLogError(
            "the JSON has no “log”: it is not a tenhou.net/6 game log",
            code="log_missing_part",
            params={"part": "log"},
        )
    raw_hands = data["log"]
    if not isinstance(raw_hands, list) or not raw_hands:
        raise TenhouLogError("“log” is not a list of hands: the log has no hand")
    disp = _disp(data)
    if "祝" in disp:
        raise TenhouLogError(
            "the game pays chips (祝儀): no ruleset option pays them",
            code="log_rules",
            params={"rule": "祝儀", "option": "chips"},
        )
    players = _players(data, disp, raw_hands)
    final = _final(data, players)
    names = data.get("name")
    names = names if isinstance(names, list) else []
    hands = [_head(number, raw, players) for number, raw in enumerate(raw_hands, start=1)]
    for index, hand in enumerate(hands):
        following = hands[index + 1] if index + 1 < len(hands) else None
        _read_hand(hand, raw_hands[index], following, players)
    return Game(
        players=players,
        east_only=_east_only(disp),
        names=[str(names[seat]) if seat < len(names) else "" for seat in range(players)],
        unrounded=points_with_tenths(final[1::2]),
        hands=hands,
        final_scores=[round(score) for score in final[::2]],
        final_points=final[1::2],
    )


def _disp(data: dict[str, Any]) -> str:
    rule = data.get("rule")
    disp = rule.get("disp") if isinstance(rule, dict) else None
    return disp if isinstance(disp, str) else ""


def _east_only(disp: str) -> bool:
    """東 (East only) in the table's name, and not 南 (East and South); a name without either
    (or none) is a hanchan, Tenhou's usual game."""
    lower = disp.lower()
    east = "東" in disp or "east" in lower or "tonpu" in lower
    south = "南" in disp or "south" in lower or "hanchan" in lower
    return east and not south


def _players(data: dict[str, Any], disp: str, raw_hands: list[Any]) -> int:
    """三 in the table's name is a three-player game; without a name, an empty fourth seat."""
    if disp:
        lower = disp.lower()
        return 3 if disp.startswith("三") or "sanma" in lower or "3-player" in lower else 4
    first = raw_hands[0]
    scores = first[1] if isinstance(first, list) and len(first) > 1 else None
    names = data.get("name")
    empty_fourth = isinstance(names, list) and len(names) == SEAT_SLOTS and names[3] == ""
    return 3 if isinstance(scores, list) and scores[3:4] == [0] and empty_fourth else 4


def _final(data: dict[str, Any], players: int) -> list[float]:
    """The final scores and points (``sc``); a log without them is a game still going on."""
    final = data.get("sc")
    if not isinstance(final, list) or not any(final):
        raise TenhouLogError(
            "the game is not over: the log has no final result (sc)", code="log_unfinished"
        )
    if len(final) == 3 * SEAT_SLOTS:
        raise TenhouLogError(
            "the game pays chips (祝儀): no ruleset option pays them",
            code="log_rules",
            params={"rule": "祝儀", "option": "chips"},
        )
    if len(final) != 2 * SEAT_SLOTS or not all(_is_number(value) for value in final):
        raise TenhouLogError(f"“sc” is not {2 * SEAT_SLOTS} numbers: {final!r}"[:200])
    return [float(value) for value in final[: 2 * players]]


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# -- one hand ----------------------------------------------------------------------------------


def _head(number: int, raw: Any, players: int) -> Hand:
    """The hand's round, honba and dealer, and the scores it starts from."""
    try:
        lengths = {4 + 3 * SEAT_SLOTS + 1, 4 + 3 * players + 1}  # sanma: 3 or 4 seat slots
        if not isinstance(raw, list) or len(raw) not in lengths:
            raise TenhouLogError("a hand is not an array of its round, scores, seats and result")
        head, scores = _numbers(raw[0], 3, "the round"), _numbers(raw[1], None, "the scores")
        if len(scores) < players:
            raise TenhouLogError(f"the scores {scores} do not give {players} seats")
        round_index, honba = head[0], head[1]
        dealer = round_index % 4
        if round_index < 0 or dealer >= players:
            raise TenhouLogError(f"round {round_index} has no dealer in a {players}-player game")
    except TenhouLogError as error:
        raise error.placed(number, None) from None
    return Hand(number, round_index, honba, dealer, start=scores[:players])


def _read_hand(
    hand: Hand,
    raw: list[Any],
    following: Hand | None,
    players: int,
) -> None:
    try:
        result = raw[-1]
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise TenhouLogError("the hand's result is not an array starting with its kind")
        kind = result[0]
        if kind == WIN:
            hand.wins = _wins(result[1:], raw, players)
            changes = _sum(win.changes for win in hand.wins)
        elif kind in DRAWS or kind in ABORTIVE_KINDS:
            changes = _sum(_changes(part, players) for part in result[1:])
            changes = changes or [0] * players
        else:
            raise TenhouLogError(
                f"the result “{kind}” is not one this importer knows",
                code="log_hand_result_kind",
                params={"kind": kind},
            )
        hand.riichi = _riichi(hand, raw, changes, following, players)
        if kind != WIN:
            hand.draw = _draw(kind, changes, hand, following, players)
    except TenhouLogError as error:
        raise error.placed(hand.number, hand.label) from None


def _sum(parts: Any) -> list[int]:
    total: list[int] = []
    for part in parts:
        total = [a + b for a, b in zip(total, part, strict=True)] if total else list(part)
    return total


def _wins(parts: list[Any], raw: list[Any], players: int) -> list[Win]:
    if not parts or len(parts) % 2:
        raise TenhouLogError("“和了” is not followed by pairs of changes and win details")
    return [
        _win(_changes(changes, players), details, raw, players)
        for changes, details in zip(parts[::2], parts[1::2], strict=True)
    ]


def _win(changes: list[int], details: Any, raw: list[Any], players: int) -> Win:
    if not isinstance(details, list) or len(details) < 4 or not isinstance(details[3], str):
        raise TenhouLogError("a win's details are not [who, fromWho, paoWho, points, yaku ...]")
    who, from_who, pao = (_seat(value, players) for value in details[:3])
    stated, yaku = details[3], [str(name) for name in details[4:]]
    yakuman = any(YAKU_YAKUMAN.search(name) for name in yaku)
    han, dora = _han_and_dora(yaku)
    return Win(
        winner=who,
        discarder=from_who,
        han=0 if yakuman else han,
        fu=_fu(stated, han, yaku),
        dora=0 if yakuman else dora,
        yakuman=yakuman,
        points=_points(stated, who == from_who, players),
        changes=changes,
        pao=None if pao == who else pao,
        open=_called(raw, who),
    )


def _han_and_dora(yaku: list[str]) -> tuple[int, int]:
    han = dora = 0
    for name in yaku:
        match = YAKU_HAN.match(name)
        if match is None:
            if YAKU_YAKUMAN.search(name):
                continue
            raise TenhouLogError(f"the yaku “{name}” gives no han")
        han += int(match["han"])
        if match["name"].strip().lower() in DORA_NAMES:
            dora += int(match["han"])
    return han, dora


def _fu(stated: str, han: int, yaku: list[str]) -> int:
    """The fu the points name; a limit hand (満貫 ...) names none: the least that reaches it."""
    match = FU.search(stated)
    if match is not None:
        return int(match[1])
    if han >= 5 or any(YAKU_YAKUMAN.search(name) for name in yaku):
        return 25 if any(name.startswith(CHIITOITSU) for name in yaku) else 30
    if han == 4:
        return 40
    if han == 3:
        return 70
    raise TenhouLogError(f"“{stated}” names no fu for a {han}-han win")


def _points(stated: str, tsumo: bool, players: int) -> int:
    """The win's worth: a ron's value, or a tsumo's shares added up (``A-B``: A from each
    non-dealer, B from the dealer; ``A∀``: A from everyone)."""
    match = POINTS.search(stated)
    if match is None:
        raise TenhouLogError(f"the points “{stated}” are not in a form this importer knows")
    first, dealer_share, everyone = int(match[1]), match[2], match[3]
    if not tsumo:
        return first
    if everyone:
        return first * (players - 1)
    if dealer_share is None:
        raise TenhouLogError(f"the tsumo points “{stated}” do not say who pays what")
    return first * (players - 2) + int(dealer_share)


def _called(raw: list[Any], seat: int) -> bool:
    """A chi, pon or open kan among the seat's draws (a string with ``c``, ``p`` or ``m``)."""
    draws = raw[5 + 3 * seat]
    return isinstance(draws, list) and any(
        isinstance(draw, str) and any(mark in draw for mark in "cpm") for draw in draws
    )


def _declared(raw: list[Any], seat: int) -> list[Any]:
    discards = raw[6 + 3 * seat]
    return discards if isinstance(discards, list) else []


def _riichi(
    hand: Hand,
    raw: list[Any],
    changes: list[int],
    following: Hand | None,
    players: int,
) -> list[int]:
    """Seats whose riichi stick was paid. Where another hand follows, its scores say it exactly
    (a seat's start, plus its changes, less its stick); in the last hand, every declaration
    (``r`` in the discards) except one ronned on the declaring discard itself."""
    declared = [
        seat
        for seat in range(players)
        if any(isinstance(tile, str) and "r" in tile for tile in _declared(raw, seat))
    ]
    if following is not None:
        start, after = hand.start, following.start
        paid = [start[seat] + changes[seat] - after[seat] for seat in range(players)]
        if any(stick not in (0, 1000) for stick in paid) or any(
            stick and seat not in declared for seat, stick in enumerate(paid)
        ):
            raise TenhouLogError(
                "the scores at the start of the next hand do not follow from this hand's "
                "payments and riichi sticks",
                code="log_hand_scores",
                params={},
            )
        return [seat for seat in range(players) if paid[seat]]
    ronned = {win.discarder for win in hand.wins if win.discarder != win.winner}
    return [
        seat for seat in declared if not (seat in ronned and _last_is_riichi(_declared(raw, seat)))
    ]


def _last_is_riichi(discards: list[Any]) -> bool:
    return bool(discards) and isinstance(discards[-1], str) and "r" in discards[-1]


def _draw(
    kind: str,
    changes: list[int],
    hand: Hand,
    following: Hand | None,
    players: int,
) -> Draw:
    if kind in ABORTIVE_KINDS:
        return Draw(ABORTIVE_KINDS[kind], [], changes)
    if kind == "全員聴牌":
        return Draw("draw", list(range(players)), changes)
    if kind == "全員不聴":
        return Draw("draw", [], changes)
    if kind == "流局":
        return Draw("draw", [seat for seat in range(players) if changes[seat] > 0], changes)
    # 流し満貫: the log does not say who was tenpai. The riichi players were, and the dealer
    # was if the next hand keeps the seat (the only tenpai that changes what follows).
    kept = following is not None and following.round_index == hand.round_index
    tenpai = sorted({*hand.riichi, *([hand.dealer] if kept else [])})
    return Draw("nagashi", tenpai, changes)


def _changes(value: Any, players: int) -> list[int]:
    """A result's score changes, one per seat (the empty fourth of sanma left out)."""
    changes = _numbers(value, None, "the changes")
    if len(changes) < players:
        raise TenhouLogError(f"the changes {changes} do not give {players} seats")
    return changes[:players]


def _numbers(value: Any, count: int | None, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(number, int) and not isinstance(number, bool) for number in value
    ):
        raise TenhouLogError(f"{what} are not whole numbers: {value!r}"[:200])
    if count is not None and len(value) != count:
        raise TenhouLogError(f"{what} are not {count} numbers: {value!r}"[:200])
    return list(value)


def _seat(value: Any, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise TenhouLogError(f"{value!r} is not a seat of a {players}-player game")
    return value

"""Tenhou's winning hands as the hand calculator's input, each with the value the log gives it.

An mjlog ``<AGARI>`` shows the winner's concealed tiles (``hai``, winning tile included, as
Tenhou's 136 tile ids), the calls (``m``, Tenhou's 16-bit meld codes), the winning tile
(``machi``), the dora and ura-dora indicators and who won from whom; the ``<INIT>`` before it
gives the round and the dealer. What tiles cannot show (riichi, ippatsu, haitei ...) is read
from the log's own yaku list. ``check_log`` counts every win of a log under the ``tenhou`` or
``tenhou_sanma`` preset and says where the count differs from Tenhou's: han, fu, yaku (by
Tenbou's codes), dora, ura, red fives, and the yakuman multiple. Pure Python: the oracle test
(``tests/calculator/test_tenhou_hands.py``) and ``scripts/calculator_tenhou.py`` use it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from scoring.calculator.hand import Counted, HandInput, Meld, Situation, count_hand
from scoring.calculator.problems import HandProblem
from scoring.calculator.tiles import TILES, text_of
from scoring.engine import Ruleset, ruleset_from_spec
from scoring.engine.tenhou import log_text
from scoring.engine.tenhou.mjlog import GO_SANMA, _parse

LOG_PATTERNS = ("*.mjlog", "*.xml")  # mjlog XML; tenhou.net/6 JSON shows no final hand
PRESETS = {4: "tenhou", 3: "tenhou_sanma"}
WINDS = "ESWN"
RED_IDS = frozenset({16, 52, 88})  # the first copy of each five is red (喰赤 tables)
MELD_LETTERS = {"chi": "c", "pon": "p", "kan": "k", "ankan": "a"}  # as ``read_hand`` reads them

# Tenhou's meld code (``<N m>``, ``<AGARI m>``): bits 0-1 whom the tile came from (relative;
# 0 for a closed kan and a north set aside), then one flag bit per kind, else a kan.
CHI_BIT = 1 << 2
PON_BIT = 1 << 3
CHAKAN_BIT = 1 << 4  # 加槓: a pon with its fourth tile added
NUKI_BIT = 1 << 5  # 三麻: a north set aside (抜きドラ)

# Tenhou's yaku ids (the ``yaku`` and ``yakuman`` attributes) of each of Tenbou's yaku codes.
TENHOU_IDS: dict[str, frozenset[int]] = {
    "menzen_tsumo": frozenset({0}),
    "riichi": frozenset({1}),
    "ippatsu": frozenset({2}),
    "chankan": frozenset({3}),
    "rinshan": frozenset({4}),
    "haitei": frozenset({5, 6}),  # 海底摸月 and 河底撈魚 are one code
    "pinfu": frozenset({7}),
    "tanyao": frozenset({8}),
    "iipeikou": frozenset({9}),
    "yakuhai": frozenset(range(10, 21)),  # seat winds, round winds, 白 發 中
    "double_riichi": frozenset({21}),
    "chiitoitsu": frozenset({22}),
    "chanta": frozenset({23}),
    "ittsu": frozenset({24}),
    "sanshoku": frozenset({25}),
    "sanshoku_doukou": frozenset({26}),
    "sankantsu": frozenset({27}),
    "toitoi": frozenset({28}),
    "sanankou": frozenset({29}),
    "shousangen": frozenset({30}),
    "honroutou": frozenset({31}),
    "ryanpeikou": frozenset({32}),
    "junchan": frozenset({33}),
    "honitsu": frozenset({34}),
    "chinitsu": frozenset({35}),
    "renhou": frozenset({36}),
    "tenhou": frozenset({37}),
    "chiihou": frozenset({38}),
    "daisangen": frozenset({39}),
    "suuankou": frozenset({40}),
    "suuankou_tanki": frozenset({41}),
    "tsuuiisou": frozenset({42}),
    "ryuuiisou": frozenset({43}),
    "chinroutou": frozenset({44}),
    "chuuren": frozenset({45}),
    "junsei_chuuren": frozenset({46}),
    "kokushi": frozenset({47}),
    "kokushi_13": frozenset({48}),
    "daisuushii": frozenset({49}),
    "shousuushii": frozenset({50}),
    "suukantsu": frozenset({51}),
}
CODE_OF_ID = {tenhou_id: code for code, ids in TENHOU_IDS.items() for tenhou_id in ids}
DORA_ID, URA_ID, AKA_ID = 52, 53, 54  # 52 counts the norths set aside too (三麻)
# The situation a yaku id shows (what the table would tick on the calculator).
MENZEN_TSUMO, RIICHI, IPPATSU, CHANKAN, RINSHAN, HAITEI, HOUTEI = 0, 1, 2, 3, 4, 5, 6
DOUBLE_RIICHI, TENHOU, CHIIHOU = 21, 37, 38


@dataclass(frozen=True)
class Call:
    """One decoded meld code: ``chi``, ``pon``, ``kan`` (大明槓 or 加槓), ``ankan`` or ``nuki``,
    its tile ids with the tile taken from another player first."""

    kind: str
    ids: tuple[int, ...]


@dataclass(frozen=True)
class Expected:
    """What the log says the hand is worth: ``han`` (dora included; 0 for a yakuman), ``fu``,
    the points and limit code of ``ten``, the yakuman multiple (one per yakuman id, 0 for
    none), the yaku as Tenbou's codes with their han (dora left out), and the dora by kind."""

    han: int
    fu: int
    points: int
    limit: int
    yakuman: int
    yaku: tuple[tuple[str, int], ...]
    dora: int
    ura: int
    aka: int


@dataclass(frozen=True)
class LogWin:
    """One ``<AGARI>`` of a log: its number in the log (from 1), where it was won, the hand as
    the calculator reads it, and what the log says it is worth."""

    number: int
    round: str
    honba: int
    winner: int
    discarder: int
    players: int
    hand: HandInput
    expected: Expected

    @property
    def label(self) -> str:
        how = "tsumo" if self.hand.situation.tsumo else f"ron from seat {self.discarder}"
        return f"#{self.number} {self.round}-{self.honba} seat {self.winner} {how}"


@dataclass(frozen=True)
class Checked:
    """A win counted by the calculator: the count (``None`` when it refused the hand, with the
    ``problem``), and each way it differs from the log (empty: it agrees)."""

    win: LogWin
    counted: Counted | None
    problem: str | None
    differences: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return not self.differences


def tile_name(tile_id: int) -> str:
    """A 136-id as the calculator's notation: ``16`` -> ``0m`` (red), ``17`` -> ``5m``."""
    tile = TILES[tile_id // 4]
    return f"0{tile[1]}" if tile_id in RED_IDS else tile


def hand_text(hand: HandInput) -> str:
    """The hand in the calculator's notation (what a scorekeeper would type): ``23466m786p
    [p055p c435s] dora 2z``, with the ura-dora and the norths set aside where there are any."""
    parts = [text_of(hand.tiles)]
    if hand.melds:
        melds = " ".join(MELD_LETTERS[m.kind] + text_of(m.tiles) for m in hand.melds)
        parts.append(f"[{melds}]")
    parts.append(f"dora {text_of(hand.dora)}")
    if hand.ura:
        parts.append(f"ura {text_of(hand.ura)}")
    if hand.situation.nuki:
        parts.append(f"nuki {hand.situation.nuki}")
    return " ".join(parts)


def decode_meld(code: int) -> Call:
    """Tenhou's 16-bit meld code (the layout Tenhou's viewer uses) as its kind and tile ids."""
    if code & CHI_BIT:
        pattern = code >> 10  # (suit * 7 + lowest number - 1) * 3 + the called tile's place
        start, called = divmod(pattern, 3)
        lowest = start // 7 * 9 + start % 7
        ids = [(lowest + i) * 4 + (code >> (3 + 2 * i) & 3) for i in range(3)]
        return Call("chi", _called_first(ids, called))
    if code & (PON_BIT | CHAKAN_BIT):
        pattern = code >> 9  # kind * 3 + the called tile's place among the three
        kind, called = divmod(pattern, 3)
        other = code >> 5 & 3  # a pon: the copy left out; a chakan: the copy added
        ids = _called_first([kind * 4 + c for c in range(4) if c != other], called)
        if code & CHAKAN_BIT:
            return Call("kan", (*ids, kind * 4 + other))
        return Call("pon", ids)
    if code & NUKI_BIT:
        return Call("nuki", (code >> 8,))
    tile = code >> 8  # the called copy (a closed kan: any of the four)
    rest = [tile // 4 * 4 + c for c in range(4) if tile // 4 * 4 + c != tile]
    return Call("kan" if code & 3 else "ankan", (tile, *rest))


def _called_first(ids: list[int], called: int) -> tuple[int, ...]:
    return (ids[called], *(tile for place, tile in enumerate(ids) if place != called))


def read_log(path: Path) -> str:
    """A log file's text (gunzipped where Tenhou served it gzipped)."""
    return log_text(path.read_bytes())


def log_wins(text: str) -> list[LogWin]:
    """Every ``<AGARI>`` of an mjlog, in order, with the ``<INIT>`` before it."""
    root = _parse(text)
    go = root.find("GO")
    players = 3 if go is not None and int(go.get("type", "0")) & GO_SANMA else 4
    wins: list[LogWin] = []
    init: ET.Element | None = None
    for element in root:
        if element.tag == "INIT":
            init = element
        elif element.tag == "AGARI":
            if init is None:
                raise ValueError("an <AGARI> before the first <INIT>")
            wins.append(_win(len(wins) + 1, init, element, players))
    return wins


def _ints(element: ET.Element, name: str) -> list[int]:
    text = element.get(name)
    return [int(value) for value in text.split(",")] if text else []


def _win(number: int, init: ET.Element, agari: ET.Element, players: int) -> LogWin:
    round_index, honba = _ints(init, "seed")[:2]
    dealer = int(init.attrib["oya"])
    winner, discarder = int(agari.attrib["who"]), int(agari.attrib["fromWho"])
    expected = _expected(agari)
    ids = set(_ints(agari, "yaku")[::2]) | set(_ints(agari, "yakuman"))
    calls = [decode_meld(code) for code in _ints(agari, "m")]
    machi = int(agari.attrib["machi"])
    concealed = sorted(_ints(agari, "hai"))
    concealed.remove(machi)  # the winning tile goes last
    tsumo = winner == discarder
    situation = Situation(
        tsumo=tsumo,
        riichi=RIICHI in ids or DOUBLE_RIICHI in ids,
        double_riichi=DOUBLE_RIICHI in ids,
        ippatsu=IPPATSU in ids,
        last_tile=HAITEI in ids or HOUTEI in ids,
        rinshan=RINSHAN in ids,
        chankan=CHANKAN in ids,
        first_turn=TENHOU in ids or CHIIHOU in ids,
        seat_wind=WINDS[(winner - dealer) % players],
        round_wind=WINDS[round_index // 4],
        nuki=sum(1 for call in calls if call.kind == "nuki"),
    )
    hand = HandInput(
        tiles=tuple(tile_name(tile) for tile in [*concealed, machi]),
        melds=tuple(
            Meld(call.kind, tuple(tile_name(tile) for tile in call.ids))
            for call in calls
            if call.kind != "nuki"
        ),
        dora=tuple(tile_name(tile) for tile in _ints(agari, "doraHai")),
        ura=tuple(tile_name(tile) for tile in _ints(agari, "doraHaiUra")),
        situation=situation,
    )
    label = f"{WINDS[round_index // 4]}{round_index % 4 + 1}"
    return LogWin(number, label, honba, winner, discarder, players, hand, expected)


def _expected(agari: ET.Element) -> Expected:
    fu, points, limit = _ints(agari, "ten")[:3]
    yakuman = _ints(agari, "yakuman")
    if yakuman:
        codes = tuple(sorted((CODE_OF_ID[i], 13) for i in yakuman))
        return Expected(0, fu, points, limit, len(yakuman), codes, 0, 0, 0)
    values = _ints(agari, "yaku")
    pairs = list(zip(values[::2], values[1::2], strict=True))
    by_id: Counter[int] = Counter()
    yaku: list[tuple[str, int]] = []
    for tenhou_id, han in pairs:
        if tenhou_id in (DORA_ID, URA_ID, AKA_ID):
            by_id[tenhou_id] += han
        else:
            yaku.append((CODE_OF_ID[tenhou_id], han))
    total = sum(han for _, han in pairs)
    return Expected(
        total,
        fu,
        points,
        limit,
        0,
        tuple(sorted(yaku)),
        by_id[DORA_ID],
        by_id[URA_ID],
        by_id[AKA_ID],
    )


def rules_for(players: int) -> Ruleset:
    """The preset Tenhou's tables play: ``tenhou`` (four players) or ``tenhou_sanma``."""
    return ruleset_from_spec({"preset": PRESETS[players]})


def check_win(win: LogWin, rules: Ruleset | None = None) -> Checked:
    """The win counted under ``rules`` (the Tenhou preset of its player count) against the log."""
    try:
        counted = count_hand(win.hand, rules or rules_for(win.players))
    except HandProblem as problem:
        return Checked(win, None, str(problem), (f"refused: {problem}",))
    return Checked(win, counted, None, tuple(differences(win.expected, counted)))


def check_log(text: str) -> list[Checked]:
    """Every win of an mjlog, counted and compared with the log."""
    wins = log_wins(text)
    return [check_win(win) for win in wins]


def differences(expected: Expected, counted: Counted) -> list[str]:
    """Each way the count differs from the log, in words (empty: they agree)."""
    out: list[str] = []
    if expected.yakuman:
        if counted.yakuman != expected.yakuman:
            out.append(f"yakuman x{counted.yakuman} (log x{expected.yakuman})")
        got = sorted(y.code for y in counted.yaku)
        want = sorted(code for code, _ in expected.yaku)
        if got != want:
            out.append(f"yakuman {got} (log {want})")
        return out
    if counted.yakuman is not None:
        return [f"yakuman x{counted.yakuman} (log {expected.han} han {expected.fu} fu)"]
    if counted.han != expected.han:
        out.append(f"han {counted.han} (log {expected.han})")
    if counted.fu != expected.fu:
        out.append(f"fu {counted.fu} (log {expected.fu})")
    got_yaku = Counter((y.code, y.han) for y in counted.yaku if y.code != "yakuhai")
    want_yaku = Counter((code, han) for code, han in expected.yaku if code != "yakuhai")
    if got_yaku != want_yaku:
        extra = sorted((got_yaku - want_yaku).elements())
        missing = sorted((want_yaku - got_yaku).elements())
        out.append(f"yaku: counted {extra} not in the log, log {missing} not counted")
    got_yakuhai = [y.han for y in counted.yaku if y.code == "yakuhai"]
    want_yakuhai = [han for code, han in expected.yaku if code == "yakuhai"]
    if (len(got_yakuhai), sum(got_yakuhai)) != (len(want_yakuhai), sum(want_yakuhai)):
        out.append(
            f"yakuhai {len(got_yakuhai)} for {sum(got_yakuhai)} han "
            f"(log {len(want_yakuhai)} for {sum(want_yakuhai)} han)"
        )
    dora = counted.dora + counted.nuki  # Tenhou's dora (52) counts the norths set aside
    for name, got, want in (
        ("dora", dora, expected.dora),
        ("ura", counted.ura, expected.ura),
        ("aka", counted.aka, expected.aka),
    ):
        if got != want:
            out.append(f"{name} {got} (log {want})")
    return out


def log_files(folders: list[Path]) -> list[Path]:
    """The mjlog files of these folders (``*.mjlog``, ``*.xml``), by name."""
    return sorted(
        (path for folder in folders for pattern in LOG_PATTERNS for path in folder.glob(pattern)),
        key=lambda path: (path.parent.name, path.name),
    )

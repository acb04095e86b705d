"""Count a winning hand's yaku, han and fu under a club's ruleset, with the ``mahjong`` library.

The library (MahjongRepository/mahjong) does the counting: ``HandCalculator`` with the
``OptionalRules`` a ruleset maps onto (``library_rules``). What it does not know, this module
adds around it, each in one place: red fives by the ruleset's count (the library knows one per
suit), renhou as 4 han or as baiman (the library knows mangan and yakuman), chiitoitsu at the
ruleset's own fu and han. Everything else is the library's. No Django here: the page puts the
codes of ``HandProblem`` and ``Counted.notes`` in words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from mahjong.agari import Agari
from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld as LibraryMeld

from scoring.calculator.problems import HandProblem
from scoring.calculator.tiles import (
    RED_FIVES,
    TILES,
    five_of_a_kind,
    index34,
    parse_tiles,
    plain,
)
from scoring.engine.rules import Ruleset

WIND_TILES = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_KINDS = {"c": "chi", "p": "pon", "k": "kan", "a": "ankan"}
LIBRARY_MELDS = {
    "chi": LibraryMeld.CHI,
    "pon": LibraryMeld.PON,
    "kan": LibraryMeld.KAN,
    "ankan": LibraryMeld.KAN,
}
SANMA_MISSING = frozenset(f"{n}m" for n in range(2, 9))
YAKUMAN_HAN = 13

# The library's yaku (its YakuConfig attribute names) as Tenbou's codes (scoring.display).
YAKU_CODES: dict[str, str] = {
    "tsumo": "menzen_tsumo",
    "riichi": "riichi",
    "open_riichi": "open_riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshan": "rinshan",
    "haitei": "haitei",
    "houtei": "haitei",
    "daburu_riichi": "double_riichi",
    "daburu_open_riichi": "open_riichi",
    "nagashi_mangan": "nagashi",
    "renhou": "renhou",
    "pinfu": "pinfu",
    "tanyao": "tanyao",
    "iipeiko": "iipeikou",
    "haku": "yakuhai",
    "hatsu": "yakuhai",
    "chun": "yakuhai",
    "seat_wind_east": "yakuhai",
    "seat_wind_south": "yakuhai",
    "seat_wind_west": "yakuhai",
    "seat_wind_north": "yakuhai",
    "round_wind_east": "yakuhai",
    "round_wind_south": "yakuhai",
    "round_wind_west": "yakuhai",
    "round_wind_north": "yakuhai",
    "sanshoku": "sanshoku",
    "ittsu": "ittsu",
    "chantai": "chanta",
    "honroto": "honroutou",
    "toitoi": "toitoi",
    "sanankou": "sanankou",
    "sankantsu": "sankantsu",
    "sanshoku_douko": "sanshoku_doukou",
    "chiitoitsu": "chiitoitsu",
    "shosangen": "shousangen",
    "honitsu": "honitsu",
    "junchan": "junchan",
    "ryanpeiko": "ryanpeikou",
    "chinitsu": "chinitsu",
    "kokushi": "kokushi",
    "chuuren_poutou": "chuuren",
    "suuankou": "suuankou",
    "daisangen": "daisangen",
    "shosuushi": "shousuushii",
    "ryuisou": "ryuuiisou",
    "suukantsu": "suukantsu",
    "tsuisou": "tsuuiisou",
    "chinroto": "chinroutou",
    "daisharin": "daisharin",
    "daichisei": "daichisei",
    "daisuushi": "daisuushii",
    "daburu_kokushi": "kokushi_13",
    "suuankou_tanki": "suuankou_tanki",
    "daburu_chuuren_poutou": "junsei_chuuren",
    "tenhou": "tenhou",
    "chiihou": "chiihou",
    "renhou_yakuman": "renhou",
    "sashikomi": "sashikomi",
    "paarenchan": "paarenchan",
}
DORA_KINDS = {"dora": "dora", "aka_dora": "aka", "ura_dora": "ura"}
_LIBRARY_NAMES = {type(yaku): name for name, yaku in vars(YakuConfig()).items()}

# The library's reasons for refusing a hand's situation, as Tenbou's codes.
SITUATION_ERRORS = {
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi_open_hand",
    HandCalculator.ERR_OPEN_HAND_DABURI: "riichi_open_hand",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "ippatsu_without_riichi",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "chankan_tsumo",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "rinshan_ron",
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO: "last_tile_conflict",
    HandCalculator.ERR_HOUTEI_WITH_TSUMO: "last_tile_conflict",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "last_tile_conflict",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "last_tile_conflict",
    HandCalculator.ERR_TENHOU_WITH_MELD: "first_turn_with_call",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "first_turn_with_call",
    HandCalculator.ERR_RENHOU_WITH_MELD: "first_turn_with_call",
}


@dataclass(frozen=True)
class Meld:
    """A called set: ``chi``, ``pon``, ``kan`` (open: 大明槓 or 加槓) or ``ankan`` (暗槓),
    with the tile taken from another player (the first one written)."""

    kind: str
    tiles: tuple[str, ...]

    @property
    def opened(self) -> bool:
        return self.kind != "ankan"

    @property
    def called(self) -> str | None:
        return self.tiles[0] if self.opened else None


@dataclass(frozen=True)
class Situation:
    """What the table knows of the win, beyond its tiles."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    open_riichi: bool = False
    last_tile: bool = False  # 海底 at a tsumo, 河底 at a ron
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False  # 天和 / 地和 / 人和, by the seat and tsumo or ron
    seat_wind: str = "E"
    round_wind: str = "E"
    nuki: int = 0  # sanma: norths set aside (抜きドラ)


@dataclass(frozen=True)
class HandInput:
    """A winning hand: the concealed tiles with the winning tile last, the calls, the dora and
    ura-dora indicators, and the situation."""

    tiles: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    dora: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()
    situation: Situation = field(default_factory=Situation)

    @property
    def win_tile(self) -> str:
        return self.tiles[-1]

    @property
    def in_hand(self) -> list[str]:
        """The hand's 14 (and a kan's fourth) tiles: the concealed ones and the calls'."""
        return [*self.tiles, *(t for m in self.melds for t in m.tiles)]

    @property
    def opened(self) -> bool:
        return any(m.opened for m in self.melds)


@dataclass(frozen=True)
class YakuCount:
    """One yaku of the counted hand: Tenbou's code and its han (13 a yakuman, 26 a double)."""

    code: str
    han: int
    yakuman: bool = False


@dataclass(frozen=True)
class Counted:
    """The calculator's answer: the value to record (``han`` and ``fu``, or ``yakuman`` as a
    multiple), the yaku with their han, the dora by kind, and notes (codes) on what the ruleset
    changed or what the calculator could not count."""

    han: int | None
    fu: int | None
    yakuman: float | None
    yaku: tuple[YakuCount, ...]
    dora: int
    aka: int
    ura: int
    nuki: int
    open: bool
    fu_details: tuple[tuple[str, int], ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def all_dora(self) -> int:
        """Every dora in the hand (表, 赤, 裏, 抜き): the 平均ドラ figure counts these."""
        return self.dora + self.aka + self.ura + self.nuki

    def win_fields(self) -> dict[str, Any]:
        """The win as the game record writes it (``game-record.md``): the value, for the
        statistics the yaku codes (each once), the dora and whether the hand was open, and for
        chips (祝儀, where the ruleset has them) its ippatsu, ura-dora and red fives."""
        value: dict[str, Any] = (
            {"yakuman": self.yakuman}
            if self.yakuman is not None
            else {"han": self.han, **({"fu": self.fu} if self.fu is not None else {})}
        )
        codes = list(dict.fromkeys(y.code for y in self.yaku))
        chips = {"ippatsu": "ippatsu" in codes, "ura": self.ura, "aka": self.aka}
        return {**value, "yaku": codes, "dora": self.all_dora, "open": self.open, **chips}


def read_hand(
    tiles: str,
    melds: str = "",
    dora: str = "",
    ura: str = "",
    situation: Situation | None = None,
) -> HandInput:
    """A hand from the notation: ``tiles`` as written (the winning tile last), ``melds`` as
    space-separated groups each led by its kind (``c`` chi, ``p`` pon, ``k`` open kan, ``a``
    closed kan) with the called tile first (``c4m35m p555z a1111p``)."""
    concealed = parse_tiles(tiles, "hand")
    if not concealed:
        raise HandProblem("empty", field="hand")
    called: list[Meld] = []
    for group in melds.split():
        kind = MELD_KINDS.get(group[0])
        if kind is None:
            raise HandProblem("meld_kind", field="melds", text=group)
        called.append(Meld(kind, tuple(parse_tiles(group[1:], "melds"))))
    return HandInput(
        tiles=tuple(concealed),
        melds=tuple(called),
        dora=tuple(parse_tiles(dora, "dora")),
        ura=tuple(parse_tiles(ura, "ura")),
        situation=situation or Situation(),
    )


def count_hand(hand: HandInput, rules: Ruleset) -> Counted:
    """The hand counted under ``rules``, or ``HandProblem`` saying what is wrong with it."""
    if rules.scoring == "additive_fan":
        raise HandProblem("not_riichi_scoring", field="rules")
    _check_tiles(hand, rules)
    options = rules.options["yaku"]
    situation = hand.situation
    if situation.open_riichi and not options["open_riichi"]:
        raise HandProblem("open_riichi_not_played", field="situation")
    renhou = _renhou(hand, rules)
    if renhou == "baiman":  # 人和は倍満: the hand without it, where that pays more (seed 004)
        try:
            without: Counted | None = _counted(hand, rules, renhou="none")
        except HandProblem as problem:
            if problem.code != "no_yaku":  # no other yaku: renhou alone makes the win
                raise
            without = None
        if without is not None and (without.yakuman is not None or (without.han or 0) >= 8):
            return _with_notes(without, "renhou_baiman_lower")
        return _as_baiman(_counted(hand, rules, renhou="mangan"))
    return _counted(hand, rules, renhou=renhou)


def _renhou(hand: HandInput, rules: Ruleset) -> str:
    """How this win counts renhou: ``none`` when it is no renhou (or the ruleset has none)."""
    situation = hand.situation
    if not situation.first_turn or situation.tsumo or situation.seat_wind == "E":
        return "none"
    renhou: str = rules.options["yaku"]["renhou"]
    if renhou == "none":
        raise HandProblem("renhou_not_played", field="situation")
    return renhou


def _counted(hand: HandInput, rules: Ruleset, renhou: str) -> Counted:
    """The library's count, or ``HandProblem`` saying why it refused the hand."""
    situation = hand.situation
    all_tiles = hand.in_hand
    ids = _tile_ids(all_tiles, hand.dora, hand.ura)
    concealed_ids = ids[: len(hand.tiles)]
    melds: list[LibraryMeld] = []
    position = len(hand.tiles)
    for meld in hand.melds:
        meld_ids = ids[position : position + len(meld.tiles)]
        position += len(meld.tiles)
        melds.append(  # the library reads a chi as the run from its first tile: sorted
            LibraryMeld(
                meld_type=LIBRARY_MELDS[meld.kind],
                tiles=sorted(meld_ids),
                opened=meld.opened,
                called_tile=meld_ids[0] if meld.opened else None,
            )
        )
    dealer = situation.seat_wind == "E"
    first = situation.first_turn
    config = HandConfig(
        is_tsumo=situation.tsumo,
        is_riichi=situation.riichi or situation.open_riichi,
        is_daburu_riichi=situation.double_riichi,
        is_ippatsu=situation.ippatsu,
        is_open_riichi=situation.open_riichi,
        is_haitei=situation.last_tile and situation.tsumo,
        is_houtei=situation.last_tile and not situation.tsumo,
        is_rinshan=situation.rinshan,
        is_chankan=situation.chankan,
        is_tenhou=first and situation.tsumo and dealer,
        is_chiihou=first and situation.tsumo and not dealer,
        is_renhou=renhou != "none",
        player_wind=WIND_TILES[situation.seat_wind],
        round_wind=WIND_TILES[situation.round_wind],
        num_nuki_dora=situation.nuki,
        options=library_rules(rules, renhou_yakuman=renhou == "yakuman"),
    )
    response = HandCalculator.estimate_hand_value(
        tiles=[*concealed_ids, *(i for m in melds for i in m.tiles)],
        win_tile=concealed_ids[-1],
        melds=melds,
        dora_indicators=ids[len(all_tiles) : len(all_tiles) + len(hand.dora)],
        ura_dora_indicators=ids[len(all_tiles) + len(hand.dora) :],
        config=config,
    )
    if response.error:
        _refuse(response.error, hand)
    return _read(response, hand, rules, renhou)


def library_rules(rules: Ruleset, renhou_yakuman: bool = False) -> OptionalRules:
    """The ruleset's options as the library's ``OptionalRules``: open tanyao, double yakuman,
    kazoe, kiriage, the fu of pinfu tsumo and open pinfu, renhou as yakuman, daisharin,
    sanma. Red fives are counted here (``_read``), not by the library, which knows one per
    suit only."""
    options = rules.options["yaku"]
    kazoe = {
        "yakuman": HandConstants.KAZOE_LIMITED,
        "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
        "none": HandConstants.KAZOE_SANBAIMAN,
    }[rules.kazoe]
    return OptionalRules(
        has_open_tanyao=options["open_tanyao"],
        has_aka_dora=False,
        has_double_yakuman=options["double_yakuman"],
        kazoe_limit=kazoe,
        kiriage=rules.kiriage,
        fu_for_open_pinfu=rules.open_pinfu_fu == 30,
        fu_for_pinfu_tsumo=rules.tsumo_pinfu_fu == 30,
        renhou_as_yakuman=renhou_yakuman,
        has_daisharin="daisharin" in options["local"],
        limit_to_sextuple_yakuman=rules.yakuman_max <= 6,
        is_three_player=rules.players == 3,
    )


def not_counted(rules: Ruleset) -> list[str]:
    """The club's local yaku the calculator does not count (the panel names them)."""
    return [code for code in rules.options["yaku"]["local"] if code != "daisharin"]


def _check_tiles(hand: HandInput, rules: Ruleset) -> None:
    size = len(hand.tiles) + 3 * len(hand.melds)
    if size != 14:
        raise HandProblem("tile_count", count=size)
    for meld in hand.melds:
        _check_meld(meld)
    everything = [*hand.in_hand, *hand.dora, *hand.ura]
    over = five_of_a_kind(everything)
    if over is not None:
        raise HandProblem("five_tiles", tile=over)
    reds = Counter(t for t in everything if t in RED_FIVES)
    allowed = dict(zip(RED_FIVES, rules.options["yaku"]["red_fives"], strict=True))
    for red, count in reds.items():
        if count > allowed[red]:
            raise HandProblem("red_fives", tile=red, count=allowed[red])
    if rules.players == 3:
        missing = next((t for t in everything if plain(t) in SANMA_MISSING), None)
        if missing is not None:
            raise HandProblem("not_in_sanma", tile=missing)
    elif hand.situation.nuki:
        raise HandProblem("nuki_four_players", field="situation")


def _check_meld(meld: Meld) -> None:
    kinds = sorted(index34(t) for t in meld.tiles)
    if meld.kind == "chi":
        same_suit = len({t[1] for t in meld.tiles}) == 1 and meld.tiles[0][1] != "z"
        run = len(kinds) == 3 and kinds == list(range(kinds[0], kinds[0] + 3))
        if same_suit and run:
            return
    elif len(set(kinds)) == 1 and len(kinds) == (3 if meld.kind == "pon" else 4):
        return
    raise HandProblem(f"bad_{meld.kind}", field="melds", text="".join(meld.tiles))


def _tile_ids(tiles: list[str], dora: tuple[str, ...], ura: tuple[str, ...]) -> list[int]:
    """Each tile as one of the library's 136 (a red five the first copy of its five, as
    Tenhou numbers them), no copy used twice; the indicators after the hand's tiles."""
    used: Counter[int] = Counter()
    order = [*tiles, *dora, *ura]
    reds_first = sorted(range(len(order)), key=lambda i: order[i] not in RED_FIVES)
    by_position: dict[int, int] = {}
    for position in reds_first:
        kind = index34(order[position])
        copy = used[kind]
        used[kind] += 1
        by_position[position] = kind * 4 + copy
    return [by_position[i] for i in range(len(order))]


def _refuse(error: str, hand: HandInput) -> None:
    if error == HandCalculator.ERR_NO_YAKU:
        raise HandProblem("no_yaku")
    if error == HandCalculator.ERR_HAND_NOT_WINNING:
        waits = _waits(hand)
        if waits:
            raise HandProblem("not_waiting", tile=hand.win_tile, text=" ".join(waits))
        raise HandProblem("not_complete")
    raise HandProblem(SITUATION_ERRORS.get(error, "situation"), field="situation", text=error)


def _waits(hand: HandInput) -> list[str]:
    """The tiles that would complete the hand without its last tile (empty: not tenpai)."""
    open_sets = [[index34(t) for t in m.tiles][:3] for m in hand.melds]  # a kan as three
    counts = [0] * 34
    for kind in [*(index34(t) for t in hand.tiles[:-1]), *(k for s in open_sets for k in s)]:
        counts[kind] += 1
    waits = []
    for kind in range(34):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if Agari.is_agari(counts, open_sets):
            waits.append(TILES[kind])
        counts[kind] -= 1
    return waits


def _read(response: HandResponse, hand: HandInput, rules: Ruleset, renhou: str) -> Counted:
    yaku: list[YakuCount] = []
    dora = {"dora": 0, "aka": 0, "ura": 0}
    opened = hand.opened
    for item in response.yaku or []:
        name = _LIBRARY_NAMES.get(type(item), type(item).__name__.lower())
        han = item.han_open if opened and not item.is_yakuman else item.han_closed
        if name in DORA_KINDS:
            dora[DORA_KINDS[name]] += han
            continue
        yaku.append(YakuCount(YAKU_CODES.get(name, name), han, item.is_yakuman))
    nuki = hand.situation.nuki if rules.players == 3 else 0
    if nuki:  # the library counts a set-aside north as one dora (and more if north is dora)
        dora["dora"] -= nuki
    aka = sum(1 for t in hand.in_hand if t in RED_FIVES)
    notes: list[str] = []
    yakuman_han = sum(y.han for y in yaku if y.yakuman)
    if yakuman_han:
        multiple = yakuman_han / YAKUMAN_HAN
        yaku = [y for y in yaku if y.yakuman]
        return Counted(None, None, multiple, tuple(yaku), 0, 0, 0, 0, opened, notes=tuple(notes))
    han = (response.han or 0) + aka
    fu = response.fu
    if renhou == "four_han":  # 人和 4飜 added to the rest (seed 000)
        yaku = [YakuCount("renhou", 4) if y.code == "renhou" else y for y in yaku]
        han -= 1
    if any(y.code == "chiitoitsu" for y in yaku) and rules.chiitoitsu != (25, 2):
        fu, chiitoitsu_han = rules.chiitoitsu
        han += chiitoitsu_han - 2
        yaku = [
            YakuCount("chiitoitsu", chiitoitsu_han) if y.code == "chiitoitsu" else y for y in yaku
        ]
        notes.append("chiitoitsu_by_ruleset")
    details = tuple((str(d["reason"]), int(d["fu"])) for d in response.fu_details or [])
    return Counted(
        han,
        fu,
        None,
        tuple(yaku),
        dora["dora"],
        aka,
        dora["ura"],
        nuki,
        opened,
        details,
        tuple(notes),
    )


def _as_baiman(counted: Counted) -> Counted:
    """Renhou as baiman (8 han), no other yaku added (seed 004: 他の役との複合はない)."""
    return Counted(
        8,
        None,
        None,
        (YakuCount("renhou", 8),),
        0,
        0,
        0,
        0,
        counted.open,
        notes=("renhou_baiman",),
    )


def _with_notes(counted: Counted, *notes: str) -> Counted:
    return replace(counted, notes=(*counted.notes, *notes))

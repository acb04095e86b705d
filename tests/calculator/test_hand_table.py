"""A table of winning hands for the hand calculator (``scoring.calculator.hand``), each with
the han, fu, yaku (Tenbou's codes, with their han), dora and yakuman multiple it must count.

Every expected value is worked out by hand from the rules of riichi mahjong (Tenhou's where
rulesets differ, and each preset's own where the row names one), never copied from the
calculator or from the library under it (MahjongRepository/mahjong): the fu sum is written in
the comment where it is not obvious. Fu: 20 base, +10 for a closed ron, +2 for a tsumo (not for
pinfu), +2 kanchan, penchan or tanki, +2 a pair of a dragon, the seat wind or the round wind
(+4 when the pair is both winds, as Tenhou counts it), pons 2/4 (simples open/closed) and 4/8
(terminals and honors), kans four times a pon; a pon completed by a ron counts as open; the sum
is rounded up to 10. Chiitoitsu is 25 fu 2 han.

Unless a row says otherwise: the ``tenhou`` preset, a ron, seat South in the East round (a
non-dealer: the East pair is the round wind, a South pair the seat wind). The last tile of the
hand is the winning tile. No database: the calculator is pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from scoring.calculator.hand import Counted, Situation, count_hand, read_hand
from scoring.calculator.problems import HandProblem
from scoring.engine import ruleset_from_spec
from scoring.engine.points import ron_value
from scoring.engine.record import Win

TENHOU: dict[str, Any] = {"preset": "tenhou"}
MLEAGUE: dict[str, Any] = {"preset": "mleague"}  # double_yakuman False
DOUBLE: dict[str, Any] = {"preset": "tenhou", "yaku": {"double_yakuman": True}}
SANMA: dict[str, Any] = {"preset": "tenhou_sanma"}
K_RULE: dict[str, Any] = {"preset": "k_rule"}
MJKT: dict[str, Any] = {"preset": "mjkt"}
GENSOU: dict[str, Any] = {"preset": "gensou"}
TSUMO_PINFU_30: dict[str, Any] = {"preset": "tenhou", "fu": {"tsumo_pinfu": 30}}

# The hands several rows share.
PINFU = "123456m345p99p67s8s"  # 123m 456m 345p 99p 67s+8s: ryanmen (5s-8s), no tanyao (1m 9p)
PINFU_TANYAO = "234567m345p66s56s7s"  # 234m 567m 345p 66s 56s+7s: ryanmen (4s-7s), all simples
KANCHAN_NO_YAKU = "123456m345p99p68s7s"  # as PINFU, but 68s+7s: kanchan, and no yaku at all
BESIDE_A_CALL = "234m567p88s45s6s"  # beside a called pon or kan: 234m 567p 456s 88s, ryanmen


@dataclass(frozen=True)
class Value:
    """What the calculator must count: han and fu, or a yakuman multiple; the yaku."""

    han: int | None
    fu: int | None
    yaku: tuple[tuple[str, int], ...]
    yakuman: float | None = None
    dora: int = 0
    aka: int = 0
    ura: int = 0
    nuki: int = 0


@dataclass(frozen=True)
class Problem:
    """What the calculator must refuse the hand with (``HandProblem``)."""

    code: str
    attrs: tuple[tuple[str, Any], ...] = ()


def han_fu(han: int, fu: int | None, *yaku: tuple[str, int], **dora: int) -> Value:
    return Value(han, fu, tuple(yaku), **dora)


def yakuman(multiple: float, *yaku: tuple[str, int]) -> Value:
    return Value(None, None, tuple(yaku), yakuman=multiple)


def problem(code: str, **attrs: Any) -> Problem:
    return Problem(code, tuple(attrs.items()))


def row(
    id_: str,
    tiles: str,
    want: Value | Problem,
    *,
    melds: str = "",
    dora: str = "",
    ura: str = "",
    rules: dict[str, Any] = TENHOU,
    **situation: Any,
) -> Any:
    situation.setdefault("seat_wind", "S")
    return pytest.param(rules, tiles, melds, dora, ura, situation, want, id=id_)


HANDS = [
    # -- pinfu and the fu of the wait ---------------------------------------------------------
    row("pinfu-tsumo-20fu", PINFU, han_fu(2, 20, ("menzen_tsumo", 1), ("pinfu", 1)), tsumo=True),
    row("pinfu-ron-30fu", PINFU, han_fu(1, 30, ("pinfu", 1))),  # 20 + 10 menzen ron
    # ツモ平和なし (fu.tsumo_pinfu 30): the tsumo's 2 fu count, so the hand has fu and is no
    # pinfu: menzen tsumo alone, 20 + 2 = 22 -> 30 (the library's fu_for_pinfu_tsumo).
    row(
        "pinfu-shape-tsumo-30fu-ruleset",
        PINFU,
        han_fu(1, 30, ("menzen_tsumo", 1)),
        rules=TSUMO_PINFU_30,
        tsumo=True,
    ),
    row(
        "riichi-pinfu-tanyao-ron",
        PINFU_TANYAO,
        han_fu(3, 30, ("pinfu", 1), ("riichi", 1), ("tanyao", 1)),
        riichi=True,
    ),
    # 234m 234m 567p 789s 11p, 34m+2m ryanmen: iipeikou and pinfu
    row("iipeikou-pinfu", "23344m567p789s11p2m", han_fu(2, 30, ("iipeikou", 1), ("pinfu", 1))),
    # 46p+5p kanchan: 20 + 10 menzen ron + 2 kanchan = 32 -> 40
    row("riichi-kanchan-40fu", "123m789m46p234s99s5p", han_fu(1, 40, ("riichi", 1)), riichi=True),
    # 12m+3m penchan, tsumo: 20 + 2 penchan + 2 tsumo = 24 -> 30
    row(
        "tsumo-penchan-30fu",
        "12m345p678p456s77s3m",
        han_fu(1, 30, ("menzen_tsumo", 1)),
        tsumo=True,
    ),
    # 9p tanki: 20 + 10 + 2 tanki = 32 -> 40
    row("riichi-tanki-40fu", "234678m345p567s9p9p", han_fu(1, 40, ("riichi", 1)), riichi=True),
    # -- pairs and sets -----------------------------------------------------------------------
    # East pair for the East seat in the East round: Tenhou counts the double wind pair 4 fu
    # (連風牌). 20 + 10 + 8 closed 111m + 4 = 42 -> 50 (with 2 fu it would be 40).
    row(
        "double-wind-pair-4fu",
        "111m567p678s11z23s4s",
        han_fu(1, 50, ("riichi", 1)),
        riichi=True,
        seat_wind="E",
    ),
    # Red dragon pair: 20 + 10 + 8 closed 111m + 2 = 40
    row("dragon-pair-2fu", "111m567p678s77z23s4s", han_fu(1, 40, ("riichi", 1)), riichi=True),
    # 20 base + 10 menzen ron + 8 closed 111m = 38 -> 40
    row(
        "closed-terminal-pon-8fu",
        "111m456p678s55p23s4s",
        han_fu(1, 40, ("riichi", 1)),
        riichi=True,
    ),
    # Shanpon 22p/55s, ron on 5s: the 555s the ron completes counts as open (2 fu), so
    # 20 + 10 + 8 closed 999m + 2 = 40 (42 -> 50 if it counted as closed).
    row("shanpon-ron-pon-open", "999m123p678s22p55s5s", han_fu(1, 40, ("riichi", 1)), riichi=True),
    # The same at a tsumo: 555s closed, 20 + 8 + 4 + 2 tsumo = 34 -> 40
    row(
        "shanpon-tsumo-pon-closed",
        "999m123p678s22p55s5s",
        han_fu(2, 40, ("menzen_tsumo", 1), ("riichi", 1)),
        riichi=True,
        tsumo=True,
    ),
    # -- kans ---------------------------------------------------------------------------------
    # Open kan of 5p (simples): 20 + 4 closed 222m + 8 = 32 -> 40; open tanyao (喰いタン)
    row(
        "open-kan-simples-8fu",
        "222m678m66s34s5s",
        han_fu(1, 40, ("tanyao", 1)),
        melds="k5555p",
    ),
    # Closed kan of 1p (terminals): the hand stays closed, 20 + 10 + 32 = 62 -> 70
    row(
        "closed-kan-terminals-32fu",
        "234m567m55s67s8s",
        han_fu(1, 70, ("riichi", 1)),
        melds="a1111p",
        riichi=True,
    ),
    # Open kan of white (honors): 20 + 16 = 36 -> 40, yakuhai
    row(
        "open-kan-honors-16fu",
        BESIDE_A_CALL,
        han_fu(1, 40, ("yakuhai", 1)),
        melds="k5555z",
    ),
    # Sankantsu: open 2222m 8 + closed 3333p 16 + open 4444s 8: 20 + 32 = 52 -> 60; open tanyao
    row(
        "sankantsu",
        "88m56p7p",
        han_fu(3, 60, ("sankantsu", 2), ("tanyao", 1)),
        melds="k2222m a3333p k4444s",
    ),
    # -- open hands ---------------------------------------------------------------------------
    # Open pinfu shape (chi 345m, all runs, ryanmen, plain pair): Tenhou adds 2 fu so that
    # no 20 fu ron exists: 20 + 2 = 22 -> 30
    row(
        "open-pinfu-shape-ron-30fu",
        "234p567p88s67s5s",
        han_fu(1, 30, ("tanyao", 1)),
        melds="c3m45m",
    ),
    # The same chi called on its middle tile (4m) and on its upper tile (5m): the same hand
    # (8743c29 gave the library the chi unsorted, read as 456m and 567m: fixed in 577bc22).
    row(
        "chi-called-on-middle-tile",
        "234p567p88s67s5s",
        han_fu(1, 30, ("tanyao", 1)),
        melds="c4m35m",
    ),
    row(
        "chi-called-on-upper-tile",
        "234p567p88s67s5s",
        han_fu(1, 30, ("tanyao", 1)),
        melds="c5m34m",
    ),
    # 幻想麻雀: 食い平和形は20符 (fu.open_pinfu 20): 1 han 20 fu
    row(
        "open-pinfu-shape-ron-20fu-gensou",
        "234p567p88s67s5s",
        han_fu(1, 20, ("tanyao", 1)),
        melds="c3m45m",
        rules=GENSOU,
    ),
    row(
        "open-tanyao-off-no-yaku",
        "234p567p88s67s5s",
        problem("no_yaku"),
        melds="c3m45m",
        rules={"preset": "tenhou", "yaku": {"open_tanyao": False}},
    ),
    # -- seven pairs --------------------------------------------------------------------------
    row("chiitoitsu-25fu", "1133m5577p22s99s4z4z", han_fu(2, 25, ("chiitoitsu", 2))),
    row(
        "chiitoitsu-honroutou",
        "11m99m11p99p11s99s1z1z",
        han_fu(4, 25, ("chiitoitsu", 2), ("honroutou", 2)),
    ),
    # 234m 234m 678p 678p 55s: ryanpeikou counts over chiitoitsu (3+1+1 = 5 > 2+1)
    row(
        "ryanpeikou-pinfu-tanyao",
        "223344m66778p55s8p",
        han_fu(5, 30, ("pinfu", 1), ("ryanpeikou", 3), ("tanyao", 1)),
    ),
    # -- yaku with closed and open han --------------------------------------------------------
    # 123m 456m 123p 123s 99s, 23s+1s ryanmen
    row("sanshoku-closed", "123m456m99s123p23s1s", han_fu(3, 30, ("pinfu", 1), ("sanshoku", 2))),
    row(
        "sanshoku-open",
        "123m456m99s23s1s",
        han_fu(1, 30, ("sanshoku", 1)),  # 20 + 2 open pinfu shape -> 30
        melds="c1p23p",
    ),
    # 123 456 789m 234p 55s, 78m+9m ryanmen
    row("ittsu-closed", "12345678m234p55s9m", han_fu(3, 30, ("ittsu", 2), ("pinfu", 1))),
    # chi 123m; 89m+7m penchan: 20 + 2 = 22 -> 30
    row("ittsu-open", "456m89m234p55s7m", han_fu(1, 30, ("ittsu", 1)), melds="c1m23m"),
    # 123m 789p 123s 789s, north pair (no yakuhai), 12m+3m penchan: 20 + 10 + 2 = 32 -> 40
    row("chanta-closed", "12m789p123s789s4z4z3m", han_fu(2, 40, ("chanta", 2))),
    row("chanta-open", "12m123s789s4z4z3m", han_fu(1, 30, ("chanta", 1)), melds="c7p89p"),
    row("junchan-closed", "12m789p123s789s99m3m", han_fu(3, 40, ("junchan", 3))),
    row("junchan-open", "12m123s789s99m3m", han_fu(2, 30, ("junchan", 2)), melds="c7p89p"),
    # 234m 567m 678m 999m, north tanki: 20 + 10 + 8 + 2 = 40
    row("honitsu-closed", "234567678999m4z4z", han_fu(3, 40, ("honitsu", 3))),
    # chi 678m: 20 + 8 closed 999m + 2 tanki = 30
    row("honitsu-open", "234567m999m4z4z", han_fu(2, 30, ("honitsu", 2)), melds="c6m78m"),
    # 123p 345p 567p 999p, 8p tanki: 20 + 10 + 8 + 2 = 40 (111p 234p 567p 999p 88p would be
    # 1112345678999p + 8p: junsei chuuren)
    row("chinitsu-closed", "123p345p567p999p8p8p", han_fu(6, 40, ("chinitsu", 6))),
    # chi 123p: 20 + 8 + 2 = 30
    row("chinitsu-open", "345p567p999p8p8p", han_fu(5, 30, ("chinitsu", 5)), melds="c1p23p"),
    # -- triplet yaku -------------------------------------------------------------------------
    # pon 222m 888p (2+2), closed 777s (4), 555p by ron (2): 20 + 10 = 30
    row("toitoi", "777s99m55p5p", han_fu(2, 30, ("toitoi", 2)), melds="p222m p888p"),
    # 111m 555p 777s closed, tsumo: 20 + 8 + 4 + 4 + 2 tsumo = 38 -> 40
    row(
        "sanankou-tsumo",
        "111m555p777s99m23s4s",
        han_fu(3, 40, ("menzen_tsumo", 1), ("sanankou", 2)),
        tsumo=True,
    ),
    # pon 222m (2), closed 222p 222s (4+4): 20 + 10 = 30; sanshoku doukou is 2 open or closed
    row(
        "sanshoku-doukou-open",
        "222p222s88p45s6s",
        han_fu(3, 30, ("sanshoku_doukou", 2), ("tanyao", 1)),
        melds="p222m",
    ),
    # Closed 555z 666z (8+8) and the red pair (2): 20 + 10 + 18 = 48 -> 50
    row(
        "shousangen",
        "555z666z123m77z45p6p",
        han_fu(4, 50, ("shousangen", 2), ("yakuhai", 1), ("yakuhai", 1)),
    ),
    # Open pon of white: 20 + 4 = 24 -> 30
    row("yakuhai-white", BESIDE_A_CALL, han_fu(1, 30, ("yakuhai", 1)), melds="p555z"),
    # East pon for the East seat in the East round: yakuhai twice (seat and round wind)
    row(
        "yakuhai-double-east",
        BESIDE_A_CALL,
        han_fu(2, 30, ("yakuhai", 1), ("yakuhai", 1)),
        melds="p111z",
        seat_wind="E",
    ),
    # -- the situation ------------------------------------------------------------------------
    # chi 123m and nothing else: haitei (tsumo: 20 + 2 = 22 -> 30), houtei (ron: 20 + 2 open
    # pinfu shape -> 30); Tenbou has one code for both.
    row(
        "haitei-tsumo",
        "456p789s22s67m5m",
        han_fu(1, 30, ("haitei", 1)),
        melds="c1m23m",
        tsumo=True,
        last_tile=True,
    ),
    row(
        "houtei-ron",
        "456p789s22s67m5m",
        han_fu(1, 30, ("haitei", 1)),
        melds="c1m23m",
        last_tile=True,
    ),
    # Open kan 7777s then 12p+3p penchan from the dead wall: 20 + 8 + 2 + 2 tsumo = 32 -> 40
    row(
        "rinshan",
        "123m456m99p12p3p",
        han_fu(1, 40, ("rinshan", 1)),
        melds="k7777s",
        tsumo=True,
        rinshan=True,
    ),
    row("chankan", PINFU, han_fu(2, 30, ("chankan", 1), ("pinfu", 1)), chankan=True),
    # Ura indicator 8p: 9p is ura-dora, the 99p pair is 2
    row(
        "riichi-ippatsu-tsumo-ura",
        PINFU,
        han_fu(6, 20, ("ippatsu", 1), ("menzen_tsumo", 1), ("pinfu", 1), ("riichi", 1), ura=2),
        ura="8p",
        riichi=True,
        ippatsu=True,
        tsumo=True,
    ),
    row(
        "double-riichi",
        PINFU,
        han_fu(3, 30, ("double_riichi", 2), ("pinfu", 1)),
        double_riichi=True,
    ),
    row(
        "open-riichi",
        PINFU,
        han_fu(3, 30, ("open_riichi", 2), ("pinfu", 1)),
        rules={"preset": "tenhou", "yaku": {"open_riichi": True}},
        open_riichi=True,
    ),
    row("open-riichi-not-played", PINFU, problem("open_riichi_not_played"), open_riichi=True),
    # -- dora ---------------------------------------------------------------------------------
    # Indicator 9m: 1m is dora (the hand has one)
    row("dora-9m-makes-1m", PINFU, han_fu(2, 30, ("pinfu", 1), dora=1), dora="9m"),
    # Indicator North: East is dora (the pair: 2). East pair (round wind): 20 + 10 + 2 = 32 -> 40
    row(
        "dora-north-makes-east",
        "234m567p678s11z23s4s",
        han_fu(3, 40, ("riichi", 1), dora=2),
        dora="4z",
        riichi=True,
    ),
    # Indicator red dragon: white is dora (the pon: 3)
    row(
        "dora-red-makes-white",
        BESIDE_A_CALL,
        han_fu(4, 30, ("yakuhai", 1), dora=3),
        melds="p555z",
        dora="7z",
    ),
    row("ura-without-riichi-not-counted", PINFU, han_fu(1, 30, ("pinfu", 1)), ura="8p"),
    row(
        "ura-with-riichi",
        PINFU,
        han_fu(4, 30, ("pinfu", 1), ("riichi", 1), ura=2),
        ura="8p",
        riichi=True,
    ),
    # 345p with the red five (0p): one han more, aka 1
    row("red-five", "123456m340p99p67s8s", han_fu(2, 30, ("pinfu", 1), aka=1)),
    # Tenhou plays one red 5p: two are one too many
    row("red-fives-over-count", "123m340p067p99p67s8s", problem("red_fives", tile="0p", count=1)),
    row(
        "red-five-none-played",
        "123456m340p99p67s8s",
        problem("red_fives", tile="0p", count=0),
        rules={"preset": "ema"},
    ),
    # -- yakuman -----------------------------------------------------------------------------
    # Tenhou: no double yakuman (四暗刻単騎, 国士無双13面, 純正九蓮宝燈 and 大四喜 are single), but
    # different yakuman add up. DOUBLE is Tenhou's preset with yaku.double_yakuman on.
    row("kokushi", "119m19p19s123456z7z", yakuman(1, ("kokushi", 13))),
    # Tenhou plays no double yakuman: a 13-sided kokushi is one yakuman there (and in M-League)
    row("kokushi-13-sided-tenhou", "19m19p19s1234567z1m", yakuman(1, ("kokushi_13", 13))),
    row(
        "kokushi-13-sided-double",
        "19m19p19s1234567z1m",
        yakuman(2, ("kokushi_13", 26)),
        rules=DOUBLE,
    ),
    row(
        "kokushi-13-sided-mleague",
        "19m19p19s1234567z1m",
        yakuman(1, ("kokushi_13", 13)),
        rules=MLEAGUE,
    ),
    # 111m 555p 999s and 44s by tsumo on the shanpon 22s/44s
    row("suuankou-tsumo", "111m555p999s22s44s4s", yakuman(1, ("suuankou", 13)), tsumo=True),
    # The same by ron: the 444s the ron completes is not concealed: sanankou and toitoi.
    # 20 + 10 + 8 (111m) + 4 (555p) + 8 (999s) + 2 (444s, open) = 52 -> 60
    row(
        "suuankou-shape-ron-is-sanankou",
        "111m555p999s22s44s4s",
        han_fu(4, 60, ("sanankou", 2), ("toitoi", 2)),
    ),
    row("suuankou-tanki-tenhou", "111m555p999s444s2s2s", yakuman(1, ("suuankou_tanki", 13))),
    row(
        "suuankou-tanki-double",
        "111m555p999s444s2s2s",
        yakuman(2, ("suuankou_tanki", 26)),
        rules=DOUBLE,
    ),
    row("daisangen", "666z777z99p23m4m", yakuman(1, ("daisangen", 13)), melds="p555z"),
    # All honors with the three dragons (ron on the shanpon, so no suuankou): 2 yakuman
    row(
        "daisangen-tsuuiisou",
        "555z666z777z22z11z1z",
        yakuman(2, ("daisangen", 13), ("tsuuiisou", 13)),
    ),
    row("ryuuiisou", "223344s666s888s6z6z", yakuman(1, ("ryuuiisou", 13))),
    row("chinroutou", "999m111p999p1s1s", yakuman(1, ("chinroutou", 13)), melds="p111m"),
    row("tsuuiisou-seven-pairs", "1122334455667z7z", yakuman(1, ("tsuuiisou", 13))),
    # 1112345567899m waits 9m (and others): the extra tile is the 5m, not the winning tile
    row("chuuren", "1112345567899m9m", yakuman(1, ("chuuren", 13))),
    row("junsei-chuuren-tenhou", "1112345678999m5m", yakuman(1, ("junsei_chuuren", 13))),
    row(
        "junsei-chuuren-double",
        "1112345678999m5m",
        yakuman(2, ("junsei_chuuren", 26)),
        rules=DOUBLE,
    ),
    row(
        "suukantsu",
        "5m5m",
        yakuman(1, ("suukantsu", 13)),
        melds="k2222m a3333p k4444s k6666z",
    ),
    row("shousuushii", "111z222z333z44z78m9m", yakuman(1, ("shousuushii", 13))),
    row("daisuushii-tenhou", "222z333z444z5m5m", yakuman(1, ("daisuushii", 13)), melds="p111z"),
    row(
        "daisuushii-double",
        "222z333z444z5m5m",
        yakuman(2, ("daisuushii", 26)),
        melds="p111z",
        rules=DOUBLE,
    ),
    row(
        "tenhou",
        PINFU,
        yakuman(1, ("tenhou", 13)),
        first_turn=True,
        tsumo=True,
        seat_wind="E",
    ),
    row("chiihou", PINFU, yakuman(1, ("chiihou", 13)), first_turn=True, tsumo=True),
    # -- kazoe, kiriage, K-rule's limits (the payments: test_what_it_pays) --------------------
    # 234p 234p 678p 678p 55p, 67p+8p ryanmen, riichi ippatsu ron:
    # 1 + 1 + 1 pinfu + 1 tanyao + 3 ryanpeikou + 6 chinitsu = 13 (chiitoitsu: only 11)
    row(
        "kazoe-13-han",
        "223344p66778p55p8p",
        han_fu(
            13,
            30,
            ("chinitsu", 6),
            ("ippatsu", 1),
            ("pinfu", 1),
            ("riichi", 1),
            ("ryanpeikou", 3),
            ("tanyao", 1),
        ),
        riichi=True,
        ippatsu=True,
    ),
    row(
        "kazoe-13-han-sanbaiman-ruleset",
        "223344p66778p55p8p",
        han_fu(
            13,
            30,
            ("chinitsu", 6),
            ("ippatsu", 1),
            ("pinfu", 1),
            ("riichi", 1),
            ("ryanpeikou", 3),
            ("tanyao", 1),
        ),
        rules={"preset": "tenhou", "kazoe": "sanbaiman"},
        riichi=True,
        ippatsu=True,
    ),
    # riichi pinfu tanyao and the indicator 1m (2m dora): 4 han 30 fu
    row(
        "4-han-30-fu",
        PINFU_TANYAO,
        han_fu(4, 30, ("pinfu", 1), ("riichi", 1), ("tanyao", 1), dora=1),
        dora="1m",
        riichi=True,
    ),
    row(
        "4-han-30-fu-mjkt",
        PINFU_TANYAO,
        han_fu(4, 30, ("pinfu", 1), ("riichi", 1), ("tanyao", 1), dora=1),
        dora="1m",
        rules=MJKT,
        riichi=True,
    ),
    # 234p 234p 567p 678p 88p, 67p+8p ryanmen: riichi 1 + pinfu 1 + tanyao 1 + iipeikou 1 +
    # chinitsu 6 = 10
    row(
        "10-han-k-rule",
        "223344p567p88p67p8p",
        han_fu(
            10, 30, ("chinitsu", 6), ("iipeikou", 1), ("pinfu", 1), ("riichi", 1), ("tanyao", 1)
        ),
        rules=K_RULE,
        riichi=True,
    ),
    # -- renhou (a non-dealer's ron before the first draw) ------------------------------------
    # K-rule: 人和 4飜の加算
    row(
        "renhou-k-rule-4-han-added",
        PINFU,
        han_fu(5, 30, ("pinfu", 1), ("renhou", 4)),
        rules=K_RULE,
        first_turn=True,
    ),
    # No other yaku: renhou alone, kanchan 20 + 10 + 2 = 32 -> 40
    row(
        "renhou-k-rule-alone",
        KANCHAN_NO_YAKU,
        han_fu(4, 40, ("renhou", 4)),
        rules=K_RULE,
        first_turn=True,
    ),
    # mjkt / 幻想麻雀: 人和は倍満 (8 han, no other yaku with it; the hand's own value if higher)
    row(
        "renhou-mjkt-baiman",
        PINFU_TANYAO,
        han_fu(8, None, ("renhou", 8)),
        rules=MJKT,
        first_turn=True,
    ),
    row(
        "renhou-gensou-baiman",
        PINFU_TANYAO,
        han_fu(8, None, ("renhou", 8)),
        rules=GENSOU,
        first_turn=True,
    ),
    row(
        "renhou-mjkt-baiman-no-other-yaku",
        KANCHAN_NO_YAKU,
        han_fu(8, None, ("renhou", 8)),
        rules=MJKT,
        first_turn=True,
    ),
    # The hand without renhou is already 9 han (pinfu tanyao iipeikou chinitsu): it is kept
    row(
        "renhou-mjkt-hand-worth-more",
        "223344p567p88p67p8p",
        han_fu(9, 30, ("chinitsu", 6), ("iipeikou", 1), ("pinfu", 1), ("tanyao", 1)),
        rules=MJKT,
        first_turn=True,
    ),
    # -- sanma (tenhou_sanma) -----------------------------------------------------------------
    # 99m 123p 456p 789s 12s+3s penchan: 20 + 10 + 2 = 32 -> 40. Indicator 1m: 9m is dora
    # (2m-8m are not played), the pair is 2.
    row(
        "sanma-dora-1m-makes-9m",
        "99m123p456p789s12s3s",
        han_fu(3, 40, ("riichi", 1), dora=2),
        dora="1m",
        rules=SANMA,
        riichi=True,
    ),
    row(
        "sanma-nuki",
        "99m123p456p789s12s3s",
        han_fu(2, 40, ("riichi", 1), nuki=1),
        rules=SANMA,
        riichi=True,
        nuki=1,
    ),
    # Indicator West: North is dora, and the north set aside is a dora as well as a nuki
    row(
        "sanma-nuki-north-dora",
        "99m123p456p789s12s3s",
        han_fu(3, 40, ("riichi", 1), dora=1, nuki=1),
        dora="3z",
        rules=SANMA,
        riichi=True,
        nuki=1,
    ),
    row("sanma-2m-not-played", PINFU, problem("not_in_sanma", tile="2m"), rules=SANMA),
    row("nuki-four-players", PINFU, problem("nuki_four_players"), nuki=1),
    # -- problems -----------------------------------------------------------------------------
    row("not-complete", "123m456p789s1234z5z", problem("not_complete")),
    row("five-tiles", "123m5555p789s111z5p", problem("five_tiles", tile="5p")),
    row("no-yaku", KANCHAN_NO_YAKU, problem("no_yaku")),
    # Tenpai on 5s-8s, but the last tile is East
    row("not-waiting", "123456m345p99p67s1z", problem("not_waiting", tile="1z", text="5s 8s")),
    row("tile-count", "123456m345p99p67s", problem("tile_count", count=13)),
    row("notation", "123m45", problem("notation", field="hand", text="45")),
]


def count(
    spec: dict[str, Any], tiles: str, melds: str, dora: str, ura: str, situation: dict[str, Any]
) -> Counted:
    hand = read_hand(tiles, melds, dora=dora, ura=ura, situation=Situation(**situation))
    return count_hand(hand, ruleset_from_spec(spec))


def test_the_table_is_large_and_covers_every_yaku() -> None:
    codes = {code for p in HANDS for code, _ in getattr(p.values[-1], "yaku", ())}
    standard = {
        *("riichi", "double_riichi", "ippatsu", "menzen_tsumo", "tanyao", "pinfu", "iipeikou"),
        *("yakuhai", "haitei", "rinshan", "chankan", "chiitoitsu", "sanshoku", "ittsu"),
        *("chanta", "toitoi", "sanankou", "sankantsu", "shousangen", "honroutou"),
        *("ryanpeikou", "junchan", "honitsu", "chinitsu", "sanshoku_doukou", "renhou"),
        *("kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii"),
        *("daisuushii", "ryuuiisou", "tsuuiisou", "chinroutou", "chuuren", "junsei_chuuren"),
        *("suukantsu", "tenhou", "chiihou", "open_riichi"),
    }
    assert len(HANDS) >= 60
    assert standard <= codes, sorted(standard - codes)


@pytest.mark.parametrize(("spec", "tiles", "melds", "dora", "ura", "situation", "want"), HANDS)
def test_hand(
    spec: dict[str, Any],
    tiles: str,
    melds: str,
    dora: str,
    ura: str,
    situation: dict[str, Any],
    want: Value | Problem,
) -> None:
    if isinstance(want, Problem):
        with pytest.raises(HandProblem) as raised:
            count(spec, tiles, melds, dora, ura, situation)
        assert raised.value.code == want.code, raised.value
        for name, value in want.attrs:
            assert getattr(raised.value, name) == value, (name, raised.value)
        return
    counted = count(spec, tiles, melds, dora, ura, situation)
    got = Value(
        counted.han,
        counted.fu,
        tuple(sorted((y.code, y.han) for y in counted.yaku)),
        yakuman=counted.yakuman,
        dora=counted.dora,
        aka=counted.aka,
        ura=counted.ura,
        nuki=counted.nuki,
    )
    assert got == Value(**{**want.__dict__, "yaku": tuple(sorted(want.yaku))})


# What the counted hand pays a non-dealer's ron (scoring.engine.points), by the ruleset.
RYANPEIKOU_13 = ("223344p66778p55p8p", "", {"riichi": True, "ippatsu": True})
FOUR_30 = (PINFU_TANYAO, "1m", {"riichi": True})
TEN_HAN = ("223344p567p88p67p8p", "", {"riichi": True})
PAYS = [
    # kazoe: 13 han is a yakuman (32000) under Tenhou, sanbaiman (3 mangan: 24000) if capped
    pytest.param(TENHOU, RYANPEIKOU_13, 32000, id="kazoe-yakuman-32000"),
    pytest.param(
        {"preset": "tenhou", "kazoe": "sanbaiman"}, RYANPEIKOU_13, 24000, id="kazoe-sanbaiman-24000"
    ),
    # 4 han 30 fu: 30 x 2^6 = 1920 base, x4 = 7680 -> 7700; kiriage makes it a mangan
    pytest.param(TENHOU, FOUR_30, 7700, id="4-30-no-kiriage-7700"),
    pytest.param(MJKT, FOUR_30, 8000, id="4-30-kiriage-mjkt-8000"),
    pytest.param({"preset": "tenhou", "kiriage": True}, FOUR_30, 8000, id="4-30-kiriage-8000"),
    # 10 han: K-rule's 2.5 mangan (5000 base x 4 = 20000); a baiman elsewhere (16000)
    pytest.param(K_RULE, TEN_HAN, 20000, id="10-han-k-rule-20000"),
    pytest.param(TENHOU, TEN_HAN, 16000, id="10-han-tenhou-baiman-16000"),
    # renhou: baiman under mjkt; 1 han pinfu + 4 = 5 han, a mangan, under K-rule
    pytest.param(MJKT, (PINFU_TANYAO, "", {"first_turn": True}), 16000, id="renhou-mjkt-16000"),
    pytest.param(K_RULE, (PINFU, "", {"first_turn": True}), 8000, id="renhou-k-rule-8000"),
]


@pytest.mark.parametrize(("spec", "hand", "pays"), PAYS)
def test_what_it_pays(
    spec: dict[str, Any], hand: tuple[str, str, dict[str, Any]], pays: int
) -> None:
    tiles, dora, situation = hand
    counted = count(spec, tiles, "", dora, "", {"seat_wind": "S", **situation})
    win = Win(winner=1, han=counted.han, fu=counted.fu, yakuman=counted.yakuman)
    assert ron_value(ruleset_from_spec(spec), win, dealer_wins=False) == pays


def test_kazoe_13_han_40_fu() -> None:
    """13 han 40 fu, a non-dealer's ron: a yakuman under Tenhou, sanbaiman when capped."""
    win = Win(winner=1, han=13, fu=40)
    assert ron_value(ruleset_from_spec(TENHOU), win, dealer_wins=False) == 32000
    capped = ruleset_from_spec({"preset": "tenhou", "kazoe": "sanbaiman"})
    assert ron_value(capped, win, dealer_wins=False) == 24000

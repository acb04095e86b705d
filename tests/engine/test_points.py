"""What a win pays, under every way of scoring (``spec/rulesets.md``, "scoring" and "value").

Every expected payment is worked out by hand from the rule: 基本点 = fu × 2^(han+2), a
non-dealer ron pays 4 bases and a dealer ron 6; at a tsumo the dealer pays 2 bases and each
other player 1 (a dealer's tsumo: 2 from each); every payment rounded up to 100; a mangan is a
base of 2000. Seat 0 deals the first hand; the deltas are in seat order.
"""

from __future__ import annotations

from typing import Any

import pytest

from .records import Json, abortive, deltas, draw, game, ids, ron, tsumo, win


def paid(preset: str, hand: Json, *before: Json, **overrides: Any) -> list[int]:
    """The deltas of ``hand``, played after ``before`` (hands that only set the table up)."""
    return deltas(game(preset, [*before, hand], **overrides))


def non_dealer_ron(han: int | None, fu: int | None = None, **value: Any) -> Json:
    return ron(2, win(1, han, fu, **value))


def dealer_ron(han: int | None, fu: int | None = None, **value: Any) -> Json:
    return ron(2, win(0, han, fu, **value))


def ron_each_way(value: int, dealer_value: int) -> tuple[list[int], list[int]]:
    """Deltas of a non-dealer's ron (seat 1 on seat 2) and the dealer's (seat 0 on seat 2)."""
    return [0, value, -value, 0], [dealer_value, 0, -dealer_value, 0]


# -- the han/fu table (Tenhou: no kiriage) ---------------------------------------------------

RON_TABLE = [
    # han, fu, non-dealer, dealer
    (1, 30, 1000, 1500),  # 240 -> 960 -> 1000; 1440 -> 1500
    (1, 40, 1300, 2000),  # 320 -> 1280 -> 1300; 1920 -> 2000
    (1, 50, 1600, 2400),
    (2, 25, 1600, 2400),  # 七対子: 25 × 16 = 400
    (2, 30, 2000, 2900),  # 480 -> 1920 -> 2000; 2880 -> 2900
    (2, 110, 7100, 10600),  # 1760 -> 7040 -> 7100; 10560 -> 10600
    (3, 30, 3900, 5800),
    (3, 60, 7700, 11600),
    (3, 70, 8000, 12000),  # 2240 is past the mangan base
    (4, 25, 6400, 9600),
    (4, 30, 7700, 11600),
    (4, 40, 8000, 12000),
]


@pytest.mark.parametrize(("han", "fu", "value", "dealer_value"), RON_TABLE)
def test_ron_pays_the_han_fu_table(han: int, fu: int, value: int, dealer_value: int) -> None:
    expected, expected_dealer = ron_each_way(value, dealer_value)
    assert paid("tenhou", non_dealer_ron(han, fu)) == expected
    assert paid("tenhou", dealer_ron(han, fu)) == expected_dealer


TSUMO_TABLE = [
    # han, fu, (non-dealer pays, dealer pays) at a non-dealer's tsumo, each at the dealer's
    (1, 30, (300, 500), 500),
    (2, 20, (400, 700), 700),  # 平和ツモ 20 fu: base 320
    (3, 20, (700, 1300), 1300),
    (3, 25, (800, 1600), 1600),
    (2, 30, (500, 1000), 1000),
    (3, 40, (1300, 2600), 2600),  # base 1280: 2600 all
    (4, 30, (2000, 3900), 3900),
]


@pytest.mark.parametrize(("han", "fu", "shares", "each"), TSUMO_TABLE)
def test_tsumo_pays_the_han_fu_table(han: int, fu: int, shares: tuple[int, int], each: int) -> None:
    other, dealer = shares
    assert paid("tenhou", tsumo(1, han, fu)) == [-dealer, dealer + 2 * other, -other, -other]
    assert paid("tenhou", tsumo(0, han, fu)) == [3 * each, -each, -each, -each]


def test_gensou_open_pinfu_shape_is_20_fu() -> None:
    """食い平和形は20符。よって、食い平和のタンヤオなどは1翻20符となる場合がある (seed 004)."""
    assert paid("gensou", non_dealer_ron(1, 20)) == [0, 700, -700, 0]  # 160 × 4 = 640
    assert paid("gensou", dealer_ron(1, 20)) == [1000, 0, -1000, 0]  # 160 × 6 = 960


# -- limits -------------------------------------------------------------------------------

STANDARD_LIMITS = [
    # han, non-dealer ron, dealer ron
    (5, 8000, 12000),  # 満貫
    (6, 12000, 18000),  # 跳満
    (7, 12000, 18000),
    (8, 16000, 24000),  # 倍満
    (10, 16000, 24000),
    (11, 24000, 36000),  # 三倍満
    (12, 24000, 36000),
    (13, 32000, 48000),  # 数え役満
    (16, 32000, 48000),
]


@pytest.mark.parametrize(("han", "value", "dealer_value"), STANDARD_LIMITS)
def test_limits_pay_mangan_units_whatever_the_fu(han: int, value: int, dealer_value: int) -> None:
    expected, expected_dealer = ron_each_way(value, dealer_value)
    assert paid("tenhou", non_dealer_ron(han)) == expected
    assert paid("tenhou", dealer_ron(han)) == expected_dealer
    assert paid("tenhou", non_dealer_ron(han, 40)) == expected


def test_limit_tsumo_splits_the_mangan_units_two_to_one() -> None:
    assert paid("tenhou", tsumo(1, 5)) == [-4000, 8000, -2000, -2000]
    assert paid("tenhou", tsumo(0, 6)) == [18000, -6000, -6000, -6000]
    assert paid("tenhou", tsumo(3, 13)) == [-16000, -8000, -8000, 32000]


K_RULE_TEN_HAN = [
    # 10飜=跳倍満(2.5倍満) 11飜~3倍満 (seed 000)
    ("9 han is still baiman", non_dealer_ron(9), [0, 16000, -16000, 0]),
    ("10 han non-dealer ron: 2.5 × 8000", non_dealer_ron(10), [0, 20000, -20000, 0]),
    ("10 han dealer ron: 2.5 × 12000", dealer_ron(10), [30000, 0, -30000, 0]),
    ("10 han dealer tsumo: 10000 all", tsumo(0, 10), [30000, -10000, -10000, -10000]),
    ("10 han non-dealer tsumo: 5000/10000", tsumo(1, 10), [-10000, 20000, -5000, -5000]),
    ("11 han is sanbaiman", non_dealer_ron(11), [0, 24000, -24000, 0]),
    ("13 han is kazoe yakuman", non_dealer_ron(13), [0, 32000, -32000, 0]),
]


@pytest.mark.parametrize(("name", "hand", "expected"), K_RULE_TEN_HAN, ids=ids(K_RULE_TEN_HAN))
def test_k_rule_ten_han_is_two_and_a_half_mangan(
    name: str, hand: Json, expected: list[int]
) -> None:
    assert paid("k_rule", hand) == expected


KIRIAGE = [
    # 子の和了で7700は8000、2000―3900は2000-4000、親の和了で11600は12000、3900オールは4000オール
    ("non-dealer 4 han 30 fu ron: 7700 -> 8000", non_dealer_ron(4, 30), [0, 8000, -8000, 0]),
    ("non-dealer 3 han 60 fu ron: 7700 -> 8000", non_dealer_ron(3, 60), [0, 8000, -8000, 0]),
    ("dealer 4 han 30 fu ron: 11600 -> 12000", dealer_ron(4, 30), [12000, 0, -12000, 0]),
    ("dealer 3 han 60 fu ron: 11600 -> 12000", dealer_ron(3, 60), [12000, 0, -12000, 0]),
    ("non-dealer tsumo 2000-3900 -> 2000-4000", tsumo(1, 4, 30), [-4000, 8000, -2000, -2000]),
    ("dealer tsumo 3900 all -> 4000 all", tsumo(0, 3, 60), [12000, -4000, -4000, -4000]),
    ("4 han 25 fu stays 6400", non_dealer_ron(4, 25), [0, 6400, -6400, 0]),
    ("3 han 50 fu stays 6400", non_dealer_ron(3, 50), [0, 6400, -6400, 0]),
    ("2 han 110 fu stays 7100", non_dealer_ron(2, 110), [0, 7100, -7100, 0]),
]


@pytest.mark.parametrize(("name", "hand", "expected"), KIRIAGE, ids=ids(KIRIAGE))
def test_mjkt_kiriage_rounds_7700_and_11600_up_to_mangan(
    name: str, hand: Json, expected: list[int]
) -> None:
    assert paid("mjkt", hand) == expected


def test_without_kiriage_4_han_30_fu_stays_7700() -> None:
    assert paid("mjkt", non_dealer_ron(4, 30), kiriage=False) == [0, 7700, -7700, 0]


NO_YAKUMAN_ROW = [[5, 1], [6, 1.5], [8, 2], [11, 3]]
KAZOE = [
    ("tenhou: 13 han is one yakuman", "tenhou", {}, 13, 32000),
    ("ema: 13 han stops at sanbaiman", "ema", {}, 13, 24000),
    ("ema: 20 han stops at sanbaiman", "ema", {}, 20, 24000),
    ("ema: 11 han is sanbaiman", "ema", {}, 11, 24000),
    (
        "kazoe none: the limits rows only",
        "tenhou",
        {"kazoe": "none", "limits": NO_YAKUMAN_ROW},
        13,
        24000,
    ),
    ("kazoe yakuman without a 13 row", "tenhou", {"limits": NO_YAKUMAN_ROW}, 13, 32000),
    # 跳満貫 八翻以上, 倍満貫 十翻以上, 三倍満貫 十三翻以上, 四倍満貫(数え役満) 十五翻以上
    # (seed 002)
    ("shiragiku: 6 han is a mangan", "shiragiku", {}, 6, 8000),
    ("shiragiku: 8 han is haneman", "shiragiku", {}, 8, 12000),
    ("shiragiku: 10 han is baiman", "shiragiku", {}, 10, 16000),
    ("shiragiku: 13 han is sanbaiman", "shiragiku", {}, 13, 24000),
    ("shiragiku: kazoe yakuman from the last row, 15 han", "shiragiku", {}, 15, 32000),
]


@pytest.mark.parametrize(("name", "preset", "overrides", "han", "value"), KAZOE, ids=ids(KAZOE))
def test_kazoe(name: str, preset: str, overrides: Json, han: int, value: int) -> None:
    assert paid(preset, non_dealer_ron(han), **overrides) == [0, value, -value, 0]


JUN_AOTENJOU = {"every_han": 2, "mangan_units": 1}
LIMITS_BEYOND = [
    # 準青天井: 数え役満となる十五翻以降も、両翻毎に満貫を加える (seed 002)
    (15, 32000, 48000),
    (16, 32000, 48000),
    (17, 40000, 60000),
    (18, 40000, 60000),
    (19, 48000, 72000),
]


@pytest.mark.parametrize(("han", "value", "dealer_value"), LIMITS_BEYOND)
def test_shiragiku_jun_aotenjou_adds_a_mangan_every_two_han_past_15(
    han: int, value: int, dealer_value: int
) -> None:
    expected, expected_dealer = ron_each_way(value, dealer_value)
    assert paid("shiragiku", non_dealer_ron(han), limits_beyond=JUN_AOTENJOU) == expected
    assert paid("shiragiku", dealer_ron(han), limits_beyond=JUN_AOTENJOU) == expected_dealer


def test_limits_beyond_applies_whatever_kazoe_says() -> None:
    record = {"limits_beyond": JUN_AOTENJOU, "kazoe": "none"}
    assert paid("shiragiku", non_dealer_ron(17), **record) == [0, 40000, -40000, 0]


# -- yakuman -------------------------------------------------------------------------------

YAKUMAN = [
    ("tenhou single", "tenhou", non_dealer_ron(None, yakuman=1), [0, 32000, -32000, 0]),
    ("tenhou double", "tenhou", non_dealer_ron(None, yakuman=2), [0, 64000, -64000, 0]),
    ("tenhou dealer double", "tenhou", dealer_ron(None, yakuman=2), [96000, 0, -96000, 0]),
    ("tenhou double tsumo", "tenhou", tsumo(1, yakuman=2), [-32000, 64000, -16000, -16000]),
    ("tenhou caps at 6", "tenhou", non_dealer_ron(None, yakuman=7), [0, 192000, -192000, 0]),
    # 大役満(6倍満) = 1.5 yakuman (seed 000)
    ("k_rule big yakuman", "k_rule", non_dealer_ron(None, yakuman=1.5), [0, 48000, -48000, 0]),
    ("k_rule dealer big yakuman", "k_rule", dealer_ron(None, yakuman=1.5), [72000, 0, -72000, 0]),
    ("k_rule big yakuman tsumo", "k_rule", tsumo(1, yakuman=1.5), [-24000, 48000, -12000, -12000]),
    # 役満貫の重複は数えない (seed 002): yakuman_max 1
    (
        "shiragiku pays one yakuman",
        "shiragiku",
        non_dealer_ron(None, yakuman=2),
        [0, 32000, -32000, 0],
    ),
    ("ema pays one yakuman", "ema", tsumo(0, yakuman=2), [48000, -16000, -16000, -16000]),
]


@pytest.mark.parametrize(("name", "preset", "hand", "expected"), YAKUMAN, ids=ids(YAKUMAN))
def test_yakuman_multiples_capped_by_yakuman_max(
    name: str, preset: str, hand: Json, expected: list[int]
) -> None:
    assert paid(preset, hand) == expected


# -- aotenjou ------------------------------------------------------------------------------

AOTENJOU = {"cap_base": 1_000_000_000, "yakuman_han": 13}
AOTENJOU_TABLE = [
    ("30 fu 5 han", non_dealer_ron(5, 30), 15400),  # 3840 × 4 = 15360
    ("30 fu 5 han, dealer", dealer_ron(5, 30), 23100),  # 3840 × 6 = 23040
    ("30 fu 13 han", non_dealer_ron(13, 30), 3_932_200),  # 983040 × 4 = 3932160
    ("130 fu 1 han", non_dealer_ron(1, 130), 4200),  # 1040 × 4 = 4160
    ("a yakuman adds 13 han", non_dealer_ron(2, 30, yakuman=1), 15_728_700),  # 30 × 2^17 × 4
]


@pytest.mark.parametrize(("name", "hand", "value"), AOTENJOU_TABLE, ids=ids(AOTENJOU_TABLE))
def test_aotenjou_doubles_without_limits(name: str, hand: Json, value: int) -> None:
    payer, winner = hand["result"]["from"], hand["result"]["wins"][0]["winner"]
    expected = [0, 0, 0, 0]
    expected[payer], expected[winner] = -value, value
    assert paid("tenhou", hand, aotenjou=AOTENJOU) == expected


def test_aotenjou_stops_at_its_cap() -> None:
    """青天井: 散家 100億点、荘家 150億点に達するまで倍々計算 (seed 002): a base of 2.5 billion."""
    seed_cap = {"cap_base": 2_500_000_000, "yakuman_han": 15}
    assert paid("shiragiku", non_dealer_ron(30, 30), aotenjou=seed_cap) == [
        0,
        10_000_000_000,
        -10_000_000_000,
        0,
    ]
    assert paid("shiragiku", dealer_ron(30, 30), aotenjou=seed_cap) == [
        15_000_000_000,
        0,
        -15_000_000_000,
        0,
    ]
    small_cap = {"cap_base": 1_000_000, "yakuman_han": 13}
    assert paid("tenhou", tsumo(0, 20, 30), aotenjou=small_cap) == [
        6_000_000,
        -2_000_000,
        -2_000_000,
        -2_000_000,
    ]


# -- fu-less -------------------------------------------------------------------------------

FU_LESS = [
    # 一翻では散家 1,000点、荘家 1,500点とし、一翻増し毎に倍々する; 満貫は散家8千点、荘家1万2千点
    (1, 1000, 1500),
    (2, 2000, 3000),
    (3, 4000, 6000),
    (4, 8000, 12000),
    (5, 8000, 12000),
    (8, 12000, 18000),  # shiragiku's haneman from 8 han
]


@pytest.mark.parametrize(("han", "value", "dealer_value"), FU_LESS)
def test_fu_less_table_doubles_from_1000_and_1500(han: int, value: int, dealer_value: int) -> None:
    expected, expected_dealer = ron_each_way(value, dealer_value)
    assert paid("shiragiku", non_dealer_ron(han), scoring="fu_less") == expected
    assert paid("shiragiku", dealer_ron(han), scoring="fu_less") == expected_dealer


def test_fu_less_tsumo_splits_the_same_base() -> None:
    assert paid("shiragiku", tsumo(0, 1), scoring="fu_less") == [1500, -500, -500, -500]
    assert paid("shiragiku", tsumo(1, 2), scoring="fu_less") == [-1000, 2000, -500, -500]


# -- additive fan (seed 003) ---------------------------------------------------------------

ADDITIVE = [
    # 振り込んだ人は,手の点の2倍を払い,他の2人は何も払いません
    ("ron pays double", ron(2, win(1, fan=15)), [0, 30, -30, 0]),
    ("the dealer's ron pays double too", ron(3, win(0, fan=13)), [26, 0, 0, -26]),
    # 自摸のときは,他の3人全員が,それぞれ,手の点を払います
    ("tsumo: each pays once", tsumo(3, fan=13), [-13, -13, -13, 39]),
    # 2人以上同時に上がれます
    ("two winners", ron(0, win(1, fan=20), win(3, fan=16)), [-72, 40, 0, 32]),
    ("three winners", ron(0, win(1, fan=13), win(2, fan=13), win(3, fan=13)), [-78, 26, 26, 26]),
]


@pytest.mark.parametrize(("name", "hand", "expected"), ADDITIVE, ids=ids(ADDITIVE))
def test_chinese_classic_adds_fan(name: str, hand: Json, expected: list[int]) -> None:
    assert paid("chinese_classic", hand) == expected


def test_additive_fan_value_multiplies_the_fan() -> None:
    assert paid("chinese_classic", tsumo(1, fan=13), additive={"fan_value": 10}) == [
        -130,
        390,
        -130,
        -130,
    ]
    assert paid("chinese_classic", ron(0, win(1, fan=18)), additive={"min_fan": 18}) == [
        -36,
        36,
        0,
        0,
    ]


# -- honba ---------------------------------------------------------------------------------

HONBA = [
    # 1本場300点: the dealer tenpai alone keeps the seat, one more honba each time
    ("ron at 1 honba: +300", "tenhou", [draw(0)], non_dealer_ron(1, 30), [0, 1300, -1300, 0]),
    ("ron at 3 honba: +900", "tenhou", [draw(0)] * 3, non_dealer_ron(1, 30), [0, 1900, -1900, 0]),
    (
        "tsumo at 2 honba: +200 from each",
        "tenhou",
        [draw(0)] * 2,
        tsumo(1, 1, 30),
        [-700, 1700, -500, -500],
    ),
    ("dealer tsumo at 1 honba", "tenhou", [draw(0)], tsumo(0, 2, 30), [3300, -1100, -1100, -1100]),
    # 一本 1,500点とし、摸和では一人一本 500点 (seed 002, a listed choice)
    (
        "shiragiku 1500/500 ron",
        "shiragiku",
        [abortive("kyuushu")],
        non_dealer_ron(1, 30),
        [0, 2500, -2500, 0],
    ),
    (
        "shiragiku 1500/500 tsumo",
        "shiragiku",
        [abortive("kyuushu")],
        tsumo(1, 1, 30),
        [-1000, 2600, -800, -800],
    ),
]


@pytest.mark.parametrize(("name", "preset", "before", "hand", "expected"), HONBA, ids=ids(HONBA))
def test_honba_adds_to_ron_and_tsumo(
    name: str, preset: str, before: list[Json], hand: Json, expected: list[int]
) -> None:
    overrides = {"honba": {"ron": 1500, "tsumo_each": 500}} if preset == "shiragiku" else {}
    assert paid(preset, hand, *before, **overrides) == expected


def test_chinese_classic_has_no_honba() -> None:
    """親が上がれば連荘 (seed 003): the dealer's win keeps the seat, with no bonus after it."""
    assert paid("chinese_classic", ron(2, win(1, fan=13)), ron(3, win(0, fan=13))) == [
        0,
        26,
        -26,
        0,
    ]


# -- pao (包) -------------------------------------------------------------------------------

PAO = [
    # a tsumo is paid all by the responsible player, honba included
    ("non-dealer tsumo", [], tsumo(1, yakuman=1, pao=3), [0, 32000, 0, -32000]),
    ("dealer tsumo", [], tsumo(0, yakuman=1, pao=2), [48000, 0, -48000, 0]),
    ("tsumo with honba", [draw(0)], tsumo(1, yakuman=1, pao=3), [0, 32300, 0, -32300]),
    # a ron is split half and half; at Tenhou the honba comes from the responsible player
    # (積み棒はパオが払う: what Tenhou charges, as its replayers mjx and riichienv reproduce)
    ("ron split", [], ron(2, win(1, yakuman=1, pao=3)), [0, 32000, -16000, -16000]),
    ("ron with honba", [draw(0)], ron(2, win(1, yakuman=1, pao=3)), [0, 32300, -16000, -16300]),
    ("the discarder is the pao", [], ron(3, win(1, yakuman=1, pao=3)), [0, 32000, 0, -32000]),
    # pao_yakuman: only that part is paid the pao way, the rest as usual
    (
        "part of a double tsumo",
        [],
        tsumo(1, yakuman=2, pao=3, pao_yakuman=1),
        [-16000, 64000, -8000, -40000],
    ),
    (
        "part of a double ron",
        [],
        ron(2, win(1, yakuman=2, pao=3, pao_yakuman=1)),
        [0, 64000, -48000, -16000],
    ),
]


@pytest.mark.parametrize(("name", "before", "hand", "expected"), PAO, ids=ids(PAO))
def test_pao_pays_the_responsible_player_s_share(
    name: str, before: list[Json], hand: Json, expected: list[int]
) -> None:
    assert paid("tenhou", hand, *before) == expected


@pytest.mark.parametrize(
    ("ron_honba", "discarder_pays", "pao_pays"),
    [("discarder", 16300, 16000), ("pao", 16000, 16300), ("split", 16150, 16150)],
)
def test_pao_ron_honba_as_the_ruleset_says(
    ron_honba: str, discarder_pays: int, pao_pays: int
) -> None:
    hand = ron(2, win(1, yakuman=1, pao=3))
    assert paid("tenhou", hand, draw(0), pao={"ron_honba": ron_honba}) == [
        0,
        32300,
        -discarder_pays,
        -pao_pays,
    ]


def test_k_rule_pao_tsumo_pays_all_and_ron_half() -> None:
    """役満の包: ツモ=全額 ロン=折半 (seed 000)."""
    assert paid("k_rule", tsumo(0, yakuman=1, pao=1)) == [48000, -48000, 0, 0]
    assert paid("k_rule", ron(3, win(0, yakuman=1, pao=1))) == [48000, -24000, 0, -24000]


# -- wareme (割れ目) ------------------------------------------------------------------------

WAREME = [
    # 開門となった家が払う和了点(積み符・立直料・不聴罰符を除く)は倍付けとする (seed 002)
    (
        "tsumo: the wareme seat pays double",
        [],
        tsumo(1, 2, 30, wareme=2),
        [-1000, 2500, -1000, -500],
    ),
    (
        "tsumo: a wareme dealer pays double",
        [],
        tsumo(1, 2, 30, wareme=0),
        [-2000, 3000, -500, -500],
    ),
    ("ron from the wareme seat", [], ron(2, win(1, 2, 30), wareme=2), [0, 4000, -4000, 0]),
    ("ron from another seat", [], ron(3, win(1, 2, 30), wareme=2), [0, 2000, 0, -2000]),
    (
        "the honba are not doubled on a tsumo",
        [draw()],
        tsumo(1, 2, 30, wareme=2),
        [-1100, 2800, -1100, -600],
    ),
    (
        "the honba are not doubled on a ron",
        [draw()],
        ron(2, win(1, 2, 30), wareme=2),
        [0, 4300, -4300, 0],
    ),
    ("noten payments are not doubled", [], draw(1, wareme=2), [-1000, 3000, -1000, -1000]),
]


@pytest.mark.parametrize(("name", "before", "hand", "expected"), WAREME, ids=ids(WAREME))
def test_wareme_doubles_the_split_wall_player_s_payments_for_wins(
    name: str, before: list[Json], hand: Json, expected: list[int]
) -> None:
    assert paid("shiragiku", hand, *before, wareme=True) == expected


# -- sanma (three players) -----------------------------------------------------------------

SANMA = [
    # ツモ和了の場合、北家分を残る2人で折半 (seed 004)
    ("dealer mangan tsumo: 6000 from each", "north_split", tsumo(0, 5), [12000, -6000, -6000]),
    (
        "non-dealer baiman tsumo: dealer 10000, other 6000",
        "north_split",
        tsumo(2, 8),
        [-10000, -6000, 16000],
    ),
    (
        "non-dealer 3 han 30 fu: 2000+500 and 1000+500",
        "north_split",
        tsumo(1, 3, 30),
        [-2500, 4000, -1500],
    ),
    ("tsumo loss: dealer mangan 4000 each", "tsumo_loss", tsumo(0, 5), [8000, -4000, -4000]),
    ("tsumo loss: non-dealer baiman", "tsumo_loss", tsumo(2, 8), [-8000, -4000, 12000]),
    ("a ron is as in four-player", "north_split", ron(0, win(1, 2, 30)), [-2000, 2000, 0]),
]


@pytest.mark.parametrize(("name", "how", "hand", "expected"), SANMA, ids=ids(SANMA))
def test_sanma_tsumo(name: str, how: str, hand: Json, expected: list[int]) -> None:
    assert paid("gensou_sanma", hand, sanma={"tsumo": how}) == expected


def test_sanma_honba_is_1000_a_counter() -> None:
    """積み棒は三人麻雀であれば1本場につき1,000点 (seed 004): 500 from each payer at a tsumo."""
    before = abortive("kyuushu")
    assert paid("gensou_sanma", ron(0, win(1, 1, 30)), before) == [-2000, 2000, 0]
    assert paid("gensou_sanma", tsumo(1, 3, 30), before) == [-3000, 5000, -2000]

"""The ruleset options of ``spec/rulesets.md``: names, groups, defaults, checks, and words.

This table is the single source for validation (``rules.py``), the ruleset editor (labels and
help in Japanese and English, grouped) and the defaults a preset starts from.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from . import checks as c
from .checks import Check, fail
from .errors import RecordError

WINDS = ("E", "S", "W", "N")
DRAW_RENCHAN = ("dealer_tenpai", "always", "never", "unless_all_noten")
YAME_MODES = ("none", "auto_if_top", "optional_if_top", "optional")
ABORTIVE_KINDS = ("kyuushu", "suufon", "suucha_riichi", "sanchahou", "suukaikan")
ROUNDING_MODES = ("none", "half_up", "gosha_rokunyu", "down", "up")


@dataclass(frozen=True)
class Option:
    name: str
    group: str
    default: Any
    check: Check
    label_ja: str
    label_en: str
    help_ja: str
    help_en: str


def _tenths(value: Any, path: str) -> float:
    """Settled points are written with one decimal, so uma, bonuses and penalties are too."""
    c.number()(value, path)
    if round(value * 10) != value * 10:
        raise fail(path, "must have at most one decimal", "one_decimal")
    return value


def _non_negative_tenths(value: Any, path: str) -> float:
    c.number(0)(value, path)
    return _tenths(value, path)


def _half_steps(value: Any, path: str) -> float:
    c.number(0.5)(value, path)
    if (value * 2) != int(value * 2):
        raise fail(path, "must be a multiple of 0.5", "half_steps")
    return value


def _wind(value: Any, path: str) -> str:
    return c.one_of(*WINDS)(value, path)


def _limit_row(value: Any, path: str) -> list[Any]:
    row = c.list_of(c.number(), 2, 2)(value, path)
    c.integer(1)(row[0], f"{path}[0]")
    _half_steps(row[1], f"{path}[1]")
    return [int(row[0]), row[1]]


def _limits(value: Any, path: str) -> list[list[Any]]:
    rows = c.list_of(_limit_row, 1)(value, path)
    for before, after in pairwise(rows):
        if after[0] <= before[0] or after[1] <= before[1]:
            raise fail(path, "rows must rise in both han and mangan units", "limits_rise")
    return rows


def _chiitoitsu(value: Any, path: str) -> list[int]:
    """[fu, han] of chiitoitsu: 25 fu 2 han, 30 fu 2 han or 50 fu 1 han (seed 002)."""
    fu, han = c.list_of(c.integer(1), 2, 2)(value, path)
    if fu not in (25, 30, 40, 50) or han not in (1, 2):
        message = "must be [25, 2], [30, 2] or [50, 1]-like: fu 25-50, han 1 or 2"
        raise fail(path, message, "chiitoitsu_value")
    return [fu, han]


def _honba_key(value: Any, path: str) -> str:
    if not (isinstance(value, str) and value.isdigit()):
        raise fail(
            path, f'must be a honba count such as "5" (got {value!r})', "honba_count", got=value
        )
    return str(int(value))


def _uma_by_floaters(value: Any, path: str) -> dict[str, list[float]]:
    keys = ("0", "1", "2", "3", "4")
    table = c.mapping(c.one_of(*keys), c.list_of(_tenths, 3, 4))(value, path)
    if not table:
        raise fail(path, "must give uma for at least one count of floaters", "uma_floaters_empty")
    return table


ROUNDING = c.obj(
    {
        "mode": c.one_of(*ROUNDING_MODES),
        "on": c.one_of("diff", "raw"),
        "top_takes_remainder": c.boolean,
    }
)
TOBI = c.obj(
    {
        "enabled": c.boolean,
        "at_zero": c.boolean,
        "bonus": _non_negative_tenths,
        "bonus_by": c.one_of("win", "any"),
        "negative_settlement": c.boolean,
    }
)
EXTENSION = c.obj(
    {
        "target": c.integer(0),
        "winds": c.list_of(_wind, 1),
        "sudden_death": c.one_of("any", "unless_dealer_keeps", "none"),
        "endless": c.boolean,
    }
)
HONBA = c.obj({"ron": c.integer(0), "tsumo_each": c.integer(0)})
RIICHI = c.obj({"deposit": c.integer(0), "min_score": c.integer()})
FU = c.obj(
    {
        "tsumo_pinfu": c.one_of(20, 30),
        "open_pinfu": c.one_of(20, 30),
        "chiitoitsu": _chiitoitsu,
    }
)
MIN_HAN = c.obj({"default": c.integer(1), "from_honba": c.mapping(_honba_key, c.integer(1))})
PAO = c.obj({"ron_share": c.number(0, 1), "ron_honba": c.one_of("discarder", "pao", "split")})
NAGASHI = c.obj({"counts_as": c.one_of("draw", "win"), "value": c.one_of("mangan")})
ABORTIVE = c.mapping(c.one_of(*ABORTIVE_KINDS), c.one_of("renchan", "pass"))
CHOMBO = c.obj(
    {
        "payment": c.one_of("each", "mangan", "none"),
        "amount": c.integer(0),
        "score_penalty": _tenths,
        "deposits": c.one_of("returned", "kept"),
    }
)
SANMA = c.obj({"tsumo": c.one_of("north_split", "tsumo_loss")})
ADDITIVE = c.obj(
    {"ron_multiplier": c.integer(1), "min_fan": c.integer(1), "fan_value": c.integer(1)}
)
CHIP_KINDS = ("ippatsu", "ura", "aka", "yakuman", "tobi")
MAX_CHIPS = 1000  # chips of one kind for one win or one tobi (a real table: 1 to 10)
_CHIP_FIELDS = {"value": _non_negative_tenths, **dict.fromkeys(CHIP_KINDS, c.integer(0, MAX_CHIPS))}
_CHIPS_GIVEN = c.obj(_CHIP_FIELDS, required=False)


def _chips(value: Any, path: str) -> dict[str, Any]:
    """祝儀: ``value`` (settled points per chip; 0 keeps chips as their own column) is
    required, any kind left out earns no chips; normalised with every kind written."""
    given = _CHIPS_GIVEN(value, path)
    if "value" not in given:
        raise RecordError(
            f"{path}: missing field 'value'",
            field=f"{path}.value",
            code="missing_field",
            params={"path": path, "name": "value"},
        )
    return {"value": given["value"], **{kind: given.get(kind, 0) for kind in CHIP_KINDS}}


CHIPS = c.described(_chips, "obj", fields=_CHIP_FIELDS, required=False)
# 青天井's cap on the base points: at most 10^12 (a win then pays at most a few 10^13 points,
# which ``MAX_AOTENJOU_SCORE`` and the 64-bit columns hold over any game).
AOTENJOU = c.obj({"cap_base": c.integer(2000, 10**12), "yakuman_han": c.integer(1, 100)})
LIMITS_BEYOND = c.obj({"every_han": c.integer(1), "mangan_units": _half_steps})
STANDARD_LIMITS = [[5, 1], [6, 1.5], [8, 2], [11, 3], [13, 4]]
# Local yaku the seeds name (000: 三色小同刻, 一色三順 ...; 002: 大車輪, 紅孔雀 ...;
# 004: 三連刻 ...).
LOCAL_YAKU = (
    "sanshoku_shoudoukou",
    "isshoku_sanjun",
    "isshoku_yonjun",
    "sanrenkou",
    "suurenkou",
    "paarenchan",
    "daisharin",
    "benikujaku",
    "hyakumangoku",
    "fuukasetsugetsu",
    "bankouryokusou",
    "shiisanputaa",
)
RENHOU = ("none", "mangan", "four_han", "baiman", "yakuman")
# What the hand calculator counts (a club's yaku rules); the replay never reads it.
YAKU = c.obj(
    {
        "open_tanyao": c.boolean,
        "red_fives": c.list_of(c.integer(0, 4), 3, 3),
        "double_yakuman": c.boolean,
        "renhou": c.one_of(*RENHOU),
        "open_riichi": c.boolean,
        "local": c.list_of(c.one_of(*LOCAL_YAKU)),
    }
)

GAME, POINTS, END, TABLE, MULTI, VALUE, SPECIAL = (
    "game",
    "settlement",
    "end",
    "table",
    "multiple_ron",
    "value",
    "special",
)
GROUP_LABELS: dict[str, tuple[str, str]] = {
    GAME: ("対局", "Game"),
    POINTS: ("精算", "Settlement"),
    END: ("終了条件", "End of game"),
    TABLE: ("連荘・本場・供託", "Dealer, honba and sticks"),
    MULTI: ("複数ロン", "Multiple ron"),
    VALUE: ("点数計算", "Hand value"),
    SPECIAL: ("特殊ルール・罰則", "Special rules and penalties"),
}

OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        GAME,
        4,
        c.one_of(4, 3),
        "人数",
        "Players",
        "4人打ちか3人打ち(サンマ)。",
        "Four players, or three (sanma).",
    ),
    Option(
        "scoring",
        GAME,
        "riichi",
        c.one_of("riichi", "fu_less", "additive_fan"),
        "点数計算方式",
        "Scoring",
        "符と飜の倍々計算、符なし計算、または番数の加算(中国古典麻雀)。",
        "Han and fu doubling, the fu-less table, or additive fan (classical Chinese).",
    ),
    Option(
        "rounds",
        GAME,
        ["E", "S"],
        c.list_of(_wind, 1),
        "対局の長さ",
        "Length",
        '通常の長さ。["E"]は東風戦、["E","S"]は半荘戦。',
        'The regular length: ["E"] is tonpuu, ["E","S"] a hanchan.',
    ),
    Option(
        "extension",
        GAME,
        None,
        c.nullable(EXTENSION),
        "延長戦(西入)",
        "Extension",
        "終了時に目標点に達した者がいなければ続行する風と、サドンデスの方式。",
        "If nobody has the target when the regular length ends, play on through these winds.",
    ),
    Option(
        "start_points",
        POINTS,
        25000,
        c.integer(),
        "配給原点",
        "Start points",
        "各自の持ち点。",
        "Each player's points at the start.",
    ),
    Option(
        "return_points",
        POINTS,
        30000,
        c.integer(),
        "返し(原点)",
        "Return points",
        "精算の基準点。オカ=(返し−配給原点)×人数がトップへ。",
        "The settlement baseline. Oka = (return - start) x players, to the top.",
    ),
    Option(
        "uma",
        POINTS,
        [20, 10, -10, -20],
        c.list_of(_tenths, 3, 4),
        "順位ウマ",
        "Uma",
        "順位ごとのウマ(ポイント)。10-20は[20,10,-10,-20]。",
        "Uma by rank in settled points. 10-20 is [20,10,-10,-20].",
    ),
    Option(
        "uma_by_floaters",
        POINTS,
        None,
        c.nullable(_uma_by_floaters),
        "浮き人数別ウマ",
        "Uma by floaters",
        "返し以上の人数ごとのウマ。指定すると順位ウマに代わる。",
        "Uma chosen by how many players end at or above the return points.",
    ),
    Option(
        "rounding",
        POINTS,
        {"mode": "none", "on": "diff", "top_takes_remainder": False},
        ROUNDING,
        "端数処理",
        "Rounding",
        "なし、四捨五入、五捨六入、切り捨て、切り上げ。返しとの差か素点に適用。",
        "No rounding, half up (四捨五入), 五捨六入, down or up; on the difference or the raw score",
    ),
    Option(
        "ties",
        POINTS,
        "seat_order",
        c.one_of("seat_order", "split"),
        "同点の順位",
        "Ties",
        "起家に近い方を上位、またはウマ・オカを分ける。",
        "The seat nearer the first dealer ranks higher, or the tied players split.",
    ),
    Option(
        "leftover_deposits",
        POINTS,
        "top",
        c.one_of("top", "lost", "returned"),
        "残った供託",
        "Leftover sticks",
        "終了時の供託: トップへ、消滅、または出した人へ。",
        "Sticks on the table at the end: to the top, gone, or back to who paid them.",
    ),
    Option(
        "points_unit",
        POINTS,
        1000,
        c.integer(1),
        "ポイント単位",
        "Points unit",
        "1ポイントあたりの点数(1p=1000点)。",
        "Table points per settled point (1p = 1000).",
    ),
    Option(
        "tobi",
        END,
        {
            "enabled": True,
            "at_zero": False,
            "bonus": 0,
            "bonus_by": "win",
            "negative_settlement": True,
        },
        TOBI,
        "飛び",
        "Tobi (bust)",
        "0点未満(または0点以下)で終了。飛び賞と箱下精算。",
        "The game ends below 0 (or at 0). Bust bonus and negative settlement.",
    ),
    Option(
        "agari_yame",
        END,
        "none",
        c.one_of(*YAME_MODES),
        "和了止め",
        "Agari-yame",
        "オーラスで親が和了した後の終了。",
        "Ending at the last hand after the dealer wins.",
    ),
    Option(
        "tenpai_yame",
        END,
        "none",
        c.one_of(*YAME_MODES),
        "聴牌止め",
        "Tenpai-yame",
        "オーラスで親が流局聴牌した後の終了。",
        "Ending at the last hand after the dealer is tenpai at a draw.",
    ),
    Option(
        "renchan_on_draw",
        TABLE,
        "dealer_tenpai",
        c.one_of(*DRAW_RENCHAN),
        "流局時の連荘",
        "Renchan at a draw",
        "荒牌流局で親が連荘する条件。",
        "When the dealer keeps the seat after an exhaustive draw.",
    ),
    Option(
        "renchan_by_wind",
        TABLE,
        None,
        c.nullable(c.mapping(_wind, c.one_of(*DRAW_RENCHAN))),
        "場ごとの流局連荘",
        "Renchan by wind",
        "場風ごとの上書き(例: 東場は輪荘)。",
        "Per-wind overrides of the renchan at a draw.",
    ),
    Option(
        "honba",
        TABLE,
        {"ron": 300, "tsumo_each": 100},
        HONBA,
        "積み棒",
        "Honba",
        "1本場あたりの加算(ロン、ツモは一人あたり)。",
        "The bonus per honba: on a ron, and from each payer on a tsumo.",
    ),
    Option(
        "riichi",
        TABLE,
        {"deposit": 1000, "min_score": 1000},
        c.nullable(RIICHI),
        "立直",
        "Riichi",
        "供託額と立直に必要な点数。なしは立直なし。",
        "The stick and the score needed to declare; null: no riichi.",
    ),
    Option(
        "noten_payment",
        TABLE,
        3000,
        c.integer(0),
        "不聴罰符",
        "Noten payment",
        "流局時に不聴者から聴牌者へ払う合計。",
        "Paid in all by noten players to tenpai players.",
    ),
    Option(
        "multiple_ron",
        MULTI,
        "double",
        c.one_of("all", "double", "head_bump"),
        "複数ロン",
        "Multiple ron",
        "全員和了、二人まで(三家和は流局)、または頭ハネ。",
        "Every winner; at most two (three is sanchahou); or head bump.",
    ),
    Option(
        "multi_ron_deposits",
        MULTI,
        "first",
        c.one_of("first", "own_returned_rest_first"),
        "複数ロンの供託",
        "Sticks on multiple ron",
        "上家取り、または各自の立直棒を返して残りを上家へ。",
        "To the first winner, or each winner's own stick back and the rest to the first.",
    ),
    Option(
        "multi_ron_honba",
        MULTI,
        "first",
        c.one_of("first", "each"),
        "複数ロンの積み棒",
        "Honba on multiple ron",
        "上家のみ、または和了者それぞれ。",
        "To the first winner only, or to every winner.",
    ),
    Option(
        "multi_ron_renchan",
        MULTI,
        "any_dealer_win",
        c.one_of("any_dealer_win", "first_winner"),
        "複数ロンの連荘",
        "Renchan on multiple ron",
        "親が和了者にいれば連荘、または上家が親の時のみ。",
        "The dealer keeps the seat if among the winners, or only as the first winner.",
    ),
    Option(
        "limits",
        VALUE,
        STANDARD_LIMITS,
        _limits,
        "満貫以上",
        "Limits",
        "[飜数, 満貫の倍数]の表。",
        "Rows of [min han, mangan units].",
    ),
    Option(
        "kiriage",
        VALUE,
        False,
        c.boolean,
        "切り上げ満貫",
        "Kiriage mangan",
        "4飜30符と3飜60符を満貫とする。",
        "4 han 30 fu and 3 han 60 fu pay as mangan.",
    ),
    Option(
        "kazoe",
        VALUE,
        "yakuman",
        c.one_of("yakuman", "sanbaiman", "none"),
        "数え役満",
        "Kazoe",
        "13飜以上を役満、三倍満止め、または表のとおり。",
        "13 han or more: one yakuman, capped at sanbaiman, or as the limits say.",
    ),
    Option(
        "limits_beyond",
        VALUE,
        None,
        c.nullable(LIMITS_BEYOND),
        "準青天井",
        "Beyond limits",
        "表の最後の行を超えたN飜ごとに満貫を加算。",
        "Past the last limits row, each further N han adds mangan units.",
    ),
    Option(
        "yakuman_max",
        VALUE,
        6,
        _half_steps,
        "役満の上限",
        "Yakuman cap",
        "支払う役満の最大倍数(1は複合なし)。",
        "The largest yakuman multiple paid (1: none).",
    ),
    Option(
        "aotenjou",
        VALUE,
        None,
        c.nullable(AOTENJOU),
        "青天井",
        "Aotenjou",
        "満貫なし。基本点=符×2^(飜+2)を上限まで。",
        "No limits: base = fu x 2^(han+2), up to a cap.",
    ),
    Option(
        "yaku",
        VALUE,
        {
            "open_tanyao": True,
            "red_fives": [0, 0, 0],
            "double_yakuman": True,
            "renhou": "none",
            "open_riichi": False,
            "local": [],
        },
        YAKU,
        "役の扱い(点数計算機)",
        "Yaku (hand calculator)",
        "喰いタン、赤ドラの枚数(萬・筒・索)、ダブル役満、人和、オープン立直、ローカル役。精算には使わない。",
        "Open tanyao, red fives (man, pin, sou), double yakuman, renhou, open riichi, local yaku."
        " The replay never reads it.",
    ),
    Option(
        "fu",
        VALUE,
        {"tsumo_pinfu": 20, "open_pinfu": 30, "chiitoitsu": [25, 2]},
        FU,
        "符の扱い",
        "Fu",
        "ツモ平和、喰い平和形、七対子の符と飜(入力の検証)。",
        "Fu of pinfu tsumo, open pinfu shape and chiitoitsu (validation).",
    ),
    Option(
        "min_han",
        VALUE,
        {"default": 1, "from_honba": {}},
        MIN_HAN,
        "縛り",
        "Minimum han",
        "和了に必要な最低飜数。本場数による二飜縛り。",
        "The smallest han a win may have, raised from a honba count.",
    ),
    Option(
        "additive",
        VALUE,
        {"ron_multiplier": 2, "min_fan": 13, "fan_value": 1},
        ADDITIVE,
        "番数加算",
        "Additive fan",
        "ロンは放銃者が倍払い、ツモは各自が番数分。",
        "A ron's discarder pays the multiplier; at a tsumo each pays the fan.",
    ),
    Option(
        "pao",
        SPECIAL,
        {"ron_share": 0.5, "ron_honba": "discarder"},
        c.nullable(PAO),
        "包(責任払い)",
        "Pao",
        "ツモは包の者が全額、ロンは折半。なしは包なし。",
        "A tsumo paid all by the responsible player, a ron split; null: no pao.",
    ),
    Option(
        "nagashi",
        SPECIAL,
        {"counts_as": "draw", "value": "mangan"},
        c.nullable(NAGASHI),
        "流し満貫",
        "Nagashi mangan",
        "流局扱いか和了扱いか。なしは採用しない。",
        "Counted as a draw or as a win; null: not played.",
    ),
    Option(
        "abortive",
        SPECIAL,
        dict.fromkeys(ABORTIVE_KINDS, "renchan"),
        ABORTIVE,
        "途中流局",
        "Abortive draws",
        "採用する途中流局と、連荘か輪荘か。",
        "Which abortive draws exist, and whether the dealer keeps the seat.",
    ),
    Option(
        "chombo",
        SPECIAL,
        {"payment": "mangan", "amount": 3000, "score_penalty": 0, "deposits": "returned"},
        CHOMBO,
        "錯和(チョンボ)",
        "Chombo",
        "満貫払い、各自へ定額、またはなし。精算時のポイント減点。局はやり直し。",
        "Reverse mangan, a fixed amount to each, or none; settled points off; hand replayed.",
    ),
    Option(
        "wareme",
        SPECIAL,
        False,
        c.boolean,
        "割れ目",
        "Wareme",
        "割れ目の者が払う和了点は倍。",
        "The split-wall player's payments for wins double.",
    ),
    Option(
        "sanma",
        SPECIAL,
        {"tsumo": "north_split"},
        SANMA,
        "三人打ちのツモ",
        "Sanma tsumo",
        "北家分を折半、またはツモ損。",
        "The absent player's share split, or not paid.",
    ),
    Option(
        "chips",
        POINTS,
        None,
        c.nullable(CHIPS),
        "祝儀(チップ)",
        "Chips (祝儀)",
        "一発・裏ドラ・赤ドラ1枚ごと、役満、トビの祝儀の枚数と、1枚の精算ポイント。"
        "ロンは放銃者、ツモは他家全員が払う。順位・トビ・終了には影響しない。なしは祝儀なし。",
        "Chips per ippatsu, ura-dora and red five in a win, per yakuman and per tobi, and the"
        " settled points of one chip. A ron's discarder pays, at a tsumo everyone else. Never"
        " changes ranks, tobi or the end; null: no chips.",
    ),
)

OPTIONS_BY_NAME: dict[str, Option] = {option.name: option for option in OPTIONS}
# Options a full ruleset may leave out (added after spec/rulesets.md): they take their default.
LATER = frozenset({"yaku", "chips"})

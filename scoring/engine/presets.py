"""The presets of ``spec/rulesets.md``: one function per preset, its docstring citing the seed.

Each function returns only what differs from the common defaults (``options.OPTIONS``); the
docstring says which seed line each value comes from and which values the seed leaves open
(those take the common default). Seeds live in ``shared/seeds/`` (000 K-rule, 001 mjkt,
002 しらぎく, 003 classical Chinese, 004 幻想麻雀).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .options import ABORTIVE_KINDS, OPTIONS, OPTIONS_BY_NAME

ALL_ABORTIVE_RENCHAN = dict.fromkeys(ABORTIVE_KINDS, "renchan")
NO_TOBI = {
    "enabled": False,
    "at_zero": False,
    "bonus": 0,
    "bonus_by": "win",
    "negative_settlement": True,
}
CHOMBO_MINUS_20 = {"payment": "none", "amount": 0, "score_penalty": 20, "deposits": "returned"}


@dataclass(frozen=True)
class Preset:
    name: str
    doc: str
    options: dict[str, Any]


def _yaku(**values: Any) -> dict[str, Any]:
    """The ``yaku`` option (what the hand calculator counts): the common default and these."""
    return {**copy.deepcopy(OPTIONS_BY_NAME["yaku"].default), **values}


def k_rule() -> dict[str, Any]:
    """Kルール (seed 000).

    From the seed: 25000点持ちの30000点返し, 順位ウマ 10p-20p; 自摸平和アリ(20符固定); 親は聴牌連荘;
    不聴罰符 場3000点; 1本場300点; 供託は和了取り; 複数ロン アリ(連荘・本場・供託は上家優先) ->
    ``multiple_ron: all``, sticks/honba to the first winner, ``multi_ron_renchan: first_winner``;
    和了止め アリ(何位でも可能、聴牌止めナシ) -> agari-yame ``optional``, no tenpai-yame;
    飛び終了 アリ(0点は続行、箱下清算アリ) -> below 0, negative settlement; 飛び賞 5p(和了でのみ
    発生、複数ロンは上家順に処理して飛ばした方に付く) -> bonus 5 by win; 途中流局 ナシ; 西入 ナシ;
    常時一飜縛り、二飜縛りはナシ; 同点の順位は起家から上家優先;
    清算時の100点単位は絶対値で五捨六入 ->
    ``gosha_rokunyu`` on the diff; 10飜=跳倍満(2.5倍満) 11飜~3倍満 13飜~数え役満; 切り上げ満貫ナシ;
    役満の複合アリ, 大役満(6倍満) -> multiples up to 6 (1.5 expressible); 流し満貫 is one of the
    seed's local yaku -> counts as a win; 包 ツモ=全額 ロン=折半; 1000点未満での立直は和了放棄 ->
    riichi needs 1000; 錯和は3000点オール払い再ゲーム(本場は増えず、この局に出た供託は持ち主に戻す).
    Open in the seed (common default): leftover sticks at the end to the top, pao honba from the
    discarder, chiitoitsu 25 fu 2 han, open pinfu shape 30 fu.
    Yaku (the calculator): 喰い断アリ; 赤ドラ アリ/ナシ選択 (none here); 役満はシングル (no double
    yakuman); 人和 4飜の加算; local 三色小同刻、一色三順、一色四順.
    """
    return {
        "yaku": _yaku(
            open_tanyao=True,
            red_fives=[0, 0, 0],
            double_yakuman=False,
            renhou="four_han",
            local=["sanshoku_shoudoukou", "isshoku_sanjun", "isshoku_yonjun"],
        ),
        "uma": [20, 10, -10, -20],
        "rounding": {"mode": "gosha_rokunyu", "on": "diff", "top_takes_remainder": False},
        "tobi": {
            "enabled": True,
            "at_zero": False,
            "bonus": 5,
            "bonus_by": "win",
            "negative_settlement": True,
        },
        "agari_yame": "optional",
        "multiple_ron": "all",
        "multi_ron_renchan": "first_winner",
        "limits": [[5, 1], [6, 1.5], [8, 2], [10, 2.5], [11, 3], [13, 4]],
        "nagashi": {"counts_as": "win", "value": "mangan"},
        "abortive": {},
        "chombo": {"payment": "each", "amount": 3000, "score_penalty": 0, "deposits": "returned"},
    }


def mjkt() -> dict[str, Any]:
    """mjkt 麻雀競技規定 (seed 001).

    1. 配給点25000点、原点30000点、清算時は百の位を五捨六入 -> ``gosha_rokunyu`` on the raw score;
    2. 順位ウマは10000点-20000点; 3. 終了時に供託リーチ棒はトップのもの; 6. 親の和了または流局時
    テンパイ、あるいは途中流局で連荘; 7. 0点未満になる人が発生したときゲーム終了, 1000点未満の人は
    リーチをかけることができない, 集計時は負の点数も集計; 8. ラス親はトップであれば連荘することが
    できずゲーム終了(終了を選択することはできない) -> agari-yame and tenpai-yame ``auto_if_top``;
    9. 同点者は起家から近いものを上位; 10. 常時一翻縛り; 12. 途中流局は九種九牌・四家立直・三家和・
    四開槓・四風連打、すべて連荘(オーラスに親がトップでも連荘); 13. 流し満貫あり、和了扱い;
    14. ダブロンあり、供託・積棒は上家取り、和了者の中に親がいれば連荘 -> ``double``;
    15. 包: ツモは全額、ロンは放銃者と半分ずつ(積棒は放銃者支払い); 28. 切り上げ満貫;
    ※チョンボは対戦者全員に3000点ずつ、ノーゲーム、リーチ棒や供託棒は出した人に戻り、積棒は加算
    しない; A. 空チー等は1000点を供託 (a ``deposit`` event of 1000).
    Open in the seed (common default): honba 300/100, noten 3000, limits and kazoe yakuman,
    yakuman multiples up to 6 (29. only pure composites: the scorekeeper enters the multiple).
    Yaku (the calculator): 4. クイタンあり; 5. 赤ドラは3枚; 26. 人和は倍満; 29. no double yakuman.
    """
    return {
        "yaku": _yaku(open_tanyao=True, red_fives=[1, 1, 1], double_yakuman=False, renhou="baiman"),
        "rounding": {"mode": "gosha_rokunyu", "on": "raw", "top_takes_remainder": False},
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "multiple_ron": "double",
        "kiriage": True,
        "nagashi": {"counts_as": "win", "value": "mangan"},
        "abortive": dict(ALL_ABORTIVE_RENCHAN),
        "chombo": {"payment": "each", "amount": 3000, "score_penalty": 0, "deposits": "returned"},
    }


def shiragiku() -> dict[str, Any]:
    """しらぎく麻雀 (seed 002): the first choice of each option the seed lists.

    一試合: 東南半荘戦、南場終了後3万1千点に達した者がいない場合は西入、西場終了後…北入、
    北場終了後も
    同様なら帰り東場とし、以後3万1千点に達した者が現れた時点で終了 -> extension W, N to 31000
    checked
    at the end of each wind, then endless; 持点 2万5千点持ち3万点返し; トビ有り(マイナスで終了);
    最終局での荘家和了やめ有り -> ``optional_if_top``; 両翻縛り無し; 両家和は頭跳ね ->
    ``head_bump``;
    荒牌は常に連荘 -> ``renchan_on_draw: always``; 不聴罰符 場に3千点; 途中平局(三家和・四家立直・
    四風子連打・四槓算了)有り、連荘とする; 摸八平和あり 20符; 喰い平和形は十符加符 (30 fu);
    七対子 25符両翻; 満貫切上げ無し; 跳満 八翻, 倍満 十翻, 三倍満 十三翻, 四倍満(数え役満) 十五翻;
    役満貫の重複は数えない -> ``yakuman_max: 1``; 積み符 300/100; 割れ目無し; 包則無し;
    幺九振切(流し満貫) is a mangan yaku -> nagashi counts as a win.
    The other choices are options: 27000/28000/30000 start; 両家和 both -> ``double`` with
    ``own_returned_rest_first``; 三家和無し -> ``multiple_ron: all``; 不聴輪荘 -> ``dealer_tenpai``
    / ``unless_all_noten`` / ``never``; 途中平局輪荘 -> ``"pass"``; 表場でのみ輪荘 ->
    ``renchan_by_wind``; 七対子 30符 or 50符一翻 -> ``fu.chiitoitsu``; 積み符 1500/500 or 500 ->
    ``honba``; 割れ目 -> ``wareme``; 符なし -> ``scoring: fu_less``; 青天井 -> ``aotenjou``
    (cap 2.5e9 base, 役満 15飜); 準青天井 -> ``limits_beyond`` (2 han, 1 mangan); 包則 -> ``pao``.
    Not expressible: 最終局では常に平局連荘 (only the last hand exempt from passing).
    Open in the seed (common default): uma 10-20, no rounding, chombo by reverse mangan.
    Yaku (the calculator): 喰断あり, 赤牌を使用しない, 人和 among the yakuman, the ※ local yakuman.
    """
    return {
        "yaku": _yaku(
            open_tanyao=True,
            red_fives=[0, 0, 0],
            double_yakuman=False,
            renhou="yakuman",
            local=[
                "daisharin",
                "benikujaku",
                "hyakumangoku",
                "isshoku_yonjun",
                "suurenkou",
                "fuukasetsugetsu",
                "bankouryokusou",
                "paarenchan",
                "shiisanputaa",
            ],
        ),
        "extension": {
            "target": 31000,
            "winds": ["W", "N"],
            "sudden_death": "none",
            "endless": True,
        },
        "agari_yame": "optional_if_top",
        "multiple_ron": "head_bump",
        "renchan_on_draw": "always",
        "abortive": dict(ALL_ABORTIVE_RENCHAN),
        "limits": [[5, 1], [8, 1.5], [10, 2], [13, 3], [15, 4]],
        "yakuman_max": 1,
        "pao": None,
        "nagashi": {"counts_as": "win", "value": "mangan"},
    }


def chinese_classic() -> dict[str, Any]:
    """Classical Chinese 番 scoring (seed 003).

    親が上がれば連荘,子が上がるか流局したら親の右隣が次の親 -> ``renchan_on_draw: never``;
    1回のゲームは親を4周 -> rounds E, S, W, N; 最低点には13番 (18番, 7番 as variants) ->
    ``additive.min_fan``; 番数は倍々計算しません; 振り込んだ人は手の点の2倍を払い -> ron pays
    double; 自摸のときは他の3人全員がそれぞれ手の点を払う; 2人以上同時に上がれます ->
    ``multiple_ron: all``. The seed has no riichi, honba, noten payment, uma, oka, tobi, pao,
    nagashi, abortive draws or chombo payment: start and return 0, ``points_unit`` 1 (the
    settled points are the net fan points).
    """
    return {
        "scoring": "additive_fan",
        "rounds": ["E", "S", "W", "N"],
        "start_points": 0,
        "return_points": 0,
        "uma": [0, 0, 0, 0],
        "points_unit": 1,
        "tobi": dict(NO_TOBI),
        "renchan_on_draw": "never",
        "honba": {"ron": 0, "tsumo_each": 0},
        "riichi": None,
        "noten_payment": 0,
        "multiple_ron": "all",
        "pao": None,
        "nagashi": None,
        "abortive": {},
        "chombo": {"payment": "none", "amount": 0, "score_penalty": 0, "deposits": "returned"},
    }


def _gensou_common() -> dict[str, Any]:
    return {
        "yaku": _yaku(
            open_tanyao=True,
            red_fives=[1, 1, 1],
            double_yakuman=False,
            renhou="baiman",
            local=["paarenchan", "sanrenkou", "suurenkou"],
        ),
        "uma": [10, 5, -5, -10],
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "renchan_by_wind": {"E": "never"},
        "multiple_ron": "all",
        "min_han": {"default": 1, "from_honba": {"5": 2}},
        "fu": {"tsumo_pinfu": 20, "open_pinfu": 20, "chiitoitsu": [25, 2]},
        "pao": None,
        "abortive": {"kyuushu": "renchan", "suufon": "pass", "suukaikan": "pass"},
    }


def gensou() -> dict[str, Any]:
    """幻想麻雀 hanchan (seed 004).

    半荘戦での西入は無し; オーラス終了時同点の場合は起家順; ウマは5-10(ゴットー);
    連荘は東場については
    親の和了、南場については親の聴牌 -> ``renchan_by_wind: {"E": "never"}``, South on dealer tenpai;
    オーラスはトップの親の聴牌、和了で対局終了、任意に終局を選ぶことは出来ない -> ``auto_if_top``;
    ダブロン、トリロンあり -> ``all``; 供託料や積み棒は上家取り;
    親が和了した場合は席順に関わらず連荘;
    流し満貫同時成立時は合算精算; 不聴罰符3,000点; 積み棒300点; 0点未満でハコ割れ、0点丁度は続行;
    1,000点未満での立直は不可; 5本場以降は二翻縛り; 切上げ満貫は無し; 食い平和形は20符;
    九種九牌は親が連荘、四風連打・四開槓は輪荘、四家立直は続行; 包則は一切無し; 役満の複合はあり.
    青天井 tables: ``aotenjou`` with cap 1e9 base (40億) and yakuman as 13 han.
    Open in the seed (common default): nagashi counted as a draw, chombo by reverse mangan,
    no rounding, leftover sticks to the top.
    """
    return _gensou_common()


def gensou_tonpuu() -> dict[str, Any]:
    """幻想麻雀 tonpuu (seed 004): as ``gensou``, East only (東風戦での南入は無し)."""
    return {**_gensou_common(), "rounds": ["E"]}


def gensou_sanma() -> dict[str, Any]:
    """幻想麻雀 three-player (seed 004, 三人麻雀のルール).

    三麻は半荘のみ; 積み棒は三人麻雀であれば1本場につき1,000点 -> ron 1000, tsumo 500 from each
    of the two payers; ツモ和了の場合、北家分を残る2人で折半 -> ``sanma.tsumo: north_split``;
    ウマは基本的には3位が1位に対して10 -> [10, 0, -10]. The rest as ``gensou``.
    Open in the seed (common default): 35000/40000, noten payment 3000 in all.
    """
    return {
        **_gensou_common(),
        "players": 3,
        "start_points": 35000,
        "return_points": 40000,
        "uma": [10, 0, -10],
        "honba": {"ron": 1000, "tsumo_each": 500},
    }


def tenhou() -> dict[str, Any]:
    """Tenhou's Houou table (鳳凰卓) ranked rules.

    25000/30000, uma 10-20, settled by 四捨五入 on the raw score with the top taking the
    remainder (older logs: 17500 -> -12, 10500 -> -19; newer logs settle unrounded, with one
    decimal: override ``rounding.mode: none``); West
    extension to 30000, ended as soon as someone has it unless the dealer keeps the seat; tobi
    below 0; agari-yame and tenpai-yame when the all-last dealer is top (and at 30000);
    double ron (triple = sanchahou); nagashi as a draw; all five abortive draws renchan;
    pao: a tsumo paid in full by the responsible player, honba included; a ron split in half
    with the honba paid by the responsible player (積み棒はパオが払う, as Tenhou's own payments
    show and the Tenhou replayers mjx and riichienv reproduce); at W4, the last hand there is,
    a top dealer's win or tenpai ends the game even below 30000 (北入なし).
    Yaku (the calculator): 喰いタン and three red fives (喰赤), no renhou; 四暗刻単騎, 国士無双13面,
    純正九蓮宝燈 and 大四喜 are single yakuman (composites of different yakuman still add up).
    """
    return {
        "yaku": _yaku(open_tanyao=True, red_fives=[1, 1, 1], double_yakuman=False, renhou="none"),
        "rounding": {"mode": "half_up", "on": "raw", "top_takes_remainder": True},
        "extension": {
            "target": 30000,
            "winds": ["W"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        },
        "agari_yame": "auto_if_top",
        "tenpai_yame": "auto_if_top",
        "multiple_ron": "double",
        "abortive": dict(ALL_ABORTIVE_RENCHAN),
        "pao": {"ron_share": 0.5, "ron_honba": "pao"},
    }


def tenhou_sanma() -> dict[str, Any]:
    """Tenhou's three-player Houou table (三鳳南喰赤, ``<GO type="185">``) ranked rules.

    Each value as the public logs of ``shared/oracles/tenhou-sanma/`` show it (the mjlog files
    ``…00a79b89.xml`` and ``dnovikoff-tenhou_sanma2.xml``, the tenhou.net/6 files ``…e324b88a``
    and ``…09c44fd1``), the rest from Tenhou's published rules (tenhou.net/man):
    35000/40000: every log starts at 35000 and settles from 40000 with 15 oka (``…e324b88a``:
    75700 -> +70.7 = 35.7 + 15 + 20). Uma [20, 0, -20]: the same game, 22500 -> -17.5 and
    6800 -> -53.2. Rounding as ``tenhou``: the older logs settle 四捨五入 on the raw score with
    the top taking the remainder (``sanma2``: -5500 -> -66, 83100 -> +79), the newer unrounded
    (``rounding.mode: none`` where the points have tenths). A tsumo is paid by the two others
    only, ツモ損 (``…e324b88a`` E1: a dealer baiman, 倍満8000点∀, +16000 with the stick 17000;
    ``sanma2`` E1: a non-dealer mangan tsumo +6000). Honba 200 a counter: ron 200 (``…00a79b89``
    E1-2, 32000 ron paid 32400), tsumo 100 from each (``…00a79b89`` E1-1, 4000 all paid 4100).
    Noten payment 2000 in all (``sanma2`` E3-1: one tenpai +2000, the two noten -1000 each).
    Tobi below 0 (both mjlog games end at once when a score goes below 0: -6400, -5500).
    North extraction (抜きドラ) is one dora a north: the log counts it in the win's han, which the
    record carries, so no option is needed. From Tenhou's rules, not seen in these logs:
    West extension to 40000 (the return points), ended as soon as someone has it unless the
    dealer keeps the seat; agari-yame and tenpai-yame as ``tenhou``; 九種九牌 and 四開槓 with
    renchan (four winds, four riichi and three rons cannot happen with three players); double
    ron; nagashi as a draw; pao as ``tenhou``.
    """
    return {
        **tenhou(),
        "yaku": _yaku(red_fives=[0, 1, 1], double_yakuman=False),  # no 5m: red 5p and 5s
        "players": 3,
        "start_points": 35000,
        "return_points": 40000,
        "uma": [20, 0, -20],
        "extension": {
            "target": 40000,
            "winds": ["W"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        },
        "honba": {"ron": 200, "tsumo_each": 100},
        "noten_payment": 2000,
        "sanma": {"tsumo": "tsumo_loss"},
        "abortive": {"kyuushu": "renchan", "suukaikan": "renchan"},
    }


def mleague() -> dict[str, Any]:
    """M-League: uma 30-10 (the top gets +50 with oka), ties split, no tobi, no rounding.

    Head bump; abortive draws kyuushu, suufon, suucha riichi and suukaikan with renchan.
    """
    return {
        "yaku": _yaku(open_tanyao=True, red_fives=[1, 1, 1], double_yakuman=False, renhou="none"),
        "uma": [30, 10, -10, -30],
        "ties": "split",
        "tobi": dict(NO_TOBI),
        "multiple_ron": "head_bump",
        "abortive": {
            "kyuushu": "renchan",
            "suufon": "renchan",
            "suucha_riichi": "renchan",
            "suukaikan": "renchan",
        },
    }


def ema() -> dict[str, Any]:
    """EMA Riichi Competition Rules: 30000/30000, uma 15/5/-5/-15, ties split, no tobi.

    Double and triple ron, every winner paid the honba, each winner's own riichi stick
    returned and the rest to the first winner; 13+ han pays sanbaiman; no yakuman multiples;
    no abortive draws; no nagashi; chombo -20 settled points with no payment at the table.
    """
    return {
        "yaku": _yaku(open_tanyao=True, red_fives=[0, 0, 0], double_yakuman=False, renhou="none"),
        "start_points": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "ties": "split",
        "tobi": dict(NO_TOBI),
        "multiple_ron": "all",
        "multi_ron_deposits": "own_returned_rest_first",
        "multi_ron_honba": "each",
        "kazoe": "sanbaiman",
        "yakuman_max": 1,
        "nagashi": None,
        "abortive": {},
        "chombo": dict(CHOMBO_MINUS_20),
    }


def wrc() -> dict[str, Any]:
    """World Riichi Championship rules: 30000/30000, uma 15/5/-5/-15, ties split, no tobi.

    Head bump, kiriage, no abortive draws, no nagashi, chombo -20 settled points with no
    payment at the table.
    """
    return {
        "yaku": _yaku(open_tanyao=True, red_fives=[0, 0, 0], double_yakuman=False, renhou="none"),
        "start_points": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "ties": "split",
        "tobi": dict(NO_TOBI),
        "multiple_ron": "head_bump",
        "kiriage": True,
        "nagashi": None,
        "abortive": {},
        "chombo": dict(CHOMBO_MINUS_20),
    }


def _build(function: Callable[[], dict[str, Any]]) -> Preset:
    options = {option.name: copy.deepcopy(option.default) for option in OPTIONS}
    options.update(function())
    return Preset(function.__name__, (function.__doc__ or "").strip(), options)


PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in map(
        _build,
        (
            k_rule,
            mjkt,
            shiragiku,
            chinese_classic,
            gensou,
            gensou_tonpuu,
            gensou_sanma,
            tenhou,
            tenhou_sanma,
            mleague,
            ema,
            wrc,
        ),
    )
}

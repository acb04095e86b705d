"""What the game pages show, in the players' words: rounds, winds, payments, the settlement.

Presentation only: every number here comes from the engine's replay; nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from clubs.engine_messages import engine_message
from clubs.numbers import minus_sign
from scoring.engine import Final, GameReplay, RecordError, Ruleset, Transfer
from scoring.engine.chips import ChipSettlement
from scoring.engine.points import limit_units

WINDS = {
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "N": gettext_lazy("North"),
}
SEAT_WINDS = ("E", "S", "W", "N")
# A seat's wind on its card: one character (東南西北, or E S W N).
WIND_LETTERS = {
    "E": pgettext_lazy("seat wind", "E"),
    "S": pgettext_lazy("seat wind", "S"),
    "W": pgettext_lazy("seat wind", "W"),
    "N": pgettext_lazy("seat wind", "N"),
}

TRANSFER_KINDS = {
    "riichi": gettext_lazy("riichi stick"),
    "deposit": gettext_lazy("deposit penalty"),
    "payment": gettext_lazy("payment"),
    "win": gettext_lazy("win"),
    "honba": gettext_lazy("honba"),
    "sticks": gettext_lazy("sticks on the table"),
    "noten": gettext_lazy("noten payment"),
    "nagashi": gettext_lazy("nagashi mangan"),
    "chombo": gettext_lazy("chombo"),
    "returned": gettext_lazy("stick returned"),
}

RESULT_NAMES = {
    "ron": gettext_lazy("Ron"),
    "tsumo": gettext_lazy("Tsumo"),
    "draw": gettext_lazy("Draw"),
    "abortive": gettext_lazy("Abortive draw"),
    "nagashi": gettext_lazy("Nagashi mangan"),
    "chombo": gettext_lazy("Chombo"),
}

ABORTIVE_NAMES = {
    "kyuushu": gettext_lazy("Nine terminals (kyuushu kyuuhai)"),
    "suufon": gettext_lazy("Four winds (suufon renda)"),
    "suucha_riichi": gettext_lazy("Four riichi (suucha riichi)"),
    "sanchahou": gettext_lazy("Triple ron (sanchahou)"),
    "suukaikan": gettext_lazy("Four kans (suukaikan)"),
}

# The yaku a hand may record (``"yaku"`` on a win), in the order the hand screen offers them.
YAKU_NAMES = {
    "riichi": gettext_lazy("Riichi"),
    "double_riichi": gettext_lazy("Double riichi"),
    "ippatsu": gettext_lazy("Ippatsu"),
    "menzen_tsumo": gettext_lazy("Menzen tsumo"),
    "tanyao": gettext_lazy("Tanyao"),
    "pinfu": gettext_lazy("Pinfu"),
    "iipeikou": gettext_lazy("Iipeikou"),
    "yakuhai": gettext_lazy("Yakuhai"),
    "haitei": gettext_lazy("Haitei / houtei"),
    "rinshan": gettext_lazy("Rinshan kaihou"),
    "chankan": gettext_lazy("Chankan"),
    "chiitoitsu": gettext_lazy("Chiitoitsu"),
    "sanshoku": gettext_lazy("Sanshoku doujun"),
    "ittsu": gettext_lazy("Ittsu"),
    "chanta": gettext_lazy("Chanta"),
    "toitoi": gettext_lazy("Toitoi"),
    "sanankou": gettext_lazy("Sanankou"),
    "sankantsu": gettext_lazy("Sankantsu"),
    "shousangen": gettext_lazy("Shousangen"),
    "honroutou": gettext_lazy("Honroutou"),
    "ryanpeikou": gettext_lazy("Ryanpeikou"),
    "junchan": gettext_lazy("Junchan"),
    "honitsu": gettext_lazy("Honitsu"),
    "chinitsu": gettext_lazy("Chinitsu"),
    "sanshoku_doukou": gettext_lazy("Sanshoku doukou"),
    "open_riichi": gettext_lazy("Open riichi"),
    "renhou": gettext_lazy("Renhou"),
    "yakuman": gettext_lazy("Yakuman"),
}
# Each yakuman by name: the calculator records them (the picker offers the ones a win has).
YAKUMAN_NAMES = {
    "kokushi": gettext_lazy("Kokushi musou"),
    "kokushi_13": gettext_lazy("Kokushi musou, 13-sided wait"),
    "suuankou": gettext_lazy("Suuankou"),
    "suuankou_tanki": gettext_lazy("Suuankou tanki"),
    "daisangen": gettext_lazy("Daisangen"),
    "shousuushii": gettext_lazy("Shousuushii"),
    "daisuushii": gettext_lazy("Daisuushii"),
    "tsuuiisou": gettext_lazy("Tsuuiisou"),
    "ryuuiisou": gettext_lazy("Ryuuiisou"),
    "chinroutou": gettext_lazy("Chinroutou"),
    "chuuren": gettext_lazy("Chuuren poutou"),
    "junsei_chuuren": gettext_lazy("Junsei chuuren poutou"),
    "suukantsu": gettext_lazy("Suukantsu"),
    "tenhou": gettext_lazy("Tenhou"),
    "chiihou": gettext_lazy("Chiihou"),
    "daisharin": gettext_lazy("Daisharin"),
    "daichisei": gettext_lazy("Daichisei"),
    "sashikomi": gettext_lazy("Sashikomi"),
    "paarenchan": gettext_lazy("Paarenchan"),
}
ALL_YAKU_NAMES = {**YAKU_NAMES, **YAKUMAN_NAMES}


ENDED_BY = {
    "length": gettext_lazy("the last round was played"),
    "extension": gettext_lazy("the extension ended"),
    "tobi": gettext_lazy("a player went below zero (tobi)"),
    "agari_yame": gettext_lazy("the dealer won the last hand as top (agari-yame)"),
    "tenpai_yame": gettext_lazy("the dealer was tenpai in the last hand as top (tenpai-yame)"),
    "stop": gettext_lazy("the dealer chose to stop"),
    "forced": gettext_lazy("ended early"),
    "final_scores": gettext_lazy("final scores entered"),
}


def round_name(label: str) -> str:
    """``"E1"`` -> 東1局 / East 1."""
    return _("%(wind)s %(number)s") % {"wind": WINDS[label[0]], "number": label[1:]}


def honba_name(honba: int) -> str:
    return _("%(honba)s honba") % {"honba": honba}


def hand_name(round_label: str, honba: int) -> str:
    """A hand as clubs name it: 東1局, 東2局1本場 (East 1; East 2, 1 honba)."""
    name = round_name(round_label)
    if not honba:
        return name
    return _("%(round)s, %(honba)s") % {"round": name, "honba": honba_name(honba)}


def seat_wind(seat: int, dealer: int, players: int) -> str:
    """The seat's wind this hand: the dealer is East, then turn order (東南西北)."""
    return str(WIND_LETTERS[SEAT_WINDS[(seat - dealer) % players]])


def points(value: float) -> str:
    """Settled points with one decimal and a sign: +12.0, -3.5 (△3.5 in a club that writes
    so, ``clubs.numbers``), 0.0."""
    text = f"{value:+.1f}"
    if text in ("+0.0", "-0.0"):
        return "0.0"
    return text if text[0] == "+" else minus_sign() + text[1:]


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    wind: str
    score: int
    dealer: bool


def seat_lines(names: Sequence[str], scores: Sequence[int], dealer: int) -> list[SeatLine]:
    return [
        SeatLine(seat, name, seat_wind(seat, dealer, len(names)), scores[seat], seat == dealer)
        for seat, name in enumerate(names)
    ]


@dataclass(frozen=True)
class TransferLine:
    payer: str
    receiver: str
    amount: int
    kind: str


def transfer_lines(transfers: Sequence[Transfer], names: Sequence[str]) -> list[TransferLine]:
    """Each payment of a hand: who paid whom, how much, and why (the table is 供託)."""
    table = _("the table")
    return [
        TransferLine(
            table if t.payer is None else names[t.payer],
            table if t.receiver is None else names[t.receiver],
            t.amount,
            str(TRANSFER_KINDS.get(t.kind, t.kind)),
        )
        for t in transfers
        if t.amount
    ]


def error_text(error: RecordError, names: Sequence[str]) -> str:
    """The engine's refusal in the reader's language, seats named by their players."""
    readable: dict[str, object] = {}
    if "ended_by" in error.params:
        readable["ended_by"] = ENDED_BY.get(str(error.params["ended_by"]), error.params["ended_by"])
    if "kind" in error.params:
        readable["kind"] = ABORTIVE_NAMES.get(str(error.params["kind"]), error.params["kind"])
    text = engine_message(error, names, readable)
    if error.hand is None:
        return text
    return _("Hand %(number)s (%(round)s): %(text)s") % {
        "number": error.hand,
        "round": _round_label(error.label),
        "text": text,
    }


def _round_label(label: str | None) -> str:
    """``"S3-1"`` -> 南3局 1本場."""
    if not label or "-" not in label:
        return label or ""
    round_, honba = label.split("-", 1)
    return f"{round_name(round_)} {honba_name(int(honba))}"


SETTLEMENT_ROWS = (
    ("score", gettext_lazy("Score after the last hand")),
    ("leftover", gettext_lazy("Leftover sticks")),
    ("final_score", gettext_lazy("Final score")),
    ("rank", gettext_lazy("Rank")),
    ("diff", gettext_lazy("Difference from the return points")),
    ("rounding", gettext_lazy("Rounding")),
    ("uma", gettext_lazy("Uma")),
    ("oka", gettext_lazy("Oka")),
    ("remainder", gettext_lazy("Top takes the remainder")),
    ("tobi_bonus", gettext_lazy("Tobi bonus")),
    ("penalties", gettext_lazy("Penalties")),
    ("points", gettext_lazy("Points")),
)


CHIP_ROWS = (
    ("chips", gettext_lazy("Chips (祝儀)")),
    ("chip_points", gettext_lazy("Chips in points")),
    ("total", gettext_lazy("Total with chips")),
)


def settlement(
    final: Final, rules: Ruleset, names: Sequence[str], chips: ChipSettlement | None = None
) -> dict[str, Any]:
    """The settlement (精算) step by step, one row per step and one column per seat.

    The difference from the return points is shown exact, then what rounding made of it; under
    a ruleset with chips, the chips, their points and the total follow the points.
    """
    columns = []
    for seat in final.seats:
        diff = (seat.final_score - rules.return_points) / rules.points_unit
        columns.append(
            {
                "score": f"{seat.score:,}",
                "leftover": f"{seat.leftover:,}",
                "final_score": f"{seat.final_score:,}",
                "rank": seat.rank,
                "diff": points(diff),
                "rounding": points(round(seat.score_points - diff, 3)),
                "uma": points(seat.uma),
                "oka": points(seat.oka),
                "remainder": points(seat.remainder),
                "tobi_bonus": points(seat.tobi_bonus),
                "penalties": points(seat.penalties),
                "points": points(seat.points),
            }
        )
    labels = SETTLEMENT_ROWS
    if chips is not None:
        labels += CHIP_ROWS
        for column, count, worth, seat in zip(
            columns, chips.chips, chips.chip_points, final.seats, strict=True
        ):
            column["chips"] = f"{count:+d}" if count else "0"
            column["chip_points"] = points(worth)
            column["total"] = points(round(seat.points + worth, 1))
    rows = [
        {"key": key, "label": label, "values": [column[key] for column in columns]}
        for key, label in labels
    ]
    return {"names": list(names), "rows": rows, "points": [c["points"] for c in columns]}


def value_text(win: dict[str, Any], rules: Ruleset) -> str:
    """3翻30符, 5翻 満貫, 役満, 13番 ... (the limit's name as the engine's limits give it)."""
    if "yakuman" in win:
        multiple = win["yakuman"]
        return _("yakuman") if multiple == 1 else _("%(n)s× yakuman") % {"n": f"{multiple:g}"}
    if "fan" in win:
        return _("%(fan)s fan") % {"fan": win["fan"]}
    if "fu" in win:
        text = _("%(han)s han %(fu)s fu") % {"han": win["han"], "fu": win["fu"]}
    else:
        text = _("%(han)s han") % {"han": win["han"]}
    limit = limit_name(rules, win["han"])
    return f"{text} {limit}" if limit else text


LIMIT_NAMES = {
    1.0: gettext_lazy("Mangan"),
    1.5: gettext_lazy("Haneman"),
    2.0: gettext_lazy("Baiman"),
    3.0: gettext_lazy("Sanbaiman"),
    4.0: gettext_lazy("Kazoe yakuman"),
}


def limit_name(rules: Ruleset, han: int) -> str:
    """満貫, 跳満 ... for a han the ruleset's limits pay as one; "" below them."""
    if rules.aotenjou is not None or rules.scoring == "additive_fan":
        return ""
    units = limit_units(rules, han)
    if not units:
        return ""
    return str(LIMIT_NAMES.get(units) or _("%(units)s× mangan") % {"units": f"{units:g}"})


def hand_summary(hand: dict[str, Any], names: Sequence[str], rules: Ruleset) -> str:
    """One line for the list of hands: what ended it, who, and the hand's events."""
    events = [event_text(event, names) for event in hand.get("events", [])]
    return " / ".join([result_text(hand["result"], names, rules), *events])


def result_text(result: dict[str, Any], names: Sequence[str], rules: Ruleset) -> str:
    kind = result["type"]
    title = str(RESULT_NAMES[kind])
    if kind == "ron":
        wins = ", ".join(f"{names[w['winner']]} {value_text(w, rules)}" for w in result["wins"])
        return f"{title}: {wins} ← {names[result['from']]}"
    if kind == "tsumo":
        return f"{title}: {names[result['winner']]} {value_text(result, rules)}"
    if kind == "abortive":
        return f"{title}: {ABORTIVE_NAMES[result['kind']]}"
    if kind == "chombo":
        return f"{title}: {names[result['seat']]}"
    if kind == "nagashi":
        title = f"{title}: {', '.join(names[s] for s in result['winners'])}"
    tenpai = ", ".join(names[s] for s in result.get("tenpai", [])) or _("nobody")
    return _("%(title)s (tenpai: %(seats)s)") % {"title": title, "seats": tenpai}


def event_text(event: dict[str, Any], names: Sequence[str]) -> str:
    if event["type"] == "dead_hand":
        return _("dead hand: %(name)s") % {"name": names[event["seat"]]}
    if event["type"] == "deposit":
        return _("deposit penalty: %(name)s %(amount)s") % {
            "name": names[event["seat"]],
            "amount": event.get("amount", 1000),
        }
    receivers = ", ".join(names[seat] for seat in event["to"])
    return _("payment: %(payer)s → %(receivers)s %(amount)s each (%(reason)s)") % {
        "payer": names[event["from"]],
        "receivers": receivers,
        "amount": event["amount"],
        "reason": event.get("reason", ""),
    }


def hand_rows(
    hands: Sequence[dict[str, Any]], replayed: GameReplay, names: Sequence[str], rules: Ruleset
) -> list[dict[str, Any]]:
    """The list of hands (the game page and the score sheet): what happened, each seat's change
    and score after it, and the sticks on the table (供託) it started with."""
    return [
        {
            "number": number,
            "round": round_name(row.round),
            "honba": honba_name(row.honba),
            "sticks": row.deposits_before,
            "summary": hand_summary(hand, names, rules),
            "riichi": [names[s] for s in hand.get("riichi", [])],
            "deltas": list(zip(names, row.deltas, strict=True)),
            "seats": [
                {"name": name, "delta": delta, "score": score, "dealer": seat == row.dealer}
                for seat, (name, delta, score) in enumerate(
                    zip(names, row.deltas, row.scores, strict=True)
                )
            ],
        }
        for number, (hand, row) in enumerate(zip(hands, replayed.hands, strict=True), 1)
    ]


def game_after(replayed: GameReplay, names: Sequence[str]) -> dict[str, Any]:
    """Where the game stands after its last hand: the scores, then the next hand or the end."""
    scores = replayed.hands[-1].scores if replayed.hands else ()
    standing = " / ".join(f"{name} {score:,}" for name, score in zip(names, scores, strict=False))
    outcome: dict[str, Any] = {"standing": standing}
    if replayed.final is not None:
        outcome["ended_by"] = ENDED_BY.get(replayed.final.ended_by, replayed.final.ended_by)
    elif replayed.next_hand is not None:
        at = replayed.next_hand
        outcome["next"] = f"{round_name(at.round)} {honba_name(at.honba)}"
    return outcome


def hand_preview(replayed: GameReplay, number: int, names: Sequence[str]) -> dict[str, Any]:
    """Hand ``number`` of a candidate replay: every payment, each score before and after."""
    row = replayed.hands[number - 1]
    seats = [
        {"name": name, "before": after - delta, "delta": delta, "after": after}
        for name, delta, after in zip(names, row.deltas, row.scores, strict=True)
    ]
    return {
        "transfers": transfer_lines(replayed.transfers[number - 1], names),
        "seats": seats,
        "deposits_after": row.deposits_after,
        "later": number < len(replayed.hands),
        "chips": hand_chip_lines(replayed, number, names),
        **game_after(replayed, names),
    }


def hand_chip_lines(
    replayed: GameReplay, number: int, names: Sequence[str]
) -> list[dict[str, Any]]:
    """祝儀 moved by hand ``number`` (under a ruleset with chips): each seat that won or paid."""
    if number > len(replayed.hand_chips):
        return []
    moved = replayed.hand_chips[number - 1]
    return [{"name": name, "chips": n} for name, n in zip(names, moved, strict=True) if n]

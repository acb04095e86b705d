"""A win's value -> what each player pays (before honba, sticks, pao and wareme).

基本点 (the base) is ``fu × 2^(han+2)`` under the riichi table, ``250 × 2^(han-1)`` under the
fu-less table, or a number of mangan (2000 each) from the limits; a non-dealer ron pays 4 bases,
a dealer ron 6, and at a tsumo the dealer pays 2 and each other player 1 (a dealer tsumo: 2 from
each), every payment rounded up to 100. Additive fan (seed 003) pays the fan itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .errors import RecordError
from .record import Win
from .rules import Ruleset

MANGAN_BASE: Final = 2000
YAKUMAN_UNITS: Final = 4
KIRIAGE_BASE: Final = 1920  # 4 han 30 fu and 3 han 60 fu


MEMO_LIMIT: Final = 4096


def remember(
    rules: Ruleset, key: tuple[object, ...], compute: Callable[..., object], *args: object
) -> object:
    """``compute(*args)`` once per ruleset and key (bounded, so odd inputs cannot grow it
    forever). The engine's look-ups give the function and its arguments, not a lambda: a
    compiled function holding a lambda makes the lambda's environment at every call, hit or
    miss."""
    memo = rules.memo
    if key in memo:
        return memo[key]
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    value = memo[key] = compute(*args)
    return value


def round_up_100(points: float) -> int:
    return -int(-points // 100) * 100


def limit_units(rules: Ruleset, han: int) -> float:
    """Mangan units the limits give to ``han`` (0 below the first row)."""
    units = 0.0
    for min_han, row_units in rules.limits:
        if han >= min_han:
            units = row_units
    last_han = rules.limits[-1][0]
    if rules.kazoe == "yakuman" and han >= max(13, last_han):
        units = max(units, YAKUMAN_UNITS)
    elif rules.kazoe == "sanbaiman" and han >= 13:
        units = min(units, 3.0)
    if rules.limits_beyond is not None and han > last_han:
        every_han, extra_units = rules.limits_beyond
        units += (han - last_han) // every_han * extra_units
    return units


def base_points(rules: Ruleset, win: Win) -> int:
    """基本点 of a riichi-table or fu-less win (yakuman multiples capped by the ruleset)."""
    if rules.aotenjou is not None:
        cap, yakuman_han = rules.aotenjou
        han = (win.han or 0) + int((win.yakuman or 0) * yakuman_han)
        return min((win.fu or 0) * 2 ** (han + 2), cap)
    if win.yakuman is not None:
        return int(MANGAN_BASE * YAKUMAN_UNITS * min(win.yakuman, rules.yakuman_max))
    han = win.han or 0
    units = limit_units(rules, han)
    if units:
        return int(MANGAN_BASE * units)
    if rules.scoring == "fu_less":
        return min(250 * 2 ** (han - 1), MANGAN_BASE)
    base = (win.fu or 0) * 2 ** (han + 2)
    if rules.kiriage and base == KIRIAGE_BASE:
        return MANGAN_BASE
    return min(base, MANGAN_BASE)


def ron_value(rules: Ruleset, win: Win, dealer_wins: bool) -> int:
    """What the discarder pays for this win (no honba, no sticks)."""
    key = ("ron", win.han, win.fu, win.yakuman, win.fan, dealer_wins)
    value = rules.memo.get(key)
    if value is None:
        value = remember(rules, key, _ron_value, rules, win, dealer_wins)
    return value  # type: ignore[return-value]


def checked_ron_value(rules: Ruleset, win: Win, dealer_wins: bool, honba: int, path: str) -> int:
    """``check_value`` then ``ron_value``, in one look-up (a replay asks both of every win)."""
    # The checks depend on the honba only through the minimum han (min_han.from_honba).
    honba_key = honba if rules.min_han_from_honba else 0
    key = ("checked ron", win.han, win.fu, win.yakuman, win.fan, dealer_wins, honba_key)
    value = rules.memo.get(key)
    if value is None:
        check_value(rules, win, False, honba, path)
        value = remember(rules, key, _ron_value, rules, win, dealer_wins)
    return value  # type: ignore[return-value]


def _ron_value(rules: Ruleset, win: Win, dealer_wins: bool) -> int:
    if rules.scoring == "additive_fan":
        return rules.additive_ron_multiplier * (win.fan or 0) * rules.additive_fan_value
    return round_up_100(base_points(rules, win) * (6 if dealer_wins else 4))


def tsumo_values(rules: Ruleset, win: Win, dealer: int) -> dict[int, int]:
    """What each other seat pays at a tsumo (sanma: the absent share as the ruleset says).

    The dict is shared by every caller asking for the same value: read it, never change it.
    """
    key = ("tsumo", win.han, win.fu, win.yakuman, win.fan, win.winner, dealer)
    values = rules.memo.get(key)
    if values is None:
        values = remember(rules, key, _tsumo_values, rules, win, dealer)
    return values  # type: ignore[return-value]


def checked_tsumo_values(
    rules: Ruleset, win: Win, dealer: int, honba: int, path: str
) -> dict[int, int]:
    """``check_value`` then ``tsumo_values``, in one look-up (shared: never change the dict)."""
    honba_key = honba if rules.min_han_from_honba else 0  # as in checked_ron_value
    key = ("checked tsumo", win.han, win.fu, win.yakuman, win.fan, win.winner, dealer, honba_key)
    values = rules.memo.get(key)
    if values is None:
        check_value(rules, win, True, honba, path)
        values = remember(rules, key, _tsumo_values, rules, win, dealer)
    return values  # type: ignore[return-value]


def _tsumo_values(rules: Ruleset, win: Win, dealer: int) -> dict[int, int]:
    if rules.scoring == "additive_fan":
        each = (win.fan or 0) * rules.additive_fan_value
        return {seat: each for seat in range(rules.players) if seat != win.winner}
    return tsumo_shares(rules, base_points(rules, win), win.winner, dealer)


def tsumo_shares(rules: Ruleset, base: int, winner: int, dealer: int) -> dict[int, int]:
    """A tsumo of this base: the dealer pays 2 bases, the others 1 (all 2 if the dealer won)."""
    dealer_share = round_up_100(base * 2)
    other_share = dealer_share if winner == dealer else round_up_100(base)
    pays = {
        seat: dealer_share if seat == dealer else other_share
        for seat in range(rules.players)
        if seat != winner
    }
    if rules.players == 3 and rules.sanma_tsumo == "north_split":
        # 北家分を残る2人で折半 (seed 004): the absent non-dealer's share, halved, to each payer.
        half = round_up_100(other_share / 2)
        pays = {seat: amount + half for seat, amount in pays.items()}
    return pays


def yakuman_part(win: Win, multiple: float) -> Win:
    """The same winner with only ``multiple`` yakuman (the part a pao player answers for)."""
    return Win(win.winner, yakuman=multiple, fu=win.fu)


VALID_FU: Final = frozenset({20, 25, *range(30, 111, 10)})


def check_value(rules: Ruleset, win: Win, tsumo: bool, honba: int, path: str) -> None:
    """Raise ``RecordError`` when the win's value cannot exist under these rules.

    ``path`` is where the win is in the hand (``result.wins[0]``); errors name its fields.
    """
    key = ("valid", win.han, win.fu, win.yakuman, win.fan, tsumo, rules.min_han(honba))
    if key not in rules.memo:
        remember(rules, key, _check_value, rules, win, tsumo, honba, path)


def _refuse(win: Win, message: str, field: str, code: str, **params: object) -> RecordError:
    """A refused value, said of the winner's seat (``seat 2: ...``)."""
    return RecordError(
        f"seat {win.winner}: {message}",
        field=field,
        code=code,
        params={"seat": win.winner, **params},
    )


def _check_value(rules: Ruleset, win: Win, tsumo: bool, honba: int, path: str) -> bool:
    """True when the value can exist (memoised); raises ``RecordError`` naming the field."""
    if rules.scoring == "additive_fan":
        _check_fan(rules, win, path)
        return True
    if win.fan is not None:
        raise _refuse(win, "this ruleset scores by han, not fan", f"{path}.fan", "han_not_fan")
    if win.yakuman is not None:
        if win.han is not None and rules.aotenjou is None:
            raise _refuse(win, "give han or yakuman, not both", f"{path}.han", "han_or_yakuman")
        if rules.aotenjou is not None:
            _check_fu(rules, win, tsumo, path, needed=True)
        return True
    han = win.han or 0
    if han < 1:
        raise _refuse(win, "a win needs at least 1 han", f"{path}.han", "no_han")
    if han < rules.min_han(honba):
        raise RecordError(
            f"{han} han is below {rules.describe_min_han(honba)}",
            field=f"{path}.han",
            code="below_min_han",
            params={"seat": win.winner, "han": han, "min_han": rules.min_han(honba)},
        )
    needed = rules.aotenjou is not None or (rules.scoring == "riichi" and han < rules.limits[0][0])
    _check_fu(rules, win, tsumo, path, needed)
    return True


def _check_fan(rules: Ruleset, win: Win, path: str) -> None:
    if win.fan is None:
        raise _refuse(
            win, "this ruleset scores by fan (additive_fan), give fan", f"{path}.fan", "needs_fan"
        )
    if win.fan < rules.additive_min_fan:
        raise _refuse(
            win,
            f"{win.fan} fan is below the {rules.additive_min_fan}-fan minimum",
            f"{path}.fan",
            "below_min_fan",
            fan=win.fan,
            min_fan=rules.additive_min_fan,
        )


def _check_fu(rules: Ruleset, win: Win, tsumo: bool, path: str, needed: bool) -> None:
    fu, han = win.fu, win.han or 0
    if fu is None:
        if needed:
            raise _refuse(
                win,
                f"fu is missing, and {han} han needs fu to be scored",
                f"{path}.fu",
                "fu_missing",
                han=han,
            )
        return
    if rules.scoring == "fu_less":
        return
    big_fu = rules.aotenjou is not None and fu > 110 and fu % 10 == 0
    if fu not in VALID_FU and not big_fu:
        raise _refuse(
            win,
            f"{fu} fu is not possible (20, 25, or a multiple of 10 up to 110)",
            f"{path}.fu",
            "fu_impossible",
            fu=fu,
        )
    if win.yakuman is not None:
        return
    _check_fu_han(rules, win, tsumo, path)


def _check_fu_han(rules: Ruleset, win: Win, tsumo: bool, path: str) -> None:
    fu, han = win.fu, win.han or 0
    way = "tsumo" if tsumo else "ron"
    if fu == 25:
        chiitoitsu_fu, chiitoitsu_han = rules.chiitoitsu
        if chiitoitsu_fu != 25 or han < chiitoitsu_han:
            raise _refuse(
                win,
                f"{han} han 25 fu is not possible under this ruleset",
                f"{path}.fu",
                "han_fu_impossible",
                han=han,
                fu=fu,
                way=way,
            )
    if fu == 20:
        pinfu_tsumo = tsumo and rules.tsumo_pinfu_fu == 20 and han >= 2
        open_pinfu_ron = not tsumo and rules.open_pinfu_fu == 20
        if not (pinfu_tsumo or open_pinfu_ron):
            raise _refuse(
                win,
                f"{han} han 20 fu {way} is not possible",
                f"{path}.fu",
                "han_fu_impossible",
                han=han,
                fu=fu,
                way=way,
            )

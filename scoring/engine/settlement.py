"""The settlement (精算): final scores, ranks, and settled points.

Steps, per seat: leftover sticks handed out -> rank -> the score part (the difference from the
return points, rounded as the ruleset says) -> uma and oka -> the top takes the remainder (if
asked) -> tobi bonus -> penalties. Points are in units of ``points_unit`` table points.
"""

from __future__ import annotations

import typing  # typing.Final: the name Final is the settlement's result here
from collections.abc import Sequence
from typing import NamedTuple

from .errors import RecordError
from .points import remember
from .rules import Ruleset


class SeatSettlement(NamedTuple):
    """One seat's settlement, step by step (what the score sheet shows), in settled points."""

    seat: int
    score: int  # after the last hand
    leftover: int  # sticks handed to this seat at the end
    final_score: int
    rank: int
    score_points: float  # (final score - return) / points_unit, rounded as the ruleset says
    uma: float
    oka: float
    remainder: float  # what top_takes_remainder changed
    tobi_bonus: float
    penalties: float
    points: float


class Final(NamedTuple):
    ended_by: str
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    points: tuple[float, ...]
    leftover_deposits: int
    seats: tuple[SeatSettlement, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "ended_by": self.ended_by,
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "points": list(self.points),
            "leftover_deposits": self.leftover_deposits,
        }


# Settled points are computed exactly as whole multiples of 1/(points_unit x SCALE): SCALE
# covers tenths (points are written with one decimal) and uma or oka shared by 2, 3 or 4 tied
# players, so no step rounds by accident and the sums are exact.
SCALE: typing.Final = 120
# The result classes as constants (see ``record.WIN_TYPE``): read from a C static, compiled.
_SEAT_SETTLEMENT: typing.Final = SeatSettlement
_FINAL: typing.Final = Final

# Results are built with tuple.__new__, every field given in order: a NamedTuple's own __new__
# is a Python call, and a league's what-if settles thousands of games.
_new: typing.Final = tuple.__new__


def places(rules: Ruleset, scores: Sequence[int]) -> list[int]:
    """Seats from first place to last: higher score first, then the seat nearer the first dealer."""
    # An insertion sort that moves a seat up only past a lower score: tied seats keep their
    # seat order (as the stable ``sorted(..., reverse=True)`` keeps it), and on three or four
    # seats the compiled build does it natively, without a key function called per seat.
    order = list(range(len(scores)))
    for i in range(1, len(order)):
        seat, j = order[i], i
        while j > 0 and scores[order[j - 1]] < scores[seat]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = seat
    return order


def ranks_of(rules: Ruleset, scores: Sequence[int], order: list[int] | None = None) -> list[int]:
    """1-based ranks; with ``ties: split`` tied players share the better rank (1, 2, 2, 4)."""
    ranks = [0] * len(scores)
    order = order or places(rules, scores)
    split = rules.ties == "split"
    above = order[0]  # the seat one place up
    for position, seat in enumerate(order, 1):
        if split and position > 1 and scores[above] == scores[seat]:
            ranks[seat] = ranks[above]
        else:
            ranks[seat] = position
        above = seat
    return ranks


def _units(rules: Ruleset, value: int) -> int:
    """|value| rounded to whole points by the ruleset's mode (sign kept), scaled."""
    mode = rules.rounding.mode
    if mode == "none":
        return value * SCALE
    unit = rules.points_unit
    whole, rest = divmod(abs(value), unit)
    if mode == "half_up":
        whole += 2 * rest >= unit
    elif mode == "gosha_rokunyu":  # 五捨六入: .5 toward zero, .6 away
        whole += 10 * rest >= 6 * unit
    elif mode == "up":
        whole += rest > 0
    scaled = whole * unit * SCALE
    return scaled if value >= 0 else -scaled


def score_parts(rules: Ruleset, scores: Sequence[int]) -> list[int]:
    """Each score's part of the settlement (scaled): on the difference, or on the raw score."""
    floor = not rules.tobi.negative_settlement  # 箱下清算なし
    raw = rules.rounding.on == "raw"  # mjkt: 百の位を五捨六入 of the score itself
    back = rules.return_points
    parts = []
    for score in scores:
        if floor and score < 0:
            score = 0
        parts.append(_units(rules, score) - back * SCALE if raw else _units(rules, score - back))
    return parts


def _scaled(rules: Ruleset, points: float) -> int:
    """Settled points (uma, bonus, penalties: tenths at most) -> scaled integer."""
    return round(points * 10) * rules.points_unit * SCALE // 10


def _to_tenths(rules: Ruleset, values: Sequence[int]) -> list[int]:
    """Each (scaled) value rounded half away from zero to one decimal (points are written with
    one decimal)."""
    per_tenth = rules.points_unit * SCALE // 10
    rounded = []
    for scaled in values:
        tenths = (2 * abs(scaled) + per_tenth) // (2 * per_tenth)
        rounded.append(tenths * per_tenth if scaled >= 0 else -tenths * per_tenth)
    return rounded


def _uma_table(rules: Ruleset, scores: Sequence[int]) -> tuple[float, ...]:
    if rules.uma_by_floaters is None:
        return rules.uma
    floaters = sum(1 for score in scores if score >= rules.return_points)
    return rules.uma_by_floaters.get(floaters, rules.uma)


def _scaled_uma(rules: Ruleset, table: tuple[float, ...]) -> tuple[int, ...]:
    """The uma of each place, scaled (worked out once per ruleset and uma table)."""
    key = ("uma", table)
    scaled = rules.memo.get(key)
    if scaled is None:
        scaled = remember(rules, key, _scaled_each, rules, table)
    return scaled  # type: ignore[return-value]


def _scaled_each(rules: Ruleset, table: tuple[float, ...]) -> tuple[int, ...]:
    return tuple([_scaled(rules, u) for u in table])


def _uma_and_oka(rules: Ruleset, scores: Sequence[int], order: list[int]) -> list[tuple[int, int]]:
    """Each seat's uma and oka (scaled); tied players (``split``) share those of their places."""
    uma = _scaled_uma(rules, _uma_table(rules, scores))
    oka = (rules.return_points - rules.start_points) * rules.players * SCALE
    result = [(0, 0)] * rules.players
    if rules.ties != "split":  # each place its own uma, the top the oka
        for position, seat in enumerate(order):
            result[seat] = (uma[position], oka if position == 0 else 0)
        return result
    position = 0
    while position < len(order):
        size = 1
        while (
            position + size < len(order)
            and scores[order[position + size]] == scores[order[position]]
        ):
            size += 1
        share_uma = sum(uma[position : position + size]) // size
        share_oka = oka // size if position == 0 else 0
        for seat in order[position : position + size]:
            result[seat] = (share_uma, share_oka)
        position += size
    return result


def hand_out_leftover(
    rules: Ruleset, scores: Sequence[int], deposits: int, owners: Sequence[tuple[int, int]] | None
) -> list[int]:
    """Sticks still on the table at the end: to the top, gone, or back to who paid them."""
    shares = [0] * rules.players
    if deposits == 0 or rules.leftover_deposits == "lost":
        return shares
    if rules.leftover_deposits == "returned":
        if owners is None:
            raise RecordError(
                "final_deposits cannot be returned under this ruleset: the record does not say "
                "who paid them",
                field="final_deposits",
                code="deposits_not_returnable",
            )
        for seat, amount in owners:
            shares[seat] += amount
        return shares
    order = places(rules, scores)
    tops = [seat for seat in order if scores[seat] == scores[order[0]]]
    if rules.ties != "split":
        tops = tops[:1]
    for i, seat in enumerate(tops):
        shares[seat] = deposits // len(tops) + (deposits % len(tops) if i == 0 else 0)
    return shares


def settle(
    rules: Ruleset,
    scores: Sequence[int],
    ended_by: str,
    deposits: int = 0,
    owners: Sequence[tuple[int, int]] | None = (),
    busted_by: dict[int, int | None] | None = None,
    penalties: Sequence[tuple[int, float]] = (),
) -> Final:
    """Settle a finished game. ``penalties`` are (seat, settled points) added at the very end."""
    n = rules.players
    leftover = hand_out_leftover(rules, scores, deposits, owners)
    # Indexed, not map() or zip(): added natively, compiled (no builtin parsing its arguments).
    final_scores = [scores[s] + leftover[s] for s in range(n)]
    order = places(rules, final_scores)
    ranks = ranks_of(rules, final_scores, order)
    uma_oka = _uma_and_oka(rules, final_scores, order)
    parts = score_parts(rules, final_scores)
    sums = [parts[s] + uma_oka[s][0] + uma_oka[s][1] for s in range(n)]
    totals = _to_tenths(rules, sums)
    remainder = [0] * n
    if rules.rounding.top_takes_remainder:
        # On the written (one-decimal) values, so that what the sheet shows sums to exactly 0.
        remainder[order[0]] = -sum(totals)
        totals[order[0]] += remainder[order[0]]
    bonus = [0] * n
    if ended_by == "tobi" and busted_by:
        amount = _scaled(rules, rules.tobi.bonus)
        for busted, buster in busted_by.items():
            if buster is not None:
                bonus[busted] -= amount
                bonus[buster] += amount
    off = [0] * n
    for seat, points in penalties:
        off[seat] += _scaled(rules, points)
    per_point = rules.points_unit * SCALE
    seat_points = tuple([(totals[s] + bonus[s] + off[s]) / per_point + 0.0 for s in range(n)])
    # Each seat's fields in SeatSettlement's order.
    seats = tuple(
        [
            _new(
                _SEAT_SETTLEMENT,
                (
                    s,
                    scores[s],
                    leftover[s],
                    final_scores[s],
                    ranks[s],
                    parts[s] / per_point,
                    uma_oka[s][0] / per_point,
                    uma_oka[s][1] / per_point,
                    remainder[s] / per_point,
                    bonus[s] / per_point,
                    off[s] / per_point,
                    seat_points[s],
                ),
            )
            for s in range(n)
        ]
    )
    return _new(_FINAL, (ended_by, tuple(final_scores), tuple(ranks), seat_points, deposits, seats))

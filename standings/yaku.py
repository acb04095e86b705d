"""How often each yaku was won (役の集計), as players know it from Pantheon's yaku histogram:
a player's wins on their page, everyone's wins in a league on its yaku page.

Counted over the wins whose hand records its yaku (the hand screen's yaku taps, optional): a
yaku's share is its wins ÷ those wins, and its average value is the wins' 和了点 (the hand's
worth, honba and sticks left out), as 平均打点 counts them. docs/stats.md says so too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from scoring.display import ALL_YAKU_NAMES as YAKU_NAMES
from scoring.models import HandStat


@dataclass(frozen=True)
class YakuLine:
    key: str
    name: str
    wins: int
    share: float  # of the wins that record their yaku
    average_value: float  # 和了点 of those wins


@dataclass(frozen=True)
class YakuTable:
    recorded: int  # wins whose hand records its yaku: the share's n
    lines: list[YakuLine]


def yaku_table(wins: Iterable[tuple[list[str], int]]) -> YakuTable:
    """From (yaku, value) of each win: each yaku's count, share and average value, most won
    first (equal counts in the hand screen's order)."""
    counts: Counter[str] = Counter()
    values: Counter[str] = Counter()
    recorded = 0
    for yaku, value in wins:
        recorded += 1
        for key in set(yaku):
            counts[key] += 1
            values[key] += value
    order = {key: index for index, key in enumerate(YAKU_NAMES)}
    keys = sorted(counts, key=lambda key: (-counts[key], order.get(key, len(order)), key))
    lines = [
        YakuLine(
            key,
            str(YAKU_NAMES.get(key, key)),
            counts[key],
            counts[key] / recorded,
            values[key] / counts[key],
        )
        for key in keys
    ]
    return YakuTable(recorded, lines)


def recorded_wins(stats: QuerySet[HandStat]) -> Iterable[tuple[list[str], int]]:
    """(yaku, value) of the wins among ``stats`` whose hand records its yaku."""
    wins = stats.filter(won=True).exclude(yaku=[])
    return wins.values_list("yaku", "value").iterator(chunk_size=2000)

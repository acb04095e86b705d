"""祝儀 (chips): what each win and each tobi moves, and the game's net chips.

Chips never change a score, a rank, tobi or the end of the game: they are counted beside the
points, from the wins' ``ippatsu``, ``ura`` and ``aka`` and the yakuman paid, and settled at
the end at the ruleset's ``value`` a chip (``spec/rulesets.md``, ``chips``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .record import GameRecord, Hand, Ron, Tsumo, Win
from .rules import Chips, Ruleset


class ChipSettlement(NamedTuple):
    """Each seat's net chips over the game (they add up to 0), and those chips in settled
    points (chips × value, one decimal)."""

    chips: tuple[int, ...]
    chip_points: tuple[float, ...]


def win_chips(rules: Ruleset, win: Win) -> int:
    """The chips one win earns: ippatsu, each ura-dora and red five, and each yakuman multiple
    paid (after ``yakuman_max``; a kazoe hand recorded as han is no yakuman). A multiple of
    1.5 earns the whole chips below (1.5 × 5 chips: 7)."""
    chips = rules.chips
    if chips is None:
        return 0
    earned = chips.ippatsu if win.ippatsu else 0
    earned += chips.ura * (win.ura or 0) + chips.aka * (win.aka or 0)
    if win.yakuman:
        earned += int(chips.yakuman * min(win.yakuman, rules.yakuman_max))
    return earned


def hand_chips(rules: Ruleset, hand: Hand) -> tuple[int, ...]:
    """Each seat's chips from one hand's wins: a ron's discarder pays each winner's chips; at a
    tsumo every other player pays them, or the pao seat pays them all alone."""
    moved = [0] * rules.players
    result = hand.result
    if rules.chips is None:
        return tuple(moved)
    if isinstance(result, Ron):
        for win in result.wins:
            earned = win_chips(rules, win)
            moved[win.winner] += earned
            moved[result.discarder] -= earned
    elif isinstance(result, Tsumo):
        win = result.win
        earned = win_chips(rules, win)
        payers = [seat for seat in range(rules.players) if seat != win.winner]
        if win.pao is not None and win.pao != win.winner:
            moved[win.pao] -= earned * len(payers)
        else:
            for seat in payers:
                moved[seat] -= earned
        moved[win.winner] += earned * len(payers)
    return tuple(moved)


def tobi_chips(chips: Chips, players: int, busted_by: Mapping[int, int | None]) -> list[int]:
    """Each busted player pays ``tobi`` chips to whoever busted them (as ``tobi.bonus_by``
    decided: none where no one did)."""
    moved = [0] * players
    for busted, buster in busted_by.items():
        if buster is not None:
            moved[busted] -= chips.tobi
            moved[buster] += chips.tobi
    return moved


def settle_chips(
    rules: Ruleset,
    record: GameRecord,
    by_hand: Sequence[Sequence[int]],
    busted_by: Mapping[int, int | None] | None,
) -> ChipSettlement | None:
    """The game's chips under a ruleset with chips (None without): ``chips_final`` where the
    club counted them at the end, else every hand's (``by_hand``) and the tobi's."""
    chips = rules.chips
    if chips is None:
        return None
    if record.chips_final is not None:
        net = list(record.chips_final)
    else:
        net = tobi_chips(chips, rules.players, busted_by or {})
        for moved in by_hand:
            for seat in range(rules.players):
                net[seat] += moved[seat]
    tenths = round(chips.value * 10)
    return ChipSettlement(tuple(net), tuple(c * tenths / 10 for c in net))

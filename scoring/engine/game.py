"""Replaying a game: rotation, honba, sticks, and when the game ends.

The regular length is ``rules.rounds``; if nobody has the extension target when it ends, play
goes on through the extension winds, and with ``endless`` after them through E, S, W, N ...
in "any" sudden death. In every wind the deal goes round the seats from seat 0 (起家).
"""

from __future__ import annotations

import typing  # typing.Final: the name Final is the settlement's result here
from dataclasses import dataclass
from typing import NamedTuple

from .chips import ChipSettlement, hand_chips, settle_chips
from .errors import RecordError
from .hand import Outcome, RawTransfer, Table, Transfer
from .options import WINDS
from .record import GameRecord, Hand, score_bound
from .rules import Ruleset
from .settlement import Final, places, settle

REGULAR: typing.Final = "regular"
EXTENSION: typing.Final = "extension"
ENDLESS: typing.Final = "endless"
# A HandRow per hand is built with tuple.__new__, every field given in order (a NamedTuple's
# own __new__ is a Python call).
_new: typing.Final = tuple.__new__
# Each wind's hands by dealer: E1 .. E4 (a three-player game stops at the third).
LABELS: typing.Final = {wind: tuple(f"{wind}{number}" for number in range(1, 5)) for wind in WINDS}


class HandRow(NamedTuple):
    """One hand as the replay prints it."""

    round: str
    honba: int
    deposits_before: int
    dealer: int
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    deposits_after: int

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "honba": self.honba,
            "deposits_before": self.deposits_before,
            "dealer": self.dealer,
            "deltas": list(self.deltas),
            "scores": list(self.scores),
            "deposits_after": self.deposits_after,
        }


# The class as a constant: the compiled build reads a NamedTuple class (a Python class) from
# the module's globals, by name, wherever it is named; a Final is read from a C static.
_HAND_ROW: typing.Final = HandRow


@dataclass(frozen=True, slots=True)
class NextHand:
    """Where an unfinished game stands: what the next hand will be."""

    round: str
    honba: int
    dealer: int
    deposits: int
    scores: tuple[int, ...]
    last_hand: bool  # オーラス: the dealer's win or tenpai may end the game


# GameReplay's fields, in the order its __init__ takes them (as ``RECORD_FIELDS`` for a record).
REPLAY_FIELDS: typing.Final = (
    "hands",
    "final",
    "next_hand",
    "raw_transfers",
    "chips",
    "hand_chips",
)


class GameReplay:
    """What a replay found: never changed once made. A plain class, as ``GameRecord`` is (its
    ``__init__`` built natively by the compiled engine)."""

    def __init__(
        self,
        hands: tuple[HandRow, ...],
        final: Final | None,
        next_hand: NextHand | None,
        raw_transfers: tuple[tuple[RawTransfer, ...], ...] = (),
        chips: ChipSettlement | None = None,  # at the end, under a ruleset with chips
        # Under a ruleset with chips: each hand's chips by seat, as the hands earned them.
        hand_chips: tuple[tuple[int, ...], ...] = (),
    ) -> None:
        self.hands = hands
        self.final = final
        self.next_hand = next_hand
        self.raw_transfers = raw_transfers
        self.chips = chips
        self.hand_chips = hand_chips
        self._transfers: tuple[tuple[Transfer, ...], ...] | None = None

    @property
    def transfers(self) -> tuple[tuple[Transfer, ...], ...]:
        """Each hand's payments in the order applied: who paid whom, and why (made once)."""
        if self._transfers is None:
            self._transfers = tuple(
                tuple(Transfer(*raw) for raw in hand) for hand in self.raw_transfers
            )
        return self._transfers

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameReplay) and all(
            getattr(self, name) == getattr(other, name) for name in REPLAY_FIELDS
        )

    def __repr__(self) -> str:
        shown = f"hands={self.hands!r}, final={self.final!r}, next_hand={self.next_hand!r}"
        return f"GameReplay({shown})"

    def to_json(self) -> dict[str, object]:
        final = None if self.final is None else self.final.to_json()
        if final is not None and self.chips is not None:
            final["chips"] = list(self.chips.chips)
            final["chip_points"] = list(self.chips.chip_points)
        result: dict[str, object] = {
            "ok": True,
            "hands": [row.to_json() for row in self.hands],
            "final": final,
        }
        if self.final is None:
            result["ongoing"] = True
        return result


class _Rotation:
    """Which wind slot and which dealer the table is at."""

    __slots__ = ("rules", "slot", "dealer", "regular", "extension_end", "phase", "wind", "labels")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.slot = 0  # index into regular winds, then extension winds, then the endless cycle
        self.dealer = 0
        self.regular = len(rules.rounds)
        self.extension_end = self.regular + (len(rules.extension.winds) if rules.extension else 0)
        self._enter_slot()

    def _enter_slot(self) -> None:
        slot, rules = self.slot, self.rules
        if slot < self.regular:
            self.phase, self.wind = REGULAR, rules.rounds[slot]
        elif slot < self.extension_end:
            winds = rules.extension.winds  # type: ignore[union-attr]
            self.phase, self.wind = EXTENSION, winds[slot - self.regular]
        else:
            self.phase, self.wind = ENDLESS, WINDS[(slot - self.extension_end) % 4]
        self.labels = LABELS[self.wind]

    def label(self) -> str:
        return self.labels[self.dealer]

    def is_last_hand(self) -> bool:
        """Whether the dealer keeping the seat here is where agari-yame/tenpai-yame apply."""
        last_dealer = self.dealer == self.rules.players - 1
        if self.phase == REGULAR:
            return self.slot == self.regular - 1 and last_dealer
        if self.phase == EXTENSION and self.rules.extension.sudden_death == "none":  # type: ignore[union-attr]
            return last_dealer
        return True

    def is_last_hand_of_all(self) -> bool:
        """The last hand of the last extension wind (no endless part): after it, nothing more.

        There the extension target no longer matters for agari-yame/tenpai-yame: the target
        says whether to play on, and there is nothing left to play (Tenhou ends W4 so).
        """
        ext = self.rules.extension
        return (
            ext is not None
            and not ext.endless
            and self.phase == EXTENSION
            and self.slot == self.extension_end - 1
            and self.dealer == self.rules.players - 1
        )

    def pass_deal(self) -> bool:
        """The next seat deals; True when that ends the wind."""
        self.dealer += 1
        if self.dealer < self.rules.players:
            return False
        self.dealer = 0
        self.slot += 1
        self._enter_slot()
        return True


class _Game:
    """One replay's state (a plain class: see ``hand.Table``)."""

    __slots__ = (
        *("rules", "table", "rotation", "hands", "rows", "transfers", "ended_by"),
        *("busted_by", "penalties", "score_bound"),
    )

    def __init__(self, rules: Ruleset, table: Table, rotation: _Rotation, hands: Outcome) -> None:
        self.rules = rules
        self.table = table
        self.rotation = rotation
        self.hands = hands  # applies each hand to the table
        self.rows: list[HandRow] = []
        self.transfers: list[tuple[RawTransfer, ...]] = []
        self.ended_by: str | None = None
        self.busted_by: dict[int, int | None] = {}
        self.penalties: list[tuple[int, float]] = []
        self.score_bound = score_bound(rules)  # the most a score can be, either way

    def reached_target(self, seat: int | None = None) -> bool:
        ext = self.rules.extension
        if ext is None:
            return True
        scores = self.table.scores
        if seat is not None:
            return scores[seat] >= ext.target
        return any(score >= ext.target for score in scores)

    def dealer_is_top(self) -> bool:
        scores, dealer = self.table.scores, self.table.dealer
        if self.rules.ties == "split":
            return scores[dealer] == max(scores)
        return places(self.rules, scores)[0] == dealer

    def play(self, number: int, hand: Hand) -> None:
        table, rotation = self.table, self.rotation
        round_label, honba = rotation.labels[rotation.dealer], table.honba
        if self.ended_by is not None:
            raise RecordError(
                f"the game already ended after hand {number - 1} ({self.ended_by})",
                hand=number,
                label=f"{round_label}-{honba}",
                code="game_ended",
                params={"after": number - 1, "ended_by": self.ended_by},
            )
        deposits_before = table.deposits
        try:
            outcome = self.hands.apply(hand, rotation.wind)
            dealer = table.dealer
            self.ended_by = self.after_hand(hand, outcome)
        except RecordError as error:
            raise error.in_hand(number, f"{round_label}-{honba}") from None
        scores = tuple(table.scores)
        bound = self.score_bound
        for score in scores:  # a loop, not max() and min(): compared natively, compiled
            if score > bound or score < -bound:
                raise self.too_large(scores, number, f"{round_label}-{honba}")
        row = (round_label, honba, deposits_before, dealer, outcome.deltas, scores, table.deposits)
        self.rows.append(_new(_HAND_ROW, row))
        self.transfers.append(outcome.transfers)

    def too_large(self, scores: tuple[int, ...], number: int, label: str) -> RecordError:
        """A score past what a game reaches (apart from ``play``: a function holding a lambda
        makes its environment at every call, compiled)."""
        far = max(range(len(scores)), key=lambda seat: abs(scores[seat]))
        high = self.score_bound
        return RecordError(
            f"seat {far}'s score {scores[far]} is more than a game reaches ({high})",
            hand=number,
            label=label,
            code="score_too_large",
            params={"seat": far, "score": scores[far], "high": high},
        )

    def after_hand(self, hand: Hand, outcome: Outcome) -> str | None:
        """Move the table on; the way the game ended, or None while it goes on."""
        rules = self.rules
        self.table.honba = outcome.honba_after
        if outcome.chombo_seat is not None and rules.chombo.score_penalty:
            self.penalties.append((outcome.chombo_seat, -abs(rules.chombo.score_penalty)))
        # Only a stop or a dealer keeping the seat can end the game by agari/tenpai-yame.
        yame = self.yame(hand, outcome) if outcome.dealer_kept or hand.stop else None
        if rules.tobi.enabled and self.someone_busted():
            self.busted_by = outcome.busted_by
            return "tobi"
        if yame is not None:
            return yame if yame == "stop" or self.rotation.phase == REGULAR else EXTENSION
        if outcome.dealer_kept is None or outcome.dealer_kept:
            # The dealer keeps the seat (a chombo's hand is replayed, so it keeps it too): only
            # a sudden death at any hand ends the game here, as a chombo's payments may.
            any_time = self.rotation.phase == ENDLESS or (
                self.rotation.phase == EXTENSION and self.sudden_death == "any"
            )
            return EXTENSION if any_time and self.reached_target() else None
        return self.pass_deal()

    def someone_busted(self) -> bool:
        tobi = self.rules.tobi  # its method called natively, compiled (any() makes it a loop)
        return any(tobi.busted(score) for score in self.table.scores)

    @property
    def sudden_death(self) -> str:
        return self.rules.extension.sudden_death if self.rules.extension else "none"

    def pass_deal(self) -> str | None:
        rotation = self.rotation
        phase = rotation.phase
        wind_over = rotation.pass_deal()
        self.table.dealer = rotation.dealer
        if phase == REGULAR:
            if not (wind_over and rotation.slot == rotation.regular):
                return None
            return None if self.rules.extension and not self.reached_target() else "length"
        if phase == ENDLESS or self.sudden_death != "none":
            if self.reached_target():
                return EXTENSION
        elif wind_over and self.reached_target():
            return EXTENSION
        if wind_over and rotation.slot == rotation.extension_end and phase == EXTENSION:
            return None if self.rules.extension.endless else EXTENSION  # type: ignore[union-attr]
        return None

    def yame(self, hand: Hand, outcome: Outcome) -> str | None:
        """和了止め/聴牌止め: the all-last dealer's win or tenpai may end the game."""
        if not (hand.stop or (outcome.dealer_kept and self.rotation.is_last_hand())):
            return None
        chance = bool(outcome.dealer_kept) and (outcome.dealer_won or outcome.dealer_tenpai)
        mode = self.rules.agari_yame if outcome.dealer_won else self.rules.tenpai_yame
        name = "agari_yame" if outcome.dealer_won else "tenpai_yame"
        chance = chance and self.rotation.is_last_hand() and mode != "none"
        dealer = self.table.dealer
        reached = self.reached_target(dealer) or self.rotation.is_last_hand_of_all()
        if hand.stop:
            if not chance or mode == "auto_if_top":
                raise RecordError(
                    "stop: the ruleset gives the dealer no such choice here",
                    field="stop",
                    code="stop_no_choice",
                )
            if mode == "optional_if_top" and not self.dealer_is_top():
                raise RecordError(
                    "stop: the dealer may end the game only as the top",
                    field="stop",
                    code="stop_not_top",
                )
            if not reached:
                raise RecordError(
                    "stop: the dealer has not reached the extension target",
                    field="stop",
                    code="stop_below_target",
                )
            return "stop"
        if chance and mode == "auto_if_top" and self.dealer_is_top() and reached:
            return name
        return None

    def next_hand(self) -> NextHand:
        return NextHand(
            self.rotation.label(),
            self.table.honba,
            self.table.dealer,
            self.table.deposits,
            tuple(self.table.scores),
            self.rotation.is_last_hand(),
        )


def _score_only(record: GameRecord) -> GameReplay:
    rules = record.ruleset
    scores = record.final_scores or ()
    expected = rules.players * rules.start_points
    if sum(scores) + record.final_deposits != expected:
        raise RecordError(
            f"final_scores add up to {sum(scores)}, with final_deposits {record.final_deposits} "
            f"that is {sum(scores) + record.final_deposits}; expected {expected} "
            f"({rules.players} x {rules.start_points})",
            field="final_scores",
            code="final_scores_sum",
            params={
                "total": sum(scores) + record.final_deposits,
                "expected": expected,
                "deposits": record.final_deposits,
            },
        )
    penalties = [(p.seat, p.points) for p in record.settlement_penalties]
    final = settle(rules, scores, "final_scores", record.final_deposits, None, None, penalties)
    return GameReplay((), final, None, (), settle_chips(rules, record, (), None))


def replay(record: GameRecord, require_end: bool = False, as_it_stands: bool = False) -> GameReplay:
    """Replay every hand; the settlement if the game has ended (or was ended by force).

    ``as_it_stands`` (what-if: a game seen under other rules) settles the game in any case: one
    whose hands stop before its end is settled as if the referee had ended it there, and a
    referee's early end that the hands no longer need is left out instead of refused.
    """
    if record.final_scores is not None:
        return _score_only(record)
    rules = record.ruleset
    table = Table([rules.start_points] * rules.players)
    game = _Game(rules, table, _Rotation(rules), Outcome(rules, table))
    for number, hand in enumerate(record.hands, 1):
        game.play(number, hand)
    ended_by = game.ended_by
    by_hand = tuple(hand_chips(rules, hand) for hand in record.hands) if rules.chips else ()
    if as_it_stands:
        ended_by = ended_by or "forced"
    elif record.forced_end is not None:
        if ended_by is not None:
            raise RecordError(
                f"forced_end: the game had already ended ({ended_by})",
                field="forced_end",
                code="forced_after_end",
                params={"ended_by": ended_by},
            )
        ended_by = "forced"
    if ended_by is None:
        if require_end:
            raise RecordError(
                "the hands stop before the game has ended", field="hands", code="not_ended"
            )
        rows, transfers = tuple(game.rows), tuple(game.transfers)
        return GameReplay(rows, None, game.next_hand(), transfers, None, by_hand)
    penalties = game.penalties
    if record.settlement_penalties:
        penalties = penalties + [(p.seat, p.points) for p in record.settlement_penalties]
    final = settle(
        rules, table.scores, ended_by, table.deposits, table.owners, game.busted_by, penalties
    )
    chips = settle_chips(rules, record, by_hand, game.busted_by)
    return GameReplay(tuple(game.rows), final, None, tuple(game.transfers), chips, by_hand)

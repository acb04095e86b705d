"""One hand applied to the table: riichi sticks, events, and the result's payments.

``apply_hand`` returns what happened (the deltas, whether the dealer keeps the seat, what the
honba counter becomes, who busted whom) and leaves deciding the end of the game to ``game.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from .errors import RecordError
from .points import (
    MANGAN_BASE,
    check_value,
    ron_value,
    round_up_100,
    tsumo_shares,
    tsumo_values,
    yakuman_part,
)
from .record import (
    Abortive,
    Chombo,
    DeadHand,
    Deposit,
    Draw,
    Hand,
    Nagashi,
    Payment,
    Ron,
    Tsumo,
    Win,
)
from .rules import Ruleset


@dataclass(slots=True)
class Table:
    """What lies on the table between hands (everything derived, nothing stored)."""

    scores: list[int]
    dealer: int = 0
    honba: int = 0
    deposits: int = 0  # points in sticks on the table (供託)
    owners: list[tuple[int, int]] = field(default_factory=list)  # (seat, points) of those sticks


class Outcome(NamedTuple):
    """What one hand did. ``dealer_kept`` is None for a chombo (the hand is replayed)."""

    deltas: tuple[int, ...]
    dealer_kept: bool | None
    honba_after: int
    dealer_won: bool = False
    dealer_tenpai: bool = False
    busted_by: dict[int, int | None] = {}
    chombo_seat: int | None = None
    transfers: tuple[RawTransfer, ...] = ()


RawTransfer = tuple[int | None, int | None, int, str]


class Transfer(NamedTuple):
    """One payment of the hand, in the order applied; ``None`` is the table (供託)."""

    payer: int | None
    receiver: int | None
    amount: int
    kind: str  # riichi, deposit, payment, win, honba, sticks, noten, nagashi, chombo, returned


class _Ledger:
    """Applies payments to a working copy of the scores, in order, and notes who busted whom.

    飛ばした方に付く: a player's bust is credited to the receiver of the payment that took them
    across the line; payments that cannot earn the bonus credit nobody.
    """

    __slots__ = ("rules", "scores", "busted_by", "track", "transfers")

    def __init__(self, rules: Ruleset, scores: list[int]) -> None:
        self.rules = rules
        self.scores = list(scores)
        self.busted_by: dict[int, int | None] = {}
        self.track = rules.tobi.enabled and rules.tobi.bonus > 0
        self.transfers: list[RawTransfer] = []  # made Transfer only when someone asks

    def pay(
        self, payer: int, receiver: int | None, amount: int, kind: str, by_win: bool = False
    ) -> None:
        self.transfers.append((payer, receiver, amount, kind))
        scores = self.scores
        before = scores[payer]
        scores[payer] = before - amount
        if receiver is not None:
            scores[receiver] += amount
        if self.track and amount:
            self._note_bust(payer, receiver, before, by_win)
            if receiver is not None:
                self._note_bust(receiver, None, self.scores[receiver] - amount, False)

    def _note_bust(self, seat: int, receiver: int | None, before: int, by_win: bool) -> None:
        busted = self.rules.tobi.busted
        now, was = busted(self.scores[seat]), busted(before)
        if now and not was:
            earns = by_win or self.rules.tobi.bonus_by == "any"
            self.busted_by[seat] = receiver if earns else None
        elif was and not now:
            self.busted_by.pop(seat, None)


def _turn_order_from(seat: int, players: int) -> list[int]:
    return [(seat + k) % players for k in range(1, players)]


class _HandRun:
    """Applies one hand; every check raises a ``RecordError`` (the caller adds the hand)."""

    results: ClassVar[dict[type, Callable[..., Outcome]]]
    __slots__ = (
        "rules",
        "table",
        "hand",
        "wind",
        "ledger",
        "deposits",
        "owners",
        "dead",
        "riichi_paid",
    )

    def __init__(self, rules: Ruleset, table: Table, hand: Hand, wind: str) -> None:
        self.rules = rules
        self.table = table
        self.hand = hand
        self.wind = wind
        self.ledger = _Ledger(rules, table.scores)
        self.deposits = table.deposits
        self.owners = list(table.owners)
        self.dead = {e.seat for e in hand.events if isinstance(e, DeadHand)} if hand.events else ()
        self.riichi_paid: list[int] = []

    def run(self) -> Outcome:
        if self.hand.wareme is not None and not self.rules.wareme:
            raise RecordError(
                "this ruleset has no wareme (割れ目)", field="wareme", code="no_wareme"
            )
        if self.hand.riichi:
            self.pay_riichi()
        if self.hand.events:
            self.apply_events()
        result = self.hand.result
        outcome = self.results[type(result)](self, result)
        self.table.deposits = self.deposits
        self.table.owners = self.owners
        return outcome

    # -- before the result -------------------------------------------------------------

    def pay_riichi(self) -> None:
        deposit = self.rules.riichi_deposit
        if self.hand.riichi and deposit is None:
            raise RecordError("this ruleset has no riichi", field="riichi", code="no_riichi")
        for seat in self.hand.riichi:
            score = self.table.scores[seat]
            if score < self.rules.riichi_min_score:
                raise RecordError(
                    f"seat {seat} cannot declare riichi with {score} points "
                    f"(at least {self.rules.riichi_min_score} needed)",
                    field="riichi",
                    code="riichi_points",
                    params={"seat": seat, "score": score, "needed": self.rules.riichi_min_score},
                )
            self.to_table(seat, deposit or 0, "riichi")
            self.riichi_paid.append(seat)

    def to_table(self, seat: int, amount: int, kind: str) -> None:
        self.ledger.pay(seat, None, amount, kind)
        self.deposits += amount
        self.owners.append((seat, amount))

    def apply_events(self) -> None:
        for index, event in enumerate(self.hand.events):
            if isinstance(event, Deposit):
                self.check_deposit(event, f"events[{index}].seat")
                self.to_table(event.seat, event.amount, "deposit")
            elif isinstance(event, Payment):
                for receiver in event.receivers:
                    self.ledger.pay(event.payer, receiver, event.amount, "payment")

    def check_deposit(self, event: Deposit, field: str) -> None:
        """A stick needs the points: under the amount, a player makes no deposit and takes a
        dead hand instead (seed 001: 1000点未満の場合は供託せずに和了放棄とする)."""
        score = self.ledger.scores[event.seat]
        if score < event.amount:
            raise RecordError(
                f"seat {event.seat} cannot deposit {event.amount} with {score} points: "
                "record a dead hand instead",
                field=field,
                code="deposit_points",
                params={"seat": event.seat, "score": score, "amount": event.amount},
            )

    def check_alive(self, seat: int, what: str, field: str) -> None:
        if seat in self.dead:
            raise RecordError(
                f"seat {seat} is dead and cannot {what}",
                field=field,
                code=f"dead_cannot_{what.replace(' ', '_')}",
                params={"seat": seat},
            )

    def outcome(
        self,
        dealer_kept: bool | None,
        *,
        honba_up: bool = False,
        dealer_won: bool = False,
        dealer_tenpai: bool = False,
        chombo_seat: int | None = None,
    ) -> Outcome:
        """``honba_up``: the counter goes up even if the dealer passes (every draw)."""
        scores, before = self.ledger.scores, self.table.scores
        deltas = tuple([after - start for after, start in zip(scores, before, strict=True)])
        if dealer_kept is None:
            honba = self.table.honba
        else:
            honba = self.table.honba + 1 if dealer_kept or honba_up else 0
        busted_by = self.ledger.busted_by
        if busted_by:
            busted = self.rules.tobi.busted
            busted_by = {s: b for s, b in busted_by.items() if busted(scores[s])}
        return Outcome(
            deltas,
            dealer_kept,
            honba,
            dealer_won,
            dealer_tenpai,
            busted_by,
            chombo_seat,
            tuple(self.ledger.transfers),
        )

    def from_table(self, seat: int, amount: int, kind: str) -> None:
        if amount:
            self.ledger.scores[seat] += amount
            self.ledger.transfers.append((None, seat, amount, kind))

    def collect_deposits(self, seat: int) -> None:
        self.from_table(seat, self.deposits, "sticks")
        self.deposits = 0
        self.owners = []

    # -- wins ----------------------------------------------------------------------------

    def pay_win(
        self, payer: int, winner: int, amount: int, honba: int = 0, *, by_win: bool = True
    ) -> None:
        """A payment for a win: 割れ目 doubles the win's points, never the honba bonus.

        ``by_win`` False for nagashi counted as a win: it never earns the tobi bonus.
        """
        if self.rules.wareme and payer == self.hand.wareme:
            amount *= 2
        self.ledger.pay(payer, winner, amount, "win", by_win=by_win)
        if honba:
            self.ledger.pay(payer, winner, honba, "honba", by_win=by_win)

    def ron(self, result: Ron) -> Outcome:
        rules, players = self.rules, self.rules.players
        limit = rules.max_ron_winners
        if len(result.wins) > limit:
            hint = " (record three winners as the abortive draw sanchahou)" if limit == 2 else ""
            raise RecordError(
                f"{len(result.wins)} winners, but this ruleset allows at most {limit}{hint}",
                field="result.wins",
                code="too_many_winners",
                params={"count": len(result.wins), "limit": limit},
            )
        paths = {win.winner: f"result.wins[{i}]" for i, win in enumerate(result.wins)}
        wins = list(result.wins)
        if len(wins) > 1:  # in turn order from the discarder (上家取り)
            wins.sort(key=lambda w: (w.winner - result.discarder) % players)
        dealer = self.table.dealer
        for i, win in enumerate(wins):
            self.check_win(win, paths[win.winner], tsumo=False)
            honba = (
                self.table.honba * rules.honba_ron
                if i == 0 or (rules.multi_ron_honba == "each")
                else 0
            )
            self.pay_ron(result.discarder, win, ron_value(rules, win, win.winner == dealer), honba)
        self.share_ron_deposits(wins)
        if rules.multi_ron_renchan == "first_winner":
            kept = wins[0].winner == dealer
        else:
            kept = any(w.winner == dealer for w in wins)
        return self.outcome(kept, dealer_won=kept)

    def check_win(self, win: Win, path: str, tsumo: bool) -> None:
        """``path`` is where the win is in the hand: ``result`` or ``result.wins[i]``."""
        self.check_alive(win.winner, "win", f"{path}.winner")
        check_value(self.rules, win, tsumo, self.table.honba, path)
        if win.pao is None:
            return
        if self.rules.pao_ron_share is None:
            raise RecordError("this ruleset has no pao", field=f"{path}.pao", code="no_pao")
        if win.pao == win.winner:
            raise RecordError(
                f"seat {win.winner} cannot be responsible (pao) for their own win",
                field=f"{path}.pao",
                code="pao_own_win",
                params={"seat": win.winner},
            )
        if win.pao_yakuman is not None and (win.yakuman or 0) < win.pao_yakuman:
            raise RecordError(
                "pao_yakuman is more than the win's yakuman",
                field=f"{path}.pao_yakuman",
                code="pao_yakuman_too_big",
            )

    def pao_value(self, win: Win, full: int, value_of: Callable[[Win], int]) -> int:
        """The part of ``full`` the responsible player answers for."""
        if win.pao_yakuman is None:
            return full
        return value_of(yakuman_part(win, win.pao_yakuman))

    def pay_ron(self, discarder: int, win: Win, value: int, honba: int) -> None:
        rules = self.rules
        pao = win.pao
        if pao is None or pao == discarder:
            self.pay_win(discarder, win.winner, value, honba)
            return
        dealer_wins = win.winner == self.table.dealer
        part = self.pao_value(win, value, lambda w: ron_value(rules, w, dealer_wins))
        pao_share = round_up_100(part * (rules.pao_ron_share or 0))
        pao_honba = {"discarder": 0, "pao": honba, "split": honba // 2}[rules.pao_ron_honba]
        self.pay_win(pao, win.winner, pao_share, pao_honba)
        self.pay_win(discarder, win.winner, value - pao_share, honba - pao_honba)

    def share_ron_deposits(self, wins: list[Win]) -> None:
        if self.rules.multi_ron_deposits == "own_returned_rest_first":
            deposit = self.rules.riichi_deposit or 0
            for win in wins[1:]:
                if win.winner in self.riichi_paid:
                    self.from_table(win.winner, deposit, "returned")
                    self.deposits -= deposit
        self.collect_deposits(wins[0].winner)

    def tsumo_result(self, result: Tsumo) -> Outcome:
        return self.tsumo(result.win)

    def draw_result(self, result: Draw) -> Outcome:
        return self.draw(result.tenpai)

    def chombo_result(self, result: Chombo) -> Outcome:
        return self.chombo(result.seat)

    def tsumo(self, win: Win) -> Outcome:
        rules = self.rules
        self.check_win(win, "result", tsumo=True)
        values = tsumo_values(rules, win, self.table.dealer)
        honba_each = self.table.honba * rules.honba_tsumo_each
        if win.pao is None:
            for payer, amount in values.items():
                self.pay_win(payer, win.winner, amount, honba_each)
        else:
            self.pay_tsumo_with_pao(win, values, honba_each)
        self.collect_deposits(win.winner)
        kept = win.winner == self.table.dealer
        return self.outcome(kept, dealer_won=kept)

    def pay_tsumo_with_pao(self, win: Win, values: dict[int, int], honba_each: int) -> None:
        """包: the responsible player pays the whole (their part), honba included."""
        rules, dealer = self.rules, self.table.dealer
        full = sum(values.values())
        part = self.pao_value(win, full, lambda w: sum(tsumo_values(rules, w, dealer).values()))
        self.pay_win(win.pao or 0, win.winner, part, honba_each * len(values))
        if part == full:
            return
        rest = Win(win.winner, yakuman=(win.yakuman or 0) - (win.pao_yakuman or 0), fu=win.fu)
        for payer, amount in tsumo_values(rules, rest, dealer).items():
            self.pay_win(payer, win.winner, amount)

    # -- draws ---------------------------------------------------------------------------

    def check_tenpai(self, tenpai: tuple[int, ...]) -> None:
        for seat in tenpai:
            self.check_alive(seat, "be tenpai", "result.tenpai")
        for seat in self.hand.riichi:
            if seat not in tenpai and seat not in self.dead:
                raise RecordError(
                    f"seat {seat} declared riichi but is listed as noten",
                    field="result.tenpai",
                    code="riichi_noten",
                    params={"seat": seat},
                )

    def draw(self, tenpai: tuple[int, ...]) -> Outcome:
        self.check_tenpai(tenpai)
        noten = [s for s in range(self.rules.players) if s not in tenpai]
        if tenpai and noten:
            each = self.rules.noten_payment // (len(tenpai) * len(noten))
            for payer in noten:
                for receiver in _turn_order_from(payer, self.rules.players):
                    if receiver in tenpai:
                        self.ledger.pay(payer, receiver, each, "noten")
        return self.after_draw(tenpai)

    def after_draw(self, tenpai: tuple[int, ...]) -> Outcome:
        dealer = self.table.dealer
        mode = self.rules.draw_renchan(self.wind)
        dealer_tenpai = dealer in tenpai
        kept = {
            "dealer_tenpai": dealer_tenpai,
            "always": True,
            "never": False,
            "unless_all_noten": dealer_tenpai or not tenpai,
        }[mode]
        return self.outcome(kept, honba_up=True, dealer_tenpai=dealer_tenpai and kept)

    def nagashi(self, result: Nagashi) -> Outcome:
        rules = self.rules
        if rules.nagashi is None:
            raise RecordError(
                "this ruleset has no nagashi mangan", field="result.type", code="no_nagashi"
            )
        for seat in result.winners:
            self.check_alive(seat, "win nagashi mangan", "result.winners")
        self.check_tenpai(result.tenpai)
        dealer = self.table.dealer
        for seat in result.winners:
            for payer, amount in tsumo_shares(rules, MANGAN_BASE, seat, dealer).items():
                if rules.nagashi == "win":
                    self.pay_win(payer, seat, amount, by_win=False)
                else:
                    self.ledger.pay(payer, seat, amount, "nagashi")
        if rules.nagashi == "draw":
            return self.after_draw(result.tenpai)
        first = next(
            s for s in [dealer, *_turn_order_from(dealer, rules.players)] if s in result.winners
        )
        honba_each = self.table.honba * rules.honba_tsumo_each
        for payer in _turn_order_from(first, rules.players):
            self.ledger.pay(payer, first, honba_each, "honba")
        self.collect_deposits(first)
        kept = dealer in result.winners
        return self.outcome(kept, dealer_won=kept)

    def abortive(self, result: Abortive) -> Outcome:
        how = self.rules.abortive.get(result.kind)
        if how is None:
            raise RecordError(
                f"this ruleset has no abortive draw '{result.kind}'",
                field="result.kind",
                code="no_abortive",
                params={"kind": result.kind},
            )
        return self.outcome(how == "renchan", honba_up=True)

    def chombo(self, seat: int) -> Outcome:
        """錯和: the offender pays, the hand is replayed with the same dealer and honba."""
        rules, dealer = self.rules, self.table.dealer
        if rules.chombo.deposits == "returned":
            for owner, amount in self.owners[len(self.table.owners) :]:
                self.from_table(owner, amount, "returned")
                self.deposits -= amount
            self.owners = list(self.table.owners)
        for other in _turn_order_from(seat, rules.players):
            if rules.chombo.payment == "each":
                self.ledger.pay(seat, other, rules.chombo.amount, "chombo")
            elif rules.chombo.payment == "mangan":
                self.ledger.pay(seat, other, 4000 if dealer in (seat, other) else 2000, "chombo")
        return self.outcome(None, chombo_seat=seat)


_HandRun.results = {
    Ron: _HandRun.ron,
    Tsumo: _HandRun.tsumo_result,
    Draw: _HandRun.draw_result,
    Nagashi: _HandRun.nagashi,
    Abortive: _HandRun.abortive,
    Chombo: _HandRun.chombo_result,
}


def apply_hand(rules: Ruleset, table: Table, hand: Hand, wind: str) -> Outcome:
    """Apply ``hand`` to ``table`` (scores, sticks and owners updated in place)."""
    run = _HandRun(rules, table, hand, wind)
    outcome = run.run()
    table.scores = run.ledger.scores
    return outcome

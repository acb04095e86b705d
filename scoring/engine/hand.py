"""One hand applied to the table: riichi sticks, events, and the result's payments.

``Outcome.apply`` says what happened (the deltas, whether the dealer keeps the seat, what the
honba counter becomes, who busted whom) and leaves deciding the end of the game to ``game.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from .errors import RecordError
from .points import (
    MANGAN_BASE,
    checked_ron_value,
    checked_tsumo_values,
    ron_value,
    round_up_100,
    tsumo_shares,
    tsumo_values,
    yakuman_part,
)
from .record import (
    DRAW_TYPE,
    RON_TYPE,
    TSUMO_TYPE,
    WIN_PATHS,
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


class Table:
    """What lies on the table between hands (everything derived, nothing stored). A plain
    class, not a dataclass: the compiled engine builds its ``__init__`` natively (a
    dataclass's is made at import, as Python, and runs once a game)."""

    __slots__ = ("scores", "dealer", "honba", "deposits", "owners")

    def __init__(self, scores: list[int]) -> None:
        self.scores = scores
        self.dealer = 0
        self.honba = 0
        self.deposits = 0  # points in sticks on the table (供託)
        self.owners: list[tuple[int, int]] = []  # (seat, points) of those sticks


RawTransfer = tuple[int | None, int | None, int, str]


class Transfer(NamedTuple):
    """One payment of the hand, in the order applied; ``None`` is the table (供託)."""

    payer: int | None
    receiver: int | None
    amount: int
    kind: str  # riichi, deposit, payment, win, honba, sticks, noten, nagashi, chombo, returned


# The other seats in turn order from each seat (下家 first), for 3 and 4 players: worked out
# once, as every draw, tsumo, nagashi and chombo goes round the table.
_TURN_ORDER: Final = {
    players: tuple(
        tuple((seat + k) % players for k in range(1, players)) for seat in range(players)
    )
    for players in (3, 4)
}


NO_BUSTS: Final[dict[int, int | None]] = {}  # read only: see Outcome.apply


class Outcome:
    """Applies the hands of a game to its table, one after the other (``apply``); after each,
    what that hand did: ``deltas``, ``dealer_kept`` (None for a chombo: the hand is replayed),
    ``honba_after``, ``dealer_won``, ``dealer_tenpai``, ``busted_by``, ``chombo_seat`` and the
    ``transfers`` in the order applied. A game makes one, not one per hand.

    Every check raises a ``RecordError`` (the caller adds the hand). The payments go to a
    working copy of the scores, in order, noting who busted whom: 飛ばした方に付く, a player's
    bust is credited to the receiver of the payment that took them across the line; payments
    that cannot earn the bonus credit nobody.
    """

    __slots__ = (
        "rules",
        "table",
        "hand",
        "wind",
        "scores",
        "payments",
        "busted_by",
        "track",
        "deposits",
        "owners",
        "dead",
        "deltas",
        "dealer_kept",
        "honba_after",
        "dealer_won",
        "dealer_tenpai",
        "chombo_seat",
        "transfers",
    )

    def __init__(self, rules: Ruleset, table: Table) -> None:
        self.rules = rules
        self.table = table
        self.track = rules.tobi.enabled and rules.tobi.bonus > 0

    def apply(self, hand: Hand, wind: str) -> Outcome:
        """Apply ``hand`` to the table (scores, sticks and owners updated in place)."""
        table = self.table
        # Unpacked at once: a NamedTuple's fields are slower to reach one by one.
        result, riichi, events, wareme, _ = hand
        self.hand = hand
        self.wind = wind
        self.scores = table.scores[:]
        self.payments: list[RawTransfer] = []  # made Transfer only when someone asks
        # Who busted whom is noted only where the bust earns a bonus (``track``); elsewhere the
        # one empty dict, never written to, is every hand's (no dict made and freed a hand).
        self.busted_by: dict[int, int | None] = {} if self.track else NO_BUSTS
        self.deposits = table.deposits
        self.owners = table.owners  # copied on write (to_table): most hands add no stick
        self.dead = {e.seat for e in events if isinstance(e, DeadHand)} if events else ()
        if wareme is not None and not self.rules.wareme:
            raise RecordError(
                "this ruleset has no wareme (割れ目)", field="wareme", code="no_wareme"
            )
        if riichi:
            self.pay_riichi()
        if events:
            self.apply_events()
        # The usual three called natively (a compiled call); the rare ones through the table.
        if type(result) is RON_TYPE:
            self.ron(result)  # type: ignore[arg-type]
        elif type(result) is TSUMO_TYPE:
            self.tsumo(result)  # type: ignore[arg-type]
        elif type(result) is DRAW_TYPE:
            self.draw(result)  # type: ignore[arg-type]
        else:
            APPLY[type(result)](self, result)
        table.scores, table.deposits, table.owners = self.scores, self.deposits, self.owners
        return self

    # -- payments ------------------------------------------------------------------------

    def pay(
        self, payer: int, receiver: int | None, amount: int, kind: str, by_win: bool = False
    ) -> None:
        self.payments.append((payer, receiver, amount, kind))
        scores = self.scores
        before = scores[payer]
        scores[payer] = before - amount
        if receiver is not None:
            scores[receiver] += amount
        if self.track and amount:
            self._note_bust(payer, receiver, before, by_win)
            if receiver is not None:
                self._note_bust(receiver, None, scores[receiver] - amount, False)

    def _note_bust(self, seat: int, receiver: int | None, before: int, by_win: bool) -> None:
        busted = self.rules.tobi.busted
        now, was = busted(self.scores[seat]), busted(before)
        if now and not was:
            earns = by_win or self.rules.tobi.bonus_by == "any"
            self.busted_by[seat] = receiver if earns else None
        elif was and not now:
            self.busted_by.pop(seat, None)

    def to_table(self, seat: int, amount: int, kind: str) -> None:
        self.pay(seat, None, amount, kind)
        self.deposits += amount
        self.owners = [*self.owners, (seat, amount)]

    def from_table(self, seat: int, amount: int, kind: str) -> None:
        if amount:
            self.scores[seat] += amount
            self.payments.append((None, seat, amount, kind))

    def collect_deposits(self, seat: int) -> None:
        if self.deposits:
            self.from_table(seat, self.deposits, "sticks")
        self.deposits = 0
        self.owners = []

    # -- before the result -------------------------------------------------------------

    def pay_riichi(self) -> None:
        rules = self.rules
        deposit = rules.riichi_deposit
        if deposit is None:
            raise RecordError("this ruleset has no riichi", field="riichi", code="no_riichi")
        for seat in self.hand.riichi:
            score = self.table.scores[seat]
            if score < rules.riichi_min_score:
                raise RecordError(
                    f"seat {seat} cannot declare riichi with {score} points "
                    f"(at least {rules.riichi_min_score} needed)",
                    field="riichi",
                    code="riichi_points",
                    params={"seat": seat, "score": score, "needed": rules.riichi_min_score},
                )
            self.to_table(seat, deposit, "riichi")

    def apply_events(self) -> None:
        for index, event in enumerate(self.hand.events):
            if isinstance(event, Deposit):
                self.check_deposit(event, f"events[{index}].seat")
                self.to_table(event.seat, event.amount, "deposit")
            elif isinstance(event, Payment):
                for receiver in event.receivers:
                    self.pay(event.payer, receiver, event.amount, "payment")

    def check_deposit(self, event: Deposit, field: str) -> None:
        """A stick needs the points: under the amount, a player makes no deposit and takes a
        dead hand instead (seed 001: 1000点未満の場合は供託せずに和了放棄とする)."""
        score = self.scores[event.seat]
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
        """Note what the hand did. ``honba_up``: the counter goes up even if the dealer passes
        (every draw)."""
        scores, honba, before = self.scores, self.table.honba, self.table.scores
        # Indexed, not map(sub, ...): the compiled build subtracts natively, no call per seat.
        self.deltas = tuple([scores[seat] - before[seat] for seat in range(len(scores))])
        self.dealer_kept = dealer_kept
        self.honba_after = (
            honba if dealer_kept is None else honba + 1 if dealer_kept or honba_up else 0
        )
        self.dealer_won = dealer_won
        self.dealer_tenpai = dealer_tenpai
        if self.busted_by:
            busted = self.rules.tobi.busted
            self.busted_by = {s: b for s, b in self.busted_by.items() if busted(scores[s])}
        self.chombo_seat = chombo_seat
        self.transfers = tuple(self.payments)
        return self

    # -- wins ----------------------------------------------------------------------------

    def pay_win(
        self, payer: int, winner: int, amount: int, honba: int = 0, *, by_win: bool = True
    ) -> None:
        """A payment for a win: 割れ目 doubles the win's points, never the honba bonus.

        ``by_win`` False for nagashi counted as a win: it never earns the tobi bonus.
        """
        if self.rules.wareme and payer == self.hand.wareme:
            amount *= 2
        self.pay(payer, winner, amount, "win", by_win)
        if honba:
            self.pay(payer, winner, honba, "honba", by_win)

    def ron(self, result: Ron) -> Outcome:
        rules, wins = self.rules, result.wins
        limit = rules.max_ron_winners
        if len(wins) > limit:
            hint = " (record three winners as the abortive draw sanchahou)" if limit == 2 else ""
            raise RecordError(
                f"{len(wins)} winners, but this ruleset allows at most {limit}{hint}",
                field="result.wins",
                code="too_many_winners",
                params={"count": len(wins), "limit": limit},
            )
        # The wins' places in the record, paid in turn order from the discarder (上家取り); the
        # limit is at most 3 winners, so WIN_PATHS names every place.
        places = (0,) if len(wins) == 1 else self.turn_order(result)
        honba = self.table.honba * rules.honba_ron
        for i, place in enumerate(places):
            win = wins[place]
            value = self.ron_payment(win, WIN_PATHS[place])
            each = honba if i == 0 or rules.multi_ron_honba == "each" else 0
            if win.pao is None or win.pao == result.discarder:
                self.pay_win(result.discarder, win.winner, value, each)
            else:
                self.pay_ron_with_pao(result.discarder, win.pao, win, value, each)
        first, dealer = wins[places[0]].winner, self.table.dealer
        if len(wins) > 1 and rules.multi_ron_deposits == "own_returned_rest_first":
            self.return_own_deposits([wins[place] for place in places[1:]])
        self.collect_deposits(first)
        if len(wins) == 1 or rules.multi_ron_renchan == "first_winner":
            kept = first == dealer
        else:
            kept = any(w.winner == dealer for w in wins)
        return self.outcome(kept, dealer_won=kept)

    def ron_payment(self, win: Win, path: str) -> int:
        """What the discarder pays for ``win`` (at ``path``: ``result.wins[i]``), once checked."""
        if self.dead:
            self.check_alive(win.winner, "win", f"{path}.winner")
        table = self.table
        value = checked_ron_value(self.rules, win, win.winner == table.dealer, table.honba, path)
        if win.pao is not None:
            self.check_pao(win, path)
        return value

    def tsumo_payments(self, win: Win) -> dict[int, int]:
        """What each other seat pays for ``win`` (the result), once checked."""
        if self.dead:
            self.check_alive(win.winner, "win", "result.winner")
        table = self.table
        values = checked_tsumo_values(self.rules, win, table.dealer, table.honba, "result")
        if win.pao is not None:
            self.check_pao(win, "result")
        return values

    def check_pao(self, win: Win, path: str) -> None:
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

    def pay_ron_with_pao(self, discarder: int, pao: int, win: Win, value: int, honba: int) -> None:
        """包 at a ron: the responsible player ``pao`` pays their share of their part (the honba
        as the ruleset says), the discarder the rest."""
        rules = self.rules
        dealer_wins = win.winner == self.table.dealer
        part = self.pao_value(win, value, lambda w: ron_value(rules, w, dealer_wins))
        pao_share = round_up_100(part * (rules.pao_ron_share or 0))
        pao_honba = {"discarder": 0, "pao": honba, "split": honba // 2}[rules.pao_ron_honba]
        self.pay_win(pao, win.winner, pao_share, pao_honba)
        self.pay_win(discarder, win.winner, value - pao_share, honba - pao_honba)

    def turn_order(self, result: Ron) -> list[int]:
        """The places of the wins in the record, in turn order from the discarder."""
        wins, players = result.wins, self.rules.players
        return sorted(
            range(len(wins)), key=lambda place: (wins[place].winner - result.discarder) % players
        )

    def return_own_deposits(self, later_wins: list[Win]) -> None:
        """Each later winner takes back their own riichi stick (the first takes the rest)."""
        deposit = self.rules.riichi_deposit or 0
        for win in later_wins:
            if win.winner in self.hand.riichi:  # paid: the hand got this far
                self.from_table(win.winner, deposit, "returned")
                self.deposits -= deposit

    def tsumo(self, result: Tsumo) -> Outcome:
        win, dealer = result.win, self.table.dealer
        values = self.tsumo_payments(win)
        honba_each = self.table.honba * self.rules.honba_tsumo_each
        if win.pao is None:
            for payer, amount in values.items():
                self.pay_win(payer, win.winner, amount, honba_each)
        else:
            self.pay_tsumo_with_pao(win, values, honba_each)
        self.collect_deposits(win.winner)
        kept = win.winner == dealer
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
        if self.dead:
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

    def draw(self, result: Draw) -> Outcome:
        tenpai, players = result.tenpai, self.rules.players
        self.check_tenpai(tenpai)
        noten = [s for s in range(players) if s not in tenpai]
        if tenpai and noten:
            each = self.rules.noten_payment // (len(tenpai) * len(noten))
            for payer in noten:
                for receiver in _TURN_ORDER[players][payer]:
                    if receiver in tenpai:
                        self.pay(payer, receiver, each, "noten")
        return self.after_draw(tenpai)

    def after_draw(self, tenpai: tuple[int, ...]) -> Outcome:
        dealer = self.table.dealer
        mode = self.rules.draw_renchan(self.wind)
        dealer_tenpai = dealer in tenpai
        if mode == "dealer_tenpai":
            kept = dealer_tenpai
        elif mode == "unless_all_noten":
            kept = dealer_tenpai or not tenpai
        else:  # "always" or "never"
            kept = mode == "always"
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
                    self.pay(payer, seat, amount, "nagashi")
        if rules.nagashi == "draw":
            return self.after_draw(result.tenpai)
        turn = _TURN_ORDER[rules.players]
        first = next(s for s in [dealer, *turn[dealer]] if s in result.winners)
        honba_each = self.table.honba * rules.honba_tsumo_each
        for payer in turn[first]:
            self.pay(payer, first, honba_each, "honba")
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

    def chombo(self, result: Chombo) -> Outcome:
        """錯和: the offender pays, the hand is replayed with the same dealer and honba."""
        rules, dealer, seat = self.rules, self.table.dealer, result.seat
        if rules.chombo.deposits == "returned":
            for owner, amount in self.owners[len(self.table.owners) :]:
                self.from_table(owner, amount, "returned")
                self.deposits -= amount
            self.owners = list(self.table.owners)
        for other in _TURN_ORDER[rules.players][seat]:
            if rules.chombo.payment == "each":
                self.pay(seat, other, rules.chombo.amount, "chombo")
            elif rules.chombo.payment == "mangan":
                self.pay(seat, other, 4000 if dealer in (seat, other) else 2000, "chombo")
        return self.outcome(None, chombo_seat=seat)


# The rarer kinds of result and how each is applied (a module dict: found faster than a
# class's); a ron, a tsumo and a draw are applied by ``Outcome.apply`` itself, natively.
APPLY: Final[dict[type, Callable[..., Outcome]]] = {
    Nagashi: Outcome.nagashi,
    Abortive: Outcome.abortive,
    Chombo: Outcome.chombo,
}

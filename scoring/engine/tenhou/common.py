"""What Tenhou's two log formats share: the facts of a game, and the record made of them.

Each reader (``mjlog`` for the XML, ``tenhou6`` for the JSON) turns its text into a ``Game`` of
plain facts: who sat where, each hand's dealer, honba, paid riichi sticks and results, with the
score changes the log wrote down. ``game_record`` turns those facts into a ``tenbou-game/1``
record. Amounts are never copied into the record: the engine recomputes them under the
``tenhou`` or ``tenhou_sanma`` preset. Where the log tells a fact only through its amounts (who
won a nagashi mangan, how much of a pao yakuman the responsible player paid, a yakuman multiple)
it is read back from them here, the same way for both formats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import RecordError

Record = dict[str, Any]

YAKUMAN_BASE = 8000  # a non-dealer's yakuman tsumo share: 8000 (16000 to or from the dealer)
NAGASHI_BASE = 2000  # nagashi mangan is paid like a mangan tsumo
WINDS = "ESWN"
# Tenhou's ranked rules by number of players: the preset, and the extension's target (西入 to
# 30000, three-player 40000: the return points).
PRESET = {4: "tenhou", 3: "tenhou_sanma"}
EXTENSION_TARGET = {4: 30000, 3: 40000}


class TenhouLogError(RecordError):
    """A text that is no Tenhou log this importer can read, or a log it cannot play.

    A RecordError of the field ``log``. ``code`` names the sentence the app translates
    (``scoring.engine.errors.ERROR_CODES``); the catch-all ``tenhou_log`` carries ``detail``,
    the importer's English words about what it met. A hand's error names the hand and round.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "tenhou_log",
        params: dict[str, object] | None = None,
        hand: int | None = None,
        label: str | None = None,
    ) -> None:
        if params is None:
            params = {"detail": message} if code == "tenhou_log" else {}
        super().__init__(message, hand=hand, label=label, field="log", code=code, params=params)

    def placed(self, hand: int, label: str | None) -> TenhouLogError:
        """The same error, said of a hand (``hand 3 (S1-2): ...``)."""
        if self.hand is not None:
            return self
        return TenhouLogError(
            self.message, code=self.code or "tenhou_log", params=self.params, hand=hand, label=label
        )


@dataclass(frozen=True)
class Win:
    """One winner's facts: ``points`` is the win's worth as Tenhou states it (a ron's value, or a
    tsumo's shares added up, honba and sticks left out); ``changes`` every seat's score change
    by this win, honba and sticks included."""

    winner: int
    discarder: int
    han: int
    fu: int
    dora: int
    yakuman: bool
    points: int
    changes: list[int]
    pao: int | None = None
    open: bool = False


@dataclass(frozen=True)
class Draw:
    """A hand without a winner: ``kind`` is ``draw``, ``nagashi`` or an abortive kind."""

    kind: str
    tenpai: list[int]
    changes: list[int]


@dataclass
class Hand:
    number: int
    round_index: int  # Tenhou's 局 counter: 0-3 East 1-4, 4-7 South 1-4 ... (sanma skips 3, 7)
    honba: int
    dealer: int
    start: list[int] = field(default_factory=list)  # the scores the log starts it from
    riichi: list[int] = field(default_factory=list)
    wins: list[Win] = field(default_factory=list)
    draw: Draw | None = None

    @property
    def label(self) -> str:
        """``E1-0``: the round and honba, as the engine names a hand."""
        return f"{WINDS[self.round_index // 4 % 4]}{self.round_index % 4 + 1}-{self.honba}"


@dataclass
class Game:
    players: int
    east_only: bool
    names: list[str]
    unrounded: bool
    hands: list[Hand]
    final_scores: list[int]  # as the log ends it: scores after leftover sticks, and points
    final_points: list[float]


def game_record(game: Game) -> Record:
    """The ``tenbou-game/1`` record of the facts a reader gathered."""
    return {
        "format": "tenbou-game/1",
        "ruleset": ruleset(game),
        "players": distinct_names(game.names),
        "hands": [hand_record(hand, game.players) for hand in game.hands],
    }


def replay_difference(
    game: Game, scores_after: Sequence[Sequence[int]], final: tuple[Any, Any] | None
) -> TenhouLogError | None:
    """Where a replay of the record leaves the log's own figures, as an error naming the hand
    (``scores_after``: each hand's scores; ``final``: the settled scores and points), or None.

    Each hand must leave the scores the next one starts from, and the game must end where and
    as the log ends it: an import under Tenhou's rules that Tenhou did not play is refused.
    """
    for hand, after, following in zip(game.hands, scores_after, game.hands[1:], strict=False):
        if list(after) != following.start:
            return TenhouLogError(
                f"the replay leaves {list(after)}, the next hand starts from {following.start}",
                code="log_replay_scores",
                params={"ours": _scores(after), "theirs": _scores(following.start)},
                hand=hand.number,
                label=hand.label,
            )
    theirs = (game.final_scores, game.final_points)
    if final is None or (list(final[0]), [float(p) for p in final[1]]) != theirs:
        ours = "—" if final is None else f"{_scores(final[0])} / {_points(final[1])}"
        return TenhouLogError(
            f"the replay ends with {ours}, the log with {theirs}",
            code="log_replay_final",
            params={"ours": ours, "theirs": f"{_scores(theirs[0])} / {_points(theirs[1])}"},
        )
    return None


def _scores(scores: Sequence[int]) -> str:
    return ", ".join(f"{score:,}" for score in scores)


def _points(points: Sequence[float]) -> str:
    return ", ".join(f"{float(value):+.1f}" for value in points)


def ruleset(game: Game) -> Record:
    """Tenhou's ranked preset for the player count; East-only (tonpuu) plays South as its
    extension; a log settled without rounding (points with tenths) is settled so."""
    options: Record = {"preset": PRESET[game.players]}
    if game.east_only:
        options["rounds"] = ["E"]
        options["extension"] = {
            "target": EXTENSION_TARGET[game.players],
            "winds": ["S"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        }
    if game.unrounded:
        options["rounding"] = {"mode": "none"}
    return options


def distinct_names(names: list[str]) -> list[str]:
    """An empty name becomes "Seat N", a repeated one "X (2)"."""
    taken: list[str] = []
    for seat, given in enumerate(names):
        name = given.strip() or f"Seat {seat + 1}"
        unique, count = name, 1
        while unique in taken:
            count += 1
            unique = f"{name} ({count})"
        taken.append(unique)
    return taken


def points_with_tenths(points: list[float]) -> bool:
    """Newer logs settle without rounding: their final points have tenths."""
    return any(not float(value).is_integer() for value in points)


def hand_record(hand: Hand, players: int) -> Record:
    try:
        if hand.wins and hand.draw is not None:
            raise TenhouLogError(
                "the hand has both a win and a draw", code="log_hand_results", params={}
            )
        if hand.wins:
            result = _win(hand, players)
        elif hand.draw is not None:
            result = _draw(hand.draw, hand, players)
        else:
            raise TenhouLogError("the hand has no result", code="log_hand_no_result")
    except TenhouLogError as error:
        raise error.placed(hand.number, hand.label) from None
    return {"riichi": list(hand.riichi), "result": result}


def _win(hand: Hand, players: int) -> Record:
    wins = hand.wins
    discarders = {win.discarder for win in wins}
    if len(discarders) != 1:
        raise TenhouLogError(
            "the wins of one hand name different discarders", code="log_hand_results"
        )
    (discarder,) = discarders
    winners = [win.winner for win in wins]
    if winners == [discarder]:
        return {"type": "tsumo", "winner": discarder, **_value(wins[0], hand, players, hand.honba)}
    if discarder in winners or len(set(winners)) != len(winners):
        raise TenhouLogError(
            "the wins repeat a winner or mix a tsumo with rons", code="log_hand_results"
        )
    # Only the first winner in turn order from the discarder collects the honba (上家取り).
    first = min(winners, key=lambda seat: (seat - discarder) % players)
    rons = [
        {
            "winner": win.winner,
            **_value(win, hand, players, hand.honba if win.winner == first else 0),
        }
        for win in wins
    ]
    return {"type": "ron", "from": discarder, "wins": rons}


def _value(win: Win, hand: Hand, players: int, honba: int) -> Record:
    """The win's value (han and fu, or a yakuman multiple), with pao and the statistics."""
    value: Record
    if win.yakuman:
        value = {"yakuman": _yakuman_multiple(win, hand.dealer, players)}
    else:
        value = {"han": win.han, "fu": win.fu, "dora": win.dora}
    if win.pao is not None and win.pao != win.winner:
        value |= _pao(win, value.get("yakuman"), hand.dealer, honba, players)
    value["open"] = win.open  # the log shows every call, so closed is known too
    return value


def _yakuman_worth(players: int, *, dealer_won: bool, tsumo: bool) -> int:
    """One yakuman as Tenhou states a win's points: a ron's value, or a tsumo's shares added
    up (three players: the absent seat's share is not paid, ツモ損)."""
    if not tsumo or players == 4:
        return YAKUMAN_BASE * (6 if dealer_won else 4)
    return YAKUMAN_BASE * (4 if dealer_won else 3)


def _yakuman_multiple(win: Win, dealer: int, players: int) -> float:
    """Read from the points, not the yakuman names: Tenhou pays some single yakuman double."""
    tsumo = win.winner == win.discarder
    unit = _yakuman_worth(players, dealer_won=win.winner == dealer, tsumo=tsumo)
    halves, rest = divmod(2 * win.points, unit)
    if rest or halves < 1:
        raise TenhouLogError(
            f"a yakuman worth {win.points} is not a whole number of half yakuman",
            code="log_hand_payments",
            params={"changes": _shown(win.changes, players)},
        )
    return halves // 2 if halves % 2 == 0 else halves / 2


def _pao(win: Win, yakuman: float | None, dealer: int, honba: int, players: int) -> Record:
    """The responsible seat (包), with ``pao_yakuman`` where Tenhou charged only part to it."""
    pao = win.pao
    assert pao is not None
    if not 0 <= pao < players:
        raise TenhouLogError(f"the responsible seat {pao} is not a seat of this game")
    ron_by_pao = pao == win.discarder != win.winner
    if yakuman is None or ron_by_pao:
        return {"pao": pao}  # nothing to split: the discarder pays all anyway
    charged = _pao_yakuman(win, pao, yakuman, dealer, honba, players)
    if charged == yakuman:
        return {"pao": pao}
    if not 0 < charged < yakuman or (2 * charged) % 1:
        raise TenhouLogError(
            f"pao by seat {pao}: what the responsible player paid fits no part of the yakuman",
            code="log_hand_payments",
            params={"changes": _shown(win.changes, players)},
        )
    return {"pao": pao, "pao_yakuman": int(charged) if charged.is_integer() else charged}


def _pao_yakuman(
    win: Win, pao: int, yakuman: float, dealer: int, honba: int, players: int
) -> float:
    """How many yakuman the payment of the responsible player stands for, read as rulesets.md
    says Tenhou pays: at a tsumo its part whole with all the honba, plus its usual share of the
    rest; at a ron half its part and the honba (the discarder pays the other half)."""
    paid = -win.changes[pao]
    honba_paid = 100 * (players - 1) * honba
    dealer_won = win.winner == dealer
    if win.winner != win.discarder:
        whole = _yakuman_worth(players, dealer_won=dealer_won, tsumo=False)
        return (paid - honba_paid) / (whole / 2)
    whole = _yakuman_worth(players, dealer_won=dealer_won, tsumo=True)
    share = tsumo_share(YAKUMAN_BASE, win.winner, pao, dealer)
    return (paid - honba_paid - yakuman * share) / (whole - share)


def tsumo_share(base: int, winner: int, payer: int, dealer: int) -> int:
    return base * 2 if dealer in (winner, payer) else base


def _draw(draw: Draw, hand: Hand, players: int) -> Record:
    if draw.kind == "draw":
        return {"type": "draw", "tenpai": draw.tenpai}
    if draw.kind == "nagashi":
        winners = _nagashi_winners(draw.changes, hand.dealer, hand.honba, players)
        return {"type": "nagashi", "winners": winners, "tenpai": draw.tenpai}
    return {"type": "abortive", "kind": draw.kind}


def _nagashi_winners(changes: list[int], dealer: int, honba: int, players: int) -> list[int]:
    """The log names no nagashi player: they are the seats the score changes pay a mangan
    tsumo (without honba, or with it, should Tenhou ever pay it)."""
    winners = [seat for seat, change in enumerate(changes) if change > 0]
    if winners and any(
        nagashi_changes(winners, dealer, bonus, players) == changes for bonus in (0, 100 * honba)
    ):
        return winners
    raise TenhouLogError(
        f"the score changes {changes} are no nagashi mangan payment",
        code="log_hand_payments",
        params={"changes": _shown(changes, players)},
    )


def nagashi_changes(winners: list[int], dealer: int, bonus: int, players: int) -> list[int]:
    changes = [0] * players
    for winner in winners:
        for payer in range(players):
            if payer != winner:
                amount = tsumo_share(NAGASHI_BASE, winner, payer, dealer) + bonus
                changes[payer] -= amount
                changes[winner] += amount
    return changes


def _shown(changes: list[int], players: int) -> str:
    return ", ".join(f"{change:+d}" for change in changes[:players])

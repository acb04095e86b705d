"""The derived rows, rebuilt from a game's replay in the transaction that changes its inputs:
``HandStat`` (each seat's part in each hand: won, dealt in, riichi, tenpai, yaku ...) and
``GameResult`` (each seat's final score, rank and points, only while the game is finished).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clubs.models import Player
from scoring.engine.hand import RawTransfer
from scoring.models import Game, GameResult, GameStatus, HandStat
from scoring.services.reading import GameState


def _seat_players(game: Game) -> list[Player]:
    return [seat.player for seat in sorted(game.seats.all(), key=lambda seat: seat.seat)]


def hand_stats(game: Game, state: GameState, first: int) -> list[HandStat]:
    players = _seat_players(game)
    stats = []
    rows = state.replay.hands[first - 1 :]
    # The raw tuples, not ``replay.transfers``: that would build every hand's Transfer objects
    # on each hand posted, to read only the new hand's.
    transfers = state.replay.raw_transfers[first - 1 :]
    for number, (hand, row, paid) in enumerate(
        zip(state.hands[first - 1 :], rows, transfers, strict=True), first
    ):
        roles = _roles(hand)
        values = _win_values(paid)
        for seat, player in enumerate(players):
            stats.append(
                HandStat(
                    game=game,
                    hand_number=number,
                    seat=seat,
                    player=player,
                    delta=row.deltas[seat],
                    score_after=row.scores[seat],
                    dealer=row.dealer == seat,
                    riichi=seat in hand.get("riichi", []),
                    won=seat in roles["won"],
                    tsumo=seat in roles["tsumo"],
                    dealt_in=seat in roles["dealt_in"],
                    outcome=hand["result"]["type"],
                    value=values.get(seat, 0),
                    tenpai=seat in roles["tenpai"],
                    open=roles["open"].get(seat),
                    yaku=roles["yaku"].get(seat, []),
                    dora=roles["dora"].get(seat),
                    penalty=seat in roles["penalty"],
                )
            )
    return stats


def _roles(hand: dict[str, Any]) -> dict[str, Any]:
    """Who won, by tsumo or not, who dealt in (放銃), who was tenpai at a draw, whose win was
    open (副露, where recorded), its yaku and dora, and who took a penalty. Nagashi mangan is
    not a win here."""
    result = hand["result"]
    kind = result["type"]
    wins = result.get("wins", [result] if kind == "tsumo" else [])
    events = hand.get("events", [])
    return {
        "won": {win["winner"] for win in wins},
        "tsumo": {result["winner"]} if kind == "tsumo" else set(),
        "dealt_in": {result["from"]} if kind == "ron" else set(),
        "tenpai": set(result.get("tenpai", ())) if kind in ("draw", "nagashi") else set(),
        "open": {win["winner"]: bool(win["open"]) for win in wins if "open" in win},
        "yaku": {win["winner"]: list(win["yaku"]) for win in wins if win.get("yaku")},
        "dora": {win["winner"]: int(win["dora"]) for win in wins if win.get("dora") is not None},
        "penalty": ({result["seat"]} if kind == "chombo" else set())
        | {event["seat"] for event in events if event["type"] in ("dead_hand", "deposit")},
    }


def _win_values(transfers: Sequence[RawTransfer]) -> dict[int, int]:
    """Each seat's win payments received (+) or paid as the discarder or pao (-), honba and
    sticks left out: what the hand was worth (和了点, 放銃点)."""
    values: dict[int, int] = {}
    for payer, receiver, amount, kind in transfers:
        if kind != "win":
            continue
        if receiver is not None:
            values[receiver] = values.get(receiver, 0) + amount
        if payer is not None:
            values[payer] = values.get(payer, 0) - amount
    return values


def rebuild_hand_stats(game: Game, state: GameState, first: int = 1) -> None:
    """Rebuild the stats of hand ``first`` and after (the ones before cannot have changed)."""
    HandStat.objects.filter(game=game, hand_number__gte=first).delete()
    HandStat.objects.bulk_create(hand_stats(game, state, first))


def game_results(game: Game, state: GameState) -> list[GameResult]:
    """The result rows a game should have: one per seat while it is finished, else none."""
    final = state.replay.final
    if game.status != GameStatus.FINISHED or final is None:
        return []
    tobi = state.rules.tobi
    penalties = _penalty_counts(state)
    chips = state.replay.chips
    return [
        GameResult(
            game=game,
            seat=seat.seat,
            player=player,
            final_score=seat.final_score,
            rank=seat.rank,
            points=f"{seat.points:.1f}",
            busted=tobi.busted(seat.score) if tobi.enabled else seat.score < 0,
            penalties=penalties.get(seat.seat, 0),
            chips=0 if chips is None else chips.chips[seat.seat],
            chip_points=f"{0 if chips is None else chips.chip_points[seat.seat]:.1f}",
        )
        for seat, player in zip(final.seats, _seat_players(game), strict=True)
    ]


def _penalty_counts(state: GameState) -> dict[int, int]:
    """Penalties per seat: chombo, dead hands and deposits in the hands, then the settlement's."""
    counts: dict[int, int] = {}
    for hand in state.hands:
        for seat in _roles(hand)["penalty"]:
            counts[seat] = counts.get(seat, 0) + 1
    for penalty in state.document.get("settlement_penalties") or []:
        counts[penalty["seat"]] = counts.get(penalty["seat"], 0) + 1
    return counts


def rebuild_results(game: Game, state: GameState) -> None:
    GameResult.objects.filter(game=game).delete()
    GameResult.objects.bulk_create(game_results(game, state))


def expected_hand_stats(game: Game, state: GameState) -> list[HandStat]:
    """Every hand's stat rows as the game's inputs give them (for ``rebuild_results``)."""
    return hand_stats(game, state, 1)

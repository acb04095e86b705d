"""Reading a game: ``games()`` (the query every game page reads), ``GameState`` (a game with
its record and the engine's replay), and the previews a page shows before anything is saved
(a hand added or fixed, a hand deleted, an early end, final scores). Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scoring.engine import GameReplay, RecordError, place_error, read_record, replay
from scoring.engine import Ruleset as Rules
from scoring.models import Game

Document = dict[str, Any]


@dataclass(frozen=True)
class GameState:
    """A game with its record (``tenbou-game/1``) and the engine's replay of it."""

    game: Game
    document: Document
    rules: Rules
    replay: GameReplay
    version: int  # the game's version when the document was read

    @property
    def players(self) -> list[str]:
        return self.document["players"]

    @property
    def hands(self) -> list[dict[str, Any]]:
        return self.document["hands"]


def replay_document(document: Document) -> GameReplay:
    """The engine's replay of a document that belongs to no game yet (raises ``RecordError``)."""
    return replay(read_record(document))


def evaluate(game: Game, document: Document, require_end: bool = False) -> GameState:
    """The engine's replay of ``document`` (raises ``RecordError``, placed in its round)."""
    try:
        record = read_record(document)
    except RecordError as error:
        raise place_error(document, error) from None
    replayed = replay(record, require_end=require_end)
    return GameState(game, document, record.ruleset, replayed, game.version if game else 0)


def game_state(game: Game) -> GameState:
    """The game as it stands (the engine's replay of its stored record)."""
    return evaluate(game, game.record())


def with_hands(state: GameState, hands: list[dict[str, Any]]) -> Document:
    return {**state.document, "hands": hands}


def preview_hand(state: GameState, hand: dict[str, Any], number: int | None = None) -> GameState:
    """The game with ``hand`` appended (or put in place of hand ``number``); saves nothing."""
    return evaluate(state.game, with_hands(state, _placed(state.hands, hand, number)))


def preview_deletion(state: GameState, number: int) -> GameState:
    return evaluate(state.game, with_hands(state, state.hands[: number - 1] + state.hands[number:]))


def state_before(state: GameState, number: int) -> GameReplay:
    """The replay of the hands before hand ``number``: the table as that hand began.

    A referee's early end comes after the last hand, so it is left out here: without it, the
    table before hand 1 of a game ended early would already be over.
    """
    earlier = with_hands(state, state.hands[: number - 1])
    earlier.pop("forced_end", None)
    return evaluate(state.game, earlier).replay


def preview_end_early(state: GameState, reason: str) -> GameState:
    return evaluate(state.game, {**state.document, "forced_end": {"reason": reason}})


def preview_final_scores(state: GameState, scores: Sequence[int], deposits: int) -> GameState:
    return evaluate(state.game, _final_scores_document(state.document, scores, deposits))


def _placed(hands: list[dict[str, Any]], hand: dict[str, Any], number: int | None) -> list[Any]:
    if number is None:
        return [*hands, hand]
    return [*hands[: number - 1], hand, *hands[number:]]


def _final_scores_document(document: Document, scores: Sequence[int], deposits: int) -> Document:
    changed = {**document, "final_scores": list(scores)}
    changed.pop("final_deposits", None)
    if deposits:
        changed["final_deposits"] = deposits
    return changed


def games() -> QuerySet[Game]:
    """Games with what ``Game.record()`` and the game pages read, in one query: the seats (with
    their players) and the hands come in each game's row."""
    return Game.objects.select_related("club", "ruleset_version__ruleset").with_seats_and_hands()

"""The end of a game and what comes after it: confirm the settlement (終局), end early, final
scores only (素点入力), chips counted at the end (祝儀), reopen; an admin's void (取消) and move
to another league. Each is one transaction; a finished game's ``GameResult`` rows follow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import League
from scoring.models import Game, GameStatus
from scoring.services.changes import begin_change, require_ongoing, save_change, snapshot
from scoring.services.derived import rebuild_results
from scoring.services.errors import GameClosed, GameError
from scoring.services.reading import (
    GameState,
    evaluate,
    game_state,
    preview_end_early,
    preview_final_scores,
)
from scoring.services.starting import check_league


def _finish(
    game: Game,
    version: int,
    key: str | None,
    user: Any,
    action: str,
    change: Callable[[Game, GameState], tuple[GameState, list[str], str]],
) -> GameState:
    """The common path of every change that leaves the game finished (終局)."""
    game, state, done = begin_change(game, version, key, None)
    if done:
        return state
    require_ongoing(game)
    before = snapshot(game)
    new, fields, detail = change(game, state)
    game.status = GameStatus.FINISHED
    save_change(game, [*fields, "status"], action, detail, user, key, before=before)
    rebuild_results(game, new)
    return replace(new, game=game, version=game.version)


@transaction.atomic
def finish_game(game: Game, *, version: int, key: str | None, user: Any = None) -> GameState:
    """Confirm the settlement of a game the engine says has ended."""

    def change(game: Game, state: GameState) -> tuple[GameState, list[str], str]:
        ended = evaluate(game, state.document, require_end=True)
        return ended, [], ended.replay.final.ended_by  # type: ignore[union-attr]

    return _finish(game, version, key, user, "finished", change)


@transaction.atomic
def end_game_early(
    game: Game, *, reason: str, version: int, key: str, user: Any = None
) -> GameState:
    """A referee's or a time limit's end (``forced_end``): settled as it stands."""

    def change(game: Game, state: GameState) -> tuple[GameState, list[str], str]:
        if state.document.get("final_scores") is not None:
            raise GameClosed(_("A score-only game is ended by entering its final scores."))
        new = preview_end_early(state, reason)
        game.forced_end, game.forced_end_reason = True, reason
        return new, ["forced_end", "forced_end_reason"], reason

    return _finish(game, version, key, user, "ended_early", change)


@transaction.atomic
def record_final_scores(
    game: Game,
    *,
    scores: Sequence[int],
    deposits: int = 0,
    version: int,
    key: str,
    user: Any = None,
) -> GameState:
    """Score-only entry (素点入力): the final scores and leftover sticks, checked and settled."""

    def change(game: Game, state: GameState) -> tuple[GameState, list[str], str]:
        if state.hands:
            raise GameClosed(_("This game has hands: its scores come from them."))
        new = preview_final_scores(state, scores, deposits)
        game.final_scores, game.final_deposits = list(scores), deposits
        detail = " ".join(str(score) for score in scores)
        return new, ["final_scores", "final_deposits"], detail

    return _finish(game, version, key, user, "final_scores", change)


@transaction.atomic
def record_chips_final(
    game: Game,
    *,
    chips: Sequence[int] | None,
    version: int,
    key: str,
    user: Any = None,
) -> GameState:
    """祝儀 counted at the end (each seat's net chips; None: back to the hands' chips), on an
    ongoing or a finished game: checked by the engine, and a finished game's results rebuilt."""
    game, state, done = begin_change(game, version, key, None)
    if done:
        return state
    if game.status == GameStatus.VOIDED:
        raise GameClosed(_("This game was voided and cannot be changed."))
    if state.rules.chips is None:
        raise GameError(_("This game's ruleset has no chips."))
    before = snapshot(game)
    document = {k: v for k, v in state.document.items() if k != "chips_final"}
    if chips is not None:
        document["chips_final"] = list(chips)
    new = evaluate(game, document)
    game.chips_final = None if chips is None else list(chips)
    detail = "" if chips is None else " ".join(str(count) for count in chips)
    save_change(game, ["chips_final"], "chips_final", detail, user, key, before=before)
    if game.status == GameStatus.FINISHED:
        rebuild_results(game, new)
    return replace(new, game=game, version=game.version)


@transaction.atomic
def reopen_game(
    game: Game, *, version: int, key: str, reason: str = "", user: Any = None
) -> GameState:
    """A finished game back to in progress (recorded in the log); an early end is undone."""
    game, state, done = begin_change(game, version, key, None)
    if done:
        return state
    if game.status != GameStatus.FINISHED:
        raise GameClosed(_("Only a finished game can be reopened."))
    before = snapshot(game)
    game.status = GameStatus.ONGOING
    game.forced_end, game.forced_end_reason = False, ""
    fields = ["status", "forced_end", "forced_end_reason"]
    save_change(game, fields, "reopened", reason, user, key, before=before)
    rebuild_results(game, state)
    return game_state(game)


@transaction.atomic
def void_game(game: Game, *, reason: str, version: int, key: str, user: Any = None) -> GameState:
    """An admin's void (取消): the game is kept with its reason, out of every standing."""
    if not reason.strip():
        raise GameError(_("Say why the game is voided."))
    game, state, done = begin_change(game, version, key, None)
    if done:
        return state
    if game.status == GameStatus.VOIDED:
        raise GameClosed(_("This game was voided already."))
    before = snapshot(game)
    game.status, game.void_reason = GameStatus.VOIDED, reason.strip()
    save_change(game, ["status", "void_reason"], "voided", reason, user, key, before=before)
    rebuild_results(game, state)
    return state


@transaction.atomic
def move_to_league(
    game: Game, league: League | None, *, version: int, key: str, user: Any = None
) -> GameState:
    """An admin's move of a game to another league (or to none), logged like every change.

    Moving changes no result of the game, only which standings count it.
    """
    check_league(game.club, league)
    game, state, done = begin_change(game, version, key, None)
    if done:
        return state
    was = game.league.name if game.league else None
    game.league = league
    now = league.name if league else None
    detail = f"{was or '-'} -> {now or '-'}"
    save_change(
        game,
        ["league"],
        "moved_league",
        detail,
        user,
        key,
        before={"league": was},
        after={"league": now},
    )
    return replace(state, game=game, version=game.version)

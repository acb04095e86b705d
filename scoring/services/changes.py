"""The steps every change of a game shares, in order.

``begin_change`` takes the game's version (locking its row until the transaction ends) and
answers a retried form key as done; ``require_ongoing`` refuses a finished or voided game; the
caller replays the record with its change BEFORE saving anything (an engine ``RecordError``
leaves the database as it was); ``save_change`` saves the changed fields and writes the
``GameLog`` entry with what was replaced (``snapshot``) and what was put in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Game, GameLog, GameStatus
from scoring.services.errors import GameClosed, GameConflict
from scoring.services.reading import GameState, game_state, games


def lock_game(game: Game) -> int:
    """Lock the game row until the transaction ends; its version now.

    The form's key is looked up in a statement of its own, after the lock: under READ
    COMMITTED a subquery of the locking statement would see the log as it was before the wait,
    and a retry racing its original would get a conflict instead of its hand.
    """
    return Game.objects.select_for_update().values_list("version", flat=True).get(pk=game.pk)


def done_before(game: Game, key: str | None) -> bool:
    """Whether the change sent with this form key was made (a retry is answered as a success)."""
    return bool(key) and GameLog.objects.filter(game=game, idempotency_key=key).exists()


def begin_change(
    game: Game, version: int, key: str | None, seen: GameState | None
) -> tuple[Game, GameState, bool]:
    """Take the game at ``version``: (game, current state, whether this key's change was made).

    The change's version is taken first, in one statement: the game moves from ``version`` to
    the next one only if it is still there, which also locks its row until the transaction
    ends (a change refused later is rolled back with it). A state ``seen`` by the caller at
    that version is the current one: reused, not read again. A form sent at the version taken
    was not stored before (every stored change moved the version on), so its key is looked up
    only when the version had moved on: a retry of a stored change, or another tablet's change.
    """
    taken = Game.objects.filter(pk=game.pk, version=version).update(
        version=version + 1, updated_at=timezone.now()
    )
    if not taken:
        lock_game(game)
        fresh = game_state(games().get(pk=game.pk))
        if done_before(fresh.game, key):
            return fresh.game, fresh, True
        raise GameConflict(fresh)
    if seen is None or seen.version != version or seen.game.pk != game.pk:
        seen = game_state(games().get(pk=game.pk))
    seen.game.version = version + 1
    return seen.game, seen, False


def require_ongoing(game: Game) -> None:
    if game.status == GameStatus.FINISHED:
        raise GameClosed(_("This game is finished: reopen it to change it."))
    if game.status == GameStatus.VOIDED:
        raise GameClosed(_("This game was voided and cannot be changed."))


def save_change(
    game: Game,
    fields: Sequence[str],
    action: str,
    detail: str,
    user: Any,
    key: str | None,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Save the changed fields (the version was taken by ``begin_change``), and log the change.

    The log keeps what the change replaced and what it put in place (a hand, or the game's
    changed fields: ``before`` is a ``snapshot`` then, and the fields that differ are kept).
    """
    if fields:
        game.save(update_fields=[*fields, "updated_at"])
    if before is not None and after is None:
        now = snapshot(game)
        changed = [name for name in now if now[name] != before.get(name)]
        before, after = {n: before[n] for n in changed}, {n: now[n] for n in changed}
    GameLog.objects.create(
        game=game,
        action=action,
        detail=detail[:300],
        user=acting_user(user),
        idempotency_key=key or None,
        before=before,
        after=after,
    )


def snapshot(game: Game) -> dict[str, Any]:
    """The game's own inputs beyond its hands, as the log compares them before and after."""
    return {
        "status": game.status,
        "forced_end": game.forced_end,
        "forced_end_reason": game.forced_end_reason,
        "final_scores": game.final_scores,
        "final_deposits": game.final_deposits,
        "void_reason": game.void_reason,
        "chips_final": game.chips_final,
    }


def acting_user(user: Any) -> Any:
    return user if user is not None and user.is_authenticated else None


def hand_label(state: GameState, number: int) -> str:
    row = state.replay.hands[number - 1]
    return f"hand {number} ({row.round}-{row.honba})"

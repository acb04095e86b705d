"""The hands of a game: ``record_hand``, ``edit_hand``, ``delete_hand`` (one transaction each),
and ``post_hand``, the whole of a hand posted from the hand screen in one call: the game read,
the posted form read against it, a retried form answered as done, the hand stored, and what
came of it (``HandPost``) handed back for the view to draw.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from scoring.engine import RecordError
from scoring.models import Game, Hand, HandStat
from scoring.services.changes import (
    begin_change,
    done_before,
    hand_label,
    require_ongoing,
    save_change,
)
from scoring.services.derived import hand_stats, rebuild_hand_stats
from scoring.services.errors import GameClosed, GameConflict, GameError, NoSuchHand
from scoring.services.reading import GameState, game_state, games, preview_deletion, preview_hand


@transaction.atomic
def record_hand(
    game: Game,
    hand: dict[str, Any],
    *,
    version: int,
    key: str | None,
    user: Any = None,
    seen: GameState | None = None,
) -> GameState:
    """Add the next hand. A retried submit (same ``key``) is stored once.

    ``seen``: the state the caller read the game in (reused if it is still the current one).
    """
    game, state, done = begin_change(game, version, key, seen)
    if done:
        return state
    require_ongoing(game)
    if state.replay.final is not None:
        raise GameClosed(_("The game has ended: confirm the settlement, or fix a hand."))
    new = preview_hand(state, hand)
    number = len(new.hands)
    Hand.objects.create(game=game, number=number, data=hand, idempotency_key=key)
    save_change(game, [], "recorded_hand", hand_label(new, number), user, key, after={"hand": hand})
    HandStat.objects.bulk_create(hand_stats(game, new, number))  # a new hand: nothing to drop
    return replace(new, game=game, version=game.version)


@transaction.atomic
def edit_hand(
    game: Game,
    number: int,
    hand: dict[str, Any],
    *,
    version: int,
    key: str | None,
    user: Any = None,
    seen: GameState | None = None,
) -> GameState:
    """Put ``hand`` in place of hand ``number``; the later hands are replayed after it."""
    game, state, done = begin_change(game, version, key, seen)
    if done:
        return state
    require_ongoing(game)
    stored = _stored_hand(game, number)
    new = preview_hand(state, hand, number)
    replaced, stored.data = stored.data, hand
    stored.save(update_fields=["data", "updated_at"])
    save_change(
        game,
        [],
        "edited_hand",
        hand_label(new, number),
        user,
        key,
        before={"hand": replaced},
        after={"hand": hand},
    )
    rebuild_hand_stats(game, new, number)
    return replace(new, game=game, version=game.version)


@transaction.atomic
def delete_hand(game: Game, number: int, *, version: int, key: str, user: Any = None) -> GameState:
    """Remove hand ``number``; the later hands move up one and are replayed."""
    game, state, done = begin_change(game, version, key, None)
    if done:
        return state
    require_ongoing(game)
    stored = _stored_hand(game, number)
    label = hand_label(state, number)
    new = preview_deletion(state, number)
    stored.delete()
    for later in Hand.objects.filter(game=game, number__gt=number).order_by("number"):
        later.number -= 1  # one by one, upwards: (game, number) stays unique at every step
        later.save(update_fields=["number"])
    save_change(game, [], "deleted_hand", label, user, key, before={"hand": stored.data}, after={})
    rebuild_hand_stats(game, new, number)
    return replace(new, game=game, version=game.version)


def _stored_hand(game: Game, number: int) -> Hand:
    for hand in game.hands.all():
        if hand.number == number:
            return hand
    raise NoSuchHand(_("Hand %(number)s is not in this game.") % {"number": number})


# -- a hand posted from the hand screen -----------------------------------------------------


class PostOutcome(enum.Enum):
    """What came of a hand posted from the hand screen."""

    STORED = "stored"  # stored now, or by the original of a retried form
    NO_SUCH_HAND = "no_such_hand"  # the number is not a hand of the game
    ENDED = "ended"  # no next hand: the game has ended (``state`` read afresh)
    INVALID = "invalid"  # the form refused its inputs
    REFUSED = "refused"  # the engine refused the hand (``error``: its ``RecordError``)
    CONFLICT = "conflict"  # another tablet changed the game (``state``: the fresh one)
    CLOSED = "closed"  # the app refused the change (``error``; ``state`` read afresh)
    NOT_SAVED = "not_saved"  # the database failed: nothing was saved, the hand is kept as typed


class PostedHand(Protocol):
    """The hand screen's form read against the game: once valid, its ``cleaned_data`` has the
    ``hand`` (a ``tenbou-game/1`` hand object), the ``version`` the tablet saw and the ``key``."""

    cleaned_data: dict[str, Any]

    def is_valid(self) -> bool: ...


Form = TypeVar("Form", bound=PostedHand)


@dataclass(frozen=True)
class HandPost(Generic[Form]):
    """What a hand post came to, and the game to draw it on: the game as the hand left it when
    stored, read afresh after a conflict or a refusal, else as it was read for the post."""

    outcome: PostOutcome
    state: GameState
    form: Form | None = None  # None when the post was answered before its form was read
    error: Exception | None = None


def post_hand(
    game: Game,
    number: int | None,
    read: Callable[[GameState], Form],
    *,
    sent_version: str | None,
    sent_key: str | None,
    user: Any = None,
) -> HandPost[Form]:
    """A hand posted from the hand screen: the next hand, or a new version of hand ``number``.

    ``game`` is as ``games()`` reads it; ``read`` reads the posted form against the game as it
    stands (the view's ``HandForm``: the rules, the table and the names come from the game).
    The hand is stored by ``record_hand`` or ``edit_hand``, in their transaction, from the
    state read here: the answer is drawn from what was written, not read again.
    """
    state = game_state(game)
    # A stored change bumped the version, so a form sent at the version the game has now was
    # not stored before (the service checks the key again under the lock).
    retried = sent_version != str(state.game.version)
    if retried and done_before(state.game, sent_key):
        return HandPost(PostOutcome.STORED, state)  # a retry of a hand already stored
    if number is not None and not 1 <= number <= len(state.hands):
        return HandPost(PostOutcome.NO_SUCH_HAND, state)
    if state.replay.next_hand is None and number is None:
        # Read again: the game and its hands are separate reads, and a hand committed by
        # another tablet between them shows the end with the version before it.
        return HandPost(PostOutcome.ENDED, _read_again(game))
    form = read(state)
    if not form.is_valid():
        return HandPost(PostOutcome.INVALID, state, form)
    data = form.cleaned_data
    change = {"version": data["version"], "key": data["key"], "user": user, "seen": state}
    try:
        if number is None:
            changed = record_hand(state.game, data["hand"], **change)
        else:
            changed = edit_hand(state.game, number, data["hand"], **change)
    except RecordError as error:
        return HandPost(PostOutcome.REFUSED, state, form, error)
    except GameConflict as conflict:
        return HandPost(PostOutcome.CONFLICT, conflict.state, form, conflict)
    except GameError as error:
        return HandPost(PostOutcome.CLOSED, _read_again(game), form, error)
    except DatabaseError as error:  # the transaction is undone: the hand as typed, to send again
        return HandPost(PostOutcome.NOT_SAVED, state, form, error)
    return HandPost(PostOutcome.STORED, changed, form)


def _read_again(game: Game) -> GameState:
    """The game as it stands now, read afresh (the same query the view's lookup makes)."""
    return game_state(games().get(club=game.club, pk=game.pk))

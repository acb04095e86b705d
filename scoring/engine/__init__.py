"""Tenbou's scoring engine: pure Python, no Django.

Inputs are ``tenbou-game/1`` records (``shared/spec/game-record.md``); everything else (every
payment, rotation, the end of the game, the settlement) is derived here.
"""

from __future__ import annotations

from typing import Any

from .compiled import use_compiled_build

COMPILED_BUILD = use_compiled_build(__path__)  # before the first of them is imported

from .errors import RecordError  # noqa: E402
from .game import GameReplay, HandRow, NextHand, replay  # noqa: E402
from .hand import Transfer  # noqa: E402
from .record import GameRecord, read_record  # noqa: E402
from .rules import Ruleset, resolve_options, ruleset_from_spec  # noqa: E402
from .settlement import Final  # noqa: E402

__all__ = [
    "Final",
    "GameRecord",
    "GameReplay",
    "HandRow",
    "NextHand",
    "RecordError",
    "Ruleset",
    "Transfer",
    "place_error",
    "read_record",
    "replay",
    "replay_record",
    "resolve_options",
    "ruleset_from_spec",
]


def replay_record(document: Any, rules: Ruleset | None = None) -> dict[str, Any]:
    """A record document -> the replay output of ``game-record.md`` (without ``file``).

    ``rules``: replay under this ruleset instead of the document's own (see ``read_record``).
    """
    try:
        return replay(read_record(document, rules)).to_json()
    except RecordError as error:
        return {"ok": False, "error": place_error(document, error, rules).full_message}


def place_error(document: Any, error: RecordError, rules: Ruleset | None = None) -> RecordError:
    """A hand that could not be read, placed in its round (``hand 7 (S3-1): ...``).

    The round is known only by replaying the hands before it (under ``rules`` when given); if
    one of those cannot be played, that earlier hand's error is the one to report.
    """
    if error.hand is None or error.label is not None:
        return error
    hands = document["hands"][: error.hand - 1]
    before = {**document, "hands": hands, "final_scores": None, "forced_end": None}
    try:
        at = replay(read_record(before, rules)).next_hand
    except RecordError as earlier:
        return earlier if earlier.hand is not None else error
    if at is None:  # the game had ended: the hand has no round
        return error
    return RecordError(
        error.message,
        hand=error.hand,
        label=f"{at.round}-{at.honba}",
        field=error.field,
        code=error.code,
        params=error.params,
    )

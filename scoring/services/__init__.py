"""Changing a game: each function is one transaction, and the engine judges every change.

Every change follows the same steps: lock the game row (``select_for_update``), return at once
if the form's idempotency key was already used (a retried submit is done once), check the
version the tablet saw (a second tablet gets ``GameConflict`` with the fresh state instead of
overwriting), replay the whole record with the change BEFORE saving anything (an engine
``RecordError`` leaves the database as it was), then save the inputs, bump the version,
rebuild the derived rows (``HandStat``, ``GameResult``) and write a ``GameLog`` entry.

``GameResult`` rows exist exactly while a game is finished: standings read them, so a game in
progress, reopened or voided (取消) has none.

By what each does: ``reading`` (a game and its replay, previews that save nothing),
``errors`` (what the app refuses), ``changes`` (the steps every change shares), ``derived``
(the ``HandStat`` and ``GameResult`` rows), ``starting`` (a new game), ``hands`` (a hand
recorded, fixed, deleted; a hand post from the screen in one call), ``ending`` (the end of a
game, reopen, void, move), ``rebuild`` (derived rows checked against the inputs), ``imports``
(a Tenhou log, a whole record). The names below are the ones other modules call.
"""

from __future__ import annotations

from scoring.services.changes import done_before
from scoring.services.derived import expected_hand_stats, game_results
from scoring.services.ending import (
    end_game_early,
    finish_game,
    move_to_league,
    record_chips_final,
    record_final_scores,
    reopen_game,
    void_game,
)
from scoring.services.errors import GameClosed, GameConflict, GameError, NoSuchHand
from scoring.services.hands import (
    HandPost,
    PostOutcome,
    delete_hand,
    edit_hand,
    post_hand,
    record_hand,
)
from scoring.services.imports import (
    TENHOU_RULESET_NAMES,
    TenhouPreview,
    import_record,
    import_tenhou,
    preview_tenhou,
)
from scoring.services.reading import (
    Document,
    GameState,
    evaluate,
    game_state,
    games,
    preview_deletion,
    preview_end_early,
    preview_final_scores,
    preview_hand,
    replay_document,
    state_before,
    with_hands,
)
from scoring.services.rebuild import (
    DERIVED_GENERATION_KEY,
    Rebuilt,
    derived_generation,
    rebuild_derived,
)
from scoring.services.starting import start_game

__all__ = [
    "DERIVED_GENERATION_KEY",
    "TENHOU_RULESET_NAMES",
    "Document",
    "GameClosed",
    "GameConflict",
    "GameError",
    "GameState",
    "HandPost",
    "NoSuchHand",
    "PostOutcome",
    "Rebuilt",
    "TenhouPreview",
    "delete_hand",
    "derived_generation",
    "done_before",
    "edit_hand",
    "end_game_early",
    "evaluate",
    "expected_hand_stats",
    "finish_game",
    "game_results",
    "game_state",
    "games",
    "import_record",
    "import_tenhou",
    "move_to_league",
    "post_hand",
    "preview_deletion",
    "preview_end_early",
    "preview_final_scores",
    "preview_hand",
    "preview_tenhou",
    "rebuild_derived",
    "record_chips_final",
    "record_final_scores",
    "record_hand",
    "reopen_game",
    "replay_document",
    "start_game",
    "state_before",
    "void_game",
    "with_hands",
]

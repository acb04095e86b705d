"""The changes the app refuses before the engine is asked, with a message for the scorekeeper:
``GameError``, and its kinds ``GameConflict`` (another tablet changed the game: it carries the
fresh state), ``GameClosed`` (finished or voided) and ``NoSuchHand``. The engine's own refusals
are ``RecordError`` (``scoring.engine``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.services.reading import GameState


class GameError(Exception):
    """A change the app refuses before the engine is asked; the message is for the scorekeeper."""


class GameConflict(GameError):
    """Another tablet changed the game after this one loaded it (the versions differ)."""

    def __init__(self, state: GameState) -> None:
        super().__init__(
            _("Someone else changed this game meanwhile. Nothing was saved: check the fresh state.")
        )
        self.state = state


class GameClosed(GameError):
    """The game is finished or voided: it must be reopened before a hand changes."""


class NoSuchHand(GameError):
    """The hand number is not in the game (deleted meanwhile, or never there)."""

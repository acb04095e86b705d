"""A game's history (変更履歴) as its page shows it: each change, who made it, what it replaced."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.display import hand_summary
from scoring.engine import Ruleset
from scoring.models import GameLog

ACTIONS = {
    "started": _("started"),
    "imported": _("imported"),
    "recorded_hand": _("recorded a hand"),
    "edited_hand": _("fixed a hand"),
    "deleted_hand": _("deleted a hand"),
    "finished": _("confirmed the settlement"),
    "ended_early": _("ended the game early"),
    "final_scores": _("entered the final scores"),
    "reopened": _("reopened"),
    "voided": _("voided"),
    "moved_league": _("moved to another league"),
}


@dataclass(frozen=True)
class Change:
    entry: GameLog
    action: str
    before: str
    after: str


def game_history(entries: Sequence[GameLog], names: Sequence[str], rules: Ruleset) -> list[Change]:
    """Newest first: each change with what was there before and what it put in place."""
    return [
        Change(
            entry,
            str(ACTIONS.get(entry.action, entry.action)),
            _words(entry.before, names, rules),
            _words(entry.after, names, rules),
        )
        for entry in sorted(entries, key=lambda entry: (entry.at, entry.pk), reverse=True)
    ]


def _words(change: dict[str, Any] | None, names: Sequence[str], rules: Ruleset) -> str:
    """A hand in the words of the hand list; changed fields as ``field: value``."""
    if not change:
        return ""
    if "hand" in change:
        try:
            return hand_summary(change["hand"], names, rules)
        except (KeyError, TypeError, ValueError, IndexError):  # an old hand the words miss
            return str(change["hand"])
    return ", ".join(f"{field}: {value}" for field, value in change.items())

"""The forms of a game, by what each does. Each ``clean`` returns what the services take (a hand
is a ``tenbou-game/1`` hand object); they collect inputs only, and the engine judges them.

Every form that changes a game carries the game's ``version`` (a second tablet gets a conflict)
and an idempotency ``key``, a uuid made when the form is drawn (a retried submit is done once):
``common``. Starting a game: ``start``. A hand: ``hand`` (the form), ``wins`` (the winners'
value panels), ``events`` (deposits, payments, dead hands), ``values`` (the han and fu buttons a
ruleset offers), ``pieces`` (their tap fields and rows). The end of a game: ``finish``. A Tenhou
log: ``imports``.
"""

from __future__ import annotations

from scoring.forms.common import ChangeForm, change_initial, league_field
from scoring.forms.finish import (
    ChipsFinalForm,
    FinalScoresForm,
    MoveLeagueForm,
    ReasonForm,
    VoidForm,
)
from scoring.forms.hand import HandForm
from scoring.forms.imports import TenhouImportForm
from scoring.forms.start import StartGameForm
from scoring.forms.values import value_choices

__all__ = [
    "ChangeForm",
    "ChipsFinalForm",
    "FinalScoresForm",
    "HandForm",
    "MoveLeagueForm",
    "ReasonForm",
    "StartGameForm",
    "TenhouImportForm",
    "VoidForm",
    "change_initial",
    "league_field",
    "value_choices",
]

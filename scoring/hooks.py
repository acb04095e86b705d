"""Where apps above scoring add to its pages without scoring importing them (the apps stack one
way: tournaments -> standings -> scoring).

``BEFORE_FIRST_HAND``: each hook takes a game with no hand yet and returns what to add to its
screen's template context (``{}`` for nothing): the tournaments app adds a tournament table's
chances of each place from the ratings. Read only by the game's own page (a GET), never by a
hand's post, whose query count is pinned.

``REFEREE_CALLED``: each hook takes a list of games and returns the ids of those whose table has
called a referee (a tournament table's flag), so that the club home names a table's state as
the round's pages do (``standings.games.table_state``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BEFORE_FIRST_HAND: list[Callable[[Any], dict[str, Any]]] = []
REFEREE_CALLED: list[Callable[[list[Any]], set[int]]] = []


def before_first_hand(game: Any) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for hook in BEFORE_FIRST_HAND:
        context.update(hook(game))
    return context


def referee_called(games: list[Any]) -> set[int]:
    called: set[int] = set()
    for hook in REFEREE_CALLED:
        called |= hook(games)
    return called

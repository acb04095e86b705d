"""Rebuilding the derived rows of a game from its inputs (``manage.py rebuild_results``), and
``derived_generation``, the number a cache of what the results add up to is keyed by.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction

from scoring.models import Game, GameResult, HandStat
from scoring.services.changes import lock_game
from scoring.services.derived import expected_hand_stats, game_results
from scoring.services.reading import game_state


@dataclass(frozen=True)
class Rebuilt:
    """What ``rebuild_derived`` found different from what the inputs give (0 when healthy)."""

    hand_stats: int
    results: int


@transaction.atomic
def rebuild_derived(game: Game) -> Rebuilt:
    """Replay the game and replace its derived rows where they differ from what they should be.

    A game whose record the engine refuses (it cannot be saved that way, but a ruleset or an
    engine fix may make an old one unreadable) raises ``RecordError`` and keeps its rows.
    """
    lock_game(game)
    state = game_state(game)
    stats = _differ(HandStat, game, expected_hand_stats(game, state), ("hand_number", "seat"))
    results = _differ(GameResult, game, game_results(game, state), ("seat",))
    if results:
        # The game's version is left as it was (nothing a player entered changed), so what is
        # cached from the results must learn of it another way.
        transaction.on_commit(_derived_rows_changed)
    return Rebuilt(stats, results)


# A number every cache of what the results add up to is keyed by (``derived_generation``): a
# result rebuilt by ``rebuild_derived`` moves it on. Every other change of a result comes with
# a change of its game's version, which such a cache is keyed by too.
DERIVED_GENERATION_KEY = "results:generation"


def derived_generation() -> int:
    """The generation now. A cache that lost it starts again at a random number, never at one
    that entries it kept may be keyed by."""
    return int(cache.get_or_set(DERIVED_GENERATION_KEY, _new_generation, timeout=None))


def _new_generation() -> int:
    return secrets.randbits(48)


def _derived_rows_changed() -> None:
    try:
        cache.incr(DERIVED_GENERATION_KEY)
    except ValueError:  # lost meanwhile
        cache.set(DERIVED_GENERATION_KEY, _new_generation(), timeout=None)


def _differ(model: Any, game: Game, expected: list[Any], key: tuple[str, ...]) -> int:
    """Replace ``game``'s rows of ``model`` with ``expected`` if they differ; how many rows
    differed (missing, extra or changed)."""
    fields = [f.attname for f in model._meta.concrete_fields if f.attname not in ("id",)]
    have = {tuple(getattr(row, k) for k in key): row for row in model.objects.filter(game=game)}
    want = {tuple(getattr(row, k) for k in key): row for row in expected}
    changed = sum(
        1
        for k in have.keys() | want.keys()
        if k not in have
        or k not in want
        or any(_same(getattr(have[k], f)) != _same(getattr(want[k], f)) for f in fields)
    )
    if changed:
        model.objects.filter(game=game).delete()
        model.objects.bulk_create(expected)
    return changed


def _same(value: Any) -> Any:
    """Values as compared: ``points`` is a Decimal when read and a string when built."""
    return str(value) if not isinstance(value, bool | int | type(None)) else value

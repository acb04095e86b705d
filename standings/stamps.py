"""What the cached sums of a league or a player's page are keyed by: a stamp that every change
of what they add up moves on, read in one quick query instead of adding up 100,000 games.

- the games in scope (a league's, or a club's for a player's overall page): how many there are
  and the sum of their versions, which every change of a game raises (a hand, an end, a void,
  a move to another league: ``scoring.services.changes.begin_change``) and a new or moved game
  changes too;
- the club's players (how many, the newest) and its change log's newest entry: a merge moves
  results to another player, a rename or a league's new settings are logged;
- the generation of results rebuilt behind the games' back (``services.derived_generation``).

Cached values live in Django's cache: the file cache on one machine, Redis for several app
servers (every server then reads what another computed, under the same stamp).
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Count, Max, Subquery, Sum

from clubs.models import Club, ClubLog, League, Player
from scoring.models import Game
from scoring.services import derived_generation

CACHE_SECONDS = 24 * 3600


def results_stamp(club_id: int, league: League | None) -> tuple[Any, ...]:
    """The stamp, in one query (each part a subquery of it)."""
    games = Game.objects.filter(league=league) if league else Game.objects.filter(club_id=club_id)
    games = games.order_by().values("club_id").annotate(n=Count("id"), versions=Sum("version"))
    players = Player.objects.filter(club_id=club_id).order_by().values("club_id")
    players = players.annotate(n=Count("id"), last=Max("id"))
    logged = ClubLog.objects.filter(club_id=club_id).order_by().values("club_id")
    logged = logged.annotate(last=Max("id"))
    row = (
        Club.objects.filter(pk=club_id)
        .annotate(
            stamp_games=Subquery(games.values("n")),
            stamp_versions=Subquery(games.values("versions")),
            stamp_players=Subquery(players.values("n")),
            stamp_last_player=Subquery(players.values("last")),
            stamp_last_logged=Subquery(logged.values("last")),
        )
        .values_list(
            "stamp_games",
            "stamp_versions",
            "stamp_players",
            "stamp_last_player",
            "stamp_last_logged",
        )
        .first()
    )
    return (*(row or ()), derived_generation())


def cache_key(kind: str, *parts: Any) -> str:
    """A cache key for ``kind`` from everything its value depends on."""
    return f"{kind}:" + hashlib.sha256(repr(parts).encode()).hexdigest()

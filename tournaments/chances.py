"""A tournament table's chances of each place, on its game's screen before the first hand
(``scoring.hooks.BEFORE_FIRST_HAND``, registered by the app's ``ready``)."""

from __future__ import annotations

from typing import Any

from scoring.models import Game
from standings.ratings import club_ratings, place_chances, place_percents
from tournaments.models import RoundTable


def table_chances(game: Game) -> dict[str, Any]:
    """Each seated player's chance of each place (whole percent) from the club's ratings, when
    the game is a tournament table's; else nothing."""
    if not RoundTable.objects.filter(game=game).exists():
        return {}
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
    ratings = club_ratings(game.club_id)
    chances = place_chances([ratings.get(seat.player_id) for seat in seats])
    rows = [
        (seat.player.name, place_percents(mine)) for seat, mine in zip(seats, chances, strict=True)
    ]
    return {"table_chances": rows}

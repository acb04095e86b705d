"""Starting a game: ``start_game`` (names in seat order; a name the club does not know yet
becomes a player), and ``create_game``, the game and its seats, which imports share.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Club, League, Player, RulesetVersion
from scoring.models import RECORD_FORMAT, Game, GameLog, Seat
from scoring.services.changes import acting_user
from scoring.services.errors import GameError
from scoring.services.reading import replay_document


@transaction.atomic
def start_game(
    club: Club,
    *,
    ruleset_version: RulesetVersion,
    players: Sequence[str],
    played_on: datetime.date,
    table_label: str = "",
    user: Any = None,
    key: str | None = None,
    league: League | None = None,
    tournament_table: tuple[int, int] | None = None,
) -> Game:
    """A new game: ``players`` are names in seat order (seat 0 deals first, 起家).

    A name the club does not know yet becomes a new player. A tournament's game says its round
    and table (``tournament_table``), which its name gives in each reader's language.
    """
    if key and (found := Game.objects.filter(club=club, idempotency_key=key).first()):
        return found
    names = [name.strip() for name in players]
    document = {
        "format": RECORD_FORMAT,
        "ruleset": ruleset_version.options,
        "players": names,
        "hands": [],
    }
    replay_document(document)  # the engine checks the number of players, names twice ...
    check_league(club, league)
    game, _created = create_game(
        club, ruleset_version, names, played_on, table_label, user, key, "started", league=league,
        tournament_table=tournament_table,
    )  # fmt: skip
    return game


def check_league(club: Club, league: League | None) -> None:
    if league is not None and league.club_id != club.pk:
        raise GameError(_("This league belongs to another club."))


def create_game(
    club: Club,
    ruleset_version: RulesetVersion,
    names: Sequence[str],
    played_on: datetime.date,
    table_label: str,
    user: Any,
    key: str | None,
    action: str,
    detail: str = "",
    league: League | None = None,
    tournament_table: tuple[int, int] | None = None,
) -> tuple[Game, bool]:
    """The game and its seats; (the game made by a retry beside this one, False) on a race."""
    try:
        with transaction.atomic():
            game = Game.objects.create(
                club=club,
                ruleset_version=ruleset_version,
                played_on=played_on,
                table_label=table_label.strip(),
                round_number=tournament_table[0] if tournament_table else None,
                table_number=tournament_table[1] if tournament_table else None,
                league=league,
                created_by=acting_user(user),
                idempotency_key=key or None,
            )
    except IntegrityError:  # the same key was just used by a retry running beside this one
        return Game.objects.get(club=club, idempotency_key=key), False
    Seat.objects.bulk_create(
        Seat(game=game, seat=seat, player=player)
        for seat, player in enumerate(_players(club, names))
    )
    GameLog.objects.create(game=game, action=action, detail=detail[:300], user=acting_user(user))
    return game, True


def _players(club: Club, names: Sequence[str]) -> list[Player]:
    """The players of these names, in order: one query for those the club has, and each new
    name added (four queries a game before, one a seat)."""
    found = {player.name: player for player in Player.objects.filter(club=club, name__in=names)}
    for name in names:
        if name not in found:
            found[name], _created = Player.objects.get_or_create(club=club, name=name)
    return [found[name] for name in names]

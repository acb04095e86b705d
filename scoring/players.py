"""Merging two player records of a club into one: every seat, result and statistic moves.

It lives here, not in ``clubs``, because seats, results and hand statistics are scoring's rows.
A game's record names its players through its seats, so after a merge every replay gives the
same scores and points as before, under the kept player's name.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.audit import log_change
from clubs.models import LeagueTeam, LeagueTeamMember, LogKind, Player
from scoring.models import Game, GameResult, HandStat, Seat


class MergeError(Exception):
    """A merge refused; ``message`` says why, for the admin who asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def shared_game(keep: Player, remove: Player) -> Game | None:
    """A game where both sat: one person cannot have held two seats, so no merge."""
    return Game.objects.filter(seats__player=keep).filter(seats__player=remove).first()


@transaction.atomic
def merge_players(keep: Player, remove: Player, user: Any = None) -> Player:
    """Move every seat, result and hand statistic of ``remove`` to ``keep``; delete ``remove``.

    A linked account moves too when ``keep`` has none.
    """
    if keep.pk == remove.pk or keep.club_id != remove.club_id:
        raise MergeError(_("Choose another player of the same club."))
    players = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, remove.pk])
    }
    keep, remove = players[keep.pk], players[remove.pk]
    game = shared_game(keep, remove)
    if game is not None:
        raise MergeError(
            _("%(keep)s and %(remove)s both played in the game of %(date)s: they are two people.")
            % {"keep": keep, "remove": remove, "date": game.played_on}
        )
    for model in (Seat, GameResult, HandStat):
        model.objects.filter(player=remove).update(player=keep)
    _move_team_places(keep, remove)
    if keep.user_id is None and remove.user_id is not None:
        keep.user_id = remove.user_id
        remove.user = None
        remove.save(update_fields=["user"])
        keep.save(update_fields=["user"])
    log_change(
        keep.club,
        user,
        LogKind.PLAYER,
        "merged",
        keep.name,
        object_id=keep.pk,
        before={"merged": remove.name},
        after={"into": keep.name},
    )
    remove.delete()
    return keep


def _move_team_places(keep: Player, remove: Player) -> None:
    """``remove``'s place in a team league's team goes to ``keep`` (unless ``keep`` plays for a
    team of that league already: one team a league), and a captaincy with it."""
    kept_leagues = LeagueTeamMember.objects.filter(player=keep).values("league")
    LeagueTeamMember.objects.filter(player=remove).exclude(league__in=kept_leagues).update(
        player=keep
    )
    LeagueTeam.objects.filter(captain=remove, members__player=keep).update(captain=keep)

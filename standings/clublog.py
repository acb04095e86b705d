"""The club log page's entries: the club's own log and its games' logs, newest first, filtered.

The club log (``clubs.ClubLog``) keeps changes to members, players, rulesets, leagues and
tournaments; each game keeps its own (``scoring.GameLog``). An admin reads both here as one list.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, ClubLog
from scoring.history import ACTIONS
from scoring.models import GameLog

GAME = "game"
PAGE = 50


@dataclass(frozen=True)
class Entry:
    at: datetime.datetime
    user: str
    kind: str
    action: str
    name: str
    url: str
    before: Any
    after: Any


@dataclass(frozen=True)
class Filters:
    kind: str = ""
    user: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None


def club_log(club: Club, filters: Filters, page: int = 1) -> tuple[list[Entry], bool]:
    """One page of the log (``PAGE`` entries) and whether an older page follows."""
    wanted = PAGE * page + 1
    entries: list[Entry] = []
    if filters.kind in ("", GAME):
        entries += [_game_entry(row) for row in _game_rows(club, filters)[:wanted]]
    if filters.kind != GAME:
        entries += [_club_entry(row) for row in _club_rows(club, filters)[:wanted]]
    entries.sort(key=lambda entry: entry.at, reverse=True)
    shown = entries[PAGE * (page - 1) : PAGE * page]
    return shown, len(entries) > PAGE * page


def _narrowed(rows: QuerySet[Any], filters: Filters) -> QuerySet[Any]:
    if filters.user:
        rows = rows.filter(user__username=filters.user)
    if filters.date_from:
        rows = rows.filter(at__date__gte=filters.date_from)
    if filters.date_to:
        rows = rows.filter(at__date__lte=filters.date_to)
    return rows


def _club_rows(club: Club, filters: Filters) -> QuerySet[ClubLog]:
    rows = ClubLog.objects.filter(club=club).select_related("user").order_by("-at", "-pk")
    if filters.kind:
        rows = rows.filter(kind=filters.kind)
    return _narrowed(rows, filters)


def _game_rows(club: Club, filters: Filters) -> QuerySet[GameLog]:
    rows = GameLog.objects.filter(game__club=club).select_related("user", "game__club")
    return _narrowed(rows.order_by("-at", "-pk"), filters)


def _club_entry(row: ClubLog) -> Entry:
    return Entry(
        row.at,
        row.user.get_username() if row.user else "",
        row.get_kind_display(),
        row.action,
        row.name,
        "",
        row.before,
        row.after,
    )


def _game_entry(row: GameLog) -> Entry:
    game = row.game
    return Entry(
        row.at,
        row.user.get_username() if row.user else "",
        str(_("game")),
        str(ACTIONS.get(row.action, row.action)),
        f"{game} {row.detail}".strip(),
        reverse("games:history", args=[game.club.slug, game.pk]),
        row.before,
        row.after,
    )

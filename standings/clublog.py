"""The club log page's entries: the club's own log and its games' logs, newest first, filtered.

The club log (``clubs.ClubLog``) keeps changes to members, players, rulesets, leagues and
tournaments; each game keeps its own (``scoring.GameLog``). An admin reads both here as one list,
each entry a sentence in the reader's language with only what it changed, before -> after: one
function per kind of entry writes it (``clubs.log_words`` for the club's own, ``scoring.history``
for a game's), so the page never prints a stored dict or a field name.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.log_words import Difference, entry_words
from clubs.models import Club, ClubLog
from scoring.engine import Ruleset, ruleset_from_spec
from scoring.history import Words, change_of
from scoring.models import GameLog, Seat

GAME = "game"
PAGE = 50


@dataclass(frozen=True)
class Entry:
    at: datetime.datetime
    user: str
    kind: str  # what it is about: 対局, プレイヤー, 大会 ...
    sentence: str
    url: str = ""  # a game's history, for a game's entry
    place: str = ""  # the game it is about (date and table)
    summary: str = ""
    differences: list[Difference] = field(default_factory=list)


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
        rulesets: dict[int, Ruleset] = {}
        entries += [_game_entry(row, rulesets) for row in _game_rows(club, filters)[:wanted]]
    if filters.kind != GAME:
        entries += [_club_entry(row) for row in _club_rows(club, filters)[:wanted]]
    entries.sort(key=lambda entry: entry.at, reverse=True)
    shown = entries[PAGE * (page - 1) : PAGE * page]
    return shown, len(entries) > PAGE * page


def _narrowed(rows: QuerySet, filters: Filters) -> QuerySet:  # type: ignore[type-arg]
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
    seats = Prefetch("game__seats", Seat.objects.select_related("player").order_by("seat"))
    rows = GameLog.objects.filter(game__club=club).select_related(
        "user", "game__club", "game__ruleset_version"
    )
    return _narrowed(rows.prefetch_related(seats).order_by("-at", "-pk"), filters)


def _club_entry(row: ClubLog) -> Entry:
    words = entry_words(row)
    return Entry(
        row.at,
        row.user.get_username() if row.user else "",
        row.get_kind_display(),
        words.sentence,
        differences=words.differences,
    )


def _game_entry(row: GameLog, rulesets: dict[int, Ruleset]) -> Entry:
    game = row.game
    names = [seat.player.name for seat in game.seats.all()]
    rules = rulesets.get(game.ruleset_version_id)
    if rules is None:  # once a version a page: many of its entries are of the same games
        rules = rulesets[game.ruleset_version_id] = ruleset_from_spec(game.ruleset_version.options)
    change = change_of(row, Words(names, rules))
    place = game.played_on.isoformat() + (f" {game.table_name}" if game.table_name else "")
    return Entry(
        row.at,
        row.user.get_username() if row.user else "",
        _("game"),
        change.sentence,
        reverse("games:history", args=[game.club.slug, game.pk]),
        place,
        change.summary,
        change.differences,
    )

"""Games that come whole: a Tenhou log (``preview_tenhou`` to show it, ``import_tenhou`` to save
it, under Tenhou's own rules or a club ruleset that gives the same result), and a record typed
in afterwards or made by the demo (``import_record``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, League, Ruleset, RulesetVersion
from scoring.engine import GameReplay, RecordError, read_record, replay, resolve_options
from scoring.engine import Ruleset as Rules
from scoring.engine.tenhou import game_record, read_log, replay_difference
from scoring.models import Game, GameStatus, Hand
from scoring.services.changes import acting_user
from scoring.services.derived import rebuild_hand_stats, rebuild_results
from scoring.services.reading import Document, GameState, game_state, games, replay_document
from scoring.services.starting import check_league, create_game

TENHOU_RULESET_NAMES = {4: "天鳳", 3: "天鳳三麻"}


@dataclass(frozen=True)
class TenhouPreview:
    """The game a Tenhou log makes, before anything is saved: its record (under the club
    ruleset when one was chosen), the engine's replay and the rules it was played under."""

    document: Document
    replay: GameReplay
    rules: Rules
    version: RulesetVersion | None  # the chosen club ruleset's version; None: Tenhou's own

    @property
    def players(self) -> list[str]:
        return self.document["players"]


def preview_tenhou(log: str, ruleset: Ruleset | None = None) -> TenhouPreview:
    """Read a Tenhou log (either format, four or three players) and replay it; saves nothing.

    The replay under Tenhou's rules must give the log's own figures, hand by hand and at the
    end (``TenhouLogError`` naming the first hand that differs otherwise): a game is never
    imported with results Tenhou did not give.

    With ``ruleset`` the game is played under that club ruleset, which must give the log's own
    result (raises ``RecordError`` of the field ``ruleset`` otherwise); a log that cannot be
    read raises ``TenhouLogError``, a ``RecordError`` of the field ``log``.
    """
    facts = read_log(log)
    document = game_record(facts)
    record = read_record(document)
    replayed, version = replay(record), None
    final = replayed.final and (replayed.final.scores, replayed.final.points)
    difference = replay_difference(facts, [row.scores for row in replayed.hands], final)
    if difference is not None:
        raise difference
    if ruleset is not None:
        version = ruleset.current_version()
        if version is None or not _same_result(document, version.options, replayed):
            raise RecordError(
                _("The ruleset “%(name)s” gives this game another result than Tenhou's rules.")
                % {"name": ruleset.name},
                field="ruleset",
            )
        document = {**document, "ruleset": version.options}
        record = read_record(document)
        replayed = replay(record)
    return TenhouPreview(document, replayed, record.ruleset, version)


@transaction.atomic
def import_tenhou(
    club: Club,
    log: str,
    *,
    played_on: datetime.date,
    ruleset: Ruleset | None = None,
    table_label: str = "",
    user: Any = None,
    key: str | None = None,
    league: League | None = None,
) -> Game:
    """A Tenhou log (mjlog XML or tenhou.net/6 JSON) as a game of the club, finished if the
    log is complete.

    The ruleset is ``ruleset`` if given (its replay must give the log's own result), else a
    club ruleset with the very options of the log, created if the club has none.
    """
    if key and (found := Game.objects.filter(club=club, idempotency_key=key).first()):
        return found
    check_league(club, league)
    preview = preview_tenhou(log, ruleset)
    version = preview.version or _tenhou_version(club, preview.document, acting_user(user))
    document = {**preview.document, "ruleset": version.options}
    game, created = create_game(
        club,
        version,
        document["players"],
        played_on,
        table_label,
        user,
        key,
        "imported",
        "Tenhou",
        league=league,
    )
    if created:
        _store_hands(game, document["hands"], finish=True)
    return game


def _store_hands(game: Game, hands: list[dict[str, Any]], *, finish: bool) -> GameState:
    """A new game's hands, replayed (raises ``RecordError``), then finished if they end it."""
    Hand.objects.bulk_create(
        Hand(game=game, number=number, data=hand) for number, hand in enumerate(hands, 1)
    )
    state = game_state(games().get(pk=game.pk))
    if finish and state.replay.final is not None:
        game.status = state.game.status = GameStatus.FINISHED
        game.save(update_fields=["status"])
    # The game as read with its seats and their players: the derived rows need them, and the
    # new ``game`` has none loaded (two queries a seat: 3,000 for the demo club's season).
    rebuild_hand_stats(state.game, state)
    rebuild_results(state.game, state)
    return state


@transaction.atomic
def import_record(
    club: Club,
    document: Document,
    *,
    ruleset_version: RulesetVersion,
    played_on: datetime.date,
    table_label: str = "",
    league: League | None = None,
    finish: bool = True,
    user: Any = None,
) -> Game:
    """A whole game given as its hands (a paper score sheet typed in afterwards, the demo).

    The record is played under ``ruleset_version`` whatever its own ``ruleset`` says; a record
    the engine refuses raises ``RecordError`` from the replay of what was stored, and the
    transaction stores nothing. With ``finish`` a game whose
    hands end it is stored finished, as if its settlement had been confirmed.
    """
    check_league(club, league)
    names = [name.strip() for name in document["players"]]
    hands = list(document["hands"])
    game, _created = create_game(
        club, ruleset_version, names, played_on, table_label, user, None, "imported", league=league
    )
    _store_hands(game, hands, finish=finish)
    return game


def _tenhou_version(club: Club, document: Document, user: Any) -> RulesetVersion:
    """The club ruleset with the very options of the log, made if the club has none."""
    options = resolve_options(document["ruleset"])
    for candidate in Ruleset.objects.filter(club=club):
        version = candidate.current_version()
        if version is not None and version.options == options:
            return version
    return _new_ruleset(club, options, document["ruleset"]["preset"], user)


def _same_result(document: Document, options: dict[str, Any], own: GameReplay) -> bool:
    try:
        other = replay_document({**document, "ruleset": options})
    except RecordError:  # e.g. an abortive draw the club's rules do not have
        return False
    return _result(other) == _result(own)


def _result(replayed: GameReplay) -> tuple[Any, ...]:
    final = replayed.final
    return (
        tuple(row.scores for row in replayed.hands),
        None if final is None else (final.scores, final.points),
    )


def _new_ruleset(club: Club, options: dict[str, Any], preset: str, user: Any) -> RulesetVersion:
    base = TENHOU_RULESET_NAMES[options["players"]]
    taken = set(Ruleset.objects.filter(club=club).values_list("name", flat=True))
    name, count = base, 1
    while name in taken:
        count += 1
        name = f"{base} {count}"
    ruleset = Ruleset.objects.create(club=club, name=name, preset=preset)
    return RulesetVersion.objects.create(
        ruleset=ruleset, number=1, options=options, note="Tenhou import", created_by=user
    )

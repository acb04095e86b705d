"""What-if (もしもの成績表): a league's standings as they would be under another ruleset.

Every game that counts is replayed by the engine from its inputs (its hands, or its final
scores for score-only entry, with any referee's end, penalties and sticks left on the table)
under the other rules, and the replays are added up exactly as the standings add up stored
results (``LineTotals``). Nothing is saved and nothing is cached: the inputs are the truth.

A game the other rules cannot play is listed with the engine's reason instead of breaking the
page: left out when a hand is impossible under them (a han below their minimum, an abortive
draw they do not have, a hand after they ended the game), settled as it stands when its hands
no longer reach the end of the game. Speed and memory: the games are read by three cursors
side by side whatever their number (the games, their seats with the players, their hands, all
in game order), each game replayed and added up as it comes, then dropped; the rules once. A
big league on PostgreSQL is shared among worker processes, one per core (``_in_processes``).
"""

from __future__ import annotations

import datetime
import json
import multiprocessing
import os
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, NamedTuple

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Count, Q, QuerySet, TextField
from django.db.models.functions import Cast, Mod
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from clubs.engine_messages import engine_message
from clubs.models import Club, League
from clubs.models import Ruleset as ClubRuleset
from clubs.ruleset_words import preset_name
from scoring.display import error_text
from scoring.engine import (
    Final,
    GameRecord,
    RecordError,
    Ruleset,
    place_error,
    read_record,
    replay,
    resolve_options,
    ruleset_from_spec,
)
from scoring.engine.presets import PRESETS
from scoring.models import RECORD_FORMAT, Game, GameResult, Hand, table_name
from standings.forms import DateRange
from standings.stamps import CACHE_SECONDS, cache_key, results_stamp
from standings.tables import (
    LineTotals,
    ResultLine,
    Row,
    Standings,
    counted_games_filter,
    counted_results,
    league_dates,
    league_standings,
)
from standings.whatif_share import share_in_process

RULESET, PRESET = "ruleset", "preset"
GAMES_PER_FETCH = 2000
NOTES_SHOWN = 50
# Why a game is settled otherwise than by its own hands (shown beside the game).
SETTLED_AS_IT_STANDS = gettext_lazy(
    "Under these rules the hands no longer end the game: settled as it stands after the last "
    "hand, as if the referee had ended it there."
)
ENDED_EARLIER = gettext_lazy(
    "Under these rules the game ends after hand %(number)s: the later hands are not played."
)
STOP_NOT_OFFERED = gettext_lazy(
    "Under these rules the dealer cannot stop the game at hand %(number)s: the game plays on."
)
ENDED_BEFORE_REFEREE = gettext_lazy(
    "Under these rules the last hand already ends the game: settled as they end it, without "
    "the referee's early end."
)


# -- the rules to compare with --------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """The other rules: a club ruleset's current version, or an engine preset as it comes."""

    key: str  # the query value: "ruleset:12" or "preset:mleague"
    name: str
    options: dict[str, Any]  # every option, as the engine resolved them

    @property
    def players(self) -> int:
        return int(self.options["players"])


class TargetError(Exception):
    """A ``rules`` value that names no rules of this club; the message names the value."""


def target_choices(club: Club) -> list[tuple[str, list[tuple[str, str]]]]:
    """The select's groups: the club's rulesets, then the engine's presets."""
    rulesets = [(f"{RULESET}:{r.pk}", r.name) for r in ClubRuleset.objects.filter(club=club)]
    presets = [(f"{PRESET}:{name}", preset_name(name)) for name in PRESETS]
    return [(_("This club's rulesets"), rulesets), (_("Presets"), presets)]


def find_target(club: Club, value: str) -> Target:
    """The rules ``value`` names (``ruleset:ID`` or ``preset:NAME``); ``TargetError`` if none."""
    kind, _sep, name = value.partition(":")
    if kind == PRESET and name in PRESETS:
        options = resolve_options({"preset": name})
        return Target(value, preset_name(name), options)
    if kind == PRESET:
        raise TargetError(_("There is no preset “%(value)s”.") % {"value": name})
    if kind == RULESET and name.isascii() and name.isdecimal():
        return _club_ruleset(club, value, int(name))
    raise TargetError(
        _("“%(value)s” names no rules: choose a ruleset or a preset from the list.")
        % {"value": value}
    )


def _club_ruleset(club: Club, value: str, pk: int) -> Target:
    ruleset = ClubRuleset.objects.filter(club=club, pk=pk).first()
    if ruleset is None:  # another club's ruleset reads as an unknown one
        raise TargetError(_("This club has no ruleset number %(value)s.") % {"value": pk})
    version = ruleset.current_version()
    if version is None:
        raise TargetError(_("The ruleset “%(name)s” has no saved rules yet.") % {"name": ruleset})
    try:  # saved rules the engine no longer reads (an option renamed since) are named, not a 500
        ruleset_from_spec(version.options)
    except RecordError as error:
        raise TargetError(
            _("The ruleset “%(name)s” cannot be used: %(error)s")
            % {"name": ruleset, "error": engine_message(error)}
        ) from None
    return Target(value, ruleset.name, version.options)


class WhatIfForm(DateRange):
    """The rules to compare with and the dates (a league's own dates are never widened)."""

    rules = forms.CharField(
        label=gettext_lazy("Rules"),
        max_length=80,
        error_messages={"required": gettext_lazy("Choose the rules to compare with.")},
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.club = club
        choices = [("", _("Choose…")), *target_choices(club)]
        self.fields["rules"].widget = forms.Select(choices=choices)

    def clean_rules(self) -> Target:
        try:
            return find_target(self.club, self.cleaned_data["rules"])
        except TargetError as error:
            raise forms.ValidationError(str(error)) from None

    def target(self) -> Target | None:
        """The rules asked for (checking the form): None when not given or not found."""
        if not self.is_bound or "rules" in self.errors:
            return None
        return self.cleaned_data.get("rules")


# -- replaying the league -------------------------------------------------------------------


@dataclass(frozen=True)
class GameNote:
    """A game the other rules could not play as recorded, and what was done with it."""

    game_id: int
    played_on: datetime.date
    table_label: str
    players: tuple[str, ...]
    message: str
    counted: bool  # settled otherwise and counted, or left out


@dataclass
class WhatIf:
    """The standings under ``target``; ``refused`` says why there are none at all."""

    target: Target
    rows: list[Row] = field(default_factory=list)
    table_size: int = 4
    games: int = 0  # the games counted in ``rows``
    notes: list[GameNote] = field(default_factory=list)
    refused: str = ""

    @property
    def left_out(self) -> list[GameNote]:
        return [note for note in self.notes if not note.counted]

    @property
    def shown_notes(self) -> list[GameNote]:
        """The notes the page lists: a whole season under very different rules can have
        thousands, and the first ones say what the rules trip over."""
        return self.notes[:NOTES_SHOWN]

    @property
    def more_notes(self) -> int:
        return max(len(self.notes) - NOTES_SHOWN, 0)


class _Seat(NamedTuple):
    player_id: int
    name: str
    penalties: int


class _Game(NamedTuple):
    """A counted game's inputs beyond its hands, as read in one query."""

    id: int
    played_on: datetime.date
    table_label: str
    round_number: int | None
    table_number: int | None
    final_scores: list[int] | None
    final_deposits: int
    forced_end: bool
    forced_end_reason: str
    settlement_penalties: list[dict[str, Any]]


def what_if(
    league: League,
    target: Target,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
) -> WhatIf:
    """The league's standings with every counted game replayed under ``target``.

    The games stream through: their inputs, seats and hands are read in game order by three
    cursors side by side, each game is replayed and added to its players' sums, and then
    forgotten, so a league of 100,000 games takes the memory of a few thousand.
    """
    results = counted_results(league, date_from, date_to)
    sizes = _table_sizes(results)
    if sizes and target.players not in sizes:
        return WhatIf(target, refused=_refusal(target, sizes))
    dates = (date_from, date_to)
    processes, how = _sharing(results)
    if how == FORK:
        parts = _in_forked_processes(league, target.options, dates, processes)
    elif how == SPAWN:
        parts = _in_processes(league, target.options, dates, processes)
    else:
        parts = [_replay_part(league, target.options, dates, None)]
    totals, notes, counted = parts[0]
    for more_totals, more_notes, more_counted in parts[1:]:
        totals.merge(more_totals)
        notes += more_notes
        counted += more_counted
    notes.sort(key=lambda note: note.game_id)  # in game order, whichever process played it
    rows, table_size = totals.rows()
    return WhatIf(target, rows, table_size, counted, notes)


# Bumped when what a WhatIf holds changes shape: entries of an older shape are not read.
WHATIF_CACHE_VERSION = 1


def remembered_what_if(
    league: League,
    target: Target,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
) -> WhatIf:
    """``what_if``, from the cache when nothing it depends on has changed since."""
    key = cache_key(
        "whatif",
        WHATIF_CACHE_VERSION,
        league.pk,
        league.counting,
        league.best_games,
        str(league.points_cap),
        league.tie_breaks,
        league.qualification_games,
        target.key,
        json.dumps(target.options, sort_keys=True, default=str),
        (date_from, date_to),
        get_language(),
        results_stamp(league.club_id, league),
    )
    return cache.get_or_set(key, lambda: what_if(league, target, date_from, date_to), CACHE_SECONDS)


Part = tuple[LineTotals, list[GameNote], int]


def _replay_part(
    league: League,
    options: dict[str, Any],
    dates: tuple[datetime.date | None, datetime.date | None],
    share: tuple[int, int] | None,
) -> Part:
    """The games of ``share`` (``(k, n)``: those whose id is ``k`` modulo ``n``; None: all)
    replayed, and added up: (the players' sums, the notes, the games counted)."""
    results = counted_results(league, *dates)
    hands = Hand.objects.filter(**counted_games_filter(league, *dates, "game__"))
    games = Game.objects.filter(**counted_games_filter(league, *dates))
    if share is not None:  # each row's own game id, modulo n: no subquery over the results
        k, n = share
        results = results.alias(share=Mod("game_id", n)).filter(share=k)
        hands = hands.alias(share=Mod("game_id", n)).filter(share=k)
        games = games.alias(share=Mod("id", n)).filter(share=k)
    totals = LineTotals(league)
    notes: list[GameNote] = []
    counted = 0
    for lines, note in _replayed(_stream(games, results, hands), options):
        for line in lines:
            totals.add(line)
        notes.extend([note] if note else [])
        counted += note is None or note.counted
    return totals, notes, counted


# How a what-if shares its games among processes (with PostgreSQL, which serves several
# readers at once), one per core by default (WHATIF_PROCESSES):
# - FORK: copies of this process, made in a few milliseconds (Django, the engine and the league
#   already loaded), from FORK_FROM_GAMES games. Only where a copy is safe: this process runs
#   one thread (no lock another thread holds is copied held: gunicorn's sync workers) and its
#   connection is in no transaction (it is closed first; each copy opens its own). 10,000
#   games on two cores (bench/standings.py, whatif_cold_s): 1.45 s in one process, 0.8 in two.
# - SPAWN: processes started fresh, elsewhere (a threaded server), from PARALLEL_FROM_GAMES.
#   Starting one (Python, Django, the engine) costs about 1.5 s: with the compiled engine one
#   process plays 10,000 games in 1.4 s where two take 2.7, and 100,000 in 14.1 s where two
#   take 11.8 (bench league, two cores): the two meet near 36,000 games.
FORK, SPAWN = "fork", "spawn"
FORK_FROM_GAMES = 2_000
PARALLEL_FROM_GAMES = 40_000


def _sharing(results: QuerySet[GameResult]) -> tuple[int, str]:
    """(processes, FORK or SPAWN), or (1, "") for this process alone."""
    wanted = int(getattr(settings, "WHATIF_PROCESSES", 0) or os.cpu_count() or 1)
    if wanted < 2 or connections[results.db].vendor != "postgresql":
        return 1, ""
    games = results.filter(seat=0).count()
    if games >= FORK_FROM_GAMES and _can_fork(results.db):
        return wanted, FORK
    if games >= PARALLEL_FROM_GAMES:
        return wanted, SPAWN
    return 1, ""


def _can_fork(alias: str) -> bool:
    """Whether a copy of this process may play a share: a POSIX fork, one thread, and the
    connection in no transaction (a transaction's rows would be out of the copies' sight)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return False
    return threading.active_count() == 1 and not connections[alias].in_atomic_block


def _in_forked_processes(
    league: League,
    options: dict[str, Any],
    dates: tuple[datetime.date | None, datetime.date | None],
    processes: int,
) -> list[Part]:
    """``_replay_part`` of share 0 here and of each other share in a copy of this process
    (``_can_fork`` said it may), which sends back its players' sums and notes. A copy that
    fails (killed, say) has its share played here instead: slower, never wrong."""
    connections.close_all()  # each process opens its own; a shared socket would mix answers
    context = multiprocessing.get_context(FORK)
    copies = []
    for k in range(1, processes):
        receive, send = context.Pipe(duplex=False)
        copy = context.Process(
            target=_share_in_copy, args=(send, league, options, dates, (k, processes)), daemon=True
        )
        copy.start()
        send.close()
        copies.append((k, copy, receive))
    try:
        parts = [_replay_part(league, options, dates, (0, processes))]
    except BaseException:  # no copy left behind, waiting to send to nobody
        for _k, copy, _receive in copies:
            copy.terminate()
        raise
    for k, copy, receive in copies:
        try:
            part = receive.recv()
        except EOFError:  # the copy ended without an answer
            part = None
        copy.join()
        parts.append(
            part if part is not None else _replay_part(league, options, dates, (k, processes))
        )
    return parts


def _share_in_copy(
    send: Any,
    league: League,
    options: dict[str, Any],
    dates: tuple[datetime.date | None, datetime.date | None],
    share: tuple[int, int],
) -> None:
    """In a copy of the process: one share played, sent back; None when it failed."""
    try:
        send.send(_replay_part(league, options, dates, share))
    except Exception:  # the parent plays the share itself
        send.send(None)
    finally:
        connections.close_all()
        send.close()


def _in_processes(
    league: League,
    options: dict[str, Any],
    dates: tuple[datetime.date | None, datetime.date | None],
    processes: int,
) -> list[Part]:
    """``_replay_part`` of each share in a process of its own, started fresh (``spawn``: no
    connection or lock of this one is shared), on the same database, in the reader's language.

    The replays and the reading of the games are the time of a big what-if (14 s for 100,000
    games in one process, with the compiled engine): each process reads and plays its share
    (each table's rows by their own game id, modulo the processes) and sends back only its
    players' sums and its notes. (Playing in worker processes the games one process reads was
    measured too: the hands and lines pickled across made it slower than one process on two
    cores. Reading the games in a thread beside the replays was slower too: the rows it makes
    hold the interpreter the replays need.)
    """
    database = dict(connections[DEFAULT_DB_ALIAS].settings_dict)
    language = get_language()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(processes, mp_context=context) as pool:
        futures = [
            pool.submit(
                share_in_process, database, language, league.pk, options, dates, (k, processes)
            )
            for k in range(processes)
        ]
        return [future.result() for future in futures]


Played = tuple[list[ResultLine], GameNote | None]


def _replayed(
    games: Iterator[tuple[_Game, list[_Seat], list[Any]]], options: dict[str, Any]
) -> Iterator[Played]:
    """Each game replayed under ``options``, in order."""
    rules = ruleset_from_spec(options)  # built and checked once for every game
    for game, seats, hands in games:
        yield _play(game, seats, hands, rules)


def _refusal(target: Target, sizes: set[int]) -> str:
    played = "/".join(str(size) for size in sorted(sizes))
    return _(
        "“%(name)s” is for %(rules)s players and this league's games have %(played)s: "
        "the what-if cannot apply these rules to them."
    ) % {"name": target.name, "rules": target.players, "played": played}


def _table_sizes(results: QuerySet[GameResult]) -> set[int]:
    """The players at the counted games' tables (4, 3 or both), in one count: every game has
    a seat 0, and only four-player games a seat 3."""
    counts = results.aggregate(
        games=Count("pk", filter=Q(seat=0)), four=Count("pk", filter=Q(seat=3))
    )
    games, four = counts["games"], counts["four"]
    return {size for size, played in ((4, four > 0), (3, games > four)) if played}


def _stream(
    counted: QuerySet[Game], results: QuerySet[GameResult], hands: QuerySet[Hand]
) -> Iterator[tuple[_Game, list[_Seat], list[Any]]]:
    """Each counted game with its seats and hands, in game order, from three streams (the
    counted games, their results, their hands). A game with no results yet (finished after
    they were read) is left for the next time."""
    games = counted.order_by("pk").values_list(*_Game._fields).iterator(chunk_size=GAMES_PER_FETCH)
    seats = _grouped(
        results.order_by("game_id", "seat")
        .values_list("game_id", "player_id", "player__name", "penalties")
        .iterator(chunk_size=GAMES_PER_FETCH * 4)
    )
    by_game = _hands_by_game(hands)
    seated = next(seats, None)
    played = next(by_game, None)
    for row in games:
        game = _Game(*row)
        while seated is not None and seated[0] < game.id:
            seated = next(seats, None)
        while played is not None and played[0] < game.id:
            played = next(by_game, None)
        if seated is None or seated[0] != game.id:
            continue  # finished after the games were read: it counts next time
        game_hands = played[1] if played is not None and played[0] == game.id else []
        yield game, [_Seat(*seat) for seat in seated[1]], game_hands


def _grouped(rows: Iterator[tuple[Any, ...]]) -> Iterator[tuple[int, list[tuple[Any, ...]]]]:
    """Rows sorted by their first value (a game's id), as (id, the rest of each row)."""
    current: int | None = None
    group: list[tuple[Any, ...]] = []
    for first, *rest in rows:
        if first != current:
            if current is not None:
                yield current, group
            current, group = first, []
        group.append(tuple(rest))
    if current is not None:
        yield current, group


def _hands_by_game(hands: QuerySet[Hand]) -> Iterator[tuple[int, list[Any]]]:
    """Each counted game's hands in order, by game. PostgreSQL puts a game's hands in one JSON
    array (one row and one JSON text a game, not one a hand: a third of the what-if's time on
    a big league); elsewhere the hands come one a row and are grouped here."""
    if connections[hands.db].vendor == "postgresql":
        from django.contrib.postgres.aggregates import StringAgg

        # The hands' JSON joined as text, decoded here at once: Django's JSON field decodes
        # each value with its own overhead, twice the time of the query itself.
        per_game = (
            hands.order_by("game_id")
            .values("game_id")
            .annotate(hands=StringAgg(Cast("data", TextField()), ",", order_by="number"))
            .values_list("game_id", "hands")
        )
        for game_id, text in per_game.iterator(chunk_size=GAMES_PER_FETCH):
            yield game_id, json.loads(f"[{text}]")
        return
    rows = hands.order_by("game_id", "number").values_list("game_id", "data")
    for game_id, group in _grouped(rows.iterator(chunk_size=GAMES_PER_FETCH * 10)):
        yield game_id, [data for (data,) in group]


def _document(game: _Game, names: list[str], hands: list[Any], rules: Ruleset) -> dict[str, Any]:
    """The game's ``tenbou-game/1`` record (as ``Game.record()`` writes it) under ``rules``."""
    document: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "ruleset": rules.options,
        "players": names,
        "hands": hands,
        "final_scores": game.final_scores,
        "settlement_penalties": game.settlement_penalties,
    }
    if game.final_deposits:
        document["final_deposits"] = game.final_deposits
    if game.forced_end:
        document["forced_end"] = {"reason": game.forced_end_reason}
    return document


def _play(game: _Game, seats: list[_Seat], hands: list[Any], rules: Ruleset) -> Played:
    """Replay one game: its result lines, and a note when it was not played as recorded.

    Where the other rules end the game sooner, the later hands are not played; where they give
    the dealer no choice to stop, the game plays on. Any other refusal leaves the game out.
    """
    names = [seat.name for seat in seats]
    changes: list[str] = []
    while True:
        document = _document(game, names, hands, rules)
        try:
            record = read_record(document, rules)
            final, why = _settled(record)
        except RecordError as error:
            adjusted = _adjusted(hands, error)
            if adjusted is None:
                message = error_text(place_error(document, error, rules), names)
                return [], _note(game, names, message, counted=False)
            hands, change = adjusted
            changes.append(change)
            continue
        lines = list(_lines(record, final, seats))
        reasons = [*changes, why] if why is not None else changes
        return lines, _note(game, names, " ".join(reasons), counted=True) if reasons else None


def _adjusted(hands: list[Any], error: RecordError) -> tuple[list[Any], str] | None:
    """The hands as the other rules would have played them, and what changed; None when the
    refusal is not one of the rules' own end (the hand is impossible under them)."""
    number = error.hand
    if number is None:
        return None
    if error.code == "game_ended":
        return hands[: number - 1], str(ENDED_EARLIER % {"number": number - 1})
    if error.code in ("stop_no_choice", "stop_not_top", "stop_below_target"):
        hand = {key: value for key, value in hands[number - 1].items() if key != "stop"}
        return [*hands[: number - 1], hand, *hands[number:]], str(
            STOP_NOT_OFFERED % {"number": number}
        )
    return None


def _settled(record: GameRecord) -> tuple[Final, str | None]:
    """The game's settlement under the record's rules (one replay), and why it was settled
    otherwise than by its own hands and the referee's end."""
    final = replay(record, as_it_stands=True).final
    assert final is not None  # as it stands: always settled
    if final.ended_by == "forced" and record.forced_end is None:
        return final, str(SETTLED_AS_IT_STANDS)
    if final.ended_by != "forced" and record.forced_end is not None:
        return final, str(ENDED_BEFORE_REFEREE)
    return final, None


def _lines(record: GameRecord, final: Final, seats: list[_Seat]) -> Iterator[ResultLine]:
    tobi = record.ruleset.tobi
    for settled, seat in zip(final.seats, seats, strict=True):
        # トビ as GameResult keeps it: below the rules' line, or below 0 where they have none.
        busted = tobi.busted(settled.score) if tobi.enabled else settled.score < 0
        yield ResultLine(
            player_id=seat.player_id,
            name=seat.name,
            seat=settled.seat,
            rank=settled.rank,
            points=Decimal(f"{settled.points:.1f}"),
            final_score=settled.final_score,
            busted=busted,
            penalties=seat.penalties,
        )


def _note(game: _Game, names: Iterable[str], message: str, *, counted: bool) -> GameNote:
    table = table_name(game.table_label, game.round_number, game.table_number)
    return GameNote(game.id, game.played_on, table, tuple(names), message, counted)


# -- the two tables side by side ------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A player's line under the other rules beside their line as played."""

    row: Row
    before: Row | None

    @property
    def places(self) -> int | None:
        """Places gained (positive) or lost; None when either table leaves them unplaced."""
        if self.before is None or self.before.place is None or self.row.place is None:
            return None
        return self.before.place - self.row.place

    @property
    def change(self) -> str:
        """``↑2``, ``↓1``, ``=``, or ``—`` for a player placed in only one of the tables."""
        moved = self.places
        if moved is None:
            return "—"
        if moved == 0:
            return "="
        return f"↑{moved}" if moved > 0 else f"↓{-moved}"

    @property
    def total_change(self) -> Decimal:
        return self.row.total - (self.before.total if self.before else Decimal("0.0"))


@dataclass(frozen=True)
class Comparison:
    current: Standings
    what_if: WhatIf
    moves: list[Move]


def compare(
    league: League,
    target: Target,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
) -> Comparison:
    """The standings as played and under ``target``, over the same games and dates."""
    starts, ends = league_dates(league, date_from, date_to)
    current = league_standings(league, starts, ends)
    other = remembered_what_if(league, target, starts, ends)
    before = {row.player_id: row for row in current.rows}
    moves = [Move(row, before.get(row.player_id)) for row in other.rows]
    return Comparison(current, other, moves)

"""What an organiser does to a tournament, each in one transaction: nothing half done is saved.

Registration and check-in, seating a round (drawn from the published seed, or uploaded), the
round's life (publish: each table's game is started through ``scoring.services``; the clock;
close), drop-outs with the unplayed rounds seated again, and the cut to the finals.
"""

from __future__ import annotations

import datetime
import random
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.audit import fields_of, log_change
from clubs.models import Club, LogKind, Player, Ruleset
from scoring import services as scoring
from scoring.models import GameStatus
from standings.federation import imbalance_text
from standings.stamps import cache_key
from tournaments.federation import checked_games
from tournaments.messages import seating_message
from tournaments.models import (
    CutCarry,
    Entry,
    EntryStatus,
    Round,
    RoundStatus,
    RoundTable,
    SeatingMethod,
    SubstituteResults,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.seating import (
    RECORD_FORMAT,
    SEATING_ALGORITHM,
    Quality,
    SeatingError,
    byes_keeping_winds,
    byes_needed,
    free_seats,
    plan_rounds,
    repaired_plan,
    seat_counts,
    seating_quality,
    winds_can_hold,
)
from tournaments.seating_csv import check_everyone_seated, parse_seating_csv
from tournaments.standings import tournament_standings


class TournamentError(Exception):
    """A change refused, with the reason in the reader's language (nothing was saved)."""


def log_tournament(
    tournament: Tournament,
    user: Any,
    action: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """The change in the club's log, under the tournament's name."""
    log_change(
        tournament.club,
        user,
        LogKind.TOURNAMENT,
        action,
        tournament.name,
        object_id=tournament.pk,
        before=before,
        after=after,
    )


# -- the tournament and its players ----------------------------------------------------------


@transaction.atomic
def create_tournament(
    club: Club,
    *,
    name: str,
    starts_on: datetime.date,
    ruleset: Ruleset,
    ends_on: datetime.date | None = None,
    rounds: int,
    round_minutes: int = 90,
    substitute_results: str = SubstituteResults.UNCOUNTED,
    cut_after: int | None = None,
    cut_size: int | None = None,
    cut_carry: str = CutCarry.CARRIED,
    user: Any = None,
) -> Tournament:
    """A new tournament with a fresh seed, published from the start (its page shows it)."""
    if ruleset.club_id != club.pk or ruleset.current_version() is None:
        raise TournamentError(_("Choose one of the club's rulesets."))
    _check_cut(rounds, cut_after, cut_size, table_size_of(ruleset))
    tournament = Tournament.objects.create(
        club=club,
        name=name.strip(),
        starts_on=starts_on,
        ends_on=ends_on,
        ruleset=ruleset,
        rounds=rounds,
        round_minutes=round_minutes,
        seed=secrets.token_hex(8),
        substitute_results=substitute_results,
        cut_after=cut_after,
        cut_size=cut_size,
        cut_carry=cut_carry,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    log_tournament(tournament, user, "created", after=fields_of(tournament, TOURNAMENT_FIELDS))
    return tournament


TOURNAMENT_FIELDS = [
    "name",
    "starts_on",
    "ends_on",
    "ruleset",
    "rounds",
    "round_minutes",
    "seed",
    "substitute_results",
    "cut_after",
    "cut_size",
    "cut_carry",
]


def _check_cut(rounds: int, cut_after: int | None, cut_size: int | None, table_size: int) -> None:
    if cut_after is None:
        return
    if not 1 <= cut_after < rounds:
        raise TournamentError(_("The cut must come after a round before the last one."))
    if not cut_size or cut_size % table_size:
        raise TournamentError(_("The finals need a multiple of %(n)d players.") % {"n": table_size})


def table_size_of(ruleset: Ruleset) -> int:
    """4, or 3 for a sanma ruleset (三麻)."""
    version = ruleset.current_version()
    return int(version.options.get("players", 4)) if version else 4


@transaction.atomic
def register(
    tournament: Tournament,
    names: Sequence[str],
    *,
    team: str = "",
    substitute: bool = False,
    user: Any = None,
) -> list[Entry]:
    """Register players by name (a name the club does not know becomes a new player)."""
    cleaned = [name.strip() for name in names if name.strip()]
    if not cleaned:
        raise TournamentError(_("Write at least one name."))
    team_row = team_named(tournament, team)
    entries = []
    for name in cleaned:
        player, _created = Player.objects.get_or_create(club=tournament.club, name=name[:60])
        if Entry.objects.filter(tournament=tournament, player=player).exists():
            raise TournamentError(_("%(name)s is registered already.") % {"name": player.name})
        entries.append(
            Entry.objects.create(
                tournament=tournament, player=player, team=team_row, is_substitute=substitute
            )
        )
    log_tournament(tournament, user, "registered", after={"players": cleaned, "team": team or None})
    return entries


def team_named(tournament: Tournament, name: str) -> Team | None:
    name = name.strip()
    if not name:
        return None
    team, _created = Team.objects.get_or_create(tournament=tournament, name=name[:60])
    return team


@transaction.atomic
def set_status(entry: Entry, status: str, user: Any = None) -> Entry:
    """Check a player in, or back to registered; dropping out has its own service."""
    if status not in (EntryStatus.REGISTERED, EntryStatus.CHECKED_IN):
        raise TournamentError(_("Unknown status."))
    before, entry.status = entry.status, status
    entry.save(update_fields=["status"])
    name = entry.player.name
    log_tournament(entry.tournament, user, "status", before={name: before}, after={name: status})
    if before != status:
        _reseat_or_withdraw(entry.tournament, user)
    return entry


@transaction.atomic
def check_in_many(tournament: Tournament, entry_ids: list[int], user: Any = None) -> list[Entry]:
    """Check in every registered player of ``entry_ids`` at once, in one log entry.

    Players already checked in or dropped out are left as they are; an id of another
    tournament is no entry of this one, and refused by name with nothing saved."""
    entries = list(tournament.entries.select_related("player").filter(pk__in=entry_ids))
    if len(entries) != len(set(entry_ids)):
        raise TournamentError(_("Some of the chosen players are not in this tournament."))
    changed = [entry for entry in entries if entry.status == EntryStatus.REGISTERED]
    for entry in changed:
        entry.status = EntryStatus.CHECKED_IN
    Entry.objects.bulk_update(changed, ["status"])
    if changed:
        before = {entry.player.name: EntryStatus.REGISTERED.value for entry in changed}
        after = {entry.player.name: EntryStatus.CHECKED_IN.value for entry in changed}
        log_tournament(tournament, user, "status", before=before, after=after)
        _reseat_or_withdraw(tournament, user)
    return changed


@transaction.atomic
def set_team(entry: Entry, team: str, user: Any = None) -> Entry:
    before = entry.team.name if entry.team else None
    entry.team = team_named(entry.tournament, team)
    entry.save(update_fields=["team"])
    name, after = entry.player.name, entry.team.name if entry.team else None
    log_tournament(entry.tournament, user, "team", before={name: before}, after={name: after})
    return entry


@transaction.atomic
def substitute_for(entry: Entry, name: str, user: Any = None) -> Entry:
    """A substitute (代走) registered and checked in to play for ``entry`` from now on."""
    if entry.is_substitute:
        raise TournamentError(_("A substitute cannot be replaced by another one."))
    (substitute,) = register(entry.tournament, [name], substitute=True, user=user)
    substitute.replaces = entry
    substitute.status = EntryStatus.CHECKED_IN
    substitute.save(update_fields=["replaces", "status"])
    return substitute


@transaction.atomic
def drop_out(
    entry: Entry, substitute: str = "", user: Any = None, *, byes: bool = False
) -> list[Round]:
    """The player leaves after the rounds published so far; the drafted rounds are seated again.

    A ``substitute`` (代走) named here takes the seat from the next round; with ``byes`` the
    drafts are seated with byes when the players no longer fill the tables. Returns the rounds
    seated again; refused, with nothing saved, when they cannot be (a table short, no byes).
    """
    tournament = locked_tournament(entry.tournament)
    played = tournament.round_set.exclude(status=RoundStatus.DRAFT)
    entry.status = EntryStatus.DROPPED
    entry.dropped_after = max((r.number for r in played), default=0)
    entry.save(update_fields=["status", "dropped_after"])
    log_tournament(tournament, user, "dropped", after={entry.player.name: entry.dropped_after})
    if substitute.strip():
        substitute_for(entry, substitute, user)
    return reseat_drafts(tournament, byes=byes)


def _reseat_or_withdraw(tournament: Tournament, user: Any) -> None:
    """After a check-in (or its undoing) the drafts seat the players checked in now: seated
    again, or, when they no longer fill the tables, withdrawn and logged, to be drawn again by
    the organiser (with byes, or after adding a substitute). Never a draft without them."""
    drafts = list(tournament.round_set.filter(status=RoundStatus.DRAFT).order_by("number"))
    if not drafts:
        return
    try:
        with transaction.atomic():
            reseat_drafts(tournament)
    except TournamentError:
        numbers = [round_.number for round_ in drafts]
        tournament.round_set.filter(pk__in=[round_.pk for round_ in drafts]).delete()
        log_tournament(tournament, user, "withdrawn", after={"rounds": numbers})


def reseat_drafts(tournament: Tournament, *, byes: bool = False) -> list[Round]:
    """Seat again every round drawn but not published, with the players playing now (with
    byes where the draft had them, or where ``byes`` allows them)."""
    drafts = list(tournament.round_set.filter(status=RoundStatus.DRAFT).order_by("number"))
    for round_ in drafts:
        if round_.method == SeatingMethod.PREDEFINED:
            raise TournamentError(
                _("Round %(n)d was uploaded: upload it again without the player who left.")
                % {"n": round_.number}
            )
    for round_ in drafts:
        round_.delete()
    return [
        _draw(tournament, r.number, r.method, byes=byes or bool(r.draw.get("byes"))) for r in drafts
    ]


# -- seating ---------------------------------------------------------------------------------


def locked_tournament(tournament: Tournament) -> Tournament:
    """The tournament read afresh and locked: two organisers' draws are made one after another."""
    return (
        Tournament.objects.select_for_update()
        .select_related("ruleset", "club")
        .get(pk=tournament.pk)
    )


def playing_entries(tournament: Tournament, number: int) -> list[Entry]:
    """Who is seated in round ``number``: the checked-in players, or the finalists after the cut."""
    entries = tournament.entries.filter(status=EntryStatus.CHECKED_IN).select_related("team")
    if tournament.is_final_round(number):
        finalists = set(tournament.finalists)
        return [entry for entry in entries if entry.pk in finalists]
    return list(entries)


def kept_to_plan(tournament: Tournament) -> bool:
    """Whether the rounds drawn so far went as the first draw planned them: every one drawn at
    random, seating the players checked in now (byes included), and nobody met twice. A swiss
    or uploaded round, a drop-out, a late arrival or a repeat leaves the plan: the rounds
    still to seat are then searched, and nothing is promised by construction. With a cut, the
    plan is the qualifying rounds': the finals after it seat the finalists, not the plan."""
    last = rounds_of_phase(tournament, 1)
    rounds = tournament.round_set.filter(number__lte=last)
    checked_in = set(
        tournament.entries.filter(status=EntryStatus.CHECKED_IN).values_list("pk", flat=True)
    )
    for round_ in rounds:
        draw = round_.draw or {}
        seated = set(draw.get("players") or ()) | set(draw.get("byes") or ())
        if round_.method != SeatingMethod.RANDOM or seated != checked_in:
            return False
    history = history_before(tournament, last + 1)
    quality = seating_quality(history, table_size=table_size_of(tournament.ruleset))
    return quality.repeated_pairs == 0


def shortfall(tournament: Tournament, number: int) -> tuple[int, int]:
    """(substitutes needed, byes needed) to seat round ``number``: (0, 0) when it fits."""
    size = table_size_of(tournament.ruleset)
    count = len(playing_entries(tournament, number))
    extra = count % size
    return (byes_needed(count, size), extra) if extra else (0, 0)


def winds_cannot_hold(tournament: Tournament, number: int) -> bool:
    """Whether the players of round ``number``, filling the tables with no bye, cannot all take
    a seat that keeps their winds within one, however they are seated: more of them have one
    seat left to take (a seat taken least) than there are tables (a field that became full
    after a drop-out: 201 players with a bye a round, one leaving after round 3, had 51 players
    with only East left at 50 tables). The page says so before the draw; no draw can help it."""
    entries = playing_entries(tournament, number)
    size = table_size_of(tournament.ruleset)
    if len(entries) < size:
        return False
    counts = seat_counts(history_before(tournament, number), size)
    playing = [e.pk for e in entries]
    if len(entries) % size:
        # The byes are chosen to keep the winds where any fair choice can
        # (``byes_keeping_winds``), but none may: 32 players, two leaving after round 3 both
        # with only West left to take, leave six such players for seven tables.
        order, tier, _past = _bye_order_and_tier(tournament, entries, size, number)
        out = set(byes_keeping_winds(order, tier, counts, len(entries) % size, size))
        playing = [pk for pk in playing if pk not in out]
    fresh = (1 << size) - 1
    free = [free_seats(counts[pk]) if pk in counts else fresh for pk in playing]
    return not winds_can_hold(free, size)


@transaction.atomic
def draw_rounds(
    tournament: Tournament,
    numbers: Sequence[int],
    method: str,
    *,
    byes: bool = False,
    user: Any = None,
) -> list[Round]:
    """Seat rounds ``numbers`` as drafts (a draft there already is drawn again)."""
    tournament = locked_tournament(tournament)
    drawn = []
    for number in sorted(numbers):
        _check_drawable(tournament, number, method)
        tournament.round_set.filter(number=number, status=RoundStatus.DRAFT).delete()
        drawn.append(_draw(tournament, number, method, byes=byes))
    log_tournament(tournament, user, "seated", after={"rounds": list(numbers), "method": method})
    return drawn


def _check_drawable(tournament: Tournament, number: int, method: str) -> None:
    if not 1 <= number <= tournament.rounds:
        raise TournamentError(_("This tournament has no round %(n)d.") % {"n": number})
    rounds = {r.number: r for r in tournament.round_set.all()}
    if number in rounds and rounds[number].status != RoundStatus.DRAFT:
        raise TournamentError(_("Round %(n)d is published already.") % {"n": number})
    missing = sorted(set(range(1, number)) - set(rounds))
    if missing:
        raise TournamentError(_("Seat round %(n)d first.") % {"n": missing[0]})
    needs_closed = method == SeatingMethod.SWISS or tournament.is_final_round(number)
    if needs_closed and any(
        rounds[n].status != RoundStatus.CLOSED for n in range(1, number) if n in rounds
    ):
        raise TournamentError(
            _("Round %(n)d is seated from the standings: close the rounds before it first.")
            % {"n": number}
        )
    if tournament.is_final_round(number) and not tournament.finalists:
        raise TournamentError(_("Make the cut before seating the finals."))


# A draw input's key, never stored: the plan as it was before ``repaired_plan`` mended it with
# repeats (``fewest``), for ``_draw`` to draw from too and keep the draw with fewer repeats.
UNMENDED = "_unmended"


def _draw(tournament: Tournament, number: int, method: str, *, byes: bool) -> Round:
    draw = _draw_input(tournament, number, method, byes=byes)
    unmended = draw.pop(UNMENDED, None)
    planned = _seat(tournament, number, method, draw)
    if unmended is not None:
        # The plan mended with repeats is a start for the search, and so is the plan as it
        # was: the draw from each, counted over the rounds before, and the fewer repeats kept
        # (the mended one on a tie); the hint it drew from is kept with it, so it draws again.
        history = history_before(tournament, number)
        other = dict(draw, hint=unmended)
        planned_other = _seat(tournament, number, method, other)

        def repeats(rounds: Sequence[Any]) -> int:
            return seating_quality(
                [*history, *rounds], table_size=draw["table_size"]
            ).repeated_pairs

        if repeats(planned_other) < repeats(planned):
            draw, planned = other, planned_other
    draw["plan"] = [[list(table) for table in round_] for round_ in planned[1:]]
    return _store_round(tournament, number, method, draw, planned[0])


class _Rehearsed(Exception):
    """Not an error: raised to undo a rehearsal of the draws, carrying what it counted."""

    def __init__(self, quality: Quality) -> None:
        self.quality = quality


# The most rounds a preview draws one by one: each draw past what a construction seats is a
# search of up to a second or two on a small server (and a draw following a design with one
# round searched searches that round again: 68 players over 22 rounds, 8 s; 200 over 66, 75 s),
# and the page must answer well within gunicorn's 30 s. Past it, the first draw alone.
PREVIEW_ROUNDS = 12


@dataclass(frozen=True)
class Preview:
    """What the rounds of a phase will seat, counted (``draws_preview``). ``planned``: a long
    phase, only its next draw rehearsed, and its rounds counted as that draw plans them (each
    later draw searches the rounds left again, so the count may still change)."""

    quality: Quality
    planned: bool = False


def draws_preview(tournament: Tournament, *, compute: bool = True) -> tuple[bool, Preview | None]:
    """What the rounds of this phase (to the cut, or the last) will seat, counted: the rounds
    drawn so far and the rest drawn one by one at random, as the organiser would draw them,
    with the players checked in now (byes where they do not fill the tables), in a transaction
    then undone, so the count is the draws' own and nothing is kept. Where more than
    ``PREVIEW_ROUNDS`` are left to draw, the next draw alone, its plan of the rounds after it
    counted with it (``Preview.planned``). ``(known, preview)``: preview None once every round
    of the phase is drawn, in the finals, or where no draw can be made; known False when it is
    not in the cache and ``compute`` is false (the page then asks for it apart). Kept in the
    cache by everything the draws depend on: the seed, the rounds drawn so far and the next
    draw's input (its players, byes, teams, plan, table size and the seating's version)."""
    drawn = set(tournament.round_set.values_list("number", flat=True))
    first = next((n for n in range(1, tournament.rounds + 1) if n not in drawn), None)
    if first is None or tournament.is_final_round(first):
        return True, None
    size = table_size_of(tournament.ruleset)
    entries = playing_entries(tournament, first)
    if len(entries) < size:
        return True, None
    byes = len(entries) % size > 0
    last = rounds_of_phase(tournament, first)
    planned = last - first + 1 > PREVIEW_ROUNDS
    draw = _draw_input(tournament, first, SeatingMethod.RANDOM, byes=byes)
    history = history_before(tournament, first)
    key = cache_key("seating-preview/2", tournament.seed, first, last, history, draw)
    found = cache.get(key)
    if found is None and compute:
        try:
            with transaction.atomic():
                if planned:
                    (round_,) = draw_rounds(tournament, [first], SeatingMethod.RANDOM, byes=byes)
                    seated = [*history_before(tournament, first + 1), *round_.draw["plan"]]
                else:
                    draw_rounds(tournament, range(first, last + 1), SeatingMethod.RANDOM, byes=byes)
                    seated = history_before(tournament, last + 1)
                raise _Rehearsed(seating_quality(seated, table_size=size))
        except _Rehearsed as rehearsal:
            found = Preview(rehearsal.quality, planned)
        except TournamentError:
            return True, None
        cache.set(key, found, timeout=7 * 24 * 60 * 60)
    return found is not None, found


def _draw_input(tournament: Tournament, number: int, method: str, *, byes: bool) -> dict[str, Any]:
    """Everything a draw of round ``number`` is given (kept with the round, to draw it again)."""
    entries = playing_entries(tournament, number)
    size = table_size_of(tournament.ruleset)
    hint = _hint(tournament, number) if method == SeatingMethod.RANDOM else None
    extra = len(entries) % size
    from_plan, unmended = None, None
    if hint and (byes or not extra) and _players_changed(hint, entries):
        # Players left or came since the plan was drawn: the plan mended to seat them as they
        # are (its own byes, its promise kept), where that can be done.
        history = history_before(tournament, number)
        past = _byes_so_far(tournament, number)
        playing = [e.pk for e in entries]
        repaired = repaired_plan(hint, playing, extra, size, history, past)
        unmended = None
        if repaired is None:  # none keeps the promise: the fewest repeats, a start to search
            repaired = repaired_plan(hint, playing, extra, size, history, past, fewest=True)
            unmended = hint
        if repaired is not None:
            hint, from_plan = repaired.rounds, repaired.byes
    sitting_out = _byes(tournament, entries, size, number, from_plan) if byes else []
    players = sorted(entry.pk for entry in entries if entry.pk not in sitting_out)
    standings = _standings_order(tournament, players) if method == SeatingMethod.SWISS else None
    teams = {entry.pk: str(entry.team_id) for entry in entries if entry.team_id}
    draw = {
        "players": players,
        "byes": sitting_out,
        "standings": standings,
        "teams": teams,
        "table_size": size,
        "algorithm": SEATING_ALGORITHM,
    }
    draw["hint"] = hint
    if from_plan is not None and unmended is not None:
        draw[UNMENDED] = unmended  # the search may do better from the plan as it was: see _draw
    if sitting_out and method == SeatingMethod.RANDOM:
        draw["later_byes"] = _later_byes(tournament, entries, size, number, sitting_out, from_plan)
    return draw


def _players_changed(plan: Sequence[Any], entries: Sequence[Entry]) -> bool:
    """Whether the players of a plan's rounds (those sitting out included) are no longer the
    entries playing: someone left or came since it was drawn."""
    planned = {p for round_ in plan for table in round_ for p in table}
    return planned != {entry.pk for entry in entries}


def redraw(tournament: Tournament, round_: Round) -> tuple[tuple[int, ...], ...]:
    """The round's seating drawn again from what its draw was given (``manage.py seating``)."""
    return _seat(tournament, round_.number, round_.method, round_.draw)[0]


def _hint(tournament: Tournament, number: int) -> list[Any] | None:
    """What the last random draw planned for this round on (kept in its draw), if anything.

    A swiss or uploaded round in between has no plan: the one before it still says a lot.
    """
    for draw, offset in _draws_before(tournament, number):
        plan = draw.get("plan")
        if plan:
            return plan[offset:] or None
    return None


def _planned_byes(tournament: Tournament, number: int) -> list[int] | None:
    """The byes the last draw with byes planned for round ``number``, if it planned any."""
    planned = _planned_byes_from(tournament, number)
    return planned[0] if planned else None


def _planned_byes_from(tournament: Tournament, number: int) -> list[list[int]] | None:
    """The byes the last draw with byes planned for round ``number`` and each after it."""
    for draw, offset in _draws_before(tournament, number):
        later = draw.get("later_byes")
        if later is not None:
            return later[offset:] or None
    return None


def _draws_before(tournament: Tournament, number: int) -> Iterator[tuple[dict[str, Any], int]]:
    """The draws of the rounds before ``number``, the latest first, each with where round
    ``number`` stands in what it planned (0: the first round it planned after its own)."""
    for earlier in tournament.round_set.filter(number__lt=number).order_by("-number"):
        yield earlier.draw, number - earlier.number - 1


def _later_byes(
    tournament: Tournament,
    entries: Sequence[Entry],
    size: int,
    number: int,
    byes: Sequence[int],
    from_plan: Sequence[Sequence[int]] | None = None,
) -> list[list[int]]:
    """Who will sit out each round after ``number`` to the end of the phase, by the rule of
    ``_byes`` (the fewest byes so far first, then the plan's byes where this round took them,
    then the seed's draw), so that the draw plans those rounds with their own players and
    nobody meets anyone twice over them: each later draw takes the byes planned for it while
    they are as fair as any and keep the winds within one."""
    extra = len(entries) % size
    past = _byes_so_far(tournament, number)
    for entry in byes:
        past[entry] = past.get(entry, 0) + 1
    # The byes planned before (the plan mended for players who left or came, else the draw with
    # byes before) while this round took them: a plan's byes need not be the rule's, and the
    # rounds planned seat them.
    before = from_plan or _planned_byes_from(tournament, number)
    following = list(before[1:]) if before and sorted(byes) == sorted(before[0]) else []
    here = {entry.pk for entry in entries}
    later = []
    for k, _number in enumerate(range(number + 1, rounds_of_phase(tournament, number) + 1)):
        chosen = _bye_order(tournament, entries, past)[:extra]
        fairest = sorted(past.get(pk, 0) for pk in chosen)
        if (
            k < len(following)
            and len(following[k]) == extra
            and here.issuperset(following[k])
            and sorted(past.get(pk, 0) for pk in following[k]) == fairest
        ):
            chosen = list(following[k])
        else:
            following = []  # the plan's byes no longer as fair as any: the rule alone
        later.append(sorted(chosen))
        for entry in chosen:
            past[entry] = past.get(entry, 0) + 1
    return later


def later_players(draw: Mapping[str, Any]) -> list[list[int]] | None:
    """The players of each round a draw with byes planned after its own (``later_byes``)."""
    if not draw.get("later_byes"):
        return None
    everyone = set(draw["players"]) | set(draw.get("byes") or ())
    return [sorted(everyone - set(out)) for out in draw["later_byes"]]


def _seat(tournament: Tournament, number: int, method: str, draw: dict[str, Any]) -> Any:
    try:
        return plan_rounds(
            draw["players"],
            history_before(tournament, number),
            method=method,
            seed=tournament.seed,
            round_number=number,
            rounds_total=rounds_of_phase(tournament, number),
            table_size=draw["table_size"],
            teams={int(k): v for k, v in draw["teams"].items()} or None,
            standings=draw["standings"],
            hint=draw["hint"],
            later_players=later_players(draw),
        )
    except SeatingError as error:
        raise TournamentError(seating_message(error, _entry_names(tournament))) from error


def seating_record(tournament: Tournament) -> dict[str, Any]:
    """What a player needs to check every draw without the database (``seating.check_record``):
    the seed, the entries in their published order, and each round as it was drawn."""
    rounds = []
    history = history_before(tournament, tournament.rounds + 1)
    for round_ in tournament.round_set.order_by("number"):
        draw = round_.draw or {}
        rounds.append(
            {
                "number": round_.number,
                "method": round_.method,
                "players": draw.get("players", []),
                "teams": draw.get("teams") or {},
                "standings": draw.get("standings"),
                "hint": draw.get("hint"),
                "later_players": later_players(draw),
                "rounds_total": rounds_of_phase(tournament, round_.number),
                "table_size": draw.get("table_size") or table_size_of(tournament.ruleset),
                "algorithm": draw.get("algorithm"),  # None: drawn before rounds kept it
                "tables": [list(table) for table in history[round_.number - 1]]
                if round_.number <= len(history)
                else [],
            }
        )
    entries = tournament.entries.order_by("pk").values_list("pk", "player__name")
    return {
        "format": RECORD_FORMAT,
        "tournament": tournament.name,
        "seed": tournament.seed,
        "entries": [{"id": pk, "name": name} for pk, name in entries],
        "rounds": rounds,
    }


def rounds_of_phase(tournament: Tournament, number: int) -> int:
    """The last round a random draw plans for: the cut's, or the tournament's last."""
    cut = tournament.cut_after
    return cut if cut is not None and number <= cut else tournament.rounds


def history_before(tournament: Tournament, number: int) -> list[tuple[tuple[int, ...], ...]]:
    """The tables of the rounds before ``number``, as the seating reads them (entry ids)."""
    seats = TableSeat.objects.filter(
        table__round__tournament=tournament, table__round__number__lt=number
    ).values_list("table__round__number", "table__number", "entry_id")
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_number, table, entry in seats.order_by(
        "table__round__number", "table__number", "seat"
    ):
        rounds.setdefault(round_number, {}).setdefault(table, []).append(entry)
    return [
        tuple(tuple(t) for _n, t in sorted(tables.items())) for _r, tables in sorted(rounds.items())
    ]


def _byes(
    tournament: Tournament,
    entries: Sequence[Entry],
    size: int,
    number: int,
    from_plan: Sequence[Sequence[int]] | None = None,
) -> list[int]:
    """Who sits this round out: the fewest byes so far first, then the byes planned (by the
    draw with byes before, or ``from_plan``: those that let the plan drawn before a player
    left or came seat the rest), then the seed's draw; among those owed a bye alike, a choice
    that lets everyone else keep their winds within one (nine players who have all sat every
    seat but South cannot play at eight tables)."""
    extra = len(entries) % size
    if not extra:
        return []
    order, tier, past = _bye_order_and_tier(tournament, entries, size, number)
    counts = seat_counts(history_before(tournament, number), size)
    # The plan mended for players who left or came, else the byes the draw before planned.
    planned = list(from_plan[0]) if from_plan else _planned_byes(tournament, number)
    fairest = sorted(past.get(pk, 0) for pk in order[:extra])
    if planned is not None and (
        not set(planned) <= set(order) or sorted(past.get(pk, 0) for pk in planned) != fairest
    ):
        planned = None  # a player gone, or owed less than another: the plan no longer holds
    return sorted(byes_keeping_winds(order, tier, counts, extra, size, planned))


def _bye_order_and_tier(
    tournament: Tournament, entries: Sequence[Entry], size: int, number: int
) -> tuple[list[int], int, dict[int, int]]:
    """The order in which the players sit out round ``number``, how many of the first are owed
    a bye as much as the last who must sit out, and the byes so far."""
    extra = len(entries) % size
    past = _byes_so_far(tournament, number)
    order = _bye_order(tournament, entries, past)
    owed = past.get(order[extra - 1], 0)
    return order, sum(1 for pk in order if past.get(pk, 0) <= owed), past


def _byes_so_far(tournament: Tournament, number: int) -> dict[int, int]:
    """How many rounds before ``number`` each entry sat out."""
    past: dict[int, int] = {}
    for round_ in tournament.round_set.filter(number__lt=number):
        for entry in round_.draw.get("byes", []):
            past[entry] = past.get(entry, 0) + 1
    return past


def _bye_order(
    tournament: Tournament, entries: Sequence[Entry], past: Mapping[int, int]
) -> list[int]:
    """The entries in the order they sit out: the fewest byes so far first, then the seed's draw
    (a draw of its own for each count of byes given, so every round's order is new)."""
    rng = random.Random(f"{tournament.seed}:byes:{sum(past.values())}")
    return [e.pk for e in sorted(entries, key=lambda e: (past.get(e.pk, 0), rng.random()))]


def _standings_order(tournament: Tournament, players: Sequence[int]) -> list[int]:
    """The players best first, as the standings stand (those without a game last)."""
    table = tournament_standings(tournament)
    ranked = [table.entry_id(row) for row in table.rows if table.entry_id(row) in set(players)]
    return ranked + sorted(set(players) - set(ranked))


def _entry_names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entries.values_list("pk", "player__name"))


def _store_round(
    tournament: Tournament, number: int, method: str, draw: dict[str, Any], tables: Any
) -> Round:
    round_ = Round.objects.create(tournament=tournament, number=number, method=method, draw=draw)
    for table_number, players in enumerate(tables, 1):
        table = RoundTable.objects.create(round=round_, number=table_number)
        TableSeat.objects.bulk_create(
            TableSeat(table=table, round=round_, seat=seat, entry_id=entry)
            for seat, entry in enumerate(players)
        )
    return round_


@transaction.atomic
def upload_rounds(tournament: Tournament, text: str, user: Any = None) -> list[Round]:
    """Predefined seating from a CSV (round, table, players): every row checked before saving."""
    tournament = locked_tournament(tournament)
    entries = tournament.entries.values_list("pk", "player__name", "status")
    present = {name: pk for pk, name, status in entries if status == EntryStatus.CHECKED_IN}
    absent = {name for _pk, name, status in entries if status != EntryStatus.CHECKED_IN}
    size = table_size_of(tournament.ruleset)
    try:
        rounds = parse_seating_csv(text, present, table_size=size, absent=absent)
        check_everyone_seated(rounds, present)
    except SeatingError as error:
        raise TournamentError(seating_message(error, _entry_names(tournament))) from error
    stored = []
    for number, tables in sorted(rounds.items()):
        _check_drawable(tournament, number, SeatingMethod.PREDEFINED)
        tournament.round_set.filter(number=number, status=RoundStatus.DRAFT).delete()
        players = sorted(entry for table in tables for entry in table)
        draw = {"players": players, "byes": [], "standings": None, "teams": {}, "table_size": 0}
        stored.append(_store_round(tournament, number, SeatingMethod.PREDEFINED, draw, tables))
    log_tournament(tournament, user, "uploaded", after={"rounds": sorted(rounds)})
    return stored


# -- the round's life ------------------------------------------------------------------------


@transaction.atomic
def publish_round(
    round_: Round, *, played_on: datetime.date | None = None, user: Any = None
) -> Round:
    """Publish a drafted round: each table's game starts, with its players in their seats."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        raise TournamentError(_("Round %(n)d is published already.") % {"n": round_.number})
    tournament = round_.tournament
    version = tournament.ruleset.current_version()
    tables = round_.tables.prefetch_related("seats__entry__player")
    for table in tables:
        names = [seat.entry.player.name for seat in table.seats.all()]
        table.game = scoring.start_game(
            tournament.club,
            ruleset_version=version,
            players=names,
            played_on=played_on or timezone.localdate(),
            table_label=tournament.name[:40],
            tournament_table=(round_.number, table.number),
            user=user,
        )
        table.save(update_fields=["game"])
    round_.status = RoundStatus.PUBLISHED
    round_.save(update_fields=["status"])
    log_tournament(tournament, user, "published", after={"round": round_.number})
    return round_


@transaction.atomic
def start_clock(round_: Round, user: Any = None) -> Round:
    """The round's clock starts now (again, if the organiser restarts it)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.PUBLISHED:
        raise TournamentError(_("Publish the round before starting its clock."))
    round_.started_at = timezone.now()
    round_.save(update_fields=["started_at"])
    log_tournament(round_.tournament, user, "clock", after={"round": round_.number})
    return round_


@transaction.atomic
def call_referee(table: RoundTable, needed: bool, user: Any = None) -> RoundTable:
    before, table.needs_referee = table.needs_referee, needed
    table.save(update_fields=["needs_referee"])
    where = f"R{table.round.number} T{table.number}"
    log_tournament(
        table.round.tournament, user, "referee", before={where: before}, after={where: needed}
    )
    return table


@transaction.atomic
def close_round(round_: Round, user: Any = None) -> Round:
    """Close a round once every table's game is finished (or voided): the standings count it."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.PUBLISHED:
        raise TournamentError(_("Only a published round can be closed."))
    playing = [
        table.number
        for table in round_.tables.select_related("game")
        if table.game is None or table.game.status == GameStatus.ONGOING
    ]
    if playing:
        raise TournamentError(
            _("Table %(tables)s is still playing: finish its game first.")
            % {"tables": ", ".join(str(number) for number in playing)}
        )
    round_.status = RoundStatus.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    log_tournament(round_.tournament, user, "closed", after={"round": round_.number})
    return round_


@transaction.atomic
def make_cut(tournament: Tournament, user: Any = None) -> list[int]:
    """The top players after round ``cut_after`` go on to the finals (entry ids, best first)."""
    tournament = locked_tournament(tournament)
    if tournament.cut_after is None or tournament.cut_size is None:
        raise TournamentError(_("This tournament has no cut."))
    closed = tournament.round_set.filter(
        number__lte=tournament.cut_after, status=RoundStatus.CLOSED
    ).count()
    if closed < tournament.cut_after:
        raise TournamentError(
            _("Close rounds 1 to %(n)d before the cut.") % {"n": tournament.cut_after}
        )
    if tournament.round_set.filter(number__gt=tournament.cut_after).exclude(
        status=RoundStatus.DRAFT
    ):
        raise TournamentError(_("The finals have begun: the cut is made."))
    table = tournament_standings(tournament)
    playing = {e.pk for e in playing_entries(tournament, 1) if not e.is_substitute}
    ranked = [table.entry_id(row) for row in table.rows]
    finalists = [entry for entry in ranked if entry in playing][: tournament.cut_size]
    if len(finalists) < tournament.cut_size:
        raise TournamentError(
            _("Only %(n)d players can go on to the finals.") % {"n": len(finalists)}
        )
    tournament.finalists = finalists
    tournament.save(update_fields=["finalists"])
    names = dict(tournament.entries.values_list("pk", "player__name"))
    log_tournament(tournament, user, "cut", after={"finalists": [names[pk] for pk in finalists]})
    return finalists


# -- the organiser's sign-off of the results -------------------------------------------------


@transaction.atomic
def sign_off(tournament: Tournament, user: Any) -> Tournament:
    """The organiser confirms the results (the tournament report prints who and when).

    Only once every round is closed and every game's points add up (``zero_sum_problems``).
    """
    tournament = locked_tournament(tournament)
    if tournament.signed_off_at is not None:
        raise TournamentError(_("The results are signed off already."))
    closed = tournament.round_set.filter(status=RoundStatus.CLOSED).count()
    if closed < tournament.rounds:
        raise TournamentError(
            _("Close every round before signing off the results (%(closed)d of %(rounds)d).")
            % {"closed": closed, "rounds": tournament.rounds}
        )
    _states, problems = checked_games(tournament)
    if problems:
        raise TournamentError(
            _("The points do not add up: %(reason)s") % {"reason": imbalance_text(problems[0])}
        )
    tournament.signed_off_by = user if getattr(user, "is_authenticated", False) else None
    tournament.signed_off_at = timezone.now()
    tournament.save(update_fields=["signed_off_by", "signed_off_at"])
    log_tournament(tournament, user, "signed_off")
    return tournament


@transaction.atomic
def withdraw_sign_off(tournament: Tournament, user: Any) -> Tournament:
    """The sign-off taken back (a result to correct): the report says "not signed off yet"."""
    tournament = locked_tournament(tournament)
    if tournament.signed_off_at is None:
        raise TournamentError(_("The results are not signed off."))
    tournament.signed_off_by, tournament.signed_off_at = None, None
    tournament.save(update_fields=["signed_off_by", "signed_off_at"])
    log_tournament(tournament, user, "sign_off_withdrawn")
    return tournament

"""Seating for tournament rounds (卓組): pure Python, drawn from a published seed.

A round is a tuple of tables, each a tuple of player ids in seat order: East, South, West,
North (three seats in sanma). ``plan_rounds`` seats a round given the rounds before it:

- **random**: no pair of players meets twice while that is possible at all. Seating one round
  at a time paints itself into a corner (16 players over 5 rounds meet each other exactly once:
  only a perfect design does it), so the round is planned with every round still to come, and
  the plan's first round is played. The rest of the plan is the next draw's starting point
  (``hint``): it is kept when the round went as planned, and mended when it did not (a
  drop-out, a swiss or uploaded round in between).
- **swiss**: tables by the standings (the leaders at table 1), then a search for the seating
  with the fewest repeated pairs and teammates that moves players the fewest tables away.

Teammates never share a table while that is possible (a team with more players than there are
tables, as in a final of one table, shares as few as it can). The winds: every ``table_size``
consecutive rounds (1-4, 5-8 ...) each player sits once in each seat, so over the rounds each
player's East/South/West/North counts differ by at most 1. A group's seats are found together,
as an edge colouring of the bipartite graph of tables and players (König: it always exists).

The search is seeded by ``random.Random(f"{seed}:...")``: the same players, history, options,
hint and seed give the same seating on any machine, which is how ``manage.py seating`` proves a
draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations, permutations, product
from random import Random  # for _Field, whose method ``random`` hides the module there
from typing import Any

from tournaments.covering_designs import COVERING_ROUNDS
from tournaments.designs import BASE_ROUNDS
from tournaments.even_rounds import EVEN_ROUNDS
from tournaments.fewest_rounds import FEWEST_ROUNDS
from tournaments.frame_designs import (
    FRAMES,
    KIRKMAN_FRAMES,
    RESOLVABLE_FIVE,
    holey_rounds,
    resolvable_five,
)
from tournaments.orbit_designs import ORBIT_ROUNDS
from tournaments.published_designs import published_rounds
from tournaments.rotational_designs import ROTATIONAL_ROUNDS
from tournaments.stabilized_designs import STABILIZED_ROUNDS
from tournaments.transversal_designs import galois_field as _galois_field
from tournaments.transversal_designs import resolvable_transversal

Table = tuple[int, ...]
Round = tuple[Table, ...]

RANDOM, SWISS = "random", "swiss"
# The draw's own version: every change that gives any input another seating bumps it (a test
# pins a few draws, so such a change cannot go unnoticed). Each drawn round keeps the version
# that drew it, so that a record drawn by another Tenbou says so instead of "differs".
SEATING_ALGORITHM = 66
METHODS = (RANDOM, SWISS)
TEAM_COST, PAIR_COST = 100, 1  # teammates at one table weigh more than a repeated pair
# A table of the round being drawn at which its players cannot all take a seat that keeps their
# winds within one (each a seat they have taken least): weighs more than a repeated pair.
WIND_COST = 10
# A draw stops searching after this much work, with the best seating it found: a count of steps
# (each step weighed by the players and rounds it looks at), never a clock, so that the same
# inputs give the same seating on any machine under any load. About 1.6 s on this 2-core
# machine for 32 players over 10 rounds with the winds checked.
SEARCH_WORK = 2_200_000
MIN_STEPS = 2_000
# The steps of the search that places the players sitting out in a design (``_stood_in``).
STAND_IN_STEPS = 4_000
REPAIR_WORK = 20_000  # ways to seat a round ``repaired_plan`` tries, at most
MOVES = 2  # players ``repaired_plan`` may move in a round (to another seat, or out)
# ``_Field._round_keeping_winds``: the players each try looks at, at most, and the most pairs
# meeting again it tries one at a time before any number.
ROUND_WORK = 20_000
ROUND_REPEATS = 4
# ``_Field._unblocked``: the most swaps it makes and weighs, and what a blocked table weighs.
UNBLOCK_STEPS = 60
UNBLOCK_WORK = 20_000
UNBLOCK_COST = 1_000
UNBLOCK_TENURE = 3
# The pairs of swaps ``_unblocked_by_two_swaps`` weighs, at most: four steps at 8 tables, one at
# 9 to 15, none past (a step a tenth of a second at 8 tables, half a second at 15).
PAIR_UNBLOCK_WORK = 100_000
SEAT_ORDERS_WORK = 5_000  # orders ``_seat_orders_searched`` tries (64 over 21, a leaver: 2,000+)
STUCK_STEPS = 600  # steps without a better plan before a random shake
GIVE_UP_STEPS = 6000  # steps without a better plan before the best one is taken
# ... but no more than this many swaps weighed without a better plan (each step weighs one
# player's swap with every other player of the round): 36 players or fewer give up after
# ``GIVE_UP_STEPS``, 200 after 1,080 steps (the last round of 200 players after a drop-out
# had weighed 1.2 million swaps over 6,000 steps after its last gain: 2.5 s; now 0.5 s).
GIVE_UP_WORK = 216_000
# Swiss: a conflict (see ``_Field.conflicts``) weighs more than moving players this many tables
# away from their place by the standings, in all.
SWISS_MOVE_SCALE = 1000
SWISS_GIVE_UP_STEPS = 400  # swiss: steps without a better seating before the best is taken


class SeatingError(ValueError):
    """A seating that cannot be made, as data: a code and what it concerns.

    Codes: ``player_count`` (count, size, needed), ``duplicate_player`` (player),
    ``no_standings``, ``unknown_method``; a CSV's codes are
    ``tournaments.seating_csv``'s. ``tournaments.messages`` says each in the reader's language.
    """

    def __init__(
        self,
        code: str,
        *,
        row: int | None = None,
        player: int | str | None = None,
        table: int | None = None,
        round: int | None = None,
        count: int | None = None,
        size: int | None = None,
        needed: int | None = None,
        team: str | None = None,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.row, self.player, self.table, self.round = row, player, table, round
        self.count, self.size, self.needed, self.team = count, size, needed, team

    def __str__(self) -> str:
        details = {k: v for k, v in vars(self).items() if k != "code" and v is not None}
        return f"{self.code} {details}" if details else self.code


def byes_needed(player_count: int, table_size: int = 4) -> int:
    """How many players (substitutes) the last table lacks: 0 when the count fills the tables."""
    return -player_count % table_size


@dataclass(frozen=True)
class Quality:
    repeated_pairs: int  # meetings beyond the first, over every pair
    most_meetings: int  # the most times one pair met
    wind_imbalance: int  # the largest (max - min) of one player's wind counts after any round
    teammates_together: int  # pairs of teammates who shared a table


def winds_can_hold(free: Sequence[int], size: int = 4) -> bool:
    """Whether these players (each a bit set of the seats they have taken least) can all sit
    in such a seat at ``len(free) / size`` tables: for every set of seats, no more players can
    take only those seats than there are of them (Hall's condition)."""
    tables = len(free) // size
    return all(
        sum(1 for seats in free if seats & ~chosen == 0) <= chosen.bit_count() * tables
        for chosen in range(1, 1 << size)
    )


def free_seats(counts: Sequence[int]) -> int:
    """The seats (a bit each) a player has taken least so far."""
    return sum(1 << seat for seat, n in enumerate(counts) if n == min(counts))


def byes_keeping_winds(
    order: Sequence[int],
    tier: int,
    counts: Mapping[int, Sequence[int]],
    extra: int,
    size: int,
    planned: Sequence[int] | None = None,
) -> list[int]:
    """Who sits out: ``extra`` players among the first ``tier`` of ``order`` (those owed a bye
    as much as the ``extra``-th), the earliest in ``order`` whose leaving lets every other player
    keep their winds within one (``winds_can_hold``); the first ``extra`` when no choice can.
    ``planned`` (the byes the last draw planned for this round, as fair as the first ``extra``)
    is the choice when it keeps the winds: the planned rounds seat the players it leaves."""
    start = list(order[:extra])
    fresh = (1 << size) - 1
    free = {p: free_seats(counts[p]) if p in counts else fresh for p in order}
    candidates = list(order[: max(extra, min(tier, extra + 12))])
    first = [tuple(planned)] if planned is not None and len(planned) == extra else []
    for chosen in chain(first, combinations(candidates, extra)):
        out = set(chosen)
        if winds_can_hold([free[p] for p in order if p not in out], size):
            return list(chosen)
    return start


def seating_quality(
    rounds: Sequence[Sequence[Sequence[int]]],
    *,
    teams: Mapping[int, str] | None = None,
    table_size: int = 4,
) -> Quality:
    meetings: Counter[tuple[int, int]] = Counter()
    winds: dict[int, list[int]] = {}
    teams = teams or {}
    imbalance = 0
    for tables in rounds:
        for table in tables:
            meetings.update(_pairs(table))
            for seat, player in enumerate(table):
                winds.setdefault(player, [0] * table_size)[seat] += 1
        imbalance = max(imbalance, max((max(c) - min(c) for c in winds.values()), default=0))
    return Quality(
        repeated_pairs=sum(count - 1 for count in meetings.values() if count > 1),
        most_meetings=max(meetings.values(), default=0),
        wind_imbalance=imbalance,
        teammates_together=sum(_teammates(table, teams) for tables in rounds for table in tables),
    )


def _pairs(table: Iterable[int]) -> list[tuple[int, int]]:
    return [(a, b) if a < b else (b, a) for a, b in combinations(table, 2)]


def _teammates(table: Sequence[int], teams: Mapping[int, str]) -> int:
    return sum(1 for a, b in combinations(table, 2) if a in teams and teams.get(b) == teams[a])


def plan_rounds(
    players: Sequence[int],
    history: Sequence[Sequence[Sequence[int]]],
    *,
    method: str,
    seed: str,
    round_number: int,
    rounds_total: int,
    table_size: int = 4,
    teams: Mapping[int, str] | None = None,
    standings: Sequence[int] | None = None,
    hint: Sequence[Sequence[Sequence[int]]] | None = None,
    later_players: Sequence[Sequence[int]] | None = None,
) -> list[Round]:
    """Round ``round_number`` and, for a random draw, the rounds planned after it.

    ``history``: the rounds seated before (played or published), in order. ``hint``: the plan
    the previous draw returned after its first round (a random draw starts from it).
    ``later_players``: the players of each planned round after this one, when they are not
    ``players`` (byes that fall on others): the plan seats each round's own players, and no
    two players meet twice over all of them while that is possible.
    """
    _check(players, table_size, teams or {}, method, standings)
    for later in later_players or ():
        _check(later, table_size, teams or {}, method, standings)
    rng = random.Random(f"{seed}:{method}:{round_number}")
    field = _Field(players, history, table_size, teams or {}, round_number, later_players)
    if method == SWISS:
        order = [p for p in standings or () if p in field.playing]
        order += sorted(field.playing - set(order))
        return [field.swiss(order, rng)]
    rounds = max(1, rounds_total - round_number + 1)
    return field.random(rounds, rng, hint)


@dataclass(frozen=True)
class Outlook:
    """What can be promised before drawing: how many rounds these players can play without
    anyone meeting anyone twice, and how many of them a construction seats for sure."""

    players: int
    rounds: int  # the rounds to seat
    bound: int  # the most rounds counting allows without a repeat: (N - 1) // (size - 1)
    constructed: int  # the rounds a construction seats without a repeat (none: the search)
    fewest_repeats: int  # over the bound: the repeated meetings counting cannot avoid
    most: int  # the most rounds any seating plays without a repeat (the bound, or fewer)
    byes: int = 0  # players sitting out each round beside ``players`` (then ``bound`` and
    # ``fewest_repeats`` count the whole field turning, and ``most`` is the bound, or one round
    # where two in a row must repeat: ``_next_round_meets_again``)
    # With byes: the rounds the stand-ins' transversal design seats without a repeat for sure
    # (``_Field._stood_in_transversal``), or the rounds asked where a design of the field and
    # one player more who never comes seats them (``size - 1`` byes: ``_missing_player_rounds``)
    # or the stand-ins' seats in a design are found outright (``_stand_in_seats``), else 0 (a
    # repeat possible).
    with_byes: int = 0
    # Rounds drawn so far left the first draw's plan (a swiss or uploaded round, players who
    # changed, a repeat): the rounds still to seat are searched, nothing promised by construction.
    departed: bool = False
    # The rounds promised with byes come from a design of the field and one player who never
    # comes, whose tablemates sit out (``_missing_player_rounds``): no stand-ins.
    missing_player: bool = False
    # A seating of ``most`` rounds without a repeat is known: a construction here seats that
    # many (or ``most`` is one round, which never repeats). False where ``most`` is only what
    # counting allows and no proof rules out, and no construction here reaches it (68 players:
    # 22 by counting, 21 by a construction; 34 with two byes a round: 11 by counting): the page
    # then says "at most", never "can".
    reached: bool = True

    @property
    def everyone(self) -> int:
        """The players of the field, those sitting out a round included."""
        return self.players + self.byes

    @property
    def sure(self) -> bool:
        """Every round asked is seated without a repeat, by construction."""
        if self.departed:
            return False
        return self.rounds <= (self.with_byes if self.byes else self.constructed)


# Fields whose bound no seating reaches, by (players, table size): the most rounds without a
# repeat. 20 players over 6 rounds would leave each player one opponent unmet, the unmet pairs
# two by two: a resolvable group divisible design of type 2¹⁰, which does not exist (Ge, Lam,
# Ling and Shen, "Resolvable maximum packings with quadruples", 2005); 12 over 5 at tables of
# three a nearly Kirkman triple system of 12, which does not exist (Kotzig and Rosa, 1974).
SHORT_OF_THE_BOUND = {(20, 4): 5, (12, 3): 4}


def most_rounds_without_a_repeat(players: int, size: int = 4) -> int:
    """The most rounds any seating of ``players`` at tables of ``size`` plays with nobody
    meeting anyone twice: the bound ``(N - 1) // (size - 1)``, but one round when there are
    fewer tables than seats at a table (a table of round two would take two players from one
    table of round one: 8 or 12 players at tables of four, 6 at tables of three), and the
    fields of ``SHORT_OF_THE_BOUND``."""
    if players < size or players % size:
        return 0
    if _next_round_meets_again(players // size, size, 0):
        return 1
    return SHORT_OF_THE_BOUND.get((players, size), (players - 1) // (size - 1))


def _next_round_meets_again(tables: int, size: int, byes: int) -> bool:
    """Whether any two rounds in a row of ``tables`` tables seat two players together again,
    ``byes`` players sitting out each round: a table of the second round takes at most one
    player of each table of the first (``tables`` at most), so the first round's players fill
    at most ``tables²`` of its seats, and only the ``byes`` who sat out the first can take the
    others. 8 or 12 players at tables of four (no byes), 9 with a bye (two tables: 4 seats
    for 7 such players), 14 with two (three tables: 9 for 10)."""
    return tables * (size - tables) > byes


def _stand_in_multipliers(q: int, size: int, extra: int) -> list[int] | None:
    """For ``_Field._stood_in_transversal``: each stand-in's ``λ_k`` in GF(q) (``q`` a prime
    power), not 0 nor any ``e_k - e_j`` and with the ``λ_k - e_k`` all different, the first
    such in the field's order; None when there are none (GF(4) at tables of three with two
    byes, say)."""
    field = _galois_field(q)
    if field is None:
        return None
    add = field[0]
    negative = {x: next(y for y in range(q) if add(x, y) == 0) for x in range(q)}
    lambdas: list[int] = []
    for k in range(extra):
        barred = {add(k, negative[j]) for j in range(size) if j != k}  # e_k - e_j
        used = {add(lam, negative[i]) for i, lam in enumerate(lambdas)}  # λ_i - e_i
        lam = next(
            (x for x in range(1, q) if x not in barred and add(x, negative[k]) not in used), None
        )
        if lam is None:
            return None
        lambdas.append(lam)
    return lambdas


def outlook(players: int, rounds: int, size: int = 4, byes: int = 0) -> Outlook:
    bound = (players - 1) // (size - 1) if players > 1 else 0
    ids = list(range(players))
    probe = random.Random(0)  # the count of rounds does not depend on the draw
    fills = players and players % size == 0
    constructed = len(constructed_rounds(ids, size, max(rounds, bound), probe)) if fills else 0
    surplus = max(0, (size - 1) * rounds - (players - 1))
    most = most_rounds_without_a_repeat(players, size)
    fewest = -(-players * surplus // 2)
    with_byes, missing = _rounds_with_byes(players, size, rounds, byes) if byes else (0, False)
    reached = most <= 1 or min(constructed, bound) >= most
    if byes:  # the field turns: bound and floor count each player's own rounds
        bound, fewest = _turning_bound(players + byes, byes, rounds, size)
        # The fixed field's known-design limits do not hold for a field turning; the limit of
        # two rounds in a row does, with the players who sat out the first taking seats.
        tables = players // size
        most = 1 if bound > 1 and _next_round_meets_again(tables, size, byes) else bound
        at_most = with_byes if most == rounds else _rounds_with_byes(players, size, most, byes)[0]
        reached = most <= 1 or at_most >= most
    return Outlook(
        players,
        rounds,
        bound,
        min(constructed, bound),
        fewest,
        most,
        byes,
        with_byes,
        missing_player=missing,
        reached=reached,
    )


def _rounds_with_byes(players: int, size: int, rounds: int, byes: int) -> tuple[int, bool]:
    """``Outlook.with_byes`` and ``Outlook.missing_player`` of ``players`` seated a round and
    ``byes`` sitting out, over ``rounds``."""
    q = players // size
    fits = q * size == players and q > size
    with_byes = q if fits and _stand_in_multipliers(q, size, byes) is not None else 0
    once = byes * rounds <= players + byes  # nobody sits out twice
    missing = False
    if byes == size - 1 and with_byes < rounds and once and players > size:
        missing = _missing_player_rounds(players, size, rounds) is not None
        with_byes = rounds if missing else with_byes
    if with_byes < rounds and once and players > size:
        with_byes = (
            rounds if _stand_in_seats(players, size, rounds, byes) is not None else with_byes
        )
    return with_byes, missing


def _turning_bound(field: int, byes: int, rounds: int, size: int) -> tuple[int, int]:
    """With ``byes`` players sitting out each round, the fewest byes first, of a field of
    ``field``: the most rounds counting allows without a repeat (every player meets
    ``size - 1`` new opponents in each round they play, of ``field - 1``), and the repeated
    meetings counting leaves over ``rounds``. 34 players, two byes a round: 11 rounds (each
    plays 11 while nobody has sat out twice; 32 fixed players would get 10)."""

    def surplus(r: int) -> int:
        sat_out, extra = divmod(byes * r, field)  # ``extra`` players sat out once more
        over = [max(0, (size - 1) * (r - n) - (field - 1)) for n in (sat_out, sat_out + 1)]
        return (field - extra) * over[0] + extra * over[1]

    bound = 0
    while surplus(bound + 1) == 0 and bound < field * size:
        bound += 1
    return bound, -(-surplus(rounds) // 2)


RECORD_FORMAT = "tenbou-seating/1"


SAME, DIFFERS, OTHER_ALGORITHM = "same", "differs", "other_algorithm"


def check_record(record: Mapping[str, Any]) -> list[tuple[int, str]]:
    """Each drawn round of a published seating record (``RECORD_FORMAT``) drawn again from what
    the record says it was given: (round, ``SAME`` when the draw gives the tables stored, else
    ``DIFFERS``, or ``OTHER_ALGORITHM`` when another version of the draw made it and this one
    gives other tables: then only that version can check it; a round drawn before rounds kept
    their version has none, and is simply compared).

    The record holds the seed, the entries in order, and for each round its method, players,
    teams, standings, the plan it started from and its tables; the rounds before one are its
    history. Anyone can check a tournament's draws with this and the record, no database.
    """
    if record.get("format") != RECORD_FORMAT:
        raise SeatingError("record_format")
    checked: list[tuple[int, str]] = []
    history: list[Round] = []
    for round_ in sorted(record["rounds"], key=lambda r: r["number"]):
        stored = tuple(tuple(table) for table in round_["tables"])
        if round_["method"] in METHODS:
            drawn = plan_rounds(
                round_["players"],
                history,
                method=round_["method"],
                seed=record["seed"],
                round_number=round_["number"],
                rounds_total=round_["rounds_total"],
                table_size=round_["table_size"],
                teams={int(k): v for k, v in (round_["teams"] or {}).items()} or None,
                standings=round_["standings"],
                hint=round_["hint"],
                later_players=round_.get("later_players"),
            )[0]
            algorithm = round_.get("algorithm")
            if drawn == stored:
                checked.append((round_["number"], SAME))
            elif algorithm is not None and algorithm != SEATING_ALGORITHM:
                checked.append((round_["number"], OTHER_ALGORITHM))
            else:
                checked.append((round_["number"], DIFFERS))
        history.append(stored)
    return checked


def _check(
    players: Sequence[int],
    table_size: int,
    teams: Mapping[int, str],
    method: str,
    standings: Sequence[int] | None,
) -> None:
    if method not in METHODS:
        raise SeatingError("unknown_method")
    seen: set[int] = set()
    for player in players:
        if player in seen:
            raise SeatingError("duplicate_player", player=player)
        seen.add(player)
    if not players or len(players) % table_size:
        count = len(players)
        raise SeatingError(
            "player_count", count=count, size=table_size, needed=byes_needed(count, table_size)
        )
    if method == SWISS and standings is None:
        raise SeatingError("no_standings")


class _Field:
    """The players of a draw, what the history says of them, and the ways to seat them."""

    def __init__(
        self,
        players: Sequence[int],
        history: Sequence[Sequence[Sequence[int]]],
        table_size: int,
        teams: Mapping[int, str],
        round_number: int,
        later_players: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.players = sorted(players)
        self.playing = set(players)
        # The players of the planned rounds after this one (``later``), and of all of them.
        self.later = [sorted(later) for later in later_players or ()]
        self.everyone = sorted(self.playing.union(*self.later))
        known = set(self.everyone)
        self.size = table_size
        self.teams = teams
        self.round_number = round_number
        self._conflict_cache: dict[tuple[int, ...], int] = {}
        self.met: Counter[tuple[int, int]] = Counter()
        self.winds = {p: [0] * table_size for p in self.everyone}
        # The winds each player took in this group of rounds (1-4, 5-8 ...) so far.
        first_of_group = round_number - (round_number - 1) % table_size
        self.group_winds: dict[int, set[int]] = {p: set() for p in self.everyone}
        self.rounds_before = len(history)
        for number, tables in enumerate(history, 1):
            for table in tables:
                for pair in _pairs(p for p in table if p in known):
                    self.met[pair] += 1
                for seat, player in enumerate(table):
                    if player in known and seat < table_size:
                        self.winds[player][seat] += 1
                        if number >= first_of_group:
                            self.group_winds[player].add(seat)
        # Each player's seats taken least so far (a bit a seat): where the next round may seat
        # them without letting their winds drift two apart.
        self.all_seats = (1 << table_size) - 1
        self._short: dict[int, int] = {}  # by the players' free seats (``_seat_key``)
        self.free_seats = {player: free_seats(counts) for player, counts in self.winds.items()}
        # A table's free seats as one number whatever the order of its players: four bits a
        # kind of free seats (a count of players), so a table's key is the sum of its players'.
        self._seat_key = {p: 1 << (4 * mask) for p, mask in self.free_seats.items()}
        self._any_seat_key = 1 << (4 * self.all_seats)
        # Players off each other's rhythm: byes planned, or some have played more rounds.
        self.off_rhythm = any(later != self.players for later in self.later) or (
            len({sum(counts) for counts in self.winds.values()}) > 1
        )
        # Every round played and planned seats these same players (``_Plan._floor``).
        self.one_field = all(later == self.players for later in self.later) and all(
            sorted(p for table in tables for p in table) == self.players for tables in history
        )

    # -- random -----------------------------------------------------------------------------

    def random(
        self, rounds: int, rng: Random, hint: Sequence[Sequence[Sequence[int]]] | None
    ) -> list[Round]:
        start, built = self._start(rounds, rng, hint)
        as_planned = [[list(t) for t in r] for r in start]
        steps = max(MIN_STEPS, SEARCH_WORK // (len(self.playing) * rounds))
        plan = _Plan(self, start, rng)
        if 1 < built < rounds and not self.met:
            # A first draw past the construction: search the rounds past it alone, and every
            # round, each with half the steps, and keep the better (the first on a tie).
            kept = _Plan(self, [[list(t) for t in r] for r in start], rng, locked=built)
            kept.search(steps // 2)
            plan.search(steps - steps // 2)
            if kept.cost <= plan.cost:
                plan = kept
        else:
            plan.search(steps)
        tables = plan.tables
        if (
            hint is not None
            and self.off_rhythm
            and tables != as_planned
            and self._winds_hold(as_planned)
            and _colour_blocks(tables, self.winds, self.size) is None
            and _seat_orders_searched(tables, self.winds, self.size) is None
        ):
            # Off the rhythm (byes), the search's rounds could not all keep the winds within
            # one, while the plan as it stood does: keep the plan, its repeats and its seats.
            tables = as_planned
        if any(self.wind_blocked(table) for table in tables[0]) and winds_can_hold(
            [self.free_seats[p] for p in self.players], self.size
        ):
            # A table of the round drawn at which the players cannot all keep their winds
            # within one, where a round in which everyone can exists: the search weighed the
            # winds against repeats (32 players after a drop-out from a field with byes chose
            # two winds two apart over more repeats); the winds are a promise, so the round is
            # mended to keep them (``_unblocked``, else two swaps at a time, else seated again:
            # ``_round_keeping_winds``),
            # and the rounds planned after it stay as they are where it meets none of their
            # pairs, else they are searched again from there, the round kept.
            later = {pair for round_ in tables[1:] for table in round_ for pair in _pairs(table)}
            first = self._unblocked(tables[0], later)
            if first is None:
                first = self._unblocked_two_swaps_at_a_time(tables[0], later)
            first = first or self._round_keeping_winds(rng)
            if first is not None:
                start = [first, *([list(t) for t in r] for r in tables[1:])]
                if any(pair in later for table in first for pair in _pairs(table)):
                    again = _Plan(self, start, rng, locked=1)
                    again.search(steps // 2)
                    start = again.tables
                tables = start
        if hint is None or not self._winds_hold(tables):
            tables = _Winds(self, tables).seat()
            if len(tables) > 1:
                tables[0] = self._seats_for_next(tables[0], tables[1])
        return [tuple(tuple(table) for table in round_) for round_ in tables]

    def _unblocked(
        self, tables: Sequence[Sequence[int]], later: Set[tuple[int, int]]
    ) -> list[list[int]] | None:
        """The round drawn mended so that none of its tables is ``wind_blocked``: a player of a
        blocked table swapped with a player of another table, each step the swap that costs
        least (a blocked table weighing more than every pair; a pair that met before, or meets
        in the rounds planned after it, ``later``, one; teammates ``TEAM_COST``), the first in
        table order on a tie, even where it costs more (a player swapped stays put for
        ``UNBLOCK_TENURE`` steps), ``UNBLOCK_STEPS`` steps and ``UNBLOCK_WORK`` swaps weighed
        at most (counts, not a clock); None when a table is still blocked by then."""
        round_ = [list(table) for table in tables]
        met, teams = self.met, self.teams

        def cost(table: Sequence[int]) -> int:
            found = UNBLOCK_COST * self.wind_blocked(table) + TEAM_COST * _teammates(table, teams)
            return found + sum(1 for pair in _pairs(table) if met[pair] or pair in later)

        costs = [cost(table) for table in round_]
        moved: dict[int, int] = {}  # player -> the step until which they stay where they went
        work = 0
        for step in range(UNBLOCK_STEPS):
            blocked = [t for t, table in enumerate(round_) if self.wind_blocked(table)]
            if not blocked:
                return round_
            work += len(blocked) * (len(round_) - 1) * self.size**2
            if work > UNBLOCK_WORK:
                return None  # too many tables blocked for swaps: seated anew instead
            best: tuple[int, int, int, int, int] | None = None
            for t in blocked:
                for u in range(len(round_)):
                    if u == t:
                        continue
                    for a, b in product(range(self.size), repeat=2):
                        if max(moved.get(round_[t][a], -1), moved.get(round_[u][b], -1)) >= step:
                            continue  # swapped a moment ago: stays put
                        mine, theirs = list(round_[t]), list(round_[u])
                        mine[a], theirs[b] = theirs[b], mine[a]
                        change = cost(mine) + cost(theirs) - costs[t] - costs[u]
                        if best is None or change < best[0]:
                            best = (change, t, a, u, b)
            if best is None:
                return None
            _change, t, a, u, b = best
            round_[t][a], round_[u][b] = round_[u][b], round_[t][a]
            moved[round_[t][a]] = moved[round_[u][b]] = step + UNBLOCK_TENURE
            costs[t], costs[u] = cost(round_[t]), cost(round_[u])
        return None

    def _unblocked_two_swaps_at_a_time(
        self, tables: Sequence[Sequence[int]], later: Set[tuple[int, int]]
    ) -> list[list[int]] | None:
        """The round drawn mended as ``_unblocked`` mends it (the same costs), where its swaps
        one at a time cannot: ``_unblocked_by_two_swaps``."""
        met, teams = self.met, self.teams

        def cost(table: Sequence[int]) -> int:
            found = UNBLOCK_COST * self.wind_blocked(table) + TEAM_COST * _teammates(table, teams)
            return found + sum(1 for pair in _pairs(table) if met[pair] or pair in later)

        return _unblocked_by_two_swaps(tables, self.wind_blocked, cost, self.size)

    def _round_keeping_winds(self, rng: Random) -> list[list[int]] | None:
        """The round drawn seated so that every player can take a seat taken least (none of
        its tables ``wind_blocked``), teammates apart, with as few pairs meeting again as a
        depth-first search finds: none first, then one more at a time up to ``ROUND_REPEATS``,
        then any; each try looks at ``ROUND_WORK`` players at most (a count, not a clock).
        Players with the fewest free seats are seated first, the others in an order the seed
        draws. None when no try finds one (or ``winds_can_hold`` says none exists)."""
        masks = {p: self.free_seats[p] for p in self.players}
        order = list(self.players)
        rng.shuffle(order)
        order.sort(key=lambda p: masks[p].bit_count())
        for allowed in (*range(ROUND_REPEATS + 1), None):
            found = self._round_by_search(order, masks, allowed)
            if found is not None:
                return found
        return None

    def _round_by_search(
        self, order: Sequence[int], masks: Mapping[int, int], allowed: int | None
    ) -> list[list[int]] | None:
        """``_round_keeping_winds``' depth-first search, at most ``allowed`` pairs meeting again
        (None: any number)."""
        size, teams, met = self.size, self.teams, self.met
        seated: set[int] = set()
        tables: list[list[int]] = []
        work = 0
        again = 0

        def fits(table: list[int], player: int) -> int | None:
            """The pairs met before that ``player`` adds to ``table``, or None where teammates
            would sit together or the pairs met before exceed what is allowed."""
            added = 0
            for other in table:
                if player in teams and teams.get(other) == teams[player]:
                    return None
                if met[(other, player) if other < player else (player, other)]:
                    added += 1
            if allowed is not None and again + added > allowed:
                return None
            return added

        def grow(table: list[int], candidates: list[int]) -> bool:
            nonlocal work, again
            if len(table) == size:
                seated.update(table)
                tables.append(list(table))
                rest = [masks[p] for p in order if p not in seated]
                if winds_can_hold(rest, size) and fill():
                    return True
                tables.pop()
                seated.difference_update(table)
                return False
            for i, player in enumerate(candidates):
                work += 1
                if work > ROUND_WORK:
                    return False
                added = fits(table, player)
                if added is None:
                    continue
                table.append(player)
                again += added
                if not self.wind_blocked(table) and grow(table, candidates[i + 1 :]):
                    return True
                again -= added
                table.pop()
            return False

        def fill() -> bool:
            if len(seated) == len(order):
                return True
            first = next(p for p in order if p not in seated)
            return grow([first], [p for p in order if p not in seated and p != first])

        return tables if fill() else None

    def _seats_for_next(
        self, tables: list[list[int]], following: Sequence[Sequence[int]]
    ) -> list[list[int]]:
        """The seat orders of the round drawn, changed where that lets more of the next planned
        round's tables seat everyone in a seat taken least (players back from a bye are off the
        rhythm of the groups of rounds, and the colouring of a group cannot always hold them):
        else the next draw would have to choose between a repeat and a wind two apart. Each
        table in turn takes, among its orders that keep its players within one, the one that
        leaves the fewest next tables blocked (the order it had while none leaves fewer)."""
        at = {p: t for t, table in enumerate(following) for p in table}
        current = {p: s for table in tables for s, p in enumerate(table)}  # seats as they stand

        def blocked_next(table: Sequence[int], order: Sequence[int]) -> int:
            moved = {player: seat for seat, player in enumerate(order)}
            count = 0
            for t in {at[p] for p in table if p in at}:
                key = 0
                for player in following[t]:
                    counts = list(self.winds[player])
                    if player in moved:
                        counts[moved[player]] += 1
                    elif player in current:
                        counts[current[player]] += 1
                    key += 1 << (4 * free_seats(counts))
                count += self.blocked_by_key(key)
            return count

        seated = [list(table) for table in tables]
        for i, table in enumerate(seated):
            best = blocked_next(table, table)
            if not best:
                continue
            for order in permutations(table):
                if any(not self.free_seats[p] >> s & 1 for s, p in enumerate(order)):
                    continue
                found = blocked_next(table, order)
                if found < best:
                    best, seated[i] = found, list(order)
                    current.update({p: s for s, p in enumerate(order)})
        return seated

    def players_of(self, k: int) -> list[int]:
        """The players of the ``k``-th round planned (0: the round drawn), in id order."""
        return self.later[k - 1] if 0 < k <= len(self.later) else self.players

    def _start(
        self, rounds: int, rng: Random, hint: Sequence[Sequence[Sequence[int]]] | None
    ) -> tuple[list[list[list[int]]], int]:
        """The hint's rounds while each seats exactly its round's players, else the rounds a
        construction gives (and how many: a first draw keeps them as they are and searches the
        rest; only when every round seats the same players), and random rounds after."""
        start: list[list[list[int]]] = []
        built = 0
        stand_in = self._stand_ins(hint)
        met = Counter(self.met)
        for k, planned in enumerate(list(hint or [])[:rounds]):
            tables = self._planned_round(planned, k, stand_in, met)
            if tables is None:
                break
            start.append(tables)
            met.update(pair for table in tables for pair in _pairs(table))
        if not start and all(later == self.players for later in self.later):
            start = constructed_rounds(self.players, self.size, rounds, rng, self.teams)
            built = len(start)
            if not self.met:
                again = self._design_again(start, rounds - built, rng)
                if not again and self.teams and 0 < built < rounds:
                    # The construction's rounds leave pairs of different teams unmet (20 in
                    # five teams of four over 7 rounds): where the transversal design's rounds
                    # meet every two players of different teams once, they again keep teams
                    # apart for good and spread the repeats evenly. Tried on a copy of the
                    # seed's draw, which moves on only if they do.
                    trial = random.Random()
                    trial.setstate(rng.getstate())
                    apart = transversal_rounds(self.players, self.size, rounds, trial, self.teams)
                    again = self._design_again(apart, rounds - len(apart), trial)
                    if again:
                        start, built = apart, len(apart)
                        rng.setstate(trial.getstate())
                start += again
                paired = [] if again or rounds <= built else self._unmet_paired(start, rng)
                if paired:
                    start.append(paired)
                    built += 1
                elif not again and rounds > built:
                    even = even_rounds(self.players, self.size, rounds, rng, self.teams)
                    if even:  # kept as they are: the search has nothing to better
                        start, built = even, rounds
        elif not start and not self.teams and not self.met:  # a first draw with byes
            start = self._stood_in(rounds, rng)
            built = len(start)
        while len(start) < rounds:
            order = list(self.players_of(len(start)))
            rng.shuffle(order)
            start.append([order[i : i + self.size] for i in range(0, len(order), self.size)])
        return start, built

    def _design_again(
        self, design: Sequence[Sequence[Sequence[int]]], count: int, rng: Random
    ) -> list[list[list[int]]]:
        """``count`` rounds past a design in which every two players who are not teammates meet
        exactly once: its rounds again, each pass over all of them in a new order of the seed's,
        so that every pair meets as often as any other, give or take one (16 players over 9
        rounds: four rounds' pairs twice and the fifth's once, where a search had met a pair
        three times while others met once), the fewest repeats counting allows. Nothing for a
        design that leaves pairs unmet (its rounds again would repeat past what counting
        allows): the search then starts from random rounds."""
        if count <= 0 or not design:
            return []
        met = Counter(pair for round_ in design for table in round_ for pair in _pairs(table))
        if any(times != 1 or _teammates(pair, self.teams) for pair, times in met.items()):
            return []
        players = len(self.players)
        teammates = Counter(self.teams.get(p) for p in self.players if p in self.teams)
        apart = sum(n * (n - 1) // 2 for n in teammates.values())
        if len(met) != players * (players - 1) // 2 - apart:
            return []
        again: list[list[list[int]]] = []
        order = list(range(len(design)))
        while len(again) < count:
            rng.shuffle(order)
            again += [[list(t) for t in design[i]] for i in order[: count - len(again)]]
        return again

    def _unmet_paired(
        self, design: Sequence[Sequence[Sequence[int]]], rng: Random
    ) -> list[list[int]]:
        """One round past a design whose unmet pairs pair off every player (a resolvable group
        divisible design of type 2^u: 44, 56, 80 ... players at their bound): each table seats
        two such pairs, so every player meets the one opponent not met yet and two met once,
        the fewest repeats counting allows, and nobody is left unmet (56 players over 19
        rounds: 56 repeats, where the search had made 58 and left pairs unmet). Nothing for
        any other design, with teams, or at tables of an odd size."""
        if self.size % 2 or self.teams or not design:
            return []
        met = {pair for round_ in design for table in round_ for pair in _pairs(table)}
        unmet = [pair for pair in combinations(self.players, 2) if pair not in met]
        if len(unmet) * 2 != len(self.players) or len(set(chain(*unmet))) != len(self.players):
            return []
        rng.shuffle(unmet)
        per_table = self.size // 2
        return [
            [p for pair in unmet[i : i + per_table] for p in pair]
            for i in range(0, len(unmet), per_table)
        ]

    def _stood_in(self, rounds: int, rng: Random) -> list[list[list[int]]]:
        """Rounds with byes from a design of as many players as each round seats: the players
        who sit out none of these rounds give ``b`` *stand-ins* (``b`` the byes a round), the
        others each hold a place of the design, and in each round the stand-ins take the
        places of the players sitting out. Players of the design never meet twice; a stand-in
        meets whom its places' tables seat, so the places are chosen (a search of a counted
        number of steps) for the stand-ins to meet nobody twice: 34 players over 8 rounds,
        two byes a round, from the transversal design of 32. With ``size - 1`` byes a round
        and nobody sitting out twice no stand-in is needed (``_around_a_missing_player``).
        Empty when the rounds seat different numbers of players or too few players play every
        round."""
        seated = [set(self.players_of(k)) for k in range(rounds)]
        count, everyone = len(self.players), set(self.everyone)
        always = sorted(everyone.intersection(*seated))
        extra = len(everyone) - count
        if extra < 1 or any(len(s) != count for s in seated):
            return []
        out = [sorted(everyone - s) for s in seated]
        if len(always) >= extra:
            by_construction = self._stood_in_transversal(out, always, extra, rng)
            if by_construction:
                return by_construction
        once = len(set(chain.from_iterable(out))) == extra * len(out)  # nobody out twice
        if once and extra == self.size - 1:  # needs no stand-in: whoever sits out, every round
            around = self._around_a_missing_player(out, rng)
            if around:
                return around
        if len(always) < extra:
            return []
        fixed = _stand_in_seats(count, self.size, rounds, extra) if once else None
        if fixed is not None:
            design = [[list(table) for table in round_] for round_ in fixed[0]]
        else:
            design = constructed_rounds(list(range(count)), self.size, rounds, rng)
        if len(design) < 2:
            return []
        stand_ins = rng.sample(always, extra)
        out = out[: len(design)]
        sitting_out = sorted(set(chain.from_iterable(out)))
        mates = [
            {z: [y for y in table if y != z] for table in round_ for z in table}
            for round_ in design
        ]
        place = dict(zip(sitting_out, rng.sample(range(count), len(sitting_out)), strict=True))
        taking = [list(range(extra)) for _ in out]  # taking[k][i]: stand-in of out[k][i]
        if fixed is not None:  # the seats chosen outright: nobody meets anyone twice
            place = {
                o: fixed[1][k][i][1]
                for k, round_out in enumerate(out)
                for i, o in enumerate(round_out)
            }

        def repeats() -> int:
            met: Counter[tuple[int, int]] = Counter()
            for k, round_out in enumerate(out):
                taken = {place[o]: taking[k][i] for i, o in enumerate(round_out)}
                for i, o in enumerate(round_out):
                    for z in mates[k][place[o]]:  # a place, or (-1 - i) another stand-in
                        met[(taking[k][i], -1 - taken[z] if z in taken else z)] += 1
            return sum(_repeat_weight(n) for n in met.values())

        cost, step = repeats(), 0
        while cost and step < STAND_IN_STEPS:
            step += 1
            if extra > 1 and rng.random() < 0.3:
                k = rng.randrange(len(out))
                i, j = rng.sample(range(extra), 2)
                undo = list(taking[k])
                taking[k][i], taking[k][j] = taking[k][j], taking[k][i]
                new = repeats()
                if new > cost:
                    taking[k] = undo
                else:
                    cost = new
                continue
            o = sitting_out[rng.randrange(len(sitting_out))]
            z = rng.randrange(count)
            holder = next((other for other, at in place.items() if at == z), None)
            before = place[o]
            place[o] = z
            if holder is not None:
                place[holder] = before
            new = repeats()
            if new > cost:
                place[o] = before
                if holder is not None:
                    place[holder] = z
            else:
                cost = new
        held = set(place.values())
        free = [z for z in range(count) if z not in held]
        rest = [p for p in self.everyone if p not in place and p not in stand_ins]
        rng.shuffle(rest)
        holders = dict(place.items()) | dict(zip(rest, free, strict=True))
        by_place = {z: p for p, z in holders.items()}
        built = []
        for k, round_ in enumerate(design):
            taken = {place[o]: stand_ins[taking[k][i]] for i, o in enumerate(out[k])}
            built.append([[taken.get(z, by_place[z]) for z in table] for table in round_])
        return built

    def _around_a_missing_player(
        self, out: Sequence[Sequence[int]], rng: Random
    ) -> list[list[list[int]]]:
        """Rounds with ``size - 1`` byes a round, nobody sitting out twice, from a design of the
        whole field and one player more who never comes (``_missing_player_rounds``): in each
        round the players of the missing player's table sit out, so the players sitting out
        take its tablemates' places, a round each (its tablemates are all different), and the
        others the places left. A design has no repeat, so neither have these rounds: 35
        players over 10 or 11 rounds with three byes from the design of 36, 29 at tables of
        three over 13 with two from the nearly Kirkman system of 30. Empty where the design of
        the field and one more has fewer rounds (or a repeat)."""
        count, size = len(self.players), self.size
        design = _missing_player_rounds(count, size, len(out))
        if design is None:
            return []
        missing = count + size - 1
        rounds = [_less_a_point(round_, missing) for round_ in rng.sample(design, len(out))]
        holder: dict[int, int] = {}  # place of the design -> its player
        for (mates, _tables), round_out in zip(rounds, out, strict=True):
            holder.update(zip(mates, rng.sample(list(round_out), len(round_out)), strict=True))
        free = [z for z in range(missing) if z not in holder]
        away = set(holder.values())
        rest = [p for p in self.everyone if p not in away]
        rng.shuffle(rest)
        holder.update(zip(free, rest, strict=True))
        return [[[holder[z] for z in table] for table in tables] for _mates, tables in rounds]

    def _stood_in_transversal(
        self,
        out: Sequence[Sequence[int]],
        always: Sequence[int],
        extra: int,
        rng: Random,
    ) -> list[list[list[int]]]:
        """The stand-ins' rounds by construction, when a round seats ``size × q`` players (``q``
        a prime power past ``size``), there are at most ``q`` rounds and nobody sits out twice
        in them: the transversal design over GF(q), place ``(i, x)`` of group ``i`` at table
        ``a`` of round ``r`` when ``x = a + s_r·eᵢ`` (``s_r`` the round's slope, ``eᵢ`` the
        element ``i``). Stand-in ``k`` keeps to group ``k``, taking in round ``r`` the place
        ``(k, λ_k·s_r)`` (its player sits out then): it meets in group ``j`` the place
        ``s_r·(λ_k + e_j - e_k)``, a different one each round while ``λ_k ≠ e_k - e_j``, so it
        meets nobody twice; and two stand-ins share a table only in the round of slope 0 when
        the ``λ_k - e_k`` differ. Players of the design never meet twice: nobody does, by
        construction (34, 33 and 35 players over 8 rounds, 30 over 7, 66 over 16). ``out``: who
        sits out each round. Empty where it does not apply."""
        size, count, rounds = self.size, len(self.players), len(out)
        q = count // size
        field = _galois_field(q) if q * size == count and q > size else None
        sitting_out = [p for round_out in out for p in round_out]
        away = set(sitting_out)
        if field is None or rounds > q or len(away) < len(sitting_out):
            return []
        add, mul = field
        lambdas = _stand_in_multipliers(q, size, extra)
        if lambdas is None:
            return []
        slopes = rng.sample(range(q), rounds)
        stand_ins = rng.sample(list(always), extra)
        place: dict[tuple[int, int], int] = {}  # (group, x) -> the player holding it
        for k, round_out in enumerate(out):
            for i, player in enumerate(round_out):
                place[(i, mul(lambdas[i], slopes[k]))] = player
        rest = [p for p in self.everyone if p not in away and p not in stand_ins]
        free = [(i, x) for i in range(size) for x in range(q) if (i, x) not in place]
        rng.shuffle(rest)
        place.update(zip(free, rest, strict=True))
        built = []
        for k, slope in enumerate(slopes):
            standing = {(i, mul(lambdas[i], slope)): stand_ins[i] for i in range(len(out[k]))}
            built.append(
                [
                    [
                        standing.get((i, x), place[(i, x)])
                        for i in range(size)
                        for x in [add(a, mul(slope, i))]
                    ]
                    for a in range(q)
                ]
            )
        met = Counter(pair for round_ in built for table in round_ for pair in _pairs(table))
        return built if all(n == 1 for n in met.values()) else []

    def _stand_ins(self, hint: Sequence[Sequence[Sequence[int]]] | None) -> dict[int, int]:
        """Who takes the planned seats of a player who left the field: a newcomer (a substitute),
        in id order, where as many came as left."""
        planned = {p for round_ in hint or () for table in round_ for p in table}
        field = set(self.everyone)
        gone, new = sorted(planned - field), sorted(field - planned)
        return dict(zip(gone, new, strict=True)) if len(gone) == len(new) else {}

    def _planned_round(
        self,
        planned: Sequence[Sequence[int]],
        k: int,
        stand_in: Mapping[int, int],
        met: Counter[tuple[int, int]],
    ) -> list[list[int]] | None:
        """The ``k``-th planned round seating that round's players, or None where it cannot: a
        planned table none of whose players plays the round is left out, and a player who came
        takes the seat of one planned who sits out the round, in an order that meets nobody met
        before (``met``; None where every order would). A plan ``repaired_plan`` mended seats
        each round's players as it is."""
        playing = set(self.players_of(k))
        tables = [[stand_in.get(p, p) for p in table] for table in planned]
        tables = [table for table in tables if playing.intersection(table)]
        seated = {p for table in tables for p in table}
        out, came = sorted(seated - playing), sorted(playing - seated)
        if len(out) != len(came) or len(out) > self.size:
            return None
        if out:

            def meetings_again(order: Sequence[int]) -> int:
                take = dict(zip(out, order, strict=True))
                return sum(met[pair] for t in tables for pair in _pairs(take.get(p, p) for p in t))

            order = min(permutations(came), key=meetings_again)
            if meetings_again(order):
                return None  # the plan would meet someone again: searched from here
            take = dict(zip(out, order, strict=True))
            tables = [[take.get(p, p) for p in table] for table in tables]
        if any(len(table) != self.size for table in tables):
            return None
        return tables

    def _winds_hold(self, rounds: Sequence[Sequence[Sequence[int]]]) -> bool:
        """Whether these seat orders keep every player within 1 after each round."""
        counts = {p: list(c) for p, c in self.winds.items()}
        for tables in rounds:
            for table in tables:
                for seat, player in enumerate(table):
                    counts[player][seat] += 1
            if any(max(c) - min(c) > 1 for c in counts.values()):
                return False
        return True

    # -- swiss ------------------------------------------------------------------------------

    def swiss(self, order: Sequence[int], rng: Random) -> Round:
        """Tables by the standings, then the search for the fewest conflicts (teammates, a pair
        met before, a table whose players cannot all keep their winds within one), and among
        seatings with as few, the one that moves players the fewest tables from their place."""
        search = _Swiss(self, self._swiss_start(order), rng)
        search.run(max(MIN_STEPS, SEARCH_WORK // len(order)))
        return tuple(tuple(self._best_seats(table)) for table in search.tables)

    def _swiss_start(self, order: Sequence[int]) -> list[list[int]]:
        """Tables by the standings, each taking the best-placed players left who can all keep
        their winds within one together (a player who cannot waits for the next table)."""
        left, tables = list(order), []
        while left:
            table: list[int] = []
            for player in left:
                if not self.wind_blocked([*table, player]):
                    table.append(player)
                    if len(table) == self.size:
                        break
            for player in left:  # none fits: the table is filled by the standings
                if len(table) == self.size:
                    break
                if player not in table:
                    table.append(player)
            chosen = set(table)
            left = [p for p in left if p not in chosen]
            tables.append(table)
        return tables

    def conflicts(self, table: Sequence[int]) -> int:
        """What is wrong with seating ``table`` in the round drawn, weighed."""
        key = tuple(sorted(table))
        found = self._conflict_cache.get(key)
        if found is None:
            pairs = sum(PAIR_COST for pair in _pairs(key) if self.met[pair])
            found = pairs + TEAM_COST * _teammates(key, self.teams)
            # how many players cannot keep their winds within one: a swap that frees one of
            # two is a step forward (a swiss round's search moves one player at a time)
            found += WIND_COST * self.seats_short_by_key(self.table_key(key))
            self._conflict_cache[key] = found
        return found

    def wind_blocked(self, table: Sequence[int]) -> bool:
        """Whether the players of ``table`` cannot each take a seat they have taken least (which
        keeps every player's winds within one): Hall's condition on their free seats."""
        return self.blocked_by_key(self.table_key(table))

    def seat_key(self, player: int) -> int:
        return self._seat_key.get(player, self._any_seat_key)

    def table_key(self, table: Sequence[int]) -> int:
        """The table's players' free seats as one number, whatever their order."""
        seat_key, any_seat = self._seat_key, self._any_seat_key
        return sum(seat_key.get(player, any_seat) for player in table)

    def blocked_by_key(self, key: int) -> bool:
        found = self._short.get(key)  # known, nearly always: no second call
        return (found if found is not None else self.seats_short_by_key(key)) > 0

    def seats_short_by_key(self, key: int) -> int:
        """How many of the table's players cannot take a seat they have taken least, however
        they sit: Hall's deficiency, the most by which a group of them outnumbers their free
        seats (0 when everyone can keep their winds within one)."""
        found = self._short.get(key)
        if found is None:
            masks = [m for m in range(self.all_seats + 1) for _ in range((key >> 4 * m) & 15)]
            found = self._short[key] = max(
                0,
                *(
                    chosen.bit_count() - _union(masks, chosen).bit_count()
                    for chosen in range(1, 1 << len(masks))
                ),
            )
        return found

    def _best_seats(self, table: Sequence[int]) -> tuple[int, ...]:
        """The seat order that leaves the players' winds most even (a free wind first)."""

        def unevenness(order: tuple[int, ...]) -> tuple[int, int, int]:
            spreads = [_spread(self.winds[player], seat) for seat, player in enumerate(order)]
            excess = sum(max(0, spread - 1) for spread in spreads)
            return excess, max(spreads), sum(self.winds[p][s] for s, p in enumerate(order))

        return min(permutations(table), key=unevenness)


# The fewest pairs two rounds of the same players share, by (table size, tables): each table
# of the second round takes its players from the first round's tables, as evenly as they go
# (two and two of two tables, two, one and one of three); from ``size`` tables on, none need
# be shared. ``tests/tournaments/test_seating.py`` counts them over every pair of rounds.
LEAST_SHARED = {(4, 1): 6, (4, 2): 4, (4, 3): 3, (3, 1): 3, (3, 2): 2}


# A player's part of every swap of a round (``_Plan._moving_parts``): what leaving their table
# takes off, what joining each table adds, the rest of their table, their team.
_MovingParts = tuple[int, list[int], list[int], str | None]


def _repeat_weight(meetings: int) -> int:
    """What a pair's meetings weigh: nothing once, 1 twice, then (n - 1)^2: a third meeting
    weighs more than two pairs meeting twice, so repeats past the bound spread over the pairs
    (no pair meets three times while another has met only once) rather than pile up on one."""
    return 0 if meetings <= 1 else 1 if meetings == 2 else (meetings - 1) ** 2


# What one more meeting of a pair that met ``n`` times adds: ``_MORE[n]`` (the search's inner
# loop reads it millions of times a draw).
_MORE = [PAIR_COST * (_repeat_weight(n + 1) - _repeat_weight(n)) for n in range(64)]


def _more(meetings: int) -> int:
    if meetings < len(_MORE):
        return _MORE[meetings]
    return PAIR_COST * (_repeat_weight(meetings + 1) - _repeat_weight(meetings))


def _union(masks: Sequence[int], chosen: int) -> int:
    """The seats free to the players ``chosen`` (a bit each) among ``masks``."""
    union = 0
    for i, mask in enumerate(masks):
        if chosen >> i & 1:
            union |= mask
    return union


def _spread(winds: Sequence[int], seat: int) -> int:
    """max - min of a player's wind counts once they sit in ``seat``."""
    counts = list(winds)
    counts[seat] += 1
    return max(counts) - min(counts)


class _Plan:
    """The planned rounds' tables, improved by swapping two players of one round.

    Tabu search on conflicts: each step takes a player in a conflict (a pair met before,
    teammates together) and makes the swap that lowers the conflicts most, never undoing a
    recent swap unless it finds a plan better than any so far.
    """

    def __init__(
        self, field: _Field, tables: list[list[list[int]]], rng: random.Random, locked: int = 0
    ) -> None:
        self.field, self.rng, self.locked = field, rng, locked
        self._load(tables)

    def _load(self, tables: list[list[list[int]]]) -> None:
        self.tables = tables
        self.where = [
            {p: (t, s) for t, table in enumerate(round_) for s, p in enumerate(table)}
            for round_ in tables
        ]
        self.met = Counter(self.field.met)
        # No pair meets more often than there are rounds, seated and planned: a table of what
        # one more meeting adds that long is read without a call (``_MORE``, or a longer one).
        longest = self.field.rounds_before + len(tables) + 1
        self._more_table = _MORE if longest < len(_MORE) else [_more(n) for n in range(longest)]
        for round_ in tables:
            for table in round_:
                self.met.update(_pairs(table))
        # The same meetings by player (``met_with[a][b]``): ``_delta`` reads them millions of
        # times a draw, and an int key is found faster than a pair built and hashed each time.
        self.met_with: dict[int, dict[int, int]] = {p: {} for p in self.field.everyone}
        for (a, b), count in self.met.items():
            if count:
                self.met_with.setdefault(a, {})[b] = count
                self.met_with.setdefault(b, {})[a] = count
        # Each round's part of ``_conflicted``, kept between steps and counted again only when
        # a swap changed that round or made a pair at one of its tables cross from one meeting
        # to two (or back): None where it must be counted again.
        self._round_conflicts: list[list[tuple[int, int]] | None] = [None] * len(tables)
        self._table_conflicts: list[list[list[tuple[int, int]] | None]] = [
            [None] * len(round_) for round_ in tables
        ]
        self._wind_conflicts: list[tuple[int, int]] | None = None
        self.cost = self._cost()

    def _cost(self) -> int:
        excess = sum(_repeat_weight(c) for c in self.met.values())
        excess -= sum(_repeat_weight(c) for c in self.field.met.values())
        teammates = sum(_teammates(t, self.field.teams) for r in self.tables for t in r)
        blocked = sum(self.field.wind_blocked(table) for table in self.tables[0])
        return PAIR_COST * excess + TEAM_COST * teammates + WIND_COST * blocked

    def search(self, max_steps: int) -> None:
        best, best_tables, stuck, step, improved = self.cost, self._copy(), 0, 0, 0
        tabu: dict[tuple[int, int, int], int] = {}
        floor = self._floor()
        give_up = min(GIVE_UP_STEPS, GIVE_UP_WORK // max(1, len(self.field.players)))
        while self.cost > floor:
            step += 1
            if step - improved > give_up or step > max_steps:
                break
            conflicted = self._conflicted()
            if not conflicted:
                break
            k, player = conflicted[self.rng.randrange(len(conflicted))]
            move = self._best_swap(k, player, tabu, step, best)
            if move is None:
                continue
            delta, other = move
            self._swap(k, player, other)
            self.cost += delta
            tenure = step + 4 + self.rng.randrange(8)
            tabu[(k, player, other)] = tabu[(k, other, player)] = tenure
            if self.cost < best:
                best, best_tables, stuck, improved = self.cost, self._copy(), 0, step
            else:
                stuck += 1
            if stuck > STUCK_STEPS:
                self._shake()
                stuck = 0
        if self.cost > best:
            self._load(best_tables)

    def _floor(self) -> int:
        """The least any plan can cost: a player with more meetings than opponents must repeat,
        and their repeats weigh least spread evenly over their opponents (each meets ``k`` or
        ``k + 1`` times; ``_repeat_weight`` grows faster than the meetings), so half the sum of
        that over the players (each pair counted by both) is a floor. Where nobody needs to
        meet anyone three times this is the repeats counting cannot avoid; past that (16 players
        over 11 rounds), it lets the search stop at a plan spread that evenly."""
        field = self.field
        meetings: Counter[int] = Counter()
        for (a, b), count in field.met.items():
            meetings[a] += count
            meetings[b] += count
        rounds = Counter(p for k in range(len(self.tables)) for p in field.players_of(k))
        spread = 0
        everyone = field.everyone
        for player in everyone:
            team = field.teams.get(player)
            mates = sum(1 for p in everyone if team is not None and field.teams.get(p) == team)
            opponents = len(everyone) - 1 - max(0, mates - 1)
            needed = meetings[player] + (field.size - 1) * rounds[player]
            if opponents > 0:
                each, more = divmod(needed, opponents)
                spread += (opponents - more) * _repeat_weight(each) + more * _repeat_weight(
                    each + 1
                )
        history = sum(_repeat_weight(c) for c in field.met.values())
        return max(0, PAIR_COST * (-(-spread // 2) - history), self._shared_floor())

    def _shared_floor(self) -> int:
        """The fewest repeats of one to three tables seating the same players every round: any
        two rounds then share pairs (``LEAST_SHARED``), so over ``R`` rounds the pairs' meetings
        add up to at least C(R, 2) times that many shared, each weighing at least what it adds
        (``_repeat_weight(n)`` >= C(n, 2)). Counting opponents alone allows 8 players over three
        rounds 8 repeats (a pair meeting three times); this says 12, which the search then stops
        at instead of looking for a better plan that does not exist."""
        field = self.field
        shared = LEAST_SHARED.get((field.size, len(field.players) // field.size))
        if not shared or not field.one_field or len(field.players) % field.size:
            return 0
        rounds = field.rounds_before + len(self.tables)
        history = sum(_repeat_weight(c) for c in field.met.values())
        return max(0, PAIR_COST * (rounds * (rounds - 1) // 2 * shared - history))

    def _copy(self) -> list[list[list[int]]]:
        return [[list(table) for table in round_] for round_ in self.tables]

    def _conflicted(self) -> list[tuple[int, int]]:
        """(round, player) of every player in a conflict: round by round, table by table, each
        pair in turn; then every player of a table of the round drawn that blocks the winds."""
        found: list[tuple[int, int]] = []
        kept = self._round_conflicts
        # The constructed rounds of a first draw (before ``locked``) are kept as they are.
        for k in range(self.locked, len(self.tables)):
            part = kept[k]
            if part is None:
                part = kept[k] = self._conflicts_of(k)
            found += part
        if self._wind_conflicts is None:
            blocked = self.field.wind_blocked
            self._wind_conflicts = [
                (0, player) for table in self.tables[0] if blocked(table) for player in table
            ]
        return found + self._wind_conflicts

    def _conflicts_of(self, k: int) -> list[tuple[int, int]]:
        """Round ``k``'s part, table by table (each table's part kept as the round's is)."""
        teams, met_with = self.field.teams, self.met_with
        found: list[tuple[int, int]] = []
        kept = self._table_conflicts[k]
        for number, part in enumerate(kept):
            if part is None:
                part = kept[number] = []
                for a, b in combinations(self.tables[k][number], 2):
                    if met_with[a].get(b, 0) > 1 or (
                        teams and a in teams and teams.get(b) == teams[a]
                    ):
                        part += [(k, a), (k, b)]
            found += part
        return found

    def _delta(self, k: int, a: int, b: int, keys: Sequence[int] | None = None) -> int:
        """What swapping ``a`` and ``b`` (at two tables of round ``k``) does to the conflicts.

        ``keys``: the round drawn's ``table_key`` of each table, when the caller has them.
        """
        return self._swap_change(k, a, b, self._moving_parts(k, a), keys)

    def _wind_change(
        self, a: int, ta: int, b: int, tb: int, keys: Sequence[int] | None = None
    ) -> int:
        """Tables of the round drawn blocked for the winds after swapping ``a`` and ``b``, less
        before."""
        field = self.field
        blocked = field.blocked_by_key
        round_ = self.tables[0]
        if keys is None:
            key_a, key_b = field.table_key(round_[ta]), field.table_key(round_[tb])
        else:
            key_a, key_b = keys[ta], keys[tb]
        moved = field.seat_key(b) - field.seat_key(a)  # a leaves table ta for b, and back
        before = blocked(key_a) + blocked(key_b)
        return blocked(key_a + moved) + blocked(key_b - moved) - before

    def _best_swap(
        self, k: int, player: int, tabu: dict[tuple[int, int, int], int], step: int, best: int
    ) -> tuple[int, int] | None:
        where = self.where[k]
        mine = where[player][0]
        options: list[tuple[int, int]] = []
        lowest = None
        # Every swap of this step starts from the same tables: their wind keys are read once.
        keys = [self.field.table_key(table) for table in self.tables[0]] if k == 0 else None
        # The player's own part of every swap (leaving their table, joining each other one) is
        # summed once a step instead of once a swap: the same sums as ``_delta``.
        parts = self._moving_parts(k, player)
        for other in self.field.players_of(k):
            if where[other][0] == mine:
                continue
            delta = self._swap_change(k, player, other, parts, keys)
            if tabu.get((k, player, other), 0) > step and self.cost + delta >= best:
                continue
            if lowest is None or delta < lowest:
                options, lowest = [(delta, other)], delta
            elif delta == lowest:
                options.append((delta, other))
        return options[self.rng.randrange(len(options))] if options else None

    def _moving_parts(self, k: int, player: int) -> _MovingParts:
        """``player``'s part of every swap of round ``k``: what leaving their table takes off,
        what joining each table adds (all its players; ``_swap_change`` takes off the one
        swapped out), the rest of their table and their team."""
        more, teams = self._more_table, self.field.teams
        team = teams.get(player) if teams else None
        met = self.met_with[player].get
        tables = self.tables[k]
        mine = self.where[k][player][0]
        home = [other for other in tables[mine] if other != player]
        leaving = 0
        for other in home:
            leaving += more[met(other, 0) - 1]
            if team is not None and teams.get(other) == team:
                leaving += TEAM_COST
        joining = []
        for number, table in enumerate(tables):
            added = 0
            if number != mine:
                for other in table:
                    added += more[met(other, 0)]
                    if team is not None and teams.get(other) == team:
                        added += TEAM_COST
            joining.append(added)
        return leaving, joining, home, team

    def _swap_change(
        self, k: int, a: int, b: int, parts: _MovingParts, keys: Sequence[int] | None
    ) -> int:
        """What swapping ``a`` (whose ``_moving_parts`` these are) and ``b`` does to the
        conflicts: ``b``'s side summed here, ``a``'s taken from its parts."""
        leaving, joining, home, team = parts
        more, teams, where = self._more_table, self.field.teams, self.where[k]
        tb = where[b][0]
        met = self.met_with[b].get
        delta = joining[tb] - leaving - more[self.met_with[a].get(b, 0)]
        for p in self.tables[k][tb]:
            if p != b:
                delta -= more[met(p, 0) - 1]
        for p in home:
            delta += more[met(p, 0)]
        if teams:
            delta += self._team_change(a, b, team, self.tables[k][tb], home)
        if k == 0:  # the round being drawn: can everyone still take a seat within one?
            delta += WIND_COST * self._wind_change(a, where[a][0], b, tb, keys)
        return delta

    def _team_change(
        self, a: int, b: int, team_a: str | None, b_table: list[int], a_table: list[int]
    ) -> int:
        """The teammates ``_delta`` counts when ``a`` (of ``team_a``) and ``b`` swap: ``a``
        leaves for ``b``'s table, ``b`` for ``a``'s (``a_table`` without ``a``)."""
        teams = self.field.teams
        team_b = teams.get(b)
        delta = -TEAM_COST if team_a is not None and team_b == team_a else 0
        if team_b is not None:
            for p in b_table:
                if p != b and teams.get(p) == team_b:
                    delta -= TEAM_COST
            for p in a_table:
                if teams.get(p) == team_b:
                    delta += TEAM_COST
        return delta

    def _swap(self, k: int, a: int, b: int) -> None:
        """Swap ``a`` and ``b`` (at two tables of round ``k``): ``a`` no longer meets the rest
        of its table there and meets the rest of ``b``'s, and the other way round (``met_with``
        follows; ``met``, the pairs' count, is ``_load``'s and read there only)."""
        (ta, sa), (tb, sb) = self.where[k][a], self.where[k][b]
        round_ = self.tables[k]
        rest_a = [p for p in round_[ta] if p != a]
        rest_b = [p for p in round_[tb] if p != b]
        round_[ta][sa], round_[tb][sb] = b, a
        self.where[k][a], self.where[k][b] = (tb, sb), (ta, sa)
        kept = self._round_conflicts
        kept[k] = self._table_conflicts[k][ta] = self._table_conflicts[k][tb] = None
        if k == 0:
            self._wind_conflicts = None
        met_with = self.met_with
        for mover, left, joined in ((a, rest_a, rest_b), (b, rest_b, rest_a)):
            mine = met_with[mover]
            for others, by in ((left, -1), (joined, 1)):
                for other in others:
                    before = mine.get(other, 0)
                    count = before + by
                    if (before > 1) != (count > 1):
                        self._forget_rounds_seating(mover, other)
                    mine[other] = met_with[other][mover] = count

    def _forget_rounds_seating(self, a: int, b: int) -> None:
        """Count again the conflicts of every round that seats ``a`` and ``b`` at one table."""
        kept = self._round_conflicts
        for j, where in enumerate(self.where):
            at_a, at_b = where.get(a), where.get(b)
            if at_a is not None and at_b is not None and at_a[0] == at_b[0]:
                kept[j] = self._table_conflicts[j][at_a[0]] = None

    def _shake(self) -> None:
        """A few random swaps, to leave a valley the tabu search keeps falling back into."""
        for _ in range(3):
            k = self.rng.randrange(self.locked, len(self.tables))
            a, b = self.rng.sample(self.field.players_of(k), 2)
            if self.where[k][a][0] != self.where[k][b][0]:
                self.cost += self._delta(k, a, b)
                self._swap(k, a, b)


class _Swiss:
    """A swiss round's tables, searched by swapping two players: tabu search on the conflicts
    (each a ``SWISS_MOVE_SCALE``) plus how many tables each player moved from their place;
    once no conflict is left, swaps that only bring players back nearer their place."""

    def __init__(self, field: _Field, tables: list[list[int]], rng: random.Random) -> None:
        self.field, self.rng, self.tables = field, rng, tables
        self.home = {p: t for t, table in enumerate(tables) for p in table}
        self.where = dict(self.home)
        self.conflict = [field.conflicts(table) for table in tables]

    def _cost_of(self, conflict: int) -> int:
        moved = sum(abs(self.where[p] - self.home[p]) for p in self.where)
        return SWISS_MOVE_SCALE * conflict + moved

    def _delta(self, a: int, b: int) -> tuple[int, list[int], list[int]]:
        ta, tb = self.where[a], self.where[b]
        new_a = [b if p == a else p for p in self.tables[ta]]
        new_b = [a if p == b else p for p in self.tables[tb]]
        conflicts = self.field.conflicts
        change = conflicts(new_a) + conflicts(new_b) - self.conflict[ta] - self.conflict[tb]
        home_a, home_b = self.home[a], self.home[b]
        moved = abs(tb - home_a) + abs(ta - home_b) - abs(ta - home_a) - abs(tb - home_b)
        return SWISS_MOVE_SCALE * change + moved, new_a, new_b

    def _swap(self, a: int, b: int, new_a: list[int], new_b: list[int]) -> None:
        ta, tb = self.where[a], self.where[b]
        self.tables[ta], self.tables[tb] = new_a, new_b
        self.conflict[ta], self.conflict[tb] = (
            self.field.conflicts(new_a),
            self.field.conflicts(new_b),
        )
        self.where[a], self.where[b] = tb, ta

    def run(self, max_steps: int) -> None:
        players = sorted(self.where)
        cost = best = self._cost_of(sum(self.conflict))
        best_tables = [list(t) for t in self.tables]
        tabu: dict[tuple[int, int], int] = {}
        step = improved = 0
        while step < max_steps and step - improved <= SWISS_GIVE_UP_STEPS:
            step += 1
            conflicted = [
                p for t, table in enumerate(self.tables) if self.conflict[t] for p in table
            ]
            if not conflicted:
                break
            a = conflicted[self.rng.randrange(len(conflicted))]
            options: list[tuple[int, int, list[int], list[int]]] = []
            here = self.where[a]
            for b in players:
                if self.where[b] == here:
                    continue
                delta, new_a, new_b = self._delta(a, b)
                if tabu.get((a, b), 0) > step and cost + delta >= best:
                    continue
                if not options or delta < options[0][0]:
                    options = [(delta, b, new_a, new_b)]
                elif delta == options[0][0]:
                    options.append((delta, b, new_a, new_b))
            if not options:
                continue
            delta, b, new_a, new_b = options[self.rng.randrange(len(options))]
            self._swap(a, b, new_a, new_b)
            cost += delta
            tabu[(a, b)] = tabu[(b, a)] = step + 4 + self.rng.randrange(8)
            if cost < best:
                best, best_tables, improved = cost, [list(t) for t in self.tables], step
        self.tables = best_tables
        self.where = {p: t for t, table in enumerate(self.tables) for p in table}
        self.conflict = [self.field.conflicts(table) for table in self.tables]
        self._settle(players)

    def _settle(self, players: list[int]) -> None:
        """Swaps that bring players nearer their place without a new conflict, while any does."""
        moving = True
        while moving:
            moving = False
            for a in players:
                here, home = self.where[a], self.home[a]
                if here == home:
                    continue
                for b in players:
                    if not min(here, home) <= self.where[b] <= max(here, home):
                        continue
                    if self.where[b] == here:
                        continue
                    delta, new_a, new_b = self._delta(a, b)
                    if delta < 0:
                        self._swap(a, b, new_a, new_b)
                        moving = True
                        break


class _Winds:
    """Each planned table's seat order: every player once in each seat per group of rounds.

    The planned rounds of one group (rounds 1-4, 5-8 ... for four seats) and their players make
    a bipartite graph (a table - a player), whose edges get a seat each, a table having every
    seat once and a player never the same seat twice in the group: a proper edge colouring,
    found edge by edge with alternating-path swaps (König). Seats a player already took in the
    group's earlier rounds are kept out; if that leaves no colouring, the table takes the order
    that leaves the winds most even. The round drawn seats every player in a seat they have taken
    least (a player who sat out a round or came late is off the groups' rhythm).
    """

    def __init__(self, field: _Field, tables: list[list[list[int]]]) -> None:
        self.field, self.tables = field, tables

    def seat(self) -> list[list[list[int]]]:
        size, first = self.field.size, self.field.round_number
        if self.field.off_rhythm:  # byes or late arrivals: each player's own groups of rounds
            by_blocks = _colour_blocks(self.tables, self.field.winds, size)
            if by_blocks is None:  # the seats taken got in the colouring's way: searched
                by_blocks = _seat_orders_searched(self.tables, self.field.winds, size)
            if by_blocks is not None:
                return by_blocks
        seated: list[list[list[int]]] = []
        k = 0
        while k < len(self.tables):
            number = first + k
            group_end = number + (size - 1 - (number - 1) % size)
            group = list(range(k, min(len(self.tables), k + group_end - number + 1)))
            taken = self.field.group_winds if k == 0 else {p: set() for p in self.field.everyone}
            seated += _colour_group([self.tables[g] for g in group], taken, size) or [
                [list(self.field._best_seats(table)) for table in self.tables[g]] for g in group
            ]
            k = group[-1] + 1
        free = self.field.free_seats
        if seated and any(not free[p] >> s & 1 for t in seated[0] for s, p in enumerate(t)):
            # a player who sat out or came late: the round drawn seats each in a seat taken least
            seated[0] = [list(self.field._best_seats(table)) for table in seated[0]]
        return seated


def _colour_group(
    rounds: list[list[list[int]]], taken: Mapping[int, set[int]], size: int
) -> list[list[list[int]]] | None:
    """Seat orders for a group's rounds by edge colouring; None when the taken seats forbid it."""
    # colour[node][c] = the node at the other end of the edge coloured c (nodes: tables, players)
    colour: dict[object, dict[int, object]] = {}
    for player, seats in taken.items():
        colour[("p", player)] = {seat: ("taken", player, seat) for seat in seats}
    for k, round_ in enumerate(rounds):
        for t, table in enumerate(round_):
            colour[("t", k, t)] = {}
            for player in table:
                if not _add_edge(colour, ("t", k, t), ("p", player), size):
                    return None
    return _seated_by_colour(colour, rounds, size)


def _seated_by_colour(
    colour: Mapping[object, Mapping[int, object]], rounds: list[list[list[int]]], size: int
) -> list[list[list[int]]]:
    """Each table's players in seat order, read from an edge colouring of tables and players:
    the player at the end of a table's edge coloured ``s`` sits in seat ``s``."""
    seated = []
    for k, round_ in enumerate(rounds):
        tables = []
        for t in range(len(round_)):
            by_seat = colour[("t", k, t)]
            tables.append([by_seat[seat][1] for seat in range(size)])  # type: ignore[index]
        seated.append(tables)
    return seated


def _colour_blocks(
    rounds: list[list[list[int]]], winds: Mapping[int, Sequence[int]], size: int
) -> list[list[list[int]]] | None:
    """Seat orders for all the planned rounds when players are off each other's rhythm (byes,
    late arrivals): a player's winds stay within one after every round exactly when each
    ``size`` rounds *they* play, counted from their first, take every seat once. So the nodes
    are the tables and each player's groups of their own rounds (the first one less the seats
    already taken in it), and a proper edge colouring of that bipartite graph, found as in
    ``_colour_group``, seats everyone: it always exists when no seat is taken yet (König: a
    bipartite graph of degree ``size`` takes ``size`` colours), which is how a first draw with
    byes seats all its planned rounds at once. None when the seats taken forbid it."""
    colour: dict[object, dict[int, object]] = {}
    played: Counter[int] = Counter()
    for player, counts in winds.items():
        if max(counts) - min(counts) > 1:
            return None
        played[player] = sum(counts)
        low = min(counts)
        node = ("p", player, played[player] // size)
        colour[node] = {s: ("taken", player, s) for s, n in enumerate(counts) if n > low}
    for k, round_ in enumerate(rounds):
        for t, table in enumerate(round_):
            colour[("t", k, t)] = {}
            for player in table:
                node = ("p", player, played[player] // size)
                played[player] += 1
                colour.setdefault(node, {})
                if not _add_edge(colour, ("t", k, t), node, size):
                    return None
    return _seated_by_colour(colour, rounds, size)


def _seat_orders_searched(
    rounds: Sequence[Sequence[Sequence[int]]], winds: Mapping[int, Sequence[int]], size: int
) -> list[list[list[int]]] | None:
    """Seat orders for all the planned rounds, as ``_colour_blocks`` seats them (each ``size``
    rounds a player plays, counted from their first, take every seat once, so their winds stay
    within one after every round), where the seats taken before keep its colouring from finding
    them (32 players over 10 rounds, one leaving after round 3: the players who sit out fall
    off the others' rhythm, and every group of rounds is three seats in). A depth-first search:
    the table with the fewest seat orders left next, each order giving every player a seat not
    yet taken in that group of their rounds. Tries ``SEAT_ORDERS_WORK`` orders at most (a
    count, not a clock); None when it finds none."""
    used: dict[tuple[int, int], int] = {}  # (player, group of their rounds) -> seats, a bit each
    played: Counter[int] = Counter()
    for player, counts in winds.items():
        if max(counts) - min(counts) > 1:
            return None
        played[player] = sum(counts)
        used[(player, played[player] // size)] = sum(
            1 << s for s, n in enumerate(counts) if n > min(counts)
        )
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}  # table -> each player's group
    for k, round_ in enumerate(rounds):
        for t, table in enumerate(round_):
            groups[(k, t)] = [(p, played[p] // size) for p in table]
            for p in table:
                played[p] += 1
                used.setdefault((p, (played[p] - 1) // size), 0)
    tables_of: dict[tuple[int, int], list[tuple[int, int]]] = {}  # group -> its tables
    for key, table_groups in groups.items():
        for g in table_groups:
            tables_of.setdefault(g, []).append(key)
    every_order = list(permutations(range(size)))

    def orders(key: tuple[int, int]) -> list[tuple[int, ...]]:
        masks = [used[g] for g in groups[key]]
        if not any(masks):
            return every_order
        return [
            seats
            for seats in every_order
            if not any(mask >> s & 1 for s, mask in zip(seats, masks, strict=True))
        ]

    left = {key: orders(key) for key in groups}  # the orders each table has left
    chosen: dict[tuple[int, int], tuple[int, ...]] = {}
    work = 0

    def seat() -> bool:
        nonlocal work
        if not left:
            return True
        key = min(left, key=lambda k: len(left[k]))
        options = left.pop(key)
        touched = {k for g in groups[key] for k in tables_of[g] if k in left}
        saved = {k: left[k] for k in touched}
        for seats in options:
            work += 1
            if work > SEAT_ORDERS_WORK:
                break
            for s, g in zip(seats, groups[key], strict=True):
                used[g] |= 1 << s
            chosen[key] = seats
            for k in touched:
                left[k] = orders(k)
            if all(left[k] for k in touched) and seat():
                return True
            del chosen[key]
            for s, g in zip(seats, groups[key], strict=True):
                used[g] &= ~(1 << s)
        left.update(saved)
        left[key] = options
        return False

    if not seat():
        return None
    seated: list[list[list[int]]] = []
    for k, round_ in enumerate(rounds):
        seated.append([])
        for t, table in enumerate(round_):
            order = [0] * size
            for s, p in zip(chosen[(k, t)], table, strict=True):
                order[s] = p
            seated[k].append(order)
    return seated


def _add_edge(colour: dict[object, dict[int, object]], u: object, v: object, size: int) -> bool:
    """Colour the edge u-v: a colour free at both, after swapping an alternating path if need be."""
    free_u = next((c for c in range(size) if c not in colour[u]), None)
    free_v = next((c for c in range(size) if c not in colour[v]), None)
    if free_u is None or free_v is None:
        return False
    if free_u not in colour[v]:
        colour[u][free_u], colour[v][free_u] = v, u
        return True
    # The path from v alternating free_u, free_v: swap its two colours, then free_u is free at v.
    path, node, c, other = [], v, free_u, free_v
    while c in colour[node]:
        nxt = colour[node][c]
        if nxt[0] == "taken":  # type: ignore[index]
            return False  # a seat taken in an earlier round cannot move
        path.append((node, nxt, c))
        node, c, other = nxt, other, c
    for a, b, c in path:
        del colour[a][c], colour[b][c]
    for a, b, c in path:
        swapped = free_v if c == free_u else free_u
        colour[a][swapped], colour[b][swapped] = b, a
    colour[u][free_u], colour[v][free_u] = v, u
    return True


def constructed_rounds(
    players: Sequence[int],
    size: int,
    rounds: int,
    rng: random.Random,
    teams: Mapping[int, str] | None = None,
) -> list[list[list[int]]]:
    """As many rounds without a repeated meeting as a construction gives for this field: the
    transversal design (which keeps teams apart) when it covers the rounds, else whichever of
    it, the affine geometry and the stored designs (``tournaments.designs``, and the published
    ones, which may add rounds past the bound with the fewest repeats) gives the most."""
    transversal = transversal_rounds(players, size, rounds, rng, teams)
    if len(transversal) >= rounds:
        return transversal
    options = [transversal, affine_rounds(players, size, rounds, rng)]
    if not teams:
        options.append(stored_rounds(players, size, rounds, rng))
        wanted = min(rounds, (len(players) - 1) // max(1, size - 1))
        for construction in FALLBACK_CONSTRUCTIONS:  # each only while none seats enough yet
            if len(max(options, key=len)) < wanted:
                options.append(construction(players, size, rounds, rng))
    else:
        options.append(_teams_kept_apart(players, size, rounds, rng, teams))
        # The affine geometry knows no teams: where its lines seat teammates together it is
        # no option (16 players in four teams over 5 rounds took its 5 rounds, and the search
        # then parted the teammates at the cost of 3 repeats past the fewest).
        options = [o for o in options if not any(_teammates(t, teams) for r in o for t in r)]
    best = max(options, key=len, default=[])
    if best or teams or rounds < 1:
        return best
    order = list(players)  # one round never repeats: any split of the field
    rng.shuffle(order)
    return [[order[i : i + size] for i in range(0, len(order), size)]]


def _teams_kept_apart(
    players: Sequence[int],
    size: int,
    rounds: int,
    rng: random.Random,
    teams: Mapping[int, str],
) -> list[list[list[int]]]:
    """Rounds without a repeat in which no teammates meet: a design without teams, one round
    longer, whose spare round seats each team at one table (teams packed into tables, the
    players without a team in the seats left): in the other rounds nobody meets anyone they
    sat with in the spare one, so no teammates. 32 players in eight teams of four over nine
    rounds, from the 8-4-10 social golfer design; none when a team is larger than a table or
    the teams cannot be packed into the tables."""
    tables = _teams_at_tables(players, size, teams, rng)
    if tables is None:
        return []
    count = len(players)
    bound = (count - 1) // max(1, size - 1)
    design = constructed_rounds(list(range(count)), size, rounds + 1, rng)[:bound]
    if len(design) < 2:
        return []
    spare, *others = design
    pairs = zip(tables, spare, strict=True)
    player_of = {seat: p for table, seats in pairs for seat, p in zip(seats, table, strict=True)}
    return [[[player_of[p] for p in table] for table in round_] for round_ in others[:rounds]]


def _teams_at_tables(
    players: Sequence[int], size: int, teams: Mapping[int, str], rng: random.Random
) -> list[list[int]] | None:
    """The players at ``len(players) / size`` tables, each team at one table (the largest
    teams placed first, each where there is most room), or None when that cannot be done."""
    units = _team_units(players, teams, rng)
    tables: list[list[int]] = [[] for _ in range(len(players) // size)]
    for unit in units:
        roomiest = max(range(len(tables)), key=lambda t: (size - len(tables[t]), -t))
        if len(unit) > size - len(tables[roomiest]):
            return None
        tables[roomiest].extend(unit)
    return tables


def turn(player: int, by: int, n: int, cycles: int) -> int:
    """Player ``player`` turned by ``by``: the players ``0 .. cycles*n - 1`` are ``cycles``
    cycles of ``n`` (player ``j*n + x`` is place ``x`` of cycle ``j``), the rest stay."""
    if player >= cycles * n:
        return player
    cycle, place = divmod(player, n)
    return cycle * n + (place + by) % n


def turned_rounds(
    rounds: int, cycles: int, base: tuple[tuple[int, ...], ...]
) -> list[list[list[int]]]:
    """Every round of a stored design: its base round turned by 0, 1 ... ``rounds - 1`` (the
    players ``0 .. cycles*rounds - 1`` are ``cycles`` cycles of ``rounds``, the rest fixed)."""
    return [
        [[turn(p, by, rounds, cycles) for p in table] for table in base] for by in range(rounds)
    ]


def stored_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """The rounds of the stored design for this many players, drawn at random: a 1-rotational
    design of ``tournaments.designs``, or a published one (``tournaments.published_designs``)
    where that seats more rounds without a repeat; a published design's rounds past the bound
    (the fewest repeats counting allows) come after the others."""
    entry = BASE_ROUNDS.get((len(players), size))
    zero_repeat, built = published_rounds(len(players), size)
    if entry is None and not built:
        return []
    order = list(players)
    rng.shuffle(order)
    if entry is not None and entry[0] >= zero_repeat:  # else the published one seats more
        built = turned_rounds(*entry)
        zero_repeat = len(built)
    past_bound = built[zero_repeat:]
    built = built[:zero_repeat]
    rng.shuffle(built)
    built += past_bound
    return _seat_design(built[:rounds], order, rng)


def even_rounds(
    players: Sequence[int],
    size: int,
    rounds: int,
    rng: random.Random,
    teams: Mapping[int, str] | None = None,
) -> list[list[list[int]]]:
    """All ``rounds`` of a small field past the most it plays without a repeat, from
    ``tournaments.even_rounds`` (found offline) when stored, drawn at random: every two players
    (of different teams) meet as often as any other, give or take one, the fewest repeats
    counting allows (12 players over 8 rounds: every pair twice or three times, where the search
    met a pair three times while another met once). With teams, only when every player is in
    one and the teams are all as large: the stored teams are the teams, drawn in a random order,
    their members too. Without teams, one round past the bound may also come from a stored
    covering (``tournaments.covering_designs``: 18 players at tables of three over 9 rounds,
    every pair once or twice, 9 repeats where the bound's design and a round more make 12) or
    one built from a Kirkman frame (``framed_covering_rounds``: 150, 168, 180, 192) or from
    groups met across by a resolvable TD (``grouped_covering_rounds``: 108, 162, 198; at
    tables of four 96 and 192). Where no
    schedule spreads the repeats evenly, the fewest there can be when stored
    (``tournaments.fewest_rounds``: 12 players at tables of three over 6 rounds, 7 repeats where
    the search made 8). Nothing when not stored."""
    team_size, members = 0, [list(players)]
    if teams:
        by_team: dict[str, list[int]] = {}
        for player in players:
            if player not in teams:
                return []
            by_team.setdefault(teams[player], []).append(player)
        if len({len(team) for team in by_team.values()}) != 1:
            return []
        members = [by_team[name] for name in sorted(by_team)]
        team_size = len(members[0])
    key = (len(players), size, rounds, team_size)
    stored = EVEN_ROUNDS.get(key) or FEWEST_ROUNDS.get(key)
    covering = None if teams else COVERING_ROUNDS.get((len(players), size))
    framed = (
        (framed_covering_rounds(len(players)) if size == 3 else [])
        or grouped_covering_rounds(len(players), size)
        if not teams and covering is None and (size - 1) * rounds == len(players)
        else []
    )
    if covering is not None and covering[0] * len(covering[2]) == rounds:
        design = _covering_rounds(covering)
    elif framed:
        design = framed
    elif stored is not None:
        design = _stored_lines(stored)
    else:
        return []
    rng.shuffle(members)
    for team in members:
        rng.shuffle(team)
    # Stored player i is member i // len(members) of team i % len(members).
    order = [members[i % len(members)][i // len(members)] for i in range(len(players))]
    rng.shuffle(design)
    return _seat_design(_repeats_late(design), order, rng)


def _repeats_late(design: Sequence[Sequence[Sequence[int]]]) -> list[Sequence[Sequence[int]]]:
    """A schedule's rounds in an order that keeps its repeats late, for a tournament that stops
    early: each next round the first of those left that meets the fewest pairs met before (a
    greedy pass; 18 players at tables of three over the 9 rounds of their covering meet
    nobody twice in the first 4)."""
    met: set[tuple[int, int]] = set()
    left = [(r, [pair for table in r for pair in _pairs(table)]) for r in design]
    ordered = []
    while left:
        again = [sum(pair in met for pair in pairs) for _, pairs in left]
        round_, pairs = left.pop(again.index(min(again)))
        ordered.append(round_)
        met.update(pairs)
    return ordered


def _seat_design(
    design: Sequence[Sequence[Sequence[int]]], order: Sequence[int], rng: random.Random
) -> list[list[list[int]]]:
    """A design's rounds with its player ``i`` as ``order[i]``, each round's tables in a drawn
    order."""
    seated = [[[order[p] for p in table] for table in round_] for round_ in design]
    for round_ in seated:
        rng.shuffle(round_)
    return seated


def affine_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """The lines of the affine geometry AG(n, q), ``q = size``, when there are ``q**n`` players.

    A player is a point of GF(q)^n (drawn at random); a round is a parallel class, the lines
    ``p + t*d`` of one direction ``d``; two points lie on exactly one line, so nobody meets
    anyone twice over all ``(q**n - 1) / (q - 1)`` rounds: the most rounds ``q**n`` players can
    play without a repeat (64 players at tables of 4 over 21 rounds, 27 at tables of 3 over 13:
    the latter a Kirkman triple system).
    """
    q, count = size, len(players)
    n = next((k for k in range(2, 8) if q**k == count), None)
    field = _galois_field(q)
    if n is None or field is None:
        return []
    add, mul = field
    order = list(players)
    rng.shuffle(order)

    def point(vector: Sequence[int]) -> int:
        return sum(v * q**i for i, v in enumerate(vector))

    vectors = [[(index // q**i) % q for i in range(n)] for index in range(count)]
    directions = [v for v in vectors if any(v) and v[next(i for i, x in enumerate(v) if x)] == 1]
    rng.shuffle(directions)
    built = []
    for direction in directions[:rounds]:
        covered: set[int] = set()
        tables = []
        for start in vectors:
            if point(start) in covered:
                continue
            line = [
                point([add(s, mul(t, d)) for s, d in zip(start, direction, strict=True)])
                for t in range(q)
            ]
            covered.update(line)
            tables.append([order[p] for p in line])
        rng.shuffle(tables)
        built.append(tables)
    return built


def resolvable_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A resolvable design in which every two players meet exactly once, over the bound:
    ``3q + 1`` players at tables of four, ``q`` a prime power with ``q = 1 (mod 4)`` (52, 76,
    88, 112, 124, 148, 160, 184 players; 16, 28, 40 too, which others reach first), and a
    Kirkman triple system of ``2q + 1`` players at tables of three, ``q = 1 (mod 6)`` (51, 63,
    75, 87, 99; 15, 27, 39 too).

    The players are ``∞`` and ``size - 1`` layers of GF(q) (drawn at random); the first round
    is the table of ``∞`` and every layer's 0, and ``base_tables``' tables multiplied by one
    element ``c`` of each coset of a group ``H`` of roots of unity; round ``r`` adds ``r`` to
    every player but ``∞``. Each kind of difference (within a layer, or between two) that the
    base tables make is one coset of ``H``, so over the ``c`` every non-zero difference of each
    kind comes once (the first table gives the zero ones): two players share a table in
    exactly one round.
    """
    count = len(players)
    q = (count - 1) // (size - 1) if size in (3, 4) else 0
    roots = {4: 4, 3: 6}.get(size, 0)  # the order of H
    if not q or count != (size - 1) * q + 1 or (q - 1) % roots:
        return []
    field = _galois_field(q)
    if field is None:
        return []
    add, mul = field
    omega = next(x for x in range(2, q) if _order(x, mul) == q - 1)
    powers = [1]
    while len(powers) < q - 1:
        powers.append(mul(powers[-1], omega))
    minus = {x: next(y for y in range(q) if add(x, y) == 0) for x in range(q)}
    cosets = (q - 1) // roots
    base = _base_tables(size, powers[cosets], add, mul, minus)
    first = [[(0, layer) for layer in range(size - 1)]]  # and ∞
    first += [[(mul(c, x), layer) for x, layer in table] for c in powers[:cosets] for table in base]
    order = list(players)
    rng.shuffle(order)  # order[-1] is ∞
    slopes = rng.sample(range(q), q)
    built = []
    for r in slopes[:rounds]:
        tables = [[order[layer * q + add(x, r)] for x, layer in table] for table in first]
        tables[0].append(order[-1])
        rng.shuffle(tables)
        built.append(tables)
    return built


def _distinct_moves(
    bases: Iterable[Sequence[Sequence[int]]], moves: Sequence[Callable[[int], int]]
) -> list[list[list[int]]]:
    """Each base round moved by each of ``moves`` (a map of the players), every distinct round
    once, in the order of the base rounds and of the moves."""
    built: list[list[list[int]]] = []
    seen: set[frozenset[frozenset[int]]] = set()
    for base in bases:
        for move in moves:
            round_ = [[move(p) for p in table] for table in base]
            key = frozenset(frozenset(table) for table in round_)
            if key not in seen:
                seen.add(key)
                built.append(round_)
    return built


def group_rounds(group: tuple[int, int], base: Sequence[Sequence[int]]) -> list[list[list[int]]]:
    """The distinct translates of ``base`` by the elements of ``Z_m1 x Z_m2`` (player
    ``a*m2 + x`` is the element ``(a, x)``; player ``m1*m2``, ``∞``, stays), in the order of
    the elements."""
    m1, m2 = group
    fixed = m1 * m2

    def by(a: int, x: int) -> Callable[[int], int]:
        return lambda p: p if p == fixed else ((p // m2 + a) % m1) * m2 + (p % m2 + x) % m2

    return _distinct_moves([base], [by(a, x) for a in range(m1) for x in range(m2)])


def rotational_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """The stored 1-rotational resolvable design for this many players
    (``tournaments.rotational_designs``: 100 and 136 at tables of four, a Kirkman system of
    57), drawn at random: every two players meet exactly once over the bound's rounds."""
    entry = ROTATIONAL_ROUNDS.get((len(players), size))
    return [] if entry is None else _drawn(group_rounds(*entry), players, rounds, rng)


def stabilized_rounds_of(
    moduli: Sequence[int], bases: Sequence[Sequence[Sequence[int]]]
) -> list[list[list[int]]]:
    """The rounds of a stored design of ``tournaments.stabilized_designs``: each base round
    moved by every element ``g`` of ``G`` (the product of the ``Z_m`` over ``moduli``, player
    ``s * |G| + x`` element ``x`` on side ``s``, the last two players fixed), every distinct
    round once (a base round kept by a subgroup of order three gives ``|G| / 3``), in the order
    of the base rounds and of the elements."""
    order = 1
    for m in moduli:
        order *= m

    def by(g: int) -> Callable[[int], int]:
        def moved(p: int) -> int:
            if p >= 2 * order:
                return p
            side, x = divmod(p, order)
            total, unit = 0, 1
            for m in reversed(moduli):  # mixed radix, the last modulus the lowest digit
                total += ((x // unit + g // unit) % m) * unit
                unit *= m
            return side * order + total

        return moved

    return _distinct_moves(bases, [by(g) for g in range(order)])


def stabilized_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """The stored design of two base rounds each kept by a subgroup of order three for this many
    players (``tournaments.stabilized_designs``: 92 at tables of four, a resolvable group
    divisible design of type 2⁴⁶ found by SAT), drawn at random: nobody meets anyone twice over
    the bound's rounds, each player's one unmet opponent the other of its group."""
    entry = STABILIZED_ROUNDS.get((len(players), size))
    return [] if entry is None else _drawn(stabilized_rounds_of(*entry), players, rounds, rng)


def orbit_rounds_of(
    n: int,
    cycles: int,
    base: Sequence[Sequence[int]],
    short: Sequence[Sequence[Sequence[int]]],
) -> list[list[list[int]]]:
    """The rounds of a stored design of ``tournaments.orbit_designs``: the base round turned by
    ``0 .. n-1`` (as ``turned_rounds``), then each short round: the distinct turns of its
    tables, in the order of the turns."""
    built = turned_rounds(n, cycles, tuple(tuple(t) for t in base))
    for generators in short:
        round_: list[list[int]] = []
        seen: set[tuple[int, ...]] = set()
        for table in generators:
            for by in range(n):
                turned = [turn(p, by, n, cycles) for p in table]
                if (key := tuple(sorted(turned))) not in seen:
                    seen.add(key)
                    round_.append(turned)
        built.append(round_)
    return built


def orbit_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """The stored design of a base round turned and a few short rounds for this many players
    (``tournaments.orbit_designs``: Kirkman systems of 69 and 93, 172 at tables of four, and
    36 to 104 where no design seats every pair), drawn at random: nobody meets anyone twice
    over the bound's rounds (every pair meets once where the design is resolvable), or over
    the rounds it has where it stops short of the bound (164 over 50)."""
    entry = ORBIT_ROUNDS.get((len(players), size))
    return [] if entry is None else _drawn(orbit_rounds_of(*entry), players, rounds, rng)


def _drawn(
    built: list[list[list[int]]], players: Sequence[int], rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A stored design's rounds drawn at random: its players, then its rounds, then each
    round's tables, in that order (as the stored designs have been drawn since version 7)."""
    order = list(players)
    rng.shuffle(order)
    rng.shuffle(built)
    return _seat_design(built[:rounds], order, rng)


def inflated_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A resolvable design of ``4q²`` players at tables of four, ``q ≡ 1 (mod 3)`` a prime
    power (196 = 4 × 7²): each point of the affine plane AG(2, q) becomes four players (its
    *group*). A resolvable design of ``4q`` players (28 for q = 7) with one round taken as its
    groups seats the four-player groups of one line against each other, every two players of
    different groups once, in ``(4q - 4) / 3`` rounds; the lines of one direction side by side
    make a round of the whole field, so each of the ``q + 1`` directions gives that many
    rounds, and two points lie on exactly one line: every two players of different groups meet
    once. A last round seats each group at its own table: ``(4q² - 1) / 3`` rounds, the
    bound."""
    count = len(players)
    q = next((q for q in range(4, 15) if 4 * q * q == count), 0)
    if size != 4 or not q or q % 3 != 1 or _galois_field(q) is None:
        return []
    small_bound = (4 * q - 1) // 3
    small = constructed_rounds(list(range(4 * q)), 4, small_bound, rng)
    plane = affine_rounds(list(range(q * q)), q, q + 1, rng)
    if len(small) < small_bound or len(plane) < q + 1:
        return []
    groups, *between = small
    order = list(players)
    rng.shuffle(order)  # player j of point p's group is order[4p + j]
    built = [[[order[4 * p + j] for j in range(4)] for p in range(q * q)]]
    for direction in plane:
        for round_ in between:
            tables = []
            for line in direction:
                # the small design's group i is point line[i]'s group, its players in order
                place = {s: (line[i], j) for i, g in enumerate(groups) for j, s in enumerate(g)}
                tables += [[order[4 * place[s][0] + place[s][1]] for s in t] for t in round_]
            built.append(tables)
    return _in_drawn_order(built, rounds, rng)


def tripled_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A Kirkman triple system of ``3v`` players from one of ``v`` (45 from 15): the players
    are three groups of ``v``. Two orthogonal Latin squares ``L1``, ``L2`` of order ``v`` give
    ``v`` rounds in which no two players of one group meet: round ``s`` seats ``i`` of group 0,
    ``j`` of group 1 and ``L1(i, j)`` of group 2 wherever ``L2(i, j) = s`` (one cell in each
    row and column, and distinct ``L1`` values there, as the squares are orthogonal), so every
    two players of different groups meet once. Then each group plays the ``(v - 1) / 2`` rounds
    of a system of ``v`` by itself, the three groups side by side: ``(3v - 1) / 2`` in all, the
    bound. The squares: ``a·x + y`` for ``a = 1`` and another multiplier, over each prime
    power factor of ``v`` (none may be 2), side by side."""
    count = len(players)
    v = count // 3
    inner_rounds = (v - 1) // 2
    squares = _orthogonal_squares(v) if size == 3 and count == 3 * v and v % 6 == 3 else None
    if squares is None:
        return []
    inner = constructed_rounds(list(range(v)), 3, inner_rounds, rng)
    if len(inner) < inner_rounds or any(len(t) != 3 for r in inner for t in r):
        return []
    first, second = squares
    order = list(players)
    rng.shuffle(order)
    built: list[list[list[int]]] = [[] for _ in range(v)]
    for i in range(v):
        for j in range(v):
            built[second[i][j]].append([order[i], order[v + j], order[2 * v + first[i][j]]])
    for round_ in inner:
        built.append([[order[g * v + p] for p in table] for g in range(3) for table in round_])
    return _in_drawn_order(built, rounds, rng)


def nearly_kirkman_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A nearly Kirkman triple system of 18 players (Kotzig and Rosa's NKTS(18)): 8 rounds at
    tables of three, the bound, nine pairs never meeting and every other pair once.

    The players are the nine points ``(i, j)`` of the affine plane over Z₃, each in two
    *colours*; a point's two colours are the pair that never meets. The plane's four
    directions are taken in two couples, rows with the lines ``j − i = c`` and columns with the
    lines ``i + j = c``; each couple has a third direction crossing both of its directions'
    lines once (columns for the first, rows for the second), and four colourings ``f₀ = 0`` and
    ``f_w(p) = 1`` unless ``p`` lies on line ``w − 1`` of that crossing direction. Round
    ``(couple, w)`` seats each line of the couple's first direction in the colours ``f_w`` and
    each line of its second in the other colours: every player once. On any line the four
    colourings read ``000, 011, 101, 110``, whose every two places show all four pairs of
    colours once, so two players of different points meet exactly once, in the rounds of the
    direction of the one line through both points."""
    if size != 3 or len(players) != 18:
        return []
    order = list(players)
    rng.shuffle(order)  # point (i, j) in colour k is order[2 * (3i + j) + k]
    couples = (
        (lambda i, j: i, lambda i, j: (j - i) % 3, lambda i, j: j),  # line of each, crossing
        (lambda i, j: j, lambda i, j: (i + j) % 3, lambda i, j: i),
    )
    built = []
    for first, second, crossing in couples:
        for w in range(4):
            tables: dict[tuple[int, int], list[int]] = {}
            for i in range(3):
                for j in range(3):
                    colour = 0 if w == 0 else int(crossing(i, j) != w - 1)
                    point = 2 * (3 * i + j)
                    tables.setdefault((0, first(i, j)), []).append(order[point + colour])
                    tables.setdefault((1, second(i, j)), []).append(order[point + 1 - colour])
            built.append(list(tables.values()))
    return _in_drawn_order(built, rounds, rng)


def inflated_group_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A design of ``n`` players whose unmet pairs are disjoint groups of ``g`` (24 players at
    their bound: eight groups of three; or a resolvable design less its last round, whose
    tables become groups of four: 28 players over 8), each player made ``w`` players, ``w`` a
    prime power of at least the table size (192 = 24 × 8, 140 = 28 × 5). Each table
    ``t₀ t₁ t₂ t₃`` of the small design becomes, in each of ``w`` rounds ``r``, the tables
    ``{copy a + r·eᵢ of tᵢ}`` for ``a`` in GF(w) (the ``eᵢ`` distinct field elements, one a
    place at the table): copies of two players
    who met meet once, in the round ``r = (k - k') / (eᵢ - eⱼ)``, and copies of one player
    never. Then each group's ``g·w`` copies play a design of their own, the groups side by
    side: with both designs at their bound, ``w·(n - g)/3 + (g·w - g')/3 = (n·w - g')/3``
    rounds, the bound of ``n·w`` players (192); 140 gets 8 × 5 + the 5 rounds of 20 players,
    one short of its 46. The most rounds of every ``w`` and both readings are kept.

    At tables of three the same, with three field elements and ``w`` at least three: 96 =
    24 × 4 from the four groups of six (``six_by_four_rounds``), 36 + the 11 rounds of 24, the
    bound of 47. (A Kirkman system less its last round reads the same way, but seats one short:
    60 = 15 × 4 gets 28 of its 29, as no design seats 12 players five rounds; the stored
    designs seat 60 and 84 to their bound.)"""
    count = len(players)
    best: tuple[Any, ...] | None = None  # (rounds, small design, groups, inner, w, GF(w))
    if size not in (3, 4):
        return []
    for w in range(size, count // size**2 + 1):
        n = count // w
        field = _galois_field(w)
        if field is None or n * w != count or n % size:
            continue
        small_bound = (n - 1) // (size - 1)
        small = constructed_rounds(list(range(n)), size, small_bound, rng)
        groups = _unmet_groups(n, small) if len(small) == small_bound else None
        readings = []
        if groups is not None and len(groups[0]) > 1:
            readings.append((small, groups))
        if groups is not None and len(groups[0]) == 1 and len(small) > 1:  # resolvable
            readings.append((small[:-1], [sorted(table) for table in small[-1]]))
        grouped_design = GROUPED_DESIGNS.get((n, size))
        if grouped_design is not None:  # below the bound, but in larger groups
            readings.append(grouped_design())
        for kept, grouped in readings:
            inner_count = len(grouped[0]) * w
            if inner_count % size:
                continue
            inner_bound = (inner_count - 1) // (size - 1)
            inner = constructed_rounds(list(range(inner_count)), size, inner_bound, rng)
            total = w * len(kept) + len(inner)
            if best is None or total > best[0]:
                best = (total, kept, grouped, inner, w, field)
    if best is None:
        return []
    _total, small, groups, inner, w, (add, mul) = best
    order = list(players)
    rng.shuffle(order)  # copy k of player p is order[p * w + k]
    built = [
        [
            [order[t[i] * w + add(a, mul(r, i))] for i in range(size)]
            for t in round_
            for a in range(w)
        ]
        for round_ in small
        for r in range(w)
    ]
    for round_ in inner:  # the inner design's player j: copy j % w of the group's j // w
        built.append(
            [[order[g[j // w] * w + j % w] for j in table] for g in groups for table in round_]
        )
    return _in_drawn_order(built, rounds, rng)


def framed_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """``5g + e`` players at tables of four, ``e`` two or three, from a frame of type g⁵
    (``tournaments.frame_designs``): five groups of ``g`` and ``e`` players who join each of
    them. In the ``g / 3`` rounds of group ``t`` the other four groups play their holey rounds
    missing ``t`` (every two players of different groups meet once over all rounds), and group
    ``t`` with the ``e`` plays a design of ``g + e`` players at its bound in which those ``e``
    never meet one another: ``5g / 3`` rounds, the bound. 152 = 5 × 30 + 2 (the design of 32,
    whose unmet pairs are pairs) and 168 = 5 × 33 + 3 (the design of 36 and three of its players
    none of whom meets another)."""
    count = len(players)
    if size != 4:
        return []
    for g in sorted(FRAMES):
        extra = count - 5 * g
        if extra not in (2, 3):
            continue
        frame = holey_rounds(g)
        fill = constructed_rounds(list(range(g + extra)), size, g // 3, rng)
        apart = _players_apart(fill, g + extra, extra)
        if frame is None or len(fill) < g // 3 or apart is None:
            continue
        order = list(players)
        rng.shuffle(order)  # group x's player j is order[x * g + j]; the extras come last
        extras = dict(zip(apart, order[5 * g :], strict=True))
        inside = {j: i for i, j in enumerate(j for j in range(g + extra) if j not in extras)}
        built = []
        for t, missing_t in enumerate(frame):
            for holey, fill_round in zip(missing_t, fill, strict=True):
                tables = [[order[x * g + j] for x, j in table] for table in holey]
                tables += [
                    [extras[j] if j in extras else order[t * g + inside[j]] for j in table]
                    for table in fill_round
                ]
                built.append(tables)
        return _in_drawn_order(built, rounds, rng)
    return []


def kirkman_framed_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A nearly Kirkman triple system of ``gtu + 2`` players at tables of three from a Kirkman
    frame of type gᵘ (``tournaments.frame_designs.KIRKMAN_FRAMES``), each of its points made
    ``t`` players (``_filled_kirkman_frame``), and two more players.

    The ``gt`` copies of a group's points and the two extra players play a nearly Kirkman
    system of ``gt + 2`` at its bound (``gt / 2`` rounds) in which the two extras are a pair
    that never meets, one of its rounds beside each of the group's ``gt / 2`` holey rounds:
    ``ugt / 2`` rounds, the bound ``(N - 2) / 2``, and only the fill's unmet pairs never meet.
    156 = 2 × 11 × 7 + 2 and 186 = 2 × 23 × 4 + 2, with the designs of 24 and 48 (frame and
    fill, as design theory builds Kirkman systems; the frames found here by
    ``scripts/designs/kirkman_frames.py``)."""
    count = len(players)
    if size != 3:
        return []
    for g, u in sorted(KIRKMAN_FRAMES):
        t, left = divmod(count - 2, g * u)
        ring = _product_ring(t, 3) if t >= 3 and not left else None
        if ring is None:
            continue
        fill = constructed_rounds(list(range(g * t + 2)), 3, g * t // 2, rng)
        unmet = _unmet_groups(g * t + 2, fill) if len(fill) == g * t // 2 else None
        if unmet is None or len(unmet[0]) != 2:
            continue
        order = list(players)
        rng.shuffle(order)  # copy k of frame point p is order[p * t + k]; the extras come last
        extras = dict(zip(unmet[0], order[g * u * t :], strict=True))
        inside = {j: i for i, j in enumerate(j for j in range(g * t + 2) if j not in extras)}
        beside = [  # the fill's player j beside group ``group``
            [
                extras[j] if j in extras else order[group * g * t + inside[j]]
                for j in range(g * t + 2)
            ]
            for group in range(u)
        ]
        built = _filled_kirkman_frame((g, u), t, ring, fill, order, beside)
        return _in_drawn_order(built, rounds, rng)
    return []


def framed_covering_rounds(count: int) -> list[list[list[int]]]:
    """A covering of ``gtu`` players at tables of three one round past the bound (``N / 2``
    rounds, every pair met, those met twice pairing off the players: the fewest repeats
    counting allows) from a Kirkman frame of type gᵘ, each point made ``t`` players, and a
    stored covering of ``gt`` (``tournaments.covering_designs``) for each group's copies, one of
    its rounds beside each of the group's ``gt / 2`` holey rounds: copies of different groups
    meet once, within a group as the covering has them. 168 = 2 × 21 × 4 and 192 = 2 × 24 × 4
    (frame 2⁴, coverings of 42 and 48), 180 = 2 × 9 × 10 (2¹⁰, 18) and 150 = 6 × 5 × 5 (6⁵,
    30); the players ``0 .. N - 1``. Nothing when no frame and covering make ``count``."""
    for g, u in sorted(KIRKMAN_FRAMES):
        t, left = divmod(count, g * u)
        stored = COVERING_ROUNDS.get((g * t, 3))
        ring = _product_ring(t, 3) if t >= 3 and not left and stored is not None else None
        if ring is None or stored is None:
            continue
        fill = _covering_rounds(stored)
        beside = [range(group * g * t, (group + 1) * g * t) for group in range(u)]
        return _filled_kirkman_frame((g, u), t, ring, fill, range(count), beside)
    return []


def grouped_covering_rounds(count: int, size: int = 3) -> list[list[list[int]]]:
    """A covering of ``N = Pt`` players at tables of ``k = size`` one round past the bound
    (``N / (k - 1)`` rounds, every pair met, those met twice pairing off the players: the
    fewest repeats counting allows, as ``framed_covering_rounds``) from a design of ``P``
    points at its bound whose unmet pairs fall into groups of ``g`` (one table, g = 1; at
    tables of four the design of 24, g = 3), each point made ``t`` players by a resolvable
    TD(k, t) (``resolvable_transversal``: ``t`` rounds for each of the design's, in which the
    copies of a table's points meet once): players of different groups meet once (a resolvable
    group divisible design of type (gt)^(P/g)); then the groups side by side each play a
    stored covering of ``gt`` (``_stored_covering``), ``gt / (k - 1)`` rounds more. At tables
    of three 108 = 3 × 36, 162 = 3 × 54 and 198 = 3 × 66 (Wilson's construction gives the TDs
    of 54 and 66, which no field does), at tables of four 96 = 4 × 24 and 192 = 24 × 8 (the
    design of 24 and the covering of 24 over 8); the players ``0 .. N - 1``, copy ``x`` of
    point ``p`` the player ``p t + x``. Nothing when no such design and covering make
    ``count``."""
    for points in range(size, count // 2 + 1):
        t, left = divmod(count, points)
        bound = (points - 1) // (size - 1)
        g = points - (size - 1) * bound  # each point's group: itself and those it never meets
        fill = _stored_covering(g * t, size) if not left else None
        across = resolvable_transversal(size, t) if fill is not None else None
        if fill is None or across is None:
            continue
        design = (
            [[list(range(size))]]
            if points == size
            else constructed_rounds(range(points), size, bound, Random(0))
        )
        groups = _unmet_groups(points, design)
        if len(design) != bound or groups is None or len(groups[0]) != g:
            continue
        built = [
            [
                [p * t + x for p, x in zip(table, block, strict=True)]
                for table in round_
                for block in across[s]
            ]
            for round_ in design
            for s in range(t)
        ]
        members = [[p * t + x for p in group for x in range(t)] for group in groups]
        built += [
            [[group[j] for j in table] for group in members for table in round_] for round_ in fill
        ]
        return built
    return []


def _stored_covering(players: int, size: int) -> list[list[list[int]]] | None:
    """A stored covering of ``players`` at tables of ``size`` one round past the bound (``players
    / (size - 1)`` rounds), the players ``0 .. players - 1``: at tables of three from
    ``tournaments.covering_designs``, else an even schedule (``tournaments.even_rounds``: one
    round past the bound, every pair once or twice is a covering, 24 over 8 at tables of
    four). None when there is none."""
    rounds, left = divmod(players, size - 1)
    stored = COVERING_ROUNDS.get((players, size))
    if stored is not None:
        return _covering_rounds(stored)
    even = EVEN_ROUNDS.get((players, size, rounds, 0)) if not left else None
    return _stored_lines(even) if even is not None else None


def _covering_rounds(
    stored: tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]],
) -> list[list[list[int]]]:
    """The rounds of a stored covering (``tournaments.covering_designs``: ``(m, cycles, base
    rounds)``), each base round turned by ``0 .. m - 1``."""
    m, cycles, bases = stored
    return [tables for base in bases for tables in turned_rounds(m, cycles, base)]


def _stored_lines(lines: Sequence[str]) -> list[list[list[int]]]:
    """Rounds stored as lines, each its tables split by ``|`` (``tournaments.even_rounds``,
    ``tournaments.fewest_rounds``)."""
    return [[[int(p) for p in table.split()] for table in line.split("|")] for line in lines]


def _filled_kirkman_frame(
    key: tuple[int, int],
    t: int,
    ring: tuple[Any, Any, Any],
    fill: Sequence[Sequence[Sequence[int]]],
    order: Sequence[int],
    beside: Sequence[Sequence[int]],
) -> list[list[list[int]]]:
    """The rounds of the Kirkman frame ``key`` (type gᵘ), copy ``k`` of its point ``p`` the
    player ``order[p * t + k]``, ``k`` an element of ``ring``, the product of Galois fields of
    order ``t`` (``_product_ring(t, 3)``: each factor at least 3), each holey round beside a
    round of ``fill`` (``gt / 2`` rounds) seating the copies of the group it misses, fill player
    ``j`` beside group ``G`` being ``beside[G][j]``.

    A frame table ``p₀ p₁ p₂`` becomes, at each slope ``s``, the ``t`` tables ``{copy a + s·eᵢ
    of pᵢ}`` over every ``a`` (``eᵢ`` the elements with every coordinate ``i``, whose
    differences are invertible): copies of two points of different groups meet once, at the
    slope ``(k - k') / (eᵢ - eⱼ)``, so each holey round of group ``G`` makes ``t`` holey rounds
    that seat everybody outside the ``gt`` copies of ``G``'s points: holey round ``b`` of the
    group at slope ``s`` beside fill round ``b t + s``."""
    g, _ = key
    if len(fill) != g * t // 2:
        return []
    add, mul, number = ring
    e = [number([i] * len(_prime_power_factors(t))) for i in range(3)]
    built = []
    for r, holey in enumerate(KIRKMAN_FRAMES[key]):
        group, b = divmod(r, g // 2)
        for slope in range(t):
            tables = [
                [order[p * t + add(a, mul(slope, e[i]))] for i, p in enumerate(table)]
                for table in holey
                for a in range(t)
            ]
            tables += [[beside[group][j] for j in table] for table in fill[b * t + slope]]
            built.append(tables)
    return built


def grouped_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """``5g`` players at tables of four from a resolvable group divisible design of type g⁵
    (``tournaments.frame_designs.resolvable_five``): its ``4g / 3`` rounds seat every two
    players of different groups once, then each group plays a design of ``g`` at its bound by
    itself. 180 = 5 × 36: 48 rounds and the 11 of the design of 36, the bound of 59."""
    count = len(players)
    g = count // 5
    if size != 4 or count % 5 or g not in RESOLVABLE_FIVE:
        return []
    across = resolvable_five(g)
    inside = constructed_rounds(list(range(g)), size, (g - 1) // 3, rng)
    if across is None or len(inside) < (g - 1) // 3:
        return []
    order = list(players)
    rng.shuffle(order)  # group x's player j is order[x * g + j]
    built = [[[order[x * g + j] for x, j in table] for table in round_] for round_ in across]
    built += [
        [[order[x * g + j] for j in table] for x in range(5) for table in round_]
        for round_ in inside
    ]
    return _in_drawn_order(built, rounds, rng)


def copied_rounds(
    players: Sequence[int], size: int, rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """``4n`` players at tables of four as four copies of ``n`` joined by a resolvable TD(4, n)
    (``resolvable_transversal``: ``n`` rounds in which every two players of different copies
    meet once) and *holey rounds* within the copies (``_holey_rounds``: each leaves out a hole,
    and seats everybody else of the copy, nobody twice). Point ``x`` of every copy is named by
    the TD's first round, whose table ``x`` seats point ``x`` of each copy; that round is
    taken apart: in a holey round each copy plays it and the players of its hole sit at their
    tables of the first round. The TD's other ``n - 1`` rounds follow: ``n - 1`` and the
    holey rounds, without a repeat (players of one copy meet in the holey rounds, of two in
    the TD's). 156 = 4 × 39 with the holey rounds of the design of 40 less a player (a frame
    of type 3¹³, Rees and Stinson's construction, "Frames with block size four", 1992): 38 +
    13 = 51, the bound, the pairs left unmet groups of three. Short of the bound, 92, 164 and
    188 over 29, 53 and 61 rounds (one short of theirs)."""
    count = len(players)
    if size != 4 or count % 4:
        return []
    n = count // 4
    across = resolvable_transversal(4, n)
    if across is None:
        return []
    holey = _holey_rounds(n, rng)
    if not holey:
        return []
    first, *rest = across
    name = [{table[i]: x for x, table in enumerate(first)} for i in range(4)]  # TD point -> x
    order = list(players)
    rng.shuffle(order)  # copy i's point x is order[i * n + x]
    built = [
        [[order[i * n + x] for x in table] for i in range(4) for table in tables]
        + [[order[i * n + x] for i in range(4)] for x in hole]
        for hole, tables in holey
    ]
    built += [[[order[i * n + name[i][p]] for i, p in enumerate(t)] for t in r] for r in rest]
    return _in_drawn_order(built, rounds, rng)


# The depth-first search of ``_seats_taken`` (new players taking seats of a design: a point added
# to a copy's design, stand-ins for the players sitting out) stops after looking at this many
# tables, a count and not a clock: the most a search that succeeded needed here was 91,500
# (200 players with two byes over 30 rounds, 0.13 s), so one that fails costs about 0.4 s. A
# copy's design is tried in ``HOLEY_TRIES`` fixed draws, so that it takes the same time for any
# seed (164 players, the design of 40: found at the first, 30,290 tables, 0.05 s).
SEATS_WORK, HOLEY_TRIES = 300_000, 3


def _holey_rounds(n: int, rng: random.Random) -> list[tuple[list[int], list[list[int]]]] | None:
    """Rounds over the points ``0 .. n-1``, each ``(hole, tables)``: the tables of four seat
    everybody outside the hole once, no two points share a table twice, and the holes are
    disjoint. From a design of ``n + 1`` at its bound less its point ``n`` (a hole is the
    point's three tablemates of a round: ``n / 3`` rounds), else from a design of ``n - 1`` at
    its bound and a point ``n - 1`` added (``_with_a_point_added``); None when neither is."""
    if (n + 1) % 4 == 0 and n > 2:
        bound = n // 3
        design = constructed_rounds(list(range(n + 1)), 4, bound, rng)
        if len(design) < bound:
            return None
        return [_less_a_point(round_, n) for round_ in design]
    added = _with_a_point_added(n)
    return None if added is None else [([out], [list(t) for t in tables]) for out, tables in added]


def _less_a_point(round_: Sequence[Sequence[int]], point: int) -> tuple[list[int], list[list[int]]]:
    """A round of a design taken apart around one of its points: ``(its tablemates, the other
    tables)``. Without that point the tablemates are a hole (``_holey_rounds``), or sit out
    (``_Field._around_a_missing_player``)."""
    mates = next(table for table in round_ if point in table)
    tables = [list(table) for table in round_ if point not in table]
    return [p for p in mates if p != point], tables


@cache
def _with_a_point_added(
    n: int,
) -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] | None:
    """``_holey_rounds``' second way, the same for every seed (so cached): a design of
    ``n - 1`` at its bound and the point ``n - 1`` added, each round ``(hole, tables)``: the
    new point takes a seat (``_seats_taken``), and the hole is the one player sitting out, whose
    tablemates it meets, never the same twice; tried over ``HOLEY_TRIES`` fixed draws of the
    design (212 players, the design of 52, finds its seats at the second)."""
    if (n - 1) % 4 or n < 17:
        return None
    bound = (n - 2) // 3
    for attempt in range(HOLEY_TRIES):
        design = constructed_rounds(list(range(n - 1)), 4, bound, Random(f"holey {n} {attempt}"))
        if len(design) < bound:
            return None
        taken = _seats_taken(design, 1)  # the affine plane of 16 has none (68 players)
        if taken is not None:
            return tuple(
                (
                    out,
                    (
                        *(tuple(table) for u, table in enumerate(round_) if u != t),
                        (*(p for p in round_[t] if p != out), n - 1),
                    ),
                )
                for round_, [(t, out)] in zip(design, taken, strict=True)
            )
    return None


def _seats_taken(
    design: Sequence[Sequence[Sequence[int]]], newcomers: int
) -> list[list[tuple[int, int]]] | None:
    """For each round and each of ``newcomers`` new players a seat of the design to take,
    ``(table, player)`` (that player sits out the round): a new player meets the others of
    its tables, never the same one twice; no player of the design is chosen twice; and two new
    players never share a table. A depth-first search, the (round, new player) with the
    fewest choices first, looking at ``SEATS_WORK`` tables at most; None when it finds none."""
    chosen: dict[tuple[int, int], tuple[int, int]] = {}
    met = [set[int]() for _ in range(newcomers)]
    left_out = set[int]()
    work = 0  # tables looked at
    todo = [(r, i) for r in range(len(design)) for i in range(newcomers)]

    def choices(r: int, i: int) -> list[tuple[int, int]]:
        nonlocal work
        work += len(design[r])
        busy = {chosen[(r, j)][0] for j in range(newcomers) if (r, j) in chosen}
        return [
            (t, out)
            for t, table in enumerate(design[r])
            if t not in busy
            for out in table
            if out not in left_out and not met[i].intersection(p for p in table if p != out)
        ]

    def choose() -> bool:
        if len(chosen) == len(todo):
            return True
        if work > SEATS_WORK:
            return False
        fewest: tuple[tuple[int, int], list[tuple[int, int]]] | None = None
        for key in todo:
            if key not in chosen:
                options = choices(*key)
                if fewest is None or len(options) < len(fewest[1]):
                    fewest = (key, options)
                if not options:
                    return False
        assert fewest is not None
        (r, i), options = fewest
        for t, out in options:
            others = [p for p in design[r][t] if p != out]
            met[i].update(others)
            left_out.add(out)
            chosen[(r, i)] = (t, out)
            if choose():
                return True
            met[i].difference_update(others)
            left_out.discard(out)
            del chosen[(r, i)]
        return False

    if not choose():
        return None
    return [[chosen[(r, i)] for i in range(newcomers)] for r in range(len(design))]


def _unblocked_by_two_swaps(
    tables: Sequence[Sequence[int]],
    blocked: Callable[[Sequence[int]], bool],
    cost: Callable[[Sequence[int]], int],
    size: int,
) -> list[list[int]] | None:
    """A round with tables ``blocked`` (its players cannot all keep their winds within one),
    mended: each step, of every swap of a player of the first blocked table with one of another
    table, alone or followed by a swap of one of those two tables with a third, the one that
    costs least (``cost`` of the tables it changes, a blocked table weighing ``UNBLOCK_COST``)
    while it leaves fewer tables blocked (the first in table order on a tie). A table missing a
    seat that only a chain of swaps can bring: 33 with a bye, one leaving after round 3 of 10,
    a table of two players who have not sat East and none who has not sat South, where every
    swap with a table of one of each blocks that one (the round seated again alone, the rounds
    planned after it kept, made 44 repeats with them; now 14 in all). ``PAIR_UNBLOCK_WORK``
    pairs of swaps weighed at most (a count, not a clock); None when a table is still blocked
    by then."""
    round_ = [list(table) for table in tables]
    known: dict[tuple[int, ...], tuple[int, bool]] = {}

    def weighed(table: Sequence[int]) -> tuple[int, bool]:
        """The table's cost and whether it is blocked, whatever its order (kept)."""
        key = tuple(sorted(table))
        found = known.get(key)
        if found is None:
            found = known[key] = (cost(key), blocked(key))
        return found

    def swapped(x: list[int], a: int, y: list[int], b: int) -> tuple[list[int], list[int]]:
        mine, theirs = list(x), list(y)
        mine[a], theirs[b] = theirs[b], mine[a]
        return mine, theirs

    costs = [weighed(table)[0] for table in round_]
    n = len(round_)
    step_work = (n - 1) * size**2 * 2 * max(0, n - 2) * size**2  # seats one step weighs
    work = 0
    while True:
        stuck = [t for t, table in enumerate(round_) if weighed(table)[1]]
        if not stuck:
            return round_
        work += step_work
        if work > PAIR_UNBLOCK_WORK:
            return None  # too many tables for pairs of swaps
        t = stuck[0]
        best: tuple[int, dict[int, list[int]]] | None = None
        for u in range(len(round_)):
            if u == t:
                continue
            for a, b in product(range(size), repeat=2):
                mine, theirs = swapped(round_[t], a, round_[u], b)
                once = {t: mine, u: theirs}
                first = weighed(mine)[0] + weighed(theirs)[0] - costs[t] - costs[u]
                if best is None or first < best[0]:
                    best = (first, once)
                for x in (t, u):
                    x_cost, x_blocked = weighed(once[x])
                    if not x_blocked:
                        continue  # a second swap there unblocks nothing
                    for v in range(len(round_)):
                        if v in (t, u):
                            continue
                        for c, d in product(range(size), repeat=2):
                            again, other = swapped(once[x], c, round_[v], d)
                            change = first + weighed(again)[0] + weighed(other)[0]
                            change -= x_cost + costs[v]
                            if change < best[0]:
                                best = (change, {**once, x: again, v: other})
        if best is None or best[0] > -UNBLOCK_COST // 2:
            return None  # no swap, nor two, leaves fewer tables blocked
        for k, table in best[1].items():
            round_[k] = table
            costs[k] = weighed(table)[0]


@dataclass(frozen=True)
class RepairedPlan:
    """A plan drawn before players left or came, seating the field as it is now: each round's
    tables and who sits it out (``repaired_plan``)."""

    rounds: list[list[list[int]]]
    byes: list[list[int]]


def repaired_plan(
    plan: Sequence[Sequence[Sequence[int]]] | None,
    playing: Sequence[int],
    extra: int,
    size: int,
    history: Sequence[Sequence[Sequence[int]]],
    byes_so_far: Mapping[int, int],
    *,
    fewest: bool = False,
) -> RepairedPlan | None:
    """The rounds a draw planned (``plan``, in order from the round to draw) seating the players
    ``playing`` now, ``extra`` of them sitting out each round, after players left or came: as
    few changes to the plan as keep its promise, no pair the changes seat together meeting
    twice (over ``history`` and these rounds; the plan's own pairs as it had them) and the
    byes as fair as the rule's (``byes_so_far``: the fewest byes so far sit out first, so
    nobody sits out twice while anyone has not). In each round a table of a player who left
    may be left out, its players sitting out (as at the table of a player who never comes: 32
    players, one leaving, play on with three byes a round); a seat of a player who left, or of
    a player who sits out, is taken by one who was to sit out or who came, and up to ``MOVES``
    players of the plan may move to another such seat or out (33 with one bye, one arriving
    late: the newcomer takes a seat whose player sits out); and where the players now fill
    more tables, those who were to sit out and those who came sit at new tables (35 with
    three byes from the design of 36, a fourth arriving: the missing player's table). A
    depth-first search, the changes tried fewest first, trying ``REPAIR_WORK`` ways to seat a
    round at most (a count, not a clock); None where it finds none (33 with one bye, one
    leaving, say). Either way the first round leaves no table at which its players cannot all
    keep their winds within one, where it can: the draw would not keep such a round, and
    mending it then, the rounds planned after it fixed, costs many repeats. With ``fewest`` it
    never fails: each round in turn takes, of the first ``REPAIR_WORK // rounds`` ways, the one
    that seats the fewest pairs that met before or that the plan seats in a later round (a
    blocked table of the first round weighing ``UNBLOCK_COST``, and mended by swaps if it
    stays), no going back; tried on the plan as it is and with a player in each leaver's seats
    throughout (``_leavers_taken_over``), the one with the fewest repeats kept: a start for
    the draw's search (33 with one bye, one leaving after round 3 of 10: 11 to 14 repeats at
    the end over three seeds, where mending round by round had left 20 to 23; of 8, 4 where
    7 or 8)."""
    free = _free_seats_after(history, size)
    if not fewest:
        return _repaired(plan, playing, extra, size, history, byes_so_far, free, fewest=False)
    best: tuple[int, RepairedPlan] | None = None
    for candidate in _leavers_taken_over(plan, playing, history, free, size):
        mended = _repaired(candidate, playing, extra, size, history, byes_so_far, free, fewest=True)
        if mended is None:
            continue
        if _blocked_tables(mended.rounds[0], free, size):
            mended = _first_round_unblocked(mended, history, free, size)
        again = seating_quality([*history, *mended.rounds], table_size=size).repeated_pairs
        cost = PAIR_COST * again + UNBLOCK_COST * _blocked_tables(mended.rounds[0], free, size)
        if best is None or cost < best[0]:
            best = (cost, mended)
    return best[1] if best is not None else None


def _first_round_unblocked(
    mended: RepairedPlan,
    history: Sequence[Sequence[Sequence[int]]],
    free: Mapping[int, int],
    size: int,
) -> RepairedPlan:
    """A mended plan whose first round has a blocked table, that round mended by swaps
    (``_unblocked_by_two_swaps``: a pair met before or seated in the rounds after weighing
    one), else as it was."""
    met = {pair for round_ in history for table in round_ for pair in _pairs(table)}
    met.update(pair for round_ in mended.rounds[1:] for table in round_ for pair in _pairs(table))

    def blocked(table: Sequence[int]) -> bool:
        return _table_blocked(table, free, size)

    def cost(table: Sequence[int]) -> int:
        return UNBLOCK_COST * blocked(table) + sum(pair in met for pair in _pairs(table))

    first = _unblocked_by_two_swaps(mended.rounds[0], blocked, cost, size)
    if first is None:
        return mended
    return RepairedPlan([first, *mended.rounds[1:]], mended.byes)


def seat_counts(history: Sequence[Sequence[Sequence[int]]], size: int) -> dict[int, list[int]]:
    """How many times each player took each seat (East first) in these rounds."""
    counts: dict[int, list[int]] = {}
    for round_ in history:
        for table in round_:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0] * size)[seat] += 1
    return counts


def _free_seats_after(history: Sequence[Sequence[Sequence[int]]], size: int) -> dict[int, int]:
    """Each player's free seats (``free_seats``) after the rounds of ``history``."""
    return {player: free_seats(counts) for player, counts in seat_counts(history, size).items()}


def _table_blocked(table: Sequence[int], free: Mapping[int, int], size: int) -> bool:
    """Whether the table cannot seat each of its players in a free seat (a player with no
    rounds yet: any seat), as the draw's search says (``wind_blocked``)."""
    fresh = (1 << size) - 1
    return not winds_can_hold([free.get(p, fresh) for p in table], size)


def _blocked_tables(tables: Sequence[Sequence[int]], free: Mapping[int, int], size: int) -> int:
    """How many of the round's tables are ``_table_blocked``."""
    return sum(_table_blocked(table, free, size) for table in tables)


# Players who came or stayed that ``repaired_plan`` (``fewest``) tries in a leaver's place, at
# most, for each leaver: those whose taking over meets the fewest pairs again.
TAKERS = 3


def _leavers_taken_over(
    plan: Sequence[Sequence[Sequence[int]]] | None,
    playing: Sequence[int],
    history: Sequence[Sequence[Sequence[int]]],
    free: Mapping[int, int],
    size: int,
) -> Iterator[Sequence[Sequence[Sequence[int]]] | None]:
    """The plan as it is, then, for each player who left, the plan with one who plays now
    taking the leaver's seats in every round (the leaver, gone, in theirs: seats the mend fills
    as it fills any leaver's), the ``TAKERS`` whose change meets the fewest pairs again first
    (``_taken_over_again``; the earlier in ``playing`` on a tie). A player in the leaver's
    place throughout keeps the plan's own pairs apart where mending round by round mixes them:
    33 with a bye (the design of 32 and a stand-in), one leaving after round 3 of 10: with the
    stand-in in the leaver's seats (the mend then seats each player who was to sit out in
    their own), 5 to 8 pairs meet again, where the round-by-round mend mixed the design's
    pairs to 12 to 23."""
    yield plan
    if not plan:
        return
    here = set(playing)
    order = {p: i for i, p in enumerate(playing)}
    met = {pair for round_ in history for table in round_ for pair in _pairs(table)}
    planned = Counter(pair for round_ in plan for table in round_ for pair in _pairs(table))
    for leaver in sorted({p for round_ in plan for table in round_ for p in table} - here):
        swaps = [{leaver: taker, taker: leaver} for taker in playing]
        again = [_taken_over_again(plan, swap, here, met, planned, free, size) for swap in swaps]
        best = sorted(range(len(swaps)), key=lambda i: (again[i], order[playing[i]]))
        for i in best[:TAKERS]:
            yield [[[swaps[i].get(p, p) for p in table] for table in round_] for round_ in plan]


def _taken_over_again(
    plan: Sequence[Sequence[Sequence[int]]],
    swap: Mapping[int, int],
    here: Set[int],
    met: Set[tuple[int, int]],
    planned: Mapping[tuple[int, int], int],
    free: Mapping[int, int],
    size: int,
) -> int:
    """The pairs meeting again, counted quickly, when ``swap`` (a leaver and a taker) changes
    the plan and each seat of a player gone is taken, in order, by the players the round then
    leaves out: only the pairs of tables the change touches, each counted again where it met
    before (``met``) or where the plan seats it elsewhere too (``planned``), and a table of
    the first round at which its players cannot all keep their winds within one weighing
    ``UNBLOCK_COST``."""
    swapped = [[[swap.get(p, p) for p in table] for table in round_] for round_ in plan]
    touched = [
        (r, t)
        for r, round_ in enumerate(plan)
        for t, table in enumerate(round_)
        if not swap.keys().isdisjoint(table)
    ]
    now = Counter(planned)  # the plan's pairs once swapped
    for r, t in touched:
        now.subtract(_pairs(plan[r][t]))
        now.update(_pairs(swapped[r][t]))
    again = 0
    for k, round_ in enumerate(swapped):
        pool = iter(sorted(here - {p for table in round_ for p in table}))
        for table in round_:
            if all(p in here for p in table):
                if swap.keys().isdisjoint(table):
                    continue
                filled = table
            else:
                filled = [p if p in here else next(pool, -1) for p in table]
            seated = [p for p in filled if p >= 0]
            own = set(_pairs(table))
            meets = sum(pair in met or now[pair] > (pair in own) for pair in _pairs(seated))
            again += PAIR_COST * meets
            if k == 0 and len(seated) == size:
                again += UNBLOCK_COST * _table_blocked(seated, free, size)
    return again


def _repaired(
    plan: Sequence[Sequence[Sequence[int]]] | None,
    playing: Sequence[int],
    extra: int,
    size: int,
    history: Sequence[Sequence[Sequence[int]]],
    byes_so_far: Mapping[int, int],
    free: Mapping[int, int],
    *,
    fewest: bool,
) -> RepairedPlan | None:
    """``repaired_plan`` of one plan: the depth-first mend, or with ``fewest`` the round-by-round
    one. ``free``: each player's free seats now; the first round mended leaves no table at
    which its players cannot all keep their winds within one (the depth-first mend), or weighs
    each such table ``UNBLOCK_COST`` (``fewest``): the draw would not keep it (33 with a bye,
    one leaving after round 3 of 8: a mend without a repeat, one table blocked, was searched
    to 8 repeats)."""
    if not plan or not playing:
        return None
    here = set(playing)
    kept = (len(here) - extra) // size
    met: Counter[tuple[int, int]] = Counter(
        pair for round_ in history for table in round_ for pair in _pairs(table)
    )
    counts = Counter({p: byes_so_far.get(p, 0) for p in here})
    rounds: list[list[list[int]]] = []
    byes: list[list[int]] = []
    work = 0

    def meets_again(tables: Sequence[Sequence[int]]) -> bool:
        return any(met[pair] for table in tables for pair in _pairs(table))

    def choices(
        planned: Sequence[Sequence[int]],
    ) -> Iterable[tuple[list[list[int]], list[int], set[int]]]:
        """Each way to seat this round as the plan has it but for what changed, the fewest
        changes first: the tables of players gone left out first, then no player of the plan
        moved, one, two (to another seat the change left, or out). ``threshold``: the byes
        the ``extra``-th player has had (one who had fewer must sit out, more must play)."""
        tables = [list(table) for table in planned]
        gone = [sum(p not in here for p in table) for table in tables]
        by_gone = sorted(range(len(tables)), key=lambda t: (-gone[t], t))
        threshold = sorted(counts.values())[extra - 1] if extra else -1
        drop = len(tables) - kept
        for dropped in combinations(by_gone, max(drop, 0)):
            left = [tables[t] for t in range(len(tables)) if t not in dropped]
            seated = [p for table in left for p in table if p in here]
            pool = sorted(
                (here - set(seated)) | {p for t in dropped for p in tables[t] if p in here}
            )
            holes = [
                (t, s) for t, table in enumerate(left) for s, p in enumerate(table) if p not in here
            ]
            where = {p: (t, s) for t, table in enumerate(left) for s, p in enumerate(table)}
            forced = [p for p in seated if counts[p] < threshold]  # owed a bye: sits out
            movable = [p for p in seated if counts[p] >= threshold]
            must_play = {p for p in pool if counts[p] > threshold}
            for more in range(0, min(len(movable), MOVES) + 1):
                for moved in combinations(movable, more):
                    spots = holes + [where[p] for p in forced] + [where[p] for p in moved]
                    placeable = pool + list(moved)
                    for fillers in permutations(placeable, len(spots)):
                        if any(
                            where.get(p) == spot for p, spot in zip(fillers, spots, strict=True)
                        ):
                            continue  # a player moved to their own seat: tried without
                        rest = [p for p in placeable if p not in fillers]
                        for new in combinations(rest, max(-drop, 0) * size):
                            out = sorted(set(rest) - set(new) | set(forced))
                            if len(out) != extra or not must_play.isdisjoint(out):
                                continue
                            seats = list(left)  # the tables a spot changes are copied
                            for t in {t for t, _s in spots}:
                                seats[t] = list(left[t])
                            for (t, s), p in zip(spots, fillers, strict=True):
                                seats[t][s] = p
                            seats += [list(new[i : i + size]) for i in range(0, len(new), size)]
                            yield seats, out, set(fillers) | set(new)

    moved: Counter[int] = Counter()  # players seated where the plan had not (so far)

    def repair(k: int) -> bool:
        nonlocal work
        if k == len(plan):
            return True
        least = sorted(counts.values())
        for tables, out, placed in choices(plan[k]):
            work += 1
            if work > REPAIR_WORK:
                return False
            if sorted(counts[p] for p in out) != least[: len(out)]:
                continue  # not as fair as the fewest byes first
            # The plan's own pairs never meet twice: only tables with a player moved can.
            touched = placed.union(+moved)
            if meets_again([t for t in tables if not touched.isdisjoint(t)]):
                continue
            if k == 0 and _blocked_tables(tables, free, size):
                continue
            pairs = [pair for table in tables for pair in _pairs(table)]
            met.update(pairs)
            counts.update(out)
            moved.update(placed)
            rounds.append(tables)
            byes.append(out)
            if repair(k + 1):
                return True
            met.subtract(pairs)
            counts.subtract(out)
            moved.subtract(placed)
            rounds.pop()
            byes.pop()
        return False

    def fewest_again() -> None:
        # The pairs the plan seats in the rounds after this one: a change seating one of them
        # now makes it meet again later, unless a later change parts it (not counted on).
        later = Counter(pair for round_ in plan for table in round_ for pair in _pairs(table))
        table_cost: dict[tuple[int, ...], int] = {}  # a round's choices share most tables

        def cost(table: Sequence[int], first: bool) -> int:
            key = tuple(table)
            if key not in table_cost:
                again = sum(met[pair] > 0 or later[pair] > 0 for pair in _pairs(table))
                blocked = first and _table_blocked(table, free, size)
                table_cost[key] = PAIR_COST * again + UNBLOCK_COST * blocked
            return table_cost[key]

        for planned in plan:
            later.subtract(pair for table in planned for pair in _pairs(table))
            best: tuple[int, list[list[int]], list[int], set[int]] | None = None
            least = sorted(counts.values())
            table_cost.clear()  # met and later change from round to round
            for tried, (tables, out, placed) in enumerate(choices(planned)):
                if tried >= REPAIR_WORK // len(plan):
                    break
                if sorted(counts[p] for p in out) != least[: len(out)]:
                    continue
                again = sum(cost(table, not rounds) for table in tables)
                if best is None or again < best[0]:
                    best = (again, tables, out, placed)
                    if not again:
                        break
            if best is None:  # no way as fair as the rule's: the plan's tables as they stand
                raise _NoRepair
            _again, tables, out, _placed = best
            met.update(pair for table in tables for pair in _pairs(table))
            counts.update(out)
            rounds.append(tables)
            byes.append(out)

    if fewest:
        try:
            fewest_again()
        except _NoRepair:
            return None
        return RepairedPlan(rounds, byes)
    return RepairedPlan(rounds, byes) if repair(0) else None


class _NoRepair(Exception):
    """No way to seat a round of the plan with byes as fair as the rule's."""


@cache
def _missing_player_rounds(
    count: int, size: int, rounds: int
) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    """A design of ``count + size`` players (``0 ..``; the last, ``count + size - 1``, the one
    who never comes) over ``rounds`` rounds without a repeat, a fixed draw the same for every
    seed: for ``_Field._around_a_missing_player``, whose rounds seat ``count`` players with
    ``size - 1`` byes, and for ``outlook``, which promises them. None where it has fewer rounds
    or a repeat."""
    players = count + size
    design = constructed_rounds(list(range(players)), size, rounds, Random(f"missing {players}"))
    met = Counter(pair for round_ in design for table in round_ for pair in _pairs(table))
    if len(design) < rounds or any(n > 1 for n in met.values()):
        return None
    return tuple(tuple(tuple(table) for table in round_) for round_ in design)


@cache
def _stand_in_seats(
    count: int, size: int, rounds: int, byes: int
) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[tuple[int, int], ...], ...]] | None:
    """A design of ``count`` players over ``rounds`` rounds without a repeat (a fixed draw, the
    same for every seed) and, in each round, the seat each of ``byes`` stand-ins takes
    (``_seats_taken``): ``(design, seats)``, or None when the design has fewer rounds or a
    repeat, or no seats are found. With it a field of ``count + byes`` plays ``rounds`` rounds
    without a repeat while nobody sits out twice, whoever sits out (the stand-ins take the
    seats of the players sitting out): 34 over 10 with two byes, from the design of 32. Both
    ``_Field._stood_in`` and ``outlook`` ask it, so the page promises what the draw does."""
    design = constructed_rounds(list(range(count)), size, rounds, Random(f"stand-ins {count}"))
    met = Counter(pair for round_ in design for table in round_ for pair in _pairs(table))
    if len(design) < rounds or any(n > 1 for n in met.values()):
        return None
    seats = _seats_taken(design, byes)
    if seats is None:
        return None
    return (
        tuple(tuple(tuple(table) for table in round_) for round_ in design),
        tuple(tuple(round_seats) for round_seats in seats),
    )


def _in_drawn_order(
    built: list[list[list[int]]], rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """A construction's rounds in an order the seed draws, each round's tables too: the first
    ``rounds`` of them."""
    rng.shuffle(built)
    for round_ in built:
        rng.shuffle(round_)
    return built[:rounds]


def _players_apart(
    rounds: Sequence[Sequence[Sequence[int]]], players: int, count: int
) -> tuple[int, ...] | None:
    """The first ``count`` players of ``0 .. players-1`` (in order) none of whom meets another
    in ``rounds``, or None."""
    met = [set[int]() for _ in range(players)]
    for round_ in rounds:
        for table in round_:
            for p in table:
                met[p].update(table)
    for chosen in combinations(range(players), count):
        if all(b not in met[a] for a, b in combinations(chosen, 2)):
            return chosen
    return None


def six_by_four_rounds() -> tuple[list[list[list[int]]], list[list[int]]]:
    """24 players in four groups of six over 9 rounds at tables of three, no two players of
    one group ever together and every two of different groups once (a resolvable group
    divisible design of type 6⁴): ``(rounds, groups)``, player ``3x + c`` being *letter*
    ``x`` in *colour* ``c``.

    The eight letters ``x`` of Z₈ lie on the eight lines ``{x, x + 1, x + 3}``, whose
    differences ±1, ±2, ±3 put every two letters on one line except ``x`` and ``x + 4`` (a
    letter group: with its three colours each, the groups of six). The rounds are ``(α, β)``
    in Z₃²: each line is a table in every round, its letter ``x`` at place ``k`` of the line
    taking colour ``dₓ·(α, β) + k``, where ``dₓ`` is one of the four directions of Z₃²,
    ``(1, 0), (0, 1), (1, 1), (1, 2)``, chosen by ``x mod 4``. A letter's three lines hold it at
    places 0, 1 and 2: three different colours each round, so each round seats every player
    once. Two letters of one line have different directions, so as ``(α, β)`` runs over the
    nine rounds their colours run over all nine pairs: every two players of different groups
    meet exactly once."""
    directions = ((1, 0), (0, 1), (1, 1), (1, 2))
    built = []
    for alpha in range(3):
        for beta in range(3):
            tables = []
            for start in range(8):
                table = []
                for place, x in enumerate((start, (start + 1) % 8, (start + 3) % 8)):
                    u, v = directions[x % 4]
                    table.append(3 * x + (u * alpha + v * beta + place) % 3)
                tables.append(table)
            built.append(tables)
    groups = [[3 * x + c for x in (g, g + 4) for c in range(3)] for g in range(4)]
    return built, groups


# Designs kept for their groups, not their rounds, by (players, table size): fewer rounds than
# the bound, the pairs left unmet falling in larger groups, which an inflation seats
# (``inflated_group_rounds``): 24 players in four groups of six.
GROUPED_DESIGNS: dict[
    tuple[int, int], Callable[[], tuple[list[list[list[int]]], list[list[int]]]]
] = {(24, 3): six_by_four_rounds}


def _unmet_groups(
    players: int, rounds: Sequence[Sequence[Sequence[int]]]
) -> list[list[int]] | None:
    """The players ``0 .. players-1`` who never met in ``rounds``, as disjoint groups of one
    size in which everybody missed everybody else (a group divisible design's groups), or None
    when the unmet pairs do not fall into such groups."""
    unmet = [set(range(players)) for _ in range(players)]
    for round_ in rounds:
        for table in round_:
            for p in table:
                unmet[p].difference_update(table)
    for p in range(players):
        unmet[p].add(p)
    groups = {tuple(sorted(unmet[p])) for p in range(players)}
    if len({len(g) for g in groups}) != 1 or any(unmet[p] != set(g) for g in groups for p in g):
        return None
    return sorted(list(g) for g in groups)


# The constructions ``constructed_rounds`` tries, in this order, past the transversal design,
# the affine geometry and the stored rounds, each only while none seats the rounds asked.
FALLBACK_CONSTRUCTIONS = (
    resolvable_rounds,
    tripled_rounds,
    nearly_kirkman_rounds,
    rotational_rounds,
    inflated_rounds,
    orbit_rounds,
    inflated_group_rounds,
    framed_rounds,
    kirkman_framed_rounds,
    grouped_rounds,
    stabilized_rounds,
    copied_rounds,
)


def _orthogonal_squares(n: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Two orthogonal Latin squares of order ``n``, over the product of the fields of its prime
    power factors (each at least 3): ``x + y`` and ``2x + y`` (``2`` there meaning the element
    whose every coordinate is the field element after ``1``); None when a factor is 2."""
    ring = _product_ring(n, 3)
    if ring is None:
        return None
    add, mul, number = ring
    factors = len(_prime_power_factors(n))

    def square(multiplier: int) -> list[list[int]]:
        return [[add(mul(multiplier, i), j) for j in range(n)] for i in range(n)]

    return square(number([1] * factors)), square(number([2] * factors))


def _prime_power_factors(n: int) -> list[int]:
    """``n`` as a product of powers of distinct primes, smallest prime first (36: [4, 9])."""
    factors: list[int] = []
    rest, p = n, 2
    while rest > 1:
        if rest % p == 0:
            q = 1
            while rest % p == 0:
                rest, q = rest // p, q * p
            factors.append(q)
        p += 1
    return factors


def _product_ring(n: int, least: int) -> tuple[Any, Any, Any] | None:
    """(add, mul, number) of the product of the fields GF(q) over the prime power factors ``q``
    of ``n``, each at least ``least`` (else None), on 0..n-1: an element is its coordinates in
    mixed radix, the first factor's the lowest digit (``number`` makes one from coordinates).
    An element is invertible when no coordinate is 0, so elements that differ in every
    coordinate have an invertible difference (what a transversal design's group labels need,
    the product construction of MacNeish): 36 = 4 × 9 and 44 = 4 × 11 at tables of four."""
    factors = _prime_power_factors(n)
    fields = [_galois_field(q) for q in factors]
    if not factors or any(q < least for q in factors) or any(f is None for f in fields):
        return None
    if len(factors) == 1:
        field = fields[0]
        assert field is not None
        return field[0], field[1], lambda coordinates: coordinates[0]

    def digits(x: int) -> list[int]:
        out = []
        for q in factors:
            x, d = divmod(x, q)
            out.append(d)
        return out

    def number(coordinates: Sequence[int]) -> int:
        x, scale = 0, 1
        for q, d in zip(factors, coordinates, strict=True):
            x, scale = x + d * scale, scale * q
        return x

    def table(op: int) -> list[list[int]]:
        rows = []
        for u in range(n):
            du = digits(u)
            rows.append(
                [
                    number([f[op](a, b) for f, a, b in zip(fields, du, digits(v), strict=True)])  # type: ignore[index]
                    for v in range(n)
                ]
            )
        return rows

    sums, products = table(0), table(1)
    return (lambda u, v: sums[u][v]), (lambda u, v: products[u][v]), number


def _base_tables(
    size: int, root: int, add: Any, mul: Any, minus: dict[int, int]
) -> list[list[tuple[int, int]]]:
    """The tables (value, layer) whose multiples by one element of each coset of ``H`` make
    the first round but ``∞``'s table; ``root`` generates ``H``.

    Four players (``H = {1, ε, -1, -ε}``, ``ε = root``): ``{1₀, -1₀, ε₁, -ε₁}``,
    ``{1₁, -1₁, ε₂, -ε₂}``, ``{ε₀, -ε₀, 1₂, -1₂}``: within a layer the differences are
    ``±2, ±2ε`` (the coset ``2H``), between two layers ``±(ε - 1), ±(ε + 1)`` (the coset
    ``(ε - 1)H``, as ``ε + 1 = -ε(ε - 1)``).

    Three players (``H`` the sixth roots of unity, ``ρ = root²`` a cube root, ``C = {1, ρ, ρ²}``,
    ``λ = (1 + ρ)/(1 - ρ)``): ``C₀``, and ``{-ρⁱ₀, λρⁱ₁, -λρⁱ₁}`` for ``i = 0, 1, 2``: within
    layer 0 the differences are ``±(1 - ρ)C`` (the coset ``(1 - ρ)H``), within layer 1
    ``±2λC`` (``2λH``), between them ``ρⁱ(1 ± λ)``, that is ``(1 + λ)C`` and
    ``(1 - λ)C = -ρ(1 + λ)C`` (``(1 + λ)H``).
    """
    if size == 4:
        ones, roots = (1, minus[1]), (root, minus[root])
        return [
            [(x, 0) for x in ones] + [(x, 1) for x in roots],
            [(x, 1) for x in ones] + [(x, 2) for x in roots],
            [(x, 0) for x in roots] + [(x, 2) for x in ones],
        ]
    rho = mul(root, root)
    cube = [1, rho, mul(rho, rho)]
    one_minus_rho = add(1, minus[rho])
    inverse = next(y for y in range(1, len(minus)) if mul(one_minus_rho, y) == 1)
    lam = mul(add(1, rho), inverse)
    tables = [[(x, 0) for x in cube]]
    for r in cube:
        tables.append([(minus[r], 0), (mul(lam, r), 1), (minus[mul(lam, r)], 1)])
    return tables


def _order(x: int, mul: Any) -> int:
    """The multiplicative order of ``x`` in the field."""
    power, order = x, 1
    while power != 1:
        power, order = mul(power, x), order + 1
    return order


def transversal_rounds(
    players: Sequence[int],
    size: int,
    rounds: int,
    rng: random.Random,
    teams: Mapping[int, str] | None = None,
) -> list[list[list[int]]]:
    """Rounds in which no two players meet twice, by construction, when the field allows it.

    With ``size * q`` players, ``q`` a prime power of at least ``size``: the players are laid
    out in ``size`` groups of ``q`` (drawn at random), group ``i`` labelled by a field element
    ``e_i`` of GF(q). In round ``r`` table ``a`` seats the player ``a + r * e_i`` of each group:
    two players of groups ``i`` and ``j`` meet only in the round ``r = (x - y) / (e_i - e_j)``.
    That gives ``q`` rounds; players of one group never meet, so each team is kept inside one
    group where it fits. Without teams, each group is then seated by itself as a field of ``q``
    (the groups themselves when ``q == size``: the affine plane of 16 players over 5 rounds; 64
    players get 16 + 5 rounds, 128 get 32 + 10). Other fields, or more rounds: as many as it gives.
    """
    q = len(players) // size
    if q * size != len(players):
        return []
    ring = _product_ring(q, size)
    if ring is not None:
        add, mul, number = ring
        groups = _groups_by_team(players, size, q, teams, rng)
        factors = _prime_power_factors(q)
        if len(factors) == 1:
            labels = rng.sample(range(q), size)
        else:  # labels that differ in every coordinate: their differences are invertible
            columns = [rng.sample(range(f), size) for f in factors]
            labels = [number([column[i] for column in columns]) for i in range(size)]
        slopes = rng.sample(range(q), q)
        built = [
            [[groups[i][add(a, mul(r, labels[i]))] for i in range(size)] for a in range(q)]
            for r in slopes
        ]
    else:  # a TD(size + 1, q) by Wilson's construction: 96 players as 4 × 24
        resolved = resolvable_transversal(size, q)
        if resolved is None:
            return []
        groups = _groups_by_team(players, size, q, teams, rng)
        rng.shuffle(resolved)
        built = [[[groups[i][b[i]] for i in range(size)] for b in blocks] for blocks in resolved]
    if len(built) < rounds and not teams:  # then seat each group by itself, all alike
        inner = [[list(range(q))]] if q == size else []
        if q > size and q % size == 0:
            inner = constructed_rounds(list(range(q)), size, rounds - len(built), rng)
        built += [[[group[p] for p in table] for group in groups for table in r] for r in inner]
    return built[:rounds]


def _groups_by_team(
    players: Sequence[int], size: int, q: int, teams: Mapping[int, str] | None, rng: random.Random
) -> list[list[int]]:
    """``size`` groups of ``q`` players drawn at random, each team inside one group if it fits."""
    units = _team_units(players, teams or {}, rng)
    groups: list[list[int]] = [[] for _ in range(size)]
    for unit in units:
        roomiest = max(range(size), key=lambda g: (q - len(groups[g]), -g))
        if len(unit) > q - len(groups[roomiest]):  # a team that fits nowhere whole: spread it
            for player in unit:
                roomiest = max(range(size), key=lambda g: (q - len(groups[g]), -g))
                groups[roomiest].append(player)
        else:
            groups[roomiest].extend(unit)
    for group in groups:
        rng.shuffle(group)
    return groups


def _team_units(
    players: Sequence[int], teams: Mapping[int, str], rng: random.Random
) -> list[list[int]]:
    """Each team's players together, and each player without a team alone, in a drawn order,
    the largest first (for packing into groups or tables)."""
    members: dict[str, list[int]] = {}
    for player in players:
        if player in teams:
            members.setdefault(teams[player], []).append(player)
    units = [sorted(team) for _name, team in sorted(members.items())]
    units += [[p] for p in players if p not in teams]
    rng.shuffle(units)
    units.sort(key=len, reverse=True)
    return units

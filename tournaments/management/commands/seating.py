"""``manage.py seating``: draw a seating again from its seed, to show that it is the seed's own.

- ``--tournament ID --round N``: the round's stored draw (players, standings, teams and the plan
  it started from) is drawn again; it prints the tables and says whether they are the ones
  stored. Exit 1 when they are not.
- ``--seed S --players N --rounds R [--table-size 3] [--teams T]``: a random seating of players
  1..N over R rounds, drawn round after round as a tournament draws it.

Each table is one line: ``round table player player player player`` (East first); the last line
is the quality as JSON.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import jsontext
from tournaments.models import Tournament
from tournaments.seating import (
    DIFFERS,
    OTHER_ALGORITHM,
    SAME,
    SEATING_ALGORITHM,
    SeatingError,
    check_record,
    plan_rounds,
    seating_quality,
)
from tournaments.seating import Round as Seating
from tournaments.services import TournamentError, history_before, redraw


class Command(BaseCommand):
    help = "Draw a tournament round's seating again from its seed, or a seating for N players."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--tournament", type=int, help="a tournament's id")
        parser.add_argument("--check", help="a seating record (JSON) to draw again, no database")
        parser.add_argument("--round", type=int, help="the round to draw again")
        parser.add_argument("--seed", help="the published seed")
        parser.add_argument("--players", type=int, help="how many players (ids 1..N)")
        parser.add_argument("--rounds", type=int, help="how many rounds")
        parser.add_argument("--table-size", type=int, default=4, choices=(3, 4))
        parser.add_argument("--teams", type=int, default=0, help="players in T teams, in turn")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["check"]:
                self._check(options["check"])
            elif options["tournament"] is not None:
                self._again(options["tournament"], options["round"])
            elif options["seed"] and options["players"] and options["rounds"]:
                self._simulate(options)
            else:
                raise CommandError("give --tournament and --round, or --seed, --players, --rounds")
        except (SeatingError, TournamentError) as error:
            raise CommandError(f"cannot seat: {error}") from error

    def _check(self, path: str) -> None:
        """Each drawn round of a downloaded seating record, drawn again and compared."""
        try:
            record = jsontext.loads(Path(path).read_text(encoding="utf-8"))
            checked = check_record(record)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise CommandError(f"cannot read the seating record {path}: {error}") from error
        verdicts = {
            SAME: "is the seed's own",
            DIFFERS: "DIFFERS from the seating stored",
            OTHER_ALGORITHM: (
                "was drawn by another version of the draw (seating algorithm "
                "{algorithm}; this Tenbou draws with {current}): check it with that version"
            ),
        }
        algorithms = {r["number"]: r.get("algorithm") for r in record["rounds"]}
        for number, verdict in checked:
            said = verdicts[verdict].format(
                algorithm=algorithms.get(number), current=SEATING_ALGORITHM
            )
            self.stdout.write(f"round {number} {said}")
        if any(verdict == DIFFERS for _number, verdict in checked):
            raise CommandError("a round differs from its seed's draw")

    def _again(self, tournament_id: int, number: int | None) -> None:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        round_ = tournament and tournament.round_set.filter(number=number).first()
        if tournament is None or round_ is None:
            raise CommandError(f"no round {number} in tournament {tournament_id}")
        if round_.method not in ("random", "swiss"):
            raise CommandError(f"round {number} was uploaded, not drawn")
        seating = redraw(tournament, round_)
        stored = history_before(tournament, round_.number + 1)[-1]
        self._print([seating], first=round_.number, table_size=round_.draw["table_size"])
        if seating != stored:
            algorithm = round_.draw.get("algorithm")
            if algorithm is not None and algorithm != SEATING_ALGORITHM:
                raise CommandError(
                    f"round {number} was drawn by seating algorithm {algorithm} and this Tenbou "
                    f"draws with {SEATING_ALGORITHM}: check it with the version that drew it"
                )
            raise CommandError(f"round {number} differs from the seating stored")
        self.stdout.write(f"round {number} is the seed's own: {tournament.seed}")

    def _simulate(self, options: dict[str, Any]) -> None:
        players = list(range(1, options["players"] + 1))
        size, count = options["table_size"], options["teams"]
        teams = {p: f"team{p % count}" for p in players} if count else None
        rounds: list[Seating] = []
        hint = None
        for number in range(1, options["rounds"] + 1):
            plan = plan_rounds(
                players,
                rounds,
                method="random",
                seed=options["seed"],
                round_number=number,
                rounds_total=options["rounds"],
                table_size=size,
                teams=teams,
                hint=hint,
            )
            rounds.append(plan[0])
            hint = plan[1:]
        self._print(rounds, first=1, table_size=size, teams=teams)

    def _print(
        self,
        rounds: list[Seating],
        *,
        first: int,
        table_size: int,
        teams: dict[int, str] | None = None,
    ) -> None:
        for number, tables in enumerate(rounds, first):
            for table, seats in enumerate(tables, 1):
                self.stdout.write(" ".join(map(str, (number, table, *seats))))
        quality = seating_quality(rounds, teams=teams, table_size=table_size)
        self.stdout.write(json.dumps(asdict(quality)))

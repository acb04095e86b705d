"""``python manage.py rebuild_results``: rebuild every game's derived rows from its hands.

The derived rows (``HandStat``, ``GameResult``) are rebuilt by every change in its own
transaction, so on a healthy database this changes nothing and says so (0 rows). After an engine
fix, or a restore from elsewhere, it makes the standings agree with the hands again, and reports
each game it changed. On a big database it says as it goes how far it is and how long the rest
will take (every ``PROGRESS_EVERY`` games, on stderr), and at the end how long it took. It reads
the games in chunks, so its memory does not grow with their number.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring import services
from scoring.engine import RecordError

PROGRESS_EVERY = 1000


class Command(BaseCommand):
    help = "Rebuilds the derived rows of every game (hand statistics, results); reports changes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="Only this club's games (its address name).")
        parser.add_argument(
            "--limit", type=int, help="Only the first N games (by id): a trial on a big database."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = services.games().order_by("pk")
        if options["club"]:
            games = games.filter(club__slug=options["club"])
        total = games.count()
        if options["limit"] is not None:
            total = min(total, max(0, options["limit"]))
            games = games[:total]
        started = time.perf_counter()
        counted = changed_games = stats = results = unreadable = 0
        for game in games.iterator(chunk_size=200):
            counted += 1
            if counted % PROGRESS_EVERY == 0:
                spent = time.perf_counter() - started
                left = spent / counted * (total - counted)
                self.stderr.write(f"{counted} of {total} games, {spent:.0f} s; {left:.0f} s to go")
            try:
                rebuilt = services.rebuild_derived(game)
            except RecordError as error:
                unreadable += 1
                self.stderr.write(f"game {game.pk} ({game}): cannot be replayed: {error}")
                continue
            if rebuilt.hand_stats or rebuilt.results:
                changed_games += 1
                stats += rebuilt.hand_stats
                results += rebuilt.results
                self.stdout.write(
                    f"game {game.pk} ({game}): {rebuilt.hand_stats} hand rows, "
                    f"{rebuilt.results} result rows rebuilt"
                )
        spent = time.perf_counter() - started
        self.stdout.write(
            f"{counted} games checked, {changed_games} changed "
            f"({stats} hand rows, {results} result rows), {unreadable} unreadable, "
            f"in {spent:.1f} s"
        )

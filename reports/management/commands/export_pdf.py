"""``python manage.py export_pdf REPORT ...``: a club's PDFs for batch jobs (a nightly mail).

One subcommand per report, each writing one file:

    export_pdf games --club SLUG --date YYYY-MM-DD --out FILE   every game of that day
    export_pdf standings --league ID --out FILE [--from D] [--to D]   a league's standings

A report is imported in its own branch, so a report still being written breaks only itself.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club, League
from clubs.numbers import club_numbers
from reports.games import game_sheet_pdf
from scoring import services


class Command(BaseCommand):
    help = "Write a club's report as a PDF file: the score sheets of a day's games, standings."

    def add_arguments(self, parser: CommandParser) -> None:
        reports = parser.add_subparsers(dest="report", required=True, metavar="REPORT")
        games = reports.add_parser("games", help="Score sheets of every game of one day.")
        games.add_argument("--club", required=True, metavar="SLUG")
        games.add_argument("--date", required=True, type=_date, metavar="YYYY-MM-DD")
        standings = reports.add_parser("standings", help="A league's standings.")
        standings.add_argument("--league", required=True, type=int, metavar="ID")
        standings.add_argument("--from", dest="date_from", type=_date, metavar="YYYY-MM-DD")
        standings.add_argument("--to", dest="date_to", type=_date, metavar="YYYY-MM-DD")
        for sub in (games, standings):
            sub.add_argument("--out", required=True, type=Path, metavar="FILE")
            sub.add_argument("--language", help="Default: the club's language.")

    def handle(self, *args: Any, **options: Any) -> None:
        report = options["report"]
        pdf = {"games": _games_pdf, "standings": _standings_pdf}[report](options)
        out: Path = options["out"]
        try:
            out.write_bytes(pdf)
        except OSError as error:
            raise CommandError(f"Cannot write {out}: {error.strerror}") from error
        self.stdout.write(f"Wrote {out} ({len(pdf) // 1024} KB).")


def _date(value: str) -> datetime.date:
    """argparse reports it as "argument --date: not a date ..." (a CommandError when called)."""
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {value!r}") from None


def _games_pdf(options: dict[str, Any]) -> bytes:
    club = Club.objects.filter(slug=options["club"]).first()
    if club is None:
        raise CommandError(f"There is no club {options['club']!r}.")
    day = options["date"]
    games = list(services.games().filter(club=club, played_on=day).order_by("table_label", "pk"))
    if not games:
        raise CommandError(f"Club {club.slug!r} has no game on {day.isoformat()}.")
    with club_numbers(club.minus_sign):
        return game_sheet_pdf(games, options["language"] or club.default_language)


def _standings_pdf(options: dict[str, Any]) -> bytes:
    try:
        standings_pdf = importlib.import_module("reports.league").standings_pdf
    except (ImportError, AttributeError):
        raise CommandError("The standings report is not available in this version.") from None
    league = League.objects.select_related("club").filter(pk=options["league"]).first()
    if league is None:
        raise CommandError(f"There is no league {options['league']}.")
    with club_numbers(league.club.minus_sign):
        return standings_pdf(
            league,
            options["date_from"],
            options["date_to"],
            language=options["language"] or league.club.default_language,
        )

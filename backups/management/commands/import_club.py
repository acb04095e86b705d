"""``manage.py import_club FILE [--slug S] [--name N]``: a club back from its JSON document.

The document is read in full before anything is written; one it cannot fully read is refused
with the place and the reason (exit 1), and the database is left as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from backups.restore import RestoreError, restore_club
from scoring.engine import jsontext


class Command(BaseCommand):
    help = "Restore a club from a document written by export_club, as a new club."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file")
        parser.add_argument("--slug", help="another address name (the club's own is taken)")
        parser.add_argument("--name", help="another name for the club")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = jsontext.loads(Path(options["file"]).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"cannot read {options['file']}: {error}") from error
        try:
            club = restore_club(document, slug=options["slug"], name=options["name"])
        except RestoreError as error:
            raise CommandError(f"refused, nothing written: {error}") from error
        self.stderr.write(
            f"{club.name} (/c/{club.slug}/): {club.games.count()} games, "
            f"{club.memberships.count()} members, {club.tournaments.count()} tournaments"
        )

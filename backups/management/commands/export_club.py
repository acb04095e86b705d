"""``manage.py export_club SLUG FILE``: one club as one JSON document (``tenbou-club/1``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from backups.export import export_club
from clubs.models import Club


class Command(BaseCommand):
    help = "Write one club (members, rulesets, leagues, games, tournaments, log) to a JSON file."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("slug", help="the club's address name, as in /c/<slug>/")
        parser.add_argument("file", help="where to write the document ('-': standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["slug"]).first()
        if club is None:
            raise CommandError(f"no club at /c/{options['slug']}/")
        document = export_club(club)
        text = json.dumps(document, ensure_ascii=False, indent=1, default=str)
        if options["file"] == "-":
            self.stdout.write(text)
            return
        Path(options["file"]).write_text(text, encoding="utf-8")
        self.stderr.write(
            f"{club.name}: {len(document['games'])} games, {len(document['members'])} members, "
            f"{len(document['tournaments'])} tournaments -> {options['file']}"
        )

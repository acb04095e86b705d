"""``python manage.py convert_log FILE``: one Tenhou log as a ``tenbou-game/1`` record.

Either format (mjlog XML, plain or gzipped as Tenhou serves it, or tenhou.net/6 JSON), four or
three players. The record goes to stdout as JSON; ``manage.py replay`` of it reproduces the
log's own score changes and final points. A log it cannot read exits 1 with one line on stderr
naming why (and the hand, where one is at fault). No database is touched.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine.tenhou import TenhouLogError, log_text, log_to_record


class Command(BaseCommand):
    help = "Print the tenbou-game/1 record of a Tenhou log (mjlog XML or tenhou.net/6 JSON)."
    requires_system_checks: list[str] = []  # a conversion needs no database and no checks
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="the log; - reads standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as error:
            self._fail(f"{path}: cannot read the file: {error.strerror}")
        try:
            record = log_to_record(log_text(data))
        except TenhouLogError as error:
            self._fail(f"{path}: {error}")
        self.stdout.write(json.dumps(record, ensure_ascii=False, indent=1))

    def _fail(self, reason: str) -> None:
        self.stderr.write(reason.replace("\n", " "))
        sys.exit(1)

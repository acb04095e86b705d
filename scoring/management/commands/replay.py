"""``python manage.py replay FILE...``: replay game records, one JSON line per file.

The contract is ``shared/spec/game-record.md``: no database is touched; an invalid record
prints ``{"file": ..., "ok": false, "error": ...}`` and the command exits 1 after all files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine import jsontext, replay_record


def replay_file(path: str) -> dict[str, Any]:
    """The replay output for one file, with ``file`` first as the spec shows it."""
    try:
        document = jsontext.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        return {"file": path, "ok": False, "error": f"cannot read the file: {error.strerror}"}
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return {"file": path, "ok": False, "error": f"not a JSON document: {error}"}
    return {"file": path, **replay_record(document)}


class Command(BaseCommand):
    help = "Replay tenbou-game/1 records and print each result as one JSON line."
    requires_system_checks: list[str] = []  # a replay needs no database and no checks
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args: Any, **options: Any) -> None:
        all_ok = True
        for path in options["files"]:
            result = replay_file(path)
            all_ok = all_ok and bool(result["ok"])
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        if not all_ok:
            sys.exit(1)

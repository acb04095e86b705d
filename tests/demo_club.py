"""The demo club in a test's database: made by ``manage.py demo`` and ``demo_tournament`` the
first time it is needed (seconds of games), then copied back from the very rows those commands
wrote, ids and all, which takes a fraction of that. The rows are kept in memory for the process
and in ``.pytest_cache/tenbou-demo/`` for the other test workers and the next run, under a key
of the day, the database and every source file of the apps (a changed command, engine or
migration makes the demo again). The crawl of every page and every PDF of the demo read the
same club; ``tests/scoring/test_demo_command.py`` runs the command itself.
"""

from __future__ import annotations

import datetime
import fcntl
import hashlib
import io
import os
import pickle
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils import timezone

Rows = dict[str, tuple[list[str], list[tuple[Any, ...]]]]
# The demo's rows, table by table (its columns, its rows), and the day they were made for:
# the season follows the calendar, so a run past midnight makes it again.
_made: tuple[datetime.date, Rows] | None = None
# What the demo's rows come from: the apps' code, migrations and data.
SOURCES = ("backups", "clubs", "reports", "scoring", "standings", "tenbou", "tournaments")
KEPT = Path(settings.BASE_DIR) / ".pytest_cache" / "tenbou-demo"


def make_demo_club() -> None:
    global _made
    today = timezone.localdate()
    if _made is None or _made[0] != today:
        _made = None
        file = KEPT / f"{demo_key(today, Path(settings.BASE_DIR))}.pickle"
        KEPT.mkdir(parents=True, exist_ok=True)
        # One worker makes the demo while another waits for its rows, rather than both at once.
        with open(KEPT / "lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if file.exists():
                _made = (today, pickle.loads(file.read_bytes()))
            else:
                rows = _make()
                if rows is None:
                    return
                _made = (today, rows)
                for old in KEPT.glob("*.pickle"):
                    old.unlink()
                (KEPT / "new").write_bytes(pickle.dumps(rows))
                os.replace(KEPT / "new", file)
                return
    _copy_back(_made[1])


def _make() -> Rows | None:
    """Run the commands; their rows, or None where the database already had rows of theirs
    (then they are not the demo's alone, and nothing is kept)."""
    before = _row_counts()
    for command in ("demo", "demo_tournament"):
        call_command(command, stdout=io.StringIO())
    after = _row_counts()
    written = [table for table in after if after[table] != before[table]]
    if any(before[table] for table in written):
        return None
    return {table: _rows(table) for table in written}


def demo_key(today: datetime.date, root: Path) -> str:
    """The key the demo's rows are kept under: the day, the database, and every file of the
    apps under ``root`` that the demo could come from (code, migrations, data)."""
    digest = hashlib.sha256(f"{today} {connection.vendor}".encode())
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".json", ".toml", ".txt", ".csv"):
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:20]


def _tables() -> list[str]:
    models = apps.get_models(include_auto_created=True)
    return sorted({model._meta.db_table for model in models if model._meta.managed})


def _row_counts() -> dict[str, int]:
    with connection.cursor() as cursor:
        counts = {}
        for table in _tables():
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
        return counts


def _rows(table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
        columns = [column[0] for column in cursor.description]
        return columns, cursor.fetchall()


def _copy_back(tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
    """The rows inserted as they were read (the foreign keys are checked at the commit, so in
    any order; a JSON column reads back as its text, as Django reads it), then each table's id
    sequence moved past them (PostgreSQL's; SQLite's follows by itself)."""
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for table, (columns, rows) in tables.items():
            names = ", ".join(quote(column) for column in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", rows)
        models = [
            model
            for model in apps.get_models(include_auto_created=True)
            if model._meta.db_table in tables
        ]
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)

"""The demo club in a test's database: made by ``manage.py demo`` and ``demo_tournament`` the
first time a test process needs it (seconds of games), then copied back from the very rows those
commands wrote, ids and all, which takes a fraction of that. The crawl of every page and every
PDF of the demo read the same club; ``tests/scoring/test_demo_command.py`` runs the command
itself.
"""

from __future__ import annotations

import datetime
import io
from typing import Any

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils import timezone

# The demo's rows, table by table (its columns, its rows), and the day they were made for:
# the season follows the calendar, so a run past midnight makes it again.
_made: tuple[datetime.date, dict[str, tuple[list[str], list[tuple[Any, ...]]]]] | None = None


def make_demo_club() -> None:
    global _made
    if _made is not None and _made[0] == timezone.localdate():
        _copy_back(_made[1])
        return
    before = _row_counts()
    for command in ("demo", "demo_tournament"):
        call_command(command, stdout=io.StringIO())
    after = _row_counts()
    written = [table for table in after if after[table] != before[table]]
    if any(before[table] for table in written):  # rows beside others': not the demo's alone
        _made = None
        return
    _made = (timezone.localdate(), {table: _rows(table) for table in written})


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

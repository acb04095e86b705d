"""The entry of a what-if's worker process (``standings.whatif._in_processes``).

A module of its own, importing nothing of Django's models at its top: a process started fresh
imports it to find the function before Django is set up.
"""

from __future__ import annotations

import datetime
import os
from typing import Any


def share_in_process(
    database: dict[str, Any],
    language: str,
    league_id: int,
    options: dict[str, Any],
    dates: tuple[datetime.date | None, datetime.date | None],
    share: tuple[int, int],
) -> Any:
    """Django set up on the caller's database (a test's too), one share of the games played:
    what ``standings.whatif._replay_part`` gives."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tenbou.settings")
    from django.conf import settings

    settings.DATABASES = {**settings.DATABASES, "default": database}
    import django

    django.setup()
    from django.utils import translation

    from clubs.models import League
    from standings.whatif import _replay_part

    with translation.override(language):
        return _replay_part(League.objects.get(pk=league_id), options, dates, share)

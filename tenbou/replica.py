"""Read-only pages from a read replica (``DATABASE_REPLICA_URL``), everything else from the primary.

The pages that only read (the standings, a player's page, the charts, the CSVs, the PDFs, the
hall's clock and screen) are served from the replica when one is set: ``ReplicaReads`` marks
such a request and ``ReplicaRouter`` sends its reads there. Writes, and every read inside a
change (an atomic block), go to the primary. A reader's own change is read back from the
primary: after any change that succeeds the answer sets the cookie ``tenbou_wrote`` for
``WROTE_SECONDS``, and while it is there every page reads the primary, so a scorekeeper never
sees the standings from before the hand just recorded (a replica lags by well under a second;
the cookie covers ten).
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
WROTE = "tenbou_wrote"
WROTE_SECONDS = 10
READ_ONLY_APPS = frozenset({"standings", "reports"})  # every page of theirs only reads
READ_ONLY_VIEWS = frozenset(  # the hall's clock and screen
    {"tournaments:clock", "tournaments:hall", "tournaments:hall_now"}
)

reading = contextvars.ContextVar("tenbou_replica_reading", default=False)


class ReplicaRouter:
    """Reads of a marked request go to the replica, outside any atomic block; the rest primary."""

    def db_for_read(self, model: Any, **hints: Any) -> str | None:
        if reading.get() and not connections["default"].in_atomic_block:
            return REPLICA
        return None

    def db_for_write(self, model: Any, **hints: Any) -> str:
        return "default"

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == "default"


class ReplicaReads:
    """Marks the read-only pages' requests (see the module), and a change's answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request._replica_token = None  # type: ignore[attr-defined]
        try:
            response = self.get_response(request)
        finally:
            token = request._replica_token  # type: ignore[attr-defined]
            if token is not None:
                reading.reset(token)
        if request.method not in ("GET", "HEAD", "OPTIONS") and response.status_code < 400:
            response.set_cookie(WROTE, "1", max_age=WROTE_SECONDS, httponly=True, samesite="Lax")
        return response

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> None:
        match = request.resolver_match
        if (
            request.method in ("GET", "HEAD")
            and WROTE not in request.COOKIES
            and match is not None
            and (match.namespace in READ_ONLY_APPS or match.view_name in READ_ONLY_VIEWS)
        ):
            request._replica_token = reading.set(True)  # type: ignore[attr-defined]

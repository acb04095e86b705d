"""The club's navigation on every page of a club (the club set by ``clubs.access.club_view``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from clubs.access import role_allows
from clubs.models import Role


def club_nav(request: HttpRequest) -> dict[str, Any]:
    club = getattr(request, "club", None)
    if club is None:
        return {}
    return {
        "nav_club": club,
        "is_admin": role_allows(request, Role.ADMIN),
        "is_scorekeeper": role_allows(request, Role.SCOREKEEPER),
    }

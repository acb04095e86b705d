"""Which league a club's pages show: the open one, else the latest."""

from __future__ import annotations

from clubs.models import Club, League


def current_league(club: Club) -> League | None:
    """The club's open league (the latest to start if several), else its latest league."""
    return (
        League.objects.filter(club=club)
        .select_related("ruleset")
        .order_by("-is_open", "-starts_on", "-pk")
        .first()
    )

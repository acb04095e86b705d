"""The cut's rule (持ち越し): what those who go on keep of their points.

One rule, two users: a tournament's finalists after the cut (``tournaments.standings``) and the
teams of a team league that go on to its playoffs (``standings.teams``).
"""

from __future__ import annotations

from decimal import Decimal

from clubs.models import CutCarry
from standings.tables import as_points


def carried_points(carry: str, total: Decimal) -> Decimal:
    """The points ``total`` carried over the cut: whole, halved (to 0.1 point) or reset to 0."""
    if carry == CutCarry.RESET:
        return Decimal(0)
    if carry == CutCarry.HALVED:
        return as_points(total / 2)
    return total

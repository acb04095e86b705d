"""Club pages, one module per area; every club view looks its club up through ``clubs.access``."""

from __future__ import annotations

from clubs.views.clubs import home

__all__ = ["home"]

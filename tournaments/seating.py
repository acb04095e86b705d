"""Seating for tournament rounds (pure Python; filled in by the seating work)."""

from __future__ import annotations

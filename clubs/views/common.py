"""What every club page shares: the club, the visitor's membership and what it allows."""

from __future__ import annotations

from typing import Any

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from clubs.access import role_allows
from clubs.models import Club, Role


def club_page(
    request: HttpRequest,
    template: str,
    club: Club,
    context: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """Render a page of ``club`` (already looked up through ``clubs.access``), in its time zone."""
    page = {
        "club": club,
        "club_nav": True,
        "membership": getattr(request, "membership", None),
        "is_admin": role_allows(request, Role.ADMIN),
        "is_scorekeeper": role_allows(request, Role.SCOREKEEPER),
        **(context or {}),
    }
    with timezone.override(club.time_zone):
        return render(request, template, page, status=status)


def form_errors(form: Form) -> str:
    """A form's errors as one line naming each field, for a message after a redirect."""
    parts = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        text = " ".join(errors)
        parts.append(f"{label}: {text}" if label else text)
    return " ".join(parts)

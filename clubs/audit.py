"""The club log (監査ログ): every service that changes a club writes here, in its transaction."""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from django.forms.models import model_to_dict

from clubs.models import Club, ClubLog


def log_change(
    club: Club,
    user: Any,
    kind: str,
    action: str,
    name: str,
    *,
    object_id: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> ClubLog:
    """Record one change: only the fields that differ are kept of ``before`` and ``after``."""
    if before is not None and after is not None:
        changed = {key for key in {*before, *after} if before.get(key) != after.get(key)}
        before = {key: value for key, value in before.items() if key in changed}
        after = {key: value for key, value in after.items() if key in changed}
    return ClubLog.objects.create(
        club=club,
        user=user if getattr(user, "is_authenticated", False) else None,
        kind=kind,
        action=action,
        name=str(name)[:200],
        object_id=object_id,
        before=before,
        after=after,
    )


def fields_of(instance: Model, fields: list[str] | None = None) -> dict[str, Any]:
    """A model instance's fields as JSON-ready values (dates as ISO text, relations as ids)."""
    return {key: _plain(value) for key, value in model_to_dict(instance, fields=fields).items()}


def _plain(value: Any) -> Any:
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, Model):
        return value.pk
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict | str | int | float | bool) or value is None:
        return value
    return str(value)

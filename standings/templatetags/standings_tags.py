"""How the standings write their numbers: points with a sign, rates in %, averages to 2 places."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format

from scoring import display
from standings.tables import Column, Row

register = template.Library()


@register.filter
def points(value: Any) -> str:
    """League points as the game sheets write them: +45.3, -12.0, 0.0."""
    return display.points(float(value or 0))


@register.filter
def rate(value: float | None) -> str:
    """A share as a percentage with one decimal: ``25.0%``."""
    return "—" if value is None else f"{value * 100:.1f}%"


@register.filter
def average(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


@register.filter
def score(value: float | int | None) -> str:
    """A raw score (素点) as a whole number of points: ``31,200``."""
    return "—" if value is None else number_format(round(value), force_grouping=True)


@register.filter
def cell(row: Row, column: Column) -> str:
    """One cell of the standings, written as its column's kind says."""
    value = row.value(column.key)
    if column.kind == "points":
        return "—" if value is None else points(value)
    if column.kind == "rate":
        return rate(value)
    if column.kind == "average":
        return points(value) if column.key == "average_points" else average(value)
    if column.kind == "score":
        return score(value)
    if column.kind == "rating":
        return row.rating_text or "—"
    return str(value)


@register.simple_tag(takes_context=True)
def sort_query(context: dict[str, Any], key: str) -> str:
    """The query string that sorts by ``key``: best first, then the other way on a second tap."""
    query = context["request"].GET.copy()
    query.pop("page", None)
    query["sort"] = key
    if context.get("sort_key") == key:
        query["order"] = "asc" if context.get("descending") else "desc"
    else:
        query.pop("order", None)
    return query.urlencode()

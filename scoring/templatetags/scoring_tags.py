"""Numbers as a score sheet writes them (25,000, +3,900), and rows of tap buttons.

A hand screen draws a few hundred buttons (han, fu, pao, yaku for each seat); building them
here rather than node by node in the template keeps each tap's answer fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html_join
from django.utils.safestring import SafeString, mark_safe

from scoring import display

register = template.Library()


@register.filter
def score(value: int | None) -> str:
    return "" if value is None else f"{value:,}"


@register.filter
def points(value: Any) -> str:
    """Settled points (ポイント) with one decimal and a sign: +45.3, -12.0, 0.0."""
    return "" if value is None else display.points(float(value))


@register.filter
def signed(value: int | None) -> str:
    """A change of score: +3,900, -1,000, and 0 without a sign."""
    if value is None:
        return ""
    return f"{value:+,}" if value else "0"


def _button(kind: str, name: str, item: dict[str, Any]) -> str:
    """One button as text; every value escaped here (a few hundred of these per screen)."""
    e = conditional_escape
    data = "".join(f' data-{key}="{e(value)}"' for key, value in item.get("data", {}).items())
    checked = " checked" if item.get("checked") else ""
    sub = f"<small>{e(item['sub'])}</small>" if item.get("sub") else ""
    return (
        f'<label class="{e(item.get("css", "pick"))}">'
        f'<input type="{e(kind)}" name="{e(name)}" value="{e(item["value"])}"{data}{checked}>'
        f"<span>{e(item['label'])}{sub}</span></label>"
    )


@register.simple_tag
def picks(name: str, items: Iterable[dict[str, Any]], kind: str = "radio") -> SafeString:
    """Tap buttons: each a hidden ``<input>`` inside its ``<label>``, the label is the button.

    An item: ``value``, ``label``, ``checked``, and optionally ``sub`` (a second line),
    ``css`` (the label's class, ``pick`` by default) and ``data`` (``data-*`` attributes).
    """
    return mark_safe("".join(_button(kind, name, item) for item in items))  # escaped in _button


@register.simple_tag
def options(items: Iterable[dict[str, Any]]) -> SafeString:
    """``<option>`` elements for a ``<select>``: ``value``, ``label``, ``checked``."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((i["value"], " selected" if i.get("checked") else "", i["label"]) for i in items),
    )

"""Text inside a CSS string: the running headers of the PDFs (``content: "..."``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def css_string(value: object) -> SafeString:
    """``value`` escaped for a double-quoted CSS string: a quote, a backslash, a line break or
    anything that could end the ``<style>`` element becomes a CSS escape (``\\22 ``); every
    other character, Japanese and hyphens included, stays as it is (``escapejs`` would write
    JavaScript's ``\\u002D``, which CSS reads as the letter u and four digits)."""
    out = []
    for char in str(value):
        if char in "\"\\<>&'" or ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\{ord(char):x} ")
        else:
            out.append(char)
    return mark_safe("".join(out))  # every character that could end the string is escaped

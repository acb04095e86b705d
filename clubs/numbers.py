"""How a club writes its numbers: settled points with a minus sign, or with △ as many Japanese
club boards do (△12.3). A club's pages and PDFs are drawn inside ``club_numbers`` (``club_view``
does it for every club page), and every place that writes points asks ``minus_sign``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models
from django.utils.translation import gettext_lazy as _


class MinusSign(models.TextChoices):
    MINUS = "-", _("-12.3 (a minus sign)")
    TRIANGLE = "△", _("△12.3 (a triangle, as club boards write)")


_minus: ContextVar[str] = ContextVar("minus", default=MinusSign.MINUS)


def minus_sign() -> str:
    """The sign negative points are written with on the page being drawn."""
    return _minus.get()


@contextmanager
def club_numbers(sign: str) -> Iterator[None]:
    """Draw what is inside with the club's minus sign, and put the old one back after."""
    token = _minus.set(sign if sign in MinusSign.values else MinusSign.MINUS)
    try:
        yield
    finally:
        _minus.reset(token)

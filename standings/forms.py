"""The standings pages' filters: read from the query string, every mistake named on the page."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import LogKind
from standings.tables import Column, Row, Standings, sorted_rows


class DateRange(forms.Form):
    """A range of dates inside a league (it narrows the league's own, never widens them).

    A wrong or backwards range is named on the page and not used.
    """

    date_from = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        starts, ends = data.get("date_from"), data.get("date_to")
        if starts and ends and ends < starts:
            self.add_error(
                "date_to",
                _("The range ends (%(to)s) before it begins (%(from)s): the dates are not used.")
                % {"to": ends, "from": starts},
            )
        return data

    def dates(self) -> tuple[datetime.date | None, datetime.date | None]:
        if not self.is_bound or "date_from" in self.errors or "date_to" in self.errors:
            return None, None
        return self.cleaned_data.get("date_from"), self.cleaned_data.get("date_to")


class StandingsFilter(DateRange):
    """Dates, a player search and the sort column. An invalid value is dropped, not obeyed."""

    q = forms.CharField(label=_("Player"), required=False, max_length=60)
    sort = forms.ChoiceField(label=_("Sort by"), required=False)
    order = forms.ChoiceField(
        label=_("Order"),
        required=False,
        choices=[("", _("Best first")), ("asc", _("Ascending")), ("desc", _("Descending"))],
    )

    def __init__(self, *args: Any, columns: list[Column], **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.columns = {column.key: column for column in columns}
        sort_field: forms.ChoiceField = self.fields["sort"]  # type: ignore[assignment]
        sort_field.choices = [("", _("Place"))] + [(c.key, c.label) for c in columns]
        sort_field.error_messages["invalid_choice"] = _(
            "There is no column “%(value)s”: the standings are in their usual order."
        )

    def value(self, name: str) -> Any:
        """A cleaned value, or the default when it was invalid or missing."""
        if name in self.errors:
            return None
        return self.cleaned_data.get(name) or None

    def sorting(self) -> tuple[str | None, bool]:
        """(column key or None for standings order, descending)."""
        key = self.value("sort")
        if key is None:
            return None, False
        order = self.value("order")
        column = self.columns[key]
        if order is None:  # best first: high values first, except where lower is better
            return key, column.higher_is_better if column.kind != "text" else False
        return key, order == "desc"


@dataclass(frozen=True)
class Shown:
    rows: list[Row]
    key: str | None  # the column sorted by; None: the standings order
    descending: bool
    search: str
    dropped_sort: bool  # a sort the table has no column for (4th places in sanma)


def rows_as_asked(table: Standings, form: StandingsFilter) -> Shown:
    """The rows as the page (and its CSV) shows them: sorted by a column or in standings order,
    then searched; a search keeps each player's place in the whole table."""
    key, descending = form.sorting()
    dropped = key is not None and key not in {column.key for column in table.columns}
    if dropped:
        key = None
    rows = table.rows if key is None else sorted_rows(table.rows, key, descending)
    search = (form.value("q") or "").strip().casefold()
    if search:
        rows = [row for row in rows if search in row.name.casefold()]
    return Shown(rows, key, descending, search, dropped)


class LogFilter(DateRange):
    """The club log's filters: what it is about, who made it, and the dates."""

    kind = forms.ChoiceField(label=_("About"), required=False)
    user = forms.CharField(label=_("By (user name)"), required=False, max_length=150)
    page = forms.IntegerField(required=False, min_value=1, max_value=10_000)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [
            ("", _("everything")),
            ("game", _("games")),
            *LogKind.choices,
        ]

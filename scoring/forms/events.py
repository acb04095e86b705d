"""The events and penalties of the hand form: deposits, payments, dead hands."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _

from scoring.engine.record import MAX_POINTS
from scoring.forms.pieces import (
    DEPOSIT_AMOUNT,
    EVENT_TAPS,
    MAX_ROWS,
    ROW_FIELD,
    SEATS,
    SPARE_ROWS,
    TOGGLE_FIELDS,
    EventRow,
    Missing,
    Taps,
    ints,
    strings,
)


class EventRows:
    """The hand form's events: deposits, payments and dead hands (和了放棄), row by row."""

    @property
    def has_events(self) -> bool:
        taps = [name for name in self.fields if name.endswith(EVENT_TAPS)]
        return any(self[name].value() for name in ("dead", *taps))

    def toggle_errors(self) -> list[str]:
        return [e for name in TOGGLE_FIELDS for e in self.errors.get(name, [])]

    def event_errors(self) -> list[str]:
        names = [name for name in self.fields if name == "dead" or ROW_FIELD.match(name)]
        return [e for name in names for e in self.errors.get(name, [])]

    def _events(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """Dead hands, then each deposit row's seats, then each payment row, in row order.

        ``self.event_fields`` keeps, for each event, the field its engine error belongs to.
        """
        events: list[dict[str, Any]] = []
        self.event_fields: list[str] = []
        for seat in ints(data.get("dead")):
            events.append({"type": "dead_hand", "seat": seat})
            self.event_fields.append("dead")
        for row in range(self.deposit_rows_used + 1 + SPARE_ROWS):
            amount = data.get(f"deposit-{row}-amount") or DEPOSIT_AMOUNT
            for seat in ints(data.get(f"deposit-{row}-seats")):
                events.append({"type": "deposit", "seat": seat, "amount": amount})
                self.event_fields.append(f"deposit-{row}-amount")
        missing = False
        for row in range(self.payment_rows_used + 1 + SPARE_ROWS):
            try:
                payment = self._payment(data, row)
            except Missing:
                missing = True
                continue
            if payment:
                events.append(payment)
                self.event_fields.append(f"payment-{row}-amount")
        if missing:
            raise Missing
        return events

    def _payment(self, data: dict[str, Any], row: int) -> dict[str, Any] | None:
        payer, receivers = data.get(f"payment-{row}-from"), ints(data.get(f"payment-{row}-to"))
        amount = data.get(f"payment-{row}-amount")
        reason = data.get(f"payment-{row}-reason", "").strip()
        if not (payer or receivers or amount or reason):
            return None
        if not (payer and receivers and amount):
            self.add_error(
                f"payment-{row}-amount",
                _("A payment needs who pays, who receives and how much."),
            )
            raise Missing
        return {
            "type": "payment",
            "from": int(payer),
            "to": receivers,
            "amount": amount,
            "reason": reason,
        }

    # -- the engine's verdict, shown where it belongs -------------------------------------

    @cached_property
    def deposit_rows(self) -> list[EventRow]:
        """Deposit penalties by amount: the rows in use, a blank one, and hidden spares."""
        return [
            EventRow(
                index=row,
                name=f"deposit-{row}",
                seats=self._seat_items(f"deposit-{row}-seats"),
                amount=self[f"deposit-{row}-amount"].value(),
                shown=row <= self.deposit_rows_used,
            )
            for row in range(self.deposit_rows_used + 1 + SPARE_ROWS)
        ]

    @cached_property
    def payment_rows(self) -> list[EventRow]:
        """Free payments, one per row: those in use, a blank one, and hidden spares."""
        return [
            EventRow(
                index=row,
                name=f"payment-{row}",
                payer=self._seat_items(f"payment-{row}-from"),
                seats=self._seat_items(f"payment-{row}-to"),
                amount=self[f"payment-{row}-amount"].value(),
                reason=self[f"payment-{row}-reason"].value() or "",
                shown=row <= self.payment_rows_used,
            )
            for row in range(self.payment_rows_used + 1 + SPARE_ROWS)
        ]


def deposit_fields(row: int) -> dict[str, forms.Field]:
    """One deposit row: the seats that each put ``amount`` on the table (供託罰符)."""
    return {
        f"deposit-{row}-seats": Taps(SEATS, multiple=True),
        f"deposit-{row}-amount": forms.IntegerField(
            required=False, min_value=100, max_value=MAX_POINTS, initial=DEPOSIT_AMOUNT
        ),
    }


def payment_fields(row: int) -> dict[str, forms.Field]:
    """One free payment: from one seat to each of the others tapped, ``amount`` each."""
    return {
        f"payment-{row}-from": Taps(SEATS),
        f"payment-{row}-to": Taps(SEATS, multiple=True),
        f"payment-{row}-amount": forms.IntegerField(
            required=False, min_value=100, max_value=MAX_POINTS
        ),
        f"payment-{row}-reason": forms.CharField(required=False, max_length=100),
    }


def rows_in(given: Mapping[str, Any], kind: str) -> int:
    """How many ``kind`` rows the posted data or the initial values fill (at most MAX_ROWS).

    A row counts from its last filled field on; a deposit's amount alone (it has a default)
    does not fill it.
    """
    rows = 0
    for key in given:
        match = ROW_FIELD.match(key)
        if not match or match.group(1) != kind or (kind, match.group(3)) == ("deposit", "amount"):
            continue
        values = given.getlist(key) if isinstance(given, QueryDict) else strings(given[key])
        if any(str(value).strip() for value in values):
            rows = max(rows, int(match.group(2)) + 1)
    return min(rows, MAX_ROWS)


def events_initial(initial: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Every event of a stored hand, in rows the form shows, so that saving loses none.

    Deposits share a row when their amounts are equal and their seats differ (a seat fined
    twice at the same amount takes a second row); each payment has its own row.
    """
    deposits: list[tuple[int, list[str]]] = []  # (amount, seats) per row
    payments = 0
    for event in events:
        kind = event["type"]
        if kind == "dead_hand":
            initial.setdefault("dead", []).append(str(event["seat"]))
        elif kind == "deposit":
            amount, seat = event.get("amount", DEPOSIT_AMOUNT), str(event["seat"])
            row = next((r for r in deposits if r[0] == amount and seat not in r[1]), None)
            if row is None:
                row = (amount, [])
                deposits.append(row)
            row[1].append(seat)
        else:
            name = f"payment-{payments}"
            initial[f"{name}-from"] = str(event["from"])
            initial[f"{name}-to"] = strings(event["to"])
            initial[f"{name}-amount"] = event["amount"]
            initial[f"{name}-reason"] = event.get("reason", "")
            payments += 1
    for row, (amount, seats) in enumerate(deposits):
        initial[f"deposit-{row}-seats"] = seats
        initial[f"deposit-{row}-amount"] = amount

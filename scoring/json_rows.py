"""A parent's related rows read in the parent's own row, as a JSON array: one query in all.

``prefetch_related`` takes a query per relation; here each relation is a subquery of the parent's
query that gathers its rows into one JSON array (``jsonb_agg`` on PostgreSQL, ``json_group_array``
on SQLite), and the rows come back as model instances in the parent's prefetch cache, just as
``prefetch_related`` leaves them: ``game.seats.all()`` reads them without a query. Each row is an
array of all its columns (none is left deferred, so no attribute loads itself later), followed
by those of the rows it joins (``select_related``), and each value is turned back into what the
column gives: an aware datetime, a dict for a JSON field. The subqueries are built once: each
query resolves its own copy, and the ORM's work stays below that of the queries they replace.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from django.conf import settings
from django.db import connections
from django.db.models import (
    Aggregate,
    F,
    ForeignKey,
    Func,
    JSONField,
    Model,
    OuterRef,
    Subquery,
)
from django.db.models.fields import Field
from django.utils import timezone


@dataclass(frozen=True)
class Nested:
    """A reverse foreign key whose rows are read in the parent's row."""

    relation: str  # its name on the parent: "seats"
    order: str  # the field its rows are in order of: "seat"
    joined: tuple[str, ...] = ()  # foreign keys of each row read with it: ("player",)

    @property
    def annotation(self) -> str:
        return f"{self.relation}_rows"


class JSONArrayAgg(Aggregate):
    """The aggregated values as one JSON array."""

    function = "JSONB_AGG"
    output_field = JSONField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return self.as_sql(compiler, connection, function="JSON_GROUP_ARRAY", **extra_context)


class JSONRow(Func):
    """Columns as one JSON array, in their order: no keys, the reader knows them."""

    function = "JSONB_BUILD_ARRAY"
    output_field = JSONField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return self.as_sql(compiler, connection, function="JSON_ARRAY", **extra_context)


class JSONColumn(Func):
    """A JSON column as JSON inside a JSON array (SQLite keeps it as text: a string there)."""

    template = "%(expressions)s"
    output_field = JSONField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return self.as_sql(compiler, connection, template="JSON(%(expressions)s)", **extra_context)


@cache  # built once: each query resolves a copy of it
def nested_rows(parent: type[Model], nested: Nested) -> Subquery:
    """The subquery that gives a ``parent`` row's rows of ``nested`` as a JSON array: each row
    an array of its columns, then the columns of each ``joined`` row."""
    model, link = _child(parent, nested)
    columns = [_column(field.attname, field) for field in _fields(model)]
    for name in nested.joined:
        columns += [_column(f"{name}__{f.attname}", f) for f in _fields(_joined(model, name))]
    rows = (
        model._base_manager.filter(**{link.name: OuterRef("pk")})
        .order_by()
        .values(link.name)
        .annotate(rows=JSONArrayAgg(JSONRow(*columns)))
        .values("rows")
    )
    return Subquery(rows, output_field=JSONField())


def attach(instance: Model, nested: Nested, db: str) -> None:
    """Put the rows read by ``nested_rows`` in ``instance``'s prefetch cache, as model instances."""
    rows = instance.__dict__.pop(nested.annotation) or []
    model, link = _child(type(instance), nested)
    order = [field.attname for field in _fields(model)].index(nested.order)
    objects = [
        _instance(model, row, nested.joined, db) for row in sorted(rows, key=lambda r: r[order])
    ]
    for child in objects:
        link.set_cached_value(child, instance)  # as a prefetch does: child.game is the game
    queryset = getattr(instance, nested.relation).get_queryset()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[nested.relation] = queryset


def _child(parent: type[Model], nested: Nested) -> tuple[type[Model], Any]:
    """The model of ``nested``'s rows, and its foreign key to ``parent``."""
    relation = parent._meta.get_field(nested.relation)
    return relation.related_model, relation.field  # type: ignore[return-value,union-attr]


def _joined(model: type[Model], name: str) -> type[Model]:
    return model._meta.get_field(name).related_model  # type: ignore[return-value]


def _fields(model: type[Model]) -> tuple[Field[Any, Any], ...]:
    return tuple(model._meta.concrete_fields)


def _column(path: str, field: Field[Any, Any]) -> F | JSONColumn:
    return JSONColumn(F(path)) if isinstance(field, JSONField) else F(path)


def _instance(model: type[Model], row: list[Any], joined: tuple[str, ...], db: str) -> Any:
    """The instance of ``model`` whose columns begin ``row``, with its ``joined`` rows after."""
    fields = _fields(model)
    own, rest = row[: len(fields)], row[len(fields) :]
    values = [_value(field, value, db) for field, value in zip(fields, own, strict=True)]
    instance = model.from_db(db, [field.attname for field in fields], values)
    for name in joined:
        other = _joined(model, name)
        taken = len(_fields(other))
        related = _instance(other, rest[:taken], (), db)
        cast(ForeignKey, model._meta.get_field(name)).set_cached_value(instance, related)
        rest = rest[taken:]
    return instance


def _value(field: Field[Any, Any], value: Any, db: str) -> Any:
    """A JSON value as the column's own: JSON is kept as read, a datetime made aware (SQLite
    stores them naive, in the connection's time zone), the rest as the field reads a string."""
    if value is None or isinstance(field, JSONField):
        return value
    value = field.to_python(value)
    if isinstance(value, datetime.datetime) and settings.USE_TZ and timezone.is_naive(value):
        return timezone.make_aware(value, connections[db].timezone)
    return value

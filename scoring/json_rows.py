"""A parent's related rows read in the parent's own row, as a JSON array: one query in all.

``prefetch_related`` takes a query per relation; here each relation is a subquery of the parent's
query that gathers its rows into one JSON array (``jsonb_agg`` on PostgreSQL, ``json_group_array``
on SQLite), and the rows come back as model instances in the parent's prefetch cache, just as
``prefetch_related`` leaves them: ``game.seats.all()`` reads them without a query. Every column
of a row is read (none is left deferred, so no attribute loads itself later), and each value is
turned back into what the database column gives: an aware datetime, a dict for a JSON field.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from django.conf import settings
from django.db import connections
from django.db.models import Aggregate, F, Func, JSONField, Model, OuterRef, Subquery
from django.db.models.fields import Field
from django.db.models.functions import JSONObject
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


class JSONColumn(Func):
    """A JSON column as JSON inside a JSON object (SQLite keeps it as text: a string there)."""

    template = "%(expressions)s"
    output_field = JSONField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return self.as_sql(compiler, connection, template="JSON(%(expressions)s)", **extra_context)


def nested_rows(parent: type[Model], nested: Nested) -> Subquery:
    """The subquery that gives a ``parent`` row's rows of ``nested`` as a JSON array."""
    relation = parent._meta.get_field(nested.relation)
    model, link = relation.related_model, relation.field.name  # type: ignore[union-attr]
    joined = {
        name: JSONObject(**_columns(_joined_model(model, name), f"{name}__"))
        for name in nested.joined
    }
    rows = (
        model._base_manager.filter(**{link: OuterRef("pk")})
        .order_by()
        .values(link)
        .annotate(rows=JSONArrayAgg(JSONObject(**_columns(model), **joined)))
        .values("rows")
    )
    return Subquery(rows, output_field=JSONField())


def attach(instance: Model, nested: Nested, db: str) -> None:
    """Put the rows read by ``nested_rows`` in ``instance``'s prefetch cache, as model instances."""
    rows = instance.__dict__.pop(nested.annotation) or []
    relation = type(instance)._meta.get_field(nested.relation)
    model, link = relation.related_model, relation.field  # type: ignore[union-attr]
    objects = [
        _instance(model, row, nested.joined, db)
        for row in sorted(rows, key=itemgetter(nested.order))
    ]
    for child in objects:
        link.set_cached_value(child, instance)  # as a prefetch does: child.game is the game
    queryset = getattr(instance, nested.relation).get_queryset()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[nested.relation] = queryset


def _joined_model(model: type[Model], name: str) -> type[Model]:
    return model._meta.get_field(name).related_model  # type: ignore[return-value]


def _columns(model: type[Model], prefix: str = "") -> dict[str, Any]:
    return {
        field.attname: JSONColumn(F(prefix + field.attname))
        if isinstance(field, JSONField)
        else F(prefix + field.attname)
        for field in model._meta.concrete_fields
    }


def _instance(model: type[Model], row: dict[str, Any], joined: tuple[str, ...], db: str) -> Any:
    fields = model._meta.concrete_fields
    values = [_value(field, row[field.attname], db) for field in fields]
    instance = model.from_db(db, [field.attname for field in fields], values)
    for name in joined:
        field = model._meta.get_field(name)
        other = _instance(field.related_model, row[name], (), db)  # type: ignore[arg-type]
        field.set_cached_value(instance, other)  # type: ignore[union-attr]
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

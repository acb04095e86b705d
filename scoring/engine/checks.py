"""Small validators for JSON-like values: each returns the value normalised or raises.

They are the building blocks of the option table in ``options.py`` and of the record reader.
Every message names the path of the field (``ruleset.tobi.bonus``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from .errors import RecordError

Check = Callable[[Any, str], Any]


def described(check: Check, kind: str, **parts: Any) -> Check:
    """Mark a check with what it accepts, so that forms can be built from it (the editor).

    ``check.kind`` is the builder's name (``one_of``, ``obj`` ...) and ``check.parts`` what it
    was built from (``choices``, ``fields``, ``inner``, ``key_check``, ``value_check`` ...).
    """
    check.kind = kind  # type: ignore[attr-defined]
    check.parts = parts  # type: ignore[attr-defined]
    return check


def fail(path: str, message: str, code: str, **params: object) -> RecordError:
    """``path`` + the English ``message``; ``code`` and ``params`` (with the path) translate it."""
    return RecordError(f"{path} {message}", field=path, code=code, params={"path": path, **params})


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    """A finite int or float: NaN and infinity (which JSON parsers let through) are no points,
    uma or multiples, and would break ``int()`` and every comparison after."""
    if isinstance(value, int):
        return not isinstance(value, bool)
    return isinstance(value, float) and math.isfinite(value)


def _boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, "must be true or false", "not_boolean")
    return value


boolean = described(_boolean, "boolean")


def integer(low: int | None = None, high: int | None = None) -> Check:
    def check(value: Any, path: str) -> int:
        if not is_int(value):
            raise fail(path, "must be a whole number", "not_whole_number")
        if low is not None and value < low:
            raise fail(path, f"must be at least {low}", "too_small", low=low)
        if high is not None and value > high:
            raise fail(path, f"must be at most {high}", "too_large", high=high)
        return int(value)

    return described(check, "integer", low=low, high=high)


def number(low: float | None = None, high: float | None = None) -> Check:
    def check(value: Any, path: str) -> float:
        if not is_number(value):
            raise fail(path, "must be a number", "not_number")
        if low is not None and value < low:
            raise fail(path, f"must be at least {low:g}", "too_small", low=low)
        if high is not None and value > high:
            raise fail(path, f"must be at most {high:g}", "too_large", high=high)
        return value

    return described(check, "number", low=low, high=high)


def one_of(*choices: Any) -> Check:
    def check(value: Any, path: str) -> Any:
        if isinstance(value, bool) or value not in choices:
            listed = ", ".join(repr(c) for c in choices)
            message = f"must be one of {listed} (got {value!r})"
            raise fail(path, message, "not_one_of", choices=list(choices), got=value)
        return value

    return described(check, "one_of", choices=choices)


def nullable(inner: Check) -> Check:
    def check(value: Any, path: str) -> Any:
        return None if value is None else inner(value, path)

    return described(check, "nullable", inner=inner)


def list_of(inner: Check, min_len: int = 0, max_len: int | None = None) -> Check:
    def check(value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise fail(path, "must be a list", "not_list")
        if len(value) < min_len or (max_len is not None and len(value) > max_len):
            raise _wrong_length(path, min_len, max_len)
        return [inner(item, f"{path}[{i}]") for i, item in enumerate(value)]

    return described(check, "list_of", inner=inner, min_len=min_len, max_len=max_len)


def _wrong_length(path: str, low: int, high: int | None) -> RecordError:
    if high == low:
        return fail(path, f"must have {low} items", "wrong_length", size=low)
    if high is None:
        return fail(path, f"must have {low} to any items", "too_few_items", low=low)
    return fail(path, f"must have {low} to {high} items", "length_between", low=low, high=high)


def obj(fields: Mapping[str, Check], required: bool = True) -> Check:
    """A JSON object with exactly these keys (all of them when ``required``)."""

    def check(value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise fail(path, "must be an object", "not_object")
        unknown = [key for key in value if key not in fields]
        if unknown:
            raise RecordError(
                f"{path}: unknown field '{unknown[0]}'",
                field=f"{path}.{unknown[0]}",
                code="unknown_field",
                params={"path": path, "name": unknown[0]},
            )
        missing = [key for key in fields if key not in value]
        if required and missing:
            raise RecordError(
                f"{path}: missing field '{missing[0]}'",
                field=f"{path}.{missing[0]}",
                code="missing_field",
                params={"path": path, "name": missing[0]},
            )
        return {
            key: check(value[key], f"{path}.{key}") for key, check in fields.items() if key in value
        }

    return described(check, "obj", fields=fields, required=required)


def mapping(key_check: Check, value_check: Check) -> Check:
    """A JSON object used as a dictionary (keys are data, not field names)."""

    def check(value: Any, path: str) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise fail(path, "must be an object", "not_object")
        return {
            key_check(k, f"{path} key"): value_check(v, f"{path}.{k}") for k, v in value.items()
        }

    return described(check, "mapping", key_check=key_check, value_check=value_check)

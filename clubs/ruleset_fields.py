"""The ruleset editor's fields, read off the engine's option table (``scoring.engine.options``).

Each option becomes one or more *leaves*, one per input: a scalar option is one leaf, an object
option one leaf per key (``tobi.bonus``), a mapping keyed by a fixed set (``abortive``) one leaf
per key. The choices of a select come from the engine's own checks, so a choice the engine
gains appears in the editor by itself.

Text goes back to option values with no judgement of its own: text that is not a number or
not JSON is handed to the engine as it is, so that the engine's validation, and its message,
is the only one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.engine.options import OPTIONS, Option

BOOL, CHOICE, NUMBER, LIST, JSON, ENTRY = "bool", "choice", "number", "list", "json", "entry"

# Where an option is off by default (null), what its inputs start from when a club switches it
# on: the examples of ``spec/rulesets.md``. A starting point for the form, not a rule.
SWITCHED_ON = {
    "extension": {"target": 30000, "winds": ["W"], "sudden_death": "any", "endless": False},
    "limits_beyond": {"every_han": 2, "mangan_units": 1},
    "aotenjou": {"cap_base": 1000000000, "yakuman_han": 13},
    # 祝儀 as most clubs play it: a chip each for ippatsu, ura and aka, five for a yakuman.
    "chips": {"value": 2, "ippatsu": 1, "ura": 1, "aka": 1, "yakuman": 5, "tobi": 1},
}


@dataclass(frozen=True)
class Leaf:
    """One input: the option it belongs to, where its value sits, and what kind of input."""

    option: Option
    path: tuple[str, ...]  # ("tobi", "bonus"); ("kiriage",); ("abortive", "kyuushu")
    kind: str
    choices: tuple[Any, ...] = ()

    @property
    def key(self) -> str:
        return "__".join(self.path)

    @property
    def dotted(self) -> str:
        return ".".join(self.path)


@dataclass(frozen=True)
class OptionFields:
    """An option's inputs. ``switch``: a nullable object, with an on/off input of its own."""

    option: Option
    leaves: tuple[Leaf, ...]
    switch: bool = False

    @property
    def switch_key(self) -> str:
        return f"{self.option.name}__on"


def _check_kind(check: Callable[..., Any]) -> str:
    """``one_of``, ``obj``, ``nullable`` ... as the engine describes its checks, else the name."""
    return getattr(check, "kind", check.__name__)


def _closure(check: Callable[..., Any]) -> dict[str, Any]:
    """What the engine built the check from (``choices``, ``fields``, ``inner`` ...)."""
    return dict(getattr(check, "parts", {}))


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _leaf(option: Option, path: tuple[str, ...], check: Callable[..., Any], sample: Any) -> Leaf:
    kind = _check_kind(check)
    if kind == "one_of":
        return Leaf(option, path, CHOICE, tuple(_closure(check)["choices"]))
    if kind == "boolean":
        return Leaf(option, path, BOOL)
    if kind in ("integer", "number") or _is_scalar(sample):
        return Leaf(option, path, NUMBER)
    if isinstance(sample, list) and all(_is_scalar(item) for item in sample):
        return Leaf(option, path, LIST)
    return Leaf(option, path, JSON)


def option_fields(option: Option) -> OptionFields:
    check, nullable = option.check, False
    if _check_kind(check) == "nullable":
        check, nullable = _closure(check)["inner"], True
    sample = option.default if option.default is not None else SWITCHED_ON.get(option.name)
    name = option.name
    kind = _check_kind(check)
    if kind == "obj":
        fields = _closure(check)["fields"]
        leaves = tuple(
            _leaf(option, (name, key), sub, (sample or {}).get(key)) for key, sub in fields.items()
        )
        return OptionFields(option, leaves, switch=nullable)
    if kind == "mapping" and _check_kind(_closure(check)["key_check"]) == "one_of":
        closure = _closure(check)
        values = ("", *_closure(closure["value_check"])["choices"])
        keys = _closure(closure["key_check"])["choices"]
        return OptionFields(option, tuple(Leaf(option, (name, k), ENTRY, values) for k in keys))
    return OptionFields(option, (_leaf(option, (name,), check, sample),))


FIELDS: tuple[OptionFields, ...] = tuple(option_fields(option) for option in OPTIONS)
LEAVES: dict[str, Leaf] = {leaf.key: leaf for fields in FIELDS for leaf in fields.leaves}


def value_at(options: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = options
    for part in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


def value_of(options: Mapping[str, Any], leaf: Leaf) -> Any:
    """The leaf's value in a full option set (a switched-off option's starting value if null)."""
    value = value_at(options, leaf.path)
    if value is None and options.get(leaf.path[0]) is None and len(leaf.path) > 1:
        start = SWITCHED_ON.get(leaf.path[0]) or leaf.option.default or {}
        value = value_at({leaf.path[0]: start}, leaf.path)
    return value


def to_text(leaf: Leaf, value: Any) -> Any:
    """An option value as its input shows it."""
    if leaf.kind == BOOL:
        return bool(value)
    if value is None:
        return ""
    if leaf.kind == LIST:
        return ", ".join(str(item) for item in value)
    if leaf.kind == JSON:
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def initial(options: Mapping[str, Any]) -> dict[str, Any]:
    """The editor's starting inputs for a full option set."""
    data: dict[str, Any] = {}
    for fields in FIELDS:
        if fields.switch:
            data[fields.switch_key] = options.get(fields.option.name) is not None
        for leaf in fields.leaves:
            data[leaf.key] = to_text(leaf, value_of(options, leaf))
    return data


# Minus signs and commas a Japanese keyboard types, read as the ASCII ones.
_NORMALISE = str.maketrans({"−": "-", "－": "-", "，": ",", "、": ","})


def _number(text: str) -> Any:
    cleaned = text.translate(_NORMALISE).replace(",", "").replace("_", "").strip()
    for kind in (int, float):
        try:
            return kind(cleaned)
        except ValueError:
            pass
    return text  # not a number: the engine says so, naming the option


def _list(text: str) -> list[Any]:
    items = re.split(r"[,\s]+", text.translate(_NORMALISE).strip())
    return [_number(item) if re.match(r"^[-+.\d]", item) else item for item in items if item]


def from_text(leaf: Leaf, text: Any) -> Any:
    """What an input holds, as an option value (``None`` for an empty JSON input)."""
    if leaf.kind == BOOL:
        return bool(text)
    text = "" if text is None else str(text).strip()
    if leaf.kind in (CHOICE, ENTRY):
        return {str(choice): choice for choice in leaf.choices}.get(text, text)
    if leaf.kind == NUMBER:
        return _number(text) if text else None
    if leaf.kind == LIST:
        return _list(text)
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def options_from(data: Mapping[str, Any]) -> dict[str, Any]:
    """Form inputs (already cleaned to text and booleans) -> a full option set to validate."""
    options: dict[str, Any] = {}
    for fields in FIELDS:
        name = fields.option.name
        if fields.switch and not data.get(fields.switch_key):
            options[name] = None
            continue
        if len(fields.leaves) == 1 and fields.leaves[0].path == (name,):
            options[name] = from_text(fields.leaves[0], data.get(fields.leaves[0].key))
            continue
        value = {leaf.path[1]: from_text(leaf, data.get(leaf.key)) for leaf in fields.leaves}
        if fields.leaves[0].kind == ENTRY:
            value = {key: entry for key, entry in value.items() if entry != ""}
        options[name] = value
    return options


def leaf_for_error(field: str | None) -> str | None:
    """The input an engine error belongs beside: ``ruleset.tobi.bonus`` -> ``tobi__bonus``.

    Deeper paths (``ruleset.uma[2]``, ``ruleset.min_han.from_honba.5``) go to the nearest input
    above them; an error about a whole object option goes to its first input.
    """
    if not field:
        return None
    parts = re.split(r"[\[ ]", field.removeprefix("ruleset."))[0].split(".")
    while parts:
        key = "__".join(parts)
        if key in LEAVES:
            return key
        parts.pop()
    name = re.split(r"[.\[ ]", field.removeprefix("ruleset."))[0]
    return next((f.leaves[0].key for f in FIELDS if f.option.name == name), None)

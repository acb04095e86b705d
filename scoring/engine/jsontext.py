"""JSON text read with a bound on its nesting.

``json.loads`` recurses once per level of brackets, so a document of a thousand nested ``[``
exhausts the stack (``RecursionError``) before any check of ours could say what is wrong. No
document Tenbou reads (a game record, a Tenhou log, a club's backup, a seating record) nests
deeper than a dozen levels; past ``MAX_DEPTH`` the text is refused with the place it went too
deep, before it is parsed.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(json.JSONDecodeError):
    """Nested deeper than ``MAX_DEPTH``: a ``JSONDecodeError`` at the bracket that went too deep,
    so whoever reads JSON errors names it the same way (``msg``, ``lineno``, ``colno``)."""

    def __init__(self, text: str, position: int) -> None:
        super().__init__(f"nested deeper than {MAX_DEPTH} levels", text, position)


def loads(text: str | bytes) -> Any:
    """``json.loads`` of ``text``, refused with ``TooDeep`` when it nests past ``MAX_DEPTH``."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    depth = 0
    # Brackets inside strings do not count: blank the strings out, keeping every position.
    blanked = _STRING.sub(lambda m: " " * len(m.group()), text)
    for bracket in _BRACKET.finditer(blanked):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise TooDeep(text, bracket.start())
    return json.loads(text)

"""What can be wrong with a hand the calculator is given, as a code the page puts in words."""

from __future__ import annotations


class HandProblem(Exception):
    """A hand the calculator cannot count, and why: ``code`` (``not_complete``, ``five_tiles``
    ...), the ``field`` it is in (``hand``, ``melds``, ``dora`` ...) and the ``tile`` or count
    it names, so that the page can say it in the reader's language."""

    def __init__(
        self,
        code: str,
        *,
        field: str = "hand",
        tile: str | None = None,
        count: int | None = None,
        text: str | None = None,
    ) -> None:
        super().__init__(f"{code} ({field}: {tile or count or text or ''})")
        self.code = code
        self.field = field
        self.tile = tile
        self.count = count
        self.text = text

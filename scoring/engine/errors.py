"""Engine errors are data: they name the hand and the field, and read as one sentence."""

from __future__ import annotations


class RecordError(ValueError):
    """A game record or ruleset the engine cannot accept.

    ``hand`` is the 1-based hand number (``None`` for errors outside the hands),
    ``label`` the round where it is known (``"S3-1"``), ``field`` the offending field.
    ``code`` and ``params`` name the message for a translation (the English ``message`` is the
    engine's own wording): e.g. ``riichi_points`` with ``{"seat": 2, "score": 800, ...}``.
    """

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        label: str | None = None,
        field: str | None = None,
        code: str | None = None,
        params: dict[str, object] | None = None,
    ) -> None:
        self.message = message
        self.hand = hand
        self.label = label
        self.field = field
        self.code = code
        self.params = params or {}
        super().__init__(self.full_message)

    @property
    def full_message(self) -> str:
        if self.hand is None:
            return self.message
        where = f"hand {self.hand}" + (f" ({self.label})" if self.label else "")
        return f"{where}: {self.message}"

    def in_hand(self, hand: int, label: str | None = None) -> RecordError:
        """The same error, placed in a hand (used when a helper raised it without one)."""
        if self.hand is not None:
            return self
        return RecordError(
            self.message,
            hand=hand,
            label=label,
            field=self.field,
            code=self.code,
            params=self.params,
        )

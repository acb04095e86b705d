from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_passwords() -> None:
    """The servers these tests start hash passwords as production does (their own settings): a
    password made here must be one they can check, so the real hasher stays."""

"""Which profile the suite runs: quick while developing, harder on CI (``.ci/run`` sets
``HYPOTHESIS_PROFILE=ci``). ``tests/conftest.py`` loads it into hypothesis; the tests whose
examples are not hypothesis's (seeds, posts per view) read ``CI`` here, so one line decides."""

from __future__ import annotations

import os

PROFILE = os.getenv("HYPOTHESIS_PROFILE", "dev")
CI = PROFILE == "ci"

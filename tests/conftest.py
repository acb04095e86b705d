from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.utils import translation
from hypothesis import settings

# Quick runs while developing; CI (.ci/run sets HYPOTHESIS_PROFILE=ci) searches harder. No
# deadline in either: an example replays a growing game many times, and a busy 2-core machine
# must not turn that into a flaky failure (speed is measured in bench/, never in tests).
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=500, deadline=None, print_blob=True)
settings.load_profile(os.getenv("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _language_of_the_site() -> Iterator[None]:
    """Each test starts in the site's language: a request in English (a cookie, a header) leaves
    its language active in the thread, and a service called next would speak English."""
    yield
    translation.deactivate()

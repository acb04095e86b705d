from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import override_settings
from django.utils import translation
from hypothesis import settings

from tests.profiles import PROFILE

# Quick runs while developing; CI (.ci/run sets HYPOTHESIS_PROFILE=ci) searches harder. No
# deadline in either: an example replays a growing game many times, and a busy 2-core machine
# must not turn that into a flaky failure (speed is measured in bench/, never in tests).
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=500, deadline=None, print_blob=True)
settings.load_profile(PROFILE)


@pytest.fixture(autouse=True)
def fast_passwords() -> Iterator[None]:
    """Hashing a password properly takes a quarter of a second here (PBKDF2, a million rounds),
    and the tests make and check hundreds: a quick hasher for them (the deploy tests, whose
    servers hash as production does, keep the real one: ``tests/deploy/conftest.py``)."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _language_of_the_site() -> Iterator[None]:
    """Each test starts in the site's language: a request in English (a cookie, a header) leaves
    its language active in the thread, and a service called next would speak English."""
    yield
    translation.deactivate()


# The tests that take tens of seconds each (a real browser crawling the demo, PDFs of every
# page, servers started for real): run first, so that the two workers share them out and the
# quick tests fill the gaps, instead of one long test starting last while the other worker idles.
# The workers steal from each other's queue (``--dist worksteal`` in pyproject.toml): a worker
# done with its share takes the other's last tests (with ``load`` the run ended with one worker
# idle for its last 30 seconds).
LONG_FIRST = (
    "tests/browser/",
    "tests/reports/test_every_pdf.py",
    "tests/deploy/",
    "tests/scoring/test_demo_command.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def long(item: pytest.Item) -> bool:
        return item.nodeid.startswith(LONG_FIRST)

    items.sort(key=lambda item: not long(item))  # stable: each group keeps its order


@pytest.fixture(autouse=True)
def _an_empty_cache() -> None:
    """Each test starts with empty caches: a test process keeps its memory caches between
    tests, and ids a rolled-back test used may come back (SQLite), keys and all. The PDFs'
    cache alone stays warm: its key is the hash of a report's HTML, so what it holds is the PDF
    that very HTML lays out, whichever test printed it first (the permission matrices print
    the same reports for each visitor); the tests that count layouts empty it themselves."""
    from django.conf import settings
    from django.core.cache import caches

    from reports.render import PDF_CACHE

    for alias in settings.CACHES:
        if alias != PDF_CACHE:
            caches[alias].clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The test database, and at its end no session left on it: a request thread of a live
    server stopped mid-request can leave its connection open, and PostgreSQL then waits 5 s
    before refusing to drop the database ("being accessed by other users")."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


@pytest.fixture(scope="module")
def module_db(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """One transaction around a module: what a module-scoped fixture writes under it is there
    for each of the module's ``django_db`` tests (each rolled back to it, a savepoint) and gone
    after the module. For the permission matrices, whose hundreds of tests read one world."""
    from django.db import transaction

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)

"""Settings come from the environment: the parsing, and what production refuses to run without."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tenbou.settings import database_config, envbool, envlist, secret_key

# What a developer's shell or the browser tests' conftest may have set, and a deployment must not.
SET_BY_TESTS = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}


def run_python(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Runs Python in the project folder as a deployment would, with only the given settings."""
    inherited = {k: v for k, v in os.environ.items() if k not in SET_BY_TESTS}
    return subprocess.run(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env={**inherited, "DJANGO_SETTINGS_MODULE": "tenbou.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_no_database_url_means_the_sqlite_file_in_the_project_folder() -> None:
    db = database_config(None)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(settings.BASE_DIR / "db.sqlite3")


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_a_postgres_url_selects_the_postgresql_backend(scheme: str) -> None:
    db = database_config(f"{scheme}://tenbou:secret@db.example.org:5433/club")
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"]) == ("club", "tenbou", "secret")
    assert (db["HOST"], db["PORT"]) == ("db.example.org", 5433)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1", True), ("yes", True), ("On", True), ("0", False), ("false", False)],
)
def test_envbool_reads_the_usual_spellings(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: bool
) -> None:
    monkeypatch.setenv("TENBOU_FLAG", value)
    assert envbool("TENBOU_FLAG", default=not expected) is expected


def test_envbool_refuses_a_value_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TENBOU_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="TENBOU_FLAG"):
        envbool("TENBOU_FLAG", default=False)


def test_envlist_splits_on_commas_and_drops_blanks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALLOWED_HOSTS", " tenbou.example.org, club.example.org ,")
    assert envlist("ALLOWED_HOSTS") == ["tenbou.example.org", "club.example.org"]


def test_production_without_a_secret_key_is_refused() -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY is not set"):
        secret_key(None, debug=False)


def test_development_gets_a_fixed_key_and_a_set_key_always_wins() -> None:
    assert secret_key(None, debug=True)
    assert secret_key("from-the-environment", debug=False) == "from-the-environment"


def test_starting_with_debug_off_and_no_secret_key_fails_with_a_clear_message() -> None:
    result = run_python("-c", "import tenbou.settings", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize(
    ("env", "debug"),
    [({}, True), ({"SECRET_KEY": "s" * 50}, False), ({"SECRET_KEY": "s" * 50, "DEBUG": "1"}, True)],
)
def test_debug_is_on_by_default_only_where_no_secret_key_is_set(
    env: dict[str, str], debug: bool
) -> None:
    result = run_python("-c", "import tenbou.settings as s; print(s.DEBUG)", **env)
    assert result.stdout.strip() == str(debug), result.stderr


def test_check_deploy_reports_no_issues_with_production_settings() -> None:
    result = run_python(
        "manage.py",
        "check",
        "--deploy",
        "--fail-level=WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="tenbou.example.org",
        CSRF_TRUSTED_ORIGINS="https://tenbou.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout

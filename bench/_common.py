"""What the benchmarks share: a database of their own, gunicorn on it, a club, a tablet's browser.

Not a benchmark itself (it prints nothing): ``bench/hand_entry.py``, ``bench/load.py``,
``bench/offline.py`` and ``bench/tablet.py`` import it.
"""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WORKERS = 4  # gunicorn's
PLAYERS = ["青木", "馬場", "千葉", "土井"]
CHROMIUM = "/usr/bin/chromium"  # Debian's: Playwright never downloads one
# The machine has no network but loopback: keep Chromium from reaching out to Google's services.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def bench_database_url(name: str) -> str:
    """Database ``name``, beside DATABASE_URL's (which must be PostgreSQL)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("DATABASE_URL must be PostgreSQL (make bench sets the local one)")
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin_sql(url: str, *statements: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        for statement in statements:
            connection.execute(statement)  # type: ignore[arg-type]


def server_env(database_url: str) -> dict[str, str]:
    """Production settings (DEBUG off) on plain HTTP on the loopback."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_PROXY_SSL_HEADER": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "DJANGO_SETTINGS_MODULE": "tenbou.settings",
    }


@contextmanager
def own_database(name: str, **extra_env: str) -> Iterator[dict[str, str]]:
    """Database ``name``, made afresh beside DATABASE_URL's, with Django set up on it in this
    process (which prepares and checks what the server stores), dropped afterwards. Yields
    the server's environment (``extra_env`` added)."""
    admin = os.environ.get("DATABASE_URL", "")
    database = bench_database_url(name)
    admin_sql(admin, f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}")
    env = {**server_env(database), **extra_env}
    os.environ.update(env)
    import django
    from django.db import connections

    django.setup()
    try:
        yield env
    finally:
        connections.close_all()
        admin_sql(admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    env: dict[str, str], port: int, workers: int = WORKERS, *options: str
) -> subprocess.Popen[bytes]:
    """gunicorn (``options`` added to its command line), once it answers /healthz."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "tenbou.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}", *options],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    sys.exit("gunicorn did not answer /healthz within 30 s")


@contextmanager
def serving(env: dict[str, str], workers: int = WORKERS, *options: str) -> Iterator[int]:
    """gunicorn on a free port of the loopback while the block runs: yields the port."""
    from django.db import connections

    connections.close_all()  # forked processes (the server's, the clients') share no connection
    port = free_port()
    server = start_server(env, port, workers, *options)
    try:
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


def club_with_games(count: int) -> dict[str, Any]:
    """Migrate, then the club "bench" with a K-rule ruleset, a scorekeeper's session, and
    ``count`` games of PLAYERS (not started yet)."""
    import datetime

    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from clubs.models import Club, Membership, Role, Ruleset, RulesetVersion
    from scoring.engine import resolve_options
    from scoring.services import start_game

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="bench", slug="bench")
    user = User.objects.create_user("bench")
    Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
    ruleset = Ruleset.objects.create(club=club, name="K", preset="k_rule")
    options = resolve_options({"preset": "k_rule"})
    version = RulesetVersion.objects.create(ruleset=ruleset, number=1, options=options)
    today = datetime.date.today()
    games = [
        start_game(club, ruleset_version=version, players=PLAYERS, played_on=today).pk
        for _ in range(count)
    ]
    client = Client()
    client.force_login(user)
    return {
        "session": client.cookies["sessionid"].value,
        "games": games,
        "ruleset": ruleset.pk,
    }


def game_path(game: int, tail: str = "") -> str:
    """A page of one of ``club_with_games``'s games."""
    return f"/c/bench/games/{game}/{tail}"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@contextmanager
def tablet_browser(port: int, session: str, **context: Any) -> Iterator[Any]:
    """Debian's chromium through Playwright, logged in with ``session``, at the server on
    ``port``, asking for Japanese: yields a page (``context``: more for its browser context)."""
    from playwright.sync_api import sync_playwright

    origin = f"http://127.0.0.1:{port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            browser_context = browser.new_context(base_url=origin, locale="ja-JP", **context)
            browser_context.add_cookies([{"name": "sessionid", "value": session, "url": origin}])
            yield browser_context.new_page()
        finally:
            browser.close()

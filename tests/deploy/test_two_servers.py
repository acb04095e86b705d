"""Two app servers (gunicorn on two ports) on one PostgreSQL and one Redis (``REDIS_URL``): a login
made on one is valid on the other, a logout on one ends it on both, a hand recorded on one shows
on the other at once, and hands sent to both at once, each sent twice, are stored exactly once.

Real processes, as a deployment runs them: a database of the test's own beside DATABASE_URL's,
each server its own CACHE_DIR (as two hosts have), a Redis database of its own flushed first. Needs
PostgreSQL and Redis (CI has both). ``TWO_SERVERS_REDIS=`` (empty) runs the servers without
Redis: then the logout on one server leaves the session alive on the other, and the test fails.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import hand_entry as machinery  # noqa: E402

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# A Redis database of each test worker's own (pytest-xdist runs the two tests side by side).
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
REDIS_URL = f"redis://127.0.0.1:6379/{15 - _WORKER % 8}"
CSRF = "t" * 32
pytestmark = pytest.mark.skipif(
    not DATABASE_URL.startswith(("postgres://", "postgresql://")),
    reason="two servers share one PostgreSQL: set DATABASE_URL (CI does)",
)

PREPARE = """
import json, django, datetime
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth.models import User
from clubs.models import Club, Membership, Role, Ruleset, RulesetVersion
from scoring.engine import resolve_options
from scoring.services import start_game
club = Club.objects.create(name="二台", slug="nidai")
user = User.objects.create_user("kiroku", password="pai-pai-2026")
Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
ruleset = Ruleset.objects.create(club=club, name="K", preset="k_rule")
version = RulesetVersion.objects.create(
    ruleset=ruleset, number=1, options=resolve_options({"preset": "k_rule"}))
games = [start_game(club, ruleset_version=version, players=["青木", "馬場", "千葉", "土井"],
                    played_on=datetime.date.today()).pk for _ in range(9)]
print(json.dumps(games))
"""


class Browser:
    """A tablet's cookies, sent to whichever server it talks to."""

    def __init__(self) -> None:
        self.cookies = {"csrftoken": CSRF}

    def request(self, port: int, method: str, path: str, data: Any = None) -> tuple[int, str, str]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-CSRFToken": self.cookies["csrftoken"],
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
        }
        body = urlencode(data, doseq=True) if data is not None else None
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        location = response.getheader("Location") or response.getheader("HX-Redirect") or ""
        connection.close()
        return response.status, text, location


@pytest.fixture(scope="module")  # both tests on one pair (they use different games): ~5 s less
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int, list[int]]]:
    import redis

    tmp_path = tmp_path_factory.mktemp("two-servers")

    redis.Redis.from_url(REDIS_URL).flushdb()  # this worker's own database
    name = f"tenbou_two_servers_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    url = urlunsplit(urlsplit(DATABASE_URL)._replace(path=f"/{name}"))
    machinery.admin_sql(DATABASE_URL, f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}")
    env = {**machinery.server_env(url), "REDIS_URL": os.environ.get("TWO_SERVERS_REDIS", REDIS_URL)}
    prepared = subprocess.run(
        [sys.executable, "-c", PREPARE], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert prepared.returncode == 0, prepared.stderr
    games = json.loads(prepared.stdout.strip().splitlines()[-1])
    ports = [machinery.free_port(), machinery.free_port()]
    # Each server its own CACHE_DIR, as two hosts have: only Redis is shared.
    started = [
        machinery.start_server({**env, "CACHE_DIR": str(tmp_path / f"cache{port}")}, port)
        for port in ports
    ]
    try:
        yield ports[0], ports[1], games
    finally:
        for server in started:
            server.terminate()
            server.wait(timeout=30)
        machinery.admin_sql(DATABASE_URL, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def log_in(browser: Browser, port: int) -> None:
    status, _text, _where = browser.request(
        port, "POST", "/accounts/login/", {"username": "kiroku", "password": "pai-pai-2026"}
    )
    assert status == 302, status
    assert "sessionid" in browser.cookies


def hands_on(browser: Browser, port: int, game: int) -> int:
    status, text, _where = browser.request(port, "GET", f"/c/nidai/games/{game}/")
    assert status == 200, status
    return len(set(machinery.HANDS.findall(text)))


def post_hand(browser: Browser, port: int, game: int, number: int, version: int, key: str) -> int:
    data = {**machinery.HANCHAN[number], "version": version, "key": key}
    status, text, _where = browser.request(port, "POST", f"/c/nidai/games/{game}/hands/", data)
    assert status in (200, 409), (status, text[:300])
    found = machinery.VERSION.findall(text)
    return int(found[0]) if found else version


def test_two_servers_share_logins_logouts_and_hands(servers: tuple[int, int, list[int]]) -> None:
    a, b, games = servers
    tablet = Browser()
    log_in(tablet, a)
    assert hands_on(tablet, b, games[0]) == 0  # the login made on A is valid on B
    kept = Browser()
    kept.cookies = dict(tablet.cookies)  # the session's cookie, as another tab still holds it
    assert hands_on(kept, a, games[0]) == 0
    status, _text, _where = tablet.request(b, "POST", "/accounts/logout/")
    assert status in (200, 302)
    status, _text, where = kept.request(a, "GET", f"/c/nidai/games/{games[0]}/")
    assert status == 302  # the session ended on A too, though A had it in its cache
    assert "/accounts/login/" in where

    log_in(tablet, a)
    key = uuid.uuid4().hex
    version = post_hand(tablet, a, games[0], 0, 0, key)
    assert hands_on(tablet, b, games[0]) == 1  # recorded on A, shown on B at once
    post_hand(tablet, b, games[0], 0, 0, key)  # the same hand again, to B: stored once
    assert hands_on(tablet, a, games[0]) == 1
    assert version == 1


def test_hands_sent_to_both_servers_at_once_are_stored_exactly_once(
    servers: tuple[int, int, list[int]],
) -> None:
    """Eight tablets at once, each its own game: every hand sent to one server and sent again
    to the other with the same key (a lost answer's retry): each game has each hand once."""
    a, b, games = servers
    errors: list[str] = []

    def tablet(game: int, first: int, second: int) -> None:
        try:
            browser = Browser()
            log_in(browser, first)
            version = 0
            for number in range(5):
                key = uuid.uuid4().hex
                done = post_hand(browser, first, game, number, version, key)
                post_hand(browser, second, game, number, version, key)
                version = done
        except AssertionError as error:  # pragma: no cover - reported below
            errors.append(f"game {game}: {error}")

    threads = [
        threading.Thread(target=tablet, args=(game, *((a, b) if i % 2 else (b, a))))
        for i, game in enumerate(games[1:])
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    reader = Browser()
    log_in(reader, b)
    assert [hands_on(reader, a, game) for game in games[1:]] == [5] * 8

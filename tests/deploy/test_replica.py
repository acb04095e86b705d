"""A real streaming replica: a primary and its standby (``pg_basebackup -R``), each a cluster of
the test's own on its own port, started and stopped here as the postgres user. With
``DATABASE_REPLICA_URL`` the standings page reads from the replica, a hand's post writes to the
primary and reads nothing from the replica, and the scorekeeper's next page reads the primary.

The pages are asked in a Django process of their own (its settings read the two URLs), which
counts each database's queries and prints them.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEEDS = ("runuser", "initdb", "pg_ctl", "pg_basebackup")
pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
    or any(shutil.which(tool) is None for tool in NEEDS),
    reason="a streaming replica needs PostgreSQL's initdb, pg_ctl and pg_basebackup (CI has them)",
)

PAGES = """
import json, datetime, time, django
django.setup()
from django.core.management import call_command
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
call_command("migrate", verbosity=0)
from django.contrib.auth.models import User
from clubs.models import Club, Membership, Role, Ruleset, RulesetVersion
from scoring.engine import resolve_options
from scoring.services import start_game
club = Club.objects.create(name="副", slug="fuku", is_public=True)
user = User.objects.create_user("kiroku")
Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
ruleset = Ruleset.objects.create(club=club, name="K", preset="k_rule")
version = RulesetVersion.objects.create(
    ruleset=ruleset, number=1, options=resolve_options({"preset": "k_rule"}))
game = start_game(club, ruleset_version=version, players=["青木", "馬場", "千葉", "土井"],
                  played_on=datetime.date.today())
for _ in range(100):  # the standby replays the primary's changes: wait until it has them
    with connections["replica"].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM scoring_game")
        if cursor.fetchone()[0]:
            break
    time.sleep(0.1)
with connections["replica"].cursor() as cursor:
    cursor.execute("SELECT pg_is_in_recovery()")
    standby = cursor.fetchone()[0]
client = Client()
client.force_login(user)
counts = {"standby": standby}
def ask(name, method, path, data=None):
    with CaptureQueriesContext(connections["default"]) as primary, \\
         CaptureQueriesContext(connections["replica"]) as replica:
        response = getattr(client, method)(path, data or {}, headers={"HX-Request": "true"})
    counts[name] = [response.status_code, len(primary.captured_queries),
                    len(replica.captured_queries)]
ask("standings", "get", "/c/fuku/standings/")
ask("hand", "post", f"/c/fuku/games/{game.pk}/hands/",
    {"result": "draw", "tenpai": "0", "version": 0, "key": "k1"})
ask("standings_after_hand", "get", "/c/fuku/standings/")
client.cookies.pop("tenbou_wrote")  # ten seconds later
ask("standings_later", "get", "/c/fuku/standings/")
print(json.dumps(counts))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def as_postgres(*command: str) -> None:
    subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True, capture_output=True)


@pytest.fixture
def primary_and_replica() -> Iterator[tuple[int, int]]:
    base = Path(tempfile.mkdtemp(prefix="tenbou-replica-"))
    shutil.chown(base, "postgres")
    primary, replica = base / "primary", base / "replica"
    ports = free_port(), free_port()
    try:
        as_postgres("initdb", "-D", str(primary), "-A", "trust", "-U", "postgres")
        options = f"-p {ports[0]} -c listen_addresses=127.0.0.1 -k {base}"
        as_postgres(
            "pg_ctl", "-D", str(primary), "-o", options, "-l", f"{base}/p.log", "-w", "start"
        )
        as_postgres(
            "pg_basebackup", "-h", "127.0.0.1", "-p", str(ports[0]), "-U", "postgres",
            "-D", str(replica), "-R", "-X", "stream",
        )  # fmt: skip
        options = f"-p {ports[1]} -c listen_addresses=127.0.0.1 -k {base}"
        as_postgres(
            "pg_ctl", "-D", str(replica), "-o", options, "-l", f"{base}/r.log", "-w", "start"
        )
        subprocess.run(
            ["runuser", "-u", "postgres", "--", "psql", "-h", "127.0.0.1", "-p", str(ports[0]),
             "-c", "CREATE DATABASE tenbou"], check=True, capture_output=True,
        )  # fmt: skip
        yield ports
    finally:
        for cluster in (replica, primary):
            if cluster.exists():
                subprocess.run(
                    ["runuser", "-u", "postgres", "--", "pg_ctl", "-D", str(cluster), "-m",
                     "immediate", "-w", "stop"], capture_output=True,
                )  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


def test_read_only_pages_read_the_replica_and_changes_the_primary(
    primary_and_replica: tuple[int, int], tmp_path: Path
) -> None:
    primary, replica = primary_and_replica
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{primary}/tenbou",
        "DATABASE_REPLICA_URL": f"postgres://postgres@127.0.0.1:{replica}/tenbou",
        "DJANGO_SETTINGS_MODULE": "tenbou.settings",
        "CACHE_DIR": str(tmp_path / "cache"),
        "REDIS_URL": "",
        "ALLOWED_HOSTS": "testserver",
    }
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-c", PAGES], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-3000:]
    counts = json.loads(run.stdout.strip().splitlines()[-1])
    assert counts["standby"] is True  # the replica is a real standby, in recovery
    status, on_primary, on_replica = counts["standings"]
    assert (status, on_primary) == (200, 0)  # the standings read only the replica
    assert on_replica > 0
    status, on_primary, on_replica = counts["hand"]
    assert status == 200
    assert on_primary > 0
    assert on_replica == 0  # a change reads and writes the primary only
    status, on_primary, on_replica = counts["standings_after_hand"]
    assert (status, on_replica) == (200, 0)  # the scorekeeper's own change, read back: primary
    assert on_primary > 0
    status, on_primary, on_replica = counts["standings_later"]
    assert (status, on_primary) == (200, 0)
    assert on_replica > 0
    assert time.monotonic() - started < 120

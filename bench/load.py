"""A club night under load, with a gunicorn worker killed halfway: nothing acknowledged is lost.

gunicorn (4 workers) on PostgreSQL; 50 clients for 60 s, each its own process: about 70% of
their requests read (the standings, a player's page, a game's page) and 30% record a hand into
their own game (a whole game, then the settlement, then the next). Halfway, one worker is
killed (SIGKILL, as the kernel's out-of-memory killer would); gunicorn starts another. A tablet
whose request dies with the worker sends the same form again (same key), as the hand screen
does after a lost answer.

Afterwards every hand the server acknowledged must be stored exactly once (``lost`` and
``duplicated`` 0) and ``manage.py rebuild_results`` must find nothing to repair. ``errors`` are
the requests that got no answer (the killed worker's) or a server error. The database and the
server are ``bench/_common.py``'s, the tablets ``bench/hand_entry.py``'s. Prints one JSON
object last.
"""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
import os
import random
import signal
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as common
import hand_entry as machinery

SECONDS = 60.0
CLIENTS = 50
THINK = 2.0  # seconds between one client's requests, on average
REDIS_URL = "redis://127.0.0.1:6379/12"  # the two servers' shared cache (sessions)
WRITES = 0.3  # the share of requests that record a hand
BENCH_DB = "tenbou_bench_load"
machinery.CLIENTS = CLIENTS


def reads(setup: dict[str, Any]) -> list[str]:
    return [
        "/c/bench/standings/",
        *(f"/c/bench/players/{player}/" for player in setup["players"]),
        *(common.game_path(game) for game in setup["games"][:10]),
    ]


def visitor(tablet: Any, game: int, ruleset: int, pages: list[str], until: float) -> None:
    """Reads most of the time; records its table's hands the rest, whole games in turn."""
    version, number = 0, 0
    while time.monotonic() < until:
        time.sleep(random.uniform(0.5 * THINK, 1.5 * THINK))
        if random.random() >= WRITES:
            status, _text = get(tablet, random.choice(pages))
            continue
        if number == len(machinery.HANCHAN):
            game, version = machinery.next_game(tablet, game, version, ruleset)
            number = 0
        key = uuid.uuid4().hex
        data = {**machinery.HANCHAN[number], "version": version, "key": key}
        status, text, _headers = tablet.post(common.game_path(game, "hands/"), data)
        if status == 0:  # the answer was lost (a killed worker): the tablet sends it again
            tablet.tally.retries += 1
            status, text, _headers = tablet.post(common.game_path(game, "hands/"), data)
        if not tablet.expect(status, 200, common.game_path(game, "hands/"), text):
            return
        tablet.tally.ack(game, key)
        version = int(machinery.VERSION.findall(text)[0])
        number += 1


def get(tablet: Any, path: str) -> tuple[int, str]:
    started = time.perf_counter()
    try:
        tablet.connection.request("GET", path, headers=tablet.headers)
        response = tablet.connection.getresponse()
        text = response.read().decode(errors="replace")
    except (OSError, machinery.http.client.HTTPException) as error:
        tablet.connection.close()
        tablet.tally.errors.append(f"{path}: {error!r}")
        return 0, ""
    tablet.tally.by_kind.setdefault("read", []).append((time.perf_counter() - started) * 1000)
    if response.status >= 500:
        tablet.tally.errors.append(f"{path}: {response.status}")
    return response.status, text


def client(port: int, session: str, game: int, start: float, results: Any, *args: Any) -> None:
    tally = machinery.Tally()
    tablet = machinery.Tablet(port, session, tally)
    tablet.warm_up(common.game_path(game))
    time.sleep(max(0.0, start - time.monotonic()) + random.uniform(0, THINK))
    visitor(tablet, game, *args, start + SECONDS)
    results.put(tally)


def kill_mid_request(setup: dict[str, Any], port: int, at: float) -> tuple[bool, Any]:
    """At ``at``: a hand posted to the spare game while the bench holds that game's row lock, so
    the worker serving it waits inside its transaction; that worker, found by its connection's
    ``application_name`` in pg_stat_activity ("tenbou PID"), is SIGKILLed there. The lock goes,
    and the tablet sends the same hand again (same key), as the hand screen does after a lost
    answer. (whether the worker died in the middle of the post, the tablet's tally)."""
    import threading

    import psycopg

    time.sleep(max(0.0, at - time.monotonic()))
    game = setup["games"][CLIENTS]  # no client records into it
    tally = machinery.Tally()
    tablet = machinery.Tablet(port, setup["session"], tally)
    path = common.game_path(game, "hands/")
    data = {**machinery.HANCHAN[0], "version": 0, "key": uuid.uuid4().hex}
    url = common.bench_database_url(BENCH_DB)
    answer: dict[str, Any] = {}
    killed = None
    with psycopg.connect(url) as lock, psycopg.connect(url, autocommit=True) as watch:
        lock.execute("SELECT id FROM scoring_game WHERE id = %s FOR UPDATE", (game,))
        posting = threading.Thread(target=lambda: answer.update(first=tablet.post(path, data)))
        posting.start()
        deadline = time.monotonic() + 15
        while killed is None and time.monotonic() < deadline:
            waiting = watch.execute(
                "SELECT application_name FROM pg_stat_activity"
                " WHERE wait_event_type = 'Lock' AND application_name LIKE 'tenbou %'"
            ).fetchall()
            for (name,) in waiting:
                killed = int(name.split()[1])
                os.kill(killed, signal.SIGKILL)
                break
            time.sleep(0.02)
        lock.rollback()
    posting.join(timeout=60)
    status = answer.get("first", (0,))[0]
    cut = killed is not None and status == 0  # the worker died with the answer unsent
    if status == 0:
        tally.retries += 1
        status, _text, _headers = tablet.post(path, data)
    if status == 200:
        tally.ack(game, data["key"])
    return cut, tally


def run(setup: dict[str, Any], ports: list[int]) -> dict[str, Any]:
    results: Any = multiprocessing.Queue()
    start = time.monotonic() + machinery.WARM_UP
    pages = reads(setup)
    processes = [
        multiprocessing.Process(
            target=client,
            args=(port, setup["session"], game, start, results, setup["ruleset"], pages),
        )
        for port, game in zip(ports * CLIENTS, setup["games"][:CLIENTS], strict=False)
    ]
    for process in processes:
        process.start()
    killed_mid_request, tally = kill_mid_request(setup, ports[0], start + SECONDS / 2)
    for _ in processes:
        tally.add(results.get())
    for process in processes:
        process.join()
    lost, duplicated = machinery.check_storage(tally)
    latencies = tally.latencies
    return {
        "bench": "load",
        "seconds": SECONDS,
        "clients": CLIENTS,
        "servers": len(ports),
        "workers": common.WORKERS,
        "p50_p99_ms_by_kind": {
            kind: [round(statistics.median(ms), 1), round(common.percentile(ms, 0.99), 1)]
            for kind, ms in sorted(tally.by_kind.items())
        },
        "error_sample": tally.errors[:5],
        "rebuild_results": rebuild_results(),
        "requests": len(latencies),
        "errors": len(tally.errors),
        "p50_ms": round(statistics.median(latencies), 1),
        "p99_ms": round(common.percentile(latencies, 0.99), 1),
        "lost": lost,
        "duplicated": duplicated,
        "killed_mid_request": killed_mid_request,
        "retries": tally.retries,
        "worker_killed": killed_mid_request,  # the earlier key: now a worker killed mid-post
    }


def rebuild_results() -> str:
    """What ``manage.py rebuild_results`` says of the database afterwards (0 changed: healthy)."""
    from django.core.management import call_command

    out = io.StringIO()
    call_command("rebuild_results", stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def add_players(setup: dict[str, Any]) -> None:
    from clubs.models import Player

    setup["players"] = list(Player.objects.filter(club__slug="bench").values_list("pk", flat=True))


def collect_static() -> None:
    """The pages link the hashed static files a deployment serves (as in production)."""
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=0)


def main() -> None:
    # The hashed static files go to a folder of the run's own, not into the checkout.
    static = tempfile.mkdtemp(prefix="tenbou-static-")
    with common.own_database(BENCH_DB, STATIC_ROOT=static) as env:
        setup = machinery.prepare()
        add_players(setup)
        collect_static()
        with contextlib.ExitStack() as servers:
            ports = [  # two servers, each with its own cache folder: they share only Redis
                servers.enter_context(common.serving({**env, "CACHE_DIR": tempfile.mkdtemp()}))
                for _ in range(2)
            ]
            result = run(setup, ports)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()

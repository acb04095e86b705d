"""Hand entry under load: gunicorn (4 workers) on PostgreSQL, tablets posting hands over HTTP.

16 scorekeepers record K-rule hanchan into their own games (every hand of a whole game, then the
settlement is confirmed and the next game started), and 2 tablets race on one shared game:
both send the same table's hand at the same moment, one is stored and the other gets the
expected conflict (409, counted apart in ``conflicts``) and goes on from the fresh state. Every
tenth post is sent twice with the same key, as a tablet does when an answer is lost.

Each scorekeeper taps a new hand every THINK seconds: a table records one every few minutes, so
this is far above a club's load, and it keeps the figures about answering a hand, not about a
queue that no club makes. After the run every game's stored hands are compared with the hands
the server acknowledged: ``lost`` (acknowledged, not stored) and ``duplicated`` (stored twice,
or stored without being sent) must be 0.

Needs DATABASE_URL to be PostgreSQL (``make bench`` sets the local one): the benchmark makes its
own database beside it and drops it at the end. Prints one JSON object as its last line.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import random
import re
import secrets
import statistics
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

# admin_sql, free_port, server_env, start_server: tests/deploy/test_two_servers.py's, from here.
from _common import (  # noqa: F401
    PLAYERS,
    WORKERS,
    admin_sql,
    club_with_games,
    free_port,
    game_path,
    own_database,
    percentile,
    server_env,
    serving,
    start_server,
)

SECONDS = 30.0
CLIENTS = 16
THINK = 0.5  # seconds between one scorekeeper's taps on "record", on average
WARM_UP = 2.0  # seconds for each client's untimed first requests (every worker loads once)
RETRY_EVERY = 10  # every tenth post is sent again with the same key (a lost answer)
CSRF = secrets.token_hex(16)  # 32 characters: the cookie and the header carry the same secret
VERSION = re.compile(r'<input type="hidden" name="version" value="(\d+)"')
HANDS = re.compile(r'<tr id="hand-(\d+)"')
NOTICE = re.compile(r'role="alert">([^<]+)<')
BENCH_DB = "tenbou_bench_hand_entry"

# One K-rule hanchan as the form posts it: a riichi, a draw, a double ron, a chombo, a dead hand.
HANCHAN: list[dict[str, Any]] = [
    {"result": "ron", "riichi": "1", "ron_winners": "1", "discarder": "2", "value_1": "h3",
     "fu_1": "30"},
    {"result": "draw", "riichi": "0", "tenpai": ["0", "1"]},
    {"result": "ron", "discarder": "2", "ron_winners": ["3", "0"], "value_3": "h2", "fu_3": "30",
     "value_0": "h1", "fu_0": "30"},
    {"result": "chombo", "chombo": "3"},
    {"result": "tsumo", "tsumo_winner": "2", "value_2": "h5"},
    {"result": "draw", "dead": "3", "tenpai": "0"},
    {"result": "ron", "ron_winners": "0", "discarder": "3", "value_0": "h2", "fu_0": "30"},
    {"result": "tsumo", "tsumo_winner": "1", "value_1": "h1", "fu_1": "30"},
    {"result": "ron", "ron_winners": "2", "discarder": "0", "value_2": "h2", "fu_2": "40"},
    {"result": "ron", "ron_winners": "3", "discarder": "1", "value_3": "h1", "fu_3": "30"},
    {"result": "tsumo", "tsumo_winner": "0", "value_0": "h2", "fu_0": "30"},
]  # fmt: skip


def prepare() -> dict[str, Any]:
    """Migrate, then a club, a scorekeeper's session, and 17 games (16 own, 1 shared)."""
    setup = club_with_games(CLIENTS + 2)
    spare = setup["games"].pop()  # a game of its own to count one hand's queries on
    return {**setup, "queries_per_hand": queries_per_hand(spare)}


def queries_per_hand(game: int) -> int:
    """The SQL statements of one hand post, as the server runs it (BEGIN and COMMIT included).

    Posted in this process through Django's test client on the benchmark's database (which
    commits, as the server does), on a game with 12 hands already.
    """
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scoring.models import Game

    client = Client()
    client.force_login(User.objects.get(username="bench"))

    headers = {"HX-Request": "true", "Host": "127.0.0.1"}  # the server's ALLOWED_HOSTS
    version = 0
    draw = {"result": "draw", "tenpai": "0"}  # the dealer keeps the seat: the game goes on
    for _number in range(13):
        data = {**draw, "version": version, "key": uuid.uuid4().hex}
        with CaptureQueriesContext(connection) as queries:
            response = client.post(game_path(game, "hands/"), data, headers=headers)
        version = int(VERSION.findall(response.content.decode())[0])
    Game.objects.filter(pk=game).delete()  # its hands were acknowledged to no tablet
    return len(queries.captured_queries)


@dataclass
class Tally:
    """What a client saw: latencies, and every hand key the server acknowledged per game."""

    by_kind: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    conflicts: int = 0
    retries: int = 0  # posts sent again with the same key after a lost answer
    acked: dict[int, set[str]] = field(default_factory=dict)

    def ack(self, game: int, key: str) -> None:
        self.acked.setdefault(game, set()).add(key)

    def add(self, other: Tally) -> None:
        for kind, ms in other.by_kind.items():
            self.by_kind.setdefault(kind, []).extend(ms)
        self.errors += other.errors
        self.conflicts += other.conflicts
        self.retries += other.retries
        for game, keys in other.acked.items():
            self.acked.setdefault(game, set()).update(keys)

    @property
    def latencies(self) -> list[float]:
        return [ms for values in self.by_kind.values() for ms in values]


class Tablet:
    """One HTTP client with the scorekeeper's session, as htmx posts."""

    def __init__(self, port: int, session: str, tally: Tally) -> None:
        self.port, self.tally = port, tally
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {
            "Cookie": f"sessionid={session}; csrftoken={CSRF}",
            "X-CSRFToken": CSRF,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }

    def post(self, path: str, data: dict[str, Any]) -> tuple[int, str, dict[str, str]]:
        body = urlencode(data, doseq=True)
        started = time.perf_counter()
        try:
            self.connection.request("POST", path, body=body, headers=self.headers)
            response = self.connection.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()
            self.tally.errors.append(f"{path}: {error!r}")
            return 0, "", {}
        elapsed = (time.perf_counter() - started) * 1000
        kind = path.rstrip("/").rsplit("/", 1)[-1]
        self.tally.by_kind.setdefault(kind, []).append(elapsed)
        return response.status, text, dict(response.getheaders())

    def warm_up(self, path: str) -> None:
        """Not timed: each worker's first requests load templates and rules, once per process."""
        for _ in range(3):
            self.connection.request("GET", path, headers=self.headers)
            self.connection.getresponse().read()

    def expect(self, status: int, wanted: int, path: str, text: str = "") -> bool:
        if status != wanted and status != 0:
            said = NOTICE.search(text)
            self.tally.errors.append(f"{path}: {status} {said.group(1) if said else ''}".strip())
        return status == wanted


def pause() -> None:
    """A scorekeeper's time to tap the next hand: THINK on average, never in step with another."""
    time.sleep(random.uniform(0.5 * THINK, 1.5 * THINK))


def scorekeeper(tablet: Tablet, game: int, ruleset: int, until: float) -> None:
    """Record whole games one hand after another; confirm each, then start the next."""
    version, posts = 0, 0
    while time.monotonic() < until:
        for hand in HANCHAN:
            if time.monotonic() >= until:
                return
            key = uuid.uuid4().hex
            data = {**hand, "version": version, "key": key}
            sends = 2 if posts % RETRY_EVERY == RETRY_EVERY - 1 else 1
            for _ in range(sends):
                status, text, _headers = tablet.post(game_path(game, "hands/"), data)
                if not tablet.expect(status, 200, game_path(game, "hands/")):
                    return
                tablet.tally.ack(game, key)
            posts += 1
            version = int(VERSION.findall(text)[0])
            pause()
        game, version = next_game(tablet, game, version, ruleset)


def next_game(tablet: Tablet, game: int, version: int, ruleset: int) -> tuple[int, int]:
    status, text, _ = tablet.post(
        game_path(game, "finish/"), {"version": version, "key": uuid.uuid4().hex}
    )
    tablet.expect(status, 200, game_path(game, "finish/"), text)
    new = {f"player_{seat}": name for seat, name in enumerate(PLAYERS)}
    new.update(ruleset=ruleset, seating="order", entry="hands", played_on="2026-11-22")
    status, _text, headers = tablet.post("/c/bench/games/new/", {**new, "key": uuid.uuid4().hex})
    tablet.expect(status, 200, "/c/bench/games/new/")
    return int(headers["HX-Redirect"].rstrip("/").split("/")[-1]), 0


class SharedTable:
    """The racing pair's game (shared by their two processes); the first starts the next one."""

    def __init__(self, game: int, ruleset: int) -> None:
        self.shared_game = multiprocessing.Value("i", game)
        self.ruleset = ruleset
        self.barrier = multiprocessing.Barrier(2)

    @property
    def game(self) -> int:
        return int(self.shared_game.value)

    @game.setter
    def game(self, game: int) -> None:
        self.shared_game.value = game


def racer(tablet: Tablet, index: int, table: SharedTable, until: float) -> None:
    """Both tablets of a table send its hand at once: one is stored, the other hears 409."""
    try:
        race(index, tablet, table, until)
    except threading.BrokenBarrierError:
        return  # the other tablet stopped
    finally:
        table.barrier.abort()


def race(index: int, tablet: Tablet, table: SharedTable, until: float) -> None:
    version = number = 0
    while True:
        table.barrier.wait()
        if time.monotonic() >= until:
            return
        if number == len(HANCHAN):  # the game ended: confirm it and start the next one
            if index == 0:
                table.game, _ = next_game(tablet, table.game, version, table.ruleset)
            table.barrier.wait()
            version = number = 0
        key = uuid.uuid4().hex
        data = {**HANCHAN[number], "version": version, "key": key}
        status, text, _ = tablet.post(game_path(table.game, "hands/"), data)
        if status == 409:
            tablet.tally.conflicts += 1
        elif tablet.expect(status, 200, game_path(table.game, "hands/")):
            tablet.tally.ack(table.game, key)
        else:
            return
        version = int(VERSION.findall(text)[0]) if VERSION.search(text) else version
        number = max((int(n) for n in HANDS.findall(text)), default=0)
        pause()


def check_storage(tally: Tally) -> tuple[int, int]:
    """(lost, duplicated): the stored hands of each game against the acknowledged keys."""
    from scoring.models import Hand

    stored: dict[int, list[str]] = {}
    for game, key in Hand.objects.values_list("game_id", "idempotency_key"):
        stored.setdefault(game, []).append(key)
    lost = duplicated = 0
    for game in set(stored) | set(tally.acked):
        keys, acked = stored.get(game, []), tally.acked.get(game, set())
        lost += len(acked - set(keys))
        duplicated += len(keys) - len(set(keys)) + len(set(keys) - acked)
    return lost, duplicated


def client(
    port: int, session: str, game: int, start: float, work: Any, results: Any, *args: Any
) -> None:
    """One tablet in a process of its own (no client waits on another's interpreter lock)."""
    tally = Tally()
    tablet = Tablet(port, session, tally)
    tablet.warm_up(game_path(game))
    time.sleep(max(0.0, start - time.monotonic()) + random.uniform(0, THINK))
    work(tablet, *args, start + SECONDS)
    results.put(tally)


def run(setup: dict[str, Any], port: int) -> dict[str, Any]:
    session, ruleset, games = setup["session"], setup["ruleset"], setup["games"]
    table = SharedTable(games[CLIENTS], ruleset)
    results: Any = multiprocessing.Queue()
    start = time.monotonic() + WARM_UP  # every client warms up, then all start together
    jobs = [(game, scorekeeper, game, ruleset) for game in games[:CLIENTS]]
    jobs += [(table.game, racer, index, table) for index in range(2)]
    processes = [
        multiprocessing.Process(
            target=client, args=(port, session, game, start, work, results, *args)
        )
        for game, work, *args in jobs
    ]
    for process in processes:
        process.start()
    tally = Tally()
    for _ in processes:
        tally.add(results.get())
    for process in processes:
        process.join()
    lost, duplicated = check_storage(tally)
    latencies = tally.latencies
    return {
        "bench": "hand_entry",
        "seconds": SECONDS,
        "clients": CLIENTS,
        "racing_clients": 2,
        "workers": WORKERS,
        "think_ms": int(THINK * 1000),
        "p50_p99_ms_by_kind": {
            kind: [round(statistics.median(ms), 1), round(percentile(ms, 0.99), 1)]
            for kind, ms in sorted(tally.by_kind.items())
        },
        "error_sample": tally.errors[:3],
        "p50_ms": round(statistics.median(latencies), 1),
        "p99_ms": round(percentile(latencies, 0.99), 1),
        "requests": len(latencies),
        "conflicts": tally.conflicts,
        "errors": len(tally.errors),
        "lost": lost,
        "duplicated": duplicated,
        "queries_per_hand": setup["queries_per_hand"],
    }


def main() -> None:
    with own_database(BENCH_DB) as env:
        setup = prepare()
        with serving(env) as port:
            result = run(setup, port)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()

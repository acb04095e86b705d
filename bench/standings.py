"""The players' pages at a big club's scale: a league of 10,000 finished K-rule games on PostgreSQL.

A public club ``bench`` with 200 players and one open league of 10,000 finished games (about
100,000 hands) and a few games in progress, and beside it ``bench-small``, the same set-up with 50
games. Each game is drawn hand by hand in memory, every hand checked by the engine's replay (a
hand it refuses is drawn again) until the engine ends the game. Its rows are then made as
``import_record`` leaves them, the derived ones (``HandStat``, ``GameResult``) by the services'
own ``expected_hand_stats`` and ``game_results``, on every core, and copied in with COPY (the
values ``bulk_create`` would send, in a tenth of the time). A sample of games is checked with
``services.rebuild_derived``: it must find nothing to change. The data is kept in a database of
its own and reused while it is whole, so a second run starts measuring at once.

An anonymous visitor (Django's test client, production settings) then asks for each page: a few
untimed requests, the SQL of one (its query count), then REQUESTS timed ones (the median). The
what-if of the whole league under another preset is timed once, warm. The small club's query
counts go beside the big one's: a page whose count grows with the data makes a query per row.
The machine's load average goes in the figures too: a busy machine slows every page.

Ten times the data: ``bench-100k``, 100,000 games (about a million hands) among 1,000 players,
made the same way once (about 6 minutes here) and kept. Its standings, player page and club
home are measured like the others (targets 150, 250 and 150 ms, at most 10 queries); its
what-if runs in a fresh process that reports its own peak memory (target 15 s); and
``rebuild_results --limit`` over 200 and 2,000 of its games, each in a fresh process, shows
that rebuilding takes memory that does not grow with the games (the same peak for both).
Keys: ``standings_100k_p50_ms``, ``player_100k_p50_ms``, ``home_100k_p50_ms`` (and their
``_queries``), ``whatif_100k_s``, ``whatif_100k_peak_mb``, ``rebuild_N_games_s`` and
``rebuild_N_games_peak_mb``.

Needs DATABASE_URL to be PostgreSQL (``make bench`` sets the local one; unset, the local server).
Prints one JSON object as its last line.
"""

from __future__ import annotations

import datetime
import itertools
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _common import server_env  # noqa: E402

from scoring.engine import NextHand, RecordError, read_record, replay, resolve_options  # noqa: E402

LOCAL_PG = "postgres://tenbou@127.0.0.1:5432/tenbou"
BENCH_DB = "tenbou_bench_standings"
DATA_VERSION = 1  # in the league's name: data drawn by an older generator is drawn again
SEED = 20261122
DAYS = 365  # the league's games are spread over its last year
IN_PROGRESS = 4
QUALIFICATION_GAMES = 20
REQUESTS, WARM_UPS = 30, 3
WHAT_IF_PRESET = "mleague"
SAMPLE_CHECKED = 8  # games whose derived rows are compared with what the services rebuild
GAMES_PER_TASK = 250  # games a worker process draws and derives at a time


@dataclass(frozen=True)
class Scale:
    slug: str
    games: int
    players: int


BIG = Scale("bench", 10_000, 200)
SMALL = Scale("bench-small", 50, 20)
HUGE = Scale("bench-100k", 100_000, 1_000)  # ten times the games, five times the players
HUGE_REQUESTS = 10
HUGE_TARGETS = {"standings": (150, 10), "player": (250, 10), "home": (150, 10)}
WHATIF_100K_TARGET_S = 15
REBUILD_SAMPLE = 2_000  # games of the big clubs rebuilt to measure rebuild_results' memory

# -- drawing games (the engine only: runs in worker processes) ------------------------------

# How a hand ends, per thousand hands, and how much the wins are worth (a club's numbers).
OUTCOMES = {"ron": 500, "tsumo": 310, "draw": 180, "chombo": 2}
RIICHI, TENPAI_AT_DRAW, OPEN_WIN, DOUBLE_RON, YAKUMAN, STOP = 0.16, 0.4, 0.5, 0.006, 0.0025, 0.8
HAN = {1: 26, 2: 30, 3: 20, 4: 10, 5: 8, 6: 3, 8: 2, 11: 0.5}
FU_RON = {30: 45, 40: 40, 50: 10, 60: 5}
FU_TSUMO = {20: 30, 30: 35, 40: 25, 50: 10}
K_RULE = resolve_options({"preset": "k_rule"})


def _pick(weights: dict[Any, float], rng: random.Random) -> Any:
    return rng.choices(list(weights), list(weights.values()))[0]


def _value(riichi: bool, tsumo: bool, rng: random.Random) -> dict[str, Any]:
    if rng.random() < YAKUMAN:
        return {"yakuman": 1}
    han = _pick(HAN, rng)
    value: dict[str, Any] = {"han": han}
    if han < 5:
        value["fu"] = _pick(FU_TSUMO if tsumo else FU_RON, rng)
    if not riichi and rng.random() < OPEN_WIN:
        value["open"] = True
    return value


def _win(winner: int, riichi: list[int], tsumo: bool, rng: random.Random) -> dict[str, Any]:
    return {"winner": winner, **_value(winner in riichi, tsumo, rng)}


def _draw_hand(at: NextHand, rng: random.Random) -> dict[str, Any]:
    """A hand as a table might play it; the engine judges it afterwards."""
    seats = range(4)
    riichi = [s for s in seats if at.scores[s] >= 1000 and rng.random() < RIICHI]
    kind = _pick(OUTCOMES, rng)
    if kind == "chombo":
        return {"riichi": riichi, "result": {"type": "chombo", "seat": rng.choice(seats)}}
    if kind == "draw":
        tenpai = [s for s in seats if s in riichi or rng.random() < TENPAI_AT_DRAW]
        return {"riichi": riichi, "result": {"type": "draw", "tenpai": tenpai}}
    winner = rng.choices(seats, [3 if s in riichi else 1 for s in seats])[0]
    if kind == "tsumo":
        return {"riichi": riichi, "result": {"type": "tsumo", **_win(winner, riichi, True, rng)}}
    discarder = rng.choice([s for s in seats if s != winner])
    winners = [winner]
    if rng.random() < DOUBLE_RON:
        winners.append(rng.choice([s for s in seats if s not in (winner, discarder)]))
    winners.sort(key=lambda seat: (seat - discarder) % 4)  # the head first (上家優先)
    wins = [_win(seat, riichi, False, rng) for seat in winners]
    return {"riichi": riichi, "result": {"type": "ron", "from": discarder, "wins": wins}}


def _replayed(hands: list[dict[str, Any]]) -> Any:
    document = {"format": "tenbou-game/1", "ruleset": K_RULE, "players": list("ABCD")}
    return replay(read_record({**document, "hands": hands}))


def draw_game(rng: random.Random) -> list[dict[str, Any]]:
    """A whole game, hand by hand until the engine ends it; a refused hand is drawn again.

    An all-last dealer who wins into the top mostly stops there (和了止め, K-rule's option).
    """
    hands: list[dict[str, Any]] = []
    at = _replayed(hands).next_hand
    while at is not None:
        hand = _draw_hand(at, rng)
        try:
            replayed = _replayed([*hands, hand])
        except RecordError:
            continue
        if _may_stop(hand, replayed, at) and rng.random() < STOP:
            hand = {**hand, "stop": True}
            replayed = _replayed([*hands, hand])
        hands.append(hand)
        at = replayed.next_hand
    return hands


def _may_stop(hand: dict[str, Any], replayed: Any, at: NextHand) -> bool:
    """The all-last dealer won and is top: the game goes on only if the dealer wants."""
    scores = replayed.hands[-1].scores
    won = hand["result"]["type"] in ("ron", "tsumo") and at.dealer in _winners(hand)
    return at.last_hand and replayed.final is None and won and max(scores) == scores[at.dealer]


def _winners(hand: dict[str, Any]) -> set[int]:
    result = hand["result"]
    return (
        {result["winner"]} if result["type"] == "tsumo" else {w["winner"] for w in result["wins"]}
    )


# -- the database ----------------------------------------------------------------------------


def database_urls() -> tuple[str, str | None]:
    """(DATABASE_URL, the bench's own database beside it, or None if it cannot be made)."""
    url = os.environ.get("DATABASE_URL") or LOCAL_PG
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit(
            "bench/standings.py measures on PostgreSQL only, and DATABASE_URL is "
            f"{url.split(':')[0]} (SQLite's plans and timings say nothing of a club's server)."
            " Unset DATABASE_URL for the local server, or run `make bench`."
        )
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True) as connection:
            query = "SELECT 1 FROM pg_database WHERE datname = %s"
            if connection.execute(query, [BENCH_DB]).fetchone() is None:
                connection.execute(f"CREATE DATABASE {BENCH_DB}")  # owned by the URL's role
    except psycopg.errors.InsufficientPrivilege:
        return url, None
    except psycopg.OperationalError as error:
        sys.exit(f"cannot reach PostgreSQL at DATABASE_URL: {error}")
    return url, urlunsplit(urlsplit(url)._replace(path=f"/{BENCH_DB}"))


def production_env(database_url: str) -> dict[str, str]:
    """Production settings (DEBUG off), as the other benches' servers, for the test client's
    host."""
    return {**server_env(database_url), "ALLOWED_HOSTS": "testserver"}


# -- storing a club --------------------------------------------------------------------------


def league_name() -> str:
    return f"Bench league (data v{DATA_VERSION})"


def ready(slug: str, scale: Scale) -> bool:
    """Whether the club is there with all its data, and its derived rows are the services'."""
    from clubs.models import League
    from scoring.models import Game, GameResult, GameStatus, Hand, HandStat

    league = League.objects.filter(club__slug=slug, name=league_name()).first()
    if league is None:
        return False
    games = Game.objects.filter(league=league)
    finished = games.filter(status=GameStatus.FINISHED).count()
    hands = Hand.objects.filter(game__league=league).count()
    counts_hold = (
        finished == scale.games
        and games.filter(status=GameStatus.ONGOING).count() == IN_PROGRESS
        and HandStat.objects.filter(game__league=league).count() == 4 * hands
        and GameResult.objects.filter(game__league=league).count() == 4 * finished
    )
    return counts_hold and not derived_differ(league)


def derived_differ(league: Any) -> int:
    """Rows of a sample of games that ``services.rebuild_derived`` had to change (0: healthy)."""
    from scoring import services
    from scoring.models import Game

    ids = sorted(Game.objects.filter(league=league).values_list("pk", flat=True))
    sample = random.Random(SEED).sample(ids, min(SAMPLE_CHECKED, len(ids))) + ids[-1:]
    changed = 0
    for game in services.games().filter(pk__in=sample):
        rebuilt = services.rebuild_derived(game)
        changed += rebuilt.hand_stats + rebuilt.results
    return changed


def remove_club(slug: str) -> None:
    from clubs.models import Club
    from scoring.models import Game, GameLog, GameResult, Hand, HandStat, Seat

    for model in (HandStat, GameResult, Hand, Seat, GameLog):
        model.objects.filter(game__club__slug=slug).delete()
    Game.objects.filter(club__slug=slug).delete()
    Club.objects.filter(slug=slug).delete()


def make_club(slug: str, scale: Scale, seed: int) -> None:
    """The club, its K-rule ruleset and open league, players, and every game (one transaction).

    The games' rows are made beside it on every core (see ``derive``) and copied in as they come.
    """
    from django.apps import apps
    from django.db import connection, connections, transaction

    remove_club(slug)
    connections.close_all()  # fork before any connection: the workers must share none
    with multiprocessing.get_context("fork").Pool(os.cpu_count()) as pool, transaction.atomic():
        version, games = new_games(slug, scale, random.Random(seed))
        tasks = [
            (seed + n, version, games[start : start + GAMES_PER_TASK])
            for n, start in enumerate(range(0, len(games), GAMES_PER_TASK))
        ]
        for rows in pool.imap(derive, tasks):
            for label, values in rows.items():
                copy_in(apps.get_model(label), values)
    with connection.cursor() as cursor:  # as a server's autovacuum would: the plans need it
        for model in ("game", "seat", "hand", "gamelog", "handstat", "gameresult"):
            cursor.execute(f"VACUUM ANALYZE scoring_{model}")


def new_games(slug: str, scale: Scale, rng: random.Random) -> tuple[int, list[Planned]]:
    """The club and its games' rows (no hands yet): (the ruleset version's id, the games)."""
    from clubs.models import Club, League, Player, Ruleset, RulesetVersion, TieBreak
    from scoring.models import Game, GameStatus

    club = Club.objects.create(name=f"Bench {slug}", slug=slug, is_public=True)
    ruleset = Ruleset.objects.create(club=club, name="Kルール", preset="k_rule")
    version = RulesetVersion.objects.create(ruleset=ruleset, number=1, options=K_RULE)
    club.default_ruleset = ruleset
    club.save(update_fields=["default_ruleset"])
    today = datetime.date.today()
    league = League.objects.create(
        club=club,
        name=league_name(),
        ruleset=ruleset,
        starts_on=today - datetime.timedelta(days=DAYS),
        qualification_games=QUALIFICATION_GAMES,
        tie_breaks=[TieBreak.AVERAGE_RANK, TieBreak.FIRSTS],
    )
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n:03d}") for n in range(scale.players)
    )
    count = scale.games + IN_PROGRESS
    games = Game.objects.bulk_create(
        Game(
            club=club,
            ruleset_version=version,
            league=league,
            table_label=f"{n % 8 + 1}卓",
            played_on=today - datetime.timedelta(days=max(0, DAYS - n * DAYS // scale.games)),
            status=GameStatus.FINISHED if n < scale.games else GameStatus.ONGOING,
        )
        for n in range(count)
    )
    tables = seatings([player.pk for player in players], count, rng)
    return version.pk, [
        Planned(game.pk, table, game.status == GameStatus.FINISHED)
        for game, table in zip(games, tables, strict=True)
    ]


def seatings(players: list[int], count: int, rng: random.Random) -> list[list[int]]:
    """Four different players a game, the first players much more often (a club's regulars)."""
    weights = list(itertools.accumulate(1 / (n + 20) for n in range(len(players))))
    tables = []
    for _ in range(count):
        table: list[int] = []
        while len(table) < 4:
            player = rng.choices(players, cum_weights=weights)[0]
            if player not in table:
                table.append(player)
        tables.append(table)
    return tables


class Planned(NamedTuple):
    """A stored game whose rows are still to make: its id, players in seat order, state."""

    game: int
    players: list[int]
    finished: bool


def derive(task: tuple[int, int, list[Planned]]) -> dict[str, list[tuple[Any, ...]]]:
    """In a worker: draw the games, and their rows as ``import_record`` leaves them (seats,
    hands, a log line, and the derived rows as the services build them), ready to copy in.

    A game in progress gets the first half of a drawn game (a strict beginning: not ended).
    """
    from clubs.models import Player, RulesetVersion
    from scoring import services
    from scoring.models import Game, GameLog, GameStatus, Hand, Seat

    seed, version_id, planned = task
    rng = random.Random(seed)
    version = RulesetVersion(pk=version_id, options=K_RULE)
    rows: dict[str, list[tuple[Any, ...]]] = {}
    for game_id, players, finished in planned:
        drawn = draw_game(rng)
        drawn = drawn if finished else drawn[: max(1, len(drawn) // 2)]
        status = GameStatus.FINISHED if finished else GameStatus.ONGOING
        game = Game(pk=game_id, ruleset_version=version, status=status)
        seats = [
            Seat(game=game, seat=n, player=Player(pk=pk, name=f"{pk}"))
            for n, pk in enumerate(players)
        ]
        hands = [Hand(game=game, number=n, data=hand) for n, hand in enumerate(drawn, 1)]
        game._prefetched_objects_cache = {"seats": seats, "hands": hands}  # as games() reads
        state = services.game_state(game)
        for objects in (
            seats,
            hands,
            [GameLog(game=game, action="imported")],
            services.expected_hand_stats(game, state),
            services.game_results(game, state),
        ):
            if objects:
                rows.setdefault(objects[0]._meta.label, []).extend(prepared(objects))
    return rows


def stored_fields(model: Any) -> list[Any]:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


def prepared(objects: list[Any]) -> Iterator[tuple[Any, ...]]:
    """The values ``bulk_create`` would send for ``objects`` (``auto_now`` dates set), as
    plain values a worker can hand back (JSON as its text)."""
    from django.db import DEFAULT_DB_ALIAS, connections
    from psycopg.types.json import Jsonb

    connection = connections[DEFAULT_DB_ALIAS]  # the wrapper itself: no proxy on every value
    fields = stored_fields(objects[0])
    for obj in objects:
        values = [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]
        yield tuple(
            (value.dumps or json.dumps)(value.obj) if isinstance(value, Jsonb) else value
            for value in values
        )


def copy_in(model: Any, rows: list[tuple[Any, ...]]) -> None:
    """``rows`` into ``model``'s table with COPY (a bulk insert without building the SQL)."""
    from django.db import connection

    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in stored_fields(model))
    sql = f"COPY {quote(model._meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)


# -- measuring -------------------------------------------------------------------------------

TARGETS = {"standings": (80, 10), "player": (150, None), "home": (80, 10), "game": (None, None)}


class PageError(Exception):
    """A page that did not answer 200 with what it should show."""


@dataclass
class Measured:
    p50_ms: float | None = None
    cpu_p50_ms: float | None = None  # this process's CPU alone: no database, no waiting
    queries: int | None = None
    sql_ms: float | None = None  # the counted request's time in its queries
    error: str = ""
    slowest: str = ""  # the slowest query of the counted request, for the notes


def get(client: Any, url: str, shows: str = "") -> str:
    response = client.get(url)
    if response.status_code != 200:
        raise PageError(f"HTTP {response.status_code}")
    text = response.content.decode()
    if shows and shows not in text:
        raise PageError(f"the page does not show {shows!r}")
    return text


def measure(client: Any, url: str, shows: str = "", requests: int = REQUESTS) -> Measured:
    """Warm-up requests, the SQL of one, then the median of ``requests`` timed ones."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    try:
        for _ in range(WARM_UPS):
            get(client, url, shows)
        with CaptureQueriesContext(connection) as captured:
            get(client, url, shows)
        queries = list(captured.captured_queries)  # the next request empties the log
        times, cpu = [], []
        for _ in range(requests):
            started, started_cpu = time.perf_counter(), time.process_time()
            get(client, url)
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
    except Exception as error:  # a page being written may be missing or broken: say so
        last = traceback.format_exception_only(error)[-1].strip()
        return Measured(error=last[:300])
    slowest = max(queries, key=lambda query: float(query["time"]), default=None)
    return Measured(
        p50_ms=round(statistics.median(times), 1) if times else None,
        cpu_p50_ms=round(statistics.median(cpu), 1) if cpu else None,
        queries=len(queries),
        sql_ms=round(sum(float(query["time"]) for query in queries) * 1000, 1),
        slowest=f"{float(slowest['time']) * 1000:.1f} ms: {slowest['sql'][:160]}"
        if slowest
        else "",
    )


def timed_once(
    client: Any, url: str, shows: str
) -> tuple[float | None, float | None, int | None, str]:
    """(seconds, CPU seconds, queries, error) of one request after an untimed one."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    try:
        get(client, url, shows)
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            get(client, url, shows)
            seconds, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    except Exception as error:
        return None, None, None, traceback.format_exception_only(error)[-1].strip()[:300]
    return round(seconds, 3), round(cpu, 3), len(captured), ""


@dataclass(frozen=True)
class BenchClub:
    """What the pages of one bench club are asked about."""

    urls: dict[str, str]
    whatif: str  # the what-if's address without its query
    regular: str  # the name of the player with the most games
    seated: str  # the name of a player of the game whose page is measured
    games: int
    hands: int
    game_hands: int  # the hands of the game whose page is measured
    slug: str = ""


def bench_club(slug: str) -> BenchClub:
    from django.db.models import Count
    from django.urls import reverse

    from clubs.models import League, Player
    from scoring.models import Game, GameStatus, Hand

    league = League.objects.get(club__slug=slug, name=league_name())
    regular = (
        Player.objects.filter(results__game__league=league)
        .annotate(played=Count("results"))
        .order_by("-played", "pk")
        .first()
    )
    assert regular is not None
    finished = Game.objects.filter(league=league, status=GameStatus.FINISHED)
    game = finished.order_by("-played_on", "-pk").first()
    assert game is not None
    return BenchClub(
        urls={
            "standings": reverse("standings:league", args=[slug, league.pk]),
            "player": reverse("standings:player", args=[slug, regular.pk]) + f"?league={league.pk}",
            "game": reverse("games:game", args=[slug, game.pk]),
            "home": reverse("standings:home", args=[slug]),
        },
        whatif=reverse("standings:whatif", args=[slug, league.pk]),
        regular=regular.name,
        seated=game.seats.select_related("player").first().player.name,  # type: ignore[union-attr]
        games=finished.count(),
        hands=Hand.objects.filter(game__league=league).count(),
        game_hands=game.hands.count(),
        slug=slug,
    )


def shows(page: str, club: BenchClub) -> str:
    """What a page must show to count as answered: a player of its game on the game page, the
    regular player on the others but the home page (which shows only the leaders)."""
    return {"home": "", "game": club.seated}.get(page, club.regular)


def whatif_query(client: Any, club: BenchClub) -> str:
    """The what-if's query that shows the comparison (``?preset=``, or the older ``?rules=``)."""
    for query in (f"?preset={WHAT_IF_PRESET}", f"?rules=preset:{WHAT_IF_PRESET}"):
        try:
            get(client, club.whatif + query, club.regular)
        except Exception:  # the next form of the query may be the one
            continue
        return query
    return f"?preset={WHAT_IF_PRESET}"


def whatif_cold_s(club: BenchClub) -> float:
    """The what-if computed afresh (``whatif_s`` is the page seen again, from the cache)."""
    from clubs.models import League
    from standings.whatif import find_target, what_if

    league = League.objects.get(club__slug=club.slug, name=league_name())
    target = find_target(league.club, f"preset:{WHAT_IF_PRESET}")
    started = time.perf_counter()
    what_if(league, target)
    return round(time.perf_counter() - started, 3)


def run(big: BenchClub, small: BenchClub) -> tuple[dict[str, Any], dict[str, str]]:
    from django.test import Client

    client = Client()
    result: dict[str, Any] = {}
    errors: dict[str, str] = {}
    notes: dict[str, str] = {}
    measured = {page: measure(client, url, shows(page, big)) for page, url in big.urls.items()}
    few = {page: measure(client, url, shows(page, small), 0) for page, url in small.urls.items()}
    query = whatif_query(client, small)
    *_s, small_whatif_queries, small_error = timed_once(client, small.whatif + query, small.regular)
    whatif_s, whatif_cpu, whatif_queries, whatif_error = timed_once(
        client, big.whatif + query, big.regular
    )
    for page in ("standings", "player", "game", "home"):
        result[f"{page}_p50_ms"] = measured[page].p50_ms
        result[f"{page}_queries"] = measured[page].queries
        if measured[page].error:
            errors[page] = measured[page].error
        notes[page] = measured[page].slowest
    result["whatif_s"] = whatif_s
    result["whatif_cold_s"] = whatif_cold_s(big)
    result["ratings_rebuild_s"] = ratings_rebuild_s(big)
    if whatif_error or small_error:
        errors["whatif"] = whatif_error or small_error
    for page in ("standings", "player", "game", "home"):
        result[f"{page}_queries_small"] = few[page].queries
    for page in ("standings", "player", "game", "home"):
        result[f"{page}_cpu_p50_ms"] = measured[page].cpu_p50_ms
        result[f"{page}_sql_ms"] = measured[page].sql_ms
    result["whatif_cpu_s"] = whatif_cpu
    result["whatif_queries"] = whatif_queries
    result["whatif_queries_small"] = small_whatif_queries
    result["whatif_query"] = query
    result["errors"] = errors
    return result, notes


def ratings_rebuild_s(club: BenchClub) -> float:
    """Every rating of the league computed from scratch (the cache bypassed): target 5 s."""
    from clubs.models import League
    from standings.ratings import rate_league

    league = League.objects.get(pk=int(club.whatif.rstrip("/").split("/")[-2]))
    started = time.perf_counter()
    rated = rate_league(league)
    seconds = time.perf_counter() - started
    assert len(rated) > 0
    return round(seconds, 2)


def report(result: dict[str, Any], notes: dict[str, str]) -> None:
    """One line a page: its figures against the targets, and its slowest query."""
    for page, (ms, queries) in TARGETS.items():
        p50, count = result[f"{page}_p50_ms"], result[f"{page}_queries"]
        missed = [
            f"{what} over {limit}"
            for what, value, limit in (("p50", p50, ms), ("queries", count, queries))
            if limit is not None and value is not None and value > limit
        ]
        verdict = "MISSED: " + ", ".join(missed) if missed else "ok"
        print(
            f"{page}: p50 {p50} ms (CPU {result[f'{page}_cpu_p50_ms']} ms, SQL "
            f"{result[f'{page}_sql_ms']} ms), {count} queries ({result[f'{page}_queries_small']}"
            f" on the small league), {verdict}; slowest query {notes[page] or '-'}"
        )
    print(
        f"what-if under {WHAT_IF_PRESET}: {result['whatif_s']} s (CPU {result['whatif_cpu_s']} s)"
        f", target 2 s; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )


# -- the whole run ---------------------------------------------------------------------------


def prepare(scales: list[Scale]) -> dict[str, float]:
    """Migrate, then make each club that is not there as it should be; seconds per club made."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    made = {}
    for n, scale in enumerate(scales):
        if ready(scale.slug, scale):
            continue
        started = time.perf_counter()
        make_club(scale.slug, scale, SEED + 1000 * n)
        made[scale.slug] = round(time.perf_counter() - started, 1)
        if not ready(scale.slug, scale):
            sys.exit(f"{scale.slug}: the stored derived rows are not the services' own")
        print(f"generated {scale.slug}: {scale.games} games in {made[scale.slug]} s")
    return made


def child(args: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Run this bench in a ``--child-...`` mode in a fresh Python: the JSON it prints last."""
    import subprocess

    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError((done.stderr.strip().splitlines() or ["failed"])[-1])
    return json.loads(done.stdout.strip().splitlines()[-1])


def own_peak_mb() -> float:
    """This process's own peak resident memory: ``VmHWM`` of ``/proc/self/status`` (kB), which
    starts afresh with the program. Not ``getrusage``'s ``ru_maxrss``, which Linux keeps across
    ``execve``: a child started by the bench then reports the bench's own size when it forked
    (the parent's caches), not its own."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        import resource

        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    return round(int(line.split()[1]) / 1024, 1)


def whatif_child(slug: str, query: str) -> None:
    """In a fresh process: one what-if of ``slug``'s league (after nothing else), timed."""
    from django.conf import settings
    from django.test import Client
    from django.test.utils import override_settings

    club = bench_club(slug)
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        client = Client()
        started = time.perf_counter()
        get(client, club.whatif + query, club.regular)
        seconds = time.perf_counter() - started
    import resource

    # The what-if's worker processes (one per core) count too: the largest one's peak, times
    # how many there were, beside this process's own.
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    workers = int(settings.WHATIF_PROCESSES or os.cpu_count() or 1) if child_mb else 0
    print(
        json.dumps(
            {
                "seconds": round(seconds, 2),
                "peak_mb": round(own_peak_mb() + workers * child_mb, 1),
                "own_peak_mb": own_peak_mb(),
                "worker_peak_mb": round(child_mb, 1),
                "workers": workers,
            }
        )
    )


def rebuild_child(slug: str, games: int) -> None:
    """In a fresh process: ``rebuild_results`` over the first ``games`` games of ``slug``."""
    from django.core.management import call_command

    started = time.perf_counter()
    call_command("rebuild_results", club=slug, limit=games, stdout=sys.stderr)
    seconds = round(time.perf_counter() - started, 2)
    print(json.dumps({"seconds": seconds, "peak_mb": own_peak_mb()}))


def measure_100k(huge: Scale, env: dict[str, str], query: str) -> dict[str, Any]:
    """The pages of the 100,000-game league, its what-if and rebuild_results' memory."""
    from django.test import Client

    club = bench_club(huge.slug)
    client = Client()
    result: dict[str, Any] = {}
    for page, url in club.urls.items():
        if page not in HUGE_TARGETS:
            continue
        found = measure(client, url, shows(page, club), HUGE_REQUESTS)
        result[f"{page}_100k_p50_ms"] = found.p50_ms
        result[f"{page}_100k_queries"] = found.queries
        if found.error:
            result.setdefault("errors_100k", {})[page] = found.error
    result["ratings_rebuild_100k_s"] = ratings_rebuild_s(club)
    try:
        answer = child(["--child-whatif", huge.slug, query], env)
        result["whatif_100k_s"] = answer["seconds"]
        result["whatif_100k_peak_mb"] = answer["peak_mb"]  # this process and its workers
        result["whatif_100k_workers"] = answer["workers"]
        result["whatif_100k_worker_peak_mb"] = answer["worker_peak_mb"]
    except RuntimeError as error:
        result.setdefault("errors_100k", {})["whatif"] = str(error)[:300]
    # rebuild_results reads its games in chunks: its peak memory over a few games and over ten
    # times as many must be the same (it does not grow with the number of games).
    for games in (REBUILD_SAMPLE // 10, REBUILD_SAMPLE):
        try:
            answer = child(["--child-rebuild", huge.slug, str(games)], env)
        except RuntimeError as error:
            result.setdefault("errors_100k", {})["rebuild"] = str(error)[:300]
            break
        result[f"rebuild_{games}_games_s"] = answer["seconds"]
        result[f"rebuild_{games}_games_peak_mb"] = answer["peak_mb"]
    return result


def report_100k(result: dict[str, Any]) -> None:
    for page, (ms, queries) in HUGE_TARGETS.items():
        p50, count = result.get(f"{page}_100k_p50_ms"), result.get(f"{page}_100k_queries")
        verdict = "ok" if p50 is not None and p50 <= ms and (count or 0) <= queries else "MISSED"
        print(f"100k {page}: p50 {p50} ms, {count} queries (target {ms} ms, {queries}): {verdict}")
    print(
        f"100k what-if: {result.get('whatif_100k_s')} s (target {WHATIF_100K_TARGET_S} s), "
        f"peak {result.get('whatif_100k_peak_mb')} MB"
    )


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1].startswith("--child-"):
        import django

        django.setup()
        if sys.argv[1] == "--child-whatif":
            whatif_child(sys.argv[2], sys.argv[3])
        else:
            rebuild_child(sys.argv[2], int(sys.argv[3]))
        return
    url, own = database_urls()
    scales = [BIG, SMALL, HUGE]
    if own is None:  # no database of our own: a slug nothing else uses, in the given one
        scales = [replace(scale, slug=f"bench-standings-{scale.slug}") for scale in scales]
    env = production_env(own or url)
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import override_settings

    made = prepare(scales)
    big, small = bench_club(scales[0].slug), bench_club(scales[1].slug)
    # Production's static storage needs collectstatic's manifest: the plain one names the files.
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        result, notes = run(big, small)
        huge = measure_100k(scales[2], env, result["whatif_query"])
    report(result, notes)
    report_100k(huge)
    errors = result.pop("errors")
    errors.update(huge.pop("errors_100k", {}))
    result.update(huge)
    result.update(
        games=big.games,
        hands=big.hands,
        players=scales[0].players,
        in_progress=IN_PROGRESS,
        game_page_hands=big.game_hands,
        small_games=small.games,
        requests=REQUESTS,
        whatif_preset=WHAT_IF_PRESET,
        generation_s=made.get(scales[0].slug),
        database=own.rsplit("/", 1)[-1] if own else "DATABASE_URL's own",
        load_1m=round(os.getloadavg()[0], 2),
        errors=errors,
    )
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()

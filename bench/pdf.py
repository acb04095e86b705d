"""The PDF reports' speed: standings of 200 players, a 20-hand game sheet, a player's report,
a tournament round of 200 players (its seating sheet and its 50 table cards) and a player's
report of all their 300 games.

Works on the database DATABASE_URL names; unset, a fresh SQLite file in a temporary directory.
A league of 200 players is written directly (``bulk_create`` of games, seats and results, as
``tests/standings/factories.py::result_game`` leaves them), a 20-hand game and a player's short
games are played through the services (the sheet and the charts need hands). Each report is
rendered once untimed, then REPEATS times: the median goes in the figures. The game sheet is
another module's (``reports/games.py``): while it is missing its figures are null.

The renders are the renderer's own: the cache of rendered PDFs (``reports.render``) is off while
they are timed, and the time a kept PDF takes to come back is given apart (``*_cached_s``).
Prints one JSON object as its last line, with the machine's load when it started (``load_1m``).
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

REPEATS = 5
PLAYERS, GAMES = 200, 600  # 12 games each: every player qualifies (10 games)
DAY = datetime.date(2026, 9, 1)
TOURNAMENT_PLAYERS, ALL_GAMES = 200, 300
TARGETS = {
    "standings_s": 1.0,
    "game_sheet_s": 0.3,
    "player_report_s": 1.0,
    "seating_200_s": 1.0,
    "cards_200_s": 1.0,
    "player_all_games_s": 1.0,
}
SHEET_KB = 200
SITE = "https://tenbou.example.org"  # as a request gives it: the reports draw their QR codes


def setup() -> None:
    if not os.environ.get("DATABASE_URL"):
        folder = tempfile.mkdtemp(prefix="tenbou-bench-pdf-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("CACHE_DIR", tempfile.mkdtemp(prefix="tenbou-bench-pdf-cache-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tenbou.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_club() -> Any:
    from clubs.models import Club, Ruleset, RulesetVersion
    from scoring.engine import resolve_options

    slug = f"bench-pdf-{int(time.time())}"
    club = Club.objects.create(name="ベンチ麻雀会", slug=slug)
    ruleset = Ruleset.objects.create(club=club, name="Kルール")
    RulesetVersion.objects.create(
        ruleset=ruleset, number=1, options=resolve_options({"preset": "k_rule"})
    )
    return club


def make_league(club: Any) -> Any:
    """200 players, 600 finished games of four, written row by row in three inserts."""
    from clubs.models import League, Player
    from scoring.models import Game, GameStatus

    version = club.rulesets.get().current_version()
    league = League.objects.create(
        club=club, name="ベンチリーグ", ruleset=version.ruleset, qualification_games=10
    )
    people = Player.objects.bulk_create(
        Player(club=club, name=f"選手{n:03d}") for n in range(1, PLAYERS + 1)
    )
    games = Game.objects.bulk_create(
        Game(
            club=club,
            ruleset_version=version,
            league=league,
            played_on=DAY + datetime.timedelta(days=n % 90),
            status=GameStatus.FINISHED,
        )
        for n in range(GAMES)
    )
    seat_and_settle(
        games, [[people[(n * 4 + seat * 7) % PLAYERS] for seat in range(4)] for n in range(GAMES)]
    )
    return league


def seat_and_settle(games: list[Any], tables: list[list[Any]]) -> None:
    """Each game's table seated in order, and settled the same way (first to fourth by seat):
    its seats and results written in two inserts."""
    from scoring.models import GameResult, Seat

    seats, results = [], []
    for game, table in zip(games, tables, strict=True):
        for seat, (player, points) in enumerate(zip(table, (45.3, 5.1, -15.2, -35.2), strict=True)):
            seats.append(Seat(game=game, seat=seat, player=player))
            results.append(
                GameResult(
                    game=game,
                    seat=seat,
                    player=player,
                    rank=seat + 1,
                    points=Decimal(str(points)),
                    final_score=(50300, 30100, 14800, 4800)[seat],
                )
            )
    Seat.objects.bulk_create(seats)
    GameResult.objects.bulk_create(results)


def play_sheet_game(club: Any) -> Any:
    """Twenty hands: the dealer tenpai at each draw (renchan), then a ron ends the honba run."""
    from scoring import services

    version = club.rulesets.get().current_version()
    game = services.start_game(
        club,
        ruleset_version=version,
        players=["東家", "南家", "西家", "北家"],
        played_on=DAY,
        table_label="1卓",
    )
    for number in range(20):
        state = services.game_state(services.games().get(pk=game.pk))
        tenpai = [0] if number % 2 else [0, 2]
        hand = {"riichi": [], "result": {"type": "draw", "tenpai": tenpai}}
        services.record_hand(game, hand, version=state.version, key=f"sheet-{number}")
    return services.games().get(pk=game.pk)


def report_player(club: Any) -> tuple[Any, Any]:
    """A player with real hands in a league of their own (both charts drawn)."""
    from clubs.models import League, Player
    from tests.standings.factories import play_short_games

    version = club.rulesets.get().current_version()
    league = League.objects.create(club=club, name="個人リーグ", ruleset=version.ruleset)
    names = ["青木", "馬場", "千葉", "土井", "江藤"]
    play_short_games(version, league, names)
    return Player.objects.get(club=club, name="青木"), league


def round_of_200(club: Any) -> Any:
    """A tournament of 200 checked-in players, its first round drawn and published (50 tables,
    each with its game: the codes open the games' pages)."""
    from tournaments import services

    tournament = services.create_tournament(
        club, name="ベンチ大会", starts_on=DAY, ruleset=club.rulesets.get(), rounds=4
    )
    names = [f"大会選手{n:03d}" for n in range(1, TOURNAMENT_PLAYERS + 1)]
    entries = services.register(tournament, names)
    services.check_in_many(tournament, [entry.pk for entry in entries])
    (round_,) = services.draw_rounds(tournament, [1], "random")
    return services.publish_round(round_, played_on=DAY)


def player_of_many_games(club: Any) -> Any:
    """A player with ALL_GAMES finished games in no league, among a changing three (results as
    ``make_league`` writes them): the report of all their games."""
    from clubs.models import Player
    from scoring.models import Game, GameStatus

    version = club.rulesets.get().current_version()
    main, *others = Player.objects.bulk_create(
        Player(club=club, name=name) for name in ["全局選手", *(f"相手{n:02d}" for n in range(12))]
    )
    games = Game.objects.bulk_create(
        Game(
            club=club,
            ruleset_version=version,
            played_on=DAY + datetime.timedelta(days=n // 4),
            status=GameStatus.FINISHED,
            table_label=f"{n % 8 + 1}卓",
        )
        for n in range(ALL_GAMES)
    )
    tables = []
    for n in range(ALL_GAMES):
        table = [main, *(others[(n + k * 4) % len(others)] for k in range(3))]
        tables.append(table[n % 4 :] + table[: n % 4])  # the player's place moves round the table
    seat_and_settle(games, tables)
    return main


def median_seconds(render: Callable[[], bytes]) -> tuple[float, int]:
    """(median seconds of REPEATS renders after one untimed, size in bytes)."""
    size = len(render())
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        render()
        times.append(time.perf_counter() - started)
    return round(statistics.median(times), 3), size


def game_sheet(club: Any) -> tuple[float | None, float | None, str]:
    try:
        from reports.games import game_sheet_pdf
    except ImportError as error:
        return None, None, f"reports.games not there yet: {error}"
    game = play_sheet_game(club)
    seconds, size = median_seconds(lambda: game_sheet_pdf([game], language="ja", site=SITE))
    return seconds, round(size / 1024, 1), ""


def tournament_pdfs(club: Any) -> tuple[float, float]:
    """(seating sheet, table cards) of a round of 200 players."""
    from tournaments.reports import round_pdf

    round_ = round_of_200(club)
    seating_s, _size = median_seconds(lambda: round_pdf(round_, "seating", "ja", SITE))
    cards_s, _size = median_seconds(lambda: round_pdf(round_, "cards", "ja", SITE))
    return seating_s, cards_s


def cached_seconds(render: Callable[[], bytes]) -> float:
    """The median time a PDF rendered once comes back from the cache of rendered PDFs."""
    from reports import render as renderer

    renderer.CACHE_PDFS = True
    try:
        return median_seconds(render)[0]
    finally:
        renderer.CACHE_PDFS = False


def main() -> None:
    load = os.getloadavg()[0]
    setup()
    from reports import render as renderer
    from reports.league import player_pdf, standings_pdf

    renderer.CACHE_PDFS = False  # the renders themselves are timed; the cache apart
    club = make_club()
    league = make_league(club)
    standings = lambda: standings_pdf(league, language="ja", site=SITE)  # noqa: E731
    standings_s, standings_size = median_seconds(standings)
    player, own = report_player(club)
    player_s, _size = median_seconds(lambda: player_pdf(player, own, language="ja"))
    sheet_s, sheet_kb, note = game_sheet(club)
    seating_s, cards_s = tournament_pdfs(club)
    everything = player_of_many_games(club)
    all_games = lambda: player_pdf(everything, None, language="ja")  # noqa: E731
    all_games_s, _size = median_seconds(all_games)
    result = {
        "standings_s": standings_s,
        "game_sheet_s": sheet_s,
        "player_report_s": player_s,
        "game_sheet_kb": sheet_kb,
        "seating_200_s": seating_s,
        "cards_200_s": cards_s,
        "player_all_games_s": all_games_s,
        "standings_cached_s": cached_seconds(standings),
        "player_all_games_cached_s": cached_seconds(all_games),
        "load_1m": round(load, 2),
    }
    missed = [key for key, limit in TARGETS.items() if (result[key] or 0) > limit]
    if sheet_kb is not None and sheet_kb > SHEET_KB:
        missed.append("game_sheet_kb")
    print(
        f"standings of {PLAYERS} players ({GAMES} games): {standings_s} s, "
        f"{standings_size // 1024} KB; player report {player_s} s; game sheet {sheet_s} s, "
        f"{sheet_kb} KB {note}; seating {seating_s} s, cards {cards_s} s ({TOURNAMENT_PLAYERS} "
        f"players); all {ALL_GAMES} games {all_games_s} s; cached standings "
        f"{result['standings_cached_s']} s; load {result['load_1m']}; "
        f"targets {'missed: ' + ', '.join(missed) if missed else 'met'}"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()

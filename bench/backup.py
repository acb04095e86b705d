"""A club of 1,000 games exported, then imported into an empty database: the same results.

Three processes: the first makes the club in a fresh SQLite database (the demo's hand
generator, every game recorded through ``import_record``) and exports it; the second imports the
document into another fresh database; each prints a digest of what the players read (the
league's standings, every game's points). The two digests must be equal. Prints one JSON object
last: ``games``, ``export_s``, ``import_s``, ``document_mb`` and ``identical``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = 1000


def setup(database: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tenbou.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make(document: str) -> dict[str, Any]:
    import datetime
    import random

    from backups.export import export_club
    from clubs.models import Club, League, Ruleset, RulesetVersion
    from scoring import services
    from scoring.engine import resolve_options
    from scoring.management.commands import demo

    club = Club.objects.create(name="千局麻雀会", slug="sennkyoku")
    ruleset = Ruleset.objects.create(club=club, name="Kルール", preset="k_rule")
    version = RulesetVersion.objects.create(
        ruleset=ruleset, number=1, options=resolve_options({"preset": "k_rule"})
    )
    league = League.objects.create(club=club, name="通年リーグ", ruleset=ruleset)
    names = demo.PLAYERS
    rng = random.Random(GAMES)
    day = datetime.date(2026, 1, 1)
    for number in range(GAMES):
        hands = demo._a_game(version.options, rng)
        players = rng.sample(names, 4)
        record = {"players": players, "hands": hands}
        services.import_record(
            club,
            record,
            ruleset_version=version,
            played_on=day + datetime.timedelta(days=number // 8),
            table_label=f"{number % 8 + 1}卓",
            league=league,
        )
    started = time.perf_counter()
    exported = export_club(club)
    Path(document).write_text(json.dumps(exported, ensure_ascii=False, default=str))
    return {"export_s": round(time.perf_counter() - started, 2), **digest(club)}


def restore(document: str) -> dict[str, Any]:
    from backups.restore import restore_club

    started = time.perf_counter()
    club = restore_club(json.loads(Path(document).read_text()))
    return {"import_s": round(time.perf_counter() - started, 2), **digest(club)}


def digest(club: Any) -> dict[str, Any]:
    from scoring.models import GameResult
    from standings.tables import league_standings

    rows = league_standings(club.leagues.get()).rows
    results = GameResult.objects.filter(game__club=club).order_by("game__played_on", "game__pk")
    return {
        "games": club.games.count(),
        "standings": [[r.name, str(r.total), r.games, r.places, r.place] for r in rows],
        "points": [
            [r.game.table_label, r.seat, r.player.name, str(r.points), r.rank]
            for r in results.select_related("game", "player").order_by(
                "game__played_on", "game__table_label", "seat"
            )
        ],
    }


def stage(name: str, database: str, document: str) -> dict[str, Any]:
    run = subprocess.run(
        [sys.executable, __file__, name, database, document],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    folder = tempfile.mkdtemp(prefix="tenbou-bench-backup-")
    document = f"{folder}/club.json"
    made = stage("make", f"{folder}/a.sqlite3", document)
    restored = stage("restore", f"{folder}/b.sqlite3", document)
    same = all(made[key] == restored[key] for key in ("games", "standings", "points"))
    print(f"{made['games']} games, {len(made['points'])} results; identical: {same}")
    print(
        json.dumps(
            {
                "games": made["games"],
                "export_s": made["export_s"],
                "import_s": restored["import_s"],
                "document_mb": round(Path(document).stat().st_size / 1e6, 1),
                "identical": same,
            }
        )
    )


if __name__ == "__main__":
    if len(sys.argv) == 4:
        setup(sys.argv[2])
        result = make(sys.argv[3]) if sys.argv[1] == "make" else restore(sys.argv[3])
        print(json.dumps(result, ensure_ascii=False))
    else:
        main()

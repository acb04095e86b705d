"""The hand calculator's answer time: what a tablet waits for after each tap.

Works on the database DATABASE_URL names; unset, a fresh SQLite file in a temporary directory.
A scorekeeper's client asks the panel's answer (``games:count``, a GET through the whole Django
stack: session, permission, the game's ruleset, the count, the answer's HTML) for the hands a
scorekeeper builds tap by tap: every prefix of 14 tap sequences (a pinfu, a chiitoitsu, an open
hand with a kan, yakuman, a hand with five of a tile ...), so that incomplete hands, problems
and full counts are all in the figures. Each is asked once untimed, then REPEATS (20) times, so
that the 99th percentile is not one sample. The tap a scorekeeper waits on is the last one (the
count of the full hand): ``answer_last_tap_p50_ms`` / ``_p99_ms`` are those alone,
``answer_p50_ms`` / ``_p99_ms`` every tap. ``bare_count_p50_ms`` is ``count_hand`` alone (the
library's share).

Prints one JSON object as its last line; the target is 100 ms from the last tap.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.calculator.tiles import parse_tiles, text_of  # noqa: E402

REPEATS = 20
TARGETS = {"answer_last_tap_p99_ms": 100.0}
# (hand as tapped, calls, dora indicators, situation)
SEQUENCES: list[tuple[str, str, str, dict[str, str]]] = [
    ("234789m12345666p", "", "", {"tsumo": "on", "riichi": "on"}),
    ("1199m3377p5599s2z2z", "", "", {}),
    ("1199m3377p5599s44z2z", "", "1z", {"riichi": "on"}),
    ("234m340p67p345s77s8p", "", "7s", {"riichi": "on"}),
    ("222m33p", "p777z c435s k1111p", "", {}),
    ("19m19p19s1234567z1m", "", "", {"tsumo": "on"}),
    ("11122233344455m", "", "", {}),
    ("2233444555667s8s", "", "", {"riichi": "on"}),
    ("55555p123m456s111z", "", "", {}),
    ("123m456p789s11z23s5s", "", "", {}),
    ("234m456p345678s2z2z", "", "", {}),
    ("123p345p567p999p8p8p", "", "", {"tsumo": "on"}),
    ("2311m1m", "a9999s p222z c546p", "", {"tsumo": "on"}),
    ("555666777z111z22z", "", "", {}),
]


def setup() -> None:
    if not os.environ.get("DATABASE_URL"):
        folder = tempfile.mkdtemp(prefix="tenbou-bench-calculator-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tenbou.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def game_and_client() -> tuple[Any, Any]:
    from django.contrib.auth.models import User
    from django.test import Client

    from clubs.models import Club, Membership, Role, Ruleset, RulesetVersion
    from scoring import services
    from scoring.engine import resolve_options

    stamp = int(time.time() * 1000)
    club = Club.objects.create(name="ベンチ麻雀会", slug=f"bench-calc-{stamp}")
    ruleset = Ruleset.objects.create(club=club, name="天鳳")
    version = RulesetVersion.objects.create(
        ruleset=ruleset, number=1, options=resolve_options({"preset": "tenhou"})
    )
    user = User.objects.create_user(f"kiroku-{stamp}", password="x")
    Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
    game = services.start_game(
        club,
        ruleset_version=version,
        players=["青木", "馬場", "千葉", "土井"],
        played_on=datetime.date(2026, 11, 25),
        user=user,
    )
    client = Client(HTTP_HOST="localhost")  # as ALLOWED_HOSTS has it
    client.force_login(user)
    return game, client


def prefixes(hand: str) -> list[str]:
    """The hand as it grows tap by tap, in the notation the panel writes."""
    tiles = parse_tiles(hand, "hand")
    return [text_of(tiles[: i + 1]) for i in range(len(tiles))]


def main() -> None:
    setup()
    from scoring.calculator.hand import Situation, count_hand, read_hand
    from scoring.calculator.problems import HandProblem
    from scoring.engine import ruleset_from_spec

    game, client = game_and_client()
    url = f"/c/{game.club.slug}/games/{game.pk}/calculator/1/count/"
    every, last = [], []
    for hand, melds, dora, situation in SEQUENCES:
        steps = prefixes(hand)
        for step, text in enumerate(steps):
            params = {"seat_wind": "S", "round_wind": "E", "hand": text, "melds": melds,
                      "dora": dora, **situation}  # fmt: skip
            response = client.get(url, params)
            assert response.status_code == 200, response.content[:300]
            for _ in range(REPEATS):
                start = time.perf_counter()
                client.get(url, params)
                elapsed = (time.perf_counter() - start) * 1000
                every.append(elapsed)
                if step == len(steps) - 1:
                    last.append(elapsed)
    rules = ruleset_from_spec({"preset": "tenhou"})
    bare = []
    for hand, melds, dora, situation in SEQUENCES:
        flags = dict.fromkeys(situation, True)
        for _ in range(REPEATS):
            start = time.perf_counter()
            with contextlib.suppress(HandProblem):
                count_hand(read_hand(hand, melds, dora, "", Situation(**flags)), rules)
            bare.append((time.perf_counter() - start) * 1000)

    def percentile(values: list[float], q: int) -> float:
        return round(statistics.quantiles(values, n=100)[q - 1], 2)

    figures = {
        "answers": len(every),
        "answer_p50_ms": percentile(every, 50),
        "answer_p99_ms": percentile(every, 99),
        "answer_last_tap_p50_ms": percentile(last, 50),
        "answer_last_tap_p99_ms": percentile(last, 99),
        "bare_count_p50_ms": percentile(bare, 50),
        "load": round(os.getloadavg()[0], 2),
        "targets": TARGETS,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()

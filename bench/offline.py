"""A table through a Wi-Fi outage: 50 hands recorded offline on a tablet, then synced.

gunicorn on PostgreSQL (``bench/_common.py``'s machinery), Debian's chromium through
Playwright as the tablet: the scorekeeper opens the game online (the service worker keeps its
screen), the network goes off, 50 hands are tapped and sent (each a draw with every seat tenpai,
so the dealer keeps the seat and the game goes on), the network comes back, and the tablet
sends the waiting hands in order until its screen shows all of them.

Prints ``hands_queued``, ``hands_saved`` (stored in the database), ``duplicated`` and ``lost``
(targets 0), ``sync_s`` (from the network's return to the server's screen with every hand:
target 10 s) and ``queue_s`` (the 50 hands' entry offline) as JSON on its last line.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import club_with_games, game_path, own_database, serving, tablet_browser

HANDS = 50
BENCH_DB = "tenbou_bench_offline"


def tablet(port: int, session: str, game: int) -> dict[str, float | int]:
    from playwright.sync_api import expect

    with tablet_browser(port, session) as page:
        page.goto(game_path(game))
        expect(page.locator("#offline-banner")).to_have_attribute("data-kept", "yes")
        page.context.set_offline(True)
        started = time.perf_counter()
        for count in range(1, HANDS + 1):
            page.locator("#entry label:has(input[name='result'][value='draw'])").click()
            for seat in range(4):
                page.locator(f"#entry label:has(input[name='tenpai'][value='{seat}'])").click()
            page.locator("#entry button.confirm").click()
            expect(page.locator("#offline-queue .queued")).to_have_count(count)
        queue_s = time.perf_counter() - started
        started = time.perf_counter()
        page.context.set_offline(False)
        rows = page.locator("table.hands tbody tr")
        expect(rows).to_have_count(HANDS, timeout=120_000)
        sync_s = time.perf_counter() - started
        queued_left = page.locator("#offline-queue .queued").count()
    return {"queue_s": round(queue_s, 2), "sync_s": round(sync_s, 2), "left": queued_left}


def main() -> None:
    os.environ.setdefault("DATABASE_URL", "postgres://tenbou@127.0.0.1:5432/tenbou")
    static, cache = tempfile.mkdtemp(prefix="tenbou-static-"), tempfile.mkdtemp(prefix="tenbou-")
    with own_database(BENCH_DB, STATIC_ROOT=static, CACHE_DIR=cache) as env:
        from django.core.management import call_command

        from scoring.models import Hand

        setup = club_with_games(1)
        call_command("collectstatic", interactive=False, verbosity=0)
        game = setup["games"][0]
        with serving(env) as port:
            seen = tablet(port, setup["session"], game)
        numbers = list(Hand.objects.filter(game_id=game).values_list("number", flat=True))
        stored = list(Hand.objects.filter(game_id=game).values_list("data", flat=True))
        saved = len(numbers)
        result = {
            "hands_queued": HANDS,
            "hands_saved": saved,
            "duplicated": max(0, saved - HANDS),
            "lost": max(0, HANDS - saved),
            "in_order": sorted(numbers) == list(range(1, saved + 1)),
            "all_draws": all(data["result"]["type"] == "draw" for data in stored),
            "left_waiting": seen["left"],
            "sync_s": seen["sync_s"],
            "queue_s": seen["queue_s"],
        }
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()

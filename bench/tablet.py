"""The hand screen as a tablet waits for it: tap "record" until the new hand is on the screen.

gunicorn (4 workers) on PostgreSQL and Debian's chromium through Playwright at tablet size
(``bench/_common.py``). A scorekeeper records HANDS hands (after WARM_UP untimed ones), game after
game: each a non-dealer's win of 1 to 3 han 30 fu, by ron and by tsumo in turn, so the deal
moves on; when a game ends, the next one is opened (untimed). For each hand the taps up to the
han are untimed; then two are timed:

- the fu (the tap that completes the hand) until the live preview shows its payments: the
  ``preview_*`` figures. htmx asks for the preview PREVIEW_DELAY_MS after the last change (the
  form's ``hx-trigger``), so a preview never takes less than that;
- "record" until the new row of the hand list is painted: the ``record_*`` figures.

Each is timed in the page, not through Playwright's round trips: performance.now() at the click
event, a MutationObserver for the change, then the frame after it (requestAnimationFrame, then a
task: the frame has been painted). The server's part, ``*_server_*``: the request's Resource
Timing in the browser, responseEnd - requestStart (on the loopback, the server's time and little
else); ``*_app_*``: gunicorn's own time for the request (its access log's %(D)s), every record
and every preview of the run. Prints one JSON object as its last line.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import club_with_games, game_path, own_database, percentile, serving, tablet_browser

HANDS = 50
WARM_UP = 4  # untimed hands first: each gunicorn worker loads its code and templates once
GAMES = 12  # more than the hands need (a K-rule game of these hands ends after 8 to 12)
PREVIEW_DELAY_MS = 150  # the form's hx-trigger="change from:#entry delay:150ms"
BENCH_DB = "tenbou_bench_tablet"
TABLET = {"width": 1024, "height": 768}
ACCESS_LOG_FORMAT = "%(m)s %(U)s %(s)s %(D)s"  # method, path, status, microseconds

# In every page the tablet opens: timed() arms a timer for the next click; done() waits for it.
TIMER = """
performance.setResourceTimingBufferSize(100000);
window.tenbouBench = {
  timed(selector, path) {
    window.tenbouBench.done = new Promise((resolve) => {
      let clicked = null;
      document.addEventListener("click", () => { clicked = performance.now(); },
                                {capture: true, once: true});
      const observer = new MutationObserver(() => {
        if (clicked === null || !document.querySelector(selector)) return;
        observer.disconnect();
        const changed = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();  // a task after the frame: it is painted
          channel.port1.onmessage = () => {
            const painted = performance.now();
            const sent = performance.getEntriesByType("resource").filter(
              (entry) => entry.startTime >= clicked && new URL(entry.name).pathname === path);
            const request = sent[sent.length - 1];
            resolve({
              ms: painted - clicked,
              dom_ms: changed - clicked,
              server_ms: request ? request.responseEnd - request.requestStart : null,
            });
          };
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document.documentElement, {childList: true, subtree: true});
    });
  },
};
"""


class Tablet:
    """Taps on the hand screen (as tests/browser/test_hand_entry.py's scorekeeper does)."""

    def __init__(self, page: Any, games: list[int]) -> None:
        self.page, self.games = page, list(games)
        self.game, self.recorded = 0, 0  # the game on the screen, its hands so far
        self.next_game()

    def next_game(self) -> None:
        self.game, self.recorded = self.games.pop(0), 0
        self.page.goto(game_path(self.game))
        self.page.locator("#entry").wait_for()

    def tap(self, name: str, value: str | int) -> None:
        self.page.locator(f"#entry label:has(input[name='{name}'][value='{value}'])").click()

    def quiet(self) -> None:
        """Until the previews the untimed taps asked for have come back (none waits or runs)."""
        self.page.wait_for_timeout(PREVIEW_DELAY_MS + 100)
        self.page.wait_for_function("() => !document.querySelector('.htmx-request')")

    def timed(self, selector: str, path: str, tap: Any) -> dict[str, float]:
        if self.page.locator(selector).count():
            raise SystemExit(f"{selector} is on the screen before the tap")
        self.page.evaluate(
            "([selector, path]) => tenbouBench.timed(selector, path)", [selector, path]
        )
        tap()
        return dict(self.page.evaluate("tenbouBench.done"))

    def hand(self) -> tuple[dict[str, float], dict[str, float]]:
        """The next hand: (the fu tap's preview, the record tap's new row)."""
        number = self.recorded  # no dealer wins and no draws: the deal moves on every hand
        winner, han = (number + 1) % 4, 1 + number % 3
        if number % 2 == 0:
            self.tap("result", "ron")
            self.tap("ron_winners", winner)
            self.tap("discarder", (number + 2) % 4)
        else:
            self.tap("result", "tsumo")
            self.tap("tsumo_winner", winner)
        self.tap(f"value_{winner}", f"h{han}")
        self.quiet()
        preview = self.timed(
            "#preview table.payments",
            game_path(self.game, "hands/preview/"),
            lambda: self.tap(f"fu_{winner}", 30),
        )
        self.recorded += 1
        record = self.timed(
            f"#hand-{self.recorded}",
            game_path(self.game, "hands/"),
            lambda: self.page.locator("#entry button.confirm").click(),
        )
        if not self.page.locator("#entry").count():  # the game ended: the settlement shows
            self.next_game()
        return preview, record


def app_times(log: Path) -> dict[str, list[float]]:
    """gunicorn's milliseconds for each answered record and preview, in order."""
    times: dict[str, list[float]] = {"record": [], "preview": []}
    for line in log.read_text().splitlines():
        method, path, status, micros = line.split()
        if method != "POST" or status != "200":
            continue
        if path.endswith("/hands/"):
            times["record"].append(int(micros) / 1000)
        elif path.endswith("/hands/preview/"):
            times["preview"].append(int(micros) / 1000)
    return times


def summary(name: str, seen: list[dict[str, float]], app: list[float]) -> dict[str, Any]:
    total = [one["ms"] for one in seen]
    server = [one["server_ms"] for one in seen]
    return {
        f"{name}_p50_ms": round(statistics.median(total), 1),
        f"{name}_p99_ms": round(percentile(total, 0.99), 1),
        f"{name}_server_p50_ms": round(statistics.median(server), 1),
        f"{name}_app_p50_ms": round(statistics.median(app), 1),
        f"{name}_dom_p50_ms": round(statistics.median(one["dom_ms"] for one in seen), 1),
        f"{name}_server_share": round(
            statistics.median(part / whole for part, whole in zip(server, total, strict=True)), 2
        ),
    }


def main() -> None:
    os.environ.setdefault("DATABASE_URL", "postgres://tenbou@127.0.0.1:5432/tenbou")
    static, cache = tempfile.mkdtemp(prefix="tenbou-static-"), tempfile.mkdtemp(prefix="tenbou-")
    log = Path(cache) / "access.log"
    options = ["--access-logfile", str(log), "--access-logformat", ACCESS_LOG_FORMAT]
    with own_database(BENCH_DB, STATIC_ROOT=static, CACHE_DIR=cache) as env:
        from django.core.management import call_command

        setup = club_with_games(GAMES)
        call_command("collectstatic", interactive=False, verbosity=0)
        with (
            serving(env, 4, *options) as port,
            tablet_browser(port, setup["session"], viewport=TABLET) as page,
        ):
            page.add_init_script(TIMER)
            for _ in range(8):  # the page once from every worker, untimed
                page.goto(game_path(setup["games"][-1]))
            tablet = Tablet(page, setup["games"][:-1])
            seen = [tablet.hand() for _ in range(WARM_UP + HANDS)][WARM_UP:]
    app = app_times(log)
    result = {
        **summary("record", [record for _preview, record in seen], app["record"]),
        **summary("preview", [preview for preview, _record in seen], app["preview"]),
        "preview_delay_ms": PREVIEW_DELAY_MS,
        "hands": len(seen),
        "load_1m": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()

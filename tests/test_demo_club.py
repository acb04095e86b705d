"""The demo's rows kept between test runs are made again whenever what makes them changes."""

from __future__ import annotations

import datetime
from pathlib import Path

from tests.demo_club import demo_key

DAY = datetime.date(2026, 11, 29)


def test_the_kept_demo_is_made_again_after_any_change_to_the_apps_or_another_day(
    tmp_path: Path,
) -> None:
    command = tmp_path / "scoring" / "management" / "commands" / "demo.py"
    command.parent.mkdir(parents=True)
    command.write_text("GAMES = 300\n")
    (tmp_path / "tenbou").mkdir()
    first = demo_key(DAY, tmp_path)
    assert demo_key(DAY, tmp_path) == first  # the same files: the same key

    command.write_text("GAMES = 301\n")
    changed = demo_key(DAY, tmp_path)
    assert changed != first

    migration = tmp_path / "clubs" / "migrations" / "0042_more.py"
    migration.parent.mkdir(parents=True)
    migration.write_text("")
    assert demo_key(DAY, tmp_path) != changed  # a new migration, even an empty one

    preset = tmp_path / "scoring" / "engine" / "presets.json"
    preset.parent.mkdir(parents=True)
    before = demo_key(DAY, tmp_path)
    preset.write_text("{}")
    assert demo_key(DAY, tmp_path) != before  # the engine's data as well as its code
    assert demo_key(DAY + datetime.timedelta(days=1), tmp_path) != demo_key(DAY, tmp_path)

    kept = demo_key(DAY, tmp_path)
    (tmp_path / "scoring" / "templates").mkdir()
    (tmp_path / "scoring" / "templates" / "game.html").write_text("<p>")
    assert demo_key(DAY, tmp_path) == kept  # a page's template makes no rows

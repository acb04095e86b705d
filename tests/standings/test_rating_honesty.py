"""The ratings' honesty check (``scripts/ratings_honesty.py``, docs/stats.md): ratings order
players of known strength better with more games, and their 95% range holds the truth about
95% of the time (here: at least 90%, at most 100%, as the docs state)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ratings_honesty.py"
# Games each -> the lowest mean rank correlation allowed (docs/stats.md states these limits)
ORDERING = {10: 0.35, 30: 0.5, 100: 0.65}
CALIBRATION = (0.90, 1.0)


def honesty() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ratings_honesty", SCRIPT)
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ratings_order_forty_players_of_known_strength_and_their_range_holds_the_truth() -> None:
    check = honesty()
    found = check.check(8, check.scale(long_leagues=2, sessions=500))
    for games, (mean, _lowest, inside) in found.items():
        assert mean >= ORDERING[games], (games, mean)
        assert CALIBRATION[0] <= inside <= CALIBRATION[1], (games, inside)
    means = [found[games][0] for games in sorted(found)]
    assert means == sorted(means)  # more games, a better order

"""The ratings' honesty check (docs/stats.md): leagues of 40 players whose true strengths are
known, rated by Tenbou's own rating code (``standings.ratings.rate``, what every page uses).

Each player's true strength is drawn from a normal curve (deviation 1); in each session the 40
players sit at ten random tables, and each one's final score goes by their strength plus the
game's luck, four times as large (a normal deviation of 4: mahjong is mostly luck game by game;
the strongest of 40 then finish first about 40% of the time, where a strong club player is
nearer 30%: real leagues are luckier still), places going by score.

The shown rating is on OpenSkill's scale, the truth on its own: the truth is put on the
rating's scale by the straight line that the ratings of long leagues (1,000 games each) settle
on. After 10, 30 and 100 games each, it measures how the ratings order the players (Spearman's
rank correlation of the rating with the true strength) and how often the true strength lies
inside the shown 95% range (calibration). Usage: ``python scripts/ratings_honesty.py
[LEAGUES]`` prints the docs' table; ``tests/standings/test_rating_honesty.py`` keeps it true.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tenbou.settings")
django.setup()

from standings.ratings import Z_95, Rating, rate  # noqa: E402

PLAYERS = 40
CHECKPOINTS = (10, 30, 100)
LUCK = 4.0  # the game's luck, against a deviation of 1 between the players' strengths


def play(seed: int, sessions: int, checkpoints: tuple[int, ...]) -> dict[int, Any]:
    """A league: at each checkpoint (games each), the truth and the ratings then."""
    rng = random.Random(seed)
    truth = [rng.gauss(0, 1) for _ in range(PLAYERS)]
    games: list[list[tuple[int, int]]] = []
    found: dict[int, Any] = {}
    for session in range(1, sessions + 1):
        seats = rng.sample(range(PLAYERS), PLAYERS)
        for start in range(0, PLAYERS, 4):
            table = seats[start : start + 4]
            score = {p: truth[p] + rng.gauss(0, LUCK) for p in table}
            by_score = sorted(table, key=score.__getitem__, reverse=True)
            games.append([(p, by_score.index(p) + 1) for p in table])
        if session in checkpoints:
            found[session] = (truth, rate(games))
    return found


def rank_correlation(xs: list[float], ys: list[float]) -> float:
    def ranks(values: list[float]) -> list[int]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0] * len(values)
        for rank, index in enumerate(order):
            out[index] = rank
        return out

    return statistics.correlation(ranks(xs), ranks(ys))


def scale(long_leagues: int = 4, sessions: int = 1000) -> tuple[float, float]:
    """The line (slope, intercept) from true strength to the rating's mu, fitted on long
    leagues (seeds of their own, apart from the checked ones)."""
    xs: list[float] = []
    ys: list[float] = []
    for seed in range(10_000, 10_000 + long_leagues):
        truth, ratings = play(seed, sessions, (sessions,))[sessions]
        xs += truth
        ys += [ratings[p].mu for p in range(PLAYERS)]
    slope, intercept = statistics.linear_regression(xs, ys)
    return slope, intercept


def check(leagues: int, line: tuple[float, float]) -> dict[int, tuple[float, float, float]]:
    """Games each -> (mean rank correlation, the lowest league's, share inside the range)."""
    slope, intercept = line
    found: dict[int, list[tuple[float, float]]] = {games: [] for games in CHECKPOINTS}
    for seed in range(leagues):
        for games, (truth, ratings) in play(seed, max(CHECKPOINTS), CHECKPOINTS).items():
            shown: list[Rating] = [ratings[p] for p in range(PLAYERS)]
            inside = sum(
                abs(intercept + slope * t - r.mu) <= Z_95 * r.sigma
                for t, r in zip(truth, shown, strict=True)
            )
            correlation = rank_correlation(truth, [r.mu for r in shown])
            found[games].append((correlation, inside / PLAYERS))
    return {
        games: (
            statistics.mean(c for c, _ in runs),
            min(c for c, _ in runs),
            statistics.mean(i for _, i in runs),
        )
        for games, runs in found.items()
    }


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print("| Games each | Rank correlation: mean (lowest league) | True strength inside the ± |")
    print("|---:|---:|---:|")
    for games, (mean, lowest, inside) in check(count, scale()).items():
        print(f"| {games} | {mean:.2f} ({lowest:.2f}) | {100 * inside:.1f}% |")

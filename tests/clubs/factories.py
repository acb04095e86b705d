"""Building clubs for the tests: clubs, users with an email, players, games already played.

Games are made of rows directly (``Game``, ``Seat``, ``Hand``, and the derived ``GameResult`` and
``HandStat`` from the engine's replay), so these tests depend on the models and the engine only.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User

from clubs.models import Club, Player, RulesetVersion
from clubs.ruleset_fields import initial
from scoring.engine import replay_record
from scoring.engine.rules import preset_options
from scoring.models import Game, GameResult, GameStatus, Hand, HandStat, Seat

# Members (logged in by force_login) and rulesets are built as the scoring tests build them.
from tests.scoring.factories import make_member, make_ruleset

__all__ = ["make_member", "make_ruleset"]

PASSWORD = "correct-horse-battery"
DAY = datetime.date(2026, 11, 22)
NAMES = ("青木", "馬場", "千葉", "土井")

# Hand 1: seat 1 rons seat 2 with 30 fu 4 han: 7,700 (8,000 with kiriage). Hand 2: a draw.
RON_30_FU_4_HAN = {
    "result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]}
}
DRAW = {"riichi": [0], "result": {"type": "draw", "tenpai": [0, 3]}}


def make_club(slug: str, *, public: bool = False, name: str = "") -> Club:
    return Club.objects.create(name=name or f"{slug}麻雀会", slug=slug, is_public=public)


def make_user(username: str) -> User:
    return User.objects.create_user(username, f"{username}@example.org", PASSWORD)


def make_players(club: Club, names: tuple[str, ...] = NAMES) -> list[Player]:
    return [Player.objects.create(club=club, name=name) for name in names]


def play_game(
    version: RulesetVersion, players: list[Player], hands: list[dict[str, Any]] | None = None
) -> Game:
    """A finished game (ended early after its hands) with the derived rows services keep."""
    hands = [RON_30_FU_4_HAN, DRAW] if hands is None else hands
    game = Game.objects.create(
        club=players[0].club,
        ruleset_version=version,
        played_on=DAY,
        status=GameStatus.FINISHED,
        forced_end=True,
        forced_end_reason="time",
    )
    Seat.objects.bulk_create(Seat(game=game, seat=s, player=p) for s, p in enumerate(players))
    Hand.objects.bulk_create(Hand(game=game, number=n, data=h) for n, h in enumerate(hands, 1))
    replayed = replay_record(game.record())
    assert replayed["ok"], replayed
    for number, row in enumerate(replayed["hands"], 1):
        HandStat.objects.bulk_create(
            HandStat(
                game=game,
                hand_number=number,
                seat=seat,
                player=players[seat],
                delta=row["deltas"][seat],
                score_after=row["scores"][seat],
                dealer=row["dealer"] == seat,
            )
            for seat in range(len(players))
        )
    final = replayed["final"]
    GameResult.objects.bulk_create(
        GameResult(
            game=game,
            seat=seat,
            player=players[seat],
            final_score=final["scores"][seat],
            rank=final["ranks"][seat],
            points=final["points"][seat],
        )
        for seat in range(len(players))
    )
    return game


def editor_data(preset: str, name: str, **changes: Any) -> dict[str, Any]:
    """What the editor posts for a preset's options, with some inputs changed."""
    data = {
        key: value for key, value in initial(preset_options(preset)).items() if value is not False
    }
    data.update({"name": name, "preset": preset, "note": ""}, **changes)
    return {key: value for key, value in data.items() if value is not None}

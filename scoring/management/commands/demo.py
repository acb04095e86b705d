"""``python manage.py demo``: a demo club with real-looking games, for ``make run``.

A demo admin (the login is printed), eight players, a K-rule ruleset (the club's default) and a
Tenhou-rules one, six finished games and one in progress. Every hand goes through the services,
so the engine accepts each of them. Running it again changes nothing. Development only: it is
the one place that makes this account.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Membership, Role, Ruleset
from clubs.services import save_ruleset
from scoring import services
from scoring.engine import RecordError
from scoring.models import Game

LOGIN = ("demo", "demo-tenbou")
PLAYERS = ["青木", "馬場", "千葉", "土井", "江藤", "藤田", "後藤", "橋本"]
# (ruleset, days ago, table, finished): six finished games and one still being played.
GAMES = [
    ("k_rule", 6, "1卓", True),
    ("k_rule", 6, "2卓", True),
    ("tenhou", 5, "1卓", True),
    ("k_rule", 3, "1卓", True),
    ("tenhou", 3, "2卓", True),
    ("k_rule", 1, "1卓", True),
    ("k_rule", 0, "1卓", False),
]
HANDS_OF_THE_GAME_IN_PROGRESS = 6
HAN = {1: 22, 2: 30, 3: 24, 4: 12, 5: 5, 6: 3, 8: 2, 11: 1, 13: 1}
RESULTS = {"ron": 46, "tsumo": 28, "draw": 24, "chombo": 2}


class Command(BaseCommand):
    help = "Creates the demo club with its games (once: running it again changes nothing)."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        club, created = Club.objects.get_or_create(
            slug="demo", defaults={"name": "デモ麻雀クラブ", "is_public": True}
        )
        user = _demo_admin(club)
        if not Game.objects.filter(club=club).exists():
            rulesets = _rulesets(club, user)
            rng = random.Random(20261122)  # the same games on every machine
            for ruleset, days_ago, table, finished in GAMES:
                _play(club, rulesets[ruleset], days_ago, table, finished, user, rng)
        self.stdout.write(
            f"{'Created' if created else 'Already there'}: {club.name} (/{club.slug}), "
            f"{club.games.count()} games. Log in as {LOGIN[0]} / {LOGIN[1]}"
        )


def _demo_admin(club: Club) -> User:
    user, created = User.objects.get_or_create(username=LOGIN[0])
    if created:
        user.set_password(LOGIN[1])
        user.save(update_fields=["password"])
    Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.ADMIN})
    return user


def _rulesets(club: Club, user: User) -> dict[str, Ruleset]:
    """Kルール first (so it is the club's default), then Tenhou's rules."""
    names = {"k_rule": "Kルール", "tenhou": "天鳳ルール"}
    return {
        preset: save_ruleset(
            club, None, name=name, preset=preset, options={"preset": preset}, user=user
        ).ruleset
        for preset, name in names.items()
    }


def _play(
    club: Club,
    ruleset: Ruleset,
    days_ago: int,
    table: str,
    finished: bool,
    user: User,
    rng: random.Random,
) -> None:
    version = ruleset.current_version()
    assert version is not None
    game = services.start_game(
        club,
        ruleset_version=version,
        players=rng.sample(PLAYERS, 4),
        played_on=timezone.localdate() - datetime.timedelta(days=days_ago),
        table_label=table,
        user=user,
    )
    state = services.game_state(game)
    limit = None if finished else HANDS_OF_THE_GAME_IN_PROGRESS
    while state.replay.next_hand is not None and (limit is None or len(state.hands) < limit):
        state = services.record_hand(
            game, _a_hand(state, rng), version=state.game.version, key=None, user=user
        )
    if finished:
        services.finish_game(game, version=state.game.version, key=None, user=user)


def _a_hand(state: services.GameState, rng: random.Random) -> dict[str, Any]:
    """A hand as a table might have played it; drawn again until the engine accepts it."""
    while True:
        hand = _draw_a_hand(state, rng)
        try:
            services.preview_hand(state, hand)
        except RecordError:
            continue
        return hand


def _draw_a_hand(state: services.GameState, rng: random.Random) -> dict[str, Any]:
    at = state.replay.next_hand
    assert at is not None
    seats = range(state.rules.players)
    riichi = [seat for seat in seats if at.scores[seat] >= 1000 and rng.random() < 0.18]
    kind = rng.choices(list(RESULTS), list(RESULTS.values()))[0]
    if kind == "draw":
        tenpai = sorted(set(riichi) | {seat for seat in seats if rng.random() < 0.35})
        return {"riichi": riichi, "result": {"type": "draw", "tenpai": tenpai}}
    if kind == "chombo":
        return {"riichi": [], "result": {"type": "chombo", "seat": rng.choice(seats)}}
    winner = rng.choice(riichi) if riichi and rng.random() < 0.5 else rng.choice(seats)
    win = {"winner": winner, **_value(rng, riichi_won=winner in riichi)}
    if kind == "tsumo":
        return {"riichi": riichi, "result": {"type": "tsumo", **win}}
    discarder = rng.choice([seat for seat in seats if seat != winner])
    return {"riichi": riichi, "result": {"type": "ron", "from": discarder, "wins": [win]}}


def _value(rng: random.Random, riichi_won: bool) -> dict[str, Any]:
    han = rng.choices(list(HAN), list(HAN.values()))[0]
    value: dict[str, Any] = {"han": han} if han < 13 else {"yakuman": 1}
    if han < 5:
        value["fu"] = rng.choice([30, 30, 30, 40, 40, 50])
    value["dora"] = rng.randrange(0, min(han, 4))
    if riichi_won:
        value["yaku"] = ["riichi"]
    return value

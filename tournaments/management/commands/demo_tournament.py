"""``manage.py demo_tournament``: the demo club's tournament (run after ``manage.py demo``).

Sixteen of the club's players in four teams: four rounds seated at random and played (each
table's final scores entered, 素点入力), the cut to the top four, and the final published with
its clock running, so that every tournament page shows something true. Running it again changes
nothing.
"""

from __future__ import annotations

import random

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from scoring import services as scoring
from tournaments import services
from tournaments.models import CutCarry, EntryStatus, SeatingMethod, SubstituteResults, Tournament

NAME = "秋季オープン大会"
TEAMS = ("東京", "大阪", "名古屋", "福岡")
SCORES_SEED = 2026


class Command(BaseCommand):
    help = "Creates the demo club's tournament (once: running it again changes nothing)."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        club = Club.objects.filter(slug="demo").first()
        if club is None or club.default_ruleset is None:
            raise CommandError("run `manage.py demo` first: the tournament is the demo club's")
        tournament = Tournament.objects.filter(club=club, name=NAME).first()
        if tournament is None:
            tournament = _play(club)
        self.stdout.write(
            f"Tournament: {tournament.name} (/c/{club.slug}/tournaments/{tournament.pk}/)"
        )


def _play(club: Club) -> Tournament:
    today = timezone.localdate()
    tournament = services.create_tournament(
        club,
        name=NAME,
        starts_on=today,
        ruleset=club.default_ruleset,
        rounds=5,
        round_minutes=70,
        substitute_results=SubstituteResults.REPLACED,
        cut_after=4,
        cut_size=4,
        cut_carry=CutCarry.HALVED,
    )
    names = list(club.players.order_by("pk").values_list("name", flat=True)[:16])
    for index, name in enumerate(names):
        (entry,) = services.register(tournament, [name], team=TEAMS[index % 4])
        services.set_status(entry, EntryStatus.CHECKED_IN)
    rng = random.Random(SCORES_SEED)
    for round_ in services.draw_rounds(tournament, [1, 2, 3, 4], SeatingMethod.RANDOM):
        services.publish_round(round_, played_on=today)
        for table in round_.tables.select_related("game"):
            game = table.game
            scores = _final_scores(rng)
            scoring.record_final_scores(
                game, scores=scores, version=game.version, key=f"demo-{game.pk}"
            )
        services.close_round(round_)
    services.make_cut(tournament)
    (final,) = services.draw_rounds(tournament, [5], SeatingMethod.SWISS)
    services.publish_round(final, played_on=today)
    services.start_clock(final)
    return tournament


def _final_scores(rng: random.Random) -> list[int]:
    """Four final scores in hundreds that add up to the 100,000 on the table."""
    cuts = sorted(rng.randrange(1, 1000) for _ in range(3))
    shares = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 1000 - cuts[2]]
    return [share * 100 for share in shares]

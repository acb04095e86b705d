"""A small EMA-rules tournament whose every figure is worked out on paper, for the federation
files (test_federation.py) and the tournament report (test_report.py).

EMA rules: 30,000 start and return, uma +15/+5/-5/-15, no oka, chombo -20 settled points paid
to no one. Eight players, the seating uploaded (predefined):

Round 1, table 1 (選手01 02 03 04) is recorded hand by hand, then ended by the referee (time):
  1. 選手01 (dealer) rons 選手03, 3 han 40 fu: 7,700.           01 37,700  03 22,300
  2. 選手04's chombo: no payment at the table, -20 at the settlement; replayed (1 honba).
  3. 選手03's dead hand; 選手02 tsumo 2 han 30 fu with 1 honba: 01 pays 1,100, 03 and 04
     600 each.                                 01 36,600  02 32,300  03 21,700  04 29,400
  4. 選手01 rons 選手04, 1 han 30 fu: 1,000.                   01 37,600  04 28,400
  Settled: 01 +7.6 +15 = +22.6; 02 +2.3 +5 = +7.3; 04 -1.6 -5 -20 = -26.6; 03 -8.3 -15 = -23.3:
  they add up to -20.0, the chombo.
Round 1, table 2 (選手05 06 07 08), final scores 45,000 35,000 25,000 15,000: +30 +10 -10 -30.
Round 2, table 1 (選手01 05 03 07), 40,000 32,000 28,000 20,000: +25 +7 -7 -25.
Round 2, table 2 (選手02 06 04 08), 35,000 31,000 29,000 25,000: +20 +6 -6 -20.

With a cut (after round 2, the top 4 carried in full), the finals (round 3) are drawn by the
standings and ended by final scores 38,000 32,000 27,000 23,000: +23 +7 -8 -22.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User

from clubs.models import Club, Player, Role
from scoring import services as scoring
from scoring.models import Game
from tests.clubs.factories import make_club, make_member, make_ruleset
from tournaments import services
from tournaments.models import EntryStatus, Round, SeatingMethod, Tournament

DAY = datetime.date(2026, 11, 28)
NAMES = [f"選手{n:02d}" for n in range(1, 9)]
SEATING = """round,table,east,south,west,north
1,1,選手01,選手02,選手03,選手04
1,2,選手05,選手06,選手07,選手08
2,1,選手01,選手05,選手03,選手07
2,2,選手02,選手06,選手04,選手08
"""
HANDS = [
    {"result": {"type": "ron", "from": 2, "wins": [{"winner": 0, "han": 3, "fu": 40}]}},
    {"result": {"type": "chombo", "seat": 3}},
    {
        "events": [{"type": "dead_hand", "seat": 2}],
        "result": {"type": "tsumo", "winner": 1, "han": 2, "fu": 30},
    },
    {"result": {"type": "ron", "from": 3, "wins": [{"winner": 0, "han": 1, "fu": 30}]}},
]
SCORES = {
    (1, 2): (45000, 35000, 25000, 15000),
    (2, 1): (40000, 32000, 28000, 20000),
    (2, 2): (35000, 31000, 29000, 25000),
    (3, 1): (38000, 32000, 27000, 23000),
}


@dataclass
class World:
    club: Club
    organiser: User
    tournament: Tournament

    def player(self, name: str) -> Player:
        return self.club.players.get(name=name)


def build(cut: bool = False) -> World:
    club = make_club("taikai", public=True)
    ema = make_ruleset(club, "ema", name="EMA")
    organiser = make_member(club, "organiser", Role.ADMIN)
    organiser.first_name, organiser.last_name = "Hanako", "Suzuki"
    organiser.save()
    cut_options = {"cut_after": 2, "cut_size": 4} if cut else {}
    tournament = services.create_tournament(
        club, name="秋季大会", starts_on=DAY, ruleset=ema, rounds=3 if cut else 2, **cut_options
    )
    for entry in services.register(tournament, NAMES):
        services.set_status(entry, EntryStatus.CHECKED_IN)
    _federation(club)
    first, second = services.upload_rounds(tournament, SEATING)
    play(first, hands={1: HANDS})
    play(second)
    if cut:
        services.make_cut(tournament)
        (final,) = services.draw_rounds(tournament, [3], SeatingMethod.SWISS)
        play(final)
    tournament.refresh_from_db()
    return World(club, organiser, tournament)


def _federation(club: Club) -> None:
    club.players.filter(name="選手01").update(
        ema_number="04010001",
        nationality="JPN",
        latin_family_name="Yamada",
        latin_given_name="Taro",
    )
    club.players.filter(name="選手05").update(
        ema_number="02010042",
        nationality="DEU",
        latin_family_name="Müller",
        latin_given_name="Anna-Lena",
    )


def play(round_: Round, hands: dict[int, Sequence[dict]] | None = None) -> None:
    """Publish the round, record each table (hand by hand where ``hands`` says), close it."""
    services.publish_round(round_, played_on=DAY)
    for table in round_.tables.select_related("game"):
        recorded = (hands or {}).get(table.number)
        if recorded:
            record_hands(table.game, recorded)
        else:
            finish(table.game, SCORES[(round_.number, table.number)])
    services.close_round(round_)


def record_hands(game: Game, hands: Sequence[dict]) -> None:
    for number, hand in enumerate(hands, 1):
        game.refresh_from_db()
        scoring.record_hand(game, hand, version=game.version, key=f"{game.pk}-{number}")
    game.refresh_from_db()
    scoring.end_game_early(game, reason="time", version=game.version, key=f"{game.pk}-end")


def finish(game: Game, scores: Sequence[int]) -> None:
    game.refresh_from_db()
    scoring.record_final_scores(game, scores=list(scores), version=game.version, key=f"f{game.pk}")

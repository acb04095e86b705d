"""祝儀 in the standings: each player's chips and their points beside the total, which adds them;
the columns only where the games moved chips, and the CSV the same."""

from __future__ import annotations

import csv
import io

from django.test import Client

from clubs.models import Club, League, Role
from scoring import services
from standings.tables import league_standings
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset

CHIPS = {"value": 2, "ura": 1, "aka": 1}


def _game_with_chips(club: Club, league: League, ura: int, key: str) -> None:
    """Baba rons Chiba for 3 han 30 fu with ``ura`` ura-dora and a red five; ended by time."""
    game = make_game(club, league.ruleset)
    game.league = league
    game.save(update_fields=["league"])
    win = {"winner": 1, "han": 3, "fu": 30, "ura": ura, "aka": 1}
    hand = {"riichi": [], "result": {"type": "ron", "from": 2, "wins": [win]}}
    state = services.record_hand(game, hand, version=game.version, key=key)
    services.end_game_early(game, reason="time", version=state.version, key=key + "end")


def test_the_total_adds_the_chip_points_and_the_columns_say_them(db: None) -> None:
    club = make_club()
    ruleset = make_ruleset(club, "k_rule", "祝儀あり", chips=CHIPS)
    league = League.objects.create(club=club, name="祝儀リーグ", ruleset=ruleset)
    _game_with_chips(club, league, ura=2, key="a")  # Baba +3 chips, Chiba -3
    _game_with_chips(club, league, ura=0, key="b")  # Baba +1, Chiba -1
    table = league_standings(league)
    by_name = {row.name: row for row in table.rows}
    baba, chiba = by_name["Baba"], by_name["Chiba"]
    assert (baba.chips, f"{baba.chip_points}") == (4, "8.0")
    assert (chiba.chips, f"{chiba.chip_points}") == (-4, "-8.0")
    # K-rule, each game: Baba's 28900 is top, +39.0 (the chips page's test says why); the
    # total adds the 8.0 of the chips
    assert baba.total == 2 * 39 + 8
    keys = [column.key for column in table.columns]
    assert keys[keys.index("total") + 1 : keys.index("total") + 3] == ["chips", "chip_points"]

    client = Client()
    client.force_login(make_member(club, "member", Role.MEMBER))
    client.cookies["django_language"] = "en"
    body = client.get(f"/c/{club.slug}/leagues/{league.pk}/standings.csv").getvalue()
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    header = rows[0]
    baba_row = next(row for row in rows if "Baba" in row)
    assert baba_row[header.index("Chips (祝儀)")] == "4"
    assert baba_row[header.index("Chips in points")] == "8.0"
    assert baba_row[header.index("Total points")] == "86.0"

"""``manage.py seating`` draws a seating again from its seed, byte for byte."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from clubs.models import Club
from tests.tournaments.conftest import DAY, make_tournament, play_round
from tournaments import services
from tournaments.models import SeatingMethod, TableSeat


def run(*args: str) -> str:
    out = StringIO()
    call_command("seating", *args, stdout=out)
    return out.getvalue()


def test_the_same_seed_prints_the_same_seating_twice() -> None:
    first = run("--seed", "公開", "--players", "32", "--rounds", "8")
    assert first == run("--seed", "公開", "--players", "32", "--rounds", "8")
    lines = first.splitlines()
    assert len(lines) == 8 * 8 + 1  # a line a table, then the quality
    assert lines[0].split()[:2] == ["1", "1"]
    quality = json.loads(lines[-1])
    assert quality["repeated_pairs"] == 0
    assert quality["wind_imbalance"] == 0
    assert first != run("--seed", "別", "--players", "32", "--rounds", "8")


def test_a_tournaments_rounds_are_drawn_again_exactly(club: Club) -> None:
    tournament = make_tournament(club, players=8, rounds=3)
    first, second = services.draw_rounds(tournament, [1, 2], SeatingMethod.RANDOM)
    play_round(first)
    play_round(second)
    (third,) = services.draw_rounds(tournament, [3], SeatingMethod.SWISS)
    for number in (1, 2, 3):
        out = run("--tournament", str(tournament.pk), "--round", str(number))
        assert f"round {number} is the seed's own: {tournament.seed}" in out
        table = third.tables.get(number=1) if number == 3 else None
        if table:
            names = [str(seat.entry_id) for seat in table.seats.order_by("seat")]
            assert f"3 1 {' '.join(names)}" in out


def test_a_seating_changed_after_the_draw_is_caught(club: Club) -> None:
    tournament = make_tournament(club, players=8, rounds=2)
    (first,) = services.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    services.publish_round(first, played_on=DAY)
    east, south = TableSeat.objects.filter(table__round=first, table__number=1).order_by("seat")[:2]
    TableSeat.objects.filter(pk=east.pk).update(seat=9)
    TableSeat.objects.filter(pk=south.pk).update(seat=0)
    TableSeat.objects.filter(pk=east.pk).update(seat=1)
    with pytest.raises(CommandError, match="round 1 differs from the seating stored"):
        run("--tournament", str(tournament.pk), "--round", "1")


def test_an_unknown_round_is_a_clear_error(club: Club) -> None:
    with pytest.raises(CommandError, match="no round 4 in tournament 999"):
        run("--tournament", "999", "--round", "4")

"""``manage.py seating`` draws a seating again from its seed, byte for byte."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

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
    assert quality["wind_imbalance"] == 1  # within one after every round (1 0 0 0 after the first)
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


def test_anyone_checks_the_draws_from_the_published_record_without_the_database(
    club: Club, tmp_path: Path
) -> None:
    """The tournament's page links a record of every draw (seed, entries in order, each round's
    inputs and tables); ``manage.py seating --check`` draws each again from the record alone."""
    from django.test import Client

    from tournaments.seating import SEATING_ALGORITHM, check_record

    # 16 players: the affine plane seats them at once (12 over 3 rounds is past what any
    # schedule seats without a repeat, and the search then takes seconds at every check)
    tournament = make_tournament(club, players=16, rounds=3)
    first, second = services.draw_rounds(tournament, [1, 2], SeatingMethod.RANDOM)
    play_round(first)
    play_round(second)
    services.draw_rounds(tournament, [3], SeatingMethod.SWISS)
    club.is_public = True
    club.save()
    url = f"/c/{club.slug}/tournaments/{tournament.pk}/seating-check/"
    page = Client().get(url).content.decode()
    assert f'<code class="seed">{tournament.seed}</code>' in page
    assert f"manage.py seating --check seating-{tournament.pk}.json" in page
    download = Client().get(url, {"download": "1"})
    assert download["Content-Disposition"] == (
        f'attachment; filename="seating-{tournament.pk}.json"'
    )
    record = json.loads(download.content)
    assert record["format"] == "tenbou-seating/1"
    assert [entry["name"] for entry in record["entries"]] == [f"選手{n:02d}" for n in range(1, 17)]
    assert [r["method"] for r in record["rounds"]] == ["random", "random", "swiss"]
    assert check_record(record) == [(1, "same"), (2, "same"), (3, "same")]
    assert {r["algorithm"] for r in record["rounds"]} == {SEATING_ALGORITHM}

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert run("--check", str(path)).splitlines() == [
        "round 1 is the seed's own",
        "round 2 is the seed's own",
        "round 3 is the seed's own",
    ]
    tables = record["rounds"][1]["tables"]
    tables[0][0], tables[1][0] = tables[1][0], tables[0][0]  # a round changed by hand
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError, match="a round differs from its seed's draw"):
        run("--check", str(path))
    assert check_record(record)[1] == (2, "differs")
    # The same changed round, drawn by another version of the draw: only that one can tell.
    record["rounds"][1]["algorithm"] = SEATING_ALGORITHM - 1
    assert check_record(record)[1] == (2, "other_algorithm")
    del record["rounds"][2]  # round 3 was drawn on the tables round 2 had: it differs now
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert run("--check", str(path)).splitlines()[1] == (
        f"round 2 was drawn by another version of the draw (seating algorithm "
        f"{SEATING_ALGORITHM - 1}; this Tenbou draws with {SEATING_ALGORITHM}): check it with that"
        " version"
    )
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(CommandError, match="cannot read the seating record"):
        run("--check", str(path))


def test_every_round_of_a_tournament_with_byes_a_drop_out_and_a_late_arrival_checks_out(
    club: Club,
) -> None:
    """34 players (two byes a round), a drop-out, a late arrival, a swiss round: every round
    stored is the one the command draws again from the seed, and counted from the stored rounds
    nobody met anyone twice, nobody sat out twice, and everyone's winds are within one."""
    from tests.tournaments.conftest import seated
    from tournaments.models import EntryStatus

    tournament = make_tournament(club, players=35, rounds=5, checked_in=False)
    # Seed "s3": before the byes looked at the winds, its round 4 (swiss, two byes) had nine
    # players whose only least-taken seat was South at eight tables, and two of them ended at
    # [2, 0, 1, 1] and [1, 1, 0, 2]. (Seeds s0 to s59 all pass this test now.)
    tournament.seed = "s3"
    tournament.save(update_fields=["seed"])
    entries = list(tournament.entries.order_by("pk"))
    services.check_in_many(tournament, [entry.pk for entry in entries[:34]])
    drafts = services.draw_rounds(tournament, [1, 2], SeatingMethod.RANDOM, byes=True)
    play_round(drafts[0])
    (second,) = services.drop_out(entries[3], byes=True)  # 33 left: three byes
    play_round(second)
    services.set_status(entries[34], EntryStatus.CHECKED_IN)  # a late arrival: 34 again
    (third,) = services.draw_rounds(tournament, [3], SeatingMethod.RANDOM, byes=True)
    play_round(third)
    (fourth,) = services.draw_rounds(tournament, [4], SeatingMethod.SWISS, byes=True)
    play_round(fourth)
    (fifth,) = services.draw_rounds(tournament, [5], SeatingMethod.RANDOM, byes=True)
    for number in range(1, 6):
        assert f"round {number} is the seed's own" in run(
            "--tournament", str(tournament.pk), "--round", str(number)
        )
    met: dict[frozenset[str], int] = {}
    winds: dict[str, list[int]] = {}
    sat_out: dict[str, int] = {}
    everyone = {entry.player.name for entry in entries}
    for round_ in tournament.round_set.order_by("number"):
        tables = seated(round_)
        playing = [name for table in tables for name in table]
        assert len(playing) == len(set(playing))
        assert len(playing) % 4 == 0
        for name in everyone - set(playing) - {entries[3].player.name}:
            if round_.number >= 3 or name != entries[34].player.name:
                sat_out[name] = sat_out.get(name, 0) + 1
        for table in tables:
            for seat, name in enumerate(table):
                winds.setdefault(name, [0, 0, 0, 0])[seat] += 1
                for other in table[seat + 1 :]:
                    met[frozenset((name, other))] = met.get(frozenset((name, other)), 0) + 1
        assert max(max(c) - min(c) for c in winds.values()) <= 1, round_.number
    assert max(met.values()) == 1
    assert max(sat_out.values()) == 1
    assert entries[3].player.name not in {n for t in seated(fifth) for n in t}

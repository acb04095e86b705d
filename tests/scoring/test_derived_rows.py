"""The derived rows the players' pages read: each hand's stats and each game's result.

They are rebuilt in the transaction that changes the hands, and ``rebuild_results`` finds
nothing to change on a healthy database (and repairs an unhealthy one, saying what it did).
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command

from clubs.models import Club, Ruleset
from scoring import services
from scoring.engine import RecordError
from scoring.models import Game, GameResult, HandStat
from tests.scoring.factories import DAY

# K-rule, Aoki (seat 0) deals first.
RIICHI_THEN_OPEN_RON = {  # Aoki's riichi; Baba's open 30 fu 4 han ron on Chiba: 7,700
    "riichi": [0],
    "result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30, "open": True}]},
}
DRAW = {"result": {"type": "draw", "tenpai": [1, 3]}}  # Baba deals, Baba and Doi tenpai
CHOMBO = {"result": {"type": "chombo", "seat": 2}}
DEAD_HAND_DRAW = {
    "events": [{"type": "dead_hand", "seat": 3}],
    "result": {"type": "draw", "tenpai": [0]},
}
YAKUMAN_ON_CHIBA = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 3, "yakuman": 1}]}}


def play(game: Game, *hands: dict) -> services.GameState:
    state = services.game_state(services.games().get(pk=game.pk))
    for number, hand in enumerate(hands, 1):
        state = services.record_hand(game, hand, version=state.version, key=f"k{number}")
    return state


def stats(game: Game, number: int) -> list[tuple]:
    rows = HandStat.objects.filter(game=game, hand_number=number).order_by("seat")
    fields = ("outcome", "riichi", "won", "dealt_in", "value", "tenpai", "open", "penalty")
    return [tuple(getattr(row, name) for name in fields) for row in rows]


@pytest.mark.django_db
def test_each_hand_stat_says_what_happened_to_that_seat(game: Game) -> None:
    play(game, RIICHI_THEN_OPEN_RON, DRAW, CHOMBO, DEAD_HAND_DRAW)
    assert stats(game, 1) == [
        ("ron", True, False, False, 0, False, None, False),
        ("ron", False, True, False, 7700, False, True, False),  # honba and sticks left out
        ("ron", False, False, True, -7700, False, None, False),
        ("ron", False, False, False, 0, False, None, False),
    ]
    assert [row[5] for row in stats(game, 2)] == [False, True, False, True]
    assert [row[7] for row in stats(game, 3)] == [False, False, True, False]  # Chiba's chombo
    assert [row[7] for row in stats(game, 4)] == [False, False, False, True]  # Doi's dead hand


@pytest.mark.django_db
def test_a_result_counts_penalties_and_a_bust(game: Game) -> None:
    state = play(game, CHOMBO, YAKUMAN_ON_CHIBA)  # Chiba: chombo, then 32,000 dealt in: bust
    assert state.replay.final is not None
    assert state.replay.final.ended_by == "tobi"
    services.finish_game(game, version=state.version, key="finish")
    results = {r.seat: (r.busted, r.penalties) for r in GameResult.objects.filter(game=game)}
    assert results == {0: (False, 0), 1: (False, 0), 2: (True, 1), 3: (False, 0)}


def checked(out: StringIO) -> str:
    """The rebuild's summary of the games (the ratings' comes after it)."""
    return next(line for line in out.getvalue().splitlines() if " games checked, " in line)


@pytest.mark.django_db
def test_rebuild_results_changes_nothing_on_a_healthy_database(game: Game) -> None:
    state = play(game, RIICHI_THEN_OPEN_RON, DRAW)
    services.end_game_early(game, reason="time", version=state.version, key="end")
    out = StringIO()
    call_command("rebuild_results", stdout=out)
    assert re.fullmatch(
        r"1 games checked, 0 changed \(0 hand rows, 0 result rows\), 0 unreadable, in \d+\.\d s",
        checked(out),
    )
    assert out.getvalue().splitlines()[-1] == "4 ratings in 1 scopes rebuilt from scratch, 0 differ"


@pytest.mark.django_db
def test_rebuild_results_says_how_far_it_is_and_stops_at_its_limit(
    club: Club, k_rule: Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three games, a progress line every game, a limit of two: two games checked, and each
    progress line counts the games done of the two with the time left."""
    from scoring.management.commands import rebuild_results

    version = k_rule.current_version()
    assert version is not None
    for _ in range(3):
        document = {"players": ["青木", "馬場", "千葉", "土井"], "hands": [RIICHI_THEN_OPEN_RON]}
        services.import_record(club, document, ruleset_version=version, played_on=DAY)
    monkeypatch.setattr(rebuild_results, "PROGRESS_EVERY", 1)
    out, err = StringIO(), StringIO()
    call_command("rebuild_results", limit=2, stdout=out, stderr=err)
    assert checked(out).startswith("2 games checked, 0 changed")
    progress = err.getvalue().splitlines()
    assert [line.split(",")[0] for line in progress] == ["1 of 2 games", "2 of 2 games"]
    assert progress[-1].endswith("; 0 s to go")


@pytest.mark.django_db
def test_rebuild_results_repairs_wrong_rows_and_says_which(
    club: Club, k_rule: Ruleset, game: Game
) -> None:
    state = play(game, RIICHI_THEN_OPEN_RON, DRAW)
    services.end_game_early(game, reason="time", version=state.version, key="end")
    expected = list(GameResult.objects.filter(game=game).values_list("points", flat=True))
    HandStat.objects.filter(game=game, hand_number=1, seat=1).update(value=1)
    GameResult.objects.filter(game=game, seat=0).delete()
    out = StringIO()
    call_command("rebuild_results", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == f"game {game.pk} ({game}): 1 hand rows, 1 result rows rebuilt"
    assert checked(out).startswith(
        "1 games checked, 1 changed (1 hand rows, 1 result rows), 0 unreadable, in "
    )
    # the lost result row had left its player unrated, and the other three rated by a
    # three-player game: the rebuild lists all four ratings as they move
    moved = [line for line in lines if " -> " in line]
    assert len(moved) == 4
    assert sum(": rating none -> " in line for line in moved) == 1
    assert lines[-1] == "4 ratings in 1 scopes rebuilt from scratch, 4 differ"
    assert HandStat.objects.get(game=game, hand_number=1, seat=1).value == 7700
    assert list(GameResult.objects.filter(game=game).values_list("points", flat=True)) == expected
    again = StringIO()
    call_command("rebuild_results", stdout=again)
    assert checked(again).startswith("1 games checked, 0 changed")
    assert again.getvalue().splitlines()[-1].endswith(", 0 differ")


@pytest.mark.django_db
def test_a_record_the_engine_refuses_is_imported_as_nothing(club: Club, k_rule: Ruleset) -> None:
    version = k_rule.current_version()
    assert version is not None
    bad = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 2, "han": 1, "fu": 30}]}}
    document = {"players": ["青木", "馬場", "千葉", "土井"], "hands": [RIICHI_THEN_OPEN_RON, bad]}
    before = Game.objects.count()
    with pytest.raises(RecordError) as refused:
        services.import_record(club, document, ruleset_version=version, played_on=DAY)
    assert refused.value.hand == 2
    assert Game.objects.count() == before
    assert not HandStat.objects.exists()

"""Every public Tenhou log (four- and three-player, mjlog XML and tenhou.net/6 JSON) converted,
replayed by the engine and compared, hand by hand, with the scores the log itself wrote down."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import replay_record
from scoring.engine.tenhou import game_record, log_to_record, read_log, replay_difference
from tests.tenhou_logs import (
    ORACLE_DIRS,
    SHARED_DIR,
    as_tenhou6,
    expectations,
    inits_with_results,
    oracle_logs,
    scores_after,
)

LOGS = oracle_logs()
ORACLE_ABSENT = pytest.mark.skipif(
    not LOGS, reason=f"no Tenhou logs in {SHARED_DIR}/oracles (../shared beside the checkout)"
)
KEYS = ("round", "honba", "deposits_before", "dealer", "deltas", "scores")


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def replayed(text: str) -> dict[str, Any]:
    replay = replay_record(log_to_record(text))
    assert replay["ok"], replay.get("error")
    return replay


def assert_replay_matches_the_log(text: str) -> int:
    """The engine's replay of the log's record against the log's own figures; the hand count."""
    expected = expectations(text)
    record = log_to_record(text)
    replay = replayed(text)
    assert len(replay["hands"]) == len(expected["hands"])
    for number, (got, want) in enumerate(
        zip(replay["hands"], expected["hands"], strict=True), start=1
    ):
        where = f"hand {number} ({want['round']}-{want['honba']})"
        if want["deltas"] is None:  # a JSON log's last hand: its result's changes less sticks
            sticks = [
                1000 if seat in record["hands"][-1]["riichi"] else 0
                for seat in range(expected["players"])
            ]
            assert [g + s for g, s in zip(got["deltas"], sticks, strict=True)] == want["changes"], (
                where
            )
            keys = KEYS[:4]
        else:
            keys = KEYS
        assert {k: got[k] for k in keys} == {k: want[k] for k in keys}, where
    final = replay["final"]
    assert final is not None, "the engine thinks the game goes on"
    assert final["scores"] == expected["final"]["scores"]
    assert final["points"] == expected["final"]["points"]
    return len(expected["hands"])


def test_both_oracle_folders_hold_logs_where_shared_is_present() -> None:
    if not SHARED_DIR.is_dir():
        pytest.skip(f"{SHARED_DIR} is absent (../shared beside the checkout)")
    for players, folder in ORACLE_DIRS.items():
        assert [path for path in LOGS if path.parent == folder], f"no {players}-player logs"
    assert any(path.suffix == ".json" for path in LOGS)


@ORACLE_ABSENT
@pytest.mark.parametrize("path", LOGS, ids=_id)
def test_the_log_reads_as_the_oracle_expects(path: Path) -> None:
    """Our reading of the log holds together: every hand starts from the scores the previous
    one left, and the results of an XML double ron follow each other."""
    text = path.read_text(encoding="utf-8")
    hands = expectations(text)["hands"]
    for before, after in pairwise(hands):
        assert after["start"] == before["scores"]
    if path.suffix != ".json":
        for _, results in inits_with_results(ET.fromstring(text)):
            for first, second in pairwise(results):
                assert scores_after([first]) == [
                    int(value) * 100 for value in second.attrib["sc"].split(",")[::2]
                ]


@ORACLE_ABSENT
@pytest.mark.parametrize("path", LOGS, ids=_id)
def test_replaying_a_tenhou_game_reproduces_every_hand_and_the_final_points(path: Path) -> None:
    assert assert_replay_matches_the_log(path.read_text(encoding="utf-8")) > 0


@ORACLE_ABSENT
def test_a_three_player_log_plays_the_tenhou_sanma_preset_and_a_four_player_one_tenhou() -> None:
    presets = {
        _id(path): log_to_record(path.read_text(encoding="utf-8"))["ruleset"]["preset"]
        for path in LOGS
    }
    for name, preset in presets.items():
        assert preset == ("tenhou_sanma" if name.startswith("tenhou-sanma/") else "tenhou"), name


XML_LOGS = [path for path in LOGS if path.suffix != ".json"]


@ORACLE_ABSENT
@pytest.mark.parametrize("path", XML_LOGS, ids=_id)
def test_a_mjlog_written_as_tenhou6_json_replays_to_the_same_figures(path: Path) -> None:
    """The JSON reader on real games of both sizes: each mjlog written again as the JSON
    Tenhou's viewer makes (riichi as ``r`` discards, calls as ``p`` draws, results as arrays)
    converts to a record whose replay gives the log's own figures, hand by hand."""
    text = as_tenhou6(path.read_text(encoding="utf-8"))
    assert assert_replay_matches_the_log(text) == len(expectations(text)["hands"])
    xml_record = log_to_record(path.read_text(encoding="utf-8"))
    json_record = log_to_record(text)
    assert json_record["ruleset"] == xml_record["ruleset"]
    assert [hand["riichi"] for hand in json_record["hands"]] == [
        sorted(hand["riichi"]) for hand in xml_record["hands"]
    ]


@ORACLE_ABSENT
@pytest.mark.parametrize("path", LOGS, ids=_id)
def test_the_replay_of_every_log_gives_its_own_figures_by_the_importer_s_own_check(
    path: Path,
) -> None:
    facts = read_log(path.read_text(encoding="utf-8"))
    replay = replay_record(game_record(facts))
    final = (replay["final"]["scores"], replay["final"]["points"])
    assert replay_difference(facts, [hand["scores"] for hand in replay["hands"]], final) is None


def test_a_replay_that_leaves_the_log_s_figures_names_the_hand_or_the_end() -> None:
    path = ORACLE_DIRS[3] / "2018110809gm-00b9-0000-00a79b89.xml"
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared beside the checkout)")
    facts = read_log(path.read_text(encoding="utf-8"))
    replay = replay_record(game_record(facts))
    scores = [hand["scores"] for hand in replay["hands"]]
    final = (replay["final"]["scores"], replay["final"]["points"])
    wrong = [list(scores[0]), [score + 100 for score in scores[1]], *scores[2:]]
    error = replay_difference(facts, wrong, final)
    assert error is not None
    assert (error.code, error.hand, error.label) == ("log_replay_scores", 2, "E1-1")
    assert error.params == {"ours": "48,200, 26,100, 31,000", "theirs": "48,100, 26,000, 30,900"}
    points = [*final[1][:2], final[1][2] + 1]
    error = replay_difference(facts, scores, (final[0], points))
    assert error is not None
    assert (error.code, error.hand) == ("log_replay_final", None)
    assert replay_difference(facts, scores, None) is not None  # the log ends, the replay not

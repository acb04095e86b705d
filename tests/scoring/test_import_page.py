"""The import page with each format of Tenhou log, four and three players, and what it refuses.

The expected figures are read from the log itself (``tests/tenhou_logs.py``), never typed in.
"""

from __future__ import annotations

import datetime
import gzip
import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from clubs.models import Club, Ruleset
from scoring.models import Game, GameResult, GameStatus
from tests.tenhou_logs import ORACLE_DIRS, as_tenhou6, expectations

FOUR = ORACLE_DIRS[4] / "2019081518gm-00a9-0000-cce9d00c.xml"
SANMA_XML = ORACLE_DIRS[3] / "2018110809gm-00b9-0000-00a79b89.xml"
SANMA_JSON = ORACLE_DIRS[3] / "2024010120gm-00b9-0000-e324b88a.json"
ROOT = Path(__file__).resolve().parents[2]
needs_logs = pytest.mark.skipif(
    not SANMA_JSON.exists(), reason=f"no Tenhou logs in {ORACLE_DIRS[3]} (../shared is absent)"
)


@pytest.fixture
def keeper(client: Client, scorekeeper: User) -> Client:
    client.force_login(scorekeeper)
    return client


def _path(club: Club) -> str:
    return f"/c/{club.slug}/games/import/"


FORM = {"key": "imp-1", "played_on": "2024-01-01"}


def _as_upload(text: str, how: str) -> dict[str, Any]:
    if how == "file":
        return {"log": SimpleUploadedFile("game.log", text.encode(), "application/octet-stream")}
    if how == "gzip":  # Tenhou serves .mjlog files gzipped
        return {"log": SimpleUploadedFile("game.mjlog", gzip.compress(text.encode()))}
    return {"text": text}


FORMATS = [
    pytest.param(FOUR, "xml", "gzip", id="four-player-mjlog-gzipped"),
    pytest.param(FOUR, "json", "paste", id="four-player-json-pasted"),
    pytest.param(SANMA_XML, "xml", "file", id="sanma-mjlog-file"),
    pytest.param(SANMA_JSON, "json", "paste", id="sanma-json-pasted"),
    pytest.param(SANMA_JSON, "json", "file", id="sanma-json-file"),
]


@needs_logs
@pytest.mark.parametrize(("log", "form", "how"), FORMATS)
def test_each_format_is_shown_then_saved_with_the_log_s_own_result(
    keeper: Client, club: Club, log: Path, form: str, how: str
) -> None:
    text = log.read_text(encoding="utf-8")
    if form == "json" and log.suffix != ".json":
        text = as_tenhou6(text)  # a four-player JSON log: the mjlog as Tenhou's viewer writes it
    expected = expectations(text)
    shown = keeper.post(_path(club), {**FORM, **_as_upload(text, how)})
    assert shown.status_code == 200, shown.text[-2000:]
    assert not Game.objects.exists()
    preview = shown.context["preview"]
    assert len(preview["hand_rows"]) == len(expected["hands"])
    points = [f"{value:+.1f}" for value in expected["final"]["points"]]
    assert preview["settlement"]["points"] == points
    for value in points:
        assert value in shown.text
    again = {"text": _sent_back(shown.text)}  # what the browser sends when Save is tapped
    assert again["text"] == text
    saved = keeper.post(_path(club), {**FORM, "text": again["text"], "save": "1"})
    assert saved.status_code == 302
    game = Game.objects.get()
    assert game.status == GameStatus.FINISHED
    assert game.seats.count() == expected["players"]
    results = GameResult.objects.filter(game=game).order_by("seat")
    assert [float(result.points) for result in results] == expected["final"]["points"]
    assert [result.final_score for result in results] == expected["final"]["scores"]
    name = "天鳳三麻" if expected["players"] == 3 else "天鳳"
    assert game.ruleset_version.ruleset.name == name
    twice = keeper.post(_path(club), {**FORM, "text": again["text"], "save": "1"})
    assert twice.status_code == 302  # the same key: the same game, not a second one
    assert Game.objects.count() == 1


def _sent_back(page: str) -> str:
    """The log's text as the preview page's form carries it (a hidden field)."""
    found = re.search(r'<input type="hidden" name="text" value="([^"]*)">', page)
    assert found is not None
    return html.unescape(found[1])


def _truncated() -> str:
    text = FOUR.read_text(encoding="utf-8")
    return text[: len(text) // 2]


def _unfinished() -> str:
    text = FOUR.read_text(encoding="utf-8")
    return text[: text.rindex("<AGARI")] + "</mjloggm>"


def _json_with(**changes: Any) -> str:
    data = json.loads(SANMA_JSON.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return json.dumps(data, ensure_ascii=False)


BAD = [
    pytest.param(_truncated, "file", "途切れているか壊れています", id="truncated-xml"),
    pytest.param(
        lambda: _json_with(log=None), "paste", "「log」がありません", id="json-without-log"
    ),
    pytest.param(_unfinished, "file", "まだ終わっていません", id="game-in-progress"),
    pytest.param(
        lambda: _json_with(rule={"disp": "三般南喰赤祝５"}),
        "paste",
        "祝儀(chips)を使っていますが、それを表すルール設定がありません",
        id="chips-no-option-expresses",
    ),
    pytest.param(lambda: "hello", "paste", "JSON 牌譜でもありません", id="not-a-log"),
    pytest.param(
        lambda: "https://tenhou.net/0/?log=2024010120gm-00b9-0000-e324b88a",
        "paste",
        "これは天鳳の牌譜へのリンクで、牌譜そのものではありません。",
        id="a-link-not-a-log",
    ),
]


@needs_logs
@pytest.mark.parametrize(("make", "how", "words"), BAD)
def test_a_log_that_cannot_be_read_says_why_in_the_reader_s_language_and_saves_nothing(
    keeper: Client, club: Club, make: Any, how: str, words: str
) -> None:
    response = keeper.post(_path(club), {**FORM, **_as_upload(make(), how), "save": "1"})
    assert response.status_code == 422
    assert words in response.text
    assert not Game.objects.exists()


@needs_logs
def test_a_hand_the_log_gets_wrong_is_named_with_its_round(keeper: Client, club: Club) -> None:
    data = json.loads(SANMA_JSON.read_text(encoding="utf-8"))
    data["log"][1][1][0] += 500  # hand 2 (東1局 1本場) starts from scores hand 1 cannot give
    response = keeper.post(_path(club), {**FORM, "text": json.dumps(data, ensure_ascii=False)})
    assert response.status_code == 422
    assert "第1局(東1局 0本場): 次の局の開始時の持ち点が" in response.text


@needs_logs
def test_a_log_whose_own_figures_the_replay_does_not_give_is_not_imported(
    keeper: Client, club: Club
) -> None:
    """The log says the top ended on +59.0 (it was +58.0): Tenhou's rules cannot give that, so
    the game is not saved with results Tenhou did not give."""
    text = SANMA_XML.read_text(encoding="utf-8")
    wrong = text.replace(
        'owari="481,8.0,-64,-66.0,633,58.0,0,0.0"', 'owari="481,8.0,-64,-66.0,633,59.0,0,0.0"'
    )
    assert wrong != text
    response = keeper.post(_path(club), {**FORM, "text": wrong, "save": "1"})
    assert response.status_code == 422
    assert "+58.0" in response.text
    assert "+59.0" in response.text
    assert "取り込みません" in response.text
    assert not Game.objects.exists()


@needs_logs
def test_the_page_speaks_english_to_an_english_reader(keeper: Client, club: Club) -> None:
    keeper.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = keeper.post(_path(club), {**FORM, "text": _unfinished()})
    assert response.status_code == 422
    assert "This game is not over (the log has no final result)" in response.text


def test_nothing_sent_asks_for_a_file_or_a_text(keeper: Client, club: Club) -> None:
    response = keeper.post(_path(club), FORM)
    assert response.status_code == 422
    assert "牌譜ファイルを選ぶか、牌譜を貼り付けてください。" in response.text


@needs_logs
def test_a_chosen_club_ruleset_must_give_the_log_s_result(
    keeper: Client, club: Club, k_rule: Ruleset
) -> None:
    text = SANMA_JSON.read_text(encoding="utf-8")
    response = keeper.post(_path(club), {**FORM, "text": text, "ruleset": k_rule.pk})
    assert response.status_code == 422
    assert not Game.objects.exists()


# -- manage.py convert_log -------------------------------------------------------------------


def _manage(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@needs_logs
def test_convert_log_prints_a_record_that_replay_reproduces(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    converted = _manage("convert_log", str(SANMA_JSON))
    assert converted.returncode == 0, converted.stderr
    record.write_text(converted.stdout, encoding="utf-8")
    replayed = _manage("replay", str(record))
    assert replayed.returncode == 0
    final = json.loads(replayed.stdout)["final"]
    expected = expectations(SANMA_JSON.read_text(encoding="utf-8"))["final"]
    assert (final["scores"], final["points"]) == (expected["scores"], expected["points"])


@needs_logs
def test_convert_log_reads_a_gzipped_mjlog(tmp_path: Path) -> None:
    packed = tmp_path / "game.mjlog"
    packed.write_bytes(gzip.compress(SANMA_XML.read_bytes()))
    converted = _manage("convert_log", str(packed))
    assert converted.returncode == 0, converted.stderr
    assert json.loads(converted.stdout)["ruleset"]["preset"] == "tenhou_sanma"


def test_convert_log_refuses_what_it_cannot_read_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"ref": "x"}', encoding="utf-8")
    refused = _manage("convert_log", str(bad))
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert refused.stderr.strip().count("\n") == 0
    assert "has no “log”" in refused.stderr
    missing = _manage("convert_log", str(tmp_path / "none.xml"))
    assert missing.returncode == 1
    assert "cannot read the file" in missing.stderr


@needs_logs
@pytest.mark.parametrize(
    ("log", "how", "day"),
    [
        pytest.param(SANMA_JSON, "paste", datetime.date(2024, 1, 1), id="json-ref"),
        pytest.param(SANMA_XML, "named-file", datetime.date(2018, 11, 8), id="mjlog-file-name"),
    ],
)
def test_a_game_without_a_date_takes_the_day_in_its_tenhou_id(
    keeper: Client, club: Club, log: Path, how: str, day: datetime.date
) -> None:
    text = log.read_text(encoding="utf-8")
    sent = (
        {"log": SimpleUploadedFile(log.name, text.encode())}
        if how == "named-file"
        else {"text": text}
    )
    shown = keeper.post(_path(club), {"key": "imp-2", **sent})
    assert shown.status_code == 200
    assert f'value="{day.isoformat()}"' in shown.text
    saved = {"key": "imp-2", "text": _sent_back(shown.text), "played_on": day.isoformat()}
    keeper.post(_path(club), {**saved, "save": "1"})  # as the browser sends the date shown
    assert Game.objects.get().played_on == day

"""The compiled engine (mypyc) and the pure Python one give the same results, and a build is
only ever used for exactly the sources it was made from.

The pure engine is loaded beside the compiled one under another package name, from the same
files with ``TENBOU_PURE_ENGINE=1``, so both replay the same documents in one process: every
worked case, every Tenhou log, the error cases, and random games under every preset.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.engine
from scoring.engine import compiled, replay_record
from scoring.engine.presets import PRESETS
from scoring.engine.tenhou import mjlog_to_record
from tests.tenhou_logs import oracle_logs

from .random_games import games
from .test_cases import CASES, CASES_DIR

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.fixture(scope="module")
def pure() -> Iterator[ModuleType]:
    """The engine as plain Python, as a package of its own (``pure_engine``)."""
    name = "pure_engine"
    spec = importlib.util.spec_from_file_location(
        name, compiled.PACKAGE / "__init__.py", submodule_search_locations=[str(compiled.PACKAGE)]
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    saved = os.environ.get(compiled.PURE_SWITCH)
    os.environ[compiled.PURE_SWITCH] = "1"
    try:
        spec.loader.exec_module(module)
    finally:
        if saved is None:
            del os.environ[compiled.PURE_SWITCH]
        else:
            os.environ[compiled.PURE_SWITCH] = saved
    assert module.COMPILED_BUILD is False
    assert str(sys.modules[f"{name}.hand"].__file__).endswith("hand.py")
    yield module
    for loaded in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
        del sys.modules[loaded]


def both(pure: ModuleType, document: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    return replay_record(document), pure.replay_record(document)


def test_the_compiled_build_is_used_wherever_the_machine_can_build_it() -> None:
    """``make install`` builds it; on CI (which has a compiler) the suite runs on it."""
    spec = importlib.util.spec_from_file_location("build_engine", SCRIPTS / "build_engine.py")
    assert spec is not None
    assert spec.loader is not None
    build_engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_engine)
    reason = build_engine.why_not()
    if reason is not None:
        assert not compiled.is_compiled()
        pytest.skip(f"this machine cannot compile the engine: {reason}")
    assert (compiled.build_directory() / compiled.DONE).is_file(), "run `make install`"
    assert scoring.engine.COMPILED_BUILD is True
    assert compiled.is_compiled()


def test_every_worked_case_replays_the_same_on_both(pure: ModuleType) -> None:
    assert CASES, f"no worked cases in {CASES_DIR}"
    for name in CASES:
        document = json.loads((CASES_DIR / f"{name}.game.json").read_text(encoding="utf-8"))
        got, want = both(pure, document)
        assert got == want, name


def test_every_tenhou_log_replays_the_same_on_both(pure: ModuleType) -> None:
    logs = [path for path in oracle_logs() if path.suffix in (".mjlog", ".xml")]
    assert logs, "no Tenhou logs in ../shared/oracles"
    for path in logs:
        got, want = both(pure, mjlog_to_record(path.read_text(encoding="utf-8")))
        assert got == want, path.name
        assert got["ok"] is True, path.name


BROKEN: list[Any] = [
    None,
    [],
    {"format": "tenbou-game/1", "ruleset": {"preset": "k_rule"}, "players": ["A", "B", "C"]},
    {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "k_rule"},
        "players": ["A", "B", "C", "D"],
        "hands": [
            {"result": {"type": "ron", "from": 0, "wins": [{"winner": 0, "han": 1, "fu": 30}]}},
        ],
    },
    {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "k_rule"},
        "players": ["A", "B", "C", "D"],
        "hands": [
            {"result": {"type": "tsumo", "winner": 1, "han": 1.5, "fu": 30}},
        ],
    },
    {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "k_rule"},
        "players": ["A", "B", "C", "D"],
        "hands": [
            {"riichi": [0, 0], "result": {"type": "draw", "tenpai": [0]}},
        ],
    },
    {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "k_rule"},
        "players": ["A", "B", "C", "D"],
        "hands": [{"result": {"type": "ron", "from": 0, "wins": [{"winner": 1, "han": True}]}}],
    },
]


@pytest.mark.parametrize("document", BROKEN, ids=range(len(BROKEN)))
def test_a_refused_record_is_refused_with_the_same_words_by_both(
    pure: ModuleType, document: Any
) -> None:
    got, want = both(pure, document)
    assert got == want
    assert got["ok"] is False


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=max(5, settings.default.max_examples // 10))
@given(data=st.data())
def test_random_games_replay_the_same_on_both(
    pure: ModuleType, preset: str, data: st.DataObject
) -> None:
    document = data.draw(games({"preset": preset}))
    got, want = both(pure, document)
    assert got == want


def test_an_edited_source_is_never_run_from_an_older_build(tmp_path: Path) -> None:
    """The build is found by the digest of the sources as they are: one byte changed in a
    compiled module, and the package loads its plain Python again."""
    copy = tmp_path / "engine"
    shutil.copytree(compiled.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert compiled.source_digest(copy) == compiled.source_digest()
    hand = copy / "hand.py"
    hand.write_text(hand.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert compiled.source_digest(copy) != compiled.source_digest()


def test_a_build_is_used_only_when_complete_and_not_switched_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    build = tmp_path / compiled.source_digest()
    (build / "scoring" / "engine").mkdir(parents=True)
    monkeypatch.setattr(sys, "path", list(sys.path))
    path: list[str] = []
    assert compiled.use_compiled_build(path) is False  # half made: no "complete" mark yet
    assert path == []
    (build / compiled.DONE).write_text("")
    monkeypatch.setenv(compiled.PURE_SWITCH, "1")
    assert compiled.use_compiled_build(path) is False
    assert path == []
    monkeypatch.delenv(compiled.PURE_SWITCH)
    assert compiled.use_compiled_build(path) is True
    assert path == [str(build / "scoring" / "engine")]
    assert str(build) in sys.path

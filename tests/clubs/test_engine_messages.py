"""Every refusal of the engine reads as a sentence in Japanese and in English."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubs.engine_messages import ENGINE_MESSAGES, engine_message
from scoring.engine import RecordError, read_record
from scoring.engine.errors import ERROR_CODES


class AnyValue(dict):
    """Params for any placeholder: a template that formats with these has no stray %."""

    def __missing__(self, key: str) -> str:
        return f"<{key}>"


def test_every_engine_code_has_a_sentence() -> None:
    assert set(ENGINE_MESSAGES) == ERROR_CODES


@pytest.mark.parametrize("code", sorted(ERROR_CODES))
def test_each_sentence_is_translated_and_formats(code: str) -> None:
    template = ENGINE_MESSAGES[code]
    with translation.override("en"):
        english = str(template) % AnyValue()
    with translation.override("ja"):
        japanese = str(template) % AnyValue()
    assert japanese != english


def test_a_record_error_reads_with_the_players_names() -> None:
    document = {
        "format": "tenbou-game/1",
        "ruleset": {"preset": "k_rule"},
        "players": ["Aoki", "Baba", "Chiba", "Doi"],
        "hands": [{"result": {"type": "ron", "from": 1, "wins": [{"winner": 1, "han": 1}]}}],
    }
    with pytest.raises(RecordError) as raised:
        read_record(document)
    error = raised.value
    assert error.message == "seat 1 cannot win on their own discard"
    names = document["players"]
    with translation.override("ja"):
        assert engine_message(error, names) == "Babaは自分の捨て牌ではロンできません。"
    with translation.override("en"):
        assert engine_message(error, names) == "Baba cannot win on their own discard."


def test_choices_and_text_are_shown_quoted_and_listed() -> None:
    error = RecordError(
        "ruleset.rounding.mode must be one of ...",
        code="not_one_of",
        params={"path": "ruleset.rounding.mode", "choices": ["none", "gosha"], "got": "x"},
    )
    with translation.override("en"):
        assert engine_message(error) == "Choose one of “none”, “gosha” (not “x”)."

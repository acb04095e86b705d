"""JSON read with a bound on its nesting: deep text is refused by place, never a RecursionError."""

from __future__ import annotations

import json

import pytest

from scoring.engine import jsontext


def test_text_nested_past_the_bound_is_refused_at_the_bracket_that_went_too_deep() -> None:
    text = '{"log":\n' + "[" * 1200 + "]" * 1200 + "}"
    with pytest.raises(RecursionError):  # what json.loads alone does with it
        json.loads(text)
    with pytest.raises(jsontext.TooDeep) as caught:
        jsontext.loads(text)
    assert caught.value.msg == "nested deeper than 64 levels"
    assert (caught.value.lineno, caught.value.colno) == (2, 64)
    assert isinstance(caught.value, json.JSONDecodeError)  # named the way every reader names it


def test_brackets_inside_strings_do_not_count_and_the_bound_itself_is_read() -> None:
    text = json.dumps({"name": "[" * 500 + '\\"{' * 100, "x": [[1]]})
    assert jsontext.loads(text)["x"] == [[1]]
    at_bound = "[" * 64 + "]" * 64
    assert jsontext.loads(at_bound) == json.loads(at_bound)
    with pytest.raises(jsontext.TooDeep):
        jsontext.loads("[" * 65 + "]" * 65)


def test_bytes_are_read_as_utf8() -> None:
    assert jsontext.loads('{"名前": "青木"}'.encode()) == {"名前": "青木"}

"""Whatever the ruleset editor is sent, it answers with the form (and the engine's message).

Hypothesis changes and drops inputs of each preset's editor with junk (words for numbers,
broken JSON, huge values); the editor and its htmx preview must answer with a page, never a
server error, and a refused save stores no version.
"""

from __future__ import annotations

from typing import Any

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Ruleset
from tests.clubs.factories import editor_data

INPUTS = sorted(editor_data("k_rule", "x"))
JUNK = st.one_of(
    st.sampled_from(
        [
            *("", "0", "-1", "0.5", "2.5", "-0", "1e9", "NaN", "inf", "9" * 25, "abc", "X"),
            *("null", "true", "{}", "[", "[[1, 2]]", "[[5, 1]]", '{"5": 2}', "25, 2"),
            *("1, 2, 3", "10, 5, -5, -10", "E, S, W, N"),
        ]
    ),
    st.text(max_size=30),
)
PRESETS = [
    "k_rule",
    "mjkt",
    "shiragiku",
    "chinese_classic",
    "gensou",
    "gensou_sanma",
    "tenhou",
    "tenhou_sanma",
]
EDITS = settings(
    max_examples=max(10, settings.default.max_examples // 5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@EDITS
@given(
    preset=st.sampled_from(PRESETS),
    changes=st.dictionaries(st.sampled_from(INPUTS), JUNK, max_size=4),
    dropped=st.lists(st.sampled_from(INPUTS), max_size=3),
)
def test_any_input_gets_the_editor_back_never_a_server_error(
    club: Club, as_admin: Client, preset: str, changes: dict[str, Any], dropped: list[str]
) -> None:
    data = {**editor_data(preset, f"fuzz {Ruleset.objects.count()}"), **changes}
    for name in dropped:
        data.pop(name, None)
    before = Ruleset.objects.count()
    saved = as_admin.post("/c/tsubame/rulesets/new/", data)
    assert saved.status_code in (200, 302), saved.content[:500]
    assert Ruleset.objects.count() == before + (saved.status_code == 302)
    preview = as_admin.get("/c/tsubame/rulesets/new/", data, headers={"HX-Request": "true"})
    assert preview.status_code == 200, preview.content[:500]

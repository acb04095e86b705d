"""Every input and every choice of the engine has words, in Japanese and English."""

from __future__ import annotations

import gettext as gettext_module
from pathlib import Path

import pytest
from django.utils import translation

from clubs.ruleset_fields import CHOICE, ENTRY, FIELDS, LEAVES, Leaf
from clubs.ruleset_words import (
    CHOICES,
    PRESET_NAMES,
    SUB_LABELS,
    changes,
    choice_words,
    in_words,
    leaf_label,
)
from scoring.engine.presets import PRESETS
from scoring.engine.rules import preset_options

SUB_LEAVES = [leaf for leaf in LEAVES.values() if len(leaf.path) > 1]
CHOICE_LEAVES = [leaf for leaf in LEAVES.values() if leaf.kind in (CHOICE, ENTRY)]


@pytest.mark.parametrize("leaf", SUB_LEAVES, ids=lambda leaf: leaf.dotted)
def test_every_key_of_an_object_option_has_a_label_in_both_languages(leaf: Leaf) -> None:
    assert leaf.dotted in SUB_LABELS
    with translation.override("ja"):
        japanese = leaf_label(leaf)
    with translation.override("en"):
        english = leaf_label(leaf)
    assert japanese != english, f"{leaf.dotted}: no Japanese in the catalogue"


@pytest.mark.parametrize("leaf", CHOICE_LEAVES, ids=lambda leaf: leaf.dotted)
def test_every_choice_of_the_engine_has_words(leaf: Leaf) -> None:
    table = CHOICES[leaf.path[0] if leaf.kind == ENTRY else leaf.dotted]
    assert set(leaf.choices) == set(table)
    for choice in leaf.choices:
        with translation.override("ja"):
            japanese = choice_words(leaf, choice)
        with translation.override("en"):
            english = choice_words(leaf, choice)
        assert japanese != english, f"{leaf.dotted} = {choice!r}: no Japanese in the catalogue"


def test_every_preset_has_a_name() -> None:
    assert set(PRESET_NAMES) == set(PRESETS)


def test_every_option_is_described_in_each_language() -> None:
    for language in ("ja", "en"):
        with translation.override(language):
            groups = in_words(preset_options("shiragiku"))
        assert sum(len(group.options) for group in groups) == len(FIELDS)


def test_the_words_of_some_options() -> None:
    with translation.override("ja"):
        words = {
            option.label: option.lines
            for group in in_words(preset_options("shiragiku"))
            for option in group.options
        }
    assert words["対局の長さ"][0].words == "東・南"
    assert [(line.label, line.words) for line in words["延長戦(西入)"]] == [
        ("目標点", "31,000"),
        ("延長する場", "西・北"),
        ("延長戦の終了判定", "各場の終わりにのみ判定"),
        ("目標点に達するまで続ける", "あり"),
    ]
    assert words["満貫以上"][0].words == "5飜 満貫, 8飜 跳満, 10飜 倍満, 13飜 三倍満, 15飜 役満"
    assert words["包(責任払い)"][0].words == "採用しない"


def test_changes_name_each_key_that_changed() -> None:
    before = preset_options("k_rule")
    after = {**before, "tobi": {**before["tobi"], "bonus": 10}}
    with translation.override("en"):
        found = changes(before, after)
    assert [(c.label, c.before, c.after) for c in found] == [
        ("Tobi (bust): Bust bonus (points)", "5", "10")
    ]


def test_no_other_catalogue_changes_what_ours_says() -> None:
    """Catalogues merge: an app listed before clubs (admin, scoring) wins on a shared msgid."""
    path = Path(__file__).parents[2] / "clubs/locale/ja/LC_MESSAGES/django.mo"
    with path.open("rb") as mo:
        ours = gettext_module.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    with translation.override("ja"):
        differ = [
            key
            for key, text in ours.items()
            if isinstance(key, str) and key and translation.gettext(key) != text
        ]
    assert differ == []

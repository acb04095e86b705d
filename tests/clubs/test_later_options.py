"""A ruleset saved before the hand calculator's ``yaku`` option: still read, edited and saved.

Migration 0007 gives every such version the option from its preset; a version that still lacks
it (a backup restored from before, say) is read with the preset's value, and its editor starts
from a full set, so that saving an untouched editor is never refused for an option the admin
never saw.
"""

from __future__ import annotations

import importlib

from django.apps import apps
from django.test import Client

from clubs.models import Club, Ruleset, RulesetVersion
from clubs.ruleset_fields import initial
from scoring.engine import resolve_options, ruleset_from_spec
from scoring.engine.rules import with_later_options

migration = importlib.import_module("clubs.migrations.0007_ruleset_versions_with_yaku")


def old_version(club: Club, preset: str) -> Ruleset:
    """A ruleset whose only version was saved before the ``yaku`` option existed."""
    ruleset = Ruleset.objects.create(club=club, name="古いルール", preset=preset)
    options = resolve_options({"preset": preset})
    del options["yaku"]
    RulesetVersion.objects.create(ruleset=ruleset, number=1, options=options)
    return ruleset


def test_an_old_version_reads_with_its_presets_yaku_and_replays_as_before(club: Club) -> None:
    ruleset = old_version(club, "tenhou")
    options = ruleset.current_version().options
    assert "yaku" not in options
    rules = ruleset_from_spec(options)
    assert rules.options["yaku"]["red_fives"] == [0, 0, 0]  # no preset known: the default
    filled = with_later_options(options, "tenhou")
    assert filled["yaku"]["red_fives"] == [1, 1, 1]  # 天鳳's red fives
    assert {k: v for k, v in filled.items() if k != "yaku"} == options


def test_the_migration_gives_old_versions_their_presets_yaku(club: Club) -> None:
    ruleset = old_version(club, "k_rule")
    migration.yaku_of_versions(apps, None)
    yaku = ruleset.current_version().options["yaku"]
    assert yaku["renhou"] == "four_han"  # Kルール: 人和 4飜
    assert yaku["double_yakuman"] is False


def test_the_editor_of_an_old_version_saves_untouched(as_admin: Client, club: Club) -> None:
    ruleset = old_version(club, "tenhou")
    page = as_admin.get(f"/c/tsubame/rulesets/{ruleset.pk}/edit/").content.decode()
    assert 'value="1, 1, 1"' in page  # red fives, from the preset
    data = {
        key: value
        for key, value in initial(with_later_options(resolve_options({"preset": "tenhou"}))).items()
        if value is not False and value is not None
    }
    data.update({"name": "古いルール", "preset": "tenhou", "note": ""})
    response = as_admin.post(f"/c/tsubame/rulesets/{ruleset.pk}/edit/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert ruleset.current_version().options["yaku"]["red_fives"] == [1, 1, 1]

"""Club rulesets: each save is a version; the page shows the rules in words and their history."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from clubs.models import Club, Ruleset, RulesetVersion
from clubs.services import save_ruleset
from scoring.engine import RecordError
from scoring.engine.rules import preset_options
from tests.clubs.factories import editor_data, make_players, play_game


def test_the_first_save_is_version_1_and_the_clubs_default(club: Club, admin: User) -> None:
    version = save_ruleset(
        club,
        None,
        name="ハウスルール",
        preset="k_rule",
        options=preset_options("k_rule"),
        user=admin,
    )
    assert (version.number, version.ruleset.name, version.created_by) == (1, "ハウスルール", admin)
    assert version.options == preset_options("k_rule")
    club.refresh_from_db()
    assert club.default_ruleset == version.ruleset


def test_each_change_is_a_new_version_and_the_old_ones_stay(club: Club, k_rule: Ruleset) -> None:
    first = k_rule.current_version()
    options = {**first.options, "kiriage": True}
    second = save_ruleset(
        club, k_rule, name="Kルール", preset="k_rule", options=options, note="切り上げ満貫を採用"
    )
    assert second.number == 2
    assert second.note == "切り上げ満貫を採用"
    first.refresh_from_db()
    assert first.options["kiriage"] is False
    assert k_rule.current_version() == second


def test_a_save_that_changes_no_option_makes_no_version(club: Club, k_rule: Ruleset) -> None:
    same = save_ruleset(
        club, k_rule, name="Kルール改", preset="k_rule", options=preset_options("k_rule")
    )
    assert same.number == 1
    k_rule.refresh_from_db()
    assert k_rule.name == "Kルール改"
    assert RulesetVersion.objects.count() == 1


def test_the_engine_is_the_judge(club: Club, k_rule: Ruleset) -> None:
    options = {**preset_options("k_rule"), "uma": [20, 10, -10]}
    with pytest.raises(RecordError, match=r"ruleset\.uma must have 4 values"):
        save_ruleset(club, k_rule, name="Kルール", preset="k_rule", options=options)
    assert k_rule.versions.count() == 1


def test_a_ruleset_name_is_taken_once_per_club(club: Club, k_rule: Ruleset) -> None:
    with pytest.raises(ValidationError):
        save_ruleset(club, None, name="Kルール", preset="tenhou", options=preset_options("tenhou"))


def test_the_ruleset_page_shows_the_rules_in_words(k_rule: Ruleset, as_scorekeeper: Client) -> None:
    page = as_scorekeeper.get(f"/c/tsubame/rulesets/{k_rule.pk}/").text
    assert "<h1>Kルール</h1>" in page
    assert "<dt>順位ウマ</dt>" in page
    assert "+20 / +10 / -10 / -20" in page
    assert "五捨六入" in page
    assert "10飜 満貫×2.5" in page
    assert "違いはありません(プリセットのまま)。" in page
    assert "最初の版。" in page


def test_the_page_shows_the_differences_from_the_preset_and_the_history(
    club: Club, k_rule: Ruleset, admin: User, as_admin: Client
) -> None:
    response = as_admin.post(
        f"/c/tsubame/rulesets/{k_rule.pk}/edit/",
        editor_data(
            "k_rule", "Kルール", kiriage="on", uma="30, 10, -10, -30", note="ウマを10-30に"
        ),
    )
    assert response.status_code == 302
    assert response["Location"] == f"/c/tsubame/rulesets/{k_rule.pk}/"
    page = as_admin.get(response["Location"]).text
    assert "Kルールとの違い" in page
    assert '<th scope="row">切り上げ満貫</th><td>なし</td><td>あり</td>' in page
    assert (
        '<th scope="row">順位ウマ</th><td>+20 / +10 / -10 / -20</td><td>+30 / +10 / -10 / -30</td>'
        in page
    )
    assert "第2版" in page
    assert "ウマを10-30に" in page
    assert "順位ウマ: +20 / +10 / -10 / -20 → +30 / +10 / -10 / -30" in page
    assert k_rule.current_version().created_by == admin


def test_a_public_clubs_rules_are_public(k_rule: Ruleset, club: Club) -> None:
    club.is_public = True
    club.save()
    page = Client().get(f"/c/tsubame/rulesets/{k_rule.pk}/")
    assert page.status_code == 200
    assert "ルールを編集" not in page.text


def test_the_rulesets_page_lists_them_with_their_version(
    k_rule: Ruleset, as_scorekeeper: Client
) -> None:
    page = as_scorekeeper.get("/c/tsubame/rulesets/").text
    assert "Kルール" in page
    assert "第1版" in page
    assert "ルールを作る" not in page  # admins only


def test_a_played_game_needs_its_version(k_rule: Ruleset, club: Club) -> None:
    """Versions are protected: a game's version cannot be deleted from under it."""
    game = play_game(k_rule.current_version(), make_players(club))
    assert game.ruleset_version == k_rule.current_version()


def test_a_ruleset_saved_with_one_abortive_draw_keeps_the_presets_others(club: Club) -> None:
    """An import that names one abortive kind (mjkt, seed 001, plays all five) changes only it."""
    spec = {"preset": "mjkt", "abortive": {"kyuushu": "pass"}}
    version = save_ruleset(club, None, name="mjkt改", preset="mjkt", options=spec)
    assert version.options["abortive"] == {
        **preset_options("mjkt")["abortive"],
        "kyuushu": "pass",
    }
    assert len(version.options["abortive"]) == 5

"""Changing the house rules after a game was played leaves that game exactly as it was."""

from __future__ import annotations

from django.test import Client

from clubs.models import Club, Player, Ruleset
from scoring.engine import replay_record
from tests.clubs.factories import editor_data, play_game


def test_editing_the_ruleset_after_a_game_leaves_its_version_and_replay_unchanged(
    club: Club, k_rule: Ruleset, players: list[Player], as_admin: Client
) -> None:
    played_under = k_rule.current_version()
    game = play_game(played_under, players)
    before = replay_record(game.record())
    assert before["hands"][0]["deltas"] == [0, 7700, -7700, 0]  # 30 fu 4 han, no kiriage

    response = as_admin.post(
        f"/c/tsubame/rulesets/{k_rule.pk}/edit/", editor_data("k_rule", "Kルール", kiriage="on")
    )
    assert response.status_code == 302
    assert k_rule.current_version().number == 2

    game.refresh_from_db()
    assert game.ruleset_version == played_under
    assert game.ruleset_version.options["kiriage"] is False
    assert replay_record(game.record()) == before
    # The edit did change the rules: the same game under the new version would pay 8,000.
    under_new_rules = {**game.record(), "ruleset": k_rule.current_version().options}
    assert replay_record(under_new_rules)["hands"][0]["deltas"] == [0, 8000, -8000, 0]

"""The preview's numbers, as the engine computes them, for a few presets and house rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from clubs.ruleset_preview import chip_values, preview
from scoring.engine import ruleset_from_spec
from scoring.engine.rules import preset_options


def hands(preset: str, **changes: Any) -> dict[str, str]:
    with translation.override("en"):
        return {
            hand.label: hand.payment
            for hand in preview({**preset_options(preset), **changes}).hands
        }


@pytest.mark.parametrize(
    ("preset", "changes", "label", "payment"),
    [
        ("k_rule", {}, "Non-dealer ron, 30 fu 4 han", "7,700"),
        ("k_rule", {"kiriage": True}, "Non-dealer ron, 30 fu 4 han", "8,000"),
        ("k_rule", {}, "Dealer ron, 30 fu 4 han", "11,600"),
        ("k_rule", {"kiriage": True}, "Dealer ron, 30 fu 4 han", "12,000"),
        ("k_rule", {}, "Non-dealer tsumo, 30 fu 4 han", "2,000 / 3,900 (dealer)"),
        ("k_rule", {"kiriage": True}, "Non-dealer tsumo, 30 fu 4 han", "2,000 / 4,000 (dealer)"),
        ("k_rule", {}, "Dealer tsumo, 40 fu 3 han", "2,600 all"),
        ("k_rule", {}, "Non-dealer ron, 10 han", "20,000"),  # K-rule: 10 han is 2.5 mangan
        ("tenhou", {}, "Non-dealer ron, 10 han", "16,000"),  # baiman
        ("tenhou", {}, "Non-dealer ron, 13 han", "32,000"),  # kazoe yakuman
        ("ema", {}, "Non-dealer ron, 13 han", "24,000"),  # capped at sanbaiman
        ("ema", {}, "Non-dealer ron, double yakuman", "32,000"),  # no multiples
        ("tenhou", {}, "Non-dealer ron, double yakuman", "64,000"),
        ("gensou_sanma", {}, "Non-dealer tsumo, 30 fu 4 han", "3,000 / 4,900 (dealer)"),
        ("chinese_classic", {}, "Ron at the minimum fan", "26"),
        ("chinese_classic", {}, "Tsumo at the minimum fan", "13 all"),
    ],
)
def test_common_hands(preset: str, changes: dict[str, Any], label: str, payment: str) -> None:
    assert hands(preset, **changes)[label] == payment


def test_a_hand_the_rules_do_not_allow_says_why() -> None:
    result = hands("k_rule", min_han={"default": 3, "from_honba": {}})
    assert result["Non-dealer ron, 40 fu 2 han"] == "B: 2 han is below the 3-han minimum."


def points(preset: str, **changes: Any) -> list[tuple[str, ...]]:
    settlement = preview({**preset_options(preset), **changes}).settlement
    assert settlement is not None
    return [
        (
            row.final_score,
            row.difference,
            row.score_points,
            row.uma,
            row.oka,
            row.remainder,
            row.points,
        )
        for row in settlement.rows
    ]


def test_k_rule_settles_the_example_with_gosha_rokunyu() -> None:
    assert points("k_rule") == [
        ("42,300", "+12.3", "+12.0", "+20.0", "+20.0", "0.0", "+52.0"),
        ("31,200", "+1.2", "+1.0", "+10.0", "0.0", "0.0", "+11.0"),
        ("18,500", "-11.5", "-11.0", "-10.0", "0.0", "0.0", "-21.0"),  # .5 goes toward zero
        ("8,000", "-22.0", "-22.0", "-20.0", "0.0", "0.0", "-42.0"),
    ]


def test_m_league_settles_unrounded_with_uma_30_10() -> None:
    assert [row[-1] for row in points("mleague")] == ["+62.3", "+11.2", "-21.5", "-52.0"]


def test_tenhou_rounds_the_raw_score_and_the_top_takes_the_remainder() -> None:
    rows = points("tenhou", start_points=25000, return_points=30000)
    assert [row[2] for row in rows] == ["+12.0", "+1.0", "-11.0", "-22.0"]  # 18,500 -> 19,000
    assert sum(float(row[-1]) for row in rows) == 0


def test_a_30000_start_keeps_the_same_score_line_above_its_start() -> None:
    assert [row[0] for row in points("wrc")] == ["47,300", "36,200", "23,500", "13,000"]


def test_an_invalid_option_set_gives_the_engines_message() -> None:
    options = {**preset_options("k_rule"), "uma": [20, 10]}
    with translation.override("en"):
        assert preview(options).error == "This needs 3 to 4 values."
    with translation.override("ja"):
        result = preview(options)
    assert result.error == "値を3〜4個にしてください。"
    assert result.settlement is None


def test_the_preview_says_what_a_win_with_chips_pays_where_the_ruleset_has_chips() -> None:
    chips = {"value": 2, "ippatsu": 1, "ura": 1, "aka": 1, "yakuman": 5, "tobi": 1}
    with translation.override("en"):
        values = chip_values(ruleset_from_spec({"preset": "k_rule", "chips": chips}))
        assert [(v.label, v.chips, v.points) for v in values] == [
            (
                "Ron with ippatsu, one ura-dora and one red five",
                "3 chips from the discarder",
                "+6.0",
            ),
            ("Tsumo with one red five", "1 chip from each other player", "+6.0"),
            ("Yakuman ron", "5 chips from the discarder", "+10.0"),
            ("Busting a player", "1 chip from the busted player", "+2.0"),
        ]
        assert chip_values(ruleset_from_spec({"preset": "k_rule"})) == []

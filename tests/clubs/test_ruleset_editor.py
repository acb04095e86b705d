"""The ruleset editor: a form built from the engine's options, the engine's messages beside the
inputs, and a live preview (the htmx part of the same page)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clubs.models import Club, Ruleset
from scoring.engine.options import GROUP_LABELS, OPTIONS
from scoring.engine.presets import PRESETS
from tests.clubs.factories import editor_data

HTMX = {"HX-Request": "true"}


def field_block(page: str, name: str) -> str:
    """The editor's block around one input: from the input's container to the next one."""
    start = page.index(f'name="{name}"')
    begin = max(page.rfind('<div class="option', 0, start), page.rfind('<div class="key', 0, start))
    end = page.index("</div>", start)
    return page[begin:end]


def test_a_new_ruleset_starts_by_choosing_a_preset(club: Club, as_admin: Client) -> None:
    page = as_admin.get("/c/tsubame/rulesets/new/").text
    for name in PRESETS:
        assert f'<option value="{name}"' in page
    assert 'name="kiriage"' not in page


def test_the_form_has_every_option_in_the_spec_groups_with_japanese_words(
    club: Club, as_admin: Client
) -> None:
    page = as_admin.get("/c/tsubame/rulesets/new/?preset=k_rule").text
    for japanese, _english in GROUP_LABELS.values():
        assert f"<legend>{japanese}</legend>" in page
    for option in OPTIONS:
        assert option.label_ja in page, option.name
        assert option.help_ja.replace('"', "&quot;") in page, option.name
    assert 'value="Kルール"' in page  # the name starts as the preset's


def test_the_form_speaks_english_to_an_english_visitor(club: Club, as_admin: Client) -> None:
    as_admin.cookies["django_language"] = "en"
    page = as_admin.get("/c/tsubame/rulesets/new/?preset=k_rule").text
    for option in OPTIONS:
        assert option.label_en in page, option.name
    assert "<legend>Hand value</legend>" in page


def test_the_inputs_start_from_the_preset(club: Club, as_admin: Client) -> None:
    page = as_admin.get("/c/tsubame/rulesets/new/?preset=k_rule").text
    assert 'name="uma" value="20, 10, -10, -20"' in page
    assert re.search(r'<option value="gosha_rokunyu" selected>', page)
    assert 'name="kiriage" id="id_kiriage"' in page
    assert 'name="kiriage" id="id_kiriage" checked' not in page
    wrc = as_admin.get("/c/tsubame/rulesets/new/?preset=wrc").text
    assert 'name="kiriage" id="id_kiriage" checked' in wrc


def test_the_edit_page_starts_from_the_current_version(k_rule: Ruleset, as_admin: Client) -> None:
    as_admin.post(
        f"/c/tsubame/rulesets/{k_rule.pk}/edit/", editor_data("k_rule", "Kルール", kiriage="on")
    )
    page = as_admin.get(f"/c/tsubame/rulesets/{k_rule.pk}/edit/").text
    assert 'name="kiriage" id="id_kiriage" checked' in page


def test_saving_a_new_ruleset_from_a_preset(club: Club, as_admin: Client) -> None:
    response = as_admin.post(
        "/c/tsubame/rulesets/new/?preset=tenhou", editor_data("tenhou", "天鳳ルール", kiriage="on")
    )
    ruleset = club.rulesets.get()
    assert response["Location"] == f"/c/tsubame/rulesets/{ruleset.pk}/"
    assert (ruleset.name, ruleset.preset) == ("天鳳ルール", "tenhou")
    assert ruleset.current_version().options["kiriage"] is True


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tobi__bonus", "-5", "0以上にしてください。"),
        ("uma", "20, 10, -10", "順位ごとに4個の値を入れてください。"),
        ("start_points", "二万五千", "整数を入力してください。"),
        (
            "limits",
            "[[5, 1], [4, 2]]",
            "各行は前の行より翻数も満貫単位も大きくしてください。",
        ),
        ("rounding__mode", "sometimes", "のいずれかにしてください(“sometimes” は使えません)。"),
        ("uma_by_floaters", "not json", "名前付きの値の組にしてください。"),
    ],
)
def test_an_invalid_value_gets_the_engines_message_beside_its_input(
    club: Club, k_rule: Ruleset, as_admin: Client, field: str, value: str, message: str
) -> None:
    response = as_admin.post(
        f"/c/tsubame/rulesets/{k_rule.pk}/edit/", editor_data("k_rule", "Kルール", **{field: value})
    )
    assert response.status_code == 200
    assert message in field_block(response.text, field)
    assert k_rule.versions.count() == 1


def test_the_preview_is_the_htmx_part_of_the_page(club: Club, as_admin: Client) -> None:
    data = editor_data("k_rule", "Kルール")
    full = as_admin.get("/c/tsubame/rulesets/new/", data)
    part = as_admin.get("/c/tsubame/rulesets/new/", data, headers=HTMX)
    assert part.text.lstrip().startswith('<section id="preview"')
    assert "<html" not in part.text
    assert part.text.strip() in full.text
    assert '<th scope="row">子のロン 30符4飜</th><td>7,700</td>' in part.text


def test_the_preview_asks_with_the_inputs_but_never_puts_the_csrf_token_in_a_url(
    club: Club, as_admin: Client
) -> None:
    page = as_admin.get("/c/tsubame/rulesets/new/?preset=k_rule").text
    assert (
        'hx-get="/c/tsubame/rulesets/new/" hx-trigger="change, keyup changed delay:500ms"' in page
    )
    assert 'hx-params="not csrfmiddlewaretoken"' in page


def test_the_preview_follows_the_inputs(club: Club, as_admin: Client) -> None:
    plain = as_admin.get("/c/tsubame/rulesets/new/", editor_data("k_rule", "x"), headers=HTMX).text
    kiriage = as_admin.get(
        "/c/tsubame/rulesets/new/", editor_data("k_rule", "x", kiriage="on"), headers=HTMX
    ).text
    assert '<th scope="row">子のロン 30符4飜</th><td>7,700</td>' in plain
    assert '<th scope="row">子のロン 30符4飜</th><td>8,000</td>' in kiriage
    assert '<th scope="row">親のロン 30符4飜</th><td>12,000</td>' in kiriage


def test_the_preview_shows_the_engines_message_for_invalid_inputs(
    club: Club, as_admin: Client
) -> None:
    data = editor_data("k_rule", "x", uma="20, 10")
    part = as_admin.get("/c/tsubame/rulesets/new/", data, headers=HTMX).text
    assert "値を3〜4個にしてください。" in part
    assert "<table" not in part


def test_the_settlement_is_shown_step_by_step(club: Club, as_admin: Client) -> None:
    part = as_admin.get("/c/tsubame/rulesets/new/", editor_data("k_rule", "x"), headers=HTMX).text
    rows = re.findall(r"<tr>\s*((?:<td[^>]*>[^<]*</td>\s*)+)</tr>", part)
    cells = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in rows]
    assert cells == [
        ["1", "42,300", "+12.3", "+12.0", "+20.0", "+20.0", "+52.0"],
        ["2", "31,200", "+1.2", "+1.0", "+10.0", "0.0", "+11.0"],
        ["3", "18,500", "-11.5", "-11.0", "-10.0", "0.0", "-21.0"],
        ["4", "8,000", "-22.0", "-22.0", "-20.0", "0.0", "-42.0"],
    ]
    assert "オカ(+20)はトップへ" in part


def test_the_tenhou_sanma_preset_opens_in_the_editor_in_japanese_and_in_english(
    club: Club, as_admin: Client
) -> None:
    page = as_admin.get("/c/tsubame/rulesets/new/?preset=tenhou_sanma").text
    assert '<option value="tenhou_sanma" selected>天鳳 三麻(三人打ち鳳凰卓)</option>' in page
    assert 'name="uma" value="20, 0, -20"' in page
    assert 'name="start_points" value="35000"' in page
    as_admin.cookies["django_language"] = "en"
    english = as_admin.get("/c/tsubame/rulesets/new/?preset=tenhou_sanma").text
    assert "Tenhou sanma (three-player Houou table)" in english


def without_extension_inputs(data: dict[str, str]) -> dict[str, str]:
    """What a browser sends with the extension switched off: its inputs are disabled
    (static/js/ruleset.js), and a disabled input is not sent."""
    return {key: value for key, value in data.items() if not key.startswith("extension__")}


def test_a_switched_off_option_whose_inputs_are_not_sent_is_saved_off(
    club: Club, k_rule: Ruleset, as_admin: Client
) -> None:
    data = without_extension_inputs(editor_data("k_rule", "Kルール", kiriage="on"))
    response = as_admin.post(f"/c/tsubame/rulesets/{k_rule.pk}/edit/", data)
    assert response.status_code == 302
    options = k_rule.current_version().options
    assert (options["extension"], options["kiriage"]) == (None, True)


def test_a_form_shown_again_starts_a_switched_off_option_where_switching_it_on_does(
    club: Club, k_rule: Ruleset, as_admin: Client
) -> None:
    data = without_extension_inputs(editor_data("k_rule", "Kルール", tobi__bonus="-5"))
    page = as_admin.post(f"/c/tsubame/rulesets/{k_rule.pk}/edit/", data).text
    assert "0以上にしてください。" in field_block(page, "tobi__bonus")
    assert 'name="extension__target" value="30000"' in page
    assert re.search(r'<option value="any" selected>', field_block(page, "extension__sudden_death"))


def test_the_start_picker_and_the_forms_preset_have_their_own_ids(
    k_rule: Ruleset, as_admin: Client
) -> None:
    page = as_admin.get(f"/c/tsubame/rulesets/{k_rule.pk}/edit/").text
    assert page.count('id="id_preset"') == 1
    assert '<input type="hidden" name="preset" value="k_rule" id="id_ruleset_preset">' in page

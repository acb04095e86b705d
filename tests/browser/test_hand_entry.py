"""A scorekeeper records a whole K-rule hanchan by tapping, at tablet and at phone size.

With a riichi, a draw with tenpai, a double ron, a chombo, a dead hand; then hand 3 is changed,
and the settlement on the page must be what ``manage.py replay`` makes of the exported record.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Role
from scoring.models import Game, GameStatus, Hand
from tests.browser.conftest import screenshot
from tests.scoring.factories import make_club, make_game, make_member, make_ruleset

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page: Page, live_server: LiveServer, user: User) -> None:
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}
    page.context.add_cookies([cookie])  # type: ignore[list-item]


class Table:
    """Taps on the hand screen, as a scorekeeper's thumb would."""

    def __init__(self, page: Page, shots: Path, size: str) -> None:
        self.page, self.shots, self.size = page, shots, size
        self.recorded = 0

    def tap(self, name: str, value: str | int) -> None:
        self.page.locator(f"#entry label:has(input[name='{name}'][value='{value}'])").click()

    def result(self, kind: str) -> None:
        self.tap("result", kind)

    def value(self, seat: int, han: int, fu: int | None = None) -> None:
        self.tap(f"value_{seat}", f"h{han}")
        if fu is not None:
            self.tap(f"fu_{seat}", fu)

    def ron(self, winner: int, discarder: int, han: int, fu: int) -> None:
        self.result("ron")
        self.tap("ron_winners", winner)
        self.tap("discarder", discarder)
        self.value(winner, han, fu)

    def tsumo(self, winner: int, han: int, fu: int) -> None:
        self.result("tsumo")
        self.tap("tsumo_winner", winner)
        self.value(winner, han, fu)

    def shot(self, name: str) -> None:
        screenshot(self.page, self.shots / f"hand-entry-{self.size}-{name}.png", full_page=True)

    def preview_says(self, text: str) -> None:
        expect(self.page.locator("#preview")).to_contain_text(text)

    def record(self) -> None:
        self.page.locator("#entry button.confirm").click()
        self.recorded += 1
        expect(self.page.locator("table.hands tbody tr")).to_have_count(self.recorded)


def play_the_hanchan(table: Table) -> None:
    page = table.page
    expect(page.locator(".table-head .round")).to_have_text("東1局 0本場")
    # 1. E1: Baba riichi, then ron from Chiba, 3 han 30 fu.
    table.tap("riichi", 1)
    table.ron(1, 2, 3, 30)
    table.preview_says("3,900")
    table.shot("1-ron")
    table.record()
    # 2. E2: Aoki riichi; draw, Aoki and Baba (the dealer) tenpai.
    table.result("draw")
    table.tap("riichi", 0)
    table.tap("tenpai", 0)
    table.tap("tenpai", 1)
    table.preview_says("不聴罰符")
    table.record()
    expect(page.locator(".table-head .round")).to_have_text("東2局 1本場")
    # 3. E2-1: double ron from Chiba: Doi 2 han 30 fu, Aoki 1 han 30 fu.
    table.result("ron")
    table.tap("discarder", 2)
    table.tap("ron_winners", 3)
    table.tap("ron_winners", 0)
    table.value(3, 2, 30)
    table.value(0, 1, 30)
    table.preview_says("3,300")
    table.shot("3-double-ron")
    table.record()
    # 4. E3: Doi's chombo, 3000 to each; the hand is played again.
    table.result("chombo")
    table.tap("chombo", 3)
    table.record()
    expect(page.locator(".table-head .round")).to_have_text("東3局 0本場")
    # 5. E3 again: Chiba (the dealer) tsumo, mangan: 4000 all.
    table.result("tsumo")
    table.tap("tsumo_winner", 2)
    table.tap("value_2", "h5")
    table.preview_says("4,000")
    table.record()
    # 6. E3-1: Doi's dead hand (和了放棄); draw, only Aoki tenpai.
    table.result("draw")
    page.locator("#entry details.events summary").click()
    table.tap("dead", 3)
    table.tap("tenpai", 0)
    table.shot("6-dead-hand")
    table.record()
    # 7. E4-2: Aoki rons Doi. 8. S1: Baba tsumo. 9, 10. S2, S3: rons. 11. S4: Aoki tsumo.
    table.ron(0, 3, 2, 30)
    table.record()
    table.tsumo(1, 1, 30)
    table.record()
    table.ron(2, 0, 2, 40)
    table.record()
    table.ron(3, 1, 1, 30)
    table.record()
    expect(page.locator(".table-head .round")).to_have_text("南4局 0本場")
    table.tsumo(0, 2, 30)
    table.preview_says("終局")
    table.record()


def settlement_points(page: Page) -> list[float]:
    cells = page.locator("table.settlement tr.step-points td").all_inner_texts()
    return [float(cell) for cell in cells]


def replayed(page: Page, game: Game, tmp_path: Path) -> dict:
    """The exported record, replayed by ``manage.py replay`` in a process of its own."""
    response = page.request.get(f"/c/{game.club.slug}/games/{game.pk}/record.json")
    assert response.ok
    path = tmp_path / "game.json"
    path.write_bytes(response.body())
    manage = Path(settings.BASE_DIR) / "manage.py"
    done = subprocess.run(
        [sys.executable, str(manage), "replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_scorekeeper_records_a_k_rule_hanchan_and_fixes_hand_3(
    page: Page,
    phone_page: Page,
    live_server: LiveServer,
    screenshot_path: Path,
    tmp_path: Path,
    size: str,
) -> None:
    screen = page if size == "tablet" else phone_page
    club = make_club()
    make_ruleset(club, "k_rule", "Kルール")
    game = make_game(club)
    log_in(screen, live_server, make_member(club, "kiroku", Role.SCOREKEEPER))
    screen.goto(f"/c/{club.slug}/games/{game.pk}/")
    table = Table(screen, screenshot_path, size)

    play_the_hanchan(table)
    expect(screen.locator(".settlement-box h2")).to_have_text("終局")
    table.shot("ended")
    assert settlement_points(screen) == [10.0, -12.0, 42.0, -40.0]

    # Hand 3: Doi's win was 3 han 30 fu, not 2 han.
    screen.locator("#hand-3 a", has_text="修正").click()
    expect(screen.locator("h2.editing")).to_have_text("第3局の修正")
    table.tap("value_3", "h3")
    table.preview_says("3,900")  # from Chiba, and 300 honba apart
    table.shot("edit-hand-3")
    screen.locator("#entry button.confirm").click()
    expect(screen.locator("#hand-3 .summary")).to_contain_text("Doi 3翻30符")
    table.shot("settlement")

    shown = settlement_points(screen)
    final = replayed(screen, game, tmp_path)["final"]
    assert shown == final["points"] == [10.0, -12.0, 40.0, -38.0]
    scores = screen.locator("table.settlement tr.step-final_score td").all_inner_texts()
    assert [int(score.replace(",", "")) for score in scores] == final["scores"]

    screen.locator(".settlement-box button", has_text="精算を確定する").click()
    expect(screen.locator(".status")).to_have_text("終局")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


def new_game_at_the_table(
    page: Page, live_server: LiveServer, screenshot_path: Path
) -> tuple[Game, Table]:
    """A K-rule game, its scorekeeper logged in on a tablet at its hand screen."""
    club = make_club()
    make_ruleset(club, "k_rule", "Kルール")
    game = make_game(club)
    log_in(page, live_server, make_member(club, "kiroku", Role.SCOREKEEPER))
    page.goto(f"/c/{club.slug}/games/{game.pk}/")
    return game, Table(page, screenshot_path, "tablet")


def test_a_lost_answer_keeps_the_form_and_the_retry_is_stored_once(
    page: Page, live_server: LiveServer, screenshot_path: Path
) -> None:
    """The hand reaches the server but its answer is lost on the way back: the tablet still
    shows every tap, says so, and sending again stores the hand once."""
    game, table = new_game_at_the_table(page, live_server, screenshot_path)
    table.tap("riichi", 1)
    table.ron(1, 2, 3, 30)
    table.preview_says("3,900")

    def lose_the_answer(route: Any) -> None:
        route.fetch()  # the server stores the hand ...
        route.abort("connectionreset")  # ... and the answer never arrives

    page.route("**/hands/", lose_the_answer)
    page.locator("#entry button.confirm").click()
    expect(page.locator("#entry .offline")).to_be_visible()
    table.shot("network-lost")
    assert Hand.objects.filter(game=game).count() == 1
    for name, value in [
        ("ron_winners", "1"),
        ("discarder", "2"),
        ("value_1", "h3"),
        ("fu_1", "30"),
    ]:
        assert page.locator(f"#entry input[name='{name}'][value='{value}']").is_checked()

    page.unroute("**/hands/")
    table.record()
    expect(page.locator(".table-head .round")).to_have_text("東2局 0本場")
    assert Hand.objects.filter(game=game).count() == 1


def test_two_payments_in_one_hand_and_both_kept_when_the_hand_is_fixed(
    page: Page, live_server: LiveServer, screenshot_path: Path
) -> None:
    game, table = new_game_at_the_table(page, live_server, screenshot_path)
    table.ron(1, 2, 3, 30)
    page.locator("#entry details.events summary").click()
    table.tap("payment-0-from", 3)
    table.tap("payment-0-to", 0)
    page.locator("#entry input[name='payment-0-amount']").fill("1000")
    page.locator("#entry input[name='payment-0-reason']").fill("見せ牌")
    page.locator("#entry button[data-add-row='payment']").click()
    table.tap("payment-1-from", 0)
    table.tap("payment-1-to", 1)
    table.tap("payment-1-to", 2)
    table.preview_says("点数が必要です")  # the second payment has no amount yet
    # Typed and not left (no change event yet): the preview follows the keys, not only a tap
    # elsewhere (it had waited for one, showing "amount missing" under the typed 300).
    page.locator("#entry input[name='payment-1-amount']").fill("300")
    table.preview_says("+4,200")  # 3,900 from Chiba and 300 from Aoki
    table.shot("two-payments")
    table.record()
    payments = [
        {"type": "payment", "from": 3, "to": [0], "amount": 1000, "reason": "見せ牌"},
        {"type": "payment", "from": 0, "to": [1, 2], "amount": 300, "reason": ""},
    ]
    assert Hand.objects.get(game=game, number=1).data["events"] == payments

    page.locator("#hand-1 a", has_text="修正").click()
    expect(page.locator("h2.editing")).to_have_text("第1局の修正")
    expect(page.locator("#entry [data-row='payment']:visible")).to_have_count(3)
    table.tap("value_1", "h4")
    table.preview_says("7,700")
    page.locator("#entry button.confirm").click()
    expect(page.locator("#hand-1 .summary")).to_contain_text("Baba 4翻30符")
    assert Hand.objects.get(game=game, number=1).data["events"] == payments


@pytest.mark.parametrize("move_before", [True, False])
def test_the_win_panel_is_blank_again_for_the_next_hand(
    page: Page, live_server: LiveServer, screenshot_path: Path, move_before: bool
) -> None:
    """The answer to a recorded hand leaves the win panels out: the tablet keeps its own and
    blanks them, so the next hand starts as on a fresh screen and stores only its own taps.
    htmx keeps them by Element.moveBefore where the browser has it, else by replaceChild."""
    if not move_before:
        page.add_init_script("delete Element.prototype.moveBefore;")
    game, table = new_game_at_the_table(page, live_server, screenshot_path)
    assert page.evaluate("typeof Element.prototype.moveBefore") == (
        "function" if move_before else "undefined"
    )
    # 1. E1: Baba rons Chiba, 3 han 30 fu, with its details for statistics.
    table.ron(1, 2, 3, 30)
    panel = page.locator("#entry .win[data-seat='1']")
    panel.locator("details.stats summary").click()
    table.tap("yaku_1", "tanyao")
    table.tap("yaku_1", "pinfu")
    panel.locator("select[name='dora_1']").select_option("2")
    table.preview_says("3,900")
    page.evaluate("document.getElementById('win-panels').dataset.drawnBefore = 'yes'")
    table.record()
    expect(page.locator(".table-head .round")).to_have_text("東2局 0本場")
    # The same panels, kept (not drawn again), and blank as a fresh screen draws them.
    assert page.evaluate("document.getElementById('win-panels').dataset.drawnBefore") == "yes"
    # Blanked once the answer has settled (waited for: under load the round's head is drawn
    # a moment before the panels are blanked).
    expect(page.locator("#win-panels input:checked")).to_have_count(0)
    expect(page.locator("#win-panels input:disabled")).to_have_count(0)
    expect(page.locator("#win-panels details[open]")).to_have_count(0)
    for seat in range(4):
        assert page.locator(f"#win-panels select[name='dora_{seat}']").input_value() == ""
    fresh = Client()
    fresh.force_login(User.objects.get(username="kiroku"))
    drawn = fresh.get(f"/c/{game.club.slug}/games/{game.pk}/", headers={"HX-Request": "true"})
    assert 'data-panels="' in drawn.text
    assert page.locator("#win-panels .win").count() == drawn.text.count('<fieldset class="win"')

    # 2. E2 (Baba deals): Doi tsumo, 2 han 30 fu: 500 from each, 1,000 from the dealer.
    table.tsumo(3, 2, 30)
    table.preview_says("2,000")
    table.record()
    deltas = page.locator("#hand-2 td.delta").all_inner_texts()
    assert deltas == ["-500", "-1,000", "-500", "+2,000"]
    stored = Hand.objects.get(game=game, number=2).data
    assert stored == {
        "riichi": [],
        "result": {"type": "tsumo", "winner": 3, "han": 2, "fu": 30, "open": False},
    }
    first = Hand.objects.get(game=game, number=1).data["result"]["wins"][0]
    assert (first["yaku"], first["dora"]) == (["tanyao", "pinfu"], 2)

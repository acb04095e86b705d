"""A scorekeeper brings a three-player Tenhou game into the club from a tablet.

The tenhou.net/6 JSON log is pasted, the page shows the game (hands, settlement) before saving,
and the saved game's points are the log's own. A screenshot of the preview goes to
``tests/browser/artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from clubs.models import Role
from scoring.models import Game, GameResult
from tests.browser.conftest import screenshot
from tests.browser.test_clubs import log_in
from tests.clubs.factories import make_user
from tests.scoring.factories import make_club
from tests.tenhou_logs import ORACLE_DIRS, expectations

pytestmark = pytest.mark.django_db(transaction=True)

LOG = ORACLE_DIRS[3] / "2024010120gm-00b9-0000-e324b88a.json"


@pytest.mark.skipif(not LOG.exists(), reason=f"{LOG} is absent (../shared beside the checkout)")
def test_a_pasted_sanma_log_is_shown_then_saved(page: Page, screenshot_path: Path) -> None:
    club = make_club()
    club.memberships.create(user=make_user("kiroku"), role=Role.SCOREKEEPER)
    text = LOG.read_text(encoding="utf-8")
    expected = expectations(text)
    log_in(page, "kiroku")
    page.goto(f"/c/{club.slug}/games/")
    page.get_by_role("link", name="天鳳の牌譜を取り込む").click()
    page.get_by_label("…または牌譜を貼り付け").fill(text)
    page.get_by_role("button", name="対局を表示する").click()
    expect(page.get_by_role("heading", name="この牌譜の対局(まだ保存していません)")).to_be_visible()
    expect(page.locator("table.hands tbody tr")).to_have_count(len(expected["hands"]))
    points = page.locator("table.settlement tr.step-points td")
    expect(points).to_have_text([f"{value:+.1f}" for value in expected["final"]["points"]])
    screenshot(page, screenshot_path / "import-preview-sanma.png", full_page=True)
    assert not Game.objects.exists()
    page.get_by_role("button", name="この対局を保存する").click()
    expect(page.get_by_role("heading", name="精算")).to_be_visible()
    game = Game.objects.get()
    results = GameResult.objects.filter(game=game).order_by("seat")
    assert [float(result.points) for result in results] == expected["final"]["points"]

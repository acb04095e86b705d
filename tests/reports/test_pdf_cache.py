"""The cache of rendered PDFs (``reports.render``): a printout whose content is unchanged comes
back from the cache without a layout; a change of anything it shows (a game, a player's name, the
language) lays it out afresh. Each kind is checked: standings, player report, score sheet, a
round's seating sheet and its table cards. The PDFs are read back with ``pdftotext``.
"""

from __future__ import annotations

import gc
import shutil
import subprocess
from collections.abc import Callable

import pytest
from django.core.cache import caches

from clubs.models import Club, Player
from reports import render
from reports.games import game_sheet_pdf
from reports.league import player_pdf, standings_pdf
from scoring import services
from tests.scoring.factories import make_club, make_game, make_ruleset
from tests.standings.factories import make_league, play_short_games
from tests.tournaments.conftest import make_tournament
from tournaments import services as tournaments
from tournaments.models import SeatingMethod
from tournaments.reports import round_pdf

pytestmark = pytest.mark.django_db

SITE = "https://tenbou.example.org"
NAMES = ["青木", "馬場", "千葉", "土井", "江藤"]


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils' pdftotext not installed: the PDFs cannot be read")
    caches[render.PDF_CACHE].clear()


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every layout WeasyPrint makes (a PDF from the cache makes none)."""
    made: list[str] = []
    write = render.write_pdf

    def counted(html: str) -> bytes:
        made.append(html)
        return write(html)

    monkeypatch.setattr(render, "write_pdf", counted)
    return made


def text(pdf: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


@pytest.fixture
def club(db: None) -> Club:
    club = make_club("cache", public=True)
    make_ruleset(club, "k_rule", name="Kルール")
    return club


def rename(club: Club, old: str, new: str) -> None:
    Player.objects.filter(club=club, name=old).update(name=new)


def same_then_changed(
    layouts: list[str], print_it: Callable[[], bytes], change: Callable[[], None], new: str
) -> None:
    """Printed twice unchanged: one layout, the same bytes. Changed: laid out again, showing
    ``new``; and that too once only."""
    caches[render.PDF_CACHE].clear()
    layouts.clear()
    first = print_it()
    assert print_it() == first
    assert len(layouts) == 1
    change()
    changed = print_it()
    assert len(layouts) == 2
    assert new in text(changed)
    assert new not in text(first)
    assert print_it() == changed
    assert len(layouts) == 2


def test_standings_are_laid_out_again_only_when_a_game_changes(
    club: Club, layouts: list[str]
) -> None:
    version = club.rulesets.get().current_version()
    league = make_league(club)
    play_short_games(version, league, NAMES)

    def one_more_game() -> None:
        play_short_games(version, league, ["大山", "小川", "中村", "森田", "林"])

    same_then_changed(layouts, lambda: standings_pdf(league, language="ja"), one_more_game, "大山")


def test_a_player_renamed_shows_in_the_standings_and_the_player_report(
    club: Club, layouts: list[str]
) -> None:
    version = club.rulesets.get().current_version()
    league = make_league(club)
    play_short_games(version, league, NAMES)
    same_then_changed(
        layouts,
        lambda: standings_pdf(league, language="ja", site=SITE),
        lambda: rename(club, "馬場", "馬場改"),
        "馬場改",
    )
    player = Player.objects.get(club=club, name="青木")
    same_then_changed(
        layouts,
        lambda: player_pdf(Player.objects.get(pk=player.pk), league, language="ja"),
        lambda: rename(club, "青木", "青木改"),
        "青木改",
    )


def test_the_player_report_of_all_games_learns_of_a_new_game(
    club: Club, layouts: list[str]
) -> None:
    version = club.rulesets.get().current_version()
    play_short_games(version, None, NAMES)
    player = Player.objects.get(club=club, name="青木")
    before = player_pdf(player, None, language="en")
    play_short_games(version, None, NAMES)
    after = player_pdf(player, None, language="en")
    assert len(layouts) == 2
    assert text(after) != text(before)  # twice the games


def test_a_score_sheet_learns_of_a_new_hand_and_of_a_new_name(
    club: Club, layouts: list[str]
) -> None:
    game = make_game(club, club.rulesets.get(), ("東家", "南家", "西家", "北家"))

    def sheet() -> bytes:
        return game_sheet_pdf([services.games().get(pk=game.pk)], "ja", SITE)

    def a_hand() -> None:
        state = services.game_state(services.games().get(pk=game.pk))
        hand = {"riichi": [], "result": {"type": "draw", "tenpai": [1]}}
        services.record_hand(game, hand, version=state.version, key="cache-1")

    same_then_changed(layouts, sheet, a_hand, "+3,000")
    same_then_changed(layouts, sheet, lambda: rename(club, "南家", "南家改"), "南家改")


@pytest.mark.parametrize("kind", ["seating", "cards"])
def test_a_rounds_printouts_learn_of_a_new_name(club: Club, layouts: list[str], kind: str) -> None:
    tournament = make_tournament(club, players=8, rounds=1)
    (round_,) = tournaments.draw_rounds(tournament, [1], SeatingMethod.RANDOM)
    same_then_changed(
        layouts,
        lambda: round_pdf(round_, kind, "ja", SITE),
        lambda: rename(club, "選手03", "選手03改"),
        "選手03改",
    )


def test_each_language_is_its_own_printout(club: Club, layouts: list[str]) -> None:
    league = make_league(club)
    play_short_games(club.rulesets.get().current_version(), league, NAMES)
    japanese = standings_pdf(league, language="ja")
    english = standings_pdf(league, language="en")
    assert len(layouts) == 2
    assert "Standings" in text(english)
    assert "Standings" not in text(japanese)
    assert standings_pdf(league, language="en") == english
    assert standings_pdf(league, language="ja") == japanese
    assert len(layouts) == 2


def test_the_time_printed_is_filled_in_after_the_key_is_taken(
    club: Club, layouts: list[str]
) -> None:
    league = make_league(club)
    pdf = standings_pdf(league, language="en")
    assert render.PRINTED_AT in layouts[0]
    assert render.PRINTED_AT not in text(pdf)
    assert "Printed 20" in text(pdf)


def test_a_render_freezes_the_older_objects_and_the_last_render_out_thaws_them() -> None:
    """Renders in threads side by side: the first in freezes and collects less often, and
    after the last nothing stays frozen and the collector runs as it did before."""
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    pdf = render.write_pdf("<p>東</p>")
    assert pdf.startswith(b"%PDF-")
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before
    first, second = render._older_objects_frozen(), render._older_objects_frozen()
    first.__enter__()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    assert gc.get_threshold() == render.RENDER_GC_THRESHOLDS
    second.__enter__()
    first.__exit__(None, None, None)
    # The second render is still laying out: nothing is thawed. (The count itself may fall a
    # little: a frozen object whose last reference goes is freed all the same.)
    assert gc.get_freeze_count() > frozen // 2
    assert gc.get_threshold() == render.RENDER_GC_THRESHOLDS
    second.__exit__(None, None, None)
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before

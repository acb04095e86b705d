"""The game score sheet (点数表): one game, or several chosen games, as one PDF.

Every game starts on a new page: the players and their seat winds, every hand with each seat's
change and running score, the penalties, the settlement step by step and the score chart. The
numbers are the game page's (``scoring.display`` on the engine's replay); nothing is worked out
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, ngettext

from reports.league import rules_in_words
from reports.qr import page_url
from reports.render import PORTRAIT, render_pdf
from reports.text import shortened
from scoring import display, services
from scoring.models import Game, GameStatus
from standings.games import score_chart_svg


def game_sheet_pdf(games: Sequence[Game], language: str | None = None, site: str = "") -> bytes:
    """The score sheets of ``games`` (from ``services.games()``), in that order, as PDF bytes;
    each with the code of its game's page on ``site`` (``reports.qr.site_of``)."""
    if not games:
        raise ValueError("A score sheet needs at least one game.")
    with translation.override(language or translation.get_language()):
        sheets = [
            {
                **sheet_context(services.game_state(game)),
                "page_url": page_url(site, "games:game", game.club.slug, game.pk),
            }
            for game in games
        ]
        return render_pdf(
            "reports/game_sheet.html",
            {"sheets": sheets},
            title=_title(games),
            club_name=games[0].club.name,
            orientation=PORTRAIT,
        )


def _title(games: Sequence[Game]) -> str:
    if len(games) == 1:
        return gettext("Score sheet: game %(id)s") % {"id": games[0].pk}
    return ngettext("Score sheet: %(count)s game", "Score sheets: %(count)s games", len(games)) % {
        "count": len(games)
    }


# A name in a hand's line or a column's head: about eight kanji (the seats' table has it whole).
NAME_UNITS = 16


def sheet_context(state: services.GameState) -> dict[str, Any]:
    """One game's sheet, as the game page shows it; long names shortened where a column is
    narrow, so that no column leaves the page and a row stays one or two lines high."""
    game, replay = state.game, state.replay
    names = [shortened(name, NAME_UNITS) for name in state.players]
    final = replay.final
    return {
        "game": game,
        "ruleset": game.ruleset_version.ruleset.name,
        "rules": rules_in_words(game.ruleset_version.ruleset.name, game.ruleset_version.options),
        "ongoing": game.status == GameStatus.ONGOING,
        "voided": game.status == GameStatus.VOIDED,
        "seats": _seats(state),
        "short_names": names,
        "hand_rows": display.hand_rows(state.hands, replay, names, state.rules),
        "after": display.game_after(replay, names),
        "penalties": _penalties(state),
        "settlement": final and display.settlement(final, state.rules, names, replay.chips),
        "ended_by": final and display.ENDED_BY.get(final.ended_by, final.ended_by),
        "chart": score_chart_svg(state) if state.hands else "",
    }


def _seats(state: services.GameState) -> list[display.SeatLine]:
    """The players as they sat down: the first dealer is East (起家)."""
    replay = state.replay
    first = replay.hands[0] if replay.hands else replay.next_hand
    dealer = first.dealer if first is not None else 0
    start = [state.rules.start_points] * len(state.players)
    return display.seat_lines(state.players, start, dealer)


def _penalties(state: services.GameState) -> list[dict[str, Any]]:
    """The settlement penalties a referee gave (hands' chombo and deposits are in the hands)."""
    names = state.players
    return [
        {
            "name": names[penalty["seat"]],
            "points": display.points(penalty["points"]),
            "minus": penalty["points"] < 0,
            "reason": penalty.get("reason", ""),
        }
        for penalty in state.document.get("settlement_penalties") or []
    ]

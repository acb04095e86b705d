"""The game score sheet (点数表): one game, or several chosen games, as one PDF.

Every game starts on a new page: the players and their seat winds, every hand with each seat's
change and running score, the penalties, the settlement step by step and the score chart. The
numbers are the game page's (``scoring.display`` on the engine's replay); nothing is worked out
here.

A hand is one table row of three cells rather than eight: its number, round, honba and sticks
as two fixed-width lines, what happened, and every seat's change and score after it as two
fixed-width lines (``reports.text.fixed_columns``) under column heads exactly as wide.
WeasyPrint's layout costs by the line and by the inline box: a 20-hand sheet 30% sooner than
a cell a value (0.51 -> 0.35 s of CPU). The dealer's column of the seats' cell is shaded by the
cell's background (``reports/game_sheet.html``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from reports.league import rules_in_words
from reports.qr import page_url
from reports.render import PORTRAIT, render_pdf
from reports.text import (
    Column,
    RunCell,
    Value,
    fixed_columns,
    run_cells,
    shortened,
    units_pt,
    width,
)
from scoring import display, services
from scoring.models import Game, GameStatus
from scoring.templatetags.scoring_tags import score, signed
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
        "hands": hand_table(display.hand_rows(state.hands, replay, names, state.rules), names),
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


SEAT_UNITS = 9  # a seat's column at the least (15 mm): "+12,000" with room


@dataclass(frozen=True)
class HandLine:
    """A hand's row: its number, round and sticks, the honba under the round (two fixed-width
    lines, or a cell a column where a word has no fixed width), what happened, and the seats'
    two lines: each one's change, then its score after the hand."""

    head: list[RunCell]
    summary: str
    riichi: list[str]
    seats: SafeString
    dealer: int


@dataclass(frozen=True)
class HandTable:
    """The hands of a sheet: the columns' heads and widths (points), and a line a hand."""

    heads: list[tuple[str, float]]  # the number, the round, the sticks
    seat_pt: float
    seat_count: int
    lines: list[HandLine]


def hand_table(rows: Sequence[dict[str, Any]], names: Sequence[str]) -> HandTable | None:
    """``display.hand_rows`` as the sheet prints them; None for a game without a hand."""
    if not rows:
        return None
    heads = ["#", gettext("Round"), gettext("Sticks")]
    # Each hand's two lines: its number, round and sticks, then the honba under the round.
    head_lines = [
        ([str(row["number"]), row["round"], score(row["sticks"])], ["", row["honba"], ""])
        for row in rows
    ]
    head_columns = [
        Column(
            max(width(head) + 1, *(width(line[i]) for lines in head_lines for line in lines)) + 2,
            left=(i == 1),
        )
        for i, head in enumerate(heads)
    ]
    changes = [[signed(seat["delta"]) for seat in row["seats"]] for row in rows]
    after = [[score(seat["score"]) for seat in row["seats"]] for row in rows]
    seat_units = max(SEAT_UNITS, *(width(text) + 2 for line in changes + after for text in line))
    # A score below zero (箱下) in red; a change is not: a span of colour is a box of its own in
    # the line, and the losers' changes in red cost a 20-hand sheet 15% (``bench/pdf.py``).
    after_shown = [
        [_minus(text, seat["score"]) for text, seat in zip(line, row["seats"], strict=True)]
        for line, row in zip(after, rows, strict=True)
    ]
    seat_columns = [Column(seat_units)] * len(names)
    lines = [
        HandLine(
            head=run_cells(head_lines[n], head_columns),
            summary=row["summary"],
            riichi=row["riichi"],
            seats=mark_safe(
                fixed_columns(changes[n], seat_columns)
                + "\n"
                + fixed_columns(after_shown[n], seat_columns)
            ),
            dealer=next(seat for seat, line in enumerate(row["seats"]) if line["dealer"]),
        )
        for n, row in enumerate(rows)
    ]
    return HandTable(
        heads=[
            (head, units_pt(column.units)) for head, column in zip(heads, head_columns, strict=True)
        ],
        seat_pt=units_pt(seat_units),
        seat_count=len(names),
        lines=lines,
    )


def _minus(text: str, value: int) -> str | Value:
    return Value(text, "minus") if value < 0 else text

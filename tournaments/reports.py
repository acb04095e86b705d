"""A tournament's PDFs, through the reports renderer: a round's seating sheet and table cards,
and the results (every standings column, the teams and each round's tables)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from reports.league import rules_in_words, standings_context
from reports.qr import page_url
from reports.render import LANDSCAPE, PORTRAIT, render_pdf
from reports.text import shortened, units_pt, width
from tournaments import display
from tournaments.display import TableView
from tournaments.models import EntryStatus, Round, RoundStatus, Tournament
from tournaments.standings import tournament_standings

CARD_NAME_UNITS = 36  # a card's name at 14 pt, between the wind and the two boxes (90 mm)
ROUND_TITLES = {
    "seating": gettext_noop("Round %(n)d: seating"),
    "cards": gettext_noop("Round %(n)d: table cards"),
}


def round_pdf(round_: Round, kind: str, language: str | None = None, site: str = "") -> bytes:
    """The round's seating sheet (``seating``) or its table cards (``cards``), portrait A4;
    each table with the code of its page on ``site`` (``reports.qr.site_of``)."""
    language = language or translation.get_language()
    tournament = round_.tournament
    with translation.override(language):
        title = gettext(ROUND_TITLES[kind]) % {"n": round_.number}
        context = {
            "tournament": tournament,
            "round": round_,
            "tables": [
                (view, table_url(site, round_, view), card_seats(view) if kind == "cards" else None)
                for view in display.round_tables(round_)
            ],
            "draft": round_.status == RoundStatus.DRAFT,
        }
    return render_pdf(
        f"tournaments/reports/{kind}.html",
        context,
        title=f"{tournament.name} · {title}",
        club_name=tournament.club.name,
        orientation=PORTRAIT,
        language=language,
    )


@dataclass(frozen=True)
class CardSeats:
    """A table card's seats: (wind, name) a line each, the name shortened to the line's room
    before the boxes (``CARD_NAME_UNITS``), and the boxes, two a seat, drawn as one SVG."""

    lines: list[tuple[str, str]]

    @property
    def boxes(self) -> SafeString:
        """Two 32 mm boxes a seat, 9 mm high (a line of the seats): one SVG path in
        millimetres, its outline, the line between the boxes and one across between seats."""
        height = 9 * len(self.lines)
        across = "".join(f"M0 {9 * n}H64" for n in range(1, len(self.lines)))
        return format_html(
            '<svg class="boxes" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 {h}" '
            'height="{h}mm" fill="none" stroke="#333" stroke-width="0.21">'
            '<path d="M0.1 0.1H63.9V{bottom}H0.1ZM32 0V{h}{across}"/></svg>',
            h=height,
            bottom=height - 0.1,
            across=across,
        )

    @property
    def heads(self) -> SafeString:
        """The boxes' heads, each centred over its box: one line of text in half widths, padded
        with spaces (``heads_line``), not two texts of the SVG (WeasyPrint lays out an SVG's
        text as a paragraph of its own: a tenth of the cards)."""
        return format_html('<p class="heads">{}</p>', heads_line())


HEAD_PT = 8  # the boxes' heads' type size (the cards' .heads, a line 4 mm high)
BOX_UNITS = 32 / (25.4 / 72) / units_pt(1, HEAD_PT)  # a box's width in half-width units


def heads_line() -> str:
    """ "Final score" over the first box and "Points" over the second, each centred to a unit
    (1.4 mm): ideographic spaces before each (an em, two half-width units, in every CJK font;
    an ASCII space is narrower and not the same in every font), their count from the heads'
    widths in units (``reports.text.width``)."""
    score, points = gettext("Final score (素点)"), gettext("Points")
    first = max(round((BOX_UNITS - width(score)) / 4), 0)  # in ems: two units each
    second_at = BOX_UNITS + (BOX_UNITS - width(points)) / 2  # in units
    second = max(round((second_at - 2 * first - width(score)) / 2), 1)
    return IDEOGRAPHIC_SPACE * first + score + IDEOGRAPHIC_SPACE * second + points


IDEOGRAPHIC_SPACE = "\u3000"


def card_seats(view: TableView) -> CardSeats:
    """The seats of ``view`` as its table card prints them."""
    return CardSeats([(seat.wind, shortened(seat.name, CARD_NAME_UNITS)) for seat in view.seats])


def table_url(site: str, round_: Round, view: TableView) -> str:
    """The page a player at the table wants: its game's (the scores as they are recorded), or
    before the round is published, when the table has no game yet, the round's at the table."""
    table, slug = view.table, round_.tournament.club.slug
    if table.game_id is not None:
        return page_url(site, "games:game", slug, table.game_id)
    url = page_url(site, "tournaments:round", slug, round_.tournament_id, round_.number)
    return f"{url}#table-{table.number}" if url else ""


def results_pdf(tournament: Tournament, language: str | None = None, site: str = "") -> bytes:
    """The standings (landscape, as the league standings print), the teams, every round; with
    the code of the tournament's live standings page on ``site``."""
    language = language or translation.get_language()
    table = tournament_standings(tournament)
    for row in table.rows:  # the line under the finalists, as the page marks them
        row.qualified = not table.finalists or row.player_id in table.finalists
    rounds = list(tournament.round_set.exclude(status=RoundStatus.DRAFT).order_by("number"))
    with translation.override(language):
        final = len(rounds) == tournament.rounds and all(
            r.status == RoundStatus.CLOSED for r in rounds
        )
        title = gettext("Final results") if final else gettext("Standings")
        context: dict[str, Any] = {
            "tournament": tournament,
            **standings_context(table),
            "final": final,
            "rules": _rules(tournament),
            "page_url": page_url(
                site, "tournaments:standings", tournament.club.slug, tournament.pk
            ),
            "line_text": gettext(
                "Above the line: the finalists, with the points carried over the cut (持ち越し) "
                "and the finals' games. Below: the others, as they stood after round %(n)s."
            )
            % {"n": tournament.cut_after},
        }
    return render_pdf(
        "tournaments/reports/results.html",
        context,
        title=f"{tournament.name} · {title}",
        club_name=tournament.club.name,
        orientation=LANDSCAPE,
        language=language,
    )


def check_in_cards_pdf(
    tournament: Tournament, language: str | None = None, site: str = ""
) -> bytes:
    """A card for each player (drop-outs apart), ten to a portrait A4 page to cut out: the
    name, its reading, the team and the entry's number, and the code of the entry's check-in
    page on ``site`` (``tournaments.views.check_in``), for the organiser to scan on the day."""
    language = language or translation.get_language()
    entries = tournament.entries.exclude(status=EntryStatus.DROPPED).select_related(
        "player", "team"
    )
    slug = tournament.club.slug
    with translation.override(language):
        title = gettext("Cards for checking in")
    cards = [
        (entry, page_url(site, "tournaments:card", slug, tournament.pk, entry.pk))
        for entry in entries
    ]
    rows = [cards[start : start + 2] for start in range(0, len(cards), 2)]  # two a row
    return render_pdf(
        "tournaments/reports/check_in_cards.html",
        {"tournament": tournament, "rows": rows},
        title=f"{tournament.name} · {title}",
        club_name=tournament.club.name,
        orientation=PORTRAIT,
        language=language,
    )


def _rules(tournament: Tournament) -> Any:
    """How the tournament's games settle, in words, as the league standings print them."""
    version = tournament.ruleset.current_version()
    return rules_in_words(tournament.ruleset.name, version.options) if version else None

"""A tournament's PDFs, through the reports renderer: a round's seating sheet and table cards,
and the results (every standings column, the teams and each round's tables)."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from reports.league import paged, printed_rows, row_runs, rules_in_words
from reports.render import LANDSCAPE, PORTRAIT, render_pdf
from tournaments import display
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.standings import tournament_standings

ROUND_TITLES = {
    "seating": gettext_noop("Round %(n)d: seating"),
    "cards": gettext_noop("Round %(n)d: table cards"),
}


def round_pdf(round_: Round, kind: str, language: str | None = None) -> bytes:
    """The round's seating sheet (``seating``) or its table cards (``cards``), portrait A4."""
    language = language or translation.get_language()
    tournament = round_.tournament
    with translation.override(language):
        title = gettext(ROUND_TITLES[kind]) % {"n": round_.number}
        context = {
            "tournament": tournament,
            "round": round_,
            "tables": display.round_tables(round_),
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


def results_pdf(tournament: Tournament, language: str | None = None) -> bytes:
    """The standings (landscape, as the league standings print), the teams, every round."""
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
            "table": table,
            "pages": [row_runs(page) for page in paged(printed_rows(table)) if page],
            "colspan": len(table.columns) + 1,
            "final": final,
            "rules": _rules(tournament),
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


def _rules(tournament: Tournament) -> Any:
    """How the tournament's games settle, in words, as the league standings print them."""
    version = tournament.ruleset.current_version()
    return rules_in_words(tournament.ruleset.name, version.options) if version else None

"""A league's standings page: sortable, filtered by dates and a player search, phone first."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.access import club_object, club_view
from clubs.models import Club, League
from clubs.views.common import club_page
from scoring.models import HandStat
from standings.forms import StandingsFilter, rows_as_asked
from standings.leagues import current_league
from standings.ratings import PROVISIONAL_GAMES, add_rating_column, league_ratings
from standings.stamps import CACHE_SECONDS, cache_key, results_stamp
from standings.tables import Row, Standings, columns, counted_results, league_standings
from standings.templatetags.standings_tags import cell
from standings.yaku import recorded_wins, yaku_table


@require_safe
@club_view()
def standings(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's current league (the open one); a club without leagues is told how to start."""
    league = current_league(club)
    if league is None:
        return club_page(request, "standings/league.html", club, {"league": None})
    return _league_page(request, club, league)


@require_safe
@club_view()
def league(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    leagues = League.objects.select_related("ruleset")
    return _league_page(request, club, club_object(club, leagues, league_id))


@require_safe
@club_view()
def league_yaku(request: HttpRequest, club: Club, league_id: int) -> HttpResponse:
    """役の集計: how often each yaku was won in the league's counted games."""
    league = club_object(club, League, league_id)
    wins = HandStat.objects.filter(game_id__in=counted_results(league).values("game_id"))
    context = {"league": league, "yaku_table": yaku_table(recorded_wins(wins))}
    return club_page(request, "standings/league_yaku.html", club, context)


# Bumped when the table's HTML changes: tables kept in the cache in the older form are not read.
TABLE_HTML_VERSION = 2
KEPT_QUERIES = {"date_from", "date_to", "sort", "order", "q"}  # q only when empty


def _league_page(request: HttpRequest, club: Club, league: League) -> HttpResponse:
    form = StandingsFilter(request.GET, columns=columns(4, rating=True))
    form.is_valid()
    context: dict[str, Any] = {
        "league": league,
        "leagues": League.objects.filter(club=club),
        "form": form,
        "table_html": _table_html(request, club, league, form),
    }
    if request.htmx:
        return HttpResponse(context["table_html"])
    return club_page(request, "standings/league.html", club, context)


def _table_html(request: HttpRequest, club: Club, league: League, form: StandingsFilter) -> str:
    """The standings table as HTML, kept in the cache under the stamp of the league's results
    (``standings.stamps``), the reader's language and what the request asked (sort, search,
    dates): 1,000 players' rows take longer to write than everything else on the page."""
    asked = sorted(request.GET.lists())
    if form.value("q") or form.errors or not {name for name, _v in asked} <= KEPT_QUERIES:
        # A search (a few rows), a wrong value (the table says so) or another parameter (its
        # links carry it): written afresh, so that nobody's query fills the cache.
        return mark_safe(_render_table(request, club, league, form))
    key = cache_key(
        "standings-table",
        TABLE_HTML_VERSION,
        league.pk,
        get_language(),
        asked,
        (league.counting, league.best_games, str(league.points_cap), league.tie_breaks),
        (league.qualification_games, league.starts_on, league.ends_on),
        results_stamp(club.pk, league),
    )
    html = cache.get_or_set(key, lambda: _render_table(request, club, league, form), CACHE_SECONDS)
    return mark_safe(html)  # the template's own rendering, kept as it was written


def _render_table(request: HttpRequest, club: Club, league: League, form: StandingsFilter) -> str:
    date_from, date_to = form.dates()
    table = league_standings(league, date_from, date_to)
    add_rating_column(table, league_ratings(league, date_from, date_to))
    context = {"league": league, "form": form, "table": table, **_shown(table, form, club.slug)}
    return club_page(request, "standings/league.html#table", club, context).content.decode()


@dataclass(frozen=True)
class DisplayRow:
    """A row as the table writes it, each cell worked out once and written as HTML here: a
    national league's 1,000 rows x 17 columns, twice (the row and a phone's details), take the
    template ten times longer cell by cell than as two strings a row."""

    row: Row
    url: str
    cells: SafeString  # the <td> of each column after the player's name
    details: SafeString  # the <div><dt><dd> of the columns a phone opens with a tap
    more_label: str


def _display_rows(table: Standings, rows: list[Row], slug: str) -> list[DisplayRow]:
    columns = [column for column in table.columns if column.key != "name"]
    classes = [f"{c.kind}{'' if c.core else ' more'}" for c in columns]
    labels = [str(c.label) if not c.core else None for c in columns]
    query = f"?league={table.league.pk}"
    shown = []
    for row in rows:
        texts = [cell(row, column) for column in columns]
        cells = [
            (f"{css}{' minus' if c.key == 'total' and row.total < 0 else ''}", text)
            for css, c, text in zip(classes, columns, texts, strict=True)
        ]
        details = [(label, text) for label, text in zip(labels, texts, strict=True) if label]
        shown.append(
            DisplayRow(
                row,
                reverse("standings:player", args=[slug, row.player_id]) + query,
                _html('<td class="{}">{}</td>', cells),
                _html("<div><dt>{}</dt><dd>{}</dd></div>", details),
                _("All of %(name)s's figures") % {"name": row.name},
            )
        )
    return shown


def _html(pattern: str, pairs: list[tuple[str, str]]) -> SafeString:
    """``format_html_join`` for plain strings, at a fifth of its cost: each value escaped."""
    return mark_safe("".join(pattern.format(escape(a), escape(b)) for a, b in pairs))


def _shown(table: Standings, form: StandingsFilter, slug: str) -> dict[str, Any]:
    """The rows as asked, the sort they are in, and what of the request was not obeyed."""
    shown = rows_as_asked(table, form)
    notices = []
    if shown.dropped_sort:
        notices.append(_("A three-player league has no 4th places: the usual order is used."))
    return {
        "rows": _display_rows(table, shown.rows, slug),
        "colspan": len(table.columns) + 2,
        "provisional_games": PROVISIONAL_GAMES,
        "sort_key": shown.key or "",
        "descending": shown.descending,
        "notices": notices,
        "show_line": bool(table.unqualified) and table.league.qualification_games,
        "search": shown.search,
    }

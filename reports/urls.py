"""The PDF downloads of a club, under /c/<slug>/ (included once from ``tenbou/urls.py``)."""

from __future__ import annotations

from django.urls import path

from reports.views import blank, games, league

app_name = "reports"

urlpatterns = [
    path("c/<slug:slug>/games/<int:game_id>/sheet.pdf", games.game_sheet, name="game_sheet"),
    path("c/<slug:slug>/games/sheets.pdf", games.game_sheets, name="game_sheets"),
    path("c/<slug:slug>/day/<str:day>/results.pdf", league.day_report, name="day"),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/standings.pdf",
        league.standings_report,
        name="standings",
    ),
    path("c/<slug:slug>/leagues/<int:league_id>/teams.pdf", league.teams_report, name="teams"),
    path(
        "c/<slug:slug>/players/<int:player_id>/report.pdf",
        league.player_report,
        name="player",
    ),
    path(
        "c/<slug:slug>/rulesets/<int:ruleset_id>/blank-sheet.pdf",
        blank.blank_sheet,
        name="blank_sheet",
    ),
]

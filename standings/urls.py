"""The players' pages of a club, under /c/<slug>/ (included once from ``tenbou/urls.py``)."""

from __future__ import annotations

from django.urls import path

from standings.views import day, exports, home, league, log, player, predict, teams, whatif

app_name = "standings"

urlpatterns = [
    path("c/<slug:slug>/", home.club_home, name="home"),
    path("c/<slug:slug>/standings/", league.standings, name="standings"),
    path("c/<slug:slug>/leagues/<int:league_id>/", league.league, name="league"),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/standings.csv",
        exports.standings_csv,
        name="standings_csv",
    ),
    path("c/<slug:slug>/leagues/<int:league_id>/games.csv", exports.games_csv, name="games_csv"),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/results.csv",
        exports.results_csv,
        name="results_csv",
    ),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/results.xlsx",
        exports.results_xlsx,
        name="results_xlsx",
    ),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/penalties.csv",
        exports.penalties_csv,
        name="penalties_csv",
    ),
    path("c/<slug:slug>/leagues/<int:league_id>/teams/", teams.league_teams, name="league_teams"),
    path("c/<slug:slug>/leagues/<int:league_id>/teams.csv", exports.teams_csv, name="teams_csv"),
    path("c/<slug:slug>/leagues/<int:league_id>/titles.csv", exports.titles_csv, name="titles_csv"),
    path("c/<slug:slug>/leagues/<int:league_id>/what-if/", whatif.whatif, name="whatif"),
    path("c/<slug:slug>/leagues/<int:league_id>/yaku/", league.league_yaku, name="league_yaku"),
    path("c/<slug:slug>/players/<int:player_id>/", player.player, name="player"),
    path("c/<slug:slug>/predict/", predict.predict, name="predict"),
    path("c/<slug:slug>/games/<int:game_id>/chart.svg", home.game_chart, name="game_chart"),
    path("c/<slug:slug>/log/", log.log, name="log"),
    path("c/<slug:slug>/day/", day.latest, name="day_latest"),
    path("c/<slug:slug>/day/<str:day>/", day.day, name="day"),
    path("c/<slug:slug>/day/<str:day>/results.csv", day.day_csv, name="day_csv"),
]

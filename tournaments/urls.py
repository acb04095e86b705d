"""A club's tournaments, under /c/<slug>/tournaments/ (included once from ``tenbou/urls.py``)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import actions, pages, pdfs

app_name = "tournaments"

ONE = "<int:tournament_id>/"
ROUND = ONE + "rounds/<int:number>/"

urlpatterns = [
    path("", pages.tournament_list, name="list"),
    path("new/", pages.tournament_new, name="new"),
    path("create/", actions.tournament_create, name="create"),
    path(ONE, pages.tournament, name="tournament"),
    path(ONE + "players/", pages.players, name="players"),
    path(ONE + "players/register/", actions.register, name="register"),
    path(ONE + "players/check-in/", actions.check_in_many, name="check_in_many"),
    path(ONE + "players/<int:entry_id>/", actions.entry, name="entry"),
    path(ONE + "draw/", actions.draw, name="draw"),
    path(ONE + "upload/", actions.upload, name="upload"),
    path(ONE + "cut/", actions.cut, name="cut"),
    path(ONE + "standings/", pages.standings, name="standings"),
    path(ONE + "seating-check/", pages.seating_check, name="seating_check"),
    path(ONE + "results.pdf", pdfs.results, name="results_pdf"),
    path(ROUND, pages.round_page, name="round"),
    path(ROUND + "clock/", pages.clock, name="clock"),
    path(ROUND + "publish/", actions.publish, name="publish"),
    path(ROUND + "start/", actions.start_clock, name="start_clock"),
    path(ROUND + "close/", actions.close, name="close"),
    path(ROUND + "tables/<int:table>/referee/", actions.referee, name="referee"),
    path(ROUND + "seating.pdf", pdfs.seating_sheet, name="seating_pdf"),
    path(ROUND + "cards.pdf", pdfs.table_cards, name="cards_pdf"),
]

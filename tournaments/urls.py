"""A club's tournaments, under /c/<slug>/tournaments/ (included once from ``tenbou/urls.py``)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import actions, check_in, hall, pages, pdfs, registration, results

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
    path(ONE + "players/<int:entry_id>/card/", check_in.card, name="card"),
    path(
        ONE + "players/<int:entry_id>/card/check-in/", check_in.card_check_in, name="card_check_in"
    ),
    path(ONE + "cards/check-in.pdf", pdfs.check_in_cards, name="check_in_cards"),
    path(ONE + "register/", registration.sign_up, name="sign_up"),
    path(ONE + "register/withdraw/<str:token>/", registration.withdraw, name="withdraw"),
    path(ONE + "registration/", registration.registration_settings, name="registration"),
    path(ONE + "registration/approve/", registration.approve_places, name="approve_places"),
    path(ONE + "registration/<int:registration_id>/", registration.registrant, name="registrant"),
    path(ONE + "draw/", actions.draw, name="draw"),
    path(ONE + "upload/", actions.upload, name="upload"),
    path(ONE + "cut/", actions.cut, name="cut"),
    path(ONE + "standings/", pages.standings, name="standings"),
    path(ONE + "hall/", hall.hall_now, name="hall_now"),
    path(ONE + "seating-check/", pages.seating_check, name="seating_check"),
    path(ONE + "results.pdf", pdfs.results, name="results_pdf"),
    path(ONE + "results.csv", results.results_csv, name="results_csv"),
    path(ONE + "results.xlsx", results.results_xlsx, name="results_xlsx"),
    path(ONE + "penalties.csv", results.penalties_csv, name="penalties_csv"),
    path(ONE + "report.pdf", results.report, name="report_pdf"),
    path(ONE + "sign-off/", results.sign_off, name="sign_off"),
    path(ROUND, pages.round_page, name="round"),
    path(ROUND + "clock/", pages.clock, name="clock"),
    path(ROUND + "hall/", hall.hall, name="hall"),
    path(ROUND + "publish/", actions.publish, name="publish"),
    path(ROUND + "start/", actions.start_clock, name="start_clock"),
    path(ROUND + "close/", actions.close, name="close"),
    path(ROUND + "tables/<int:table>/referee/", actions.referee, name="referee"),
    path(ROUND + "seating.pdf", pdfs.seating_sheet, name="seating_pdf"),
    path(ROUND + "cards.pdf", pdfs.table_cards, name="cards_pdf"),
]

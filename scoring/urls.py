"""Games of a club: ``c/<slug>/games/...`` (included once from ``tenbou/urls.py``)."""

from __future__ import annotations

from django.urls import path

from scoring import calculator_views
from scoring.views import chips, ending, games, hands, imports

app_name = "games"

urlpatterns = [
    path("", games.game_list, name="list"),
    path("new/", games.start_game, name="start"),
    path("import/", imports.import_tenhou, name="import"),
    path("<int:game_id>/", games.game, name="game"),
    path("<int:game_id>/record.json", games.export_record, name="export"),
    path("<int:game_id>/history/", games.history, name="history"),
    path("<int:game_id>/hands/", hands.record_hand, name="record"),
    path("<int:game_id>/hands/preview/", hands.preview_hand, name="preview"),
    path("<int:game_id>/hands/<int:number>/", hands.edit_hand, name="edit"),
    path("<int:game_id>/hands/<int:number>/preview/", hands.preview_hand, name="edit_preview"),
    path("<int:game_id>/hands/<int:number>/delete/", hands.delete_hand, name="delete"),
    path("<int:game_id>/finish/", ending.finish_game, name="finish"),
    path("<int:game_id>/end-early/", ending.end_early, name="end_early"),
    path("<int:game_id>/reopen/", ending.reopen_game, name="reopen"),
    path("<int:game_id>/void/", ending.void_game, name="void"),
    path("<int:game_id>/league/", ending.move_league, name="league"),
    path("<int:game_id>/final-scores/", ending.final_scores, name="final_scores"),
    path("<int:game_id>/chips/", chips.chips_final, name="chips"),
    path("<int:game_id>/calculator/<int:seat>/", calculator_views.panel, name="calculator"),
    path("<int:game_id>/calculator/<int:seat>/count/", calculator_views.count, name="count"),
]

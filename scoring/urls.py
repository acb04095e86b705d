"""Games of a club: ``c/<slug>/games/...`` (included once from ``tenbou/urls.py``)."""

from __future__ import annotations

from django.urls import path

from scoring import calculator_views, views

app_name = "games"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("new/", views.start_game, name="start"),
    path("import/", views.import_tenhou, name="import"),
    path("<int:game_id>/", views.game, name="game"),
    path("<int:game_id>/record.json", views.export_record, name="export"),
    path("<int:game_id>/history/", views.history, name="history"),
    path("<int:game_id>/hands/", views.record_hand, name="record"),
    path("<int:game_id>/hands/preview/", views.preview_hand, name="preview"),
    path("<int:game_id>/hands/<int:number>/", views.edit_hand, name="edit"),
    path("<int:game_id>/hands/<int:number>/preview/", views.preview_hand, name="edit_preview"),
    path("<int:game_id>/hands/<int:number>/delete/", views.delete_hand, name="delete"),
    path("<int:game_id>/finish/", views.finish_game, name="finish"),
    path("<int:game_id>/end-early/", views.end_early, name="end_early"),
    path("<int:game_id>/reopen/", views.reopen_game, name="reopen"),
    path("<int:game_id>/void/", views.void_game, name="void"),
    path("<int:game_id>/league/", views.move_league, name="league"),
    path("<int:game_id>/final-scores/", views.final_scores, name="final_scores"),
    path("<int:game_id>/chips/", views.chips_final, name="chips"),
    path("<int:game_id>/calculator/<int:seat>/", calculator_views.panel, name="calculator"),
    path("<int:game_id>/calculator/<int:seat>/count/", calculator_views.count, name="count"),
]

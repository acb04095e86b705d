"""The player merge page, under its club's players (/c/<slug>/players/<id>/merge/)."""

from __future__ import annotations

from django.urls import path

from scoring import player_views

urlpatterns = [
    path(
        "c/<slug:slug>/players/<int:player_id>/merge/",
        player_views.merge,
        name="player_merge",
    ),
]

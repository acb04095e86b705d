from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from clubs import views as club_views
from tenbou import views

urlpatterns = [
    path("", club_views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("reports.urls")),
    path("", include("standings.urls")),
    path("c/<slug:slug>/games/", include("scoring.urls")),
    path("c/<slug:slug>/tournaments/", include("tournaments.urls")),
    path("", include("clubs.urls")),
    path("", include("scoring.urls_players")),
]

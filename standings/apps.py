from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = _("Standings")

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from scoring import hooks
        from tournaments.chances import table_chances
        from tournaments.display import referee_called

        if table_chances not in hooks.BEFORE_FIRST_HAND:
            hooks.BEFORE_FIRST_HAND.append(table_chances)
        if referee_called not in hooks.REFEREE_CALLED:
            hooks.REFEREE_CALLED.append(referee_called)

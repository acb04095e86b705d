"""Starting a game: the players in seat order, the ruleset, the league, how it is entered."""

from __future__ import annotations

import random
import uuid
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, League, Ruleset, RulesetVersion
from scoring.engine.rules import ruleset_from_spec
from scoring.forms.common import MAX_SEATS, league_field

# -- starting a game -----------------------------------------------------------------------

SEATING = [("order", gettext_lazy("As entered")), ("draw", gettext_lazy("Random draw of winds"))]
ENTRY = [("hands", gettext_lazy("Hand by hand")), ("scores", gettext_lazy("Final scores only"))]
SEAT_WIND_NAMES = (
    gettext_lazy("East"),
    gettext_lazy("South"),
    gettext_lazy("West"),
    gettext_lazy("North"),
)


class StartGameForm(forms.Form):
    """Ruleset, players in wind order (or drawn), table and date. Unknown names become players."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    ruleset = forms.ModelChoiceField(queryset=Ruleset.objects.none(), label=gettext_lazy("Ruleset"))
    seating = forms.ChoiceField(
        choices=SEATING, initial="order", widget=forms.RadioSelect, label=gettext_lazy("Seats")
    )
    entry = forms.ChoiceField(
        choices=ENTRY, initial="hands", widget=forms.RadioSelect, label=gettext_lazy("Entry")
    )
    table_label = forms.CharField(max_length=40, required=False, label=gettext_lazy("Table"))
    played_on = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    league = league_field()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        rulesets = Ruleset.objects.filter(club=club, versions__isnull=False).distinct()
        self.fields["ruleset"].queryset = rulesets
        self.fields["ruleset"].initial = club.default_ruleset_id
        # The open league is offered first, with its own ruleset.
        leagues = League.objects.filter(club=club, is_open=True).order_by("-starts_on", "-pk")
        self.fields["league"].queryset = leagues
        if (league := leagues.first()) is not None:
            self.fields["league"].initial = league.pk
            self.fields["ruleset"].initial = league.ruleset_id or club.default_ruleset_id
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["played_on"].initial = timezone.localdate()
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = forms.CharField(
                max_length=60, required=False, label=str(SEAT_WIND_NAMES[seat])
            )

    def _check_league_dates(self, data: dict[str, Any]) -> None:
        """A game outside its league's dates would never count: say so before it is played."""
        league, day = data.get("league"), data.get("played_on")
        if league is None or day is None:
            return
        if (league.starts_on and day < league.starts_on) or (
            league.ends_on and day > league.ends_on
        ):
            self.add_error(
                "played_on",
                _("%(league)s runs from %(start)s to %(end)s: a game on this day would not count.")
                % {
                    "league": league.name,
                    "start": league.starts_on or "…",
                    "end": league.ends_on or "…",
                },
            )

    def players_count(self) -> int:
        """Seats of the chosen (or default) ruleset: 4, or 3 for sanma."""
        value = str(self["ruleset"].value() or "")
        # Posted text is not yet a valid id here (the form shows its error): never query with it.
        ruleset = (
            self.fields["ruleset"].queryset.filter(pk=value).first() if value.isdigit() else None
        )
        version = ruleset.current_version() if ruleset else None
        return ruleset_from_spec(version.options).players if version else MAX_SEATS

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.players_count())]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        ruleset = data.get("ruleset")
        if ruleset is None:
            return data
        version: RulesetVersion = ruleset.current_version()
        count = ruleset_from_spec(version.options).players
        names = [data.get(f"player_{seat}", "").strip() for seat in range(count)]
        for seat, name in enumerate(names):
            if not name:
                self.add_error(f"player_{seat}", _("Pick or type a player."))
            elif name in names[:seat]:
                self.add_error(f"player_{seat}", _("This player already has a seat."))
        if data.get("seating") == "draw":
            names = random.sample(names, len(names))
        self._check_league_dates(data)
        data["ruleset_version"] = version
        data["players"] = names
        return data

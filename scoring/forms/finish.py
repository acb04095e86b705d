"""The end of a game: ending early, voiding, moving it to a league, final scores only."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from clubs.models import Club, League
from scoring.engine.record import MAX_CHIP_COUNT, MAX_POINTS, MAX_SCORE
from scoring.forms.common import ChangeForm, league_field

# -- the end of a game ---------------------------------------------------------------------


class ReasonForm(ChangeForm):
    """Ending early (time limit, referee), reopening, voiding: each says why."""

    reason = forms.CharField(max_length=200, required=False, label=gettext_lazy("Reason"))


class VoidForm(ChangeForm):
    reason = forms.CharField(max_length=200, label=gettext_lazy("Reason for voiding"))


class MoveLeagueForm(ChangeForm):
    """An admin's move of a game to another league of the club (or out of every league)."""

    league = league_field()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["league"].queryset = League.objects.filter(club=club)


class FinalScoresForm(ChangeForm):
    """Score-only entry (素点入力): each seat's final score and the sticks left on the table."""

    deposits = forms.IntegerField(
        min_value=0,
        max_value=MAX_POINTS,
        initial=0,
        label=gettext_lazy("Sticks left on the table (points)"),
    )

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names):
            self.fields[f"score_{seat}"] = forms.IntegerField(
                label=name, step_size=100, min_value=-MAX_SCORE, max_value=MAX_SCORE
            )

    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"score_{seat}"] for seat in range(len(self.names))]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        scores = [data.get(f"score_{seat}") for seat in range(len(self.names))]
        if None not in scores:
            data["scores"] = scores
        return data


class ChipsFinalForm(ChangeForm):
    """祝儀 counted at the end of the game: each seat's net chips (what one wins another pays)."""

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names):
            self.fields[f"chips_{seat}"] = forms.IntegerField(
                label=name, min_value=-MAX_CHIP_COUNT, max_value=MAX_CHIP_COUNT
            )

    def chip_fields(self) -> list[forms.BoundField]:
        return [self[f"chips_{seat}"] for seat in range(len(self.names))]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        chips = [data.get(f"chips_{seat}") for seat in range(len(self.names))]
        if None in chips:
            return data
        if sum(chips) != 0:  # type: ignore[arg-type]
            raise forms.ValidationError(
                gettext_lazy(
                    "The chips add up to %(total)s: what one wins another pays, so they must "
                    "make 0."
                ),
                params={"total": f"{sum(chips):+d}"},  # type: ignore[arg-type]
            )
        data["chips"] = chips
        return data

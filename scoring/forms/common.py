"""The fields every change to a game carries: its version and an idempotency key."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from clubs.models import League

# -- the fields every change carries -------------------------------------------------------


class ChangeForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex


def change_initial(version: int) -> dict[str, Any]:
    return {"version": version}


def league_field() -> forms.ModelChoiceField:
    """A game's league, or none; each form gives it the club's leagues as its choices."""
    return forms.ModelChoiceField(
        queryset=League.objects.none(),
        required=False,
        label=gettext_lazy("League"),
        empty_label=gettext_lazy("No league"),
    )


MAX_SEATS = 4

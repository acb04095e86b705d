"""Importing a game: a Tenhou log and the club ruleset to play it under."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, League, Ruleset
from scoring.forms.common import league_field


class TenhouImportForm(forms.Form):
    """A Tenhou log file (mjlog XML), and optionally the club ruleset to play it under."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    log = forms.FileField(label=gettext_lazy("Tenhou log file (mjlog / XML)"))
    ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.none(),
        required=False,
        label=gettext_lazy("Ruleset"),
        empty_label=gettext_lazy("Tenhou's rules (a club ruleset is made if needed)"),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    table_label = forms.CharField(max_length=40, required=False, label=gettext_lazy("Table"))
    league = league_field()

    MAX_BYTES = 2_000_000

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(club=club)
        self.fields["league"].queryset = League.objects.filter(club=club)
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["played_on"].initial = timezone.localdate()

    def clean_log(self) -> str:
        upload = self.cleaned_data["log"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a game log."))
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not a text (XML) log.")) from None

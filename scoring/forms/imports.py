"""Importing a game: a Tenhou log (file or pasted text) and the club ruleset to play it under."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.engine_messages import engine_message
from clubs.models import Club, League, Ruleset
from scoring.engine.tenhou import TenhouLogError, log_date, log_text
from scoring.forms.common import league_field


class TenhouImportForm(forms.Form):
    """A Tenhou log, uploaded (mjlog XML, gzipped or not, or tenhou.net/6 JSON) or pasted, and
    optionally the club ruleset to play it under. The format is told from the text itself."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    log = forms.FileField(
        label=gettext_lazy("Tenhou log file (mjlog XML or tenhou.net/6 JSON)"), required=False
    )
    text = forms.CharField(
        label=gettext_lazy("… or paste the log"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false", "autocomplete": "off"}),
    )
    ruleset = forms.ModelChoiceField(
        queryset=Ruleset.objects.none(),
        required=False,
        label=gettext_lazy("Ruleset"),
        empty_label=gettext_lazy("Tenhou's rules (a club ruleset is made if needed)"),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date"),
        required=False,
        help_text=gettext_lazy("Empty: the day in the log's game id (Tenhou names logs by it)."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    table_label = forms.CharField(max_length=40, required=False, label=gettext_lazy("Table"))
    league = league_field()

    MAX_BYTES = 2_000_000

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(club=club)
        self.fields["league"].queryset = League.objects.filter(club=club)
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["text"].max_length = self.MAX_BYTES

    def clean_log(self) -> str:
        """The uploaded file's text (gunzipped where Tenhou served it gzipped), or ""."""
        upload = self.cleaned_data.get("log")
        if not upload:
            return ""
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a game log."))
        try:
            return log_text(upload.read())
        except TenhouLogError as error:
            raise forms.ValidationError(engine_message(error, [])) from None

    def clean(self) -> dict[str, Any]:
        """``log_text``: the file's text, else the pasted one; one of them is needed."""
        data = super().clean()
        if "log" in self.errors:
            return data
        text = data.get("log") or data.get("text", "")
        if not text.strip():
            raise forms.ValidationError(_("Choose a log file or paste the log."), code="required")
        data["log_text"] = text
        if not data.get("played_on"):
            upload = self.files.get(self.add_prefix("log"))
            name = getattr(upload, "name", "") or ""
            data["played_on"] = log_date(text, name) or timezone.localdate()
        return data

"""The organiser's forms: each ``clean`` returns what the services take."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.forms import FederationChecks, LabelsAbove, ReadingCheck
from clubs.models import Club
from tournaments.models import EntryStatus, SeatingMethod, Tournament

MAX_CSV_BYTES = 200_000


class TournamentForm(LabelsAbove, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "starts_on",
            "ends_on",
            "ruleset",
            "rounds",
            "round_minutes",
            "substitute_results",
            "cut_after",
            "cut_size",
            "cut_carry",
        ]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = club.rulesets.all()  # type: ignore[attr-defined]
        self.fields["rounds"].validators.append(_between(1, 30))
        self.fields["round_minutes"].validators.append(_between(10, 600))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("cut_after") and not data.get("cut_size"):
            self.add_error("cut_size", _("Say how many players go on to the finals."))
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The last day cannot come before the first."))
        return data


def _between(low: int, high: int) -> Any:
    def check(value: int) -> None:
        if not low <= value <= high:
            raise forms.ValidationError(
                _("Between %(low)d and %(high)d.") % {"low": low, "high": high}
            )

    return check


class RegisterForm(forms.Form):
    """Names, one a line; ``name, team`` puts the player in a team."""

    names = forms.CharField(
        label=_("Players, one a line (name, or name, team)"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=20_000,
    )
    substitute = forms.BooleanField(label=_("substitutes"), required=False)

    def clean_names(self) -> list[tuple[str, str]]:
        pairs = []
        for number, line in enumerate(self.cleaned_data["names"].splitlines(), 1):
            name, _comma, team = line.replace("、", ",").partition(",")
            if not name.strip():
                continue
            if len(name.strip()) > 60 or len(team.strip()) > 60:
                raise forms.ValidationError(
                    _("Line %(n)d: a name or team has more than 60 characters.") % {"n": number}
                )
            pairs.append((name.strip(), team.strip()))
        if not pairs:
            raise forms.ValidationError(_("Write at least one name."))
        return pairs


class EntryForm(forms.Form):
    """One change to one player: check in, back to registered, drop out, team, substitute."""

    action = forms.ChoiceField(
        choices=[
            (EntryStatus.CHECKED_IN, EntryStatus.CHECKED_IN),
            (EntryStatus.REGISTERED, EntryStatus.REGISTERED),
            ("drop", "drop"),
            ("team", "team"),
            ("substitute", "substitute"),
        ]
    )
    team = forms.CharField(max_length=60, required=False)
    name = forms.CharField(max_length=60, required=False)
    byes = forms.BooleanField(required=False)  # a drop-out: the drafts seated with byes

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("action") == "substitute" and not (data.get("name") or "").strip():
            self.add_error("name", _("Write the substitute's name."))
        return data


class DrawForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Seating"),
        choices=[c for c in SeatingMethod.choices if c[0] != SeatingMethod.PREDEFINED],
    )
    how_many = forms.ChoiceField(
        label=_("Rounds"),
        choices=[("one", _("this round")), ("rest", _("every round left"))],
        initial="one",
    )
    byes = forms.BooleanField(
        label=_("Byes instead of substitutes (players sit a round out)"), required=False
    )


class UploadForm(forms.Form):
    seating = forms.FileField(label=_("Seating CSV: round, table, players in seat order"))

    def clean_seating(self) -> str:
        upload = self.cleaned_data["seating"]
        if upload.size > MAX_CSV_BYTES:
            raise forms.ValidationError(_("The file is too large (200 KB at most)."))
        raw = upload.read()
        for encoding in ("utf-8-sig", "cp932"):  # Excel in Japan saves Shift_JIS
            try:
                return raw.decode(encoding)
            except UnicodeDecodeError:
                continue
        raise forms.ValidationError(_("The file is not text (UTF-8 or Shift_JIS)."))


class RefereeForm(forms.Form):
    needed = forms.BooleanField(required=False)


class SignUpForm(FederationChecks, ReadingCheck, LabelsAbove, forms.Form):
    """The public registration form; the federation fields only when the tournament asks them."""

    name = forms.CharField(label=_("name"), max_length=60)
    reading = forms.CharField(
        label=_("reading (よみがな)"),
        max_length=60,
        required=False,
        help_text=_("In kana: やまだ たろう."),
    )
    team = forms.CharField(label=_("team"), max_length=60, required=False)
    email = forms.EmailField(
        label=_("e-mail address"),
        help_text=_("Your confirmation is sent here, with a link to withdraw."),
    )
    ema_number = forms.CharField(
        label=_("EMA number"),
        max_length=20,
        required=False,
        help_text=_("8 digits (04010001); empty if you have none yet."),
    )
    nationality = forms.CharField(
        label=_("nationality"),
        max_length=10,
        help_text=_("Three letters, as on a passport: JPN, DEU, FRA."),
    )
    # Left empty by people (it is hidden from them); form-filling robots fill it.
    website = forms.CharField(required=False)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not tournament.asks_federation:
            del self.fields["ema_number"]
            del self.fields["nationality"]

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("website"):
            raise forms.ValidationError(_("This registration could not be accepted."))
        return data


class RegistrationSettingsForm(LabelsAbove, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "registration_open",
            "registration_capacity",
            "registration_deadline",
            "asks_federation",
        ]
        widgets = {
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration_capacity"].validators.append(_between(1, 2000))


class RegistrantForm(forms.Form):
    """The organiser's change to one registration."""

    action = forms.ChoiceField(choices=[(a, a) for a in ("approve", "refuse", "earlier", "later")])

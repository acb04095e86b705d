"""Forms: each ``clean`` returns domain values; a ruleset's options are judged by the engine."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from clubs import kana
from clubs import ruleset_fields as rf
from clubs.engine_messages import engine_message
from clubs.models import (
    CLUB_SETTINGS,
    Club,
    Counting,
    CutCarry,
    League,
    LeagueTeam,
    MatchStage,
    Player,
    Role,
    Ruleset,
    TieBreak,
)
from clubs.ruleset_words import (
    choice_words,
    group_label,
    leaf_label,
    option_help,
    option_label,
    preset_name,
)
from scoring.engine import RecordError
from scoring.engine.presets import PRESETS
from scoring.engine.rules import resolve_options

TIME_ZONES = sorted(available_timezones())


class LabelsAbove:
    """Labels sit above their inputs: no colon after them (in Japanese least of all)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]


class ClubForm(LabelsAbove, forms.ModelForm):
    """A new club: the address (slug) is chosen once, since links to the club use it."""

    time_zone = forms.ChoiceField(
        label=_("time zone"),
        choices=[(tz, tz) for tz in TIME_ZONES],
        initial=Club._meta.get_field("time_zone").default,
    )

    class Meta:
        model = Club
        fields = ["name", "slug", "is_public", "default_language", "time_zone"]
        help_texts = {
            "slug": _("Letters, digits and hyphens: the club's address, /c/<name>/."),
            "is_public": _(
                "Public: anyone can see the club's players, rules and results. "
                "Private: members only."
            ),
        }


class ClubSettingsForm(ClubForm):
    class Meta(ClubForm.Meta):
        fields = CLUB_SETTINGS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["default_ruleset"].queryset = self.instance.rulesets.all()


class InviteForm(LabelsAbove, forms.Form):
    role = forms.ChoiceField(label=_("role"), choices=Role.choices, initial=Role.MEMBER)


class RoleForm(LabelsAbove, forms.Form):
    role = forms.ChoiceField(label=_("role"), choices=Role.choices)


class ReadingCheck:
    """A name's よみがな as every form that asks it reads it: kana (clubs.kana), or empty."""

    cleaned_data: dict[str, Any]

    def clean_reading(self) -> str:
        try:
            return kana.reading(self.cleaned_data.get("reading") or "")
        except ValueError:
            raise forms.ValidationError(
                _("Write the reading in kana (やまだ, ヤマダ), not in kanji or letters.")
            ) from None


class PlayerForm(ReadingCheck, LabelsAbove, forms.Form):
    name = forms.CharField(label=_("name"), max_length=Player._meta.get_field("name").max_length)
    reading = forms.CharField(
        label=_("reading (よみがな)"),
        max_length=Player._meta.get_field("reading").max_length,
        required=False,
        help_text=_("In kana, for あいうえお order: やまだ たろう. Optional."),
    )


EMA_NUMBER = re.compile(r"[0-9]{8}")
NATIONALITY = re.compile(r"[A-Z]{3}")
NAME_MARKS = " -'"


def latin_name(text: str) -> bool:
    """Latin letters (accented too: Müller, Bénédicte), spaces, hyphens and apostrophes."""
    return any(char.isalpha() for char in text) and all(
        char in NAME_MARKS or unicodedata.name(char, "").startswith("LATIN ") for char in text
    )


class FederationChecks:
    """The EMA number and nationality as a federation writes them, for every form that asks
    (a player's page, a tournament's sign-up). Typed on a Japanese keyboard, full-width letters
    and digits (ＪＰＮ, ０４０１…) are read as the ordinary ones (NFKC)."""

    cleaned_data: dict[str, Any]

    def _text(self, name: str) -> str:
        text = unicodedata.normalize("NFKC", self.cleaned_data.get(name) or "")
        return " ".join(text.replace("\u2019", "'").split())

    def clean_ema_number(self) -> str:
        number = self._text("ema_number").replace(" ", "").replace("-", "")
        if number and not EMA_NUMBER.fullmatch(number):
            raise forms.ValidationError(
                _("An EMA number is 8 digits (04010001); this one is “%(value)s”."),
                params={"value": number},
            )
        return number

    def clean_nationality(self) -> str:
        code = self._text("nationality").upper()
        if code and not NATIONALITY.fullmatch(code):
            raise forms.ValidationError(
                _(
                    "Write the nationality as its three-letter code (ISO 3166-1 alpha-3): "
                    "JPN, DEU, FRA; not “%(value)s”."
                ),
                params={"value": code},
            )
        return code


class FederationForm(FederationChecks, LabelsAbove, forms.Form):
    """The player as a federation's result file names them (EMA and national leagues); every
    field may stay empty."""

    ema_number = forms.CharField(
        label=_("EMA number"),
        max_length=20,
        required=False,
        help_text=_("8 digits, as the EMA's ranking lists it: 04010001."),
    )
    nationality = forms.CharField(
        label=_("nationality"),
        max_length=10,
        required=False,
        help_text=_("The three-letter country code (ISO 3166-1 alpha-3): JPN, DEU, FRA."),
    )
    latin_family_name = forms.CharField(
        label=_("family name in Latin letters"),
        max_length=Player._meta.get_field("latin_family_name").max_length,
        required=False,
    )
    latin_given_name = forms.CharField(
        label=_("given name in Latin letters"),
        max_length=Player._meta.get_field("latin_given_name").max_length,
        required=False,
    )

    def clean_latin_family_name(self) -> str:
        return self._latin("latin_family_name")

    def clean_latin_given_name(self) -> str:
        return self._latin("latin_given_name")

    def _latin(self, name: str) -> str:
        text = self._text(name)
        if text and not latin_name(text):
            raise forms.ValidationError(
                _(
                    "Write the name in Latin letters (Yamada, Müller); spaces, hyphens and "
                    "apostrophes are allowed, not “%(value)s”."
                ),
                params={"value": text},
            )
        return text


class LinkPlayerForm(LabelsAbove, forms.Form):
    """Link a player to the account of one of the club's members (empty: unlink)."""

    user = forms.ModelChoiceField(
        label=_("linked account"), queryset=get_user_model().objects.none(), required=False
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = get_user_model().objects.filter(memberships__club=club).order_by("username")
        self.fields["user"].queryset = members


class SignupForm(LabelsAbove, UserCreationForm):
    """An account: a name to log in with and an email address for a forgotten password."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].required = True


class PresetForm(LabelsAbove, forms.Form):
    """Which preset the editor starts from (a GET form: it only refills the editor)."""

    preset = forms.ChoiceField(label=_("Start from"), choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [(name, preset_name(name)) for name in PRESETS]


@dataclass(frozen=True)
class OptionBlock:
    """One option in the editor: its label and help, the on/off switch, its inputs."""

    label: str
    help: str
    switch: forms.BoundField | None
    inputs: list[forms.BoundField]


def _input(leaf: rf.Leaf) -> forms.Field:
    """An input for a leaf. Text in, text out: only the engine judges the value."""
    label = leaf_label(leaf)
    if leaf.kind == rf.BOOL:
        return forms.BooleanField(label=label, required=False)
    if leaf.kind in (rf.CHOICE, rf.ENTRY):
        choices = [(str(choice), choice_words(leaf, choice)) for choice in leaf.choices]
        return forms.CharField(label=label, required=False, widget=forms.Select(choices=choices))
    if leaf.kind == rf.NUMBER:
        widget = forms.TextInput(attrs={"inputmode": "decimal", "size": 10})
        return forms.CharField(label=label, required=False, widget=widget)
    return forms.CharField(label=label, required=False, widget=forms.TextInput(attrs={"size": 30}))


def _with_switched_off_starts(data: Any) -> Any:
    """The inputs sent, and a switched-off option's starting values where it sent none.

    A switched-off option's inputs are disabled in the browser, so they are not sent; shown
    again (a name already taken, say), they start where switching the option on starts them.
    """
    data = data.copy()
    for fields in rf.FIELDS:
        if not fields.switch or data.get(fields.switch_key):
            continue
        for leaf in fields.leaves:
            if leaf.key not in data:
                value = rf.to_text(leaf, rf.value_of({}, leaf))
                if leaf.kind != rf.BOOL:
                    data[leaf.key] = value
                elif value:
                    data[leaf.key] = "on"
    return data


class RulesetForm(LabelsAbove, forms.Form):
    """A ruleset: its name, the preset it starts from, and an input for every engine option.

    ``clean`` turns the inputs into a full option set and asks the engine; its message is put
    beside the input it names (``ruleset.tobi.bonus`` -> the bust bonus input).
    """

    name = forms.CharField(label=_("Ruleset name"), max_length=80)
    # Its own id: the "start from" picker above the editor is ``id_preset``.
    preset = forms.ChoiceField(
        widget=forms.HiddenInput(attrs={"id": "id_ruleset_preset"}),
        choices=[(p, p) for p in PRESETS],
    )
    note = forms.CharField(
        label=_("What changed (for the version history)"), max_length=200, required=False
    )

    def __init__(self, *args: Any, club: Club, ruleset: Ruleset | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club, self.ruleset = club, ruleset
        self.engine_error = ""
        for fields in rf.FIELDS:
            if fields.switch:
                self.fields[fields.switch_key] = forms.BooleanField(label=_("Used"), required=False)
            for leaf in fields.leaves:
                self.fields[leaf.key] = _input(leaf)
        if self.is_bound:
            self.data = _with_switched_off_starts(self.data)

    @staticmethod
    def initial_for(preset: str, options: dict[str, Any]) -> dict[str, Any]:
        """The inputs for a full option set (a preset's, or a saved version's)."""
        return {"preset": preset, **rf.initial(options)}

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        others = self.club.rulesets.filter(name=name)
        if self.ruleset is not None:
            others = others.exclude(pk=self.ruleset.pk)
        if others.exists():
            raise forms.ValidationError(_("This club already has a ruleset with this name."))
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        try:
            cleaned["options"] = resolve_options(rf.options_from(cleaned))
        except RecordError as error:
            self.engine_error = engine_message(error)
            self.add_error(rf.leaf_for_error(error.field), self.engine_error)
        return cleaned

    def blocks(self) -> list[tuple[str, list[OptionBlock]]]:
        """The inputs grouped as the spec groups the options, for the template."""
        groups: dict[str, list[OptionBlock]] = {}
        for fields in rf.FIELDS:
            option = fields.option
            switch = self[fields.switch_key] if fields.switch else None
            inputs = [self[leaf.key] for leaf in fields.leaves]
            block = OptionBlock(option_label(option), option_help(option), switch, inputs)
            groups.setdefault(option.group, []).append(block)
        return [(group_label(group), blocks) for group, blocks in groups.items()]


TIE_BREAK_SLOTS = 3
MIN_PLAYOFF_TEAMS, MAX_PLAYOFF_TEAMS = 2, 10  # the schedule's designs (clubs.schedule)


class LeagueForm(LabelsAbove, forms.ModelForm):
    """A league's settings; the tie-breaks are chosen in order, each at most once."""

    class Meta:
        model = League
        fields = [
            "name",
            "ruleset",
            "starts_on",
            "ends_on",
            "is_open",
            "counting",
            "best_games",
            "points_cap",
            "qualification_games",
            "is_team_league",
            "playoff_teams",
            "playoff_carry",
            "playoffs_start",
            "last_place_min_games",
        ]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
            "playoffs_start": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = club.rulesets.all()  # type: ignore[attr-defined]
        for name in (
            "playoff_carry",
            "last_place_min_games",
        ):  # a team league's: left out, the default
            self.fields[name].required = False
        chosen = list(self.instance.tie_breaks or [])
        for slot in range(TIE_BREAK_SLOTS):
            self.fields[f"tie_break_{slot + 1}"] = forms.ChoiceField(
                label=_("Tie-break %(number)s") % {"number": slot + 1},
                choices=[("", "—"), *TieBreak.choices],
                required=False,
                initial=chosen[slot] if slot < len(chosen) else "",
            )

    def clean_best_games(self) -> Any:
        return _games_at_most(self.cleaned_data["best_games"])

    def clean_qualification_games(self) -> Any:
        return _games_at_most(self.cleaned_data["qualification_games"])

    def clean_last_place_min_games(self) -> Any:
        return _games_at_most(self.cleaned_data["last_place_min_games"] or 0)

    def clean_playoff_carry(self) -> Any:
        return self.cleaned_data["playoff_carry"] or CutCarry.CARRIED

    def clean_playoff_teams(self) -> Any:
        teams = self.cleaned_data["playoff_teams"]
        if teams is not None and not MIN_PLAYOFF_TEAMS <= teams <= MAX_PLAYOFF_TEAMS:
            raise forms.ValidationError(
                _("From %(low)s to %(high)s teams.")
                % {"low": MIN_PLAYOFF_TEAMS, "high": MAX_PLAYOFF_TEAMS}
            )
        return teams

    def clean_points_cap(self) -> Any:
        cap = self.cleaned_data["points_cap"]
        if cap is not None and cap <= 0:
            raise forms.ValidationError(_("A cap must be more than 0 points."))
        return cap

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The last day is before the first day."))
        best = data.get("best_games")
        if data.get("counting") == Counting.BEST and not best and "best_games" not in self.errors:
            self.add_error("best_games", _("Say how many of each player's best games count."))
        self._check_playoffs(data)
        breaks = [data.get(f"tie_break_{slot + 1}") for slot in range(TIE_BREAK_SLOTS)]
        breaks = [tie_break for tie_break in breaks if tie_break]
        if len(set(breaks)) != len(breaks):
            self.add_error(None, _("Each tie-break can be chosen once."))
        data["tie_breaks"] = breaks
        return data

    def _check_playoffs(self, data: dict[str, Any]) -> None:
        """Playoffs need their first day, inside the league's dates."""
        teams, start = data.get("playoff_teams"), data.get("playoffs_start")
        if teams and not start and "playoffs_start" not in self.errors:
            self.add_error("playoffs_start", _("Say on which day the playoffs begin."))
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if start and ((starts and start <= starts) or (ends and start > ends)):
            self.add_error(
                "playoffs_start",
                _("The playoffs begin after the league's first day, by its last day."),
            )

    def save(self, commit: bool = True) -> League:
        self.instance.tie_breaks = self.cleaned_data["tie_breaks"]
        return super().save(commit)


# A league's most games a player can play: a game a day for more than 27 years (docs/bounds.md).
MAX_LEAGUE_GAMES = 10_000


def _games_at_most(games: int | None) -> int | None:
    if games is not None and games > MAX_LEAGUE_GAMES:
        raise forms.ValidationError(
            _("At most %(count)s games.") % {"count": f"{MAX_LEAGUE_GAMES:,}"}
        )
    return games


class TeamForm(LabelsAbove, forms.Form):
    """A team of a team league: its name, its members (a name a line) and its captain."""

    name = forms.CharField(label=_("team name"), max_length=60)
    members = forms.CharField(
        label=_("members"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("One name a line. A name the club does not know becomes a new player."),
    )
    captain = forms.CharField(
        label=_("captain"), max_length=60, required=False, help_text=_("One of the members.")
    )

    def clean_members(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["members"].splitlines() if line.strip()]


class TeamsChoice(forms.ModelMultipleChoiceField):
    widget = forms.CheckboxSelectMultiple

    def label_from_instance(self, obj: Any) -> str:
        return obj.name


class ScheduleForm(LabelsAbove, forms.Form):
    """Generate games so that every two of the chosen teams meet equally often."""

    teams = TeamsChoice(label=_("teams"), queryset=LeagueTeam.objects.none())
    stage = forms.ChoiceField(label=_("stage"), choices=MatchStage.choices)
    cycles = forms.IntegerField(
        label=_("cycles"),
        min_value=1,
        max_value=2000,
        initial=1,
        help_text=_("After each cycle every two teams have met equally often."),
    )
    first_day = forms.DateField(
        label=_("first match day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Empty: games without dates."),
    )
    games_per_day = forms.IntegerField(
        label=_("games a match day"), min_value=1, max_value=20, initial=2
    )
    days_apart = forms.IntegerField(
        label=_("days between match days"), min_value=1, max_value=365, initial=7
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = LeagueTeam.objects.filter(league=league)
        self.fields["teams"].queryset = teams  # type: ignore[attr-defined]
        self.fields["teams"].initial = list(teams)


class MatchForm(LabelsAbove, forms.Form):
    """One game of four teams the organiser picks."""

    teams = TeamsChoice(label=_("teams"), queryset=LeagueTeam.objects.none())
    stage = forms.ChoiceField(label=_("stage"), choices=MatchStage.choices)
    day = forms.DateField(
        label=_("match day"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["teams"].queryset = LeagueTeam.objects.filter(league=league)  # type: ignore[attr-defined]


class ClearScheduleForm(forms.Form):
    stage = forms.ChoiceField(choices=MatchStage.choices)

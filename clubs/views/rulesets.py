"""A club's rulesets: the rules in words with their history, and the editor with its preview."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods, require_safe

from clubs import services
from clubs.access import club_object, club_view
from clubs.forms import PresetForm, RulesetForm
from clubs.models import Club, Role, Ruleset
from clubs.ruleset_preview import preview
from clubs.ruleset_words import changes, history, in_words, preset_name
from clubs.views.common import club_page
from scoring.engine.presets import PRESETS
from scoring.engine.rules import with_later_options


@require_safe
@club_view()
def rulesets(request: HttpRequest, club: Club) -> HttpResponse:
    context = {"rulesets": club.rulesets.prefetch_related("versions")}
    return club_page(request, "clubs/rulesets.html", club, context)


@require_safe
@club_view()
def ruleset(request: HttpRequest, club: Club, ruleset_id: int) -> HttpResponse:
    ruleset = club_object(club, Ruleset, ruleset_id)
    versions = list(ruleset.versions.select_related("created_by"))
    current = versions[0] if versions else None
    preset = PRESETS.get(ruleset.preset)
    context = {
        "ruleset": ruleset,
        "current": current,
        "preset_name": preset_name(ruleset.preset),
        "history": history(versions),
        "words": in_words(current.options) if current else [],
        "from_preset": changes(preset.options, current.options) if current and preset else None,
    }
    return club_page(request, "clubs/ruleset.html", club, context)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def ruleset_new(request: HttpRequest, club: Club) -> HttpResponse:
    return _editor(request, club, None)


@require_http_methods(["GET", "POST"])
@club_view(need=Role.ADMIN)
def ruleset_edit(request: HttpRequest, club: Club, ruleset_id: int) -> HttpResponse:
    return _editor(request, club, club_object(club, Ruleset, ruleset_id))


def _editor(request: HttpRequest, club: Club, ruleset: Ruleset | None) -> HttpResponse:
    """The editor: a save (POST), the preview of the inputs (htmx), or the page itself."""
    preset_form = PresetForm(request.GET if "preset" in request.GET else None)
    if request.method == "POST" or request.htmx:
        data = request.POST if request.method == "POST" else request.GET
        form = RulesetForm(data, club=club, ruleset=ruleset)
        if form.is_valid() and request.method == "POST":
            try:
                return _save(request, club, ruleset, form)
            except ValidationError as error:
                form.add_error(None, error)
        options = form.cleaned_data.get("options")
    else:
        start = _start(preset_form, ruleset)
        if start is None:  # a new ruleset: first choose the preset it starts from
            context = {"ruleset": None, "form": None, "preset_form": preset_form}
            return club_page(request, "clubs/ruleset_edit.html", club, context)
        preset, options = start
        name = ruleset.name if ruleset else preset_name(preset)
        initial = {"name": name, **RulesetForm.initial_for(preset, options)}
        form = RulesetForm(initial=initial, club=club, ruleset=ruleset)
    context = {
        "ruleset": ruleset,
        "form": form,
        "preset_form": preset_form,
        "preview": preview(options) if options else None,
    }
    template = "clubs/ruleset_edit.html#preview" if request.htmx else "clubs/ruleset_edit.html"
    return club_page(request, template, club, context)


def _start(preset_form: PresetForm, ruleset: Ruleset | None) -> tuple[str, dict[str, Any]] | None:
    """Where the editor starts: the preset asked for, else the ruleset's current version."""
    if preset_form.is_bound and preset_form.is_valid():
        preset = preset_form.cleaned_data["preset"]
        return preset, PRESETS[preset].options
    version = ruleset.current_version() if ruleset else None
    if ruleset is None or version is None:
        return None
    return ruleset.preset, with_later_options(version.options, ruleset.preset)


def _save(
    request: HttpRequest, club: Club, ruleset: Ruleset | None, form: RulesetForm
) -> HttpResponse:
    data = form.cleaned_data
    version = services.save_ruleset(
        club,
        ruleset,
        name=data["name"],
        preset=data["preset"],
        options=data["options"],
        note=data["note"],
        user=request.user,
    )
    return redirect("clubs:ruleset", slug=club.slug, ruleset_id=version.ruleset_id)

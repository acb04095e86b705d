"""A Tenhou log imported: read and shown as the game it makes, then saved once confirmed."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from clubs.access import Role, club_view
from clubs.models import Club
from clubs.ruleset_words import preset_name
from scoring import display, services
from scoring.engine import RecordError
from scoring.forms import TenhouImportForm
from scoring.views.common import UNPROCESSABLE, game_url, redirect_to


@require_http_methods(["GET", "POST"])
@club_view(need=Role.SCOREKEEPER)
def import_tenhou(request: HttpRequest, club: Club) -> HttpResponse:
    """A Tenhou log: read and shown as the game it makes, then saved once confirmed."""
    form = TenhouImportForm(request.POST or None, request.FILES or None, club=club)
    context: dict[str, Any] = {"club": club, "form": form}
    status = 200
    if form.is_valid():
        data = form.cleaned_data
        try:
            if "save" in request.POST:
                game_ = services.import_tenhou(
                    club,
                    data["log_text"],
                    played_on=data["played_on"],
                    ruleset=data["ruleset"],
                    table_label=data["table_label"],
                    user=request.user,
                    key=data["key"],
                    league=data["league"],
                )
                return redirect_to(request, game_url(game_))
            preview = services.preview_tenhou(data["log_text"], data["ruleset"])
        except RecordError as error:
            status = UNPROCESSABLE
            field = error.field if error.field in ("log", "ruleset") else None
            if field == "log" and not data.get("log"):
                field = "text"  # the pasted text is what could not be read
            form.add_error(field, display.error_text(error, []))
        else:
            context |= _import_preview(club, form, preview)
    elif request.method == "POST":
        status = UNPROCESSABLE
    return render(request, "scoring/import.html", context, status=status)


def _import_preview(
    club: Club, form: TenhouImportForm, preview: services.TenhouPreview
) -> dict[str, Any]:
    """The game the log makes, and the form again with the log's text in it (the file is not
    sent twice) and the same key, to save it."""
    data, names, final = form.cleaned_data, preview.players, preview.replay.final
    fields = ("key", "ruleset", "played_on", "table_label", "league")
    confirm = TenhouImportForm(
        initial={**{name: data[name] for name in fields}, "text": data["log_text"]}, club=club
    )
    return {
        "form": confirm,
        "preview": {
            "names": names,
            "ruleset": preview.version.ruleset.name
            if preview.version
            else preset_name(preview.document["ruleset"]["preset"]),
            "hand_rows": display.hand_rows(
                preview.document["hands"], preview.replay, names, preview.rules
            ),
            "settlement": final
            and display.settlement(final, preview.rules, names, preview.replay.chips),
            "ended_by": final and display.ENDED_BY.get(final.ended_by, final.ended_by),
        },
    }

"""Django admin for the site's staff: tournaments with their entries and rounds.

Organisers work through the tournament pages, whose changes go through the services (the
seating is drawn there, from the seed); here a round's tables and seats are read-only.
"""

from __future__ import annotations

from django.contrib import admin

from tournaments.models import Entry, Round, RoundTable, Team, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fk_name = "tournament"
    autocomplete_fields = ["player"]
    fields = ["player", "team", "status", "is_substitute", "replaces", "dropped_after"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "starts_on", "rounds", "seed"]
    list_filter = ["club"]
    search_fields = ["name"]
    inlines = [EntryInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]


class RoundTableInline(admin.TabularInline):
    model = RoundTable
    extra = 0
    fields = ["number", "game", "needs_referee"]
    readonly_fields = ["number", "game"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "method", "status", "started_at"]
    list_filter = ["status"]
    readonly_fields = ["draw"]
    inlines = [RoundTableInline]

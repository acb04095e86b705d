"""Django admin for the site's staff: every clubs model, with the columns one looks for first.

Clubs manage themselves through their own pages; the admin is for support (who is admin of
which club, an invitation that went astray, a ruleset version's raw options).
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Max
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, ClubLog, Invitation, Membership, Player, Ruleset, RulesetVersion


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "slug",
        "is_public",
        "default_ruleset",
        "default_language",
        "created_at",
    ]
    list_filter = ["is_public", "default_language"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    def get_form(self, request, obj=None, change=False, **kwargs):  # type: ignore[no-untyped-def]
        form = super().get_form(request, obj, change, **kwargs)
        if "default_ruleset" in form.base_fields:
            rulesets = Ruleset.objects.filter(club=obj) if obj else Ruleset.objects.none()
            form.base_fields["default_ruleset"].queryset = rulesets
        return form


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "created_at"]
    list_filter = ["role"]
    list_select_related = ["user", "club"]
    search_fields = ["user__username", "user__email", "club__name", "club__slug"]
    autocomplete_fields = ["user", "club"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["club", "role", "created_by", "created_at", "expires_at", "accepted_by"]
    list_filter = ["role"]
    list_select_related = ["club", "created_by", "accepted_by"]
    search_fields = ["club__name", "club__slug", "created_by__username", "accepted_by__username"]
    readonly_fields = ["token", "created_at", "accepted_by", "accepted_at"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user", "created_at"]
    list_select_related = ["club", "user"]
    search_fields = ["name", "club__name", "club__slug", "user__username"]
    autocomplete_fields = ["club", "user"]


class RulesetVersionInline(admin.TabularInline):
    """Versions are never edited: a game points at the exact one it was played under."""

    model = RulesetVersion
    extra = 0
    fields = ["number", "note", "created_by", "created_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "preset", "latest_version", "created_at"]
    list_filter = ["preset"]
    list_select_related = ["club"]
    search_fields = ["name", "club__name", "club__slug", "preset"]
    autocomplete_fields = ["club"]
    inlines = [RulesetVersionInline]

    def get_queryset(self, request):  # type: ignore[no-untyped-def]
        return super().get_queryset(request).annotate(latest=Max("versions__number"))

    @admin.display(description=_("version"), ordering="latest")
    def latest_version(self, ruleset: Ruleset) -> int | None:
        return ruleset.latest  # type: ignore[attr-defined]


@admin.register(RulesetVersion)
class RulesetVersionAdmin(admin.ModelAdmin):
    list_display = ["ruleset", "number", "club", "note", "created_by", "created_at"]
    list_select_related = ["ruleset__club", "created_by"]
    search_fields = ["ruleset__name", "ruleset__club__name", "ruleset__club__slug", "note"]
    readonly_fields = ["ruleset", "number", "options", "created_by", "created_at"]

    @admin.display(description=_("club"), ordering="ruleset__club__name")
    def club(self, version: RulesetVersion) -> Club:
        return version.ruleset.club

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False


@admin.register(ClubLog)
class ClubLogAdmin(admin.ModelAdmin):
    """The club log is written by the services: read here, never changed."""

    list_display = ["at", "club", "kind", "action", "name", "user"]
    list_filter = ["kind"]
    search_fields = ["club__name", "name"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ClubLog | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ClubLog | None = None) -> bool:
        return False

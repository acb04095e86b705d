"""Django admin for the site's staff: games with their seats and hands, and the derived rows.

Scorekeepers work through the game pages, where every change goes through the services and
is replayed by the engine; here the derived rows (results, hand statistics) are read-only, as
they are rebuilt from the hands and must never be edited by hand.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from scoring.models import Game, GameLog, GameResult, GameStatus, Hand, HandStat, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "data", "idempotency_key", "updated_at"]
    readonly_fields = ["updated_at"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["played_on", "club", "table_label", "status", "ruleset_version", "version"]
    list_filter = ["status", "played_on"]
    list_select_related = ["club", "ruleset_version__ruleset"]
    search_fields = ["club__name", "club__slug", "table_label", "seats__player__name"]
    date_hierarchy = "played_on"
    inlines = [SeatInline, HandInline]

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        """A played game is voided on its page (kept, with its reason), never deleted."""
        if obj is not None and (obj.status != GameStatus.ONGOING or obj.hands.exists()):
            return False
        return super().has_delete_permission(request, obj)


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "updated_at"]
    list_select_related = ["game__club"]
    search_fields = ["game__club__name", "game__table_label"]

    def has_delete_permission(self, request: HttpRequest, obj: Hand | None = None) -> bool:
        """A hand is deleted on its game's screen, which replays and logs the game."""
        return False


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["game", "seat", "player"]
    list_select_related = ["game__club", "player"]
    search_fields = ["player__name", "game__club__name"]


class DerivedAdmin(admin.ModelAdmin):
    """Rebuilt from the hands by the services: look, never touch."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(GameResult)
class GameResultAdmin(DerivedAdmin):
    list_display = ["game", "seat", "player", "final_score", "rank", "points"]
    list_select_related = ["game__club", "player"]
    search_fields = ["player__name", "game__club__name"]


@admin.register(HandStat)
class HandStatAdmin(DerivedAdmin):
    list_display = ["game", "hand_number", "seat", "player", "delta", "score_after", "won"]
    list_filter = ["won", "dealt_in", "riichi", "tsumo"]
    list_select_related = ["game__club", "player"]
    search_fields = ["player__name", "game__club__name"]


@admin.register(GameLog)
class GameLogAdmin(DerivedAdmin):
    list_display = ["at", "game", "action", "detail", "user"]
    list_filter = ["action"]
    list_select_related = ["game__club", "user"]
    search_fields = ["game__club__name", "detail", "user__username"]

    def has_delete_permission(self, request: HttpRequest, obj: GameLog | None = None) -> bool:
        """The history of a game is never rewritten."""
        return False

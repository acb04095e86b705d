"""Games: what was played (inputs) and what the engine derived from it (for fast queries).

Inputs are ``Game`` (who, under which ruleset version, how it ended if by force or by score-only
entry), ``Seat`` and ``Hand`` (each hand is a ``tenbou-game/1`` hand object, stored as played).
``GameResult`` and ``HandStat`` are derived: rebuilt by the services in the same transaction
whenever the inputs change, never edited by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.query import ModelIterable
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, League, Player, RulesetVersion
from scoring.json_rows import Nested, attach, nested_rows

RECORD_FORMAT = "tenbou-game/1"


class GameStatus(models.TextChoices):
    ONGOING = "ongoing", _("in progress")
    FINISHED = "finished", _("finished")
    VOIDED = "voided", _("voided")


# What ``Game.record()`` reads beside the game: its seats with their players, and its hands.
GAME_ROWS = (Nested("seats", order="seat", joined=("player",)), Nested("hands", order="number"))


class GameRowsIterable(ModelIterable):
    """Games with their seats and hands (read in each game's row) in their prefetch cache."""

    def __iter__(self) -> Iterator[Game]:
        db = self.queryset.db
        for game in super().__iter__():
            for nested in GAME_ROWS:
                attach(game, nested, db)
            yield game


class GameQuerySet(models.QuerySet["Game"]):
    def with_seats_and_hands(self) -> GameQuerySet:
        """Each game with its seats (and their players) and its hands, in one query in all:
        ``seats.all()`` and ``hands.all()`` read them as if they had been prefetched."""
        games = self.annotate(**{n.annotation: nested_rows(Game, n) for n in GAME_ROWS})
        games._iterable_class = GameRowsIterable
        return games


class Game(models.Model):
    """One game (対局) at one table."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="games")
    ruleset_version = models.ForeignKey(
        RulesetVersion, verbose_name=_("ruleset"), on_delete=models.PROTECT, related_name="games"
    )
    league = models.ForeignKey(
        League,
        verbose_name=_("league"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,  # a league with games is closed, never deleted
        related_name="games",
    )
    table_label = models.CharField(_("table"), max_length=40, blank=True)
    # A tournament's game: its round and table, named in the reader's language (table_name).
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    played_on = models.DateField(_("date"))
    status = models.CharField(
        _("status"), max_length=16, choices=GameStatus.choices, default=GameStatus.ONGOING
    )
    # Inputs beyond the hands (tenbou-game/1): a referee's early end, score-only entry, penalties.
    forced_end = models.BooleanField(_("ended early"), default=False)
    forced_end_reason = models.CharField(_("ended early because"), max_length=200, blank=True)
    final_scores = models.JSONField(_("final scores"), null=True, blank=True)
    final_deposits = models.PositiveIntegerField(_("sticks left on the table"), default=0)
    settlement_penalties = models.JSONField(_("settlement penalties"), default=list, blank=True)
    # 祝儀 counted at the end (each seat's net chips, adding up to 0), where the ruleset has chips
    # and the club does not count them hand by hand; null: the hands' chips.
    chips_final = models.JSONField(_("chips counted at the end"), null=True, blank=True)
    void_reason = models.CharField(_("reason for voiding"), max_length=200, blank=True)
    # Bumped by every change: a tablet posting against an older version gets a conflict.
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The start (or import) form's key: a retried submit finds this game instead of a second one.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "idempotency_key"], name="one_game_per_idempotency_key"
            )
        ]
        # The club home's latest results and live tables: newest of a club's games by status.
        indexes = [
            models.Index(
                fields=["club", "status", "-played_on", "-id"], name="game_club_status_latest"
            )
        ]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return f"{self.club} {self.played_on} {self.table_label}".strip()

    @property
    def table_name(self) -> str:
        """Where the game was played, in the reader's language: 1卓; 秋季大会 4回戦 3卓."""
        return table_name(self.table_label, self.round_number, self.table_number)

    def record(self) -> dict[str, Any]:
        """The game as a ``tenbou-game/1`` document: what the engine replays."""
        seats = sorted(self.seats.all(), key=lambda seat: seat.seat)
        document: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset_version.options,
            "players": [seat.player.name for seat in seats],
            # .all() (ordered by number in Hand.Meta) so that a prefetch of the hands is used.
            "hands": [hand.data for hand in self.hands.all()],
            "final_scores": self.final_scores,
            "settlement_penalties": list(self.settlement_penalties),
        }
        if self.final_deposits:
            document["final_deposits"] = self.final_deposits
        if self.forced_end:
            document["forced_end"] = {"reason": self.forced_end_reason}
        if self.chips_final is not None:
            document["chips_final"] = list(self.chips_final)
        return document


def table_name(label: str, round_number: int | None, table_number: int | None) -> str:
    """A table's label, with a tournament's round and table said in the reader's language."""
    if round_number is None or table_number is None:
        return label
    where = gettext("Round %(round)s, Table %(table)s") % {
        "round": round_number,
        "table": table_number,
    }
    return f"{label} {where}" if label else where


class Seat(models.Model):
    """Who sat where: seat 0 is the first dealer (起家), turn order 0 -> 1 -> 2 -> 3."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat}: {self.player}"


class Hand(models.Model):
    """One hand (局) as it was recorded at the table: a ``tenbou-game/1`` hand object."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand"))  # 1-based, in the order played
    data = models.JSONField(_("hand"))
    # A retried submit from a tablet carries the same key and is stored once.
    # NULL (not "") when absent, so that the unique constraint ignores hands without one.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"], name="one_hand_per_idempotency_key"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} hand {self.number}"


class GameLog(models.Model):
    """What was done to a game and by whom (reopened, voided, edited hand 3 ...)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=32)
    detail = models.CharField(max_length=300, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    # What the change replaced and put in its place: a hand, or the game's changed fields.
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The key of the form that made this change: a retried edit, delete, finish ... is done once.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001

    class Meta:
        ordering = ["game", "at"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "idempotency_key"], name="one_change_per_idempotency_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.action}"


class GameResult(models.Model):
    """Derived: each seat's settlement of a finished game (for standings)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="results")
    # 64-bit, with room for 17 digits of points: 青天井 (aotenjou) scores reach billions.
    final_score = models.BigIntegerField()
    rank = models.PositiveSmallIntegerField()
    points = models.DecimalField(max_digits=18, decimal_places=1)
    busted = models.BooleanField(default=False)  # トビ: ended below the ruleset's line
    penalties = models.PositiveSmallIntegerField(default=0)  # chombo, dead hands, deposits ...
    # 祝儀: net chips, and those chips in settled points (a player's total is points + these).
    chips = models.IntegerField(default=0)
    chip_points = models.DecimalField(max_digits=18, decimal_places=1, default=0)

    class Meta:
        ordering = ["game", "rank", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_result_per_seat")]

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat}: {self.points}"


class HandStat(models.Model):
    """Derived: one seat in one hand (for player statistics)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hand_stats")
    hand_number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hand_stats")
    delta = models.BigIntegerField()  # 64-bit: 青天井 (aotenjou) hands pay billions
    score_after = models.BigIntegerField()
    dealer = models.BooleanField(default=False)
    riichi = models.BooleanField(default=False)
    won = models.BooleanField(default=False)
    tsumo = models.BooleanField(default=False)
    dealt_in = models.BooleanField(default=False)  # 放銃
    # How the hand ended (ron, tsumo, draw, nagashi, abortive, chombo).
    outcome = models.CharField(max_length=10, default="")
    # The win's value for a winner (和了点), what a discarder paid for it (放銃点); honba and
    # sticks left out, so that 平均打点 is the hands' worth, not the table's luck.
    value = models.BigIntegerField(default=0)
    tenpai = models.BooleanField(default=False)  # at an exhaustive draw (流局時聴牌)
    open = models.BooleanField(null=True, default=None)  # 副露 on a win, when recorded
    yaku = models.JSONField(default=list, blank=True)  # 役 of a win, where the hand records them
    # ドラ of a win (表, 赤, 裏 and 抜き together), where the hand records them: 平均ドラ.
    dora = models.PositiveSmallIntegerField(null=True, default=None)
    penalty = models.BooleanField(default=False)  # this seat's chombo, dead hand or deposit

    class Meta:
        ordering = ["game", "hand_number", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "hand_number", "seat"], name="one_stat_per_seat_and_hand"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} hand {self.hand_number} seat {self.seat}: {self.delta}"

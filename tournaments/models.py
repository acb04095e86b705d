"""Tournaments (大会): who plays, how each round is seated, and which game each table plays.

The seating of a round is an input (drawn from the tournament's published seed, or uploaded);
each table's game is an ordinary ``scoring.Game``, recorded through the scoring screens. The
standings are derived from those games' results (``tournaments.standings``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

# CutCarry is clubs' (a team league's playoffs carry points by the cut's rule); importable here.
from clubs.models import Club, CutCarry, Player, Ruleset
from scoring.models import Game


class SubstituteResults(models.TextChoices):
    """Whose result a substitute's (代走) game is, as the organiser decides."""

    UNCOUNTED = "uncounted", _("counted for no one")
    REPLACED = "replaced", _("counted for the player replaced")


class Tournament(models.Model):
    """A tournament day (or days) of a club: its rules, its rounds and its players."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=100)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"), null=True, blank=True)
    ruleset = models.ForeignKey(
        Ruleset, verbose_name=_("ruleset"), on_delete=models.PROTECT, related_name="tournaments"
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=4)
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=90)
    # Published before the first draw: anyone can rerun the seating (manage.py seating).
    seed = models.CharField(_("seating seed"), max_length=64)
    substitute_results = models.CharField(
        _("a substitute's result is"),
        max_length=12,
        choices=SubstituteResults.choices,
        default=SubstituteResults.UNCOUNTED,
    )
    cut_after = models.PositiveSmallIntegerField(
        _("cut after round"),
        null=True,
        blank=True,
        help_text=_("Empty: no cut. After this round only the top players play on."),
    )
    cut_size = models.PositiveSmallIntegerField(_("players in the finals"), null=True, blank=True)
    cut_carry = models.CharField(
        _("finalists' points"), max_length=8, choices=CutCarry.choices, default=CutCarry.CARRIED
    )
    # The entries who went on to the finals (best first), fixed when the cut is made.
    finalists = models.JSONField(_("finalists"), default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The organiser's sign-off of the results (the tournament report prints who and when).
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("results signed off by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    signed_off_at = models.DateTimeField(_("results signed off"), null=True, blank=True)
    # Self-registration (参加申込): anyone with the link signs up while it is open, up to the
    # capacity (then on the waiting list) and until the deadline (tournaments.registration).
    registration_open = models.BooleanField(_("registration open"), default=False)
    registration_capacity = models.PositiveSmallIntegerField(
        _("places"), null=True, blank=True, help_text=_("Empty: no limit.")
    )
    registration_deadline = models.DateTimeField(
        _("registration deadline"), null=True, blank=True, help_text=_("Empty: none.")
    )
    asks_federation = models.BooleanField(
        _("ask the EMA number and the nationality"), default=False
    )

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="tournament_name_unique_in_club"),
            models.CheckConstraint(
                condition=models.Q(cut_after__isnull=True) | models.Q(cut_size__isnull=False),
                name="tournament_cut_has_a_size",
            ),
        ]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def is_final_round(self, number: int) -> bool:
        return self.cut_after is not None and number > self.cut_after


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=60)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique")
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("registered")
    CHECKED_IN = "checked_in", _("checked in")
    DROPPED = "dropped", _("dropped out")


class Entry(models.Model):
    """A player registered for the tournament (a substitute, 代走, fills a seat)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey(
        Team,
        verbose_name=_("team"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="entries",
    )
    status = models.CharField(
        _("status"), max_length=12, choices=EntryStatus.choices, default=EntryStatus.REGISTERED
    )
    is_substitute = models.BooleanField(_("substitute"), default=False)
    # Whom a substitute plays for: their results follow the tournament's rule.
    replaces = models.ForeignKey(
        "self",
        verbose_name=_("plays for"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="substitutes",
    )
    dropped_after = models.PositiveSmallIntegerField(
        _("dropped after round"), null=True, blank=True
    )

    class Meta:
        # あいうえお order by the players' readings, as the club's lists (clubs.Player).
        ordering = [
            "tournament",
            models.Case(
                models.When(player__reading="", then=models.Value(1)), default=models.Value(0)
            ).asc(),
            "player__reading",
            "player__name",
        ]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player")
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.player}"


class RegistrationStatus(models.TextChoices):
    """Where a self-registration stands: a place is held until the organiser approves it (an
    entry then) or refuses it; past the capacity it waits, and moves up as places come free."""

    PLACE = "place", _("has a place")
    WAITING = "waiting", _("on the waiting list")
    APPROVED = "approved", _("approved")
    REFUSED = "refused", _("refused")
    WITHDRAWN = "withdrawn", _("withdrawn")


class Registration(models.Model):
    """Someone who signed up through the tournament's registration link (参加申込).

    Kept apart from ``Entry`` until the organiser approves it: only then is a club player
    found by name (or made), so a refused or withdrawn stranger leaves no player behind.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    name = models.CharField(_("name"), max_length=60)
    reading = models.CharField(_("reading (よみがな)"), max_length=60, blank=True, default="")
    team = models.CharField(_("team"), max_length=60, blank=True, default="")
    email = models.EmailField(_("e-mail address"))
    ema_number = models.CharField(_("EMA number"), max_length=12, blank=True, default="")
    nationality = models.CharField(_("nationality"), max_length=3, blank=True, default="")
    status = models.CharField(_("status"), max_length=10, choices=RegistrationStatus.choices)
    # The order of arrival, and so of the waiting list (the organiser may swap neighbours).
    position = models.PositiveIntegerField(_("order"))
    # The registrant's withdrawal link: whoever holds it may withdraw (like an invitation).
    token = models.CharField(max_length=64, unique=True)
    # The language the registrant signed up in: every e-mail to them is written in it.
    language = models.CharField(max_length=8)
    entry = models.OneToOneField(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="registration"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "position"]
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                "tournament",
                condition=~models.Q(status="withdrawn"),
                name="one_registration_per_email",
            ),
            models.UniqueConstraint(
                fields=["tournament", "name"],
                condition=~models.Q(status="withdrawn"),
                name="one_registration_per_name",
            ),
        ]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.name} ({self.status})"


class SeatingMethod(models.TextChoices):
    RANDOM = "random", _("random, no repeated opponents")
    SWISS = "swiss", _("swiss, by the standings")
    PREDEFINED = "predefined", _("predefined (CSV)")


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("drawn, not published")
    PUBLISHED = "published", _("published")
    CLOSED = "closed", _("closed")


class Round(models.Model):
    """One round (回戦): its seating, its clock and whether it is closed."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    method = models.CharField(_("seating"), max_length=12, choices=SeatingMethod.choices)
    status = models.CharField(
        _("status"), max_length=12, choices=RoundStatus.choices, default=RoundStatus.DRAFT
    )
    # What the draw was given (entry ids, standings order, byes), so that it can be rerun.
    draw = models.JSONField(default=dict, blank=True)
    started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.tournament} R{self.number}"


class RoundTable(models.Model):
    """A table of a round and, once the round is published, the game it plays."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="tournament_table"
    )
    needs_referee = models.BooleanField(_("needs a referee"), default=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{self.round} T{self.number}"


class TableSeat(models.Model):
    """Who sits where at a table: seat 0 is East (起家), then South, West, North."""

    table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(_("seat"))
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_entry_per_table_seat"),
            models.UniqueConstraint(fields=["round", "entry"], name="one_seat_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat}: {self.entry}"

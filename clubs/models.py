"""Clubs and what belongs to them: members and their roles, players, rulesets and versions.

A club's ruleset stores only its options; the engine (``scoring.engine``) validates them. Every
save makes a new ``RulesetVersion``, and a game keeps the version it was played under, so
changing house rules never changes an old result.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.numbers import MinusSign


class Club(models.Model):
    """A mahjong club (クラブ): the owner of players, rulesets and games."""

    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("address name"), max_length=50, unique=True)
    is_public = models.BooleanField(
        _("public"), default=False, help_text=_("Listed on the home page for everyone to see.")
    )
    default_ruleset = models.ForeignKey(
        "clubs.Ruleset",
        verbose_name=_("default ruleset"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    default_language = models.CharField(
        _("default language"), max_length=8, choices=settings.LANGUAGES, default="ja"
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default="Asia/Tokyo")
    minus_sign = models.CharField(
        _("negative points written as"),
        max_length=1,
        choices=MinusSign.choices,
        default=MinusSign.MINUS,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    """What a member may do. Each role includes the ones below it."""

    ADMIN = "admin", _("admin")  # members, rulesets, leagues, voiding games
    SCOREKEEPER = "scorekeeper", _("scorekeeper")  # records and fixes games
    MEMBER = "member", _("member")  # sees a private club


ROLE_RANK = {Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}


# What an admin changes on the settings page (and what its log entry compares).
CLUB_SETTINGS = [
    "name",
    "is_public",
    "default_ruleset",
    "default_language",
    "time_zone",
    "minus_sign",
]


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")
        ]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role})"

    def allows(self, role: str) -> bool:
        return ROLE_RANK[Role(self.role)] >= ROLE_RANK[Role(role)]


class Invitation(models.Model):
    """A one-time link that lets someone join a club with a role, until it expires."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.club} ({self.role})"


# Players with a reading first, in あいうえお order; the others after them, by name.
BY_READING = models.Case(
    models.When(reading="", then=models.Value(1)), default=models.Value(0)
).asc()


class Player(models.Model):
    """A person who sits at the table (most have no login; one may be linked to a member)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=60)
    # よみがな in hiragana (clubs.kana): lists sort by it, then by name.
    reading = models.CharField(_("reading (よみがな)"), max_length=60, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("linked account"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    # Federation fields (EMA and national leagues): optional, asked by a tournament that reports.
    ema_number = models.CharField(_("EMA number"), max_length=12, blank=True, default="")
    # ISO 3166-1 alpha-3, as the EMA's result files write it (JPN, DEU, FRA).
    nationality = models.CharField(_("nationality"), max_length=3, blank=True, default="")
    latin_family_name = models.CharField(
        _("family name in Latin letters"), max_length=60, blank=True, default=""
    )
    latin_given_name = models.CharField(
        _("given name in Latin letters"), max_length=60, blank=True, default=""
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [BY_READING, "reading", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "name"],
                name="player_name_unique_in_club",
                violation_error_message=_("This club already has a player with this name."),
            )
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Ruleset(models.Model):
    """A club's house rules: a preset of the engine plus the options the club changed."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rulesets")
    name = models.CharField(_("name"), max_length=80)
    preset = models.CharField(_("preset"), max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="ruleset_name_unique_in_club")
        ]
        verbose_name = _("ruleset")
        verbose_name_plural = _("rulesets")

    def __str__(self) -> str:
        return self.name

    def current_version(self) -> RulesetVersion | None:
        return self.versions.order_by("-number").first()


class RulesetVersion(models.Model):
    """One saved state of a ruleset: the full options, as the engine validated them."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    options = models.JSONField(_("options"))  # every option, as the engine validated them
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ruleset", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "number"], name="one_number_per_version")
        ]
        verbose_name = _("ruleset version")
        verbose_name_plural = _("ruleset versions")

    def __str__(self) -> str:
        return f"{self.ruleset} v{self.number}"


class TieBreak(models.TextChoices):
    """What decides between players whose league totals are equal, in the league's order."""

    AVERAGE_RANK = "average_rank", _("better average rank")
    FIRSTS = "firsts", _("more 1st places")
    FEWER_LASTS = "fewer_lasts", _("fewer last places")
    MORE_GAMES = "more_games", _("more games")
    AVERAGE_SCORE = "average_score", _("higher average final score")
    BEST_GAME = "best_game", _("better best game")


class Counting(models.TextChoices):
    """Which of a player's games make their league total."""

    ALL = "all", _("all games")
    BEST = "best", _("best N games")


class CutCarry(models.TextChoices):
    """What the players or teams who go on keep of their points: the finalists after a
    tournament's cut, the teams in a team league's playoffs (``standings.cut.carried_points``)."""

    CARRIED = "carried", _("carried in full")
    HALVED = "halved", _("halved")
    RESET = "reset", _("reset to zero")


class League(models.Model):
    """A club's season (リーグ): which games count, how they add up, and who qualifies.

    A game counts when it is finished (not in progress, not voided), recorded in this league
    and played inside the date range. The standings are derived from the games' results.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(_("name"), max_length=80)
    ruleset = models.ForeignKey(
        Ruleset,
        verbose_name=_("default ruleset"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="leagues",
        help_text=_("Offered when a game is started in this league."),
    )
    starts_on = models.DateField(_("first day"), null=True, blank=True)
    ends_on = models.DateField(_("last day"), null=True, blank=True)
    is_open = models.BooleanField(
        _("open"), default=True, help_text=_("Open leagues are offered when a game is started.")
    )
    counting = models.CharField(
        _("games that count"), max_length=8, choices=Counting.choices, default=Counting.ALL
    )
    best_games = models.PositiveIntegerField(
        _("N (best N games)"), null=True, blank=True, help_text=_("Only with “best N games”.")
    )
    points_cap = models.DecimalField(
        _("cap per game"),
        max_digits=6,
        decimal_places=1,
        null=True,
        blank=True,
        help_text=_("A game counts at most this many points, plus or minus. Empty: no cap."),
    )
    qualification_games = models.PositiveIntegerField(_("games to qualify (規定打数)"), default=0)
    tie_breaks = models.JSONField(_("tie-break order"), default=list, blank=True)
    # A team league (チームリーグ, as M.LEAGUE): teams of players meet on a schedule; each game
    # seats one member of each of four teams (``LeagueTeam``, ``LeagueMatch``).
    is_team_league = models.BooleanField(
        _("team league"),
        default=False,
        help_text=_("Teams of players meet on a schedule: team standings beside the players'."),
    )
    playoff_teams = models.PositiveSmallIntegerField(
        _("teams in the playoffs"),
        null=True,
        blank=True,
        help_text=_("Empty: no playoffs. The top teams of the regular season go on."),
    )
    playoff_carry = models.CharField(
        _("points taken into the playoffs"),
        max_length=8,
        choices=CutCarry.choices,
        default=CutCarry.CARRIED,
    )
    playoffs_start = models.DateField(
        _("first day of the playoffs"),
        null=True,
        blank=True,
        help_text=_("Games played on or after this day are the playoffs' games."),
    )
    last_place_min_games = models.PositiveIntegerField(
        _("games for the last-place avoidance title (4着回避率)"), default=0
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-is_open", "-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="league_name_unique_in_club"),
            models.CheckConstraint(
                condition=models.Q(starts_on__isnull=True)
                | models.Q(ends_on__isnull=True)
                | models.Q(starts_on__lte=models.F("ends_on")),
                name="league_dates_in_order",
            ),
        ]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class LeagueTeam(models.Model):
    """A team of a team league (チーム): a name, its members and a captain among them."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=60)
    captain = models.ForeignKey(
        Player,
        verbose_name=_("captain"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "name"],
                name="league_team_name_unique",
                violation_error_message=_("This league already has a team with this name."),
            )
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class LeagueTeamMember(models.Model):
    """A player of a team; a player plays for at most one team of a league."""

    team = models.ForeignKey(LeagueTeam, on_delete=models.CASCADE, related_name="members")
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")  # the team's
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="league_teams")

    class Meta:
        ordering = ["team", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="one_team_per_league")
        ]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")

    def __str__(self) -> str:
        return f"{self.player} ({self.team})"


class MatchStage(models.TextChoices):
    REGULAR = "regular", _("regular season")
    PLAYOFF = "playoff", _("playoffs")


class LeagueMatch(models.Model):
    """A game of a team league's schedule (対戦): four teams meet, a member of each at the table.

    The game itself is an ordinary game of the league; the schedule pairs it with its match by
    the teams of its seated players (``standings.teams``).
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField(_("number"))
    stage = models.CharField(
        _("stage"), max_length=8, choices=MatchStage.choices, default=MatchStage.REGULAR
    )
    day = models.DateField(_("match day"), null=True, blank=True)
    teams = models.ManyToManyField(LeagueTeam, related_name="matches", verbose_name=_("teams"))

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="league_match_number_unique")
        ]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"{self.league} #{self.number}"


class LogKind(models.TextChoices):
    """What a club log entry is about (a game's changes are in its own log, ``GameLog``)."""

    CLUB = "club", _("club")
    MEMBERSHIP = "membership", _("membership")
    INVITATION = "invitation", _("invitation")
    PLAYER = "player", _("player")
    RULESET = "ruleset", _("ruleset")
    LEAGUE = "league", _("league")
    TOURNAMENT = "tournament", _("tournament")


class ClubLog(models.Model):
    """A change to a club's settings, members, players, rulesets, leagues or tournaments.

    Who made it, when, and what the changed fields were before and after: nothing a club keeps
    changes without a trace. Written by the services, in the transaction of the change.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="log")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    kind = models.CharField(max_length=16, choices=LogKind.choices)
    action = models.CharField(max_length=32)
    name = models.CharField(max_length=200)  # what was changed, by its name then
    object_id = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["club", "-at"], name="clublog_club_latest")]
        verbose_name = _("club log entry")
        verbose_name_plural = _("club log")

    def __str__(self) -> str:
        return f"{self.club}: {self.kind} {self.action} {self.name}"

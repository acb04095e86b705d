"""A ``tenbou-club/1`` document back into a database: read in full, then written at once.

Everything is checked before anything is written: the format, every field, every reference (a
ruleset, a league, a player, a game, an entry), every ruleset version against the engine and
every game replayed under its version. A document that cannot be fully read is refused with a
``RestoreError`` naming the place (``games[12].record: hand 3 ...``), and the database is left as
it was. The club goes in as a new club (its own slug, or another one given); a member whose user
name exists already is that account, a new one gets no password (they set one by e-mail).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Container, Mapping
from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.utils.dateparse import parse_datetime

from backups.export import FORMAT, renumbered_draw
from clubs import kana
from clubs.models import (
    Club,
    ClubLog,
    League,
    LeagueMatch,
    LeagueTeam,
    LeagueTeamMember,
    LogKind,
    MatchStage,
    Membership,
    Player,
    Role,
    Ruleset,
    RulesetVersion,
)
from clubs.services import LEAGUE_FIELDS
from scoring import services as scoring
from scoring.engine import RecordError
from scoring.engine.rules import resolve_options, validate_options
from scoring.models import Game, GameLog, GameStatus, Hand, Seat
from tournaments.models import (
    CutCarry,
    Entry,
    EntryStatus,
    Round,
    RoundStatus,
    RoundTable,
    SeatingMethod,
    SubstituteResults,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.services import TOURNAMENT_FIELDS


class RestoreError(Exception):
    """The document cannot be fully read: ``where`` in it, and why. Nothing was written."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}")
        self.where, self.why = where, why


def restore_club(document: Any, *, slug: str | None = None, name: str | None = None) -> Club:
    """The club of ``document``, written as a new club; ``slug``/``name`` to give it others."""
    try:
        check(document, slug)
        with transaction.atomic():
            return _Writer(document, slug, name).write()
    except UNREADABLE as error:
        # What the reading did not name more precisely (or a race with another restore): the
        # transaction is undone, nothing is kept.
        raise RestoreError("document", f"{type(error).__name__}: {error}") from error


# A value of the wrong shape deep in a record or a row: the document cannot be fully read.
UNREADABLE = (
    IntegrityError,
    DataError,
    ValidationError,
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
)


# -- reading ---------------------------------------------------------------------------------


def _need(where: str, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RestoreError(where, f"expected {what}")
    return value


def _field(obj: Any, key: str, where: str, kind: Any, what: str) -> Any:
    _need(where, obj, dict, "an object")
    if key not in obj:
        raise RestoreError(f"{where}.{key}", "missing")
    return _need(f"{where}.{key}", obj[key], kind, what)


def _date(value: Any, where: str) -> None:
    try:
        datetime.date.fromisoformat(_need(where, value, str, "a date (YYYY-MM-DD)"))
    except ValueError:
        raise RestoreError(where, "not a date (YYYY-MM-DD)") from None


def _reading(player: Any, where: str) -> None:
    """A player's reading (よみがな), when given: kana, as the club's form takes it."""
    value = player.get("reading") if isinstance(player, dict) else None
    if value in (None, ""):
        return
    try:
        if kana.reading(_need(where, value, str, "a text")) != value:
            raise ValueError(value)
    except ValueError:
        raise RestoreError(where, "expected kana in hiragana (よみがな)") from None


def _one_of(value: Any, choices: Any, where: str) -> None:
    if value not in {choice for choice, _label in choices}:
        raise RestoreError(where, f"not one of {sorted(c for c, _l in choices)}")


def _text(
    obj: Any, key: str, where: str, model: Any, *, required: bool = True, column: str = ""
) -> str | None:
    """``obj[key]``: a text that fits the model's column (of the same name unless ``column``)."""
    if not required and (not isinstance(obj, dict) or obj.get(key) in (None, "")):
        return None
    value = _field(obj, key, where, str, "a text")
    limit = model._meta.get_field(column or key).max_length
    if limit and len(value) > limit:
        raise RestoreError(f"{where}.{key}", f"longer than {limit} characters ({len(value)})")
    if required and not value.strip():
        raise RestoreError(f"{where}.{key}", "empty")
    return value


def _once(seen: Container[Any], value: Any, where: str, why: str) -> None:
    """Refused at ``where`` when ``value`` was met before (the database would refuse it)."""
    if value in seen:
        raise RestoreError(where, why)


def _unique(where: str, values: list[Any], key: str) -> None:
    """Each value once: the second of two alike is named (the database would refuse it)."""
    seen: dict[Any, int] = {}
    for index, value in enumerate(values):
        if value in seen:
            raise RestoreError(
                f"{where}[{index}].{key}", f"{value!r} is there twice (also at [{seen[value]}])"
            )
        seen[value] = index


def _club(club: Any, slug: str | None) -> str:
    slug = slug or _text(club, "slug", "club", Club)
    if not re.fullmatch(r"[-a-zA-Z0-9_]+", slug or "") or len(slug or "") > 50:  # type: ignore[arg-type]
        raise RestoreError("club.slug", "expected letters, digits, - and _ (50 at most)")
    _text(club, "name", "club", Club)
    zone = club.get("time_zone") or "Asia/Tokyo"
    if not isinstance(zone, str) or zone not in available_timezones():
        raise RestoreError("club.time_zone", f"no time zone {zone!r} (e.g. Asia/Tokyo)")
    language = club.get("default_language") or "ja"
    if language not in dict(settings.LANGUAGES):
        raise RestoreError(
            "club.default_language", f"not one of {sorted(dict(settings.LANGUAGES))}"
        )
    if Club.objects.filter(slug=slug).exists():
        raise RestoreError("club.slug", f"a club at /c/{slug}/ exists already: give another slug")
    return slug  # type: ignore[return-value]


def check(document: Any, slug: str | None = None) -> None:
    """Read the whole document; raise ``RestoreError`` at the first thing it cannot read."""
    _need("document", document, dict, "an object")
    if document.get("format") != FORMAT:
        raise RestoreError("format", f"expected {FORMAT!r}")
    _club(_field(document, "club", "document", dict, "an object"), slug)
    members = _field(document, "members", "document", list, "a list")
    user = get_user_model()
    for index, member in enumerate(members):
        where = f"members[{index}]"
        _text(member, "username", where, user)
        for key in ("email", "first_name", "last_name"):
            _text(member, key, where, user, required=False)
        _one_of(_field(member, "role", where, str, "a text"), Role.choices, f"{where}.role")
    _unique("members", [member["username"] for member in members], "username")
    listed = _field(document, "players", "document", list, "a list")
    for i, p in enumerate(listed):
        _text(p, "name", f"players[{i}]", Player)
        _text(p, "reading", f"players[{i}]", Player, required=False)
        _reading(p, f"players[{i}].reading")
        account = p.get("account")
        if account is not None and (not isinstance(account, str) or len(account) > 150):
            raise RestoreError(f"players[{i}].account", "expected a user name (150 at most)")
    _unique("players", [p["name"] for p in listed], "name")
    players = {p["name"] for p in listed}
    versions = _check_rulesets(document)
    leagues = _check_leagues(document, versions)
    games = _check_games(document, versions, leagues, players)
    _check_tournaments(document, versions, players, games)
    _field(document, "log", "document", list, "a list")


def _check_rulesets(document: Mapping[str, Any]) -> dict[str, dict[int, Any]]:
    versions: dict[str, dict[int, Any]] = {}
    for index, ruleset in enumerate(_field(document, "rulesets", "document", list, "a list")):
        where = f"rulesets[{index}]"
        name = _text(ruleset, "name", where, Ruleset)
        _text(ruleset, "preset", where, Ruleset)
        _once(versions, name, f"{where}.name", f"{name!r} is there twice")
        versions[name] = {}
        listed = _field(ruleset, "versions", where, list, "a list")
        for v, version in enumerate(listed):
            here = f"{where}.versions[{v}]"
            number = _field(version, "number", here, int, "a number")
            _once(versions[name], number, f"{here}.number", f"version {number} is there twice")
            _text(version, "note", here, RulesetVersion, required=False)
            try:
                versions[name][number] = validate_options(version.get("options"))
            except RecordError as error:
                raise RestoreError(f"{here}.options", str(error)) from error
    return versions


def _check_leagues(document: Mapping[str, Any], versions: Mapping[str, Any]) -> set[str]:
    names = set()
    for index, league in enumerate(_field(document, "leagues", "document", list, "a list")):
        where = f"leagues[{index}]"
        name = _text(league, "name", where, League)
        _once(names, name, f"{where}.name", f"{name!r} is there twice")
        names.add(name)
        if league.get("ruleset") is not None and league["ruleset"] not in versions:
            raise RestoreError(f"{where}.ruleset", f"no ruleset {league['ruleset']!r}")
        for key in ("starts_on", "ends_on", "playoffs_start"):
            if league.get(key) is not None:
                _date(league[key], f"{where}.{key}")
        _check_teams(league, where)
    return names


def _check_teams(league: Mapping[str, Any], where: str) -> None:
    """A team league's teams (each player in one team, a captain among the members) and its
    schedule (numbered once, of the league's teams); a document without them has none."""
    teams = _need(f"{where}.teams", league.get("teams", []), list, "a list")
    members: set[str] = set()
    for index, team in enumerate(teams):
        here = f"{where}.teams[{index}]"
        _text(team, "name", here, LeagueTeam)
        names = _field(team, "members", here, list, "a list")
        for number, name in enumerate(names):
            at = f"{here}.members[{number}]"
            limit = Player._meta.get_field("name").max_length or 0
            if not isinstance(name, str) or not name.strip() or len(name) > limit:
                raise RestoreError(at, f"expected a player's name ({limit} characters at most)")
            _once(members, name, at, f"{name!r} is in two teams")
            members.add(name)
        if team.get("captain") is not None and team["captain"] not in names:
            raise RestoreError(f"{here}.captain", "not one of the team's members")
    _unique(f"{where}.teams", [team["name"] for team in teams], "name")
    named = {team["name"] for team in teams}
    matches = _need(f"{where}.schedule", league.get("schedule", []), list, "a list")
    for index, match in enumerate(matches):
        here = f"{where}.schedule[{index}]"
        _field(match, "number", here, int, "a number")
        _one_of(match.get("stage"), MatchStage.choices, f"{here}.stage")
        if match.get("day") is not None:
            _date(match["day"], f"{here}.day")
        for name in _field(match, "teams", here, list, "a list"):
            if name not in named:
                raise RestoreError(f"{here}.teams", f"no team {name!r}")
    _unique(f"{where}.schedule", [match["number"] for match in matches], "number")


def _check_games(
    document: Mapping[str, Any],
    versions: Mapping[str, Mapping[int, Any]],
    leagues: set[str],
    players: set[str],
) -> set[int]:
    ids = set()
    for index, game in enumerate(_field(document, "games", "document", list, "a list")):
        where = f"games[{index}]"
        game_id = _field(game, "id", where, int, "a number")
        _once(ids, game_id, f"{where}.id", f"game {game_id} is there twice")
        ids.add(game_id)
        ruleset = _field(game, "ruleset", where, str, "a text")
        number = _field(game, "version", where, int, "a number")
        if number not in versions.get(ruleset, {}):
            raise RestoreError(f"{where}.version", f"no version {number} of {ruleset!r}")
        if game.get("league") is not None and game["league"] not in leagues:
            raise RestoreError(f"{where}.league", f"no league {game['league']!r}")
        _date(game.get("played_on"), f"{where}.played_on")
        for key in ("round_number", "table_number"):  # a tournament's game: its round and table
            if game.get(key) is not None and not 1 <= _need(f"{where}.{key}", game[key], int,
                                                            "a number") <= 1000:  # fmt: skip
                raise RestoreError(f"{where}.{key}", "expected a number from 1 to 1000")
        _one_of(game.get("status"), GameStatus.choices, f"{where}.status")
        record = _field(game, "record", where, dict, "a tenbou-game/1 record")
        for name in _field(record, "players", f"{where}.record", list, "a list"):
            if name not in players:
                raise RestoreError(f"{where}.record.players", f"no player {name!r}")
        try:
            if record.get("ruleset") is not None:  # the record's own copy of its rules
                resolve_options(record["ruleset"])
        except RecordError as error:
            raise RestoreError(f"{where}.record.ruleset", str(error)) from error
        for key in ("table_label", "forced_end_reason", "void_reason"):
            _text(game, key, where, Game, required=False)
        try:
            scoring.replay_document({**record, "ruleset": versions[ruleset][number]})
        except RecordError as error:
            raise RestoreError(f"{where}.record", str(error)) from error
        _field(game, "log", where, list, "a list")
    return ids


def _check_tournaments(
    document: Mapping[str, Any],
    versions: Mapping[str, Any],
    players: set[str],
    games: set[int],
) -> None:
    names: set[str] = set()
    for index, tournament in enumerate(_field(document, "tournaments", "document", list, "a list")):
        where = f"tournaments[{index}]"
        name = _text(tournament, "name", where, Tournament)
        _once(names, name, f"{where}.name", f"{name!r} is there twice")
        names.add(name)
        _text(tournament, "seed", where, Tournament, required=False)
        if _field(tournament, "ruleset", where, str, "a text") not in versions:
            raise RestoreError(f"{where}.ruleset", f"no ruleset {tournament['ruleset']!r}")
        _date(tournament.get("starts_on"), f"{where}.starts_on")
        _one_of(tournament.get("substitute_results"), SubstituteResults.choices, where)
        _one_of(tournament.get("cut_carry"), CutCarry.choices, where)
        entries: set[int] = set()
        entered: set[str] = set()
        for e, entry in enumerate(_field(tournament, "entries", where, list, "a list")):
            here = f"{where}.entries[{e}]"
            entry_id = _field(entry, "id", here, int, "a number")
            _once(entries, entry_id, f"{here}.id", f"entry {entry_id} is there twice")
            entries.add(entry_id)
            if _field(entry, "player", here, str, "a text") not in players:
                raise RestoreError(f"{here}.player", f"no player {entry['player']!r}")
            _once(entered, entry["player"], f"{here}.player", f"{entry['player']!r} entered twice")
            entered.add(entry["player"])
            _text(entry, "team", here, Team, required=False, column="name")
            _one_of(entry.get("status"), EntryStatus.choices, f"{here}.status")
        _field(tournament, "rounds", where, int, "a number")
        numbers: set[int] = set()
        for r, round_ in enumerate(_field(tournament, "seated_rounds", where, list, "a list")):
            here = f"{where}.seated_rounds[{r}]"
            number = _field(round_, "number", here, int, "a number")
            _once(numbers, number, f"{here}.number", f"round {number} is there twice")
            numbers.add(number)
            _one_of(round_.get("method"), SeatingMethod.choices, f"{here}.method")
            _one_of(round_.get("status"), RoundStatus.choices, f"{here}.status")
            for t, table in enumerate(_field(round_, "tables", here, list, "a list")):
                spot = f"{here}.tables[{t}]"
                if table.get("game") is not None and table["game"] not in games:
                    raise RestoreError(f"{spot}.game", f"no game {table['game']}")
                for seat in _field(table, "seats", spot, list, "a list"):
                    if seat not in entries:
                        raise RestoreError(f"{spot}.seats", f"no entry {seat}")


# -- writing ---------------------------------------------------------------------------------


class _Writer:
    """The checked document written row by row (inside the caller's transaction)."""

    def __init__(self, document: Mapping[str, Any], slug: str | None, name: str | None) -> None:
        self.doc, self.slug, self.name = document, slug, name
        self.users: dict[str, Any] = {}
        self.players: dict[str, Player] = {}
        self.versions: dict[tuple[str, int], RulesetVersion] = {}
        self.rulesets: dict[str, Ruleset] = {}
        self.leagues: dict[str, League] = {}
        self.games: dict[int, Game] = {}

    def write(self) -> Club:
        data = self.doc["club"]
        self.club = Club.objects.create(
            name=self.name or data["name"],
            slug=self.slug or data["slug"],
            is_public=bool(data.get("is_public")),
            default_language=data.get("default_language") or "ja",
            time_zone=data.get("time_zone") or "Asia/Tokyo",
            minus_sign=data.get("minus_sign") if data.get("minus_sign") in ("-", "△") else "-",
        )
        self._members()
        self._players()
        self._rulesets(data.get("default_ruleset"))
        self._leagues()
        for game in self.doc["games"]:
            self._game(game)
        for tournament in self.doc["tournaments"]:
            self._tournament(tournament)
        self._club_log()
        return self.club

    def _user(self, username: str | None) -> Any:
        if not username:
            return None
        if username not in self.users:
            user, created = get_user_model().objects.get_or_create(username=username)
            if created:
                user.set_unusable_password()
                user.save(update_fields=["password"])
            self.users[username] = user
        return self.users[username]

    def _members(self) -> None:
        for member in self.doc["members"]:
            user = self._user(member["username"])
            if not user.email and member.get("email"):
                user.email = member["email"]
                user.first_name = member.get("first_name") or ""
                user.last_name = member.get("last_name") or ""
                user.save(update_fields=["email", "first_name", "last_name"])
            Membership.objects.create(club=self.club, user=user, role=member["role"])

    def _players(self) -> None:
        for player in self.doc["players"]:
            self.players[player["name"]] = Player.objects.create(
                club=self.club,
                name=player["name"],
                reading=player.get("reading") or "",
                user=self._user(player.get("account")),
            )

    def _rulesets(self, default: str | None) -> None:
        for data in self.doc["rulesets"]:
            ruleset = Ruleset.objects.create(
                club=self.club, name=data["name"], preset=data["preset"]
            )
            self.rulesets[ruleset.name] = ruleset
            for version in data["versions"]:
                self.versions[(ruleset.name, version["number"])] = RulesetVersion.objects.create(
                    ruleset=ruleset,
                    number=version["number"],
                    options=version["options"],
                    note=version.get("note") or "",
                )
        if default:
            self.club.default_ruleset = self.rulesets[default]
            self.club.save(update_fields=["default_ruleset"])

    def _leagues(self) -> None:
        for data in self.doc["leagues"]:
            fields = {k: data[k] for k in LEAGUE_FIELDS if k in data and k != "ruleset"}
            league = League.objects.create(
                club=self.club, ruleset=self.rulesets.get(data.get("ruleset") or ""), **fields
            )
            self.leagues[data["name"]] = league
            self._teams(league, data)

    def _teams(self, league: League, data: Mapping[str, Any]) -> None:
        teams = {}
        for team in data.get("teams", []):
            players = [self._player(name) for name in team["members"]]
            captain = self._player(team["captain"]) if team.get("captain") else None
            row = LeagueTeam.objects.create(league=league, name=team["name"], captain=captain)
            LeagueTeamMember.objects.bulk_create(
                LeagueTeamMember(team=row, league=league, player=player) for player in players
            )
            teams[row.name] = row
        for match in data.get("schedule", []):
            row = LeagueMatch.objects.create(
                league=league, number=match["number"], stage=match["stage"], day=match.get("day")
            )
            row.teams.set([teams[name] for name in match["teams"]])

    def _player(self, name: str) -> Player:
        """A player of the document, or a new one (a team's member need not have played)."""
        if name not in self.players:
            self.players[name] = Player.objects.create(club=self.club, name=name)
        return self.players[name]

    def _game(self, data: Mapping[str, Any]) -> None:
        record = data["record"]
        forced = record.get("forced_end")
        game = Game.objects.create(
            club=self.club,
            ruleset_version=self.versions[(data["ruleset"], data["version"])],
            league=self.leagues.get(data.get("league") or ""),
            table_label=data.get("table_label") or "",
            round_number=data.get("round_number"),
            table_number=data.get("table_number"),
            played_on=data["played_on"],
            status=data["status"],
            forced_end=forced is not None,
            forced_end_reason=(forced or {}).get("reason", ""),
            final_scores=record.get("final_scores"),
            final_deposits=record.get("final_deposits", 0),
            settlement_penalties=record.get("settlement_penalties") or [],
            void_reason=data.get("void_reason") or "",
        )
        Seat.objects.bulk_create(
            Seat(game=game, seat=seat, player=self.players[name])
            for seat, name in enumerate(record["players"])
        )
        Hand.objects.bulk_create(
            Hand(game=game, number=number, data=hand)
            for number, hand in enumerate(record["hands"], 1)
        )
        self._logged(GameLog, data["log"], lambda entry: {"game": game, "detail": entry["detail"]})
        scoring.rebuild_derived(game)
        self.games[data["id"]] = game

    def _logged(
        self,
        model: Any,
        entries: list[Mapping[str, Any]],
        fields: Callable[[Mapping[str, Any]], dict[str, Any]],
    ) -> None:
        """A history's lines, each with its own time (``at`` is set on creation, so after)."""
        for entry in entries:
            row = model.objects.create(
                user=self._user(entry.get("user")),
                action=entry["action"],
                before=entry.get("before"),
                after=entry.get("after"),
                **fields(entry),
            )
            if parse_datetime(entry.get("at") or ""):
                model.objects.filter(pk=row.pk).update(at=parse_datetime(entry["at"]))

    def _tournament(self, data: Mapping[str, Any]) -> None:
        tournament = Tournament.objects.create(
            club=self.club,
            ruleset=self.rulesets[data["ruleset"]],
            **{key: data.get(key) for key in TOURNAMENT_FIELDS if key != "ruleset"},
        )
        entries = self._entries(tournament, data["entries"])
        tournament.finalists = [entries[pk].pk for pk in data.get("finalists") or []]
        tournament.save(update_fields=["finalists"])
        for round_ in data["seated_rounds"]:
            self._round(tournament, round_, entries)

    def _entries(self, tournament: Tournament, rows: list[Mapping[str, Any]]) -> dict[int, Entry]:
        teams: dict[str, Team] = {}
        entries = {}
        for row in rows:
            team = row.get("team")
            if team and team not in teams:
                teams[team] = Team.objects.create(tournament=tournament, name=team)
            entries[row["id"]] = Entry.objects.create(
                tournament=tournament,
                player=self.players[row["player"]],
                team=teams.get(team or ""),
                status=row["status"],
                is_substitute=bool(row.get("is_substitute")),
                dropped_after=row.get("dropped_after"),
            )
        for row in rows:
            if row.get("replaces") in entries:
                entries[row["id"]].replaces = entries[row["replaces"]]
                entries[row["id"]].save(update_fields=["replaces"])
        return entries

    def _round(
        self, tournament: Tournament, data: Mapping[str, Any], entries: Mapping[int, Entry]
    ) -> None:
        ids = {old: entry.pk for old, entry in entries.items()}
        round_ = Round.objects.create(
            tournament=tournament,
            number=data["number"],
            method=data["method"],
            status=data["status"],
            draw=renumbered_draw(data.get("draw") or {}, ids),
            started_at=data.get("started_at"),
            closed_at=data.get("closed_at"),
        )
        for table in data["tables"]:
            row = RoundTable.objects.create(
                round=round_,
                number=table["number"],
                game=self.games.get(table.get("game")),
                needs_referee=bool(table.get("needs_referee")),
            )
            TableSeat.objects.bulk_create(
                TableSeat(table=row, round=round_, seat=seat, entry=entries[entry])
                for seat, entry in enumerate(table["seats"])
            )

    def _club_log(self) -> None:
        kinds = {kind for kind, _label in LogKind.choices}
        entries = [entry for entry in self.doc["log"] if entry.get("kind") in kinds]
        self._logged(
            ClubLog,
            entries,
            lambda entry: {
                "club": self.club,
                "kind": entry["kind"],
                "name": str(entry.get("name") or "")[:200],
            },
        )

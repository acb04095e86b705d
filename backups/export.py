"""One club as one JSON document (``tenbou-club/1``): everything to restore it elsewhere.

The club and its settings, its members (user names, e-mail addresses and roles, never password
hashes), players, every version of every ruleset, leagues (a team league's teams and schedule
too), every game as its ``tenbou-game/1``
record with what the record does not say (status, league, date, table, its history),
tournaments with their entries, rounds and seats, and the club log. Objects refer to each other
by name (a ruleset, a league, a player) or, for games and tournament entries, by the ``id`` the
document gives them.
"""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from clubs.audit import fields_of
from clubs.models import Club, ClubLog, League
from clubs.services import LEAGUE_FIELDS
from scoring import services as scoring
from scoring.models import Game, GameLog
from tournaments import services as tournament_services
from tournaments.models import Entry, Round, RoundTable, TableSeat, Tournament

FORMAT = "tenbou-club/1"
# What the services log of a league and a tournament is what a backup keeps (and the cut).
TOURNAMENT_FIELDS = [*tournament_services.TOURNAMENT_FIELDS, "finalists"]


def export_club(club: Club) -> dict[str, Any]:
    """The club as a document. Games and entries are numbered in the document (1, 2 ...), not by
    the database's ids, so that a club exported, imported and exported again is the same text."""
    games = list(_games(club))
    game_numbers = {game.pk: number for number, game in enumerate(games, 1)}
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "club": _club(club),
        "members": _members(club),
        "players": [
            {
                "name": p.name,
                "reading": p.reading,
                "account": p.user.get_username() if p.user else None,
            }
            for p in club.players.select_related("user").order_by("pk")
        ],
        "rulesets": _rulesets(club),
        "leagues": [_league(league) for league in club.leagues.select_related("ruleset")],
        "games": [_game(game, number) for number, game in enumerate(games, 1)],
        "tournaments": [
            _tournament(t, game_numbers) for t in club.tournaments.select_related("ruleset")
        ],
        "log": [
            _log(entry)
            for entry in ClubLog.objects.filter(club=club)
            .select_related("user")
            .order_by("at", "pk")
        ],
    }


def _user(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _club(club: Club) -> dict[str, Any]:
    return {
        "name": club.name,
        "slug": club.slug,
        "is_public": club.is_public,
        "default_language": club.default_language,
        "time_zone": club.time_zone,
        "minus_sign": club.minus_sign,
        "default_ruleset": club.default_ruleset.name if club.default_ruleset else None,
    }


def _members(club: Club) -> list[dict[str, Any]]:
    return [
        {
            "username": m.user.get_username(),
            "email": m.user.email,
            "first_name": m.user.first_name,
            "last_name": m.user.last_name,
            "role": m.role,
        }
        for m in club.memberships.select_related("user").order_by("pk")
    ]


def _rulesets(club: Club) -> list[dict[str, Any]]:
    return [
        {
            "name": ruleset.name,
            "preset": ruleset.preset,
            "versions": [
                {"number": v.number, "options": v.options, "note": v.note}
                for v in sorted(ruleset.versions.all(), key=lambda version: version.number)
            ],
        }
        for ruleset in club.rulesets.prefetch_related("versions").order_by("pk")
    ]


def _league(league: League) -> dict[str, Any]:
    return {
        **fields_of(league, LEAGUE_FIELDS),
        "ruleset": league.ruleset.name if league.ruleset else None,
        "teams": [
            {
                "name": team.name,
                "captain": team.captain.name if team.captain else None,
                "members": [member.player.name for member in team.members.order_by("pk")],
            }
            for team in league.teams.select_related("captain").order_by("pk")
        ],
        "schedule": [
            {
                "number": match.number,
                "stage": match.stage,
                "day": match.day.isoformat() if match.day else None,
                "teams": sorted(team.name for team in match.teams.all()),
            }
            for match in league.matches.prefetch_related("teams").order_by("number")
        ],
    }


def _games(club: Club) -> Any:
    log = GameLog.objects.select_related("user").order_by("at", "pk")
    return (
        scoring.games()
        .filter(club=club)
        .select_related("league")
        .prefetch_related(Prefetch("log", queryset=log))
        .order_by("pk")
    )


def _game(game: Game, number: int) -> dict[str, Any]:
    version = game.ruleset_version
    return {
        "id": number,
        "record": game.record(),
        "ruleset": version.ruleset.name,
        "version": version.number,
        "league": game.league.name if game.league else None,
        "played_on": game.played_on.isoformat(),
        "table_label": game.table_label,
        "round_number": game.round_number,
        "table_number": game.table_number,
        "status": game.status,
        "void_reason": game.void_reason,
        "log": [
            {
                "at": entry.at.isoformat(),
                "user": _user(entry.user),
                "action": entry.action,
                "detail": entry.detail,
                "before": entry.before,
                "after": entry.after,
            }
            for entry in game.log.all()
        ],
    }


def _tournament(tournament: Tournament, games: dict[int, int]) -> dict[str, Any]:
    entries = list(
        Entry.objects.filter(tournament=tournament).select_related("player", "team").order_by("pk")
    )
    numbers = {entry.pk: number for number, entry in enumerate(entries, 1)}
    rounds = Round.objects.filter(tournament=tournament).order_by("number")
    fields = fields_of(tournament, TOURNAMENT_FIELDS)
    fields["finalists"] = [numbers.get(pk, pk) for pk in fields.get("finalists") or []]
    return {
        **fields,
        "ruleset": tournament.ruleset.name,
        "entries": [
            {
                "id": numbers[entry.pk],
                "player": entry.player.name,
                "team": entry.team.name if entry.team else None,
                "status": entry.status,
                "is_substitute": entry.is_substitute,
                "replaces": numbers.get(entry.replaces_id) if entry.replaces_id else None,
                "dropped_after": entry.dropped_after,
            }
            for entry in entries
        ],
        "seated_rounds": [_round(round_, numbers, games) for round_ in rounds],
    }


# The keys of a round's draw that hold entry ids (or lists of them, nested for a plan).
ENTRY_LISTS = ("players", "byes", "standings", "hint", "plan")


def renumbered_draw(draw: dict[str, Any], ids: dict[int, int]) -> dict[str, Any]:
    """A round's draw with its entries' ids mapped by ``ids`` (players, byes, plans, teams ...),
    its keys in order whatever the database kept (PostgreSQL's jsonb orders them its own way)."""

    def walk(value: Any) -> Any:
        if isinstance(value, list):
            return [walk(item) for item in value]
        return ids.get(value, value) if isinstance(value, int) else value

    renumbered = {key: walk(value) if key in ENTRY_LISTS else value for key, value in draw.items()}
    if isinstance(draw.get("teams"), dict):
        teams = draw["teams"]
        renumbered["teams"] = {str(ids.get(int(key), key)): team for key, team in teams.items()}
    return json.loads(json.dumps(renumbered, sort_keys=True))


def _round(round_: Round, entries: dict[int, int], games: dict[int, int]) -> dict[str, Any]:
    seats = TableSeat.objects.order_by("seat")
    tables = RoundTable.objects.filter(round=round_).prefetch_related(
        Prefetch("seats", queryset=seats)
    )
    return {
        "number": round_.number,
        "method": round_.method,
        "status": round_.status,
        "draw": renumbered_draw(round_.draw, entries),
        "started_at": round_.started_at.isoformat() if round_.started_at else None,
        "closed_at": round_.closed_at.isoformat() if round_.closed_at else None,
        "tables": [
            {
                "number": table.number,
                "game": games.get(table.game_id) if table.game_id else None,
                "needs_referee": table.needs_referee,
                "seats": [entries.get(seat.entry_id) for seat in table.seats.all()],
            }
            for table in tables.order_by("number")
        ],
    }


def _log(entry: ClubLog) -> dict[str, Any]:
    return {
        "at": entry.at.isoformat(),
        "user": _user(entry.user),
        "kind": entry.kind,
        "action": entry.action,
        "name": entry.name,
        "before": entry.before,
        "after": entry.after,
    }

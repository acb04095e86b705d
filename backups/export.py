"""One club as one JSON document (``tenbou-club/1``): everything to restore it elsewhere.

The club and its settings, its members (user names, e-mail addresses and roles, never password
hashes), players, every version of every ruleset, leagues, every game as its ``tenbou-game/1``
record with what the record does not say (status, league, date, table, its history),
tournaments with their entries, rounds and seats, and the club log. Objects refer to each other
by name (a ruleset, a league, a player) or, for games and tournament entries, by the ``id`` the
document gives them.
"""

from __future__ import annotations

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
        "games": [_game(game) for game in _games(club)],
        "tournaments": [_tournament(t) for t in club.tournaments.select_related("ruleset")],
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


def _game(game: Game) -> dict[str, Any]:
    version = game.ruleset_version
    return {
        "id": game.pk,
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


def _tournament(tournament: Tournament) -> dict[str, Any]:
    entries = Entry.objects.filter(tournament=tournament).select_related("player", "team")
    rounds = Round.objects.filter(tournament=tournament).order_by("number")
    return {
        **fields_of(tournament, TOURNAMENT_FIELDS),
        "ruleset": tournament.ruleset.name,
        "entries": [
            {
                "id": entry.pk,
                "player": entry.player.name,
                "team": entry.team.name if entry.team else None,
                "status": entry.status,
                "is_substitute": entry.is_substitute,
                "replaces": entry.replaces_id,
                "dropped_after": entry.dropped_after,
            }
            for entry in entries.order_by("pk")
        ],
        "seated_rounds": [_round(round_) for round_ in rounds],
    }


def _round(round_: Round) -> dict[str, Any]:
    seats = TableSeat.objects.order_by("seat")
    tables = RoundTable.objects.filter(round=round_).prefetch_related(
        Prefetch("seats", queryset=seats)
    )
    return {
        "number": round_.number,
        "method": round_.method,
        "status": round_.status,
        "draw": round_.draw,
        "started_at": round_.started_at.isoformat() if round_.started_at else None,
        "closed_at": round_.closed_at.isoformat() if round_.closed_at else None,
        "tables": [
            {
                "number": table.number,
                "game": table.game_id,
                "needs_referee": table.needs_referee,
                "seats": [seat.entry_id for seat in table.seats.all()],
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

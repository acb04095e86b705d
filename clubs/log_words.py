"""The club log in words: each entry (``ClubLog``) as a sentence in the reader's language, with
only what it changed, before -> after, in the club's words (名前: 山田 -> 鈴木).

One function per kind of entry and action; an entry no function knows (or older than its words)
still reads as a sentence, never as a stored dict or a field name.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from clubs import ruleset_words
from clubs.models import (
    ClubLog,
    Counting,
    CutCarry,
    League,
    LogKind,
    MatchStage,
    Role,
    Ruleset,
    TieBreak,
)


@dataclass(frozen=True)
class Difference:
    """One thing a change changed: what it is, and what it was before and after, in words."""

    what: str
    before: str
    after: str


@dataclass(frozen=True)
class Words:
    sentence: str
    differences: list[Difference] = field(default_factory=list)


def entry_words(entry: ClubLog) -> Words:
    describe = KINDS.get(entry.kind, {}).get(entry.action)
    if describe is None and entry.kind == LogKind.RULESET:
        describe = _ruleset_version
    try:
        return describe(entry) if describe else _changed(entry)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _changed(entry)


def _changed(entry: ClubLog) -> Words:
    return Words(
        _("Changed %(what)s “%(name)s”.") % {"what": entry.get_kind_display(), "name": entry.name}
    )


def _name(entry: ClubLog) -> dict[str, str]:
    return {"name": entry.name}


def _role(value: Any) -> str:
    return str(dict(Role.choices).get(value, value))


def _yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


def _text(value: Any) -> str:
    if value is None or value == "" or value == []:
        return "—"
    return str(value)


# -- the club ------------------------------------------------------------------------------------


def _club_created(entry: ClubLog) -> Words:
    return Words(_("Created the club “%(name)s”.") % _name(entry))


CLUB_FIELDS: dict[str, tuple[Any, Callable[[Any], str]]] = {
    "name": (gettext_lazy("Name"), _text),
    "is_public": (gettext_lazy("Public"), _yes_no),
    "default_ruleset": (gettext_lazy("Rules for new games"), lambda pk: _ruleset_name(pk)),
    "default_language": (gettext_lazy("Language"), _text),
    "time_zone": (gettext_lazy("Time zone"), _text),
    "minus_sign": (gettext_lazy("Negative points"), _text),
}


def _club_settings(entry: ClubLog) -> Words:
    return Words(_("Changed the club's settings."), _fields(entry, CLUB_FIELDS))


def _fields(
    entry: ClubLog, fields: Mapping[str, tuple[Any, Callable[[Any], str]]]
) -> list[Difference]:
    before, after = entry.before or {}, entry.after or {}
    return [
        Difference(str(label), words(before.get(key)), words(after.get(key)))
        for key, (label, words) in fields.items()
        if key in before or key in after
        if before.get(key) != after.get(key)
    ]


def _ruleset_name(pk: Any) -> str:
    if pk is None:
        return "—"
    ruleset = Ruleset.objects.filter(pk=pk).only("name").first()
    return ruleset.name if ruleset else "—"


# -- members and invitations ---------------------------------------------------------------------


def _invited(entry: ClubLog) -> Words:
    return Words(_("Invited a new member as %(role)s.") % {"role": _role(entry.name)})


def _revoked(entry: ClubLog) -> Words:
    return Words(_("Withdrew an invitation as %(role)s.") % {"role": _role(entry.name)})


def _joined(entry: ClubLog) -> Words:
    role = _role((entry.after or {}).get("role"))
    return Words(_("%(name)s joined the club as %(role)s.") % {"name": entry.name, "role": role})


def _role_changed(entry: ClubLog) -> Words:
    before, after = (entry.before or {}).get("role"), (entry.after or {}).get("role")
    change = Difference(_("Role"), _role(before), _role(after))
    return Words(_("Changed the role of %(name)s.") % _name(entry), [change])


def _removed(entry: ClubLog) -> Words:
    return Words(_("Removed %(name)s from the members.") % _name(entry))


# -- players -------------------------------------------------------------------------------------


def _player_added(entry: ClubLog) -> Words:
    return Words(_("Added the player %(name)s.") % _name(entry))


def _renamed(entry: ClubLog) -> Words:
    before, after = (entry.before or {}).get("name"), (entry.after or {}).get("name")
    change = Difference(_("Name"), _text(before), _text(after))
    return Words(_("Renamed a player."), [change])


def _reading(entry: ClubLog) -> Words:
    before, after = (entry.before or {}).get("reading"), (entry.after or {}).get("reading")
    change = Difference(_("Reading (よみがな)"), _text(before), _text(after))
    return Words(_("Changed the reading of %(name)s.") % _name(entry), [change])


def _linked(entry: ClubLog) -> Words:
    before, after = (entry.before or {}).get("account"), (entry.after or {}).get("account")
    change = Difference(_("Account"), _text(before), _text(after))
    return Words(_("Changed the account of %(name)s.") % _name(entry), [change])


FEDERATION_FIELDS: dict[str, tuple[Any, Callable[[Any], str]]] = {
    "ema_number": (gettext_lazy("EMA number"), _text),
    "nationality": (gettext_lazy("Nationality"), _text),
    "latin_family_name": (gettext_lazy("Family name in Latin letters"), _text),
    "latin_given_name": (gettext_lazy("Given name in Latin letters"), _text),
}


def _federation(entry: ClubLog) -> Words:
    sentence = _("Changed the federation details of %(name)s.") % _name(entry)
    return Words(sentence, _fields(entry, FEDERATION_FIELDS))


def _merged(entry: ClubLog) -> Words:
    merged = (entry.before or {}).get("merged", "—")
    return Words(
        _("Merged %(merged)s into %(name)s: their games are now theirs.")
        % {"merged": merged, "name": entry.name}
    )


# -- rules and leagues ---------------------------------------------------------------------------


def _ruleset_version(entry: ClubLog) -> Words:
    number = entry.action.removeprefix("v")
    sentence = _("Saved version %(number)s of the rules “%(name)s”.") % {
        "number": number,
        "name": entry.name,
    }
    if entry.before is None:
        return Words(sentence)
    found = ruleset_words.changes(entry.before, entry.after or {})
    return Words(sentence, [Difference(c.label, c.before, c.after) for c in found])


def _choice(choices: Any) -> Callable[[Any], str]:
    return lambda value: str(dict(choices).get(value, _text(value)))


def _tie_breaks(value: Any) -> str:
    names = dict(TieBreak.choices)
    return ", ".join(str(names.get(key, key)) for key in value or []) or "—"


def _league_fields() -> dict[str, tuple[Any, Callable[[Any], str]]]:
    def label(name: str) -> Any:
        return League._meta.get_field(name).verbose_name

    return {
        "name": (label("name"), _text),
        "ruleset": (label("ruleset"), _ruleset_name),
        "starts_on": (label("starts_on"), _text),
        "ends_on": (label("ends_on"), _text),
        "is_open": (label("is_open"), _yes_no),
        "counting": (label("counting"), _choice(Counting.choices)),
        "best_games": (label("best_games"), _text),
        "points_cap": (label("points_cap"), _text),
        "qualification_games": (label("qualification_games"), _text),
        "tie_breaks": (label("tie_breaks"), _tie_breaks),
        "is_team_league": (label("is_team_league"), _yes_no),
        "playoff_teams": (label("playoff_teams"), _text),
        "playoff_carry": (label("playoff_carry"), _choice(CutCarry.choices)),
        "playoffs_start": (label("playoffs_start"), _text),
        "last_place_min_games": (label("last_place_min_games"), _text),
    }


def _league_created(entry: ClubLog) -> Words:
    return Words(_("Made the league “%(name)s”.") % _name(entry))


def _league_changed(entry: ClubLog) -> Words:
    sentence = _("Changed the league “%(name)s”.") % _name(entry)
    return Words(sentence, _fields(entry, _league_fields()))


def _team_words(value: Any) -> str:
    """A team as its log keeps it: its name, its members, the captain marked."""
    if not value:
        return "—"
    captain = value.get("captain")
    members = [f"{name} ({_('captain')})" if name == captain else name for name in value["members"]]
    return f"{value['name']}: {', '.join(members) or '—'}"


def _team_saved(entry: ClubLog) -> Words:
    before, after = (entry.before or {}).get("team"), (entry.after or {})["team"]
    if entry.before is None:
        sentence = _("Made the team “%(team)s” in the league “%(name)s”.")
    else:
        sentence = _("Changed the team “%(team)s” in the league “%(name)s”.")
    difference = Difference(str(_("team")), _team_words(before), _team_words(after))
    return Words(sentence % {**_name(entry), "team": after["name"]}, [difference])


def _team_removed(entry: ClubLog) -> Words:
    sentence = _("Took the team “%(team)s” out of the league “%(name)s”.")
    return Words(sentence % {**_name(entry), "team": (entry.before or {})["team"]["name"]})


def _stage(value: Any) -> str:
    return str(dict(MatchStage.choices).get(value, _text(value)))


def _schedule(entry: ClubLog) -> Words:
    after = entry.after or {}
    sentence = _("Scheduled %(games)s games (%(stage)s) of the league “%(name)s”: %(teams)s.")
    values = {"games": after["games"], "stage": _stage(after["stage"])}
    return Words(sentence % {**_name(entry), **values, "teams": ", ".join(after["teams"])})


def _match(entry: ClubLog) -> Words:
    after = entry.after or {}
    sentence = _("Added game %(number)s (%(stage)s) to the schedule of “%(name)s”: %(teams)s.")
    values = {"number": after["number"], "stage": _stage(after["stage"])}
    return Words(sentence % {**_name(entry), **values, "teams": ", ".join(after["teams"])})


def _schedule_cleared(entry: ClubLog) -> Words:
    before = entry.before or {}
    sentence = _("Cleared the schedule (%(stage)s) of “%(name)s”: %(games)s games.")
    values = {"games": before["games"], "stage": _stage(before["stage"])}
    return Words(sentence % {**_name(entry), **values})


# -- tournaments ---------------------------------------------------------------------------------

ENTRY_STATUS = {
    "registered": gettext_lazy("registered"),
    "checked_in": gettext_lazy("checked in"),
    "dropped": gettext_lazy("dropped out"),
}
SEATING = {
    "random": gettext_lazy("random, no repeated opponents"),
    "swiss": gettext_lazy("swiss, by the standings"),
    "predefined": gettext_lazy("predefined (CSV)"),
}


def _of(entry: ClubLog, **more: Any) -> dict[str, Any]:
    return {"tournament": entry.name, **more}


def _numbers(values: Sequence[Any]) -> str:
    return ", ".join(str(value) for value in values)


def _tournament_created(entry: ClubLog) -> Words:
    return Words(_("Created the tournament “%(tournament)s”.") % _of(entry))


def _registered(entry: ClubLog) -> Words:
    after = entry.after or {}
    players = ", ".join(after.get("players", []))
    if after.get("team"):
        sentence = _("Registered %(players)s for “%(tournament)s”, team %(team)s.")
        return Words(sentence % _of(entry, players=players, team=after["team"]))
    return Words(_("Registered %(players)s for “%(tournament)s”.") % _of(entry, players=players))


def _entry_changes(entry: ClubLog, words: Callable[[Any], str]) -> list[Difference]:
    before, after = entry.before or {}, entry.after or {}
    return [Difference(name, words(before.get(name)), words(after[name])) for name in after]


def _status(entry: ClubLog) -> Words:
    changes = _entry_changes(entry, lambda value: str(ENTRY_STATUS.get(value, _text(value))))
    return Words(_("Changed an entry of “%(tournament)s”.") % _of(entry), changes)


def _team(entry: ClubLog) -> Words:
    return Words(
        _("Changed a team in “%(tournament)s”.") % _of(entry), _entry_changes(entry, _text)
    )


def _dropped(entry: ClubLog) -> Words:
    ((name, after),) = (entry.after or {}).items()
    if after:
        sentence = _("%(player)s dropped out of “%(tournament)s” after round %(round)s.")
        return Words(sentence % _of(entry, player=name, round=after))
    sentence = _("%(player)s dropped out of “%(tournament)s” before it began.")
    return Words(sentence % _of(entry, player=name))


def _seated(entry: ClubLog) -> Words:
    after = entry.after or {}
    method = str(SEATING.get(after.get("method"), _text(after.get("method"))))
    sentence = _("Seated round %(rounds)s of “%(tournament)s” (%(method)s).")
    return Words(sentence % _of(entry, rounds=_numbers(after.get("rounds", [])), method=method))


def _uploaded(entry: ClubLog) -> Words:
    rounds = _numbers((entry.after or {}).get("rounds", []))
    sentence = _("Uploaded the seating of round %(rounds)s of “%(tournament)s”.")
    return Words(sentence % _of(entry, rounds=rounds))


def _round_sentence(message: str) -> Callable[[ClubLog], Words]:
    def words(entry: ClubLog) -> Words:
        return Words(_(message) % _of(entry, round=(entry.after or {}).get("round", "—")))

    return words


def _table(where: str) -> str:
    """The services name a table "R2 T3": round 2, table 3."""
    found = re.fullmatch(r"R(\d+) T(\d+)", where)
    if not found:
        return where
    return _("Round %(round)s, Table %(table)s") % {"round": found[1], "table": found[2]}


def _referee(entry: ClubLog) -> Words:
    ((where, needed),) = (entry.after or {}).items()
    where = _table(where)
    if needed:
        return Words(_("%(table)s of “%(tournament)s” called a referee.") % _of(entry, table=where))
    return Words(
        _("%(table)s of “%(tournament)s” no longer needs a referee.") % _of(entry, table=where)
    )


def _withdrawn(entry: ClubLog) -> Words:
    rounds = _numbers((entry.after or {}).get("rounds", []))
    sentence = _(
        "Withdrew the draft of round %(rounds)s of “%(tournament)s”: the players checked in "
        "no longer filled its tables."
    )
    return Words(sentence % _of(entry, rounds=rounds))


def _cut(entry: ClubLog) -> Words:
    finalists = ", ".join((entry.after or {}).get("finalists", []))
    sentence = _("Made the cut of “%(tournament)s”: %(finalists)s go on to the finals.")
    return Words(sentence % _of(entry, finalists=finalists))


REGISTRATION_STATUS = {
    "place": gettext_lazy("has a place"),
    "waiting": gettext_lazy("on the waiting list"),
    "approved": gettext_lazy("approved"),
    "refused": gettext_lazy("refused"),
    "withdrawn": gettext_lazy("withdrawn"),
}
REGISTRATION_FIELDS: dict[str, tuple[Any, Callable[[Any], str]]] = {
    "registration_open": (gettext_lazy("Registration open"), _yes_no),
    "registration_capacity": (pgettext_lazy("registration", "Places"), _text),
    "registration_deadline": (gettext_lazy("Registration deadline"), lambda v: _moment(v)),
    "asks_federation": (gettext_lazy("Ask the EMA number and the nationality"), _yes_no),
}


def _moment(value: Any) -> str:
    """A stored ISO date and time, in the current time zone, to the minute."""
    if not value:
        return "—"
    return timezone.localtime(datetime.datetime.fromisoformat(value)).strftime("%Y-%m-%d %H:%M")


def _registrant_status(value: Any) -> str:
    return str(REGISTRATION_STATUS.get(value, _text(value)))


def _signed_up(entry: ClubLog) -> Words:
    after = entry.after or {}
    sentence = _("%(player)s registered for “%(tournament)s” through its link: %(status)s.")
    status = _registrant_status(after.get("status"))
    return Words(sentence % _of(entry, player=after.get("name", "—"), status=status))


def _registrant(entry: ClubLog) -> Words:
    changes = _entry_changes(entry, _registrant_status)
    return Words(_("Changed a registration for “%(tournament)s”.") % _of(entry), changes)


def _waiting_list(entry: ClubLog) -> Words:
    order = ", ".join((entry.after or {}).get("order", []))
    sentence = _("Reordered the waiting list of “%(tournament)s”: %(order)s.")
    return Words(sentence % _of(entry, order=order))


def _registration(entry: ClubLog) -> Words:
    sentence = _("Changed the registration of “%(tournament)s”.") % _of(entry)
    return Words(sentence, _fields(entry, REGISTRATION_FIELDS))


def _signed_off(entry: ClubLog) -> Words:
    return Words(_("Signed off the results of “%(tournament)s”.") % _of(entry))


def _sign_off_withdrawn(entry: ClubLog) -> Words:
    return Words(_("Withdrew the sign-off of the results of “%(tournament)s”.") % _of(entry))


# Marked for translation here, translated when a page shows them.
gettext_lazy("Published round %(round)s of “%(tournament)s”: its games have begun.")
gettext_lazy("Started the clock of round %(round)s of “%(tournament)s”.")
gettext_lazy("Closed round %(round)s of “%(tournament)s”.")

KINDS: dict[str, dict[str, Callable[[ClubLog], Words]]] = {
    LogKind.CLUB: {"created": _club_created, "settings": _club_settings},
    LogKind.INVITATION: {"invited": _invited, "revoked": _revoked},
    LogKind.MEMBERSHIP: {"joined": _joined, "role": _role_changed, "removed": _removed},
    LogKind.PLAYER: {
        "added": _player_added,
        "renamed": _renamed,
        "reading": _reading,
        "linked": _linked,
        "merged": _merged,
        "federation": _federation,
    },
    LogKind.LEAGUE: {
        "created": _league_created,
        "changed": _league_changed,
        "team": _team_saved,
        "team_removed": _team_removed,
        "schedule": _schedule,
        "match": _match,
        "schedule_cleared": _schedule_cleared,
    },
    LogKind.TOURNAMENT: {
        "created": _tournament_created,
        "registered": _registered,
        "status": _status,
        "team": _team,
        "dropped": _dropped,
        "seated": _seated,
        "uploaded": _uploaded,
        "published": _round_sentence(
            "Published round %(round)s of “%(tournament)s”: its games have begun."
        ),
        "clock": _round_sentence("Started the clock of round %(round)s of “%(tournament)s”."),
        "referee": _referee,
        "closed": _round_sentence("Closed round %(round)s of “%(tournament)s”."),
        "cut": _cut,
        "withdrawn": _withdrawn,
        "signed_off": _signed_off,
        "sign_off_withdrawn": _sign_off_withdrawn,
        "signed_up": _signed_up,
        "registrant": _registrant,
        "waiting_list": _waiting_list,
        "registration": _registration,
    },
}

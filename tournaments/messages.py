"""The seating's refusals (``SeatingError`` codes) in the reader's language, naming who or where.

The seating is pure Python and says what is wrong as data: a code and the row, player, table
or count concerned. Players are entry ids there; here they become names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.seating import SeatingError

MESSAGES: dict[str, Any] = {
    "player_count": _(
        "%(count)s players cannot fill tables of %(size)s: add %(needed)s substitute(s) or seat "
        "with byes."
    ),
    "duplicate_player": _("%(player)s is listed twice."),
    "no_standings": _("A swiss round needs the standings."),
    "unknown_method": _("Unknown seating method."),
    "empty": _("The file has no seating in it."),
    "not_csv": _(
        "The file is not a CSV file: write round, table and the players, one table a line."
    ),
    "too_many_rows": _("The file has more than %(count)s rows."),
    "columns": _("Row %(row)s: write round, table, then the players."),
    "not_a_number": _("Row %(row)s: the round and the table must be numbers."),
    "unknown_player": _("Row %(row)s: %(player)s is not registered for this tournament."),
    "twice_in_round": _("Row %(row)s: %(player)s is seated twice in round %(round)s."),
    "table_size": _("Row %(row)s: table %(table)s of round %(round)s has not %(size)s players."),
    "table_twice": _("Row %(row)s: round %(round)s has table %(table)s twice."),
    "table_numbers": _("Round %(round)s: the tables must be numbered 1 to %(count)s."),
    "missing_players": _("Round %(round)s: %(player)s is not seated."),
    "record_format": _("This is not a Tenbou seating record (tenbou-seating/1)."),
    "not_checked_in": _("Row %(row)s: %(player)s has not checked in (or has dropped out)."),
}


def seating_message(error: SeatingError, names: Mapping[int, str]) -> str:
    """The error as a sentence, with entry ids replaced by the players' names."""
    details = {key: value for key, value in vars(error).items() if value is not None}
    if isinstance(details.get("player"), int):
        details["player"] = names.get(details["player"], str(details["player"]))
    if isinstance(details.get("players"), list | tuple):
        details["player"] = "、".join(names.get(p, str(p)) for p in details["players"])
    template = MESSAGES.get(error.code)
    if template is None:
        return str(error)
    try:
        return str(template) % details
    except (KeyError, TypeError, ValueError):
        return str(error)

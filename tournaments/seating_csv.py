"""A predefined seating uploaded as CSV: ``round, table, player, player, player, player``.

Players are written by name (as registered). A header row is allowed; a comma, a tab or a
Japanese comma (、) separates the cells. Every row is checked before anything is kept, and the
first problem is refused as a ``SeatingError`` naming its row (1-based, as a spreadsheet
numbers it), its player and its table.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Mapping

from tournaments.seating import Round, SeatingError

HEADER_WORDS = ("round", "回戦", "ラウンド")
MAX_ROWS = 5000


def parse_seating_csv(
    text: str,
    players: Mapping[str, int],
    *,
    table_size: int = 4,
    absent: Collection[str] = (),
) -> dict[int, Round]:
    """The rounds of the file: round number -> tables in table order, each seat by seat.

    ``players``: who may be seated (name -> entry); ``absent``: the tournament's other players
    (registered, not checked in, or dropped out), refused by name where a row seats them."""
    rounds: dict[int, dict[int, tuple[int, ...]]] = {}
    seen: dict[int, dict[int, int]] = {}  # round -> player -> the row that seated them
    try:
        rows = list(csv.reader(io.StringIO(text.replace("、", ",").replace("\t", ","), newline="")))
    except csv.Error:
        raise SeatingError("not_csv") from None
    if len(rows) > MAX_ROWS:
        raise SeatingError("too_many_rows", count=MAX_ROWS)
    for number, cells in enumerate(rows, 1):
        cells = [cell.strip() for cell in cells]
        if not any(cells) or (number == 1 and cells[0].lower() in HEADER_WORDS):
            continue
        round_, table, names = _cells(cells, number)
        for name in names:
            if name in absent:
                raise SeatingError("not_checked_in", row=number, player=name)
        seated = _seat(names, players, number, round_, table, table_size)
        for player in seated:
            if player in seen.setdefault(round_, {}):
                raise SeatingError(
                    "twice_in_round", row=number, player=_name(player, players), round=round_
                )
            seen[round_][player] = number
        if table in rounds.setdefault(round_, {}):
            raise SeatingError("table_twice", row=number, round=round_, table=table)
        rounds[round_][table] = seated
    if not rounds:
        raise SeatingError("empty")
    return {number: _in_order(number, tables) for number, tables in sorted(rounds.items())}


def check_everyone_seated(rounds: Mapping[int, Round], players: Mapping[str, int]) -> None:
    """Each round seats every player of ``players`` (the checked-in ones): nobody left out."""
    for number, tables in sorted(rounds.items()):
        seated = {player for table in tables for player in table}
        missing = [name for name, player in players.items() if player not in seated]
        if missing:
            raise SeatingError("missing_players", round=number, player="、".join(sorted(missing)))


def _cells(cells: list[str], row: int) -> tuple[int, int, list[str]]:
    if len(cells) < 3:
        raise SeatingError("columns", row=row)
    try:
        round_, table = int(cells[0]), int(cells[1])
    except ValueError:
        raise SeatingError("not_a_number", row=row) from None
    if round_ < 1 or table < 1:
        raise SeatingError("not_a_number", row=row)
    return round_, table, [name for name in cells[2:] if name]


def _seat(
    names: list[str],
    players: Mapping[str, int],
    row: int,
    round_: int,
    table: int,
    table_size: int,
) -> tuple[int, ...]:
    if len(names) != table_size:
        raise SeatingError("table_size", row=row, round=round_, table=table, size=table_size)
    seated = []
    for name in names:
        if name not in players:
            raise SeatingError("unknown_player", row=row, player=name)
        seated.append(players[name])
    return tuple(seated)


def _in_order(number: int, tables: dict[int, tuple[int, ...]]) -> Round:
    """The round's tables, which must be numbered 1, 2, ... n."""
    if sorted(tables) != list(range(1, len(tables) + 1)):
        raise SeatingError("table_numbers", round=number, count=len(tables))
    return tuple(tables[table] for table in range(1, len(tables) + 1))


def _name(player: int, players: Mapping[str, int]) -> str:
    return next(name for name, pk in players.items() if pk == player)

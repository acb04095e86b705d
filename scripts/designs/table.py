"""Print the table of ``docs/seating.md``: for each field, the bound and the rounds Tenbou seats
without a repeat by construction (``tournaments.seating.outlook``). A test keeps the page true."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tournaments.seating import outlook


def rows(size: int, fields: range) -> list[str]:
    lines = ["| Players | Bound | Seated without a repeat |", "|---:|---:|---:|"]
    for players in fields:
        bound = (players - 1) // (size - 1)
        found = outlook(players, bound, size)
        mark = " (the bound)" if found.constructed == bound else ""
        if found.constructed == found.most < bound:
            mark = " (the most any seating reaches)"
        lines.append(f"| {players} | {bound} | {found.constructed}{mark} |")
    return lines


def table() -> str:
    four = rows(4, range(16, 201, 4))
    three = rows(3, range(9, 201, 3))
    return "\n".join(
        ["### Four-player tables", "", *four, "", "### Three-player tables", "", *three]
    )


if __name__ == "__main__":
    print(table())

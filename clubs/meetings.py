"""A team league's schedule as a grid of meetings (対戦表), read from the database: how often
each two teams meet in each stage. Shared by the organiser's page and the teams' standings."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from clubs import schedule
from clubs.models import League, LeagueMatch, LeagueTeam, MatchStage


@dataclass(frozen=True)
class Grid:
    """How often each two teams meet in a stage's schedule (a team's own games on the diagonal)."""

    stage: str
    label: Any  # lazy
    names: list[str]
    cells: list[list[int]]

    @property
    def rows(self) -> list[tuple[str, list[int]]]:
        return list(zip(self.names, self.cells, strict=True))


def schedule_grids(league: League) -> list[Grid]:
    """A grid for each stage the schedule has, over the teams it seats (in the teams' order)."""
    teams = list(LeagueTeam.objects.filter(league=league))
    blocks: dict[str, list[list[int]]] = defaultdict(list)
    for match in LeagueMatch.objects.filter(league=league).prefetch_related("teams"):
        blocks[match.stage].append([team.pk for team in match.teams.all()])
    grids = []
    for stage, label in MatchStage.choices:
        if stage not in blocks:
            continue
        seated = {pk for block in blocks[stage] for pk in block}
        chosen = [team for team in teams if team.pk in seated]
        cells = schedule.grid([team.pk for team in chosen], blocks[stage])
        grids.append(Grid(stage, label, [team.name for team in chosen], cells))
    return grids

"""``python manage.py rebuild_results``: scoring's rebuild of every game's derived rows, then
every rating rebuilt from scratch (``standings.ratings``), listing each one that differs.

Ratings are derived from the results and never stored, so the pages can only disagree with a
rebuild when the results themselves were out of date: the ratings are worked out from the
results as they were and again once rebuilt, and every player whose rating moved is listed
(league, or the club's "all games", and the rating before and after). A trial on a few
games (``--limit``) leaves the ratings alone. This command takes the place of scoring's own
(the standings app comes first in ``INSTALLED_APPS``).
"""

from __future__ import annotations

from typing import Any

from clubs.models import Club, League, Player
from scoring.management.commands.rebuild_results import Command as RebuildResults
from standings.ratings import Rating, rate_club, rate_league


class Command(RebuildResults):
    help = (
        "Rebuilds the derived rows of every game (hand statistics, results) and every rating "
        "from scratch; reports changes."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["limit"] is not None:  # a trial on a few games: the ratings are left alone
            super().handle(*args, **options)
            return
        clubs = Club.objects.order_by("pk")
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
        before = self._ratings(clubs)
        super().handle(*args, **options)
        after = self._ratings(clubs)
        names = dict(Player.objects.values_list("pk", "name"))
        differ = 0
        for scope, ratings in after.items():
            old = before.get(scope, {})
            for player in sorted(set(ratings) | set(old)):
                was, now = old.get(player), ratings.get(player)
                if _shown(was) != _shown(now):
                    differ += 1
                    self.stdout.write(
                        f"{scope}: {names.get(player, player)}: rating {_shown(was)} -> "
                        f"{_shown(now)}"
                    )
        count = sum(len(r) for r in after.values())
        self.stdout.write(
            f"{count} ratings in {len(after)} scopes rebuilt from scratch, {differ} differ"
        )

    def _ratings(self, clubs: Any) -> dict[str, dict[int, Rating]]:
        found: dict[str, dict[int, Rating]] = {}
        for club in clubs:
            found[f"{club.slug} (all games)"] = rate_club(club.pk, history=False)
            for league in League.objects.filter(club=club).order_by("pk"):
                found[f"{club.slug} / {league.name}"] = rate_league(league, history=False)
        return found


def _shown(rating: Rating | None) -> str:
    if rating is None:
        return "none"
    return f"{rating.shown:.1f} ± {rating.margin:.1f} ({rating.games} games)"

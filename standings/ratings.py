"""Player ratings (レーティング) with their uncertainty: OpenSkill's Plackett-Luce model.

Each counted game updates its players by their places (a shared place is a tie), in one
documented order: the day played, then the time the game was started in Tenbou, then its id.
(The issue suggested the time it finished; a reopened and finished-again game would then move
in the order and re-rate everything after it, while its start never moves.) A sanma game rates
three players; a score-only game rates by its final places; a voided or uncounted game rates
nobody, as its results do not count.

On the page a rating is shown on a scale where everyone starts at 1500: ``1500 + SCALE * (mu -
25)``, with ``± 1.96 * SCALE * sigma`` its 95% interval, and players ranked by the interval's
lower end (the conservative rating: what a player has shown with 95% confidence). Below
``PROVISIONAL_GAMES`` games a rating is provisional. See docs/stats.md.

Ratings are derived, never kept by hand: computed from the results whenever asked, and kept in
the cache under the stamp of the results (``standings.stamps``), so any change to any game
re-rates from the start on the next read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet
from openskill.models import PlackettLuce

from clubs.models import League
from scoring.models import GameResult, GameStatus
from standings.stamps import CACHE_SECONDS, cache_key, results_stamp
from standings.tables import PLACE_SHORT, RATING_COLUMN, counted_results, league_dates

START = 1500.0  # everyone's rating before their first game, on the shown scale
SCALE = 40.0  # shown points per unit of OpenSkill's mu (mu starts at 25, sigma at 25/3)
Z_95 = 1.96
PROVISIONAL_GAMES = 10
PROVISIONAL_MARK = "†"  # after a provisional rating in a table; the page says what it means
RATINGS_CACHE_VERSION = 3  # 3: kept without histories, each under a key of its own


@dataclass(frozen=True)
class Rating:
    """A player's rating after their games: OpenSkill's ``mu`` and ``sigma``, and on the scale."""

    mu: float
    sigma: float
    games: int
    # (day played, mu, sigma) after each of the player's games, in order: the history chart
    history: tuple[tuple[str, float, float], ...] = field(default=(), compare=False, repr=False)

    @property
    def shown(self) -> float:
        return START + SCALE * (self.mu - 25.0)

    @property
    def margin(self) -> float:
        """The ± of the 95% interval, on the shown scale."""
        return Z_95 * SCALE * self.sigma

    @property
    def low(self) -> float:
        """The conservative rating: the interval's lower end (players are ranked by it)."""
        return self.shown - self.margin

    @property
    def high(self) -> float:
        return self.shown + self.margin

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def rate(games: Iterable[list[tuple[int, int]]]) -> dict[int, Rating]:
    """Each player's rating after ``games`` (in order), each game its (player, place) pairs."""
    return rate_dated(("", table) for table in games)


def rate_dated(
    games: Iterable[tuple[str, list[tuple[int, int]]]], *, history: bool = True
) -> dict[int, Rating]:
    """``rate`` for (day played, table) pairs: each rating's history carries the days
    (without ``history``, none is kept: a rebuild that only compares ratings keeps less)."""
    model = PlackettLuce()
    current: dict[int, Any] = {}
    played: dict[int, int] = {}
    kept: dict[int, list[tuple[str, float, float]]] = {}
    for day, table in games:
        players = [player for player, _place in table]
        teams = [[current.get(player) or model.rating()] for player in players]
        rated = model.rate(teams, ranks=[place for _player, place in table])
        for player, (after,) in zip(players, rated, strict=True):
            current[player] = after
            played[player] = played.get(player, 0) + 1
            if history:
                kept.setdefault(player, []).append((day, float(after.mu), float(after.sigma)))
    return {
        player: Rating(float(r.mu), float(r.sigma), played[player], tuple(kept.get(player, ())))
        for player, r in current.items()
    }


def place_chances(ratings: Sequence[Rating | None]) -> list[list[float]]:
    """Each player's chance of each place at a table about to play (a player never rated
    starts as everyone does): ``chances[player][place - 1]``.

    The library's prediction gives each player's chance of the top (``predict_win``, which
    weighs both ratings' uncertainty); the later places follow the Plackett-Luce model those
    chances are weights of: the first place goes to a player in proportion to their weight,
    the next among the others likewise, and so on, over every order of the table."""
    model = PlackettLuce()
    teams = [[model.rating() if r is None else model.rating(r.mu, r.sigma)] for r in ratings]
    weights = [float(w) for w in model.predict_win(teams)]
    count = len(ratings)
    chances = [[0.0] * count for _ in range(count)]
    for order in permutations(range(count)):
        chance, left = 1.0, sum(weights)
        for player in order:
            chance *= weights[player] / left
            left -= weights[player]
        for place, player in enumerate(order):
            chances[player][place] += chance
    return chances


def place_percents(chances: Sequence[float]) -> list[tuple[str, int]]:
    """One player's ``place_chances`` as the pages write them: each place (1st, 2nd ...) with
    its chance in whole percent."""
    return [(str(PLACE_SHORT[place]), round(100 * c)) for place, c in enumerate(chances)]


def add_rating_column(table: Any, ratings: dict[int, Rating]) -> None:
    """A standings page's rating column (a league's or a tournament's table: its ``columns``
    and ``rows``): "1,612 ±140", a provisional one marked "†" (the page says what it means),
    sorted by the conservative rating."""
    table.columns = [*table.columns, RATING_COLUMN]
    for row in table.rows:
        rating = ratings.get(row.player_id)
        if rating is None:
            continue
        row.rating_low = rating.low
        text = f"{round(rating.shown):,} ±{round(rating.margin):,}"
        row.rating_text = f"{text}{PROVISIONAL_MARK}" if rating.provisional else text


def _kept(key: str, compute: Any, history_of: int | None) -> dict[int, Rating]:
    """The ratings kept under ``key``, worked out by ``compute`` when missing: kept without
    their histories (a page of the standings reads every player's rating, and a club of 1,000
    players' histories would take longer to read than the page), each history under a key of
    its own; ``history_of``'s rating comes back with its history."""
    found: dict[int, Rating] | None = cache.get(key)
    history = None
    if found is None:
        full: dict[int, Rating] = compute()
        found = {player: replace(r, history=()) for player, r in full.items()}
        cache.set_many({f"{key}:h{p}": r.history for p, r in full.items()}, CACHE_SECONDS)
        cache.set(key, found, CACHE_SECONDS)
        history = full[history_of].history if history_of in full else None
    if history_of is None or history_of not in found:
        return found
    if history is None:
        history = cache.get(f"{key}:h{history_of}")
        if history is None:  # evicted on its own: work it out again
            cache.delete(key)
            return _kept(key, compute, history_of)
    return {**found, history_of: replace(found[history_of], history=history)}


def ratings_of(results: QuerySet[GameResult], *scope: Any, stamp: Any) -> dict[int, Rating]:
    """The given results rated in order (a tournament's games), kept under ``scope`` and the
    stamp of the club's results, which any change to any of its games moves."""
    key = cache_key("ratings-of", RATINGS_CACHE_VERSION, *scope, stamp)
    return _kept(key, lambda: _rated(results), None)


def league_ratings(
    league: League,
    date_from: Any = None,
    date_to: Any = None,
    *,
    stamp: Any = None,
    history_of: int | None = None,
) -> dict[int, Rating]:
    """The league's counted games rated in order, kept in the cache under their stamp (read
    here unless the caller read it already); ``history_of``'s rating with its history."""
    key = cache_key(
        "ratings",
        RATINGS_CACHE_VERSION,
        league.pk,
        league_dates(league, date_from, date_to),
        stamp or results_stamp(league.club_id, league),
    )
    return _kept(key, lambda: rate_league(league, date_from, date_to), history_of)


def rate_league(
    league: League, date_from: Any = None, date_to: Any = None, *, history: bool = True
) -> dict[int, Rating]:
    """Every counted game of the league rated from scratch (no cache): one query, streamed."""
    return _rated(counted_results(league, date_from, date_to), history=history)


def club_ratings(
    club_id: int, *, stamp: Any = None, history_of: int | None = None
) -> dict[int, Rating]:
    """Club-wide ratings: every finished game of the club (a player page's "all games")."""
    stamp = stamp or results_stamp(club_id, None)
    key = cache_key("ratings-club", RATINGS_CACHE_VERSION, club_id, stamp)
    return _kept(key, lambda: rate_club(club_id), history_of)


def rate_club(club_id: int, *, history: bool = True) -> dict[int, Rating]:
    """Every finished game of the club rated from scratch (no cache)."""
    finished = GameResult.objects.filter(game__club_id=club_id, game__status=GameStatus.FINISHED)
    return _rated(finished, history=history)


def _rated(results: QuerySet[GameResult], *, history: bool = True) -> dict[int, Rating]:
    rows = results.order_by("game__played_on", "game__created_at", "game_id", "seat").values_list(
        "game_id", "player_id", "rank", "game__played_on"
    )
    return rate_dated(_tables(rows.iterator(chunk_size=4000)), history=history)


def _tables(
    rows: Iterable[tuple[int, int, int, Any]],
) -> Iterable[tuple[str, list[tuple[int, int]]]]:
    """The rows (game, player, place, day), in game order, as (day, table) a game."""
    game, table, day = None, [], ""
    for game_id, player, place, played_on in rows:
        if game_id != game and table:
            yield day, table
            table = []
        game, day = game_id, played_on.isoformat()
        table.append((player, place))
    if table:
        yield day, table

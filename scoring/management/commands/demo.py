"""``python manage.py demo``: a demo club with a real-looking season, for ``make run``.

A demo admin (the login is printed), sixteen players (regulars and a few who rarely come), a
K-rule ruleset (the club's default) and a Tenhou-rules one, and two leagues: the open one,
started about twelve weeks ago (K-rule, 300 finished games on two club days a week, two games in
progress today, one voided), and the closed one before it (60 games under Tenhou's rules).
Dates follow today's date, so the demo looks current whenever it is made.

Each finished game is drawn hand by hand in memory, every hand checked by the engine's replay
(a hand it refuses is drawn again) until the engine says the game has ended, then stored at once
with ``services.import_record``. The games in progress are recorded hand by hand through
``services.record_hand``, as a scorekeeper would. Fixed seeds give every machine the same
season. Running it again changes nothing. Development only: it is the one place that makes this
account.
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Counting, League, Membership, Role, Ruleset, RulesetVersion
from clubs.services import add_player, save_ruleset
from scoring import services
from scoring.engine import GameReplay, NextHand, RecordError, ruleset_from_spec
from scoring.engine import Ruleset as Rules
from scoring.models import RECORD_FORMAT, Game

LOGIN = ("demo", "demo-tenbou")
# The hands and the seating have their own generators: the games' hands are the same whatever
# the day (only their dates and players follow the calendar), so the season's facts hold.
HANDS_SEED, SEATING_SEED = 20261122, 20261123
# The players who come most club days, and how often (relative): the first eight are the demo's
# first players.
REGULARS = {
    "青木": 10,
    "馬場": 9,
    "千葉": 9,
    "土井": 8,
    "江藤": 7,
    "藤田": 6,
    "後藤": 6,
    "橋本": 5,
    "井上": 5,
    "小林": 4,
    "佐々木": 4,
    "高橋": 3,
    "中村": 2,
}
# The ones who come now and then: their chance to be there on a club day. They stay below the
# open league's 規定打数, so its standings show the qualification line.
RARELY = {"松本": 0.06, "森田": 0.05, "山口": 0.04}
PLAYERS = [*REGULARS, *RARELY]
# Their readings (よみがな): every list sorts by them, あいうえお order. 中村 has none yet, as a
# club's newest entry often has not, and comes after the others.
READINGS = {
    "青木": "あおき", "馬場": "ばば", "千葉": "ちば", "土井": "どい", "江藤": "えとう",
    "藤田": "ふじた", "後藤": "ごとう", "橋本": "はしもと", "井上": "いのうえ", "小林": "こばやし",
    "佐々木": "ささき", "高橋": "たかはし", "松本": "まつもと", "森田": "もりた",
    "山口": "やまぐち",
}  # fmt: skip
WEDNESDAY, SATURDAY = 2, 5
SEASON_OF_MONTH = dict.fromkeys((3, 4, 5), "春") | dict.fromkeys((6, 7, 8), "夏")
SEASON_OF_MONTH |= dict.fromkeys((9, 10, 11), "秋") | dict.fromkeys((12, 1, 2), "冬")
TIE_BREAKS = ["average_rank", "firsts"]
GAMES_PER_TABLE = 5  # 半荘 a table plays on a club day at most: beyond, another table opens
GAMES_TODAY, HANDS_TODAY = 2, (4, 7)
DRAFT_PLAYERS = ("A", "B", "C", "D")  # a game being drawn: the engine needs only distinct names
VOID_REASON = "席順を間違えて始めたため取消（同じ卓で打ち直し）"

# How a hand ends, per thousand hands (a club's numbers: about one hand in six is drawn).
OUTCOMES = {"ron": 500, "tsumo": 310, "draw": 178, "abortive": 8, "chombo": 1.5}
RIICHI = 0.16  # each seat, each hand
TENPAI_AT_DRAW = 0.4  # a seat without riichi
DOUBLE_RON = 0.006  # of the ron hands, where the ruleset allows it
DEAD_HAND = 0.0015  # a false call (誤鳴き) that leaves a seat unable to win (和了放棄)
OPEN_WIN = 0.52  # of the wins without riichi: about 35 % of all wins
STOP = 0.8  # a K-rule all-last dealer who wins into the top ends the game there (和了止め)
YAKUMAN = 0.0025
HAN_RIICHI = {1: 14, 2: 24, 3: 22, 4: 16, 5: 13, 6: 5, 7: 2, 8: 3, 11: 0.6}
HAN_CLOSED = {1: 26, 2: 32, 3: 20, 4: 10, 5: 8, 6: 2, 7: 1, 8: 1}
HAN_OPEN = {1: 36, 2: 30, 3: 18, 4: 7, 5: 6, 6: 2, 8: 1}
FU_TSUMO = {20: 28, 25: 6, 30: 30, 40: 24, 50: 8, 60: 3, 70: 1}
FU_RON = {25: 8, 30: 38, 40: 36, 50: 11, 60: 4, 70: 2, 80: 1}
FU_OPEN = {30: 62, 40: 28, 50: 7, 60: 2, 70: 1}
DORA = {0: 40, 1: 30, 2: 18, 3: 8, 4: 4}


@dataclass(frozen=True)
class Season:
    """A league of the demo, and how its finished games are spread over its club days."""

    name: str
    preset: str
    starts_on: datetime.date
    ends_on: datetime.date
    is_open: bool
    weekdays: tuple[int, ...]  # club days (Monday is 0)
    games: int  # finished games, up to yesterday
    tables: tuple[int, int]  # fewest and most tables on a club day
    qualification_games: int


@dataclass(frozen=True)
class Sitting:
    """Where a game was played: its day, its table, and its players in seat order."""

    played_on: datetime.date
    table: str
    players: list[str]


class Command(BaseCommand):
    help = "Creates the demo club with its season (once: running it again changes nothing)."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        club, created = Club.objects.get_or_create(
            slug="demo", defaults={"name": "デモ麻雀クラブ", "is_public": True}
        )
        user = _demo_admin(club)
        if not Game.objects.filter(club=club).exists():
            _season(club, user, timezone.localdate())
        self.stdout.write(
            f"{'Created' if created else 'Already there'}: {club.name} (/{club.slug}), "
            f"{club.games.count()} games. Log in as {LOGIN[0]} / {LOGIN[1]}"
        )


def _demo_admin(club: Club) -> User:
    user, created = User.objects.get_or_create(username=LOGIN[0])
    if created:
        user.set_password(LOGIN[1])
        user.save(update_fields=["password"])
    Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.ADMIN})
    return user


def _season(club: Club, user: User, today: datetime.date) -> None:
    """The closed league's games, then the open league's: finished, voided, and today's."""
    hands_rng, seating_rng = random.Random(HANDS_SEED), random.Random(SEATING_SEED)
    for name in PLAYERS:  # all of them, even one who has not played yet
        add_player(club, name, reading=READINGS.get(name, ""))
    rulesets = _rulesets(club, user)
    for season in _seasons(today):
        version = _version(rulesets[season.preset])
        league = _league(club, season, rulesets[season.preset])
        sittings = _sittings(season, today, seating_rng)
        for sitting in sittings:
            hands = _a_game(version.options, hands_rng)
            _store(club, version, league, sitting, hands, user)
        if season.is_open:
            _void_one(club, version, league, seating_rng.choice(sittings), hands_rng, user)
            for sitting in _today(today, seating_rng):
                _play_today(club, version, league, sitting, hands_rng, user)


def _rulesets(club: Club, user: User) -> dict[str, Ruleset]:
    """Kルール first (so it is the club's default), then Tenhou's rules."""
    names = {"k_rule": "Kルール", "tenhou": "天鳳ルール"}
    return {
        preset: save_ruleset(
            club, None, name=name, preset=preset, options={"preset": preset}, user=user
        ).ruleset
        for preset, name in names.items()
    }


def _version(ruleset: Ruleset) -> RulesetVersion:
    version = ruleset.current_version()
    assert version is not None  # save_ruleset made one
    return version


# -- the calendar --------------------------------------------------------------------------


def _seasons(today: datetime.date) -> list[Season]:
    """The open league began on the first of the month nearest twelve weeks ago and runs four
    months; the closed one ran the three months before it (on Saturdays only)."""
    starts = _first_of_nearest_month(today - datetime.timedelta(weeks=12))
    before = _add_months(starts, -3)
    day = datetime.timedelta(days=1)
    closed = Season(
        name=_name(before),
        preset="tenhou",
        starts_on=before,
        ends_on=starts - day,
        is_open=False,
        weekdays=(SATURDAY,),
        games=60,
        tables=(2, 2),
        qualification_games=10,
    )
    open_ = Season(
        name=_name(starts),
        preset="k_rule",
        starts_on=starts,
        ends_on=_add_months(starts, 4) - day,
        is_open=True,
        weekdays=(WEDNESDAY, SATURDAY),
        games=300,
        tables=(2, 4),
        qualification_games=20,
    )
    return [closed, open_]


def _name(starts: datetime.date) -> str:
    return f"{starts.year}年 {SEASON_OF_MONTH[starts.month]}季リーグ"


def _first_of_nearest_month(day: datetime.date) -> datetime.date:
    first = day.replace(day=1)
    following = _add_months(first, 1)
    return first if day - first < following - day else following


def _add_months(first: datetime.date, months: int) -> datetime.date:
    """The first of the month ``months`` after ``first`` (a first of a month)."""
    index = first.year * 12 + first.month - 1 + months
    return datetime.date(index // 12, index % 12 + 1, 1)


def _league(club: Club, season: Season, ruleset: Ruleset) -> League:
    return League.objects.create(
        club=club,
        name=season.name,
        ruleset=ruleset,
        starts_on=season.starts_on,
        ends_on=season.ends_on,
        is_open=season.is_open,
        counting=Counting.ALL,
        qualification_games=season.qualification_games,
        tie_breaks=TIE_BREAKS,
    )


def _sittings(season: Season, today: datetime.date, rng: random.Random) -> list[Sitting]:
    """Every finished game's day, table and players: the season's games shared out over its
    club days up to yesterday, Saturdays busier than Wednesdays."""
    last = min(season.ends_on, today - datetime.timedelta(days=1))
    days = [
        season.starts_on + datetime.timedelta(days=n)
        for n in range((last - season.starts_on).days + 1)
        if (season.starts_on + datetime.timedelta(days=n)).weekday() in season.weekdays
    ]
    busy = {SATURDAY: 1.15}  # the other club days: 0.85
    weights = [busy.get(day.weekday(), 0.85) * rng.uniform(0.8, 1.2) for day in days]
    counts = _shares(season.games, weights)
    return [
        sitting
        for day, count in zip(days, counts, strict=True)
        for sitting in _club_day(day, count, season.tables, rng)
    ]


def _shares(total: int, weights: Sequence[float]) -> list[int]:
    """``total`` shared out in proportion to ``weights`` (largest remainders), summing exactly."""
    exact = [total * weight / sum(weights) for weight in weights]
    shares = [math.floor(share) for share in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: shares[i] - exact[i])
    for i in by_remainder[: total - sum(shares)]:
        shares[i] += 1
    return shares


def _club_day(
    day: datetime.date, games: int, tables: tuple[int, int], rng: random.Random
) -> list[Sitting]:
    """One club day: who came, then round by round who sat at which table."""
    per_table = _games_per_table(games, tables)
    rare = [name for name, chance in RARELY.items() if rng.random() < chance]
    wanted = 4 * len(per_table) + rng.randint(0, 1) - len(rare)  # one more sits some out
    regulars = _weighted_sample(REGULARS, wanted, rng)
    sittings = []
    for game_round in range(per_table[0]):
        playing = [table for table, count in enumerate(per_table) if count > game_round]
        seated = _seated(4 * len(playing), rare, regulars, rng)
        for n, table in enumerate(playing):
            sittings.append(Sitting(day, f"{table + 1}卓", seated[4 * n : 4 * n + 4]))
    return sittings


def _games_per_table(games: int, tables: tuple[int, int]) -> list[int]:
    """Each table's games, the first tables' first: a table for every ``GAMES_PER_TABLE``
    games, shared out evenly; a table that only a full room fills (every regular and the rare
    players called in) opens for one game."""
    fewest, most = tables
    count = min(games, most, max(fewest, math.ceil(games / GAMES_PER_TABLE)))
    if 4 * count > len(REGULARS):
        return [*_even(games - 1, count - 1), 1]
    return _even(games, count)


def _even(games: int, count: int) -> list[int]:
    return [games // count + (table < games % count) for table in range(count)]


def _seated(seats: int, rare: list[str], regulars: list[str], rng: random.Random) -> list[str]:
    """A round's players, in table order: the rare players who came, regulars up to the seats,
    and where the regulars are too few, the other rare players (called in for a full room)."""
    seated = rare + rng.sample(regulars, min(seats - len(rare), len(regulars)))
    called = [name for name in RARELY if name not in rare]
    seated += rng.sample(called, seats - len(seated))
    rng.shuffle(seated)
    return seated


def _weighted_sample(weights: Mapping[str, float], count: int, rng: random.Random) -> list[str]:
    """``count`` names, the heavier more likely (Efraimidis-Spirakis keys)."""
    keys = {name: rng.random() ** (1 / weight) for name, weight in weights.items()}
    return sorted(keys, key=keys.__getitem__, reverse=True)[:count]


def _today(today: datetime.date, rng: random.Random) -> list[Sitting]:
    """Today's tables, each with four regulars."""
    came = _weighted_sample(REGULARS, 4 * GAMES_TODAY, rng)
    return [
        Sitting(today, f"{table + 1}卓", came[4 * table : 4 * table + 4])
        for table in range(GAMES_TODAY)
    ]


# -- storing -------------------------------------------------------------------------------


def _store(
    club: Club,
    version: RulesetVersion,
    league: League,
    sitting: Sitting,
    hands: list[dict[str, Any]],
    user: User,
    finish: bool = True,
) -> Game:
    return services.import_record(
        club,
        _document(version.options, hands, sitting.players),
        ruleset_version=version,
        played_on=sitting.played_on,
        table_label=sitting.table,
        league=league,
        finish=finish,
        user=user,
    )


def _void_one(
    club: Club,
    version: RulesetVersion,
    league: League,
    sitting: Sitting,
    rng: random.Random,
    user: User,
) -> None:
    """A game started with the wrong seating, voided after a few hands: the same four then
    played the game that counts (``sitting``) at the same table."""
    wrong = Sitting(sitting.played_on, sitting.table, [*sitting.players[1:], sitting.players[0]])
    hands = _a_game(version.options, rng)[:3]
    game = _store(club, version, league, wrong, hands, user, finish=False)
    services.void_game(game, reason=VOID_REASON, version=game.version, key="demo-void", user=user)


def _play_today(
    club: Club,
    version: RulesetVersion,
    league: League,
    sitting: Sitting,
    rng: random.Random,
    user: User,
) -> None:
    """A game in progress: its first hands recorded one by one, as at the table."""
    wanted = rng.randint(*HANDS_TODAY)
    hands = _a_game(version.options, rng)
    while len(hands) <= wanted:  # that game was over by then (a bust): today's goes on
        hands = _a_game(version.options, rng)
    game = services.start_game(
        club,
        ruleset_version=version,
        players=sitting.players,
        played_on=sitting.played_on,
        table_label=sitting.table,
        user=user,
        league=league,
    )
    state = services.game_state(game)
    for hand in hands[:wanted]:
        state = services.record_hand(
            game, hand, version=state.version, key=None, user=user, seen=state
        )


def _document(
    options: dict[str, Any], hands: list[dict[str, Any]], players: Sequence[str] = DRAFT_PLAYERS
) -> dict[str, Any]:
    return {"format": RECORD_FORMAT, "ruleset": options, "players": list(players), "hands": hands}


# -- drawing a game ------------------------------------------------------------------------


def _a_game(options: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """A whole game, drawn hand by hand until the engine says it has ended.

    The engine replays the record with each new hand (no database: a replay takes well under a
    millisecond), and a hand it refuses is drawn again.
    """
    rules = ruleset_from_spec(options)
    hands: list[dict[str, Any]] = []
    replayed = services.replay_document(_document(options, hands))
    while (at := replayed.next_hand) is not None:
        hand, replayed = _next_hand(options, rules, hands, at, rng)
        hands.append(hand)
    return hands


def _next_hand(
    options: dict[str, Any],
    rules: Rules,
    hands: list[dict[str, Any]],
    at: NextHand,
    rng: random.Random,
) -> tuple[dict[str, Any], GameReplay]:
    while True:
        hand = _draw_a_hand(rules, at, rng)
        try:
            replayed = services.replay_document(_document(options, [*hands, hand]))
        except RecordError:
            continue
        return _maybe_stop(options, hands, hand, replayed, at, rng)


def _maybe_stop(
    options: dict[str, Any],
    hands: list[dict[str, Any]],
    hand: dict[str, Any],
    replayed: GameReplay,
    at: NextHand,
    rng: random.Random,
) -> tuple[dict[str, Any], GameReplay]:
    """和了止め: where the ruleset leaves it to the all-last dealer (K-rule), one who wins into
    the top mostly ends the game there. Where it does not, the engine refuses the stop."""
    scores = replayed.hands[-1].scores
    top = max(scores) == scores[at.dealer]
    chance = at.last_hand and replayed.final is None and at.dealer in _winners(hand) and top
    if not chance or rng.random() >= STOP:
        return hand, replayed
    stopped = {**hand, "stop": True}
    try:
        return stopped, services.replay_document(_document(options, [*hands, stopped]))
    except RecordError:
        return hand, replayed


def _winners(hand: dict[str, Any]) -> set[int]:
    result = hand["result"]
    if result["type"] == "tsumo":
        return {result["winner"]}
    return {win["winner"] for win in result.get("wins", [])}


def _draw_a_hand(rules: Rules, at: NextHand, rng: random.Random) -> dict[str, Any]:
    """A hand as a club table might play it (the engine then judges it)."""
    seats = range(rules.players)
    can_riichi = rules.riichi_deposit is not None
    riichi = [
        seat
        for seat in seats
        if can_riichi and at.scores[seat] >= rules.riichi_min_score and rng.random() < RIICHI
    ]
    kind = _pick(OUTCOMES, rng)  # without abortive draws in the ruleset, the hand is played out
    if kind == "abortive" and "kyuushu" in rules.abortive:
        return {"riichi": [], "result": {"type": "abortive", "kind": "kyuushu"}}
    if kind == "chombo":
        seat = rng.choice(riichi or list(seats))  # a riichi player's false win (誤ロン, 誤ツモ)
        return {"riichi": riichi, "result": {"type": "chombo", "seat": seat}}
    if kind in ("draw", "abortive"):
        tenpai = [s for s in seats if s in riichi or rng.random() < TENPAI_AT_DRAW]
        hand = {"riichi": riichi, "result": {"type": "draw", "tenpai": tenpai}}
    elif kind == "tsumo":
        winner = _a_winner(seats, riichi, rng)
        hand = {"riichi": riichi, "result": {"type": "tsumo", **_win(winner, riichi, True, rng)}}
    else:
        hand = {"riichi": riichi, "result": _ron(rules, seats, riichi, rng)}
    return _maybe_dead_hand(hand, seats, rng)


def _a_winner(seats: range, riichi: list[int], rng: random.Random) -> int:
    """A riichi player is the likelier winner: they are tenpai already."""
    return rng.choices(list(seats), [3 if seat in riichi else 1 for seat in seats])[0]


def _ron(rules: Rules, seats: range, riichi: list[int], rng: random.Random) -> dict[str, Any]:
    """A ron, now and then a double ron where the ruleset allows it (ダブロン)."""
    winner = _a_winner(seats, riichi, rng)
    discarder = rng.choice([seat for seat in seats if seat != winner])
    winners = [winner]
    if rules.max_ron_winners > 1 and rng.random() < DOUBLE_RON:
        winners.append(rng.choice([s for s in seats if s not in (winner, discarder)]))
    # The wins in turn order from the discarder: the first one is the head (上家優先).
    winners.sort(key=lambda seat: (seat - discarder) % rules.players)
    wins = [_win(seat, riichi, False, rng) for seat in winners]
    return {"type": "ron", "from": discarder, "wins": wins}


def _win(winner: int, riichi: list[int], tsumo: bool, rng: random.Random) -> dict[str, Any]:
    is_riichi = winner in riichi
    is_open = not is_riichi and rng.random() < OPEN_WIN
    return {"winner": winner, **_value(is_riichi, is_open, tsumo, rng)}


def _value(riichi: bool, is_open: bool, tsumo: bool, rng: random.Random) -> dict[str, Any]:
    """Han and fu as a table scores them, with the yaku the value itself implies (riichi,
    menzen tsumo, pinfu for a 20 fu tsumo, chiitoitsu for 25 fu) and dora besides."""
    if rng.random() < YAKUMAN:
        return {"yakuman": 1, "open": is_open}
    han = _pick(HAN_RIICHI if riichi else HAN_OPEN if is_open else HAN_CLOSED, rng)
    fu = _pick(FU_OPEN if is_open else FU_TSUMO if tsumo else FU_RON, rng)
    yaku = [
        name
        for name, applies in (
            ("riichi", riichi),
            ("menzen_tsumo", tsumo and not is_open),
            ("pinfu", fu == 20),
            ("chiitoitsu", fu == 25),
        )
        if applies
    ]
    yaku_han = max(1, len(yaku) + (fu == 25))  # chiitoitsu is two han
    han = max(han, yaku_han)
    value: dict[str, Any] = {"han": han}
    if han < 5:  # from mangan up the fu do not change the payment
        value["fu"] = fu
    value["dora"] = min(han - yaku_han, _pick(DORA, rng))
    if yaku:
        value["yaku"] = yaku
    value["open"] = is_open  # as the hand screen records it: unticked is closed
    return value


def _maybe_dead_hand(hand: dict[str, Any], seats: range, rng: random.Random) -> dict[str, Any]:
    """Now and then a seat that neither declared riichi nor won nor was tenpai made a false
    call and played the hand out unable to win (和了放棄)."""
    if rng.random() >= DEAD_HAND:
        return hand
    result = hand["result"]
    busy = {*hand["riichi"], *_winners(hand), *result.get("tenpai", [])}
    free = [seat for seat in seats if seat not in busy]
    if not free:
        return hand
    return {**hand, "events": [{"type": "dead_hand", "seat": rng.choice(free)}]}


def _pick(weights: Mapping[Any, float], rng: random.Random) -> Any:
    return rng.choices(list(weights), list(weights.values()))[0]

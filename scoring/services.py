"""Changing a game: each function is one transaction, and the engine judges every change.

Every change follows the same steps: lock the game row (``select_for_update``), return at once
if the form's idempotency key was already used (a retried submit is done once), check the
version the tablet saw (a second tablet gets ``GameConflict`` with the fresh state instead of
overwriting), replay the whole record with the change BEFORE saving anything (an engine
``RecordError`` leaves the database as it was), then save the inputs, bump the version,
rebuild the derived rows (``HandStat``, ``GameResult``) and write a ``GameLog`` entry.

``GameResult`` rows exist exactly while a game is finished: standings read them, so a game in
progress, reopened or voided (取消) has none.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, League, Player, Ruleset, RulesetVersion
from scoring.engine import (
    GameReplay,
    RecordError,
    place_error,
    read_record,
    replay,
    resolve_options,
)
from scoring.engine import Ruleset as Rules
from scoring.engine.hand import RawTransfer
from scoring.engine.tenhou import game_record, read_log, replay_difference
from scoring.models import (
    RECORD_FORMAT,
    Game,
    GameLog,
    GameResult,
    GameStatus,
    Hand,
    HandStat,
    Seat,
)

Document = dict[str, Any]


@dataclass(frozen=True)
class GameState:
    """A game with its record (``tenbou-game/1``) and the engine's replay of it."""

    game: Game
    document: Document
    rules: Rules
    replay: GameReplay
    version: int  # the game's version when the document was read

    @property
    def players(self) -> list[str]:
        return self.document["players"]

    @property
    def hands(self) -> list[dict[str, Any]]:
        return self.document["hands"]


class GameError(Exception):
    """A change the app refuses before the engine is asked; the message is for the scorekeeper."""


class GameConflict(GameError):
    """Another tablet changed the game after this one loaded it (the versions differ)."""

    def __init__(self, state: GameState) -> None:
        super().__init__(
            _("Someone else changed this game meanwhile. Nothing was saved: check the fresh state.")
        )
        self.state = state


class GameClosed(GameError):
    """The game is finished or voided: it must be reopened before a hand changes."""


class NoSuchHand(GameError):
    """The hand number is not in the game (deleted meanwhile, or never there)."""


# -- reading -------------------------------------------------------------------------------


def replay_document(document: Document) -> GameReplay:
    """The engine's replay of a document that belongs to no game yet (raises ``RecordError``)."""
    return replay(read_record(document))


def evaluate(game: Game, document: Document, require_end: bool = False) -> GameState:
    """The engine's replay of ``document`` (raises ``RecordError``, placed in its round)."""
    try:
        record = read_record(document)
    except RecordError as error:
        raise place_error(document, error) from None
    replayed = replay(record, require_end=require_end)
    return GameState(game, document, record.ruleset, replayed, game.version if game else 0)


def game_state(game: Game) -> GameState:
    """The game as it stands (the engine's replay of its stored record)."""
    return evaluate(game, game.record())


def with_hands(state: GameState, hands: list[dict[str, Any]]) -> Document:
    return {**state.document, "hands": hands}


def preview_hand(state: GameState, hand: dict[str, Any], number: int | None = None) -> GameState:
    """The game with ``hand`` appended (or put in place of hand ``number``); saves nothing."""
    return evaluate(state.game, with_hands(state, _placed(state.hands, hand, number)))


def preview_deletion(state: GameState, number: int) -> GameState:
    return evaluate(state.game, with_hands(state, state.hands[: number - 1] + state.hands[number:]))


def state_before(state: GameState, number: int) -> GameReplay:
    """The replay of the hands before hand ``number``: the table as that hand began.

    A referee's early end comes after the last hand, so it is left out here: without it, the
    table before hand 1 of a game ended early would already be over.
    """
    earlier = with_hands(state, state.hands[: number - 1])
    earlier.pop("forced_end", None)
    return evaluate(state.game, earlier).replay


def preview_end_early(state: GameState, reason: str) -> GameState:
    return evaluate(state.game, {**state.document, "forced_end": {"reason": reason}})


def preview_final_scores(state: GameState, scores: Sequence[int], deposits: int) -> GameState:
    return evaluate(state.game, _final_scores_document(state.document, scores, deposits))


def _placed(hands: list[dict[str, Any]], hand: dict[str, Any], number: int | None) -> list[Any]:
    if number is None:
        return [*hands, hand]
    return [*hands[: number - 1], hand, *hands[number:]]


def _final_scores_document(document: Document, scores: Sequence[int], deposits: int) -> Document:
    changed = {**document, "final_scores": list(scores)}
    changed.pop("final_deposits", None)
    if deposits:
        changed["final_deposits"] = deposits
    return changed


# -- the steps every change shares ---------------------------------------------------------


def games() -> QuerySet[Game]:
    """Games with what ``Game.record()`` and the game pages read, in one query: the seats (with
    their players) and the hands come in each game's row."""
    return Game.objects.select_related("club", "ruleset_version__ruleset").with_seats_and_hands()


def _lock(game: Game) -> int:
    """Lock the game row until the transaction ends; its version now.

    The form's key is looked up in a statement of its own, after the lock: under READ
    COMMITTED a subquery of the locking statement would see the log as it was before the wait,
    and a retry racing its original would get a conflict instead of its hand.
    """
    return Game.objects.select_for_update().values_list("version", flat=True).get(pk=game.pk)


def done_before(game: Game, key: str | None) -> bool:
    """Whether the change sent with this form key was made (a retry is answered as a success)."""
    return bool(key) and GameLog.objects.filter(game=game, idempotency_key=key).exists()


def _begin(
    game: Game, version: int, key: str | None, seen: GameState | None
) -> tuple[Game, GameState, bool]:
    """Take the game at ``version``: (game, current state, whether this key's change was made).

    The change's version is taken first, in one statement: the game moves from ``version`` to
    the next one only if it is still there, which also locks its row until the transaction
    ends (a change refused later is rolled back with it). A state ``seen`` by the caller at
    that version is the current one: reused, not read again. A form sent at the version taken
    was not stored before (every stored change moved the version on), so its key is looked up
    only when the version had moved on: a retry of a stored change, or another tablet's change.
    """
    taken = Game.objects.filter(pk=game.pk, version=version).update(
        version=version + 1, updated_at=timezone.now()
    )
    if not taken:
        _lock(game)
        fresh = game_state(games().get(pk=game.pk))
        if done_before(fresh.game, key):
            return fresh.game, fresh, True
        raise GameConflict(fresh)
    if seen is None or seen.version != version or seen.game.pk != game.pk:
        seen = game_state(games().get(pk=game.pk))
    seen.game.version = version + 1
    return seen.game, seen, False


def _require_ongoing(game: Game) -> None:
    if game.status == GameStatus.FINISHED:
        raise GameClosed(_("This game is finished: reopen it to change it."))
    if game.status == GameStatus.VOIDED:
        raise GameClosed(_("This game was voided and cannot be changed."))


def _commit(
    game: Game,
    fields: Sequence[str],
    action: str,
    detail: str,
    user: Any,
    key: str | None,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Save the changed fields (the version was taken by ``_begin``), and log the change.

    The log keeps what the change replaced and what it put in place (a hand, or the game's
    changed fields: ``before`` is a ``_snapshot`` then, and the fields that differ are kept).
    """
    if fields:
        game.save(update_fields=[*fields, "updated_at"])
    if before is not None and after is None:
        now = _snapshot(game)
        changed = [name for name in now if now[name] != before.get(name)]
        before, after = {n: before[n] for n in changed}, {n: now[n] for n in changed}
    GameLog.objects.create(
        game=game,
        action=action,
        detail=detail[:300],
        user=_user(user),
        idempotency_key=key or None,
        before=before,
        after=after,
    )


def _snapshot(game: Game) -> dict[str, Any]:
    """The game's own inputs beyond its hands, as the log compares them before and after."""
    return {
        "status": game.status,
        "forced_end": game.forced_end,
        "forced_end_reason": game.forced_end_reason,
        "final_scores": game.final_scores,
        "final_deposits": game.final_deposits,
        "void_reason": game.void_reason,
        "chips_final": game.chips_final,
    }


def _user(user: Any) -> Any:
    return user if user is not None and user.is_authenticated else None


def _label(state: GameState, number: int) -> str:
    row = state.replay.hands[number - 1]
    return f"hand {number} ({row.round}-{row.honba})"


# -- derived rows --------------------------------------------------------------------------


def _seat_players(game: Game) -> list[Player]:
    return [seat.player for seat in sorted(game.seats.all(), key=lambda seat: seat.seat)]


def _hand_stats(game: Game, state: GameState, first: int) -> list[HandStat]:
    players = _seat_players(game)
    stats = []
    rows = state.replay.hands[first - 1 :]
    # The raw tuples, not ``replay.transfers``: that would build every hand's Transfer objects
    # on each hand posted, to read only the new hand's.
    transfers = state.replay.raw_transfers[first - 1 :]
    for number, (hand, row, paid) in enumerate(
        zip(state.hands[first - 1 :], rows, transfers, strict=True), first
    ):
        roles = _roles(hand)
        values = _win_values(paid)
        for seat, player in enumerate(players):
            stats.append(
                HandStat(
                    game=game,
                    hand_number=number,
                    seat=seat,
                    player=player,
                    delta=row.deltas[seat],
                    score_after=row.scores[seat],
                    dealer=row.dealer == seat,
                    riichi=seat in hand.get("riichi", []),
                    won=seat in roles["won"],
                    tsumo=seat in roles["tsumo"],
                    dealt_in=seat in roles["dealt_in"],
                    outcome=hand["result"]["type"],
                    value=values.get(seat, 0),
                    tenpai=seat in roles["tenpai"],
                    open=roles["open"].get(seat),
                    yaku=roles["yaku"].get(seat, []),
                    dora=roles["dora"].get(seat),
                    penalty=seat in roles["penalty"],
                )
            )
    return stats


def _roles(hand: dict[str, Any]) -> dict[str, Any]:
    """Who won, by tsumo or not, who dealt in (放銃), who was tenpai at a draw, whose win was
    open (副露, where recorded), its yaku and dora, and who took a penalty. Nagashi mangan is
    not a win here."""
    result = hand["result"]
    kind = result["type"]
    wins = result.get("wins", [result] if kind == "tsumo" else [])
    events = hand.get("events", [])
    return {
        "won": {win["winner"] for win in wins},
        "tsumo": {result["winner"]} if kind == "tsumo" else set(),
        "dealt_in": {result["from"]} if kind == "ron" else set(),
        "tenpai": set(result.get("tenpai", ())) if kind in ("draw", "nagashi") else set(),
        "open": {win["winner"]: bool(win["open"]) for win in wins if "open" in win},
        "yaku": {win["winner"]: list(win["yaku"]) for win in wins if win.get("yaku")},
        "dora": {win["winner"]: int(win["dora"]) for win in wins if win.get("dora") is not None},
        "penalty": ({result["seat"]} if kind == "chombo" else set())
        | {event["seat"] for event in events if event["type"] in ("dead_hand", "deposit")},
    }


def _win_values(transfers: Sequence[RawTransfer]) -> dict[int, int]:
    """Each seat's win payments received (+) or paid as the discarder or pao (-), honba and
    sticks left out: what the hand was worth (和了点, 放銃点)."""
    values: dict[int, int] = {}
    for payer, receiver, amount, kind in transfers:
        if kind != "win":
            continue
        if receiver is not None:
            values[receiver] = values.get(receiver, 0) + amount
        if payer is not None:
            values[payer] = values.get(payer, 0) - amount
    return values


def _rebuild_hand_stats(game: Game, state: GameState, first: int = 1) -> None:
    """Rebuild the stats of hand ``first`` and after (the ones before cannot have changed)."""
    HandStat.objects.filter(game=game, hand_number__gte=first).delete()
    HandStat.objects.bulk_create(_hand_stats(game, state, first))


def game_results(game: Game, state: GameState) -> list[GameResult]:
    """The result rows a game should have: one per seat while it is finished, else none."""
    final = state.replay.final
    if game.status != GameStatus.FINISHED or final is None:
        return []
    tobi = state.rules.tobi
    penalties = _penalty_counts(state)
    chips = state.replay.chips
    return [
        GameResult(
            game=game,
            seat=seat.seat,
            player=player,
            final_score=seat.final_score,
            rank=seat.rank,
            points=f"{seat.points:.1f}",
            busted=tobi.busted(seat.score) if tobi.enabled else seat.score < 0,
            penalties=penalties.get(seat.seat, 0),
            chips=0 if chips is None else chips.chips[seat.seat],
            chip_points=f"{0 if chips is None else chips.chip_points[seat.seat]:.1f}",
        )
        for seat, player in zip(final.seats, _seat_players(game), strict=True)
    ]


def _penalty_counts(state: GameState) -> dict[int, int]:
    """Penalties per seat: chombo, dead hands and deposits in the hands, then the settlement's."""
    counts: dict[int, int] = {}
    for hand in state.hands:
        for seat in _roles(hand)["penalty"]:
            counts[seat] = counts.get(seat, 0) + 1
    for penalty in state.document.get("settlement_penalties") or []:
        counts[penalty["seat"]] = counts.get(penalty["seat"], 0) + 1
    return counts


def _rebuild_results(game: Game, state: GameState) -> None:
    GameResult.objects.filter(game=game).delete()
    GameResult.objects.bulk_create(game_results(game, state))


def expected_hand_stats(game: Game, state: GameState) -> list[HandStat]:
    """Every hand's stat rows as the game's inputs give them (for ``rebuild_results``)."""
    return _hand_stats(game, state, 1)


# -- starting a game -----------------------------------------------------------------------


@transaction.atomic
def start_game(
    club: Club,
    *,
    ruleset_version: RulesetVersion,
    players: Sequence[str],
    played_on: datetime.date,
    table_label: str = "",
    user: Any = None,
    key: str | None = None,
    league: League | None = None,
    tournament_table: tuple[int, int] | None = None,
) -> Game:
    """A new game: ``players`` are names in seat order (seat 0 deals first, 起家).

    A name the club does not know yet becomes a new player. A tournament's game says its round
    and table (``tournament_table``), which its name gives in each reader's language.
    """
    if key and (found := Game.objects.filter(club=club, idempotency_key=key).first()):
        return found
    names = [name.strip() for name in players]
    document = {
        "format": RECORD_FORMAT,
        "ruleset": ruleset_version.options,
        "players": names,
        "hands": [],
    }
    replay_document(document)  # the engine checks the number of players, names twice ...
    _check_league(club, league)
    game, _created = _create_game(
        club, ruleset_version, names, played_on, table_label, user, key, "started", league=league,
        tournament_table=tournament_table,
    )  # fmt: skip
    return game


def _check_league(club: Club, league: League | None) -> None:
    if league is not None and league.club_id != club.pk:
        raise GameError(_("This league belongs to another club."))


def _create_game(
    club: Club,
    ruleset_version: RulesetVersion,
    names: Sequence[str],
    played_on: datetime.date,
    table_label: str,
    user: Any,
    key: str | None,
    action: str,
    detail: str = "",
    league: League | None = None,
    tournament_table: tuple[int, int] | None = None,
) -> tuple[Game, bool]:
    """The game and its seats; (the game made by a retry beside this one, False) on a race."""
    try:
        with transaction.atomic():
            game = Game.objects.create(
                club=club,
                ruleset_version=ruleset_version,
                played_on=played_on,
                table_label=table_label.strip(),
                round_number=tournament_table[0] if tournament_table else None,
                table_number=tournament_table[1] if tournament_table else None,
                league=league,
                created_by=_user(user),
                idempotency_key=key or None,
            )
    except IntegrityError:  # the same key was just used by a retry running beside this one
        return Game.objects.get(club=club, idempotency_key=key), False
    Seat.objects.bulk_create(
        Seat(game=game, seat=seat, player=_player(club, name)) for seat, name in enumerate(names)
    )
    GameLog.objects.create(game=game, action=action, detail=detail[:300], user=_user(user))
    return game, True


def _player(club: Club, name: str) -> Player:
    player, _created = Player.objects.get_or_create(club=club, name=name)
    return player


# -- hands ---------------------------------------------------------------------------------


@transaction.atomic
def record_hand(
    game: Game,
    hand: dict[str, Any],
    *,
    version: int,
    key: str | None,
    user: Any = None,
    seen: GameState | None = None,
) -> GameState:
    """Add the next hand. A retried submit (same ``key``) is stored once.

    ``seen``: the state the caller read the game in (reused if it is still the current one).
    """
    game, state, done = _begin(game, version, key, seen)
    if done:
        return state
    _require_ongoing(game)
    if state.replay.final is not None:
        raise GameClosed(_("The game has ended: confirm the settlement, or fix a hand."))
    new = preview_hand(state, hand)
    number = len(new.hands)
    Hand.objects.create(game=game, number=number, data=hand, idempotency_key=key)
    _commit(game, [], "recorded_hand", _label(new, number), user, key, after={"hand": hand})
    HandStat.objects.bulk_create(_hand_stats(game, new, number))  # a new hand: nothing to drop
    return replace(new, game=game, version=game.version)


@transaction.atomic
def edit_hand(
    game: Game,
    number: int,
    hand: dict[str, Any],
    *,
    version: int,
    key: str | None,
    user: Any = None,
    seen: GameState | None = None,
) -> GameState:
    """Put ``hand`` in place of hand ``number``; the later hands are replayed after it."""
    game, state, done = _begin(game, version, key, seen)
    if done:
        return state
    _require_ongoing(game)
    stored = _stored_hand(game, number)
    new = preview_hand(state, hand, number)
    replaced, stored.data = stored.data, hand
    stored.save(update_fields=["data", "updated_at"])
    _commit(
        game,
        [],
        "edited_hand",
        _label(new, number),
        user,
        key,
        before={"hand": replaced},
        after={"hand": hand},
    )
    _rebuild_hand_stats(game, new, number)
    return replace(new, game=game, version=game.version)


@transaction.atomic
def delete_hand(game: Game, number: int, *, version: int, key: str, user: Any = None) -> GameState:
    """Remove hand ``number``; the later hands move up one and are replayed."""
    game, state, done = _begin(game, version, key, None)
    if done:
        return state
    _require_ongoing(game)
    stored = _stored_hand(game, number)
    label = _label(state, number)
    new = preview_deletion(state, number)
    stored.delete()
    for later in Hand.objects.filter(game=game, number__gt=number).order_by("number"):
        later.number -= 1  # one by one, upwards: (game, number) stays unique at every step
        later.save(update_fields=["number"])
    _commit(game, [], "deleted_hand", label, user, key, before={"hand": stored.data}, after={})
    _rebuild_hand_stats(game, new, number)
    return replace(new, game=game, version=game.version)


def _stored_hand(game: Game, number: int) -> Hand:
    for hand in game.hands.all():
        if hand.number == number:
            return hand
    raise NoSuchHand(_("Hand %(number)s is not in this game.") % {"number": number})


# -- the end of a game ---------------------------------------------------------------------


def _finish(
    game: Game,
    version: int,
    key: str | None,
    user: Any,
    action: str,
    change: Callable[[Game, GameState], tuple[GameState, list[str], str]],
) -> GameState:
    """The common path of every change that leaves the game finished (終局)."""
    game, state, done = _begin(game, version, key, None)
    if done:
        return state
    _require_ongoing(game)
    before = _snapshot(game)
    new, fields, detail = change(game, state)
    game.status = GameStatus.FINISHED
    _commit(game, [*fields, "status"], action, detail, user, key, before=before)
    _rebuild_results(game, new)
    return replace(new, game=game, version=game.version)


@transaction.atomic
def finish_game(game: Game, *, version: int, key: str | None, user: Any = None) -> GameState:
    """Confirm the settlement of a game the engine says has ended."""

    def change(game: Game, state: GameState) -> tuple[GameState, list[str], str]:
        ended = evaluate(game, state.document, require_end=True)
        return ended, [], ended.replay.final.ended_by  # type: ignore[union-attr]

    return _finish(game, version, key, user, "finished", change)


@transaction.atomic
def end_game_early(
    game: Game, *, reason: str, version: int, key: str, user: Any = None
) -> GameState:
    """A referee's or a time limit's end (``forced_end``): settled as it stands."""

    def change(game: Game, state: GameState) -> tuple[GameState, list[str], str]:
        if state.document.get("final_scores") is not None:
            raise GameClosed(_("A score-only game is ended by entering its final scores."))
        new = preview_end_early(state, reason)
        game.forced_end, game.forced_end_reason = True, reason
        return new, ["forced_end", "forced_end_reason"], reason

    return _finish(game, version, key, user, "ended_early", change)


@transaction.atomic
def record_final_scores(
    game: Game,
    *,
    scores: Sequence[int],
    deposits: int = 0,
    version: int,
    key: str,
    user: Any = None,
) -> GameState:
    """Score-only entry (素点入力): the final scores and leftover sticks, checked and settled."""

    def change(game: Game, state: GameState) -> tuple[GameState, list[str], str]:
        if state.hands:
            raise GameClosed(_("This game has hands: its scores come from them."))
        new = preview_final_scores(state, scores, deposits)
        game.final_scores, game.final_deposits = list(scores), deposits
        detail = " ".join(str(score) for score in scores)
        return new, ["final_scores", "final_deposits"], detail

    return _finish(game, version, key, user, "final_scores", change)


@transaction.atomic
def record_chips_final(
    game: Game,
    *,
    chips: Sequence[int] | None,
    version: int,
    key: str,
    user: Any = None,
) -> GameState:
    """祝儀 counted at the end (each seat's net chips; None: back to the hands' chips), on an
    ongoing or a finished game: checked by the engine, and a finished game's results rebuilt."""
    game, state, done = _begin(game, version, key, None)
    if done:
        return state
    if game.status == GameStatus.VOIDED:
        raise GameClosed(_("This game was voided and cannot be changed."))
    if state.rules.chips is None:
        raise GameError(_("This game's ruleset has no chips."))
    before = _snapshot(game)
    document = {k: v for k, v in state.document.items() if k != "chips_final"}
    if chips is not None:
        document["chips_final"] = list(chips)
    new = evaluate(game, document)
    game.chips_final = None if chips is None else list(chips)
    detail = "" if chips is None else " ".join(str(count) for count in chips)
    _commit(game, ["chips_final"], "chips_final", detail, user, key, before=before)
    if game.status == GameStatus.FINISHED:
        _rebuild_results(game, new)
    return replace(new, game=game, version=game.version)


@transaction.atomic
def reopen_game(
    game: Game, *, version: int, key: str, reason: str = "", user: Any = None
) -> GameState:
    """A finished game back to in progress (recorded in the log); an early end is undone."""
    game, state, done = _begin(game, version, key, None)
    if done:
        return state
    if game.status != GameStatus.FINISHED:
        raise GameClosed(_("Only a finished game can be reopened."))
    before = _snapshot(game)
    game.status = GameStatus.ONGOING
    game.forced_end, game.forced_end_reason = False, ""
    fields = ["status", "forced_end", "forced_end_reason"]
    _commit(game, fields, "reopened", reason, user, key, before=before)
    _rebuild_results(game, state)
    return game_state(game)


@transaction.atomic
def void_game(game: Game, *, reason: str, version: int, key: str, user: Any = None) -> GameState:
    """An admin's void (取消): the game is kept with its reason, out of every standing."""
    if not reason.strip():
        raise GameError(_("Say why the game is voided."))
    game, state, done = _begin(game, version, key, None)
    if done:
        return state
    if game.status == GameStatus.VOIDED:
        raise GameClosed(_("This game was voided already."))
    before = _snapshot(game)
    game.status, game.void_reason = GameStatus.VOIDED, reason.strip()
    _commit(game, ["status", "void_reason"], "voided", reason, user, key, before=before)
    _rebuild_results(game, state)
    return state


@transaction.atomic
def move_to_league(
    game: Game, league: League | None, *, version: int, key: str, user: Any = None
) -> GameState:
    """An admin's move of a game to another league (or to none), logged like every change.

    Moving changes no result of the game, only which standings count it.
    """
    _check_league(game.club, league)
    game, state, done = _begin(game, version, key, None)
    if done:
        return state
    was = game.league.name if game.league else None
    game.league = league
    now = league.name if league else None
    detail = f"{was or '-'} -> {now or '-'}"
    _commit(
        game,
        ["league"],
        "moved_league",
        detail,
        user,
        key,
        before={"league": was},
        after={"league": now},
    )
    return replace(state, game=game, version=game.version)


@dataclass(frozen=True)
class Rebuilt:
    """What ``rebuild_derived`` found different from what the inputs give (0 when healthy)."""

    hand_stats: int
    results: int


@transaction.atomic
def rebuild_derived(game: Game) -> Rebuilt:
    """Replay the game and replace its derived rows where they differ from what they should be.

    A game whose record the engine refuses (it cannot be saved that way, but a ruleset or an
    engine fix may make an old one unreadable) raises ``RecordError`` and keeps its rows.
    """
    _lock(game)
    state = game_state(game)
    stats = _differ(HandStat, game, expected_hand_stats(game, state), ("hand_number", "seat"))
    results = _differ(GameResult, game, game_results(game, state), ("seat",))
    if results:
        # The game's version is left as it was (nothing a player entered changed), so what is
        # cached from the results must learn of it another way.
        transaction.on_commit(_derived_rows_changed)
    return Rebuilt(stats, results)


# A number every cache of what the results add up to is keyed by (``derived_generation``): a
# result rebuilt by ``rebuild_derived`` moves it on. Every other change of a result comes with
# a change of its game's version, which such a cache is keyed by too.
DERIVED_GENERATION_KEY = "results:generation"


def derived_generation() -> int:
    """The generation now. A cache that lost it starts again at a random number, never at one
    that entries it kept may be keyed by."""
    return int(cache.get_or_set(DERIVED_GENERATION_KEY, _new_generation, timeout=None))


def _new_generation() -> int:
    return secrets.randbits(48)


def _derived_rows_changed() -> None:
    try:
        cache.incr(DERIVED_GENERATION_KEY)
    except ValueError:  # lost meanwhile
        cache.set(DERIVED_GENERATION_KEY, _new_generation(), timeout=None)


def _differ(model: Any, game: Game, expected: list[Any], key: tuple[str, ...]) -> int:
    """Replace ``game``'s rows of ``model`` with ``expected`` if they differ; how many rows
    differed (missing, extra or changed)."""
    fields = [f.attname for f in model._meta.concrete_fields if f.attname not in ("id",)]
    have = {tuple(getattr(row, k) for k in key): row for row in model.objects.filter(game=game)}
    want = {tuple(getattr(row, k) for k in key): row for row in expected}
    changed = sum(
        1
        for k in have.keys() | want.keys()
        if k not in have
        or k not in want
        or any(_same(getattr(have[k], f)) != _same(getattr(want[k], f)) for f in fields)
    )
    if changed:
        model.objects.filter(game=game).delete()
        model.objects.bulk_create(expected)
    return changed


def _same(value: Any) -> Any:
    """Values as compared: ``points`` is a Decimal when read and a string when built."""
    return str(value) if not isinstance(value, bool | int | type(None)) else value


# -- Tenhou import -------------------------------------------------------------------------

# The club ruleset made for imported games, by number of players (天鳳, 天鳳三麻).
TENHOU_RULESET_NAMES = {4: "天鳳", 3: "天鳳三麻"}


@dataclass(frozen=True)
class TenhouPreview:
    """The game a Tenhou log makes, before anything is saved: its record (under the club
    ruleset when one was chosen), the engine's replay and the rules it was played under."""

    document: Document
    replay: GameReplay
    rules: Rules
    version: RulesetVersion | None  # the chosen club ruleset's version; None: Tenhou's own

    @property
    def players(self) -> list[str]:
        return self.document["players"]


def preview_tenhou(log: str, ruleset: Ruleset | None = None) -> TenhouPreview:
    """Read a Tenhou log (either format, four or three players) and replay it; saves nothing.

    The replay under Tenhou's rules must give the log's own figures, hand by hand and at the
    end (``TenhouLogError`` naming the first hand that differs otherwise): a game is never
    imported with results Tenhou did not give.

    With ``ruleset`` the game is played under that club ruleset, which must give the log's own
    result (raises ``RecordError`` of the field ``ruleset`` otherwise); a log that cannot be
    read raises ``TenhouLogError``, a ``RecordError`` of the field ``log``.
    """
    facts = read_log(log)
    document = game_record(facts)
    record = read_record(document)
    replayed, version = replay(record), None
    final = replayed.final and (replayed.final.scores, replayed.final.points)
    difference = replay_difference(facts, [row.scores for row in replayed.hands], final)
    if difference is not None:
        raise difference
    if ruleset is not None:
        version = ruleset.current_version()
        if version is None or not _same_result(document, version.options, replayed):
            raise RecordError(
                _("The ruleset “%(name)s” gives this game another result than Tenhou's rules.")
                % {"name": ruleset.name},
                field="ruleset",
            )
        document = {**document, "ruleset": version.options}
        record = read_record(document)
        replayed = replay(record)
    return TenhouPreview(document, replayed, record.ruleset, version)


@transaction.atomic
def import_tenhou(
    club: Club,
    log: str,
    *,
    played_on: datetime.date,
    ruleset: Ruleset | None = None,
    table_label: str = "",
    user: Any = None,
    key: str | None = None,
    league: League | None = None,
) -> Game:
    """A Tenhou log (mjlog XML or tenhou.net/6 JSON) as a game of the club, finished if the
    log is complete.

    The ruleset is ``ruleset`` if given (its replay must give the log's own result), else a
    club ruleset with the very options of the log, created if the club has none.
    """
    if key and (found := Game.objects.filter(club=club, idempotency_key=key).first()):
        return found
    _check_league(club, league)
    preview = preview_tenhou(log, ruleset)
    version = preview.version or _tenhou_version(club, preview.document, _user(user))
    document = {**preview.document, "ruleset": version.options}
    game, created = _create_game(
        club,
        version,
        document["players"],
        played_on,
        table_label,
        user,
        key,
        "imported",
        "Tenhou",
        league=league,
    )
    if created:
        _store_hands(game, document["hands"], finish=True)
    return game


def _store_hands(game: Game, hands: list[dict[str, Any]], *, finish: bool) -> GameState:
    """A new game's hands, replayed (raises ``RecordError``), then finished if they end it."""
    Hand.objects.bulk_create(
        Hand(game=game, number=number, data=hand) for number, hand in enumerate(hands, 1)
    )
    state = game_state(games().get(pk=game.pk))
    if finish and state.replay.final is not None:
        game.status = state.game.status = GameStatus.FINISHED
        game.save(update_fields=["status"])
    # The game as read with its seats and their players: the derived rows need them, and the
    # new ``game`` has none loaded (two queries a seat: 3,000 for the demo club's season).
    _rebuild_hand_stats(state.game, state)
    _rebuild_results(state.game, state)
    return state


@transaction.atomic
def import_record(
    club: Club,
    document: Document,
    *,
    ruleset_version: RulesetVersion,
    played_on: datetime.date,
    table_label: str = "",
    league: League | None = None,
    finish: bool = True,
    user: Any = None,
) -> Game:
    """A whole game given as its hands (a paper score sheet typed in afterwards, the demo).

    The record is played under ``ruleset_version`` whatever its own ``ruleset`` says; a record
    the engine refuses raises ``RecordError`` from the replay of what was stored, and the
    transaction stores nothing. With ``finish`` a game whose
    hands end it is stored finished, as if its settlement had been confirmed.
    """
    _check_league(club, league)
    names = [name.strip() for name in document["players"]]
    hands = list(document["hands"])
    game, _created = _create_game(
        club, ruleset_version, names, played_on, table_label, user, None, "imported", league=league
    )
    _store_hands(game, hands, finish=finish)
    return game


def _tenhou_version(club: Club, document: Document, user: Any) -> RulesetVersion:
    """The club ruleset with the very options of the log, made if the club has none."""
    options = resolve_options(document["ruleset"])
    for candidate in Ruleset.objects.filter(club=club):
        version = candidate.current_version()
        if version is not None and version.options == options:
            return version
    return _new_ruleset(club, options, document["ruleset"]["preset"], user)


def _same_result(document: Document, options: dict[str, Any], own: GameReplay) -> bool:
    try:
        other = replay_document({**document, "ruleset": options})
    except RecordError:  # e.g. an abortive draw the club's rules do not have
        return False
    return _result(other) == _result(own)


def _result(replayed: GameReplay) -> tuple[Any, ...]:
    final = replayed.final
    return (
        tuple(row.scores for row in replayed.hands),
        None if final is None else (final.scores, final.points),
    )


def _new_ruleset(club: Club, options: dict[str, Any], preset: str, user: Any) -> RulesetVersion:
    base = TENHOU_RULESET_NAMES[options["players"]]
    taken = set(Ruleset.objects.filter(club=club).values_list("name", flat=True))
    name, count = base, 1
    while name in taken:
        count += 1
        name = f"{base} {count}"
    ruleset = Ruleset.objects.create(club=club, name=name, preset=preset)
    return RulesetVersion.objects.create(
        ruleset=ruleset, number=1, options=options, note="Tenhou import", created_by=user
    )

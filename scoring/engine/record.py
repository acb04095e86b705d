"""Reading a ``tenbou-game/1`` record (``spec/game-record.md``) into typed, checked objects.

This checks the shape of the record: known fields only, the right types, seats in range,
nobody listed twice. What depends on the state of the table (scores, honba, who is dealer,
whether the game has ended) is checked while replaying (``game.py``).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .checks import is_int, is_number
from .errors import RecordError
from .options import ABORTIVE_KINDS
from .rules import Ruleset, ruleset_from_spec

FORMAT: Final = "tenbou-game/1"

# The largest numbers a record takes: what a real game reaches, with room to spare (a table holds
# 4 x 25,000-100,000 points; a hand moves a few yakuman at most). Past them a number is a slip of
# the finger or an attack, refused with its field (``too_large``), so that nothing absurd is
# saved and every column holds whatever the bounds allow.
MAX_HANDS: Final = 500  # hands in a game (a long extension plays 30)
MAX_EVENTS: Final = 20  # events in one hand (deposits, payments, dead hands)
# points of one deposit, of a payment to each receiver, final_deposits
MAX_POINTS: Final = 1_000_000
MAX_SCORE: Final = 10_000_000  # a score, after any hand or in final_scores, either way
# the same under 青天井 (aotenjou: no limit but its cap on the base)
MAX_AOTENJOU_SCORE: Final = 10**16
MAX_HAN: Final = 200  # han of a win (kazoe and dora counted: never near)
MAX_FU: Final = 200  # fu (110 is the most a hand can have)
MAX_FAN: Final = 1_000  # 番 of a classical Chinese win
MAX_DORA: Final = 100  # dora of a win (statistics), and its ura-dora and red fives (chips)
MAX_CHIP_COUNT: Final = 100_000  # chips_final: one seat's net chips, either way
MAX_YAKUMAN: Final = 13  # yakuman multiples of one win
MAX_PENALTY: Final = 1_000.0  # a settlement penalty, in settled points either way
# A record's hands are built with tuple.__new__, every field given in order: a NamedTuple's
# own __new__ is a Python call, and reading a hand builds three or four of them.
_new: Final = tuple.__new__


class Win(NamedTuple):
    """One winner and the value of the hand. Exactly one of han, yakuman or fan is set."""

    winner: int
    han: int | None = None
    fu: int | None = None
    yakuman: float | None = None
    fan: int | None = None
    pao: int | None = None
    pao_yakuman: float | None = None
    # Statistics only, kept as given (None: not given).
    dora: int | None = None
    yaku: list[str] | None = None
    open: bool | None = None
    # For chips (祝儀), kept as given (None: not given): they never change the win's value.
    ippatsu: bool | None = None
    ura: int | None = None
    aka: int | None = None


class Ron(NamedTuple):
    discarder: int
    wins: tuple[Win, ...]


class Tsumo(NamedTuple):
    win: Win


class Draw(NamedTuple):
    tenpai: tuple[int, ...]


class Nagashi(NamedTuple):
    winners: tuple[int, ...]
    tenpai: tuple[int, ...]


class Abortive(NamedTuple):
    kind: str


class Chombo(NamedTuple):
    seat: int


Result = Ron | Tsumo | Draw | Nagashi | Abortive | Chombo


class DeadHand(NamedTuple):
    seat: int


class Deposit(NamedTuple):
    seat: int
    amount: int


class Payment(NamedTuple):
    payer: int
    receivers: tuple[int, ...]
    amount: int
    reason: str


Event = DeadHand | Deposit | Payment


class Hand(NamedTuple):
    result: Result
    riichi: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()
    wareme: int | None = None
    stop: bool = False


# The classes the hot paths build and test, as constants: the compiled build reads a
# NamedTuple class (a Python class) from the module's globals by name wherever it is named, a
# Final from a C static.
WIN_TYPE: Final = Win
RON_TYPE: Final = Ron
TSUMO_TYPE: Final = Tsumo
DRAW_TYPE: Final = Draw
HAND_TYPE: Final = Hand


class Penalty(NamedTuple):
    seat: int
    points: float
    reason: str


# GameRecord's fields, in the order its __init__ takes them.
RECORD_FIELDS: Final = (
    *("ruleset", "ruleset_spec", "players", "hands", "final_scores", "final_deposits"),
    *("forced_end", "settlement_penalties", "chips_final"),
)


class GameRecord:
    """A record as read: never changed once made (nothing assigns to it after ``__init__``).

    A plain class, not a frozen dataclass: the compiled engine builds its ``__init__``
    natively, where a frozen dataclass's is Python made at import, setting each field through
    ``object.__setattr__`` (4% of a replay from the document: one record a game).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        ruleset_spec: dict[str, Any],
        players: tuple[str, ...],
        hands: tuple[Hand, ...],
        final_scores: tuple[int, ...] | None = None,
        final_deposits: int = 0,
        forced_end: str | None = None,
        settlement_penalties: tuple[Penalty, ...] = (),
        chips_final: tuple[int, ...] | None = None,  # each seat's net chips, counted at the end
    ) -> None:
        self.ruleset = ruleset
        self.ruleset_spec = ruleset_spec
        self.players = players
        self.hands = hands
        self.final_scores = final_scores
        self.final_deposits = final_deposits
        self.forced_end = forced_end
        self.settlement_penalties = settlement_penalties
        self.chips_final = chips_final

    def fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in RECORD_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameRecord) and self.fields() == other.fields()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in RECORD_FIELDS)
        return f"GameRecord({shown})"

    def replace(self, **changes: Any) -> GameRecord:
        """The same record with ``changes`` (field=value), as ``dataclasses.replace`` gave."""
        values = {name: getattr(self, name) for name in RECORD_FIELDS}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"GameRecord has no field {sorted(unknown)[0]}")
        return GameRecord(**{**values, **changes})


TOP_FIELDS: Final = frozenset(
    {
        "format",
        "ruleset",
        "players",
        "hands",
        "final_scores",
        "final_deposits",
        "forced_end",
        "settlement_penalties",
        "chips_final",
    }
)
# What may come after the hands (each has a default: most records give none of them).
END_FIELDS: Final = frozenset(
    {"final_scores", "final_deposits", "forced_end", "settlement_penalties", "chips_final"}
)
HAND_FIELDS: Final = frozenset({"riichi", "result", "events", "wareme", "stop"})
RARE_HAND_FIELDS: Final = frozenset({"events", "wareme", "stop"})
VALUE_FIELDS: Final = frozenset({"han", "fu", "yakuman", "fan"})
VALUE_KINDS: Final = frozenset({"han", "yakuman", "fan"})  # one of them, or han with yakuman
CHIP_FIELDS: Final = frozenset({"ippatsu", "ura", "aka"})
WIN_FIELDS: Final = (
    VALUE_FIELDS | CHIP_FIELDS | {"winner", "pao", "pao_yakuman", "dora", "yaku", "open"}
)
RESULT_FIELDS: Final[dict[str, frozenset[str]]] = {
    "ron": frozenset({"type", "from", "wins"}),
    "tsumo": frozenset({"type"} | WIN_FIELDS),
    "draw": frozenset({"type", "tenpai"}),
    "nagashi": frozenset({"type", "winners", "tenpai"}),
    "abortive": frozenset({"type", "kind"}),
    "chombo": frozenset({"type", "seat"}),
}
# Fields a win may carry besides its value: statistics, and chips (checked alike).
STATISTICS: Final = frozenset({"dora", "yaku", "open"}) | CHIP_FIELDS
RARE_WIN_FIELDS: Final = frozenset({"fan", "yakuman", "pao", "pao_yakuman"})
# A log's win: dora and open its only statistics ("type": a tsumo's).
DORA_AND_OPEN: Final = frozenset({"winner", "han", "fu", "dora", "open", "type"})
# A win's fields after its value when it gives none of them (pao to aka).
NOTHING_BESIDES: Final = (None,) * 10
WIN_PATHS: Final = tuple(f"result.wins[{i}]" for i in range(4))
EVENT_FIELDS: Final[dict[str, frozenset[str]]] = {
    "dead_hand": frozenset({"type", "seat"}),
    "deposit": frozenset({"type", "seat", "amount"}),
    "payment": frozenset({"type", "from", "to", "amount", "reason"}),
}


def _log_shaped_win(winner: int, han: int, fu: int | None, dora: int, opened: bool) -> Win:
    """A win whose only statistics are dora and open (a log's), every field given in order."""
    fields = (winner, han, fu, None, None, None, None, dora, None, opened, None, None, None)
    return _new(WIN_TYPE, fields)  # type: ignore[no-any-return]


class _Reader:
    """Reads one record; ``hand`` (the hand being read) is named in every error.

    A field's path (``result.wins[0].fu``) is spelled out only when an error names it: most
    values are fine, and a record has a few hundred of them.
    """

    __slots__ = ("players", "hand")

    def __init__(self, players: int) -> None:
        self.players = players
        self.hand: int | None = None

    def error(self, message: str, field: str, code: str, **params: object) -> RecordError:
        """An error in the hand being read; ``params`` get the ``path`` of ``field``."""
        params = {"path": field, **params}
        return RecordError(message, hand=self.hand, field=field, code=code, params=params)

    def fields(self, data: Any, allowed: frozenset[str], path: str) -> dict[str, Any]:
        """``data`` if it is an object with only ``allowed`` fields (the callers check the
        usual case, a dict of allowed fields, before they call)."""
        if not isinstance(data, dict):
            raise self.error(f"{path} must be an object", path, "not_object")
        if allowed.issuperset(data):
            return data
        for key in data:
            if key not in allowed:
                hint = " (a typo must not silently change a result)"
                name = f"{path}.{key}" if path != "hand" else key
                raise self.error(f"unknown field '{name}'{hint}", name, "unknown_field", name=key)
        return data

    def seat(self, value: Any, path: str) -> int:
        if type(value) is int and 0 <= value < self.players:
            return value
        if not is_int(value):
            message = f"{path} must be a seat number (0 to {self.players - 1})"
            raise self.error(message, path, "not_seat", last=self.players - 1)
        if not 0 <= value < self.players:
            message = f"{path}: seat {value} is out of range (0 to {self.players - 1})"
            raise self.error(message, path, "seat_out_of_range", got=value, last=self.players - 1)
        return int(value)

    def seat_at(self, data: dict[str, Any], key: str, path: str) -> int:
        """``data[key]``, which must be there, as a seat (``path`` is where ``data`` is)."""
        value = data.get(key)
        if type(value) is int and 0 <= value < self.players:
            return value
        return self.seat(self.require(data, key, path), f"{path}.{key}")

    def seats(self, value: Any, path: str) -> tuple[int, ...]:
        if value == []:
            return ()
        if not isinstance(value, list):
            raise self.error(f"{path} must be a list of seats", path, "not_seat_list")
        players = self.players
        seats = tuple(value)
        for seat in seats:
            if type(seat) is not int or not 0 <= seat < players:
                seats = tuple(self.seat(v, f"{path}[{i}]") for i, v in enumerate(value))
                break
        if len(seats) > 1 and len(set(seats)) != len(seats):
            raise self.error(f"{path} lists a seat twice", path, "seat_twice")
        return seats

    def whole(self, value: Any, path: str, low: int = 0, high: int = MAX_POINTS) -> int:
        if type(value) is int and low <= value <= high:
            return value
        if not is_int(value) or value < low:
            message = f"{path} must be a whole number of at least {low}"
            raise self.error(message, path, "too_small", low=low)
        if value > high:
            message = f"{path}: {value} is more than a game reaches (at most {high})"
            raise self.error(message, path, "too_large", high=high)
        return int(value)

    def whole_at(self, data: dict[str, Any], key: str, path: str, high: int) -> int | None:
        """``data[key]`` as a whole number (0 to ``high``); None when it is not there."""
        value = data.get(key)
        if type(value) is int and 0 <= value <= high:
            return value
        if key not in data:
            return None
        return self.whole(value, f"{path}.{key}", 0, high)

    def logged_win(self, data: dict[str, Any], size: int) -> Win | None:
        """The win of a log, exactly its ``size`` fields (winner, han, fu, dora and open, and
        the result's type at a tsumo, which the caller has read) with the usual values; None
        otherwise, for ``win`` to read and name what is wrong. Five look-ups: ``size`` keys of
        which these five hold values of their types are exactly these keys (a missing one
        reads None, which no check lets through)."""
        if len(data) != size:
            return None
        winner, han, fu = data.get("winner"), data.get("han"), data.get("fu")
        dora, opened = data.get("dora"), data.get("open")
        if (
            type(winner) is int
            and 0 <= winner < self.players
            and type(han) is int
            and 0 <= han <= MAX_HAN
            and type(fu) is int
            and 0 <= fu <= MAX_FU
            and type(dora) is int
            and 0 <= dora <= MAX_DORA
            and type(opened) is bool
        ):
            return _log_shaped_win(winner, han, fu, dora, opened)
        return None

    def win(self, data: dict[str, Any], path: str, winner: int) -> Win:
        """The win of ``winner`` (``data`` has only allowed fields)."""
        if "han" not in data or not RARE_WIN_FIELDS.isdisjoint(data):
            return self.rare_win(data, path, winner)
        # Most wins: han (and fu), with statistics perhaps.
        han, fu = data["han"], data.get("fu")
        if type(han) is not int or not 0 <= han <= MAX_HAN:
            han = self.whole(han, f"{path}.han", 0, MAX_HAN)
        if type(fu) is not int or not 0 <= fu <= MAX_FU:  # not the usual: absent, or refused
            fu = self.whole_at(data, "fu", path, MAX_FU)
        if STATISTICS.isdisjoint(data):  # most wins: no statistics, no chips
            return _new(WIN_TYPE, (winner, han, fu, *NOTHING_BESIDES))
        dora, opened = data.get("dora"), data.get("open")
        if (
            type(dora) is int  # the usual statistics (a log's): dora and open, nothing else
            and 0 <= dora <= MAX_DORA
            and type(opened) is bool
            and DORA_AND_OPEN.issuperset(data)
        ):
            return _log_shaped_win(winner, han, fu, dora, opened)
        self.check_statistics(data, path)
        extra = (data.get("dora"), data.get("yaku"), data.get("open"))
        chips = (data.get("ippatsu"), data.get("ura"), data.get("aka"))
        return _new(WIN_TYPE, (winner, han, fu, None, None, None, None, *extra, *chips))

    def rare_win(self, data: dict[str, Any], path: str, winner: int) -> Win:
        """A win by yakuman or fan, with pao, or with no value at all (refused)."""
        given = VALUE_KINDS.intersection(data)
        if len(given) != 1 and given != {"han", "yakuman"}:
            raise self.value_error(data, path)
        han = self.whole_at(data, "han", path, MAX_HAN)
        fu = self.whole_at(data, "fu", path, MAX_FU)
        fan = self.whole_at(data, "fan", path, MAX_FAN)
        yakuman = self.multiple(data["yakuman"], path + ".yakuman") if "yakuman" in data else None
        pao = self.seat(data["pao"], path + ".pao") if "pao" in data else None
        pao_yakuman = None
        if "pao_yakuman" in data:
            if pao is None:
                raise self.error(
                    f"{path}.pao_yakuman needs pao", f"{path}.pao_yakuman", "pao_yakuman_needs_pao"
                )
            pao_yakuman = self.multiple(data["pao_yakuman"], f"{path}.pao_yakuman")
        if not STATISTICS.isdisjoint(data):
            self.check_statistics(data, path)
        dora, yaku, opened = data.get("dora"), data.get("yaku"), data.get("open")
        ippatsu, ura, aka = data.get("ippatsu"), data.get("ura"), data.get("aka")
        return Win(
            winner, han, fu, yakuman, fan, pao, pao_yakuman, dora, yaku, opened, ippatsu, ura, aka
        )

    def value_error(self, data: dict[str, Any], path: str) -> RecordError:
        """A win that gives no value, or two that do not go together."""
        given = [key for key in ("han", "yakuman", "fan") if key in data]
        if not given:
            message = f"{path} needs a value: han (and fu), yakuman or fan"
            return self.error(message, path, "value_missing")
        return self.error(
            f"{path} gives both {given[0]} and {given[1]}",
            path,
            "value_twice",
            first=given[0],
            second=given[1],
        )

    def multiple(self, value: Any, path: str) -> float:
        if not is_number(value) or value <= 0 or value * 2 != int(value * 2):
            raise self.error(f"{path} must be a positive multiple of 0.5", path, "half_steps")
        if value > MAX_YAKUMAN:
            message = f"{path}: {value} is more than a game reaches (at most {MAX_YAKUMAN})"
            raise self.error(message, path, "too_large", high=MAX_YAKUMAN)
        return float(value)

    def check_statistics(self, data: dict[str, Any], path: str) -> None:
        """The win's dora, yaku and open (statistics) and its ippatsu, ura and aka (chips): of
        the right kind when given, whether or not the ruleset has chips."""
        for key in ("dora", "ura", "aka"):
            value = data.get(key)
            if type(value) is not int or not 0 <= value <= MAX_DORA:  # absent, or refused
                self.whole_at(data, key, path, MAX_DORA)
        for key in ("open", "ippatsu"):
            if key in data and not isinstance(data[key], bool):
                message = f"{path}.{key} must be true or false"
                raise self.error(message, f"{path}.{key}", "not_boolean")
        if "yaku" in data and not (
            isinstance(data["yaku"], list) and all(isinstance(y, str) for y in data["yaku"])
        ):
            raise self.error(f"{path}.yaku must be a list of names", f"{path}.yaku", "not_names")

    def result(self, data: Any) -> Result:
        kind = data.get("type") if isinstance(data, dict) else None
        # The usual results with exactly their fields, called directly (no set operation over
        # the fields, no look-up of the reader): a ron, a tsumo in a log's shape, a draw.
        if kind == "ron":
            if len(data) == 3:  # from and wins, read once (absent: None, and the general path)
                discarder, wins = data.get("from"), data.get("wins")
                if discarder is not None and wins is not None:
                    return self.read_ron(data, discarder, wins)
        elif kind == "tsumo":
            logged = self.logged_win(data, 6)
            if logged is not None:
                return _new(TSUMO_TYPE, (logged,))
        elif kind == "draw" and len(data) == 2 and "tenpai" in data:
            return self.result_draw(data)
        if not isinstance(kind, str) or kind not in RESULT_FIELDS:  # a list is no type either
            known = ", ".join(RESULT_FIELDS)
            raise self.error(
                f"result.type must be one of {known} (got {kind!r})",
                "result.type",
                "not_one_of",
                choices=list(READERS),
                got=kind,
            )
        if type(data) is not dict or not RESULT_FIELDS[kind].issuperset(data):
            data = self.fields(data, RESULT_FIELDS[kind], "result")
        return READERS[kind](self, data)

    def require(self, data: dict[str, Any], key: str, path: str) -> Any:
        if key not in data:
            raise self.error(f"{path} needs '{key}'", f"{path}.{key}", "missing_field", name=key)
        return data[key]

    def result_ron(self, data: dict[str, Any]) -> Ron:
        return self.read_ron(data, data.get("from"), data.get("wins"))

    def read_ron(self, data: dict[str, Any], discarder: Any, wins_data: Any) -> Ron:
        """A ron whose ``from`` and ``wins`` the caller has read from ``data``."""
        if type(discarder) is not int or not 0 <= discarder < self.players:  # not the usual seat
            discarder = self.seat_at(data, "from", "result")
        if not isinstance(wins_data, list) or not wins_data:
            self.require(data, "wins", "result")
            raise self.error("result.wins must be a non-empty list", "result.wins", "no_winner")
        wins = []
        for i, item in enumerate(wins_data):
            path = WIN_PATHS[i] if i < len(WIN_PATHS) else f"result.wins[{i}]"
            logged = self.logged_win(item, 5) if type(item) is dict else None
            if logged is not None:
                if logged.winner == discarder:
                    raise self.own_discard(logged.winner, path)
                wins.append(logged)
                continue
            if type(item) is not dict or not WIN_FIELDS.issuperset(item):
                item = self.fields(item, WIN_FIELDS, path)
            winner = item.get("winner")
            if type(winner) is not int or not 0 <= winner < self.players:
                winner = self.seat_at(item, "winner", path)
            if winner == discarder:
                raise self.own_discard(winner, path)
            wins.append(self.win(item, path, winner))
        if len(wins) > 1 and len({w.winner for w in wins}) != len(wins):
            raise self.error("result.wins lists a winner twice", "result.wins", "seat_twice")
        return _new(RON_TYPE, (discarder, tuple(wins)))

    def own_discard(self, winner: int, path: str) -> RecordError:
        return self.error(
            f"seat {winner} cannot win on their own discard",
            f"{path}.winner",
            "own_discard",
            seat=winner,
        )

    def result_tsumo(self, data: dict[str, Any]) -> Tsumo:
        winner = data.get("winner")
        if type(winner) is not int or not 0 <= winner < self.players:  # not the usual seat
            winner = self.seat_at(data, "winner", "result")
        return _new(TSUMO_TYPE, (self.win(data, "result", winner),))

    def result_draw(self, data: dict[str, Any]) -> Draw:
        return _new(DRAW_TYPE, (self.seats(data.get("tenpai", []), "result.tenpai"),))

    def result_nagashi(self, data: dict[str, Any]) -> Nagashi:
        winners = self.seats(self.require(data, "winners", "result"), "result.winners")
        if not winners:
            raise self.error(
                "result.winners must name at least one seat", "result.winners", "no_winner"
            )
        return Nagashi(winners, self.seats(data.get("tenpai", []), "result.tenpai"))

    def result_abortive(self, data: dict[str, Any]) -> Abortive:
        kind = self.require(data, "kind", "result")
        if kind not in ABORTIVE_KINDS:
            known = ", ".join(ABORTIVE_KINDS)
            raise self.error(
                f"result.kind must be one of {known} (got {kind!r})",
                "result.kind",
                "not_one_of",
                choices=list(ABORTIVE_KINDS),
                got=kind,
            )
        return Abortive(kind)

    def result_chombo(self, data: dict[str, Any]) -> Chombo:
        return Chombo(self.seat_at(data, "seat", "result"))

    def event(self, data: Any, path: str) -> Event:
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in EVENT_FIELDS:  # a list is no type either
            known = ", ".join(EVENT_FIELDS)
            raise self.error(
                f"{path}.type must be one of {known} (got {kind!r})",
                f"{path}.type",
                "not_one_of",
                choices=list(EVENT_FIELDS),
                got=kind,
            )
        data = self.fields(data, EVENT_FIELDS[kind], path)
        if kind == "dead_hand":
            return DeadHand(self.seat_at(data, "seat", path))
        if kind == "deposit":
            seat = self.seat_at(data, "seat", path)
            return Deposit(seat, self.whole(data.get("amount", 1000), f"{path}.amount", 1))
        payer = self.seat_at(data, "from", path)
        receivers = self.seats(self.require(data, "to", path), f"{path}.to")
        if not receivers or payer in receivers:
            raise self.error(
                f"{path}.to must name other seats than the payer",
                f"{path}.to",
                "payment_to_payer",
                seat=payer,
            )
        amount = self.whole(self.require(data, "amount", path), f"{path}.amount", 1)
        reason = data.get("reason", "")
        if not isinstance(reason, str):
            raise self.error(f"{path}.reason must be text", f"{path}.reason", "not_text")
        return Payment(payer, receivers, amount, reason)

    def read_hand(self, data: Any) -> Hand:
        events: tuple[Event, ...] = ()
        wareme, stop = None, False
        # The usual hand, a log's, is its riichi and its result: no other field to check (two
        # fields, and these two hold something), each read once.
        riichi_data = result_data = None
        if type(data) is dict and len(data) == 2:
            riichi_data, result_data = data.get("riichi"), data.get("result")
        usual = riichi_data is not None and result_data is not None
        if not usual:
            if type(data) is not dict or not HAND_FIELDS.issuperset(data):
                data = self.fields(data, HAND_FIELDS, "hand")
            if "result" not in data:
                raise self.error(
                    "the hand needs a result", "result", "missing_field", name="result"
                )
            riichi_data, result_data = data.get("riichi", []), data["result"]
        riichi = () if riichi_data == [] else self.seats(riichi_data, "riichi")
        if not usual and not RARE_HAND_FIELDS.isdisjoint(data):
            events, wareme, stop = self.rare_hand_fields(data)
        return _new(HAND_TYPE, (self.result(result_data), riichi, events, wareme, stop))

    def rare_hand_fields(self, data: dict[str, Any]) -> tuple[tuple[Event, ...], int | None, bool]:
        """The hand's events, wareme and stop (most hands have none of them)."""
        events: tuple[Event, ...] = ()
        if "events" in data:
            events_data = data["events"]
            if not isinstance(events_data, list):
                raise self.error("events must be a list", "events", "not_list")
            if len(events_data) > MAX_EVENTS:
                message = f"events: {len(events_data)} in one hand, more than a game has"
                raise self.error(message, "events", "too_large", high=MAX_EVENTS)
            events = tuple(self.event(e, f"events[{i}]") for i, e in enumerate(events_data))
        wareme = self.seat(data["wareme"], "wareme") if data.get("wareme") is not None else None
        stop = data.get("stop", False)
        if not isinstance(stop, bool):
            raise self.error("stop must be true or false", "stop", "not_boolean")
        return events, wareme, stop


# Each kind of result and its reader (a module dict: found faster than a class's).
READERS: Final[dict[str, Any]] = {
    "ron": _Reader.result_ron,
    "tsumo": _Reader.result_tsumo,
    "draw": _Reader.result_draw,
    "nagashi": _Reader.result_nagashi,
    "abortive": _Reader.result_abortive,
    "chombo": _Reader.result_chombo,
}


def _top(message: str, field: str, code: str, **params: object) -> RecordError:
    """An error outside the hands; ``params`` get the ``path`` (the field)."""
    return RecordError(message, field=field, code=code, params={"path": field, **params})


def _players(value: Any, ruleset: Ruleset) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _top("players must be a list of names", "players", "not_names")
    for name in value:  # a loop, not all(...): no generator made a record, compiled
        if not isinstance(name, str) or not name.strip():
            raise _top("players must be a list of names", "players", "not_names")
    if len(value) != ruleset.players:
        raise _top(
            f"players: this ruleset is for {ruleset.players} players, the record names "
            f"{len(value)}",
            "players",
            "player_count",
            players=ruleset.players,
            count=len(value),
        )
    if len(set(value)) != len(value):
        raise _top("players: a name is listed twice", "players", "name_twice")
    return tuple(value)


def _final_scores(data: dict[str, Any], ruleset: Ruleset, hands: int) -> tuple[int, ...] | None:
    value = data.get("final_scores")
    if value is None:
        return None
    if hands:
        raise _top(
            "final_scores is for score-only entry: hands must be empty",
            "final_scores",
            "final_scores_with_hands",
        )
    if (
        not isinstance(value, list)
        or len(value) != ruleset.players
        or not all(is_int(v) for v in value)
    ):
        raise _top(
            f"final_scores must be {ruleset.players} whole numbers in seat order",
            "final_scores",
            "final_scores_shape",
            players=ruleset.players,
        )
    for i, score in enumerate(value):
        if abs(score) > MAX_SCORE:
            message = (
                f"final_scores[{i}]: {score} is more than a game reaches (at most {MAX_SCORE})"
            )
            raise _top(message, f"final_scores[{i}]", "too_large", high=MAX_SCORE)
    return tuple(value)


def score_bound(ruleset: Ruleset) -> int:
    """The most a score can be, either way, in a game under ``ruleset``."""
    return MAX_SCORE if ruleset.aotenjou is None else MAX_AOTENJOU_SCORE


def _final_deposits(data: dict[str, Any]) -> int:
    value = data.get("final_deposits", 0)
    if not is_int(value) or value < 0:
        raise _top(
            "final_deposits must be points (1000 a stick), not negative",
            "final_deposits",
            "too_small",
            low=0,
        )
    if value > MAX_POINTS:
        message = f"final_deposits: {value} is more than a game reaches (at most {MAX_POINTS})"
        raise _top(message, "final_deposits", "too_large", high=MAX_POINTS)
    if value and data.get("final_scores") is None:
        raise _top(
            "final_deposits goes with final_scores (score-only entry); a played game's hands "
            "say what is left on the table",
            "final_deposits",
            "final_deposits_without_scores",
        )
    return value


def _penalties(value: Any, players: int) -> tuple[Penalty, ...]:
    if value == []:  # as in most records
        return ()
    if not isinstance(value, list):
        raise _top("settlement_penalties must be a list", "settlement_penalties", "not_list")
    reader = _Reader(players)
    penalties = []
    for i, item in enumerate(value):
        path = f"settlement_penalties[{i}]"
        item = reader.fields(item, frozenset({"seat", "points", "reason"}), path)
        seat = reader.seat(reader.require(item, "seat", path), f"{path}.seat")
        points = reader.require(item, "points", path)
        if not is_number(points) or round(points * 10) != points * 10:
            raise _top(
                f"{path}.points must be a number with at most one decimal",
                f"{path}.points",
                "one_decimal",
            )
        if abs(points) > MAX_PENALTY:
            message = f"{path}.points: {points} is more than a game reaches ({MAX_PENALTY:g})"
            raise _top(message, f"{path}.points", "too_large", high=MAX_PENALTY)
        reason = item.get("reason", "")
        if not isinstance(reason, str):
            raise _top(f"{path}.reason must be text", f"{path}.reason", "not_text")
        penalties.append(Penalty(seat, float(points), reason))
    return tuple(penalties)


def _chips_final(value: Any, players: int) -> tuple[int, ...] | None:
    """Each seat's net chips counted at the end of the game (they add up to 0)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != players or not all(map(is_int, value)):
        message = f"chips_final must be {players} whole numbers in seat order"
        raise _top(message, "chips_final", "chips_final_shape", players=players)
    for i, chips in enumerate(value):
        if abs(chips) > MAX_CHIP_COUNT:
            message = f"chips_final[{i}]: {chips} is more than a game reaches ({MAX_CHIP_COUNT})"
            raise _top(message, f"chips_final[{i}]", "too_large", high=MAX_CHIP_COUNT)
    if sum(value) != 0:
        message = f"chips_final must add up to 0 (they add up to {sum(value)})"
        raise _top(message, "chips_final", "chips_final_sum", total=sum(value))
    return tuple(value)


def _forced_end(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"reason"}:
        raise _top('forced_end must be {"reason": "..."}', "forced_end", "not_object")
    reason = value.get("reason", "")
    if not isinstance(reason, str):
        raise _top("forced_end.reason must be text", "forced_end.reason", "not_text")
    return reason


def _own_ruleset(data: dict[str, Any]) -> Ruleset:
    if "ruleset" not in data:
        raise _top("the record needs a ruleset", "ruleset", "missing_field", name="ruleset")
    return ruleset_from_spec(data["ruleset"])


def read_record(data: Any, rules: Ruleset | None = None) -> GameRecord:
    """A ``tenbou-game/1`` document -> ``GameRecord``; raises ``RecordError``.

    With ``rules`` the record is read under that ruleset, and its own ``ruleset`` is not read
    at all (the record's ``ruleset_spec`` is then ``rules.options``): replaying many records
    under one ruleset, as what-if does, builds and checks that ruleset once, not per record.
    """
    if not isinstance(data, dict):
        raise RecordError(
            "the record must be a JSON object", code="not_object", params={"path": ""}
        )
    if not TOP_FIELDS.issuperset(data):
        unknown = [key for key in data if key not in TOP_FIELDS]
        raise _top(f"unknown field '{unknown[0]}'", unknown[0], "unknown_field", name=unknown[0])
    if data.get("format") != FORMAT:
        got = data.get("format")
        raise _top(
            f'format must be "{FORMAT}" (got {got!r})',
            "format",
            "not_one_of",
            choices=[FORMAT],
            got=got,
        )
    if rules is None:
        ruleset, spec = _own_ruleset(data), data["ruleset"]
    else:
        ruleset, spec = rules, rules.options
    players = _players(data.get("players"), ruleset)
    hands_data = data.get("hands", [])
    if not isinstance(hands_data, list):
        raise _top("hands must be a list", "hands", "not_list")
    if len(hands_data) > MAX_HANDS:
        message = f"hands: {len(hands_data)}, more than a game has (at most {MAX_HANDS})"
        raise _top(message, "hands", "too_large", high=MAX_HANDS)
    reader = _Reader(ruleset.players)
    hands = []
    for number, hand_data in enumerate(hands_data, 1):
        reader.hand = number
        hands.append(reader.read_hand(hand_data))
    if END_FIELDS.isdisjoint(data):  # most records: the hands, and nothing after them
        return GameRecord(ruleset, spec, players, tuple(hands))
    return GameRecord(
        ruleset=ruleset,
        ruleset_spec=spec,
        players=players,
        hands=tuple(hands),
        final_scores=_final_scores(data, ruleset, len(hands)),
        final_deposits=_final_deposits(data),
        forced_end=_forced_end(data.get("forced_end")),
        settlement_penalties=_penalties(data.get("settlement_penalties", []), ruleset.players),
        chips_final=_chips_final(data.get("chips_final"), ruleset.players),
    )


WIN_JSON_KEYS: Final = (
    *("han", "fu", "yakuman", "fan", "pao", "pao_yakuman", "dora", "yaku", "open"),
    *("ippatsu", "ura", "aka"),
)


def _win_json(win: Win, with_winner: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"winner": win.winner} if with_winner else {}
    for key in WIN_JSON_KEYS:
        value = getattr(win, key)
        if value is not None:
            data[key] = (
                int(value) if key in ("yakuman", "pao_yakuman") and value == int(value) else value
            )
    return data


def _result_json(result: Result) -> dict[str, Any]:
    if isinstance(result, Ron):
        return {
            "type": "ron",
            "from": result.discarder,
            "wins": [_win_json(win) for win in result.wins],
        }
    if isinstance(result, Tsumo):
        return {"type": "tsumo", **_win_json(result.win)}
    if isinstance(result, Draw):
        return {"type": "draw", "tenpai": list(result.tenpai)}
    if isinstance(result, Nagashi):
        return {"type": "nagashi", "winners": list(result.winners), "tenpai": list(result.tenpai)}
    if isinstance(result, Abortive):
        return {"type": "abortive", "kind": result.kind}
    return {"type": "chombo", "seat": result.seat}


def _event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, DeadHand):
        return {"type": "dead_hand", "seat": event.seat}
    if isinstance(event, Deposit):
        return {"type": "deposit", "seat": event.seat, "amount": event.amount}
    return {
        "type": "payment",
        "from": event.payer,
        "to": list(event.receivers),
        "amount": event.amount,
        "reason": event.reason,
    }


def hand_json(hand: Hand) -> dict[str, Any]:
    """One hand as a ``tenbou-game/1`` hand object (defaults left out)."""
    data: dict[str, Any] = {"riichi": list(hand.riichi), "result": _result_json(hand.result)}
    if hand.events:
        data["events"] = [_event_json(event) for event in hand.events]
    if hand.wareme is not None:
        data["wareme"] = hand.wareme
    if hand.stop:
        data["stop"] = True
    return data


def write_record(record: GameRecord) -> dict[str, Any]:
    """The record as a ``tenbou-game/1`` document, with the full ruleset frozen into it."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": record.ruleset.options,
        "players": list(record.players),
        "hands": [hand_json(hand) for hand in record.hands],
        "final_scores": None if record.final_scores is None else list(record.final_scores),
        "settlement_penalties": [
            {"seat": p.seat, "points": p.points, "reason": p.reason}
            for p in record.settlement_penalties
        ],
    }
    if record.final_deposits:
        data["final_deposits"] = record.final_deposits
    if record.forced_end is not None:
        data["forced_end"] = {"reason": record.forced_end}
    if record.chips_final is not None:
        data["chips_final"] = list(record.chips_final)
    return data

"""A game's history (変更履歴) in words: each change as a sentence in the reader's language, with
only what it changed, before -> after, in the game's own words (東3局1本場, 3翻30符 -> 4翻30符).

The log stores an action type and the data it changed (``GameLog``); one function per action
type turns an entry into a ``Change``, so no page ever prints a stored dict or a field name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from clubs.log_words import Difference
from scoring.display import (
    ABORTIVE_NAMES,
    ENDED_BY,
    event_text,
    hand_name,
    hand_summary,
    result_text,
    value_text,
)
from scoring.engine import Ruleset
from scoring.models import GameLog

# How the services name a hand in ``GameLog.detail``: "hand 5 (E3-1)".
HAND_DETAIL = re.compile(r"hand (\d+) \(([ESWN]\d+)-(\d+)\)")


@dataclass(frozen=True)
class Change:
    entry: GameLog
    sentence: str
    summary: str = ""  # a recorded or deleted hand, in the words of the hand list
    differences: list[Difference] = field(default_factory=list)


@dataclass(frozen=True)
class Words:
    """What the sentences need to know of the game: its players and its rules."""

    names: Sequence[str]
    rules: Ruleset


def game_history(entries: Sequence[GameLog], names: Sequence[str], rules: Ruleset) -> list[Change]:
    """Newest first: each change in words."""
    words = Words(names, rules)
    ordered = sorted(entries, key=lambda entry: (entry.at, entry.pk), reverse=True)
    return [change_of(entry, words) for entry in ordered]


def change_of(entry: GameLog, words: Words) -> Change:
    describe = ACTIONS.get(entry.action, _changed)
    try:
        return describe(entry, words)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _changed(entry, words)  # an entry older than its words: still a sentence


def hand_of(entry: GameLog) -> str:
    """The hand an entry is about, as clubs name it (東3局1本場), from its detail."""
    found = HAND_DETAIL.fullmatch(entry.detail)
    if not found:
        return _("a hand")
    return hand_name(found.group(2), int(found.group(3)))


# -- one function per action -------------------------------------------------------------------


def _started(entry: GameLog, words: Words) -> Change:
    return Change(entry, _("Started the game."))


def _imported(entry: GameLog, words: Words) -> Change:
    if entry.detail == "Tenhou":
        return Change(entry, _("Imported the game from a Tenhou log."))
    return Change(entry, _("Imported the game from a record."))


def _recorded(entry: GameLog, words: Words) -> Change:
    summary = hand_summary(entry.after["hand"], words.names, words.rules)
    return Change(entry, _("Recorded %(hand)s.") % {"hand": hand_of(entry)}, summary)


def _fixed(entry: GameLog, words: Words) -> Change:
    differences = hand_differences(entry.before["hand"], entry.after["hand"], words)
    return Change(entry, _("Fixed %(hand)s.") % {"hand": hand_of(entry)}, "", differences)


def _deleted(entry: GameLog, words: Words) -> Change:
    summary = hand_summary(entry.before["hand"], words.names, words.rules)
    return Change(entry, _("Deleted %(hand)s.") % {"hand": hand_of(entry)}, summary)


def _finished(entry: GameLog, words: Words) -> Change:
    why = ENDED_BY.get(entry.detail)
    if why is None:
        return Change(entry, _("Confirmed the settlement."))
    return Change(entry, _("Confirmed the settlement: %(why)s.") % {"why": why})


def _ended_early(entry: GameLog, words: Words) -> Change:
    return Change(entry, _("Ended the game early (reason: %(reason)s).") % _reason(entry))


def _final_scores(entry: GameLog, words: Words) -> Change:
    scores = (entry.after or {}).get("final_scores") or []
    summary = ", ".join(
        f"{name} {score:,}" for name, score in zip(words.names, scores, strict=False)
    )
    return Change(entry, _("Entered the final scores (素点入力)."), summary)


def _chips_final(entry: GameLog, words: Words) -> Change:
    chips = (entry.after or {}).get("chips_final")
    if chips is None:
        return Change(entry, _("Went back to the chips of the hands."))
    summary = ", ".join(
        f"{name} {count:+d}" for name, count in zip(words.names, chips, strict=False)
    )
    return Change(entry, _("Entered the chips counted at the end (祝儀)."), summary)


def _reopened(entry: GameLog, words: Words) -> Change:
    return Change(entry, _("Reopened the game (reason: %(reason)s).") % _reason(entry))


def _voided(entry: GameLog, words: Words) -> Change:
    return Change(entry, _("Voided the game (reason: %(reason)s).") % _reason(entry))


def _moved(entry: GameLog, words: Words) -> Change:
    before, after = (entry.before or {}).get("league"), (entry.after or {}).get("league")
    nowhere = _("no league")
    moved = Difference(_("League"), before or nowhere, after or nowhere)
    return Change(entry, _("Moved the game to another league."), "", [moved])


def _changed(entry: GameLog, words: Words) -> Change:
    return Change(entry, _("Changed the game."))


def _reason(entry: GameLog) -> dict[str, str]:
    return {"reason": entry.detail or "—"}


ACTIONS: dict[str, Callable[[GameLog, Words], Change]] = {
    "started": _started,
    "imported": _imported,
    "recorded_hand": _recorded,
    "edited_hand": _fixed,
    "deleted_hand": _deleted,
    "finished": _finished,
    "ended_early": _ended_early,
    "final_scores": _final_scores,
    "chips_final": _chips_final,
    "reopened": _reopened,
    "voided": _voided,
    "moved_league": _moved,
}

# -- what a fix changed in a hand ----------------------------------------------------------------


def hand_differences(
    before: dict[str, Any], after: dict[str, Any], words: Words
) -> list[Difference]:
    """Only what differs between two versions of a hand, in the game's words."""
    old, new = before["result"], after["result"]
    if old["type"] != new["type"]:
        found = [_whole(_("Result"), old, new, words)]
    else:
        found = RESULT_DIFFERENCES.get(new["type"], _no_result_differences)(old, new, words)
    found += _riichi(before, after, words) + _events(before, after, words)
    if not found and before != after:
        found = [_whole(_("Result"), old, new, words)]
    return found


def _whole(what: str, old: dict[str, Any], new: dict[str, Any], words: Words) -> Difference:
    return Difference(
        what, result_text(old, words.names, words.rules), result_text(new, words.names, words.rules)
    )


def _names(seats: Sequence[int], words: Words) -> str:
    return ", ".join(words.names[seat] for seat in seats) or _("nobody")


def _ron(old: dict[str, Any], new: dict[str, Any], words: Words) -> list[Difference]:
    found = []
    if old["from"] != new["from"]:
        found.append(Difference(_("Dealt in"), words.names[old["from"]], words.names[new["from"]]))
    winners = ([w["winner"] for w in old["wins"]], [w["winner"] for w in new["wins"]])
    if sorted(winners[0]) != sorted(winners[1]):
        found.append(Difference(_("Winners"), _names(winners[0], words), _names(winners[1], words)))
        return found
    by_winner = {win["winner"]: win for win in old["wins"]}
    for win in new["wins"]:
        found += _win(by_winner[win["winner"]], win, words)
    return found


def _tsumo(old: dict[str, Any], new: dict[str, Any], words: Words) -> list[Difference]:
    if old["winner"] != new["winner"]:
        return [Difference(_("Winner"), words.names[old["winner"]], words.names[new["winner"]])]
    return _win(old, new, words)


def _win(old: dict[str, Any], new: dict[str, Any], words: Words) -> list[Difference]:
    """A winner's value, dora, open hand and pao, where they differ."""
    name = words.names[new["winner"]]
    found = []
    if value_text(old, words.rules) != value_text(new, words.rules):
        found.append(Difference(name, value_text(old, words.rules), value_text(new, words.rules)))
    if old.get("dora") != new.get("dora"):
        dora = _("%(name)s: dora") % {"name": name}
        found.append(Difference(dora, _count(old.get("dora")), _count(new.get("dora"))))
    if old.get("open") != new.get("open"):
        hand = _("%(name)s: hand") % {"name": name}
        found.append(Difference(hand, _open(old.get("open")), _open(new.get("open"))))
    if old.get("pao") != new.get("pao"):
        pao = _("%(name)s: pao (包)") % {"name": name}
        found.append(Difference(pao, _seat(old.get("pao"), words), _seat(new.get("pao"), words)))
    return found


def _count(value: Any) -> str:
    return "—" if value is None else str(value)


def _open(value: Any) -> str:
    return {True: _("open (副露)"), False: _("closed (門前)")}.get(value, "—")


def _seat(seat: Any, words: Words) -> str:
    return "—" if seat is None else words.names[seat]


def _tenpai(old: dict[str, Any], new: dict[str, Any], words: Words) -> list[Difference]:
    found = []
    if sorted(old.get("winners", [])) != sorted(new.get("winners", [])):
        found.append(
            Difference(
                _("Nagashi mangan"), _names(old["winners"], words), _names(new["winners"], words)
            )
        )
    if sorted(old.get("tenpai", [])) != sorted(new.get("tenpai", [])):
        before, after = sorted(old.get("tenpai", [])), sorted(new.get("tenpai", []))
        found.append(Difference(_("Tenpai"), _names(before, words), _names(after, words)))
    return found


def _abortive(old: dict[str, Any], new: dict[str, Any], words: Words) -> list[Difference]:
    if old["kind"] == new["kind"]:
        return []
    return [
        Difference(_("Abortive draw"), ABORTIVE_NAMES[old["kind"]], ABORTIVE_NAMES[new["kind"]])
    ]


def _chombo(old: dict[str, Any], new: dict[str, Any], words: Words) -> list[Difference]:
    if old["seat"] == new["seat"]:
        return []
    return [Difference(_("Chombo"), words.names[old["seat"]], words.names[new["seat"]])]


def _no_result_differences(
    old: dict[str, Any], new: dict[str, Any], words: Words
) -> list[Difference]:
    return []


RESULT_DIFFERENCES: dict[str, Callable[..., list[Difference]]] = {
    "ron": _ron,
    "tsumo": _tsumo,
    "draw": _tenpai,
    "nagashi": _tenpai,
    "abortive": _abortive,
    "chombo": _chombo,
}


def _riichi(before: dict[str, Any], after: dict[str, Any], words: Words) -> list[Difference]:
    old, new = sorted(before.get("riichi", [])), sorted(after.get("riichi", []))
    if old == new:
        return []
    return [Difference(_("Riichi"), _names(old, words), _names(new, words))]


def _events(before: dict[str, Any], after: dict[str, Any], words: Words) -> list[Difference]:
    old, new = before.get("events", []), after.get("events", [])
    if old == new:
        return []

    def text(events: list[dict[str, Any]]) -> str:
        return " / ".join(event_text(event, words.names) for event in events) or _("none")

    return [Difference(_("Penalties and payments"), text(old), text(new))]

"""The engine's refusals in the reader's language, one sentence per error code.

The engine (``scoring.engine``) says why it refuses a record or a ruleset in English, and with
a ``code`` and its ``params`` (``scoring.engine.errors.ERROR_CODES``). This table gives each code
its translatable sentence. It lives in ``clubs`` because both apps show these: the ruleset
editor here, the hand screen in ``scoring`` (which imports from clubs; clubs may import only
the engine).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine import RecordError

ENGINE_MESSAGES = {
    # The shape of a value (the ruleset editor shows these beside the field).
    "not_object": gettext_lazy("This must be a set of named values."),
    "not_list": gettext_lazy("This must be a list."),
    "not_boolean": gettext_lazy("This must be yes or no."),
    "not_number": gettext_lazy("Enter a number."),
    "not_whole_number": gettext_lazy("Enter a whole number."),
    "not_text": gettext_lazy("This must be text."),
    "not_names": gettext_lazy("This must be a list of names."),
    "not_one_of": gettext_lazy("Choose one of %(choices)s (not %(got)s)."),
    "too_small": gettext_lazy("This must be at least %(low)s."),
    "too_large": gettext_lazy("This must be at most %(high)s."),
    "score_too_large": gettext_lazy(
        "%(seat)s's score would be %(score)s, more than any game reaches (%(high)s at most): "
        "check the amounts of this hand."
    ),
    "wrong_length": gettext_lazy("This needs %(size)s values."),
    "length_between": gettext_lazy("This needs %(low)s to %(high)s values."),
    "too_few_items": gettext_lazy("This needs at least %(low)s values."),
    "one_decimal": gettext_lazy("Use at most one decimal."),
    "half_steps": gettext_lazy("Use steps of 0.5."),
    "unknown_field": gettext_lazy(
        "Unknown field “%(name)s” (a typo must not silently change a result)."
    ),
    "missing_field": gettext_lazy("“%(name)s” is missing."),
    # Rulesets.
    "unknown_option": gettext_lazy("Unknown option “%(name)s”."),
    "missing_option": gettext_lazy("The option “%(name)s” is missing."),
    "unknown_preset": gettext_lazy("Unknown preset “%(name)s” (there are %(known)s)."),
    "preset_name": gettext_lazy("The preset must be given by its name."),
    "ruleset_shape": gettext_lazy("A ruleset names a preset or gives every option."),
    "ruleset_not_json": gettext_lazy("The ruleset is not plain JSON."),
    "uma_length": gettext_lazy("Give %(players)s values, one per rank."),
    "uma_floaters_empty": gettext_lazy("Give the uma for at least one count of floaters."),
    "aotenjou_fan": gettext_lazy("Aotenjou does not apply to additive fan scoring."),
    "limits_rise": gettext_lazy(
        "Each row must have more han and more mangan units than the row before."
    ),
    "chiitoitsu_value": gettext_lazy(
        "Chiitoitsu is worth such as 25 fu 2 han, 30 fu 2 han or 50 fu 1 han "
        "(fu 25 to 50, han 1 or 2)."
    ),
    "honba_count": gettext_lazy("Give a honba count such as “5” (not %(got)s)."),
    # The top of a record.
    "player_count": gettext_lazy(
        "This ruleset is for %(players)s players; the record names %(count)s."
    ),
    "name_twice": gettext_lazy("A player is listed twice."),
    "final_scores_with_hands": gettext_lazy(
        "Final scores are for score-only entry: the game must have no hands."
    ),
    "final_scores_shape": gettext_lazy(
        "Give %(players)s final scores, whole numbers in seat order."
    ),
    "final_deposits_without_scores": gettext_lazy(
        "Sticks left on the table go with final scores only: a played game's hands say "
        "what is left."
    ),
    "deposits_not_returnable": gettext_lazy(
        "This ruleset gives leftover sticks back to who paid them, and final scores do not "
        "say who did: record the game hand by hand, or with no sticks left."
    ),
    "not_ended": gettext_lazy("The hands stop before the game has ended."),
    "tenhou_log": gettext_lazy("This file is not a Tenhou log Tenbou can read (%(detail)s)."),
    "log_format": gettext_lazy(
        "This is neither a Tenhou log (mjlog XML) nor a tenhou.net/6 JSON log."
    ),
    "log_link": gettext_lazy(
        "This is a link to a Tenhou log, not the log itself: Tenbou does not fetch it (a club "
        "is often offline). Download the log (mjlog or JSON) and upload the file."
    ),
    "log_damaged": gettext_lazy(
        "The log breaks off or is damaged at line %(line)s, column %(column)s: "
        "upload the whole file again."
    ),
    "log_too_deep": gettext_lazy(
        "The file nests brackets deeper than %(depth)s levels (line %(line)s, column "
        "%(column)s): no game log does, so it is not one."
    ),
    "log_missing_part": gettext_lazy(
        "The log has no “%(part)s”: it is not a whole tenhou.net/6 game log."
    ),
    "log_unfinished": gettext_lazy(
        "This game is not over (the log has no final result): import it once it has ended."
    ),
    "log_rules": gettext_lazy(
        "Tenbou cannot play this log's rules: it uses %(rule)s (%(option)s), "
        "and no ruleset option expresses that."
    ),
    "log_hand_no_result": gettext_lazy("The log gives this hand no result."),
    "log_hand_results": gettext_lazy(
        "The log gives this hand results that do not go together (a win and a draw, or "
        "wins from different discards)."
    ),
    "log_hand_result_kind": gettext_lazy(
        "The log ends this hand with “%(kind)s”, which Tenbou does not know."
    ),
    "log_hand_payments": gettext_lazy(
        "The log's payments in this hand (%(changes)s) fit none of Tenhou's rules."
    ),
    "log_replay_scores": gettext_lazy(
        "Under Tenhou's rules Tenbou's replay leaves the scores %(ours)s after this hand, but "
        "the log's next hand starts from %(theirs)s: the game is not imported."
    ),
    "log_replay_final": gettext_lazy(
        "Under Tenhou's rules Tenbou's replay ends the game with %(ours)s, but the log ends it "
        "with %(theirs)s: the game is not imported."
    ),
    "log_hand_scores": gettext_lazy(
        "The scores at the start of the next hand do not follow from this hand's payments "
        "and riichi sticks."
    ),
    # Seats and results in a hand.
    "not_seat": gettext_lazy("This must be a seat (0 to %(last)s)."),
    "seat_out_of_range": gettext_lazy("There is no seat %(got)s (0 to %(last)s)."),
    "not_seat_list": gettext_lazy("This must be a list of seats."),
    "seat_twice": gettext_lazy("A seat is chosen twice."),
    "no_winner": gettext_lazy("Tap at least one winner."),
    "own_discard": gettext_lazy("%(seat)s cannot win on their own discard."),
    "payment_to_payer": gettext_lazy(
        "%(seat)s cannot pay themselves: tap who receives among the others."
    ),
    "value_missing": gettext_lazy("Give the win's value: han (and fu), yakuman or fan."),
    "value_twice": gettext_lazy("Give %(first)s or %(second)s, not both."),
    "pao_yakuman_needs_pao": gettext_lazy("The pao part needs who is responsible (pao)."),
    # The rules applied to a hand.
    "game_ended": gettext_lazy("The game already ended after hand %(after)s (%(ended_by)s)."),
    "stop_no_choice": gettext_lazy("The ruleset gives the dealer no choice to stop here."),
    "stop_not_top": gettext_lazy("The dealer may end the game only as the top."),
    "stop_below_target": gettext_lazy("The dealer has not reached the extension target."),
    "final_scores_sum": gettext_lazy(
        "The scores and the sticks add up to %(total)s: they must make %(expected)s."
    ),
    "chips_final_shape": gettext_lazy("Give %(players)s chip counts, whole numbers in seat order."),
    "chips_final_sum": gettext_lazy(
        "The chip counts add up to %(total)s: what one wins another pays, so they must make 0."
    ),
    "forced_after_end": gettext_lazy(
        "The game had already ended (%(ended_by)s): it cannot be ended early."
    ),
    "no_wareme": gettext_lazy("This ruleset has no wareme."),
    "no_riichi": gettext_lazy("This ruleset has no riichi."),
    "riichi_points": gettext_lazy(
        "%(seat)s cannot declare riichi with %(score)s points (%(needed)s needed)."
    ),
    "dead_cannot_win": gettext_lazy("%(seat)s has a dead hand and cannot win."),
    "dead_cannot_be_tenpai": gettext_lazy("%(seat)s has a dead hand and cannot be tenpai."),
    "dead_cannot_win_nagashi_mangan": gettext_lazy(
        "%(seat)s has a dead hand and cannot win nagashi mangan."
    ),
    "too_many_winners": gettext_lazy(
        "%(count)s winners, but this ruleset allows at most %(limit)s."
    ),
    "no_pao": gettext_lazy("This ruleset has no pao."),
    "pao_own_win": gettext_lazy("%(seat)s cannot be responsible (pao) for their own win."),
    "pao_yakuman_too_big": gettext_lazy("The pao part is more than the win's yakuman."),
    "riichi_noten": gettext_lazy("%(seat)s declared riichi but is marked noten."),
    "deposit_points": gettext_lazy(
        "%(seat)s has %(score)s points and cannot deposit %(amount)s: "
        "record a dead hand (和了放棄) instead."
    ),
    "no_nagashi": gettext_lazy("This ruleset has no nagashi mangan."),
    "no_abortive": gettext_lazy("This ruleset has no abortive draw “%(kind)s”."),
    "han_not_fan": gettext_lazy("%(seat)s: this ruleset scores by han, not fan."),
    "han_or_yakuman": gettext_lazy("%(seat)s: give han or yakuman, not both."),
    "no_han": gettext_lazy("%(seat)s: a win needs at least 1 han."),
    "below_min_han": gettext_lazy("%(seat)s: %(han)s han is below the %(min_han)s-han minimum."),
    "needs_fan": gettext_lazy("%(seat)s: this ruleset scores by fan: give the fan."),
    "below_min_fan": gettext_lazy("%(seat)s: %(fan)s fan is below the %(min_fan)s-fan minimum."),
    "fu_missing": gettext_lazy("%(seat)s: %(han)s han needs its fu."),
    "fu_impossible": gettext_lazy("%(seat)s: %(fu)s fu is not possible."),
    "han_fu_impossible": gettext_lazy(
        "%(seat)s: %(han)s han %(fu)s fu by %(way)s is not possible."
    ),
}
WAYS = {"ron": gettext_lazy("ron"), "tsumo": gettext_lazy("tsumo")}
SEAT_IN_MESSAGE = re.compile(r"\bseat (\d+)\b")


def engine_message(
    error: RecordError,
    names: Sequence[str] = (),
    readable: Mapping[str, object] | None = None,
) -> str:
    """The sentence for ``error``, seats named by ``names`` (``readable`` overrides params).

    An error whose code has no sentence here reads as the engine wrote it (English): the
    engine's tests prove that no such code exists today.
    """
    template = ENGINE_MESSAGES.get(error.code or "")
    if template is None:
        return SEAT_IN_MESSAGE.sub(lambda m: seat_name(int(m.group(1)), names), error.message)
    params = {key: _shown(value, quoted=key == "got") for key, value in error.params.items()}
    if isinstance(error.params.get("seat"), int):
        params["seat"] = seat_name(error.params["seat"], names)  # type: ignore[arg-type]
    if "way" in params:
        params["way"] = WAYS.get(str(error.params["way"]), params["way"])
    params.update(readable or {})
    return str(template) % params


def seat_name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else _("seat %(seat)s") % {"seat": seat}


def _shown(value: object, quoted: bool) -> object:
    """Lists as ``“a”, “b”``; a value given (``got``) quoted when it is text."""
    if isinstance(value, list | tuple):
        return ", ".join(str(_shown(item, quoted=True)) for item in value)
    if quoted and isinstance(value, str):
        return f"“{value}”"
    return value

"""Engine errors are data: they name the hand and the field, and read as one sentence."""

from __future__ import annotations


class RecordError(ValueError):
    """A game record or ruleset the engine cannot accept.

    ``hand`` is the 1-based hand number (``None`` for errors outside the hands),
    ``label`` the round where it is known (``"S3-1"``), ``field`` the offending field.
    ``code`` and ``params`` name the message for a translation (the English ``message`` is the
    engine's own wording): e.g. ``riichi_points`` with ``{"seat": 2, "score": 800, ...}``.
    """

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        label: str | None = None,
        field: str | None = None,
        code: str | None = None,
        params: dict[str, object] | None = None,
    ) -> None:
        self.message = message
        self.hand = hand
        self.label = label
        self.field = field
        self.code = code
        self.params = params or {}
        super().__init__(self.full_message)

    @property
    def full_message(self) -> str:
        if self.hand is None:
            return self.message
        where = f"hand {self.hand}" + (f" ({self.label})" if self.label else "")
        return f"{where}: {self.message}"

    def in_hand(self, hand: int, label: str | None = None) -> RecordError:
        """The same error, placed in a hand (used when a helper raised it without one)."""
        if self.hand is not None:
            return self
        return RecordError(
            self.message,
            hand=hand,
            label=label,
            field=self.field,
            code=self.code,
            params=self.params,
        )


# Every ``code`` a RecordError can carry: the app has a sentence for each, in each language
# (tests/engine/test_error_codes.py proves every raise names one of these).
ERROR_CODES = frozenset(
    {
        # the shape of a value (records and rulesets): params ``path`` and as named
        "not_object",
        "not_list",
        "not_boolean",
        "not_number",
        "not_whole_number",
        "not_text",
        "not_names",
        "not_one_of",  # choices, got
        "too_small",  # low
        "too_large",  # high
        "score_too_large",  # seat, score, high
        "wrong_length",  # size
        "length_between",  # low, high
        "too_few_items",  # low
        "one_decimal",
        "half_steps",
        "unknown_field",  # name
        "missing_field",  # name
        # rulesets
        "unknown_option",  # name
        "missing_option",  # name
        "unknown_preset",  # name, known
        "preset_name",
        "ruleset_shape",
        "ruleset_not_json",
        "uma_length",  # players
        "uma_floaters_empty",
        "aotenjou_fan",
        "limits_rise",
        "chiitoitsu_value",
        "honba_count",  # got
        # the top of a record
        "player_count",  # players, count
        "name_twice",
        "final_scores_with_hands",
        "final_scores_shape",  # players
        "final_scores_sum",  # total, expected
        "chips_final_shape",  # players
        "chips_final_sum",  # total
        "final_deposits_without_scores",
        "deposits_not_returnable",
        "forced_after_end",  # ended_by
        "not_ended",
        # a Tenhou log (scoring.engine.tenhou): hand and label where a hand is at fault
        "tenhou_log",  # detail (the importer's English words about what it met)
        "log_format",
        "log_link",
        "log_damaged",  # line, column
        "log_too_deep",  # depth, line, column
        "log_missing_part",  # part
        "log_unfinished",
        "log_rules",  # rule, option
        "log_hand_no_result",
        "log_hand_results",
        "log_hand_result_kind",  # kind
        "log_hand_payments",  # changes
        "log_hand_scores",
        "log_replay_scores",  # ours, theirs (a hand's scores after it: the replay's, the log's)
        "log_replay_final",  # ours, theirs (the final scores / points)
        # seats and results in a hand
        "not_seat",  # last
        "seat_out_of_range",  # got, last
        "not_seat_list",
        "seat_twice",
        "no_winner",
        "own_discard",  # seat
        "payment_to_payer",  # seat
        "value_missing",
        "value_twice",  # first, second
        "pao_yakuman_needs_pao",
        # the rules applied to a hand: params as named, ``seat`` where a seat is meant
        "game_ended",  # after, ended_by
        "stop_no_choice",
        "stop_not_top",
        "stop_below_target",
        "no_wareme",
        "no_riichi",
        "riichi_points",  # seat, score, needed
        "riichi_noten",  # seat
        "deposit_points",  # seat, score, amount
        "dead_cannot_win",  # seat
        "dead_cannot_be_tenpai",  # seat
        "dead_cannot_win_nagashi_mangan",  # seat
        "too_many_winners",  # count, limit
        "no_pao",
        "pao_own_win",  # seat
        "pao_yakuman_too_big",
        "no_nagashi",
        "no_abortive",  # kind
        "han_not_fan",  # seat
        "han_or_yakuman",  # seat
        "no_han",  # seat
        "below_min_han",  # seat, han, min_han
        "needs_fan",  # seat
        "below_min_fan",  # seat, fan, min_fan
        "fu_missing",  # seat, han
        "fu_impossible",  # seat, fu
        "han_fu_impossible",  # seat, han, fu, way
    }
)

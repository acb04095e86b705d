"""One hand at a time: wins, draws, nagashi, abortive draws, chombo and the events of a hand.

Each row gives the hands played and what the last one must do: its deltas (every change to a
seat's score in the hand, riichi sticks included), the sticks left on the table, and where the
game goes next (``E1-1``: the same dealer one honba up). Values are worked by hand from
``spec/game-record.md``, ``spec/rulesets.md`` and the seed each preset cites.
"""

from __future__ import annotations

import pytest

from .records import (
    Json,
    abortive,
    chombo,
    dead,
    deposit,
    draw,
    final,
    game,
    ids,
    last_row,
    message,
    nagashi,
    next_label,
    payment,
    ron,
    rows,
    tsumo,
    win,
)

# -- ron -----------------------------------------------------------------------------------


def test_a_ron_collects_the_riichi_sticks_of_the_hand() -> None:
    row = last_row(game("tenhou", [ron(3, win(1, 2, 30), riichi=[1, 2])]))
    assert row["deltas"] == [0, 3000, -1000, -2000]  # 2000 + both sticks - own stick
    assert (row["deposits_before"], row["deposits_after"]) == (0, 0)


MULTI_RON = [
    # Seat 0 deals E1 and is tenpai alone with riichi (+3000 - 1000): E1-1 with 1000 on the table.
    # Then seat 2 deals into seats 1 (2 han 30 fu) and 3 (1 han 30 fu), seat 1 with riichi. In
    # turn order from the discarder seat 3 comes first: 上家取り.
    (
        "sticks and honba to the first winner in turn order",
        "tenhou",
        {},
        [0, 1000, -3300, 3300],
    ),  # seat 3: 1000 + 300 + 2000 sticks; seat 1: 2000 - its stick
    (
        "every winner is paid the honba",
        "tenhou",
        {"multi_ron_honba": "each"},
        [0, 1300, -3600, 3300],
    ),
    (
        "each winner's own stick comes back, the rest to the first",
        "tenhou",
        {"multi_ron_deposits": "own_returned_rest_first"},
        [0, 2000, -3300, 2300],
    ),
    # EMA: honba to each winner, each winner's own stick returned (30000 start)
    ("ema: honba each and own stick returned", "ema", {}, [0, 2300, -3600, 2300]),
]


@pytest.mark.parametrize(("name", "preset", "overrides", "expected"), MULTI_RON, ids=ids(MULTI_RON))
def test_double_ron_shares_the_sticks_and_honba_as_the_ruleset_says(
    name: str, preset: str, overrides: Json, expected: list[int]
) -> None:
    hands = [draw(0, riichi=[0]), ron(2, win(1, 2, 30), win(3, 1, 30), riichi=[1])]
    row = last_row(game(preset, hands, **overrides))
    assert row["deltas"] == expected
    assert (row["honba"], row["deposits_before"], row["deposits_after"]) == (1, 1000, 0)


def test_gensou_triple_ron_pays_each_winner_and_the_sticks_go_to_the_first() -> None:
    """ダブロン、トリロンあり; 供託料や積み棒は上家取り (seed 004). Seat 0 deals into 1, 2, 3."""
    hand = ron(0, win(3, 3, 30), win(2, 2, 30), win(1, 1, 30), riichi=[2])
    record = game("gensou", [hand])
    assert last_row(record)["deltas"] == [-6900, 2000, 1000, 3900]
    assert next_label(record) == "E2-0"


def test_head_bump_takes_only_the_first_winner() -> None:
    """両家和: 一人のみ有効(頭跳ね) (seed 002): seat 3 comes before seat 1 from seat 2."""
    record = game("shiragiku", [ron(2, win(3, 1, 30))])
    assert last_row(record)["deltas"] == [0, 0, -1000, 1000]
    refused = game("shiragiku", [ron(2, win(3, 1, 30), win(1, 1, 30))])
    assert message(refused).startswith("hand 1 (E1-0): 2 winners")


def test_double_ron_refuses_three_winners_and_takes_sanchahou() -> None:
    three = game("tenhou", [ron(0, win(1, 1, 30), win(2, 1, 30), win(3, 1, 30))])
    assert "sanchahou" in message(three)
    record = game("tenhou", [abortive("sanchahou")])
    assert last_row(record)["deltas"] == [0, 0, 0, 0]
    assert next_label(record) == "E1-1"


MULTI_RON_RENCHAN = [
    # Seat 2 deals into seat 3 and the dealer (seat 0): seat 3 is first in turn order.
    (
        "tenhou: the dealer among the winners keeps the seat",
        "tenhou",
        ron(2, win(3, 1, 30), win(0, 2, 30)),
        "E1-1",
    ),
    # 複数ロン アリ(連荘・本場・供託は上家優先) (seed 000): only the first winner's renchan counts
    (
        "k_rule: the dealer second in turn order passes",
        "k_rule",
        ron(2, win(3, 1, 30), win(0, 2, 30)),
        "E2-0",
    ),
    (
        "k_rule: the dealer first in turn order keeps it",
        "k_rule",
        ron(3, win(1, 1, 30), win(0, 2, 30)),
        "E1-1",
    ),
    # 親が和了した場合は席順に関わらず連荘 (seed 004)
    (
        "gensou: the dealer second of three keeps it",
        "gensou",
        ron(2, win(3, 1, 30), win(1, 1, 30), win(0, 2, 30)),
        "E1-1",
    ),
]


@pytest.mark.parametrize(
    ("name", "preset", "hand", "label"), MULTI_RON_RENCHAN, ids=ids(MULTI_RON_RENCHAN)
)
def test_multi_ron_renchan(name: str, preset: str, hand: Json, label: str) -> None:
    assert next_label(game(preset, [hand])) == label


def test_statistics_fields_and_left_out_defaults_change_nothing() -> None:
    """``dora``, ``yaku`` and ``open`` are for statistics only; ``riichi`` and ``events``
    default to nothing."""
    stats = win(1, 2, 30, dora=1, yaku=["riichi", "tanyao"], open=False)
    bare = {"result": {"type": "ron", "from": 0, "wins": [stats]}}
    assert last_row(game("tenhou", [bare]))["deltas"] == [-2000, 2000, 0, 0]


# -- tsumo ---------------------------------------------------------------------------------


def test_a_tsumo_collects_the_sticks_and_the_honba_from_each() -> None:
    hands = [draw(0, riichi=[0]), tsumo(2, 1, 30, riichi=[1])]
    row = last_row(game("tenhou", hands))
    assert row["deltas"] == [-600, -1400, 3400, -400]  # 300/500 + 100 each, 2000 in sticks
    assert (row["deposits_before"], row["deposits_after"]) == (1000, 0)


def test_the_dealer_s_tsumo_keeps_the_seat_and_a_non_dealer_s_passes_it() -> None:
    assert next_label(game("tenhou", [tsumo(0, 1, 30)])) == "E1-1"
    assert next_label(game("tenhou", [tsumo(3, 1, 30)])) == "E2-0"


# -- exhaustive draw -----------------------------------------------------------------------

NOTEN = [
    # 不聴罰符 場3000点: split evenly on each side
    ((), [0, 0, 0, 0]),
    ((2,), [-1000, -1000, 3000, -1000]),
    ((0, 3), [1500, -1500, -1500, 1500]),
    ((0, 1, 2), [1000, 1000, 1000, -3000]),
    ((0, 1, 2, 3), [0, 0, 0, 0]),
]


@pytest.mark.parametrize(("tenpai", "expected"), NOTEN)
def test_noten_players_pay_3000_in_all_to_the_tenpai_players(
    tenpai: tuple[int, ...], expected: list[int]
) -> None:
    assert last_row(game("tenhou", [draw(*tenpai)]))["deltas"] == expected


@pytest.mark.parametrize(
    ("tenpai", "expected"), [((1,), [-1500, 3000, -1500]), ((0, 2), [1500, -3000, 1500])]
)
def test_sanma_noten_payment_is_3000_in_all(tenpai: tuple[int, ...], expected: list[int]) -> None:
    assert last_row(game("gensou_sanma", [draw(*tenpai)]))["deltas"] == expected


def test_a_draw_keeps_the_sticks_on_the_table() -> None:
    row = last_row(game("tenhou", [draw(1, 2, riichi=[1, 2])]))
    assert row["deltas"] == [-1500, 500, 500, -1500]
    assert row["deposits_after"] == 2000


# -- nagashi mangan ------------------------------------------------------------------------


def test_nagashi_as_a_draw_pays_a_mangan_tsumo_and_nothing_more() -> None:
    """Tenhou: nagashi counts as a draw: no honba bonus, no noten payment, the stick stays,
    the dealer (tenpai) keeps the seat and the honba goes up."""
    record = game("tenhou", [draw(0), nagashi(1, tenpai=[0, 2], riichi=[2])])
    row = last_row(record)
    assert row["deltas"] == [-4000, 8000, -3000, -2000]
    assert (row["honba"], row["deposits_after"]) == (1, 1000)
    assert next_label(record) == "E1-2"


def test_nagashi_as_a_draw_passes_a_noten_dealer_with_the_honba_up() -> None:
    assert next_label(game("tenhou", [nagashi(0)])) == "E2-1"


NAGASHI_AS_WIN = [
    # K-rule: 流し満貫 is a yaku, so it counts as a win: the honba bonus of a tsumo and the
    # sticks go to the nagashi player, and the dealer passes unless among them. E1-1 with a
    # stick on the table (the dealer was tenpai alone with riichi).
    ("a non-dealer's nagashi", nagashi(2), [-4100, -2100, 9300, -2100], "E2-0"),
    ("the dealer's nagashi", nagashi(0), [13300, -4100, -4100, -4100], "E1-2"),
    # two at once: each mangan netted; the bonus and sticks to the first from the dealer
    ("two nagashi players", nagashi(1, 2), [-8100, 7300, 5900, -4100], "E2-0"),
]


@pytest.mark.parametrize(
    ("name", "hand", "expected", "label"), NAGASHI_AS_WIN, ids=ids(NAGASHI_AS_WIN)
)
def test_k_rule_nagashi_counts_as_a_win(
    name: str, hand: Json, expected: list[int], label: str
) -> None:
    record = game("k_rule", [draw(0, riichi=[0]), hand])
    row = last_row(record)
    assert row["deltas"] == expected
    assert (row["deposits_before"], row["deposits_after"]) == (1000, 0)
    assert next_label(record) == label


def test_gensou_sanma_simultaneous_nagashi_is_netted() -> None:
    """流し満貫同時成立時は合算精算(三人麻雀で子2人が同時に成立させた場合は、親10000払い、
    子は5000ずつの収入) (seed 004)."""
    assert last_row(game("gensou_sanma", [nagashi(1, 2)]))["deltas"] == [-10000, 5000, 5000]


# -- abortive draws ------------------------------------------------------------------------

ABORTIVE = [
    ("tenhou", "kyuushu", "E1-1"),
    ("tenhou", "suufon", "E1-1"),
    ("tenhou", "suucha_riichi", "E1-1"),
    ("tenhou", "sanchahou", "E1-1"),
    ("tenhou", "suukaikan", "E1-1"),
    # 九種九牌は親が連荘、四風連打、四開槓は輪荘 (seed 004)
    ("gensou", "kyuushu", "E1-1"),
    ("gensou", "suufon", "E2-1"),
    ("gensou", "suukaikan", "E2-1"),
    # 途中流局は…以上すべて連荘 (seed 001 rule 12)
    ("mjkt", "suufon", "E1-1"),
    ("mleague", "suukaikan", "E1-1"),
]


@pytest.mark.parametrize(("preset", "kind", "label"), ABORTIVE)
def test_an_abortive_draw_keeps_or_passes_the_deal_and_the_honba_goes_up(
    preset: str, kind: str, label: str
) -> None:
    record = game(preset, [abortive(kind)])
    assert last_row(record)["deltas"] == [0, 0, 0, 0]
    assert next_label(record) == label


def test_suucha_riichi_leaves_four_sticks_for_the_next_winner() -> None:
    hands = [abortive("suucha_riichi", riichi=[0, 1, 2, 3]), ron(0, win(1, 1, 30))]
    first, second = rows(game("tenhou", hands))
    assert first["deltas"] == [-1000, -1000, -1000, -1000]
    assert first["deposits_after"] == 4000
    assert second["deltas"] == [-1300, 5300, 0, 0]


# -- chombo --------------------------------------------------------------------------------

CHOMBO = [
    # 錯和は3000点オール払い (seed 000, and seed 001's ※チョンボ)
    ("k_rule: 3000 to each", "k_rule", [], chombo(2), [3000, 3000, -9000, 3000]),
    ("mjkt: 3000 to each", "mjkt", [], chombo(0), [-9000, 3000, 3000, 3000]),
    # reverse mangan: a non-dealer pays 2000/2000/4000, the dealer 4000 to each
    ("non-dealer reverse mangan", "tenhou", [], chombo(2), [4000, 2000, -8000, 2000]),
    ("dealer reverse mangan", "tenhou", [], chombo(0), [-12000, 4000, 4000, 4000]),
    (
        "reverse mangan with seat 1 dealing",
        "tenhou",
        [ron(0, win(3, 1, 30))],
        chombo(3),
        [2000, 4000, 2000, -8000],
    ),
    # EMA and WRC: no payment at the table (−20 at the settlement)
    ("ema: nothing at the table", "ema", [], chombo(1), [0, 0, 0, 0]),
    ("wrc: nothing at the table", "wrc", [], chombo(1), [0, 0, 0, 0]),
]


@pytest.mark.parametrize(("name", "preset", "before", "hand", "expected"), CHOMBO, ids=ids(CHOMBO))
def test_chombo_pays_as_the_ruleset_says_and_the_hand_is_replayed(
    name: str, preset: str, before: list[Json], hand: Json, expected: list[int]
) -> None:
    record = game(preset, [*before, hand])
    label = next_label(game(preset, before)) if before else "E1-0"
    assert last_row(record)["deltas"] == expected
    assert next_label(record) == label


def test_k_rule_chombo_pays_3000_each_and_replays_the_hand() -> None:
    """錯和は3000点オール払い再ゲーム(本場は増えず、この局に出た供託は持ち主に戻す) (seed 000).

    E1: the dealer is tenpai alone with riichi, the stick stays: E1-1. E1-1: seat 1 declares
    riichi, seat 3 chombos: seat 1's stick goes back, the one from E1 stays, and E1-1 is played
    again: seat 2 wins 1 han 30 fu from seat 3, 1000 + 300 honba + the E1 stick.
    """
    hands = [draw(0, riichi=[0]), chombo(3, riichi=[1]), ron(3, win(2, 1, 30))]
    played = rows(game("k_rule", hands))
    assert [(row["round"], row["honba"]) for row in played] == [("E1", 0), ("E1", 1), ("E1", 1)]
    assert played[1]["deltas"] == [3000, 3000, 3000, -9000]
    assert (played[1]["deposits_before"], played[1]["deposits_after"]) == (1000, 1000)
    assert played[2]["deltas"] == [0, 0, 2300, -1300]


def test_chombo_may_keep_the_sticks_of_the_hand_on_the_table() -> None:
    hands = [chombo(3, riichi=[1])]
    row = last_row(game("tenhou", hands, chombo={"deposits": "kept"}))
    assert row["deltas"] == [4000, 1000, 2000, -8000]
    assert row["deposits_after"] == 1000


@pytest.mark.parametrize("preset", ["ema", "wrc"])
def test_ema_and_wrc_chombo_takes_20_points_at_the_settlement(preset: str) -> None:
    """EMA: chombo −20 settled points with no payment at the table (30000/30000, uma
    15/5/-5/-15, ties split, no rounding). Seats 0 and 3 tie at 30000 and share 2nd and 3rd."""
    hands = [ron(2, win(1, 3, 30)), chombo(3)]
    settled = final(game(preset, hands, forced_end={"reason": "time"}))
    assert settled["scores"] == [30000, 33900, 26100, 30000]
    assert settled["ranks"] == [2, 1, 4, 2]
    assert settled["points"] == pytest.approx([0.0, 18.9, -18.9, -20.0], abs=1e-9)


# -- events --------------------------------------------------------------------------------


def test_a_dead_hand_counts_as_noten_even_after_riichi() -> None:
    """和了放棄は…不聴扱い (seed 000): a dead riichi player pays the noten payment, no error."""
    hand = draw(1, riichi=[2], events=[dead(2)])
    row = last_row(game("k_rule", [hand]))
    assert row["deltas"] == [-1000, 3000, -2000, -1000]
    assert row["deposits_after"] == 1000


def test_a_dead_seat_cannot_win_or_be_tenpai() -> None:
    assert message(game("k_rule", [ron(0, win(2, 1, 30), events=[dead(2)])])) == (
        "hand 1 (E1-0): seat 2 is dead and cannot win"
    )
    assert message(game("k_rule", [draw(2, events=[dead(2)])])) == (
        "hand 1 (E1-0): seat 2 is dead and cannot be tenpai"
    )


def test_mjkt_false_call_deposit_goes_to_the_next_winner() -> None:
    """空チー・空ポン・空カンの場合、1000点を供託する (seed 001 A): the next winner collects it."""
    hands = [draw(events=[deposit(2)]), ron(0, win(2, 1, 30))]
    first, second = rows(game("mjkt", hands))
    assert first["deltas"] == [0, 0, -1000, 0]
    assert first["deposits_after"] == 1000
    assert second["deltas"] == [-1300, 0, 2300, 0]  # 1000 + 300 honba + the deposit


def test_a_deposit_may_be_any_amount() -> None:
    row = last_row(game("mjkt", [draw(events=[deposit(3, 2000)])]))
    assert (row["deltas"], row["deposits_after"]) == ([0, 0, 0, -2000], 2000)


def test_a_free_payment_moves_points_between_seats() -> None:
    row = last_row(game("tenhou", [draw(events=[payment(0, [1, 2], 1000)])]))
    assert row["deltas"] == [-2000, 1000, 1000, 0]


def test_riichi_needs_1000_points_before_paying() -> None:
    """1,000点未満での立直は不可 (seed 004; also seed 001 rule 7)."""
    to_1000 = abortive("kyuushu", events=[payment(3, [0], 24000)])
    accepted = last_row(game("tenhou", [to_1000, draw(3, riichi=[3])]))
    assert accepted["deltas"] == [-1000, -1000, -1000, 2000]
    to_900 = abortive("kyuushu", events=[payment(3, [0], 24100)])
    assert message(game("tenhou", [to_900, draw(3, riichi=[3])])) == (
        "hand 2 (E1-1): seat 3 cannot declare riichi with 900 points (at least 1000 needed)"
    )

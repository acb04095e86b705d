"""A game from hand to hand: who deals, the honba, and when and how the game ends.

``quiet_wind()`` is a wind in which every dealer deals into the next seat for 1000: the deal
passes each hand and every score ends the wind where it began. Labels are ``<wind><dealer
number>-<honba>``; ``final.ended_by`` follows ``spec/game-record.md`` ("The replay command").
"""

from __future__ import annotations

import pytest

from scoring.engine import read_record, replay

from .records import (
    Json,
    abortive,
    chombo,
    draw,
    final,
    game,
    ids,
    message,
    nagashi,
    next_label,
    payment,
    quiet_wind,
    ron,
    rows,
    run,
    tsumo,
    win,
)

FORCED = {"reason": "time"}


def labels(record: Json) -> list[str]:
    return [f"{row['round']}-{row['honba']}" for row in rows(record)]


def ongoing(record: Json) -> bool:
    output = run(record)
    return output["final"] is None and output.get("ongoing") is True


# -- rotation and honba --------------------------------------------------------------------


def test_the_deal_passes_on_a_non_dealer_win_and_the_honba_counts_renchan_and_draws() -> None:
    hands = [
        draw(0),  # the dealer tenpai keeps the seat, honba up
        ron(3, win(0, 1, 30)),  # the dealer wins: renchan, honba up
        draw(1),  # the dealer noten passes, the honba still goes up
        tsumo(3, 1, 30),  # a non-dealer wins: the deal passes and the honba is cleared
        abortive("kyuushu"),  # renchan, honba up
        ron(0, win(1, 1, 30)),
    ]
    record = game("tenhou", hands)
    assert labels(record) == ["E1-0", "E1-1", "E1-2", "E2-3", "E3-0", "E3-1"]
    assert [row["dealer"] for row in rows(record)] == [0, 0, 0, 1, 2, 2]
    assert next_label(record) == "E4-0"


def test_after_e4_comes_s1_with_seat_0_dealing_again() -> None:
    record = game("tenhou", [*quiet_wind(), draw()])
    assert labels(record)[-1] == "S1-0"
    assert rows(record)[-1]["dealer"] == 0
    assert next_label(record) == "S2-1"


def test_sanma_has_three_dealers_a_wind() -> None:
    record = game("gensou_sanma", [*quiet_wind(3), draw()])
    assert labels(record) == ["E1-0", "E2-0", "E3-0", "S1-0"]


RENCHAN_ON_DRAW = [
    ("dealer_tenpai", (0,), "E1-1"),
    ("dealer_tenpai", (1,), "E2-1"),
    ("dealer_tenpai", (), "E2-1"),
    ("always", (), "E1-1"),
    ("always", (1, 2), "E1-1"),
    ("never", (0,), "E2-1"),
    ("never", (0, 1, 2, 3), "E2-1"),
    # 全員不聴の場合を除き、不聴輪荘 (seed 002)
    ("unless_all_noten", (), "E1-1"),
    ("unless_all_noten", (1,), "E2-1"),
    ("unless_all_noten", (0, 3), "E1-1"),
]


@pytest.mark.parametrize(("mode", "tenpai", "label"), RENCHAN_ON_DRAW)
def test_renchan_on_draw(mode: str, tenpai: tuple[int, ...], label: str) -> None:
    assert next_label(game("tenhou", [draw(*tenpai)], renchan_on_draw=mode)) == label


def test_gensou_east_renchan_only_by_winning_south_also_by_tenpai() -> None:
    """連荘は、東場については親の和了、南場については親の聴牌である (seed 004)."""
    assert next_label(game("gensou", [draw(0)])) == "E2-1"
    assert next_label(game("gensou", [ron(1, win(0, 1, 30))])) == "E1-1"
    assert next_label(game("gensou", [*quiet_wind(), draw(0)])) == "S1-1"
    assert next_label(game("gensou", [*quiet_wind(), draw(1)])) == "S2-1"


def test_chinese_classic_dealer_keeps_the_seat_only_by_winning() -> None:
    """親が上がれば連荘,子が上がるか流局したら,親の右隣が次の親です (seed 003)."""
    assert next_label(game("chinese_classic", [ron(3, win(0, fan=13))])) == "E1-1"
    assert next_label(game("chinese_classic", [draw(0)])) == "E2-1"


# -- the end by length ---------------------------------------------------------------------


def test_k_rule_hanchan_ends_after_s4() -> None:
    """西入 ナシ (seed 000): all at 25000, seat order breaks the ties (起家から上家優先)."""
    record = game("k_rule", [*quiet_wind(), *quiet_wind()])
    settled = final(record)
    assert settled["ended_by"] == "length"
    assert settled["ranks"] == [1, 2, 3, 4]
    assert settled["points"] == [35.0, 5.0, -15.0, -25.0]  # -5 each, uma 20/10/-10/-20, oka 20


def test_tonpuu_ends_after_e4() -> None:
    settled = final(game("gensou_tonpuu", quiet_wind()))
    assert settled["ended_by"] == "length"


def test_a_game_that_has_not_ended_is_ongoing() -> None:
    assert ongoing(game("k_rule", quiet_wind()))


def test_forced_end_settles_the_game_as_it_stands() -> None:
    settled = final(game("k_rule", [ron(2, win(1, 5))], forced_end=FORCED))
    assert settled["ended_by"] == "forced"
    assert settled["scores"] == [25000, 33000, 17000, 25000]
    assert settled["points"] == [5.0, 43.0, -33.0, -15.0]


AS_IT_STANDS = [
    # (what, hands, forced_end, ended_by): the what-if's view of a game under other rules.
    ("hands that stop early are settled as they stand", [ron(2, win(1, 5))], None, "forced"),
    ("the referee's end is kept", [ron(2, win(1, 5))], FORCED, "forced"),
    ("a referee's end the hands no longer need is left out", quiet_wind() * 2, FORCED, "length"),
    ("a game its hands end is settled as they end it", quiet_wind() * 2, None, "length"),
]


@pytest.mark.parametrize(
    ("name", "hands", "forced", "ended_by"), AS_IT_STANDS, ids=ids(AS_IT_STANDS)
)
def test_as_it_stands_settles_every_game(
    name: str, hands: list[Json], forced: Json | None, ended_by: str
) -> None:
    record = read_record(game("k_rule", hands, **({"forced_end": forced} if forced else {})))
    settled = replay(record, as_it_stands=True).final
    assert settled is not None
    assert settled.ended_by == ended_by
    ordinary = replay(record.replace(forced_end=None))
    if ended_by == "length":  # the same settlement as the hands give without the referee
        assert ordinary.final is not None
        assert settled.points == ordinary.final.points


# -- tobi ----------------------------------------------------------------------------------

TOBI = [
    # 飛び終了 アリ(0点は続行) (seed 000); 0点未満でハコ割れ。0点丁度は続行 (seed 004)
    ("at exactly 0 the game goes on", {}, 25000, False),
    ("below 0 the game ends", {}, 25100, True),
    ("at_zero: 0 ends it", {"tobi": {"at_zero": True}}, 25000, True),
    ("no tobi: it goes on", {"tobi": {"enabled": False}}, 25100, False),
]


@pytest.mark.parametrize(("name", "overrides", "amount", "ends"), TOBI, ids=ids(TOBI))
def test_tobi(name: str, overrides: Json, amount: int, ends: bool) -> None:
    hand = abortive("kyuushu", events=[payment(3, [0], amount)])
    output = run(game("tenhou", [hand], **overrides))
    assert (output["final"] is not None) is ends
    if ends:
        assert output["final"]["ended_by"] == "tobi"


def test_k_rule_tobi_bonus_goes_to_the_winner_whose_payment_crossed_zero() -> None:
    """飛び賞 5p(和了でのみ発生、複数ロンは上家順に処理して飛ばした方に付く) (seed 000).

    E1: the dealer's haneman ron takes seat 3 to 7000. E1-1: seat 3 deals into seats 2 (mangan)
    and 1 (2 han 30 fu). In turn order from seat 3, seat 1 is paid first (2000 + 300 honba:
    4700 left), then seat 2's 8000 takes seat 3 to -3300: seat 2 gets the bonus.
    """
    hands = [ron(3, win(0, 6)), ron(3, win(2, 5), win(1, 2, 30))]
    record = game("k_rule", hands)
    assert rows(record)[-1]["deltas"] == [0, 2300, 8000, -10300]
    settled = final(record)
    assert settled["ended_by"] == "tobi"
    assert settled["scores"] == [43000, 27300, 33000, -3300]
    assert settled["ranks"] == [1, 3, 2, 4]
    # 五捨六入 on |diff|: +13 +20 +20; -2.7 -> -3 -10; +3 +10 +5; -33.3 -> -33 -20 -5
    assert settled["points"] == [53.0, -13.0, 18.0, -58.0]


@pytest.mark.parametrize(
    ("bonus_by", "points"), [("win", [62.0, 4.0, -16.0, -50.0]), ("any", [67.0, 4.0, -16.0, -55.0])]
)
def test_a_noten_payment_earns_the_tobi_bonus_only_with_bonus_by_any(
    bonus_by: str, points: list[float]
) -> None:
    """Seat 3 is at 500 and pays the only tenpai player (the dealer) 1000 for noten."""
    hand = draw(0, events=[payment(3, [0], 24500)])
    settled = final(game("k_rule", [hand], tobi={"bonus_by": bonus_by}))
    assert settled["ended_by"] == "tobi"
    assert settled["scores"] == [52500, 24000, 24000, -500]
    assert settled["points"] == points


@pytest.mark.parametrize(
    ("bonus_by", "points"),
    [("win", [55.0, 17.0, -19.0, -53.0]), ("any", [55.0, 22.0, -19.0, -58.0])],
)
def test_nagashi_never_earns_the_tobi_bonus_by_win(bonus_by: str, points: list[float]) -> None:
    """rulesets.md, tobi "win": nagashi and noten payments never earn a bonus, even where
    nagashi counts as a win (K-rule). E1: seat 3 is left with 1000 by a free payment; E2-1: the
    dealer's (seat 1) nagashi takes 4000 + 100 from each, seat 3 ends at -3100."""
    hands = [draw(events=[payment(3, [0], 24000)]), nagashi(1)]
    settled = final(game("k_rule", hands, tobi={"bonus_by": bonus_by}))
    assert settled["ended_by"] == "tobi"
    assert settled["scores"] == [44900, 37300, 20900, -3100]
    assert settled["points"] == points


# -- agari-yame and tenpai-yame ------------------------------------------------------------

# East only. After E3 the scores are [18000, 23000, 26000, 33000]: seat 3 deals E4 as the top.
TO_ALL_LAST = [ron(0, win(3, 5)), ron(1, win(2, 1, 30)), ron(1, win(0, 1, 30))]
DEALER_WINS = ron(0, win(3, 1, 30))  # 1500: the dealer ends at 34500, still top
DEALER_TENPAI = draw(3)
# The same, but seat 1 is the top: [17000, 32000, 25000, 26000] before E4.
TO_ALL_LAST_NOT_TOP = [ron(0, win(1, 5)), ron(1, win(2, 1, 30)), ron(2, win(3, 1, 30))]
TONPUU = {"rounds": ["E"]}

YAME = [
    # mode auto_if_top: the game ends by itself
    ("tenhou agari-yame", "tenhou", TO_ALL_LAST, DEALER_WINS, "agari_yame"),
    ("tenhou tenpai-yame", "tenhou", TO_ALL_LAST, DEALER_TENPAI, "tenpai_yame"),
    # ラス親は、最終局終了時、トップであれば連荘することができずゲーム終了 (seed 001 rule 8)
    ("mjkt agari-yame", "mjkt", TO_ALL_LAST, DEALER_WINS, "agari_yame"),
    ("mjkt tenpai-yame", "mjkt", TO_ALL_LAST, DEALER_TENPAI, "tenpai_yame"),
    # 東場は親が聴牌していたとしても輪荘 (seed 004): in tonpuu the tenpai dealer passes at E4
    (
        "gensou tonpuu: the tenpai dealer passes",
        "gensou_tonpuu",
        TO_ALL_LAST,
        DEALER_TENPAI,
        "length",
    ),
    ("not top: tenhou goes on", "tenhou", TO_ALL_LAST_NOT_TOP, DEALER_WINS, None),
    # optional_if_top without stop, optional without stop, none: the game goes on
    ("shiragiku without stop", "shiragiku", TO_ALL_LAST, DEALER_WINS, None),
    ("k_rule without stop", "k_rule", TO_ALL_LAST, DEALER_WINS, None),
    ("mleague: no agari-yame", "mleague", TO_ALL_LAST, DEALER_WINS, None),
    # with stop where the rules give the choice
    ("shiragiku stop as top", "shiragiku", TO_ALL_LAST, {**DEALER_WINS, "stop": True}, "stop"),
    # 和了止め アリ(何位でも可能) (seed 000)
    ("k_rule stop as top", "k_rule", TO_ALL_LAST, {**DEALER_WINS, "stop": True}, "stop"),
    ("k_rule stop not top", "k_rule", TO_ALL_LAST_NOT_TOP, {**DEALER_WINS, "stop": True}, "stop"),
]


@pytest.mark.parametrize(("name", "preset", "before", "hand", "ended_by"), YAME, ids=ids(YAME))
def test_agari_yame_and_tenpai_yame(
    name: str, preset: str, before: list[Json], hand: Json, ended_by: str | None
) -> None:
    output = run(game(preset, [*before, hand], **TONPUU))
    if ended_by is None:
        assert output["final"] is None
        assert next_label(game(preset, [*before, hand], **TONPUU)) == "E4-1"
    else:
        assert output["final"]["ended_by"] == ended_by


STOP_REFUSED = [
    ("auto_if_top leaves no choice", "tenhou", TO_ALL_LAST, DEALER_WINS),
    ("no agari-yame at all", "mleague", TO_ALL_LAST, DEALER_WINS),
    ("optional_if_top, not top", "shiragiku", TO_ALL_LAST_NOT_TOP, DEALER_WINS),
    ("k_rule has no tenpai-yame (聴牌止めナシ)", "k_rule", TO_ALL_LAST, DEALER_TENPAI),
    ("not the last hand", "k_rule", [], ron(1, win(0, 1, 30))),
    ("the dealer did not win", "k_rule", TO_ALL_LAST, ron(3, win(2, 1, 30))),
]


@pytest.mark.parametrize(("name", "preset", "before", "hand"), STOP_REFUSED, ids=ids(STOP_REFUSED))
def test_stop_is_refused_where_the_dealer_has_no_choice(
    name: str, preset: str, before: list[Json], hand: Json
) -> None:
    number = len(before) + 1
    error = message(game(preset, [*before, {**hand, "stop": True}], **TONPUU))
    assert error.startswith(f"hand {number} (")
    assert "stop" in error


def test_mjkt_all_last_abortive_draw_is_renchan_even_for_the_top_dealer() -> None:
    """途中流局は…すべて連荘(オーラスに親がトップでも連荘となる) (seed 001 rule 12): only a win
    or tenpai ends the game for the top all-last dealer."""
    record = game("mjkt", [*TO_ALL_LAST, abortive("suufon")], **TONPUU)
    assert next_label(record) == "E4-1"
    assert (
        final(game("mjkt", [*TO_ALL_LAST, abortive("suufon"), draw(3)], **TONPUU))["ended_by"]
        == "tenpai_yame"
    )


def test_gensou_top_dealer_tenpai_at_s4_ends_the_game() -> None:
    """オーラスはトップの親の聴牌、和了で対局終了。任意に終局を選ぶことは出来ない (seed 004)."""
    record = game("gensou", [*quiet_wind(), *TO_ALL_LAST, DEALER_TENPAI])
    assert final(record)["ended_by"] == "tenpai_yame"
    assert "stop" in message(
        game("gensou", [*quiet_wind(), *TO_ALL_LAST, {**DEALER_TENPAI, "stop": True}])
    )


def test_mjkt_all_last_dealer_noten_ends_the_game_by_length() -> None:
    settled = final(game("mjkt", [*TO_ALL_LAST, draw(1)], **TONPUU))
    assert settled["ended_by"] == "length"


def test_tobi_comes_before_stop() -> None:
    """The all-last dealer's haneman busts seat 1 (13000) in a hand recorded with stop."""
    before = [ron(1, win(2, 6)), ron(2, win(3, 1, 30)), ron(2, win(3, 1, 30))]
    hand = {**ron(1, win(3, 6)), "stop": True}
    settled = final(game("k_rule", [*before, hand], **TONPUU))
    assert settled["ended_by"] == "tobi"
    assert settled["scores"] == [25000, -5000, 35000, 45000]


# -- Tenhou's West extension ---------------------------------------------------------------

HANCHAN = [*quiet_wind(), *quiet_wind()]  # all at 25000 after S4: nobody has 30000


def test_tenhou_goes_to_the_west_when_nobody_has_30000() -> None:
    assert next_label(game("tenhou", HANCHAN)) == "W1-0"


def test_tenhou_ends_at_s4_when_someone_has_30000() -> None:
    south = [*quiet_wind()[:3], ron(3, win(0, 5))]  # seat 0 ends at 32000
    settled = final(game("tenhou", [*quiet_wind(), *south]))
    assert settled["ended_by"] == "length"
    assert settled["scores"] == [32000, 25000, 25000, 18000]


def test_tenhou_west_ends_after_the_hand_that_gives_someone_30000() -> None:
    record = game("tenhou", [*HANCHAN, ron(2, win(1, 5))])
    settled = final(record)
    assert settled["ended_by"] == "extension"
    assert settled["scores"] == [25000, 33000, 17000, 25000]
    # 四捨五入 on the raw score, the top takes the remainder: 3 + 20 + 20
    assert settled["points"] == [5.0, 43.0, -33.0, -15.0]


def test_tenhou_west_goes_on_while_a_dealer_who_is_not_top_keeps_the_seat() -> None:
    """W1: a double ron on seat 3: the dealer (1500) and seat 1 (mangan, 33000). The dealer
    keeps the seat but is not top, so W1-1 is played; when the dealer passes, it ends."""
    double = ron(3, win(1, 5), win(0, 1, 30))
    record = game("tenhou", [*HANCHAN, double])
    assert next_label(record) == "W1-1"
    settled = final(game("tenhou", [*HANCHAN, double, ron(0, win(2, 1, 30))]))
    assert settled["ended_by"] == "extension"


def test_sudden_death_any_ends_the_west_even_while_the_dealer_keeps_the_seat() -> None:
    double = ron(3, win(1, 5), win(0, 1, 30))
    extension = {"sudden_death": "any"}
    settled = final(game("tenhou", [*HANCHAN, double], extension=extension))
    assert settled["ended_by"] == "extension"


def test_tenhou_s4_top_dealer_below_30000_plays_on() -> None:
    """Where an extension target exists, the dealer must also have reached it: at S4 the top
    dealer (seat 3) wins 1500 and has 27500, so S4-1 is played."""
    south = [*quiet_wind()[:3], ron(0, win(3, 1, 30))]
    assert next_label(game("tenhou", [*quiet_wind(), *south])) == "S4-1"
    assert final(game("mjkt", [*quiet_wind(), *south]))["ended_by"] == "agari_yame"


def test_tenhou_west_ends_when_the_dealer_wins_as_top_with_30000() -> None:
    settled = final(game("tenhou", [*HANCHAN, ron(3, win(0, 5))]))
    assert settled["ended_by"] == "extension"
    assert settled["scores"] == [37000, 25000, 25000, 13000]


def test_tenhou_west_ends_after_w4_even_if_nobody_has_30000() -> None:
    settled = final(game("tenhou", [*HANCHAN, *quiet_wind()]))
    assert settled["ended_by"] == "extension"
    assert settled["points"] == [35.0, 5.0, -15.0, -25.0]


def test_tenhou_w4_top_dealer_winning_below_30000_ends_the_game() -> None:
    """W4 is the last hand there is (北入なし): the top dealer's win ends it even below 30000,
    where W1-W3 (and S4) would play on. Tenhou's own rule, as its replayer mjx has it:
    西4局は基本的に終局、例外は親がテンパイでトップ目でない場合のみ."""
    west = [*quiet_wind()[:3], ron(0, win(3, 1, 30))]  # seat 3 deals W4: 26000 + 1500
    settled = final(game("tenhou", [*HANCHAN, *west]))
    assert settled["ended_by"] == "extension"
    assert settled["scores"] == [22500, 25000, 25000, 27500]


def test_tenhou_w4_dealer_winning_but_not_top_plays_w4_1() -> None:
    west = [*quiet_wind()[:3], ron(2, win(3, 1, 30))]  # seat 3 deals W4: top with 27500
    # a double ron on seat 0: the dealer 27500, seat 1 28900 (3 han 30 fu): not top, plays on
    dealer_behind = [*quiet_wind()[:3], ron(0, win(3, 1, 30), win(1, 3, 30))]
    assert final(game("tenhou", [*HANCHAN, *west]))["ended_by"] == "extension"
    assert next_label(game("tenhou", [*HANCHAN, *dealer_behind])) == "W4-1"


# -- しらぎく: the extension checked at the end of each wind, then endless -------------------


def test_shiragiku_west_is_played_out_before_the_31000_check() -> None:
    """南場終了後3万1千点に達した者がいない場合は西入する (seed 002). Seat 1 reaches 33000 in W1,
    but the West is played to its end and only then does the game end."""
    record = game("shiragiku", [*HANCHAN, ron(2, win(1, 5))])
    assert next_label(record) == "W2-0"
    west = [ron(2, win(1, 5)), *quiet_wind()[1:]]
    settled = final(game("shiragiku", [*HANCHAN, *west]))
    assert settled["ended_by"] == "extension"
    assert settled["scores"] == [26000, 32000, 17000, 25000]


def test_shiragiku_top_dealer_may_stop_at_w4_with_31000() -> None:
    """最終局での荘家和了やめ (seed 002, optional_if_top): W4 is the last hand of the West."""
    west = [ron(2, win(1, 5)), *quiet_wind()[1:3]]  # seat 1: 33000 - 1000 = 32000 after W3
    dealer_wins = {**ron(1, win(3, 5)), "stop": True}  # seat 3 deals W4: 26000 + 12000
    settled = final(game("shiragiku", [*HANCHAN, *west, dealer_wins]))
    assert settled["ended_by"] == "stop"
    assert "stop" in message(game("shiragiku", [*HANCHAN, {**ron(2, win(0, 5)), "stop": True}]))


def test_shiragiku_target_lost_before_the_end_of_the_west_goes_to_the_north() -> None:
    west = [ron(2, win(1, 5)), ron(1, win(2, 5)), *quiet_wind()[2:]]
    assert next_label(game("shiragiku", [*HANCHAN, *west])) == "N1-0"


def test_shiragiku_endless_comes_back_to_east_and_ends_at_31000() -> None:
    """北場終了後も同様なら帰り東場とし、以後3万1千点に達した者が現れた時点で終了 (seed 002)."""
    four_winds = [*HANCHAN, *quiet_wind(), *quiet_wind()]
    assert next_label(game("shiragiku", four_winds)) == "E1-0"
    record = game("shiragiku", [*four_winds, ron(2, win(1, 5))])
    assert labels(record)[-1] == "E1-0"
    assert final(record)["ended_by"] == "extension"


def test_shiragiku_endless_ends_after_a_chombo_that_gives_someone_31000() -> None:
    """以後3万1千点に達した者が現れた時点で終了 (seed 002): a chombo's payment counts too.
    In the returned E2, seat 0's reverse mangan pays the dealer (seat 1, 27000) 4000."""
    four_winds = [*HANCHAN, *quiet_wind(), *quiet_wind()]
    record = game("shiragiku", [*four_winds, ron(2, win(1, 2, 30)), chombo(0)])
    settled = final(record)
    assert settled["ended_by"] == "extension"
    assert settled["scores"] == [17000, 31000, 25000, 27000]


@pytest.mark.parametrize(
    ("sudden_death", "ends"), [("any", True), ("unless_dealer_keeps", False), ("none", False)]
)
def test_a_chombo_in_the_west_ends_it_only_in_any_sudden_death(
    sudden_death: str, ends: bool
) -> None:
    """W1: the dealer (seat 0) wins 1500, then seat 2's reverse mangan pays the dealer 4000:
    30500. A chombo keeps the dealer, so only ``any`` ends the game there."""
    hands = [*HANCHAN, ron(2, win(0, 1, 30)), chombo(2)]
    record = game("tenhou", hands, extension={"sudden_death": sudden_death})
    if ends:
        assert final(record)["ended_by"] == "extension"
    else:
        assert next_label(record) == "W1-1"


# -- the 2-han minimum ---------------------------------------------------------------------

FIVE_HONBA = [abortive("kyuushu")] * 5


def test_gensou_needs_2_han_from_5_honba() -> None:
    """5本場以降は二翻縛り (seed 004)."""
    assert message(game("gensou", [*FIVE_HONBA, ron(3, win(2, 1, 30))])) == (
        "hand 6 (E1-5): 1 han is below the 2-han minimum from 5 honba"
    )
    assert rows(game("gensou", [*FIVE_HONBA, ron(3, win(2, 2, 30))]))[-1]["deltas"] == [
        0,
        0,
        3500,
        -3500,
    ]
    assert rows(game("gensou", [*FIVE_HONBA[:4], ron(3, win(2, 1, 30))]))[-1]["deltas"] == [
        0,
        0,
        2200,
        -2200,
    ]

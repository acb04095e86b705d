"""Tenhou mjlog XML: the converter on small hand-written logs (the real logs of the oracle are
replayed in ``test_tenhou_oracles.py``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import replay_record
from scoring.engine.tenhou import TenhouLogError, mjlog_to_record

ORACLE_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "tenhou"
ORACLE_LOGS = sorted(
    path.name for pattern in ("*.mjlog", "*.xml") for path in ORACLE_DIR.glob(pattern)
)
ORACLE_ABSENT = pytest.mark.skipif(
    not ORACLE_LOGS, reason=f"no Tenhou logs in {ORACLE_DIR} (../shared beside the checkout)"
)


# --- small logs written by hand -------------------------------------------------------------


def _log(
    *body: str,
    go: int = 169,
    names: tuple[str, ...] = ("A", "B", "C", "D"),
    finished: bool = True,
) -> str:
    """A log of ``body``; ``finished`` gives its last result the final ``owari`` (unless one
    has it), as the last result of a game that ended has."""
    text = "".join(body)
    last = max(text.rfind("<AGARI"), text.rfind("<RYUUKYOKU"))
    if finished and "owari=" not in text and last >= 0:
        end = text.index("/>", last)
        text = f'{text[:end]} owari="250,0.0,250,0.0,250,0.0,250,0.0"{text[end:]}'
    un = " ".join(f'n{seat}="{name}"' for seat, name in enumerate(names))
    return f'<mjloggm ver="2.3"><GO type="{go}"/><UN {un}/>{text}</mjloggm>'


def _init(honba: int = 0, oya: int = 0) -> str:
    return f'<INIT seed="0,{honba},0,0,0,0" ten="250,250,250,250" oya="{oya}"/>'


def _sc(*changes: int) -> str:
    """An ``sc`` attribute from four changes in hundreds (the scores before do not matter)."""
    return 'sc="' + ",".join(f"250,{change}" for change in changes) + '"'


def _agari(who: int, from_who: int, ten: str, sc: str, extra: str = "") -> str:
    return f'<AGARI ba="0,0" ten="{ten}" who="{who}" fromWho="{from_who}" {extra} {sc}/>'


def _draw(extra: str = "") -> str:
    return f'<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" {extra}/>'


def _one_hand(*body: str, **log: Any) -> dict[str, Any]:
    (hand,) = mjlog_to_record(_log(_init(), *body, **log))["hands"]
    return hand


RON_5200 = _agari(2, 1, "40,5200,0", _sc(0, -52, 52, 0), 'yaku="1,1,7,1,52,1,54,1,53,0"')


def test_a_ron_gives_han_as_the_sum_of_the_yaku_dora_included_and_fu_from_ten() -> None:
    hand = _one_hand(RON_5200)
    assert hand == {
        "riichi": [],
        "result": {
            "type": "ron",
            "from": 1,
            "wins": [{"winner": 2, "han": 4, "fu": 40, "dora": 2, "open": False}],
        },
    }


def test_a_riichi_counts_only_once_its_stick_is_paid_so_a_ronned_declaration_does_not() -> None:
    paid = '<REACH who="3" step="1"/><REACH who="3" step="2"/>'
    ronned = '<REACH who="1" step="1"/>'
    assert _one_hand(paid, ronned, RON_5200)["riichi"] == [3]


def test_a_multiple_ron_keeps_tenhou_s_order_of_the_winners() -> None:
    second = _agari(0, 1, "30,1000,0", _sc(10, -10, 0, 0), 'yaku="8,1"')
    wins = _one_hand(RON_5200, second)["result"]["wins"]
    assert [win["winner"] for win in wins] == [2, 0]


def test_a_tsumo_names_the_winner_and_an_open_meld_is_noted() -> None:
    chi = 'm="39015"'  # a chi: the low two bits name the player it was taken from
    tsumo = _agari(1, 1, "30,1000,0", _sc(-5, 10, -3, -3), f'yaku="8,1" {chi}')
    assert _one_hand(tsumo)["result"] == {
        "type": "tsumo",
        "winner": 1,
        "han": 1,
        "fu": 30,
        "dora": 0,
        "open": True,
    }


def test_a_closed_kan_does_not_open_the_hand() -> None:
    ankan = 'm="4352"'
    tsumo = _agari(1, 1, "40,2600,0", _sc(-13, 26, -7, -7), f'yaku="1,1,8,1" {ankan}')
    assert _one_hand(tsumo)["result"]["open"] is False


@pytest.mark.parametrize(
    ("ten", "who", "yakuman"),
    [
        ("0,32000,5", 3, 1),
        ("0,48000,5", 0, 1),  # seat 0 deals
        ("0,64000,5", 3, 2),  # Tenhou counts each id once but pays some double: trust points
        ("50,96000,5", 0, 2),
    ],
)
def test_a_yakuman_multiple_is_read_from_the_points(ten: str, who: int, yakuman: int) -> None:
    agari = _agari(who, 2, ten, _sc(0, 0, 0, 0), 'yakuman="47"')
    assert _one_hand(agari)["result"]["wins"] == [
        {"winner": who, "yakuman": yakuman, "open": False}
    ]


def test_kazoe_yakuman_stays_han_and_fu_for_the_ruleset_to_value() -> None:
    kazoe = 'yaku="1,1,0,1,22,2,34,6,52,3,53,0"'
    tsumo = _agari(1, 1, "25,32000,5", _sc(-160, 320, -80, -80), kazoe)
    result = _one_hand(tsumo)["result"]
    assert (result["han"], result["fu"]) == (13, 25)


def test_pao_on_a_yakuman_tsumo_paid_whole_by_the_responsible_player() -> None:
    """pao.xml, E2-1: daisangen tsumo by seat 2, the dealer (seat 1) not involved."""
    tsumo = _agari(2, 2, "40,32000,5", _sc(-323, 0, 323, 0), 'yakuman="39" paoWho="0"')
    (hand,) = mjlog_to_record(_log(_init(honba=1, oya=1), tsumo))["hands"]
    assert hand["result"] == {"type": "tsumo", "winner": 2, "yakuman": 1, "pao": 0, "open": False}


def test_pao_of_one_yakuman_in_a_double_yakuman_tsumo_reads_back_the_part_charged() -> None:
    """The responsible seat 2 pays 32000 whole plus its 8000 share of the other yakuman."""
    tsumo = _agari(0, 0, "50,64000,5", _sc(640, -80, -400, -160), 'yakuman="39,42" paoWho="2"')
    (hand,) = mjlog_to_record(_log(_init(oya=3), tsumo))["hands"]
    assert hand["result"] == {
        "type": "tsumo",
        "winner": 0,
        "yakuman": 2,
        "pao": 2,
        "pao_yakuman": 1,
        "open": False,
    }


@pytest.mark.parametrize(
    ("points", "pao_paid", "expected"),
    [
        (32000, 160, {"pao": 3}),  # half of the yakuman by the responsible player
        (64000, 160, {"pao": 3, "pao_yakuman": 1}),  # half of one of two
        (64000, 320, {"pao": 3}),
    ],
)
def test_pao_on_a_ron_is_read_from_the_responsible_player_s_half(
    points: int, pao_paid: int, expected: dict[str, int]
) -> None:
    gain = points // 100
    ron = _agari(
        0, 1, f"40,{points},5", _sc(gain, pao_paid - gain, 0, -pao_paid), 'yakuman="39" paoWho="3"'
    )
    (win,) = mjlog_to_record(_log(_init(oya=2), ron))["hands"][0]["result"]["wins"]
    assert {key: win[key] for key in ("pao", "pao_yakuman") if key in win} == expected


def test_pao_on_a_ron_with_honba_the_responsible_player_pays_the_honba() -> None:
    """積み棒はパオが払う: at 2 honba, seat 1 rons seat 2 for daisangen with seat 3 responsible;
    seat 2 pays half (16000), seat 3 the other half and the honba (16600)."""
    ron = _agari(1, 2, "40,32000,5", _sc(0, 326, -160, -166), 'yakuman="39" paoWho="3"')
    record = mjlog_to_record(_log(_init(honba=2), ron))
    (win,) = record["hands"][0]["result"]["wins"]
    assert {key: win[key] for key in ("pao", "pao_yakuman") if key in win} == {"pao": 3}
    record["hands"].insert(0, {"result": {"type": "draw", "tenpai": [0]}})
    record["hands"].insert(0, {"result": {"type": "draw", "tenpai": [0]}})
    deltas = replay_record(record)["hands"][2]["deltas"]
    assert deltas == [0, 32600, -16000, -16600]


def test_a_pao_payment_no_part_of_the_yakuman_explains_is_refused() -> None:
    tsumo = _agari(0, 0, "50,32000,5", _sc(320, -100, -110, -110), 'yakuman="39" paoWho="2"')
    with pytest.raises(TenhouLogError, match="pao by seat 2"):
        mjlog_to_record(_log(_init(oya=3), tsumo))


def test_an_exhaustive_draw_lists_the_seats_that_showed_their_hand_as_tenpai() -> None:
    draw = _draw('hai1="1,2,3" hai3="4,5,6"')
    assert _one_hand(draw)["result"] == {"type": "draw", "tenpai": [1, 3]}


@pytest.mark.parametrize(
    ("tenhou_type", "kind"),
    [
        ("yao9", "kyuushu"),
        ("kaze4", "suufon"),
        ("reach4", "suucha_riichi"),
        ("ron3", "sanchahou"),
        ("kan4", "suukaikan"),
    ],
)
def test_each_abortive_draw_kind(tenhou_type: str, kind: str) -> None:
    draw = _draw(f'type="{tenhou_type}" hai0="1,2,3"')
    assert _one_hand(draw)["result"] == {"type": "abortive", "kind": kind}


@pytest.mark.parametrize(
    ("changes", "winners"),
    [
        ((-20, -20, 80, -40), [2]),  # a non-dealer's, the dealer (seat 3) paying 4000
        ((-40, -40, -40, 120), [3]),  # the dealer's
        ((60, -40, 60, -80), [0, 2]),  # two at once, netted
    ],
)
def test_nagashi_players_are_read_from_the_mangan_payments(
    changes: tuple[int, ...], winners: list[int]
) -> None:
    nagashi = f'<RYUUKYOKU type="nm" ba="0,1" {_sc(*changes)} hai3="1,2,3"/>'
    (hand,) = mjlog_to_record(_log(_init(oya=3), nagashi))["hands"]
    assert hand["result"] == {"type": "nagashi", "winners": winners, "tenpai": [3]}


def test_nagashi_changes_that_are_no_mangan_payment_are_refused() -> None:
    nagashi = f'<RYUUKYOKU type="nm" ba="0,0" {_sc(-10, -10, 30, -10)}/>'
    with pytest.raises(TenhouLogError, match="nagashi"):
        mjlog_to_record(_log(_init(oya=3), nagashi))


@pytest.mark.parametrize(
    ("changes", "template"),
    [
        pytest.param(
            (-160, 640, -400, -80),
            _agari(1, 1, "50,64000,5", "{sc}", 'yakuman="39,42" paoWho="2"'),
            id="pao-of-one-yakuman-in-a-double-tsumo",
        ),
        pytest.param(
            (0, 640, -480, -160),
            _agari(1, 2, "40,64000,5", "{sc}", 'yakuman="39" paoWho="3"'),
            id="pao-of-one-yakuman-in-a-double-ron",
        ),
        pytest.param(
            (-80, 60, 60, -40), '<RYUUKYOKU type="nm" ba="0,0" {sc}/>', id="two-nagashi-at-once"
        ),
    ],
)
def test_what_is_read_from_the_amounts_replays_to_the_same_amounts(
    changes: tuple[int, ...], template: str
) -> None:
    """The converter's readings (nagashi players, the pao part) invert the engine's payments."""
    record = mjlog_to_record(_log(_init(), template.format(sc=_sc(*changes))))
    (hand,) = replay_record(record)["hands"]
    assert hand["deltas"] == [change * 100 for change in changes]


def test_a_hanchan_uses_the_tenhou_preset_as_it_is() -> None:
    assert mjlog_to_record(_log(_init(), RON_5200))["ruleset"] == {"preset": "tenhou"}


def test_an_east_only_game_plays_east_with_south_as_the_extension() -> None:
    record = mjlog_to_record(_log(_init(), RON_5200, go=0xA1))
    assert record["ruleset"] == {
        "preset": "tenhou",
        "rounds": ["E"],
        "extension": {
            "target": 30000,
            "winds": ["S"],
            "sudden_death": "unless_dealer_keeps",
            "endless": False,
        },
    }


@pytest.mark.parametrize(
    ("owari", "rounding"),
    [
        ("538,63.8,161,-23.9,293,9.3,8,-49.2", {"rounding": {"mode": "none"}}),
        ("260,-14.0,322,12.0,-242,-74.0,660,76.0", {}),
        ("203,-30,208,1,207,-19,382,48", {}),
    ],
)
def test_points_with_tenths_mean_the_game_was_settled_without_rounding(
    owari: str, rounding: dict[str, Any]
) -> None:
    last = RON_5200.replace("/>", f' owari="{owari}"/>')
    assert mjlog_to_record(_log(_init(), last))["ruleset"] == {"preset": "tenhou", **rounding}


def test_names_are_url_decoded_and_empty_or_repeated_ones_made_distinct() -> None:
    names = ("%E8%9E%BA%E5%AD%90", "", "NoName", "NoName")
    record = mjlog_to_record(_log(_init(), RON_5200, names=names))
    assert record["players"] == ["螺子", "Seat 2", "NoName", "NoName (2)"]


def test_a_three_player_log_plays_the_tenhou_sanma_preset_with_three_seats() -> None:
    """<GO type="185"> (三鳳南喰赤): three names, seats 0-2; the fourth slot of ``sc`` is empty."""
    ron = _agari(2, 1, "40,5200,0", 'sc="350,0,350,-52,350,52,0,0"', 'yaku="1,1,7,1,52,2"')
    record = mjlog_to_record(_log(_init(), ron, go=0xB9, names=("A", "B", "C", "")))
    assert record["ruleset"] == {"preset": "tenhou_sanma"}
    assert record["players"] == ["A", "B", "C"]
    assert record["hands"][0]["result"]["wins"] == [
        {"winner": 2, "han": 4, "fu": 40, "dora": 2, "open": False}
    ]


def test_a_three_player_log_naming_a_fourth_seat_is_refused() -> None:
    ron = _agari(3, 1, "40,5200,0", 'sc="350,0,350,-52,350,0,0,52"', 'yaku="1,1,7,1"')
    with pytest.raises(TenhouLogError, match=re.escape('hand 1 (E1-0): <AGARI who="3">')):
        mjlog_to_record(_log(_init(), ron, go=0xB9))


def test_a_north_extraction_is_no_call_so_the_hand_stays_closed() -> None:
    """抜き北 is a meld in ``m`` (bit 0x20) taken from nobody: the low two bits are 0."""
    nuki = 'm="31008"'
    tsumo = _agari(1, 1, "30,6000,1", 'sc="350,-40,340,70,350,-20,0,0"', f'yaku="1,1,52,4" {nuki}')
    (hand,) = mjlog_to_record(_log(_init(), tsumo, go=0xB9))["hands"]
    assert hand["result"]["open"] is False


@pytest.mark.parametrize(
    ("points", "who", "yakuman"),
    [(24000, 1, 1), (32000, 0, 1), (48000, 1, 2), (64000, 0, 2)],
)
def test_a_sanma_yakuman_tsumo_is_read_from_the_two_payments(
    points: int, who: int, yakuman: int
) -> None:
    """ツモ損: a non-dealer's yakuman tsumo is 8000 + 16000, the dealer's 16000 + 16000."""
    tsumo = _agari(who, who, f"40,{points},5", 'sc="350,0,350,0,350,0,0,0"', 'yakuman="39"')
    (hand,) = mjlog_to_record(_log(_init(), tsumo, go=0xB9))["hands"]
    assert hand["result"]["yakuman"] == yakuman


def test_a_game_still_going_on_is_refused() -> None:
    with pytest.raises(TenhouLogError, match="not over") as raised:
        mjlog_to_record(_log(_init(), RON_5200, _init(), finished=False))
    assert raised.value.code == "log_unfinished"


def test_a_game_paying_chips_is_refused_naming_what_no_option_expresses() -> None:
    chips = 'owari="250,0.0,0,250,0.0,0,250,0.0,0,250,0.0,0"'
    with pytest.raises(TenhouLogError, match="祝儀") as raised:
        mjlog_to_record(_log(_init(), RON_5200.replace("/>", f" {chips}/>")))
    assert (raised.value.code, raised.value.params) == (
        "log_rules",
        {"rule": "祝儀", "option": "chips"},
    )


def test_a_truncated_log_names_where_it_breaks_off() -> None:
    text = _log(_init(), RON_5200)
    with pytest.raises(TenhouLogError) as raised:
        mjlog_to_record(text[: len(text) // 2])
    assert raised.value.code == "log_damaged"
    assert raised.value.params["line"] == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("this is not xml", "does not parse"),
        ("<html><body/></html>", "<html>"),
        ('<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>', "DTD"),
        ('<mjloggm><UN n0="A"/></mjloggm>', "<GO>"),
        (_log(), "no <INIT>"),
        (_log(RON_5200, _init(), RON_5200), "before the first <INIT>"),
        (_log(_init()), "the game is not over"),
        (_log(_init(), _init(), RON_5200), "hand 1 (E1-0): the hand has no result"),
        (
            _log(_init(), RON_5200, _init(), RON_5200, _draw()),
            "hand 2 (E1-0): the hand has both a win and a draw",
        ),
        (
            _log(_init(), RON_5200.replace('ten="40,5200,0"', "")),
            "hand 1 (E1-0): <AGARI> has no ten",
        ),
        (_log(_init(), RON_5200.replace('who="2"', 'who="4"')), "not a seat"),
        (_log(_init(), RON_5200.replace('yaku="1,1,', 'yaku="1,x,')), "not whole numbers"),
        (_log(_init(), RON_5200.replace('yaku="1,1,', 'yaku="1,')), "not id,han pairs"),
        (_log(_init(), _draw('type="chombo"')), 'type="chombo"'),
        (_log('<INIT seed="0,0" ten="250,250,250,250" oya="0"/>', RON_5200), "6 numbers"),
    ],
)
def test_a_malformed_log_is_refused_with_a_message_naming_the_element(
    text: str, message: str
) -> None:
    with pytest.raises(TenhouLogError, match=re.escape(message)):
        mjlog_to_record(text)

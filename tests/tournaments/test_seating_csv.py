"""The predefined seating's CSV: each problem refused with its code, its row and whom it names."""

from __future__ import annotations

import pytest

from tournaments.seating import SeatingError
from tournaments.seating_csv import parse_seating_csv

PLAYERS = {f"選手{n}": n for n in range(1, 9)}


def test_a_header_tabs_and_japanese_commas_are_all_read() -> None:
    text = (
        "回戦,卓,東,南,西,北\n1\t1\t選手1\t選手2\t選手3\t選手4\n1、2、選手5、選手6、選手7、選手8\n"
    )
    assert parse_seating_csv(text, PLAYERS) == {1: ((1, 2, 3, 4), (5, 6, 7, 8))}


def test_several_rounds_come_back_in_order_with_their_tables_in_order() -> None:
    text = "2,2,選手5,選手6,選手7,選手8\n2,1,選手4,選手3,選手2,選手1\n1,1,選手1,選手2,選手3,選手4\n"
    text += "1,2,選手5,選手6,選手7,選手8\n"
    rounds = parse_seating_csv(text, PLAYERS)
    assert list(rounds) == [1, 2]
    assert rounds[2] == ((4, 3, 2, 1), (5, 6, 7, 8))


@pytest.mark.parametrize(
    ("text", "code", "row", "detail"),
    [
        ("", "empty", None, None),
        ("1,1\n", "columns", 1, None),
        ("一,1,選手1,選手2,選手3,選手4\n", "not_a_number", 1, None),
        ("1,1,選手1,選手2,選手3,選手4\n1,1,選手5,選手6,選手7,選手8\n", "table_twice", 2, None),
        ("1,1,選手1,選手2,選手3,選手4\n1,3,選手5,選手6,選手7,選手8\n", "table_numbers", None, None),
        ("1,1,選手1,選手2,選手3,誰\n", "unknown_player", 1, "誰"),
        ("1,1,選手1,選手2,選手3\n", "table_size", 1, None),
        (
            "1,1,選手1,選手2,選手3,選手4\n1,2,選手1,選手6,選手7,選手8\n",
            "twice_in_round",
            2,
            "選手1",
        ),
    ],
)
def test_each_problem_names_its_row(
    text: str, code: str, row: int | None, detail: str | None
) -> None:
    with pytest.raises(SeatingError) as refused:
        parse_seating_csv(text, PLAYERS)
    assert refused.value.code == code
    assert refused.value.row == row
    if detail:
        assert refused.value.player == detail


def test_sanma_tables_take_three() -> None:
    assert parse_seating_csv("1,1,選手1,選手2,選手3\n", PLAYERS, table_size=3) == {1: ((1, 2, 3),)}

"""League standings: the sums, places, tie-breaks, best N, caps and qualification, by hand.

The fixture league is in ``conftest.py`` with its arithmetic.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from clubs.models import Club, Counting, League, Player, RulesetVersion, TieBreak
from standings.tables import (
    ResultLine,
    Row,
    counted_results,
    league_standings,
    order_and_place,
    rows_from_lines,
    sorted_rows,
)
from tests.clubs.factories import make_ruleset
from tests.standings.factories import make_league, result_game


def table(league: League, **dates: datetime.date) -> list[tuple[int | None, str, str, int]]:
    standings = league_standings(league, **dates)
    return [(row.place, row.name, str(row.total), row.games) for row in standings.rows]


def test_the_standings_add_the_counted_games_and_draw_the_qualification_line(
    league: League,
) -> None:
    assert table(league) == [
        (1, "馬場", "45.0", 2),
        (2, "青木", "35.0", 3),
        (3, "千葉", "0.0", 3),
        (4, "土井", "-40.0", 3),
        (None, "江藤", "-40.0", 1),  # one game: below the line of 2 (規定打数)
    ]


def test_voided_unfinished_out_of_range_and_other_league_games_do_not_count(
    league: League,
) -> None:
    assert counted_results(league).values("game").distinct().count() == 3


def test_every_column_of_a_player_is_worked_out_from_the_games(league: League) -> None:
    rows = {row.name: row for row in league_standings(league).rows}
    aoki = rows["青木"]  # 1st +45.0 50000, 2nd +10.0 30000, 3rd -20.0 10000
    assert aoki.places == [1, 1, 1, 0]
    assert aoki.average_points == pytest.approx(35 / 3)
    assert aoki.average_rank == 2.0
    assert (aoki.top_rate, aoki.rentai_rate, aoki.last_avoidance_rate) == (
        pytest.approx(1 / 3),
        pytest.approx(2 / 3),
        1.0,
    )
    assert aoki.average_score == 30000
    assert (aoki.tobi_rate, aoki.best_game) == (0.0, Decimal("45.0"))
    eto = rows["江藤"]  # one game, last, busted at -5000
    assert (eto.places, eto.last_avoidance_rate, eto.tobi_rate) == ([0, 0, 0, 1], 0.0, 1.0)


def test_equal_totals_share_a_place_unless_a_tie_break_separates_them(league: League) -> None:
    league.qualification_games = 0
    assert [row.place for row in league_standings(league).rows] == [1, 2, 3, 4, 4]
    league.tie_breaks = [TieBreak.AVERAGE_RANK]  # 土井 (4+3+2)/3 = 3.0 beats 江藤 4.0
    rows = league_standings(league).rows
    assert [(row.name, row.place) for row in rows[3:]] == [("土井", 4), ("江藤", 5)]


def test_places_are_shared_1_2_2_4() -> None:
    rows = [_row("A", "30.0"), _row("B", "10.0"), _row("C", "10.0"), _row("D", "-50.0")]
    order_and_place(rows, [], 0)
    assert [(row.name, row.place) for row in rows] == [("A", 1), ("B", 2), ("C", 2), ("D", 4)]


@pytest.mark.parametrize(
    ("tie_break", "first"),
    [
        (TieBreak.AVERAGE_RANK, "B"),  # B 1.5 against C 2.0
        (TieBreak.FIRSTS, "C"),  # C has two 1st places
        (TieBreak.FEWER_LASTS, "B"),  # B none, C one
        (TieBreak.MORE_GAMES, "C"),  # C 4 games, B 2
        (TieBreak.AVERAGE_SCORE, "C"),  # C 35000, B 30000
        (TieBreak.BEST_GAME, "C"),  # C 40.0, B 20.0
    ],
)
def test_each_tie_break_decides_between_equal_totals(tie_break: str, first: str) -> None:
    b = Row(2, "B", Decimal("20.0"), 2, [1, 1, 0, 0], 3, 60000, 0, 0, Decimal("20.0"))
    c = Row(3, "C", Decimal("20.0"), 4, [2, 0, 1, 1], 8, 140000, 0, 0, Decimal("40.0"))
    rows = [c, b] if first == "B" else [b, c]
    order_and_place(rows, [tie_break], 0)
    assert [(row.name, row.place) for row in rows] == [
        (first, 1),
        ("C" if first == "B" else "B", 2),
    ]


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        # best 2: 青木 45+10, 馬場 5+40, 千葉 50-15, 土井 10-15, 江藤 -40
        (
            {"counting": Counting.BEST, "best_games": 2},
            [
                ("青木", "55.0"),
                ("馬場", "45.0"),
                ("千葉", "35.0"),
                ("土井", "-5.0"),
                ("江藤", "-40.0"),
            ],
        ),
        # cap 30: 青木 30+10-20, 馬場 5+30, 千葉 -15-30+30, 土井 -30-15+10, 江藤 -30
        (
            {"points_cap": Decimal("30.0")},
            [
                ("馬場", "35.0"),
                ("青木", "20.0"),
                ("千葉", "-15.0"),
                ("土井", "-35.0"),
                ("江藤", "-30.0"),
            ],
        ),
        # both: 青木 30+10, 馬場 5+30, 千葉 30-15, 土井 10-15, 江藤 -30
        (
            {"counting": Counting.BEST, "best_games": 2, "points_cap": Decimal("30.0")},
            [
                ("青木", "40.0"),
                ("馬場", "35.0"),
                ("千葉", "15.0"),
                ("土井", "-5.0"),
                ("江藤", "-30.0"),
            ],
        ),
    ],
)
def test_best_n_games_and_the_cap_per_game(
    league: League, settings: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    for name, value in settings.items():
        setattr(league, name, value)
    rows = league_standings(league).rows
    assert [(row.name, str(row.total)) for row in rows] == expected
    games = {row.name: row.games for row in rows}  # every game still counts as played
    assert games == {"青木": 3, "馬場": 2, "千葉": 3, "土井": 3, "江藤": 1}


def test_a_date_range_inside_the_league_counts_only_its_games(league: League) -> None:
    # Only G1 and G2 (before 10-01): 青木 45+10, 馬場 5+40, 千葉 -15-35, 土井 -35-15.
    assert table(league, date_to=datetime.date(2026, 9, 30)) == [
        (1, "青木", "55.0", 2),
        (2, "馬場", "45.0", 2),
        (3, "千葉", "-50.0", 2),
        (3, "土井", "-50.0", 2),
    ]


def test_a_date_range_never_widens_the_league(league: League) -> None:
    wide = table(league, date_from=datetime.date(2026, 1, 1))
    assert wide == table(league)


def test_the_database_sums_equal_the_same_sums_in_python(league: League) -> None:
    lines = [
        ResultLine(r.player_id, r.player.name, r.seat, r.rank, r.points, r.final_score, r.busted)
        for r in counted_results(league).select_related("player")
    ]
    league.counting, league.best_games, league.points_cap = Counting.BEST, 2, Decimal("30.0")
    rows, size = rows_from_lines(lines, league)
    assert size == 4
    assert [(r.name, r.total, r.places, r.place) for r in rows] == [
        (r.name, r.total, r.places, r.place) for r in league_standings(league).rows
    ]


def test_sorting_by_a_column_keeps_the_standings_order_between_equal_values(
    league: League,
) -> None:
    rows = league_standings(league).rows
    assert [row.name for row in sorted_rows(rows, "games", descending=True)] == [
        "青木", "千葉", "土井", "馬場", "江藤",
    ]  # fmt: skip
    assert [row.name for row in sorted_rows(rows, "average_rank", descending=False)] == [
        "馬場", "青木", "千葉", "土井", "江藤",
    ]  # fmt: skip


def test_a_sort_by_any_column_keeps_the_unqualified_after_the_qualified(
    league: League,
) -> None:
    rows = league_standings(league).rows  # 江藤: one game, below the line of two
    assert [row.name for row in sorted_rows(rows, "average_points", descending=False)] == [
        "土井", "千葉", "青木", "馬場", "江藤",
    ]  # fmt: skip
    assert [row.name for row in sorted_rows(rows, "tobi_rate", descending=True)][-1] == "江藤"


def test_a_sanma_league_has_three_places(club: Club, players: list[Player]) -> None:
    version = make_ruleset(club, "gensou_sanma", "三麻").current_version()
    assert version is not None
    league = make_league(club, "三麻リーグ")
    a, b, c, d, _ = players
    day = datetime.date(2026, 10, 1)
    result_game(
        version, league, day, [(a, 1, "40.0", 50000), (b, 2, "0.0", 35000), (c, 3, "-40.0", 20000)]
    )
    result_game(
        version, league, day, [(d, 1, "40.0", 50000), (a, 2, "0.0", 35000), (b, 3, "-40.0", 20000)]
    )
    standings = league_standings(league)
    assert standings.table_size == 3
    assert [column.key for column in standings.columns if column.key.startswith("place_")] == [
        "place_1", "place_2", "place_3",
    ]  # fmt: skip
    rows = {row.name: row for row in standings.rows}
    assert rows["馬場"].places == [0, 1, 1]
    assert rows["馬場"].last_avoidance_rate == 0.5  # last is 3rd in sanma


def _row(name: str, total: str) -> Row:
    return Row(0, name, Decimal(total), 1, [1, 0, 0, 0], 1, 25000, 0, 0, Decimal(total))


def test_a_new_league_without_games_has_empty_standings(
    club: Club, version: RulesetVersion
) -> None:
    assert league_standings(make_league(club, "冬季リーグ")).rows == []


def test_in_a_best_n_league_the_average_is_the_best_n_total_over_its_games(
    league: League,
) -> None:
    """青木 +45.0, +10.0, -20.0 with the best two counted: 合計 +55.0 over 2 games, 平均 +27.5;
    江藤 has one game, fewer than N: -40.0 over that one."""
    league.counting, league.best_games = Counting.BEST, 2
    rows = {row.name: row for row in league_standings(league).rows}
    aoki, eto = rows["青木"], rows["江藤"]
    assert (str(aoki.total), aoki.games, aoki.average_points) == ("55.0", 3, 27.5)
    assert (str(eto.total), eto.average_points) == ("-40.0", -40.0)
    lines = [
        ResultLine(r.player_id, r.player.name, r.seat, r.rank, r.points, r.final_score)
        for r in counted_results(league).select_related("player")
    ]
    by_name = {row.name: row for row in rows_from_lines(lines, league)[0]}
    assert by_name["青木"].average_points == 27.5

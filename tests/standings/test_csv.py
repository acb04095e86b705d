"""The league's CSV downloads open right in Excel and can never run a formula.

Two score-only K-rule games (25000/30000, uma 10-20, oka 20 to the top), every value worked out
on paper ((final score - 30000) / 1000 + uma, + 20 for the top):

    10-01 1卓   青木 40000 +50.0 | 馬場 30000 +10.0 | 千葉 28000 -12.0 | 土井  2000 -48.0
    10-02 @2卓  =SUM(A1) 52000 +62.0 | +81 90 31000 +11.0 | @x 19000 -21.0 | -x -2000 -52.0 (bust)
"""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.http import HttpResponseBase
from django.test import Client

from clubs.models import Club, League, Player, Role, RulesetVersion
from scoring import services
from scoring.models import Game
from standings.csv_export import safe_text
from tests.clubs.factories import make_club, make_member, make_players, make_ruleset
from tests.standings.factories import score_only

NAMES = ("青木", "馬場", "千葉", "土井", "=SUM(A1)", "+81 90", "@x", "-x")
FIRST = datetime.date(2026, 10, 1)
SECOND = datetime.date(2026, 10, 2)
STANDINGS_HEADER = [
    "Place",
    "Player",
    "Total points",
    "Games",
    "Average points",
    "Average rank",
    "1st places",
    "2nd places",
    "3rd places",
    "4th places",
    "Top rate (%)",
    "Top-two rate (%)",
    "Last avoidance (%)",
    "Average final score",
    "Bust rate (%)",
    "Penalties",
    "Qualified",
    "rating",
    "rating_low",
    "rating_high",
    "mu",
    "sigma",
]
GAMES_HEADER = [
    "Date",
    "Game",
    "Table",
    "Ruleset",
    "Player",
    "Seat",
    "Seat wind",
    "Rank",
    "Final score",
    "Points",
    "Busted",
    "Penalties",
    "Chips (祝儀)",
    "Chips in points",
]


@pytest.fixture
def club(db: None) -> Club:
    club = make_club("tsubame", name="つばめ麻雀会")
    club.default_language = "en"
    club.save(update_fields=["default_language"])
    return club


@pytest.fixture
def players(club: Club) -> list[Player]:
    return make_players(club, NAMES)


@pytest.fixture
def league(club: Club, k_rule: RulesetVersion, players: list[Player]) -> League:
    league = League.objects.create(club=club, name="秋季リーグ 2026", ruleset=k_rule.ruleset)
    first = [("青木", 40000), ("馬場", 30000), ("千葉", 28000), ("土井", 2000)]
    second = [("=SUM(A1)", 52000), ("+81 90", 31000), ("@x", 19000), ("-x", -2000)]
    score_only(league, k_rule, FIRST, first, table="1卓")
    score_only(league, k_rule, SECOND, second, table="@2卓")
    return league


def url(league: League, name: str) -> str:
    return f"/c/{league.club.slug}/leagues/{league.pk}/{name}"


def body(response: HttpResponseBase) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)  # type: ignore[attr-defined]
    return response.content  # type: ignore[attr-defined]


def rows_of(response: HttpResponseBase) -> list[list[str]]:
    data = body(response)
    assert data.startswith("\ufeff".encode())  # the BOM: Excel then reads UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


# -- the formula guard ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+81 90", "'+81 90"),
        ("@x", "'@x"),
        ("-x", "'-x"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("青木", "青木"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_a_text_cell_that_would_run_as_a_formula_gets_a_quote(text: str, written: str) -> None:
    assert safe_text(text) == written


# -- standings.csv -------------------------------------------------------------------------


def test_standings_csv_has_every_column_and_the_values_of_the_page(
    as_member: Client, league: League
) -> None:
    response = as_member.get(url(league, "standings.csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = rows_of(response)
    assert rows[0] == STANDINGS_HEADER
    assert [row[:3] for row in rows[1:]] == [
        ["1", "'=SUM(A1)", "62.0"],
        ["2", "青木", "50.0"],
        ["3", "'+81 90", "11.0"],
        ["4", "馬場", "10.0"],
        ["5", "千葉", "-12.0"],
        ["6", "'@x", "-21.0"],
        ["7", "土井", "-48.0"],
        ["8", "'-x", "-52.0"],
    ]
    chiba = ["5", "千葉", "-12.0", "1", "-12.0", "3.00", "0", "0", "1", "0"]
    rated = by_the_library()
    assert rows[5] == [*chiba, "0.0", "0.0", "100.0", "28000", "0.0", "0", "yes", *rated[3]]
    minus_x = ["8", "'-x", "-52.0", "1", "-52.0", "4.00", "0", "0", "0", "1"]
    assert rows[8] == [*minus_x, "0.0", "0.0", "0.0", "-2000", "100.0", "0", "yes", *rated[4]]
    assert [row[-5:] for row in rows[1:3]] == [rated[1], rated[1]]  # each game's winner


def by_the_library() -> dict[int, list[str]]:
    """The rating columns of a player placed 1st to 4th in their one game, worked out by
    OpenSkill's own Plackett-Luce (each of the two games has four new players): 1500 + 40 *
    (mu - 25), ± 1.96 * 40 * sigma, rounded; mu and sigma unrounded."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 3, 4])
    columns = {}
    for place, (player,) in enumerate(rated, 1):
        shown, margin = 1500 + 40 * (player.mu - 25), 1.96 * 40 * player.sigma
        whole = [round(shown), round(shown - margin), round(shown + margin)]
        columns[place] = [*(str(n) for n in whole), repr(player.mu), repr(player.sigma)]
    return columns


def test_standings_csv_names_the_file_after_the_league(as_member: Client, league: League) -> None:
    response = as_member.get(url(league, "standings.csv"))
    assert response["Content-Disposition"] == (
        'attachment; filename="2026-standings.csv"; '
        "filename*=UTF-8''%E7%A7%8B%E5%AD%A3%E3%83%AA%E3%83%BC%E3%82%B0%202026-standings.csv"
    )


def test_a_league_with_no_ascii_in_its_name_gets_an_ascii_filename_still(
    as_member: Client, league: League
) -> None:
    league.name = "秋季リーグ"
    league.save(update_fields=["name"])
    response = as_member.get(url(league, "standings.csv"))
    assert f'filename="league-{league.pk}-standings.csv"' in response["Content-Disposition"]


def test_standings_csv_follows_the_search(as_member: Client, league: League) -> None:
    rows = rows_of(as_member.get(url(league, "standings.csv") + "?q=X"))
    assert [row[:2] for row in rows[1:]] == [["6", "'@x"], ["8", "'-x"]]


def test_standings_csv_follows_the_sort(as_member: Client, league: League) -> None:
    rows = rows_of(as_member.get(url(league, "standings.csv") + "?sort=total&order=asc"))
    assert [row[2] for row in rows[1:]] == [
        "-52.0",
        "-48.0",
        "-21.0",
        "-12.0",
        "10.0",
        "11.0",
        "50.0",
        "62.0",
    ]


def test_standings_csv_follows_the_dates(as_member: Client, league: League) -> None:
    rows = rows_of(as_member.get(url(league, "standings.csv") + "?date_from=2026-10-02"))
    assert [row[1] for row in rows[1:]] == ["'=SUM(A1)", "'+81 90", "'@x", "'-x"]


def test_a_wrong_sort_or_date_is_ignored_not_a_500(as_member: Client, league: League) -> None:
    response = as_member.get(url(league, "standings.csv") + "?sort=nope&date_from=x&order=up")
    assert response.status_code == 200
    assert len(rows_of(response)) == 9


def test_players_below_the_qualification_line_are_marked(as_member: Client, league: League) -> None:
    league.qualification_games = 2
    league.save(update_fields=["qualification_games"])
    rows = rows_of(as_member.get(url(league, "standings.csv")))
    assert {(row[0], row[-6]) for row in rows[1:]} == {("", "no")}


# -- games.csv -----------------------------------------------------------------------------


# (player, seat, wind, rank, final score, points, busted) of each game, in seat order.
FIRST_GAME = [
    ("青木", "0", "東", "1", "40000", "50.0", "no"),
    ("馬場", "1", "南", "2", "30000", "10.0", "no"),
    ("千葉", "2", "西", "3", "28000", "-12.0", "no"),
    ("土井", "3", "北", "4", "2000", "-48.0", "no"),
]
SECOND_GAME = [
    ("'=SUM(A1)", "0", "東", "1", "52000", "62.0", "no"),
    ("'+81 90", "1", "南", "2", "31000", "11.0", "no"),
    ("'@x", "2", "西", "3", "19000", "-21.0", "no"),
    ("'-x", "3", "北", "4", "-2000", "-52.0", "yes"),
]


NO_CHIPS = ("0", "0", "0.0")  # penalties, then the chips and their points (K-rule has none)


def test_games_csv_has_a_row_per_player_per_game(as_member: Client, league: League) -> None:
    response = as_member.get(url(league, "games.csv"))
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Disposition"].startswith('attachment; filename="2026-games.csv";')
    rows = rows_of(response)
    assert rows[0] == GAMES_HEADER
    first, second = Game.objects.filter(league=league).order_by("played_on")
    expected = [
        ["2026-10-01", str(first.pk), "1卓", "Kルール", *line, *NO_CHIPS] for line in FIRST_GAME
    ] + [
        ["2026-10-02", str(second.pk), "'@2卓", "Kルール", *line, *NO_CHIPS] for line in SECOND_GAME
    ]
    assert rows[1:] == expected


def test_games_csv_guards_a_ruleset_name_too(as_member: Client, club: Club, league: League) -> None:
    version = make_ruleset(club, "k_rule", "=HYPERLINK(1)").current_version()
    assert version is not None
    score_only(league, version, SECOND, [(n, 25000) for n in ("青木", "馬場", "千葉", "土井")])
    rows = rows_of(as_member.get(url(league, "games.csv")))
    assert {row[3] for row in rows[1:]} == {"Kルール", "'=HYPERLINK(1)"}


def test_games_csv_leaves_out_games_that_do_not_count(
    as_member: Client, club: Club, k_rule: RulesetVersion, league: League
) -> None:
    services.start_game(
        club, ruleset_version=k_rule, players=list(NAMES[:4]), played_on=FIRST, league=league
    )  # in progress
    rows = rows_of(as_member.get(url(league, "games.csv") + "?date_to=2026-10-01"))
    assert len(rows) == 5
    assert {row[0] for row in rows[1:]} == {"2026-10-01"}


def test_games_csv_of_a_league_without_games_is_the_header_alone(
    as_member: Client, club: Club
) -> None:
    empty = League.objects.create(club=club, name="空")
    assert rows_of(as_member.get(url(empty, "games.csv"))) == [GAMES_HEADER]


# -- who may download ----------------------------------------------------------------------

DOWNLOADS = ("standings.csv", "games.csv")


@pytest.mark.parametrize("name", DOWNLOADS)
def test_an_anonymous_visitor_of_a_private_club_is_sent_to_log_in(
    league: League, name: str
) -> None:
    response = Client().get(url(league, name))
    assert response.status_code == 302
    assert "/login" in response["Location"]


@pytest.mark.parametrize("name", DOWNLOADS)
def test_a_member_may_download(as_member: Client, league: League, name: str) -> None:
    assert as_member.get(url(league, name)).status_code == 200


@pytest.mark.parametrize("name", DOWNLOADS)
def test_another_clubs_admin_gets_404(league: League, name: str) -> None:
    client = Client()
    client.force_login(make_member(make_club("hibari"), "yoso", Role.ADMIN))
    assert client.get(url(league, name)).status_code == 404


@pytest.mark.parametrize("name", DOWNLOADS)
def test_an_unknown_or_another_clubs_league_is_404(
    as_member: Client, club: Club, league: League, name: str
) -> None:
    theirs = League.objects.create(club=make_club("hibari"), name="よそ")
    assert as_member.get(f"/c/{club.slug}/leagues/999999/{name}").status_code == 404
    assert as_member.get(f"/c/{club.slug}/leagues/{theirs.pk}/{name}").status_code == 404

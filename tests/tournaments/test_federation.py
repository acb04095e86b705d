"""Results for a federation: the CSV and XLSX read back with every figure, the penalty list,
the zero-sum check refusing a game whose points were made not to add up, a league's files,
and the player's federation fields on their page.

The tournament is ``results_world``'s: EMA rules, eight players, two rounds, every figure
worked out there on paper.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.test import Client
from openpyxl import load_workbook

from clubs.models import ClubLog, LogKind
from scoring import services as scoring
from scoring.models import Game, GameResult
from tests.clubs.conftest import logged_in
from tests.clubs.factories import make_member, make_ruleset
from tests.tournaments import results_world
from tests.tournaments.results_world import DAY, World

pytestmark = pytest.mark.django_db

HEADER = [
    "Place",
    "EMA number",
    "Last name",
    "First name",
    "Nationality",
    "Table points",
    "Raw score",
    "Round 1",
    "Round 2",
]
# Place, EMA number, last name, first name, nationality, table points, raw score, R1, R2.
RESULTS = [
    ["1", "04010001", "Yamada", "Taro", "JPN", "47.6", "77600", "22.6", "25.0"],
    ["2", "02010042", "Müller", "Anna-Lena", "DEU", "37.0", "77000", "30.0", "7.0"],
    ["3", "", "選手02", "", "", "27.3", "67300", "7.3", "20.0"],
    ["4", "", "選手06", "", "", "16.0", "66000", "10.0", "6.0"],
    ["5", "", "選手03", "", "", "-30.3", "49700", "-23.3", "-7.0"],
    ["6", "", "選手04", "", "", "-32.6", "57400", "-26.6", "-6.0"],
    ["7", "", "選手07", "", "", "-35.0", "45000", "-10.0", "-25.0"],
    ["8", "", "選手08", "", "", "-50.0", "40000", "-30.0", "-20.0"],
]
PENALTY_HEADER = [
    "Round",
    "Table",
    "Hand",
    "EMA number",
    "Player",
    "Kind",
    "Score",
    "Table points",
    "Reason",
]
PENALTIES = [
    ["1", "1", "East 1, 1 honba", "", "選手04", "chombo", "", "-20.0", ""],
    ["1", "1", "East 1, 1 honba", "", "選手03", "dead hand", "", "", ""],
]


@pytest.fixture(scope="module")
def world(module_db: None) -> World:
    return results_world.build()


@pytest.fixture
def client(world: World) -> Client:
    client = Client()
    client.cookies["django_language"] = "en"
    return client


def base(world: World) -> str:
    return f"/c/{world.club.slug}/tournaments/{world.tournament.pk}"


def read_csv(response: object) -> list[list[str]]:
    text = response.content.decode("utf-8")  # type: ignore[attr-defined]
    assert text.startswith("\ufeff"), "Excel needs the BOM to read Japanese"
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_results_csv_has_the_federation_columns_and_every_round(
    world: World, client: Client
) -> None:
    response = client.get(f"{base(world)}/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    disposition = response["Content-Disposition"]
    assert "filename*=UTF-8''%E7%A7%8B%E5%AD%A3%E5%A4%A7%E4%BC%9A-results.csv" in disposition
    header, *rows = read_csv(response)
    assert header == HEADER
    assert rows == RESULTS
    # Every game adds up to 0 but round 1 table 1, which lost its chombo's 20 to no one.
    assert sum(Decimal(row[5]) for row in rows) == Decimal("-20.0")


def test_the_xlsx_has_numbers_as_numbers_a_bold_frozen_header_and_the_penalties(
    world: World, client: Client
) -> None:
    response = client.get(f"{base(world)}/results.xlsx")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = load_workbook(io.BytesIO(response.content))
    results, penalties = book.worksheets
    assert (results.title, penalties.title) == ("Results", "Penalties")
    values = [list(row) for row in results.iter_rows(values_only=True)]
    assert values[0] == HEADER
    assert values[1] == [1, "04010001", "Yamada", "Taro", "JPN", 47.6, 77600, 22.6, 25.0]
    assert values[5] == [5, None, "選手03", None, None, -30.3, 49700, -23.3, -7.0]
    assert [row[5] for row in values[1:]] == [float(row[5]) for row in RESULTS]
    assert [row[6] for row in values[1:]] == [int(row[6]) for row in RESULTS]
    assert results["F2"].number_format == "0.0"
    assert all(cell.font.bold for cell in results[1])
    assert results.freeze_panes == "A2"
    rows = [list(row) for row in penalties.iter_rows(values_only=True)]
    assert rows[0] == PENALTY_HEADER
    assert rows[1][:6] == [1, 1, "East 1, 1 honba", None, "選手04", "chombo"]
    assert rows[1][6:8] == [None, -20.0]
    assert rows[2][4:6] == ["選手03", "dead hand"]
    assert len(rows) == 3


def test_the_penalty_list_names_round_table_hand_player_kind_and_points(
    world: World, client: Client
) -> None:
    response = client.get(f"{base(world)}/penalties.csv")
    header, *rows = read_csv(response)
    assert header == PENALTY_HEADER
    assert rows == PENALTIES


def test_a_game_whose_points_do_not_add_up_stops_the_download_and_says_where(
    world: World, client: Client
) -> None:
    game = Game.objects.get(round_number=2, table_number=1, club=world.club)
    GameResult.objects.filter(game=game, seat=0).update(points=Decimal("35.0"))  # was +25.0
    for url in ("results.csv", "results.xlsx"):
        response = client.get(f"{base(world)}/{url}")
        assert response.status_code == 409
        assert response["Content-Type"].startswith("text/html")
        page = response.content.decode()
        assert (
            "Round 2, Table 1: the table points add up to +10.0, but its hands make them add up "
            "to 0.0 (penalties 0.0, rounding 0.0)." in page
        )
    # The penalty list is what the organiser looks into it with: it still downloads.
    assert client.get(f"{base(world)}/penalties.csv").status_code == 200
    # Made not to add up beyond its chombo: round 1, table 1 says both amounts.
    chombo = Game.objects.get(round_number=1, table_number=1, club=world.club)
    GameResult.objects.filter(game=chombo, seat=3).update(points=Decimal("-6.6"))  # was -26.6
    page = client.get(f"{base(world)}/results.csv").content.decode()
    assert (
        "Round 1, Table 1: the table points add up to 0.0, but its hands make them add up to "
        "-20.0 (penalties -20.0, rounding 0.0)." in page
    )


def test_the_standings_page_links_the_files(world: World, client: Client) -> None:
    page = client.get(f"{base(world)}/standings/").content.decode()
    for url in ("results.csv", "results.xlsx", "penalties.csv", "report.pdf"):
        assert f'href="{base(world)}/{url}"' in page


def test_a_league_downloads_its_results_a_column_a_day_and_checks_them_the_same(
    world: World, client: Client
) -> None:
    """Two EMA games of a league on two days; one of them then tampered with."""
    from datetime import timedelta

    from tests.standings.factories import make_league

    league = make_league(world.club, name="Liga")
    version = world.club.rulesets.get(name="EMA").current_version()
    days = [DAY, DAY + timedelta(days=7)]
    scores_by_day = [(45000, 35000, 25000, 15000), (20000, 28000, 32000, 40000)]
    for day, scores in zip(days, scores_by_day, strict=True):
        game = scoring.start_game(
            world.club,
            ruleset_version=version,
            players=["選手01", "選手02", "選手03", "選手04"],
            played_on=day,
            league=league,
        )
        results_world.finish(game, scores)
    url = f"/c/{world.club.slug}/leagues/{league.pk}"
    header, *rows = read_csv(client.get(f"{url}/results.csv"))
    assert header == [*HEADER[:7], "2026-11-28", "2026-12-05"]
    assert rows == [
        # 選手02: +10 then -7 is 3.0; 選手03: -10 then +7; 選手04: -30 then +25.
        ["1", "04010001", "Yamada", "Taro", "JPN", "5.0", "65000", "30.0", "-25.0"],
        ["2", "", "選手02", "", "", "3.0", "63000", "10.0", "-7.0"],
        ["3", "", "選手03", "", "", "-3.0", "57000", "-10.0", "7.0"],
        ["4", "", "選手04", "", "", "-5.0", "55000", "-30.0", "25.0"],
    ]
    book = load_workbook(io.BytesIO(client.get(f"{url}/results.xlsx").content))
    assert [sheet.title for sheet in book.worksheets] == ["Results", "Penalties"]
    assert next(book.worksheets[0].iter_rows(min_row=2, values_only=True))[5] == 5.0
    assert read_csv(client.get(f"{url}/penalties.csv")) == [
        ["Date", "Table", "Hand", "EMA number", "Player", "Kind", "Score", "Table points", "Reason"]
    ]
    GameResult.objects.filter(game__league=league, seat=1, game__played_on=days[1]).update(
        points=Decimal("-6.0")
    )
    response = client.get(f"{url}/results.xlsx")
    assert response.status_code == 409
    assert "2026-12-05 Game" in response.content.decode()
    assert "the table points add up to +1.0, but its hands make them add up to 0.0" in (
        response.content.decode()
    )


def test_penalties_paid_at_the_table_are_listed_with_their_scores_and_keep_the_sum_zero(
    world: World, client: Client
) -> None:
    """K-rule: a chombo pays 3,000 to each player at the table, so its game still adds up to
    0; a deposit penalty and a referee's payment move points between players too."""
    from tests.standings.factories import make_league

    k_rule = make_ruleset(world.club, "k_rule", name="Kルール")
    league = make_league(world.club, name="K")
    game = scoring.start_game(
        world.club,
        ruleset_version=k_rule.current_version(),
        players=["選手01", "選手02", "選手03", "選手04"],
        played_on=DAY,
        league=league,
    )
    results_world.record_hands(
        game,
        [
            {"result": {"type": "chombo", "seat": 1}},
            {
                "events": [
                    {"type": "deposit", "seat": 2, "amount": 1000},
                    {"type": "payment", "from": 3, "to": [0], "amount": 2000, "reason": "late"},
                ],
                "result": {"type": "draw", "tenpai": [0]},
            },
        ],
    )
    url = f"/c/{world.club.slug}/leagues/{league.pk}"
    assert read_csv(client.get(f"{url}/penalties.csv"))[1:] == [
        ["2026-11-28", "", "East 1", "", "選手02", "chombo", "-9000", "", ""],
        ["2026-11-28", "", "East 1", "", "選手03", "deposit penalty", "-1000", "", ""],
        ["2026-11-28", "", "East 1", "", "選手04", "payment", "-2000", "", "late"],
    ]
    # 34,000 (the deposit left on the table goes to the top) 15,000 26,000 25,000.
    _header, *rows = read_csv(client.get(f"{url}/results.csv"))
    assert [(row[2], row[5], row[6]) for row in rows] == [
        ("Yamada", "44.0", "34000"),
        ("選手03", "6.0", "26000"),
        ("選手04", "-15.0", "25000"),
        ("選手02", "-35.0", "15000"),
    ]


# -- the player's federation fields --------------------------------------------------------


def test_a_scorekeeper_sets_the_federation_fields_typed_as_a_japanese_keyboard_gives_them(
    world: World,
) -> None:
    scorer = logged_in(make_member(world.club, "scorer", "scorekeeper"))
    scorer.cookies["django_language"] = "en"
    player = world.player("選手02")
    url = f"/c/{world.club.slug}/players/{player.pk}/federation/"
    data = {
        "ema_number": "０４０１０００２",
        "nationality": "jpn",
        "latin_family_name": " Sato ",
        "latin_given_name": "Jiro’",
    }
    response = scorer.post(url, data)
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.ema_number, player.nationality) == ("04010002", "JPN")
    assert (player.latin_family_name, player.latin_given_name) == ("Sato", "Jiro'")
    entry = ClubLog.objects.filter(kind=LogKind.PLAYER, action="federation").get()
    assert entry.after["nationality"] == "JPN"
    page = scorer.get(f"/c/{world.club.slug}/players/{player.pk}/manage/").content.decode()
    assert "<dd>04010002</dd>" in page
    assert "<dd>Sato Jiro&#x27;</dd>" in page


def test_bad_federation_fields_are_refused_each_with_its_reason_and_nothing_saved(
    world: World,
) -> None:
    scorer = logged_in(make_member(world.club, "scorer", "scorekeeper"))
    scorer.cookies["django_language"] = "en"
    player = world.player("選手03")
    url = f"/c/{world.club.slug}/players/{player.pk}/federation/"
    data = {
        "ema_number": "4010001",
        "nationality": "JP",
        "latin_family_name": "山田",
        "latin_given_name": "Taro",
    }
    response = scorer.post(url, data)
    assert response.status_code == 422
    page = response.content.decode()
    assert "An EMA number is 8 digits (04010001); this one is “4010001”." in page
    assert "three-letter code (ISO 3166-1 alpha-3): JPN, DEU, FRA; not “JP”." in page
    assert "Write the name in Latin letters (Yamada, Müller)" in page
    # An EMA number already another player's.
    taken = {**data, "ema_number": "04010001", "nationality": "JPN", "latin_family_name": "Ito"}
    response = scorer.post(url, taken)
    assert response.status_code == 422
    assert "選手01 of this club has this EMA number already." in response.content.decode()
    player.refresh_from_db()
    assert (player.ema_number, player.nationality, player.latin_given_name) == ("", "", "")

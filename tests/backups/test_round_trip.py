"""A club exported and imported again: the same standings, the same settlement of every game,
the same tournament; a document that cannot be fully read is refused before anything is written.
"""

from __future__ import annotations

import copy
import datetime
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from backups.export import export_club
from backups.restore import RestoreError, restore_club
from clubs import services as clubs
from clubs.models import Club, League, Role
from scoring import services as scoring
from scoring.models import Game, GameResult
from standings.tables import league_standings
from tests.clubs.factories import make_club, make_players
from tests.scoring.factories import make_member, make_ruleset
from tests.standings.factories import make_league, play_short_games
from tournaments import services as tournaments
from tournaments.models import EntryStatus, SeatingMethod
from tournaments.standings import tournament_standings

NAMES = ("青木", "馬場", "千葉", "土井", "江藤")
DAY = datetime.date(2026, 10, 3)


@pytest.fixture(scope="module")
def kept_club(module_db: None) -> int:
    """The club, made once for the module (two seconds of games): each test rolled back to it."""
    return a_club_of_every_kind().pk


@pytest.fixture
def club(db: None, kept_club: int) -> Club:
    return Club.objects.get(pk=kept_club)


@pytest.fixture(scope="module")
def exported(kept_club: int, django_db_blocker: Any) -> dict[str, Any]:
    """The club's document, made once for the module's refusals: each refusal spoils a copy of
    it, and none needs the club that it came from."""
    with django_db_blocker.unblock():
        return through_json(export_club(Club.objects.get(pk=kept_club)))


def a_club_of_every_kind() -> Club:
    """A league of real games, a voided and an unfinished one, a tournament's closed round."""
    club = make_club("moto", public=True, name="元麻雀会")
    admin = make_member(club, "kanri", Role.ADMIN)
    admin.email = "kanri@example.org"
    admin.save()
    make_players(club, NAMES)
    ruleset = make_ruleset(club, "k_rule", "Kルール")
    options = dict(ruleset.current_version().options, kiriage=True)
    clubs.save_ruleset(club, ruleset, name="Kルール", preset="k_rule", options=options, user=admin)
    version = ruleset.current_version()
    league = make_league(club, qualification_games=2)
    voided = play_short_games(version, league, NAMES)[0]
    voided.refresh_from_db()
    scoring.void_game(voided, reason="打ち直し", version=voided.version, key="v", user=admin)
    scoring.start_game(club, ruleset_version=version, players=list(NAMES[:4]), played_on=DAY)
    tournament = tournaments.create_tournament(
        club, name="秋の大会", starts_on=DAY, ruleset=ruleset, rounds=2, user=admin
    )
    for entry in tournaments.register(tournament, [f"選手{n}" for n in range(8)], team="東"):
        tournaments.set_status(entry, EntryStatus.CHECKED_IN, admin)
    first, _second = tournaments.draw_rounds(tournament, [1, 2], SeatingMethod.RANDOM)
    tournaments.publish_round(first, played_on=DAY)
    for table in first.tables.select_related("game"):
        game = table.game
        scoring.record_final_scores(
            game, scores=[40000, 30000, 20000, 10000], version=0, key=f"t{game.pk}"
        )
    tournaments.close_round(first)
    return club


def through_json(document: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(document, ensure_ascii=False, default=str))


def settlements(club: Club) -> list[list[tuple[str, str, int]]]:
    return [
        [
            (r.player.name, str(r.points), r.rank)
            for r in GameResult.objects.filter(game=game).order_by("seat")
        ]
        for game in Game.objects.filter(club=club).order_by("pk")
    ]


def standings_of(league: League) -> list[tuple[str, Any, int, list[int], Any]]:
    return [(r.name, r.total, r.games, r.places, r.place) for r in league_standings(league).rows]


def test_a_restored_club_has_the_same_standings_games_and_tournament(club: Club) -> None:
    document = through_json(export_club(club))
    copy_ = restore_club(document, slug="saisei", name="再生麻雀会")
    assert (copy_.slug, copy_.name, copy_.is_public) == ("saisei", "再生麻雀会", True)
    assert standings_of(copy_.leagues.get()) == standings_of(club.leagues.get())
    assert settlements(copy_) == settlements(club)
    assert [g.status for g in copy_.games.order_by("pk")] == [
        g.status for g in club.games.order_by("pk")
    ]
    original, restored = (
        [(r.name, r.total, r.games) for r in tournament_standings(c.tournaments.get()).rows]
        for c in (club, copy_)
    )
    assert restored == original
    assert copy_.rulesets.get().versions.count() == 2
    assert copy_.default_ruleset.name == "Kルール"
    again = through_json(export_club(copy_))
    for key in ("members", "players", "rulesets", "leagues", "log"):
        assert again[key] == document[key], key
    assert [g["record"] for g in again["games"]] == [g["record"] for g in document["games"]]
    assert [g["log"] for g in again["games"]] == [g["log"] for g in document["games"]]


def test_the_export_has_no_password_hash(club: Club) -> None:
    text = json.dumps(export_club(club), default=str)
    assert "kanri@example.org" in text
    assert User.objects.get(username="kanri").password not in text
    assert "password" not in text


def test_the_restored_members_are_the_same_accounts_or_new_ones_without_password(
    club: Club,
) -> None:
    document = through_json(export_club(club))
    document["members"].append(
        {"username": "atarashii", "email": "a@example.org", "role": "member"}
    )
    copy_ = restore_club(document, slug="saisei")
    member = copy_.memberships.get(user__username="atarashii").user
    assert not member.has_usable_password()
    assert copy_.memberships.get(user__username="kanri").user == club.memberships.get().user


def broken(document: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    *parents, last = path.split(".")
    target: Any = changed
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if value is KeyError:
        del target[int(last) if last.isdigit() else last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return changed


@pytest.mark.parametrize(
    ("path", "value", "where"),
    [
        ("format", "tenbou-club/9", "format"),
        ("games.2.record.hands.0.result.type", "rn", "games[2].record"),
        ("games.1.version", 7, "games[1].version"),
        ("games.1.league", "無いリーグ", "games[1].league"),
        ("games.0.played_on", "昨日", "games[0].played_on"),
        ("rulesets.0.versions.1.options.uma", "たくさん", "rulesets[0].versions[1].options"),
        ("players", KeyError, "document.players"),
        ("tournaments.0.seated_rounds.0.tables.0.seats", [999, 1, 2, 3], "seats"),
        ("club.time_zone", "Mars/Olympus", "club.time_zone: no time zone 'Mars/Olympus'"),
        ("club.default_language", "tlh", "club.default_language"),
        ("club.name", "長" * 5000, "club.name: longer than 100 characters (5000)"),
        ("club.name", "   ", "club.name: empty"),
        ("players.0.name", "名" * 61, "players[0].name: longer than 60 characters"),
        ("rulesets.0.name", "R" * 81, "rulesets[0].name: longer than 80"),
        ("leagues.0.name", "L" * 81, "leagues[0].name: longer than 80"),
        ("tournaments.0.name", "T" * 101, "tournaments[0].name: longer than 100"),
        ("tournaments.0.entries.0.team", "T" * 61, "tournaments[0].entries[0].team: longer"),
        ("members.0.username", "u" * 151, "members[0].username: longer than 150"),
        (
            "games.0.record.ruleset",
            {"preset": "k_rule", "no_such_option": 1},
            "games[0].record.ruleset",
        ),
        ("games.1.record.ruleset", {"uma": "たくさん"}, "games[1].record.ruleset"),
    ],
)
def test_a_document_it_cannot_read_is_refused_naming_the_place_and_nothing_is_written(
    db: None, exported: dict[str, Any], path: str, value: Any, where: str
) -> None:
    document = broken(exported, path, value)
    clubs_before = Club.objects.count()
    with pytest.raises(RestoreError) as refused:
        restore_club(document, slug="saisei")
    assert where in str(refused.value)
    assert Club.objects.count() == clubs_before


@pytest.mark.parametrize(
    ("path", "twin", "where"),
    [
        ("games.1.id", "games.0.id", "games[1].id: game"),
        (
            "players.1.name",
            "players.0.name",
            "players[1].name: '青木' is there twice (also at [0])",
        ),
        ("members.0.username", "members.0.username", "members[1].username"),
        ("tournaments.0.entries.1.id", "tournaments.0.entries.0.id", "entries[1].id"),
        ("tournaments.0.entries.1.player", "tournaments.0.entries.0.player", "entries[1].player"),
        ("rulesets.0.versions.1.number", "rulesets.0.versions.0.number", "versions[1].number"),
    ],
)
def test_two_of_what_must_be_one_are_refused_at_the_second_before_anything_is_written(
    db: None, exported: dict[str, Any], path: str, twin: str, where: str
) -> None:
    document = copy.deepcopy(exported)
    if path == "members.0.username":  # a second member with the first one's account
        document["members"].append(dict(document["members"][0]))
    else:
        value: Any = document
        for part in twin.split("."):
            value = value[int(part)] if part.isdigit() else value[part]
        document = broken(document, path, value)
    clubs_before, games_before = Club.objects.count(), Game.objects.count()
    with pytest.raises(RestoreError) as refused:
        restore_club(document, slug="saisei")
    assert where in str(refused.value)
    assert (Club.objects.count(), Game.objects.count()) == (clubs_before, games_before)


def test_export_import_export_gives_the_same_bytes(club: Club, tmp_path: Path) -> None:
    """The file written, read back as a new club, written again: byte for byte the same but for
    the time it was written and the club's new address."""
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    call_command("export_club", "moto", str(first), stderr=StringIO())
    call_command("import_club", str(first), "--slug", "nido", stderr=StringIO())
    call_command("export_club", "nido", str(second), stderr=StringIO())

    def comparable(path: Path) -> str:
        document = json.loads(path.read_text(encoding="utf-8"))
        document.pop("exported_at", None)
        document["club"]["slug"] = "-"
        return json.dumps(document, ensure_ascii=False, indent=1)

    assert comparable(first) == comparable(second)
    text = first.read_text(encoding="utf-8")
    assert '"draw"' in text


def test_a_document_nested_a_thousand_levels_deep_is_refused_not_a_traceback(
    db: None, tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"club":' + "[" * 1200 + "]" * 1200 + "}", encoding="utf-8")
    with pytest.raises(CommandError, match="nested deeper than 64 levels"):
        call_command("import_club", str(path))


def test_a_club_whose_address_is_taken_is_refused(club: Club) -> None:
    with pytest.raises(RestoreError, match="a club at /c/moto/ exists already"):
        restore_club(through_json(export_club(club)))


def test_the_commands_write_and_read_a_file(club: Club, tmp_path: Path) -> None:
    path = tmp_path / "moto.json"
    call_command("export_club", "moto", str(path), stderr=StringIO())
    assert json.loads(path.read_text(encoding="utf-8"))["club"]["name"] == "元麻雀会"
    out = StringIO()
    call_command("import_club", str(path), "--slug", "fukugen", stderr=out)
    assert "(/c/fukugen/)" in out.getvalue()
    path.write_text("{", encoding="utf-8")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_club", str(path), "--slug", "mata")
    with pytest.raises(CommandError, match="no club at /c/nowhere/"):
        call_command("export_club", "nowhere", str(path))

"""What-if: a league's games replayed under other rules add up as replaying each one by hand.

The league: three K-rule hanchan among 青木, 馬場, 千葉, 土井 (seats in that order), two rons
each and then draws with nobody tenpai, so that each ends after South 4 under K-rule and under
M-League alike. As played 馬場 leads 千葉 (57.0 to 31.0); M-League's bigger uma and the ties
it splits put 千葉 first (61.2 to 47.3).
"""

from __future__ import annotations

import datetime
import multiprocessing
import os
from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from clubs.models import Club, League, Player, Role, Ruleset, RulesetVersion
from scoring import services
from scoring.engine import replay_record, resolve_options
from scoring.engine.presets import PRESETS
from scoring.models import RECORD_FORMAT, Game, GameResult, Hand, HandStat, Seat
from standings.whatif import Target, TargetError, compare, find_target, what_if
from tests.clubs.factories import make_club, make_member, make_players, make_ruleset

NAMES = ("青木", "馬場", "千葉", "土井")
DAY = datetime.date(2026, 10, 1)
NOTEN = {"result": {"type": "draw", "tenpai": []}}


def ron(winner: int, discarder: int, han: int, fu: int) -> dict[str, Any]:
    win = {"winner": winner, "han": han, "fu": fu}
    return {"result": {"type": "ron", "from": discarder, "wins": [win]}}


def hanchan(*rons: dict[str, Any]) -> list[dict[str, Any]]:
    """The rons (never the dealer's, so the deal passes), then all-noten draws up to South 4."""
    return [*rons, *[NOTEN] * (8 - len(rons))]


GAMES = (
    hanchan(ron(1, 3, 2, 30), ron(2, 1, 1, 30)),
    hanchan(ron(1, 0, 3, 30), ron(3, 0, 2, 40)),
    hanchan(ron(2, 3, 2, 40), ron(2, 1, 2, 40)),
)
# Dealer 青木 rons 馬場 for a yakuman: 馬場 is at -23,000. K-rule ends the game there (tobi);
# M-League has no tobi, so its hands stop before the game's end.
TOBI_GAME = [{"result": {"type": "ron", "from": 1, "wins": [{"winner": 0, "yakuman": 1}]}}]
MLEAGUE = "mleague"


def document(options: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": RECORD_FORMAT, "ruleset": options, "players": list(NAMES), "hands": hands}


def by_hand(options: dict[str, Any], games: list[dict[str, Any]]) -> dict[str, Decimal]:
    """Each player's total: every game replayed under ``options`` on its own, then summed."""
    totals: dict[str, Decimal] = defaultdict(lambda: Decimal("0.0"))
    for game in games:
        replayed = replay_record({**game, "ruleset": options})
        assert replayed["ok"], replayed
        assert replayed["final"], replayed
        for name, points in zip(game["players"], replayed["final"]["points"], strict=True):
            totals[name] += Decimal(f"{points:.1f}")
    return dict(totals)


@pytest.fixture
def club(db: None) -> Club:
    return make_club("tsubame", name="つばめ麻雀会")


@pytest.fixture
def players(club: Club) -> list[Player]:
    return make_players(club, NAMES)


def play(club: Club, version: RulesetVersion, league: League, hands: list[dict]) -> Game:
    return services.import_record(
        club,
        document(version.options, hands),
        ruleset_version=version,
        played_on=DAY,
        league=league,
    )


@pytest.fixture
def league(club: Club, k_rule: RulesetVersion, players: list[Player]) -> League:
    league = League.objects.create(club=club, name="秋季リーグ", ruleset=k_rule.ruleset)
    for hands in GAMES:
        play(club, k_rule, league, hands)
    return league


def url(league: League, **query: str) -> str:
    path = f"/c/{league.club.slug}/leagues/{league.pk}/what-if/"
    return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def totals(rows: list[Any]) -> dict[str, Decimal]:
    return {row.name: row.total for row in rows}


# -- the sums ------------------------------------------------------------------------------


def test_mleague_is_a_preset() -> None:
    assert MLEAGUE in PRESETS
    assert resolve_options({"preset": MLEAGUE})["uma"] == [30, 10, -10, -30]


def test_k_rule_league_under_mleague_adds_up_as_each_game_replayed_by_hand(
    league: League,
) -> None:
    target = find_target(league.club, f"preset:{MLEAGUE}")
    result = what_if(league, target)
    played = [document({"preset": "k_rule"}, hands) for hands in GAMES]
    assert totals(result.rows) == by_hand(target.options, played)
    assert totals(result.rows) == {
        "千葉": Decimal("61.2"),
        "馬場": Decimal("47.3"),
        "青木": Decimal("-51.5"),
        "土井": Decimal("-57.0"),
    }
    assert [row.name for row in result.rows] == ["千葉", "馬場", "青木", "土井"]
    assert result.games == 3
    assert result.notes == []
    assert result.table_size == 4


def test_the_comparison_gives_each_players_change_of_place_and_of_total(league: League) -> None:
    comparison = compare(league, find_target(league.club, f"preset:{MLEAGUE}"))
    as_played = {row.name: row.total for row in comparison.current.rows}
    assert as_played == {
        "馬場": Decimal("57.0"),
        "千葉": Decimal("31.0"),
        "青木": Decimal("-41.0"),
        "土井": Decimal("-47.0"),
    }
    moves = {move.row.name: (move.change, move.total_change) for move in comparison.moves}
    assert moves == {
        "千葉": ("↑1", Decimal("30.2")),
        "馬場": ("↓1", Decimal("-9.7")),
        "青木": ("=", Decimal("-10.5")),
        "土井": ("=", Decimal("-10.0")),
    }


def test_a_game_the_other_rules_cannot_replay_is_listed_and_left_out(
    club: Club, league: League
) -> None:
    """Under a 2-han minimum (二翻縛り) game 1's 1-han ron of hand 2 is impossible."""
    two_han = make_ruleset(club, "k_rule", "二翻縛り", min_han={"default": 2})
    target = find_target(club, f"ruleset:{two_han.pk}")
    with translation.override("en"):
        result = what_if(league, target)
    [note] = result.notes
    assert not note.counted
    assert note.players == NAMES
    assert note.message == "Hand 2 (East 2 0 honba): 千葉: 1 han is below the 2-han minimum."
    counted = [document({"preset": "k_rule"}, hands) for hands in GAMES[1:]]
    assert totals(result.rows) == by_hand(target.options, counted)
    assert result.games == 2
    assert {row.games for row in result.rows} == {2}
    assert result.left_out == [note]


def test_a_game_whose_hands_no_longer_end_it_is_settled_as_it_stands_and_said_so(
    club: Club, k_rule: RulesetVersion, players: list[Player]
) -> None:
    league = League.objects.create(club=club, name="トビ")
    play(club, k_rule, league, TOBI_GAME)
    target = find_target(club, f"preset:{MLEAGUE}")
    with translation.override("en"):
        result = what_if(league, target)
    [note] = result.notes
    assert note.counted
    assert note.message.startswith("Under these rules the hands no longer end the game")
    forced = {**document(target.options, TOBI_GAME), "forced_end": {"reason": "time"}}
    assert totals(result.rows) == by_hand(target.options, [forced])
    assert result.games == 1


def test_a_game_the_other_rules_end_sooner_is_played_up_to_their_end_and_said_so(
    club: Club, players: list[Player]
) -> None:
    """Played without tobi, 馬場 plays on at -23,000; K-rule ends the game at that hand."""
    no_tobi = make_ruleset(club, "k_rule", "トビなし", tobi={"enabled": False}).current_version()
    assert no_tobi is not None
    league = League.objects.create(club=club, name="トビなし戦")
    later = [ron(2, 3, 2, 30), NOTEN]
    game = play(club, no_tobi, league, [*TOBI_GAME, *later])  # ongoing: nobody ended it
    services.end_game_early(game, reason="time", version=game.version, key="end")
    k_rule = find_target(club, "preset:k_rule")
    with translation.override("en"):
        result = what_if(league, k_rule)
    [note] = result.notes
    assert note.counted
    assert note.message.startswith("Under these rules the game ends after hand 1:")
    assert totals(result.rows) == by_hand(k_rule.options, [document({}, TOBI_GAME)])


def play_and_end_early(
    club: Club, version: RulesetVersion, league: League, hands: list[dict]
) -> None:
    """A game recorded hand by hand, then ended by the referee (time)."""
    game = services.start_game(
        club, ruleset_version=version, players=list(NAMES), played_on=DAY, league=league
    )
    state = services.game_state(game)
    for number, hand in enumerate(hands):
        state = services.record_hand(game, hand, version=state.version, key=f"{game.pk}-{number}")
    services.end_game_early(game, reason="time", version=state.version, key=f"{game.pk}-end")


def test_games_played_under_mleague_seen_under_k_rule(
    club: Club, k_rule: RulesetVersion, players: list[Player]
) -> None:
    """K-rule has no abortive draws (left out), and its tobi ends a game the referee ended
    later (counted as K-rule ends it)."""
    mleague = make_ruleset(club, MLEAGUE, "Mリーグ").current_version()
    assert mleague is not None
    league = League.objects.create(club=club, name="Mリーグ戦")
    kyuushu = {"result": {"type": "abortive", "kind": "kyuushu"}}
    play_and_end_early(club, mleague, league, [kyuushu])
    play_and_end_early(club, mleague, league, TOBI_GAME)
    with translation.override("en"):
        result = what_if(league, find_target(club, f"ruleset:{k_rule.ruleset.pk}"))
    left_out, ended = result.notes
    assert not left_out.counted
    assert left_out.message == (
        "Hand 1 (East 1 0 honba): "
        "This ruleset has no abortive draw “Nine terminals (kyuushu kyuuhai)”."
    )
    assert ended.counted
    assert ended.message.startswith("Under these rules the last hand already ends the game")
    assert totals(result.rows) == by_hand(k_rule.options, [document({}, TOBI_GAME)])
    assert result.games == 1


def test_score_only_games_are_settled_from_their_final_scores(
    club: Club, k_rule: RulesetVersion, players: list[Player]
) -> None:
    league = League.objects.create(club=club, name="素点")
    game = services.start_game(
        club, ruleset_version=k_rule, players=list(NAMES), played_on=DAY, league=league
    )
    scores = [25000, 25000, 40000, 10000]  # 青木 and 馬場 tie: M-League splits 2nd and 3rd
    services.record_final_scores(game, scores=scores, version=game.version, key="scores")
    result = what_if(league, find_target(club, f"preset:{MLEAGUE}"))
    assert totals(result.rows) == {
        "千葉": Decimal("60.0"),
        "青木": Decimal("-5.0"),
        "馬場": Decimal("-5.0"),
        "土井": Decimal("-50.0"),
    }


def test_the_leagues_own_rules_give_the_standings_as_played(league: League) -> None:
    assert league.ruleset is not None
    comparison = compare(league, find_target(league.club, f"ruleset:{league.ruleset.pk}"))
    assert comparison.what_if.notes == []
    assert {(m.row.name, m.row.place, m.row.total, m.change) for m in comparison.moves} == {
        (row.name, row.place, row.total, "=") for row in comparison.current.rows
    }


def test_sanma_rules_for_a_four_player_league_are_refused_with_no_table(league: League) -> None:
    result = what_if(league, find_target(league.club, "preset:gensou_sanma"))
    assert result.rows == []
    assert "3" in result.refused
    assert "4" in result.refused


def test_four_player_rules_for_a_sanma_league_are_refused_with_no_table(
    club: Club, players: list[Player]
) -> None:
    version = make_ruleset(club, "gensou_sanma", "三麻").current_version()
    assert version is not None
    league = League.objects.create(club=club, name="三麻リーグ")
    game = services.start_game(
        club, ruleset_version=version, players=list(NAMES[:3]), played_on=DAY, league=league
    )
    scores = [version.options["start_points"]] * 3
    services.record_final_scores(game, scores=scores, version=game.version, key="scores")
    result = what_if(league, find_target(club, f"preset:{MLEAGUE}"))
    assert result.rows == []
    assert "4" in result.refused
    assert "3" in result.refused


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ("preset:nope", "nope"),
        ("ruleset:999999", "999999"),
        ("ruleset:abc", "ruleset:abc"),
        ("tenhou", "tenhou"),
    ],
)
def test_unknown_rules_are_named(league: League, value: str, named: str) -> None:
    with pytest.raises(TargetError, match=named):
        find_target(league.club, value)


def test_another_clubs_ruleset_reads_as_unknown(league: League) -> None:
    theirs = make_ruleset(make_club("hibari"), "mleague", "Mリーグ")
    with pytest.raises(TargetError):
        find_target(league.club, f"ruleset:{theirs.pk}")


def test_a_club_ruleset_uses_its_current_version(club: Club, league: League) -> None:
    ruleset: Ruleset = make_ruleset(club, "k_rule", "ハウス")
    newer = resolve_options({"preset": MLEAGUE})
    RulesetVersion.objects.create(ruleset=ruleset, number=2, options=newer)
    assert find_target(club, f"ruleset:{ruleset.pk}") == Target(
        f"ruleset:{ruleset.pk}", "ハウス", newer
    )


# -- the page ------------------------------------------------------------------------------


def test_the_page_shows_both_tables_and_the_moves(as_member: Client, league: League) -> None:
    response = as_member.get(url(league, rules=f"preset:{MLEAGUE}"))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('class="standings whatif-table"') == 2
    assert "↑1" in page
    assert "↓1" in page
    assert "+61.2" in page
    assert "+57.0" in page


def test_the_page_without_rules_shows_the_form_only(as_member: Client, league: League) -> None:
    response = as_member.get(url(league))
    assert response.status_code == 200
    assert 'name="rules"' in response.content.decode()
    assert response.context["comparison"] is None


def test_htmx_gets_the_tables_only(as_member: Client, league: League) -> None:
    response = as_member.get(url(league, rules=f"preset:{MLEAGUE}"), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="whatif"')
    assert "<html" not in page


@pytest.mark.parametrize(
    "value",
    [
        "preset:nope",
        "ruleset:999999",
        "ruleset:99999999999999999999999",
        "ruleset:abc",
        "ruleset:-1",
        "garbage",
        "preset%3A",
        "x" * 200,
    ],
)
def test_a_wrong_rules_value_is_named_on_the_page_never_a_500(
    as_member: Client, league: League, value: str
) -> None:
    response = as_member.get(url(league, rules=value))
    assert response.status_code == 200
    assert response.context["comparison"] is None
    assert response.context["form"].errors["rules"]
    assert 'role="alert"' in response.content.decode()


def test_a_wrong_date_is_named_and_not_used(as_member: Client, league: League) -> None:
    response = as_member.get(url(league, rules=f"preset:{MLEAGUE}", date_from="31-12-2026"))
    assert response.status_code == 200
    assert response.context["form"].errors["date_from"]
    assert response.context["comparison"].what_if.games == 3


def test_the_dates_narrow_the_games(as_member: Client, league: League) -> None:
    query = {"rules": f"preset:{MLEAGUE}", "date_from": "2026-10-02"}
    response = as_member.get(url(league, **query))
    assert response.context["comparison"].what_if.games == 0


def test_sanma_rules_on_the_page_say_why_and_show_no_table(
    as_member: Client, league: League
) -> None:
    response = as_member.get(url(league, rules="preset:gensou_sanma"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "whatif-table" not in page
    assert 'role="alert"' in page


def test_a_left_out_game_is_listed_on_the_page(
    as_member: Client, club: Club, league: League
) -> None:
    two_han = make_ruleset(club, "k_rule", "二翻縛り", min_han={"default": 2})
    response = as_member.get(url(league, rules=f"ruleset:{two_han.pk}"))
    assert response.status_code == 200
    assert 'class="left-out"' in response.content.decode()


def test_the_what_if_saves_nothing(as_member: Client, club: Club, league: League) -> None:
    models = (Game, Seat, Hand, GameResult, HandStat, Ruleset, RulesetVersion, Player, League)
    two_han = make_ruleset(club, "k_rule", "二翻縛り", min_han={"default": 2})
    before = [model.objects.count() for model in models]
    for rules in (f"preset:{MLEAGUE}", f"ruleset:{two_han.pk}", "preset:gensou_sanma"):
        assert as_member.get(url(league, rules=rules)).status_code == 200
    assert [model.objects.count() for model in models] == before


# -- who may see it ------------------------------------------------------------------------


def test_an_anonymous_visitor_of_a_private_club_is_sent_to_log_in(league: League) -> None:
    response = Client().get(url(league))
    assert response.status_code == 302
    assert "/login" in response["Location"]


def test_another_clubs_admin_gets_404(league: League) -> None:
    client = Client()
    client.force_login(make_member(make_club("hibari"), "yoso", Role.ADMIN))
    assert client.get(url(league, rules=f"preset:{MLEAGUE}")).status_code == 404


def test_an_unknown_or_another_clubs_league_is_404(
    as_member: Client, club: Club, league: League
) -> None:
    theirs = League.objects.create(club=make_club("hibari"), name="よそ")
    assert as_member.get(f"/c/{club.slug}/leagues/999999/what-if/").status_code == 404
    assert as_member.get(f"/c/{club.slug}/leagues/{theirs.pk}/what-if/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_big_league_shared_among_processes_adds_up_as_one_process(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """A league past ``PARALLEL_FROM_GAMES`` is played by worker processes started fresh, each
    reading its share of the games from the same database (committed here, so that they see
    it): the standings, best N and notes are the ones a single process gives."""
    from django.db import connection

    from standings import whatif

    if connection.vendor != "postgresql":
        pytest.skip("the worker processes run on PostgreSQL only (CI runs this on it)")
    club = make_club("hayate", name="はやて麻雀会")
    version = make_ruleset(club, "k_rule").current_version()
    assert version is not None
    make_players(club, (*NAMES, "江藤"))
    league = League.objects.create(
        club=club, name="冬季", ruleset=version.ruleset, counting="best", best_games=3
    )
    seatings = [NAMES, ("江藤", *NAMES[1:]), (NAMES[0], "江藤", *NAMES[2:])]
    for number, hands in enumerate([*GAMES, TOBI_GAME, *GAMES]):
        names = seatings[number % 3]
        game = {**document(version.options, hands), "players": list(names)}
        services.import_record(club, game, ruleset_version=version, played_on=DAY, league=league)
    target = find_target(club, f"preset:{MLEAGUE}")

    def played(processes: int) -> tuple[Any, ...]:
        settings.WHATIF_PROCESSES = processes
        found = what_if(league, target)
        rows = [(r.name, r.total, r.points_sum, r.games, r.places, r.place) for r in found.rows]
        return rows, [(n.game_id, n.message, n.counted) for n in found.notes], found.games

    monkeypatch.setattr(whatif, "PARALLEL_FROM_GAMES", 1)
    monkeypatch.setattr(whatif, "FORK_FROM_GAMES", 10**9)  # spawned processes first
    started: list[tuple[str, int]] = []
    for name in ("_in_processes", "_in_forked_processes"):
        real = getattr(whatif, name)
        monkeypatch.setattr(
            whatif,
            name,
            lambda *args, name=name, real=real: started.append((name, args[-1])) or real(*args),
        )
    alone = played(1)
    shared = played(2)
    assert started == [("_in_processes", 2)]  # the second what-if, shared among two processes
    assert shared == alone
    assert alone[2] == 7  # the tobi game too: M-League has no tobi, it is settled as it stands
    assert {name for name, *_ in alone[0]} == {*NAMES, "江藤"}

    # Copies of this process (fork), where it runs one thread outside a transaction: the same.
    monkeypatch.setattr(whatif, "FORK_FROM_GAMES", 1)
    assert played(2) == alone
    assert played(3) == alone  # two copies
    assert started[1:] == [("_in_forked_processes", 2), ("_in_forked_processes", 3)]

    # A copy that fails sends nothing back: this process plays its share, and nothing is lost.
    parent = os.getpid()
    replay_part = whatif._replay_part

    def failing_in_copies(*args: Any) -> Any:
        if os.getpid() != parent:
            raise RuntimeError("a copy that fails")
        return replay_part(*args)

    monkeypatch.setattr(whatif, "_replay_part", failing_in_copies)
    assert played(2) == alone

    # This process failing: the error comes through, and no copy is left behind.
    def failing_here(*args: Any) -> Any:
        if os.getpid() == parent:
            raise RuntimeError("this process fails")
        return replay_part(*args)

    monkeypatch.setattr(whatif, "_replay_part", failing_here)
    with pytest.raises(RuntimeError, match="this process fails"):
        played(2)
    for copy in multiprocessing.active_children():
        copy.join(timeout=10)
    assert multiprocessing.active_children() == []


def test_no_copy_of_the_process_plays_inside_a_transaction(league: League, settings: Any) -> None:
    """A test's transaction (or a request's): the copies would not see its rows, so the
    what-if is played here, whatever the number of games."""
    from standings import whatif

    settings.WHATIF_PROCESSES = 2
    assert not whatif._can_fork("default")
    results = whatif.counted_results(league, None, None)
    assert whatif._sharing(results) == (1, "")


# -- kept in the cache ------------------------------------------------------------------------


def test_the_comparison_replays_once_until_a_game_changes(
    league: League, k_rule: RulesetVersion, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second look at the same what-if costs no replay; a changed game makes a new one, with
    the new game in it; another language, other rules or other dates are other entries."""
    from standings import whatif

    replays: list[int] = []
    real = whatif._replayed

    def counted(*args: Any, **kwargs: Any) -> Any:
        replays.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(whatif, "_replayed", counted)
    target = find_target(league.club, f"preset:{MLEAGUE}")
    first = compare(league, target)
    again = compare(league, target)
    assert len(replays) == 1
    assert totals(again.what_if.rows) == totals(first.what_if.rows)
    with translation.override("en"):
        compare(league, target)
    assert len(replays) == 2
    compare(league, find_target(league.club, "preset:tenhou"))
    assert len(replays) == 3
    compare(league, target, date_from=DAY)
    assert len(replays) == 4

    play(league.club, k_rule, league, GAMES[0])
    after = compare(league, target)
    assert len(replays) == 5
    assert after.what_if.games == first.what_if.games + 1
    played = [document({"preset": "k_rule"}, hands) for hands in [*GAMES, GAMES[0]]]
    assert totals(after.what_if.rows) == by_hand(target.options, played)

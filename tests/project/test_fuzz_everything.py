"""Random and malformed input everywhere: never a server error, never a partial save.

Hypothesis posts random forms to every view of a club as its admin (every POST there is), feeds
random records to the engine, random seating files to the CSV reader and broken club documents
to the import. Every answer is a page or a refusal; after each post every game still replays
and its derived rows are what its hands give (``rebuild_derived`` changes nothing), so a refused
post left nothing half written.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backups.export import export_club
from backups.restore import RestoreError, restore_club
from clubs.models import Club
from scoring import services as scoring
from scoring.engine import replay_record
from scoring.models import Game
from tests.clubs.test_permissions import fresh
from tests.profiles import CI
from tests.project.test_every_url import ADMIN, CLUB_PATTERNS, Everything, build, concrete
from tournaments.seating import SeatingError
from tournaments.seating_csv import parse_seating_csv

EXAMPLES = 16 if CI else 8  # posts a view on CI: 40 views, within the suite's five minutes
FIELDS = [
    "version", "key", "reason", "names", "action", "team", "name", "method", "how_many",
    "byes", "league", "score_0", "score_1", "score_2", "score_3", "deposits", "result",
    "ron_winners", "tenpai", "riichi", "role", "user", "into", "q", "date_from", "date_to",
    "ruleset", "rounds", "round_minutes", "starts_on", "cut_after", "cut_size", "needed",
    "preset", "players", "table_label", "entry", "substitute", "page", "kind",
]  # fmt: skip
TEXT = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "4", "99999999999999999999", "abc", "東", "1.5", "on"]),
    st.text(max_size=30),
)
FORMS = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.text(min_size=1, max_size=12)),
    st.one_of(TEXT, st.lists(TEXT, max_size=4)),
    max_size=8,
)
POSTED = [(name, route) for name, route in CLUB_PATTERNS if name != "clubs:join"]


def games_are_whole(club: Club) -> None:
    for game in Game.objects.filter(club=club):
        rebuilt = scoring.rebuild_derived(game)
        assert (rebuilt.hand_stats, rebuilt.results) == (0, 0), game


@pytest.fixture(scope="module")
def kept(module_db: None) -> Everything:
    """The club with everything in it, built once for the module (each test rolled back)."""
    return build(public=False)


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "route"), POSTED, ids=[name for name, _route in POSTED])
def test_a_random_post_to_any_view_gets_a_page_and_damages_nothing(
    name: str, route: str, kept: Everything
) -> None:
    everything = replace(kept, world=fresh(kept.world, public=False))
    client = everything.world.clients[ADMIN]
    url = concrete(route, {**everything.ids, **everything.own_ids.get(name, {})})

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(form=FORMS, htmx=st.booleans())
    def post(form: dict[str, Any], htmx: bool) -> None:
        headers = {"HX-Request": "true"} if htmx else {}
        response = client.post(url, form, headers=headers)
        assert response.status_code < 500, (url, form, response.status_code)

    post()
    games_are_whole(everything.world.club)


RESULTS = st.sampled_from(["ron", "tsumo", "draw", "abortive", "chombo", "nagashi", "x", 3, None])
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 100_000), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def records(draw: st.DrawFn) -> Any:
    """Mostly record-shaped documents with junk in their hands, sometimes plain junk."""
    if draw(st.integers(0, 9)) == 0:
        return draw(JSONISH)
    hands = draw(
        st.lists(
            st.fixed_dictionaries(
                {"result": st.fixed_dictionaries({"type": RESULTS}, optional={"from": JSONISH})},
                optional={"riichi": JSONISH, "events": JSONISH, "wins": JSONISH},
            ),
            max_size=4,
        )
    )
    return {
        "format": draw(st.sampled_from(["tenbou-game/1", "tenbou-game/2", None])),
        "ruleset": draw(st.one_of(st.just({"preset": "k_rule"}), JSONISH)),
        "players": draw(st.one_of(st.just(["A", "B", "C", "D"]), JSONISH)),
        "hands": hands,
    }


@settings(max_examples=300 if CI else 60, deadline=None)
@given(document=records())
def test_a_malformed_record_is_refused_by_the_engine_with_its_reason(document: Any) -> None:
    replayed = replay_record(document)
    assert replayed["ok"] or replayed["error"]


@settings(max_examples=300 if CI else 60, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=200),
        st.lists(st.lists(TEXT, max_size=7), max_size=6).map(
            lambda rows: "\n".join(",".join(row) for row in rows)
        ),
    )
)
def test_a_random_seating_file_is_read_or_refused_with_a_code(text: str) -> None:
    players = {f"選手{n}": n for n in range(1, 9)}
    try:
        rounds = parse_seating_csv(text, players)
    except SeatingError:
        return
    assert all(len(table) == 4 for tables in rounds.values() for table in tables)


@pytest.mark.django_db
def test_a_damaged_club_document_is_refused_and_writes_nothing(kept: Everything) -> None:
    everything = kept
    document = json.loads(json.dumps(export_club(everything.world.club), default=str))
    slugs, refusals = itertools.count(), []

    @settings(
        max_examples=EXAMPLES * 2,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(path=st.lists(st.integers(0, 30), min_size=1, max_size=6), junk=JSONISH)
    def restore(path: list[int], junk: Any) -> None:
        damaged = json.loads(json.dumps(document))
        target: Any = damaged
        for step in path[:-1]:  # walk to a random place in the document
            children = list(target) if isinstance(target, dict) else target
            if not isinstance(target, dict | list) or not children:
                break
            key = children[step % len(children)] if isinstance(target, dict) else step % len(target)
            if not isinstance(target[key], dict | list):
                break
            target = target[key]
        if isinstance(target, dict) and target:
            target[list(target)[path[-1] % len(target)]] = junk
        elif isinstance(target, list) and target:
            target[path[-1] % len(target)] = junk
        clubs_before = Club.objects.count()
        try:
            club = restore_club(damaged, slug=f"fuzz{next(slugs)}")
        except RestoreError as error:
            refusals.append(error.where)
        else:  # the junk landed where anything goes (a note, a name): a whole club came in
            games_are_whole(club)
            return
        assert Club.objects.count() == clubs_before

    restore()
    assert refusals  # the damage was seen, and named

"""A game's history: every change with who made it and what it replaced; played games stay."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client, RequestFactory

from clubs.models import Club
from scoring import services
from scoring.models import Game, GameLog
from tests.clubs.conftest import logged_in

RON = {"result": {"type": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]}}
DRAW = {"riichi": [0], "result": {"type": "draw", "tenpai": [0, 3]}}


def version(game: Game) -> int:
    game.refresh_from_db()
    return game.version


def test_each_change_keeps_who_made_it_and_what_it_replaced(
    game: Game, scorekeeper: User, admin: User
) -> None:
    services.record_hand(game, RON, version=version(game), key="h1", user=scorekeeper)
    services.edit_hand(game, 1, DRAW, version=version(game), key="e1", user=scorekeeper)
    services.record_hand(game, RON, version=version(game), key="h2", user=scorekeeper)
    services.delete_hand(game, 2, version=version(game), key="d2", user=scorekeeper)
    services.end_game_early(game, reason="時間切れ", version=version(game), key="x", user=admin)
    services.reopen_game(game, reason="誤り", version=version(game), key="r", user=admin)
    services.void_game(game, reason="打ち直し", version=version(game), key="v", user=admin)
    log = [
        (e.action, e.user.username if e.user else None, e.before, e.after) for e in game.log.all()
    ]
    assert log == [
        ("started", None, None, None),
        ("recorded_hand", "kiroku", None, {"hand": RON}),
        ("edited_hand", "kiroku", {"hand": RON}, {"hand": DRAW}),
        ("recorded_hand", "kiroku", None, {"hand": RON}),
        ("deleted_hand", "kiroku", {"hand": RON}, {}),
        (
            "ended_early",
            "kanri",
            {"status": "ongoing", "forced_end": False, "forced_end_reason": ""},
            {"status": "finished", "forced_end": True, "forced_end_reason": "時間切れ"},
        ),
        (
            "reopened",
            "kanri",
            {"status": "finished", "forced_end": True, "forced_end_reason": "時間切れ"},
            {"status": "ongoing", "forced_end": False, "forced_end_reason": ""},
        ),
        (
            "voided",
            "kanri",
            {"status": "ongoing", "void_reason": ""},
            {"status": "voided", "void_reason": "打ち直し"},
        ),
    ]


def test_the_history_page_shows_the_changes_in_the_hands_words(
    game: Game, scorekeeper: User
) -> None:
    services.record_hand(game, RON, version=version(game), key="h1", user=scorekeeper)
    services.edit_hand(game, 1, DRAW, version=version(game), key="e1", user=scorekeeper)
    page = logged_in(scorekeeper).get(f"/c/{game.club.slug}/games/{game.pk}/history/")
    text = page.content.decode()
    assert page.status_code == 200
    assert text.index("局を修正") < text.index("局を記録")  # newest first
    assert "Babaのロン" in text or "Baba" in text
    assert "kiroku" in text


def test_a_played_game_cannot_be_deleted_in_the_django_admin(game: Game, club: Club) -> None:
    request = RequestFactory().get("/admin/")
    request.user = User.objects.create_superuser("root", "root@example.org", "x")
    game_admin = admin.site._registry[Game]
    assert game_admin.has_delete_permission(request, game)  # nothing played yet
    services.record_hand(game, RON, version=version(game), key="h1")
    assert not game_admin.has_delete_permission(request, game)
    assert not admin.site._registry[GameLog].has_delete_permission(request, game.log.first())


def test_the_member_who_only_reads_does_not_see_the_history(game: Game, club: Club) -> None:
    from tests.scoring.factories import make_member

    member = logged_in(make_member(club, "menba", "member"))
    assert member.get(f"/c/{club.slug}/games/{game.pk}/history/").status_code == 403
    assert Client().get(f"/c/{club.slug}/games/{game.pk}/history/").status_code == 302

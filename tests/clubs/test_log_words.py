"""The club log in words: every kind of entry the services write reads as a sentence in the
reader's language, with only what changed, before -> after, in the club's words."""

# ruff: noqa: E501 - one entry a line: the table reads like the log it describes

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from clubs.log_words import entry_words
from clubs.models import Club, ClubLog, LogKind, Ruleset


def logged(kind: str, action: str, name: str, before: Any = None, after: Any = None) -> ClubLog:
    return ClubLog(kind=kind, action=action, name=name, before=before, after=after)


T = LogKind.TOURNAMENT
L = LogKind.LEAGUE
EAST = {"name": "東風", "members": ["山田", "鈴木"], "captain": "山田"}
CASES = [
    (logged(LogKind.CLUB, "created", "つばめ"), "クラブ「つばめ」を作りました。", "Created the club “つばめ”."),
    (logged(LogKind.CLUB, "settings", "つばめ", {"is_public": False}, {"is_public": True}), "クラブの設定を変更しました。", "Changed the club's settings."),
    (logged(LogKind.INVITATION, "invited", "scorekeeper", None, {"role": "scorekeeper"}), "新しいメンバーを記録係として招待しました。", "Invited a new member as scorekeeper."),
    (logged(LogKind.INVITATION, "revoked", "admin", {"role": "admin"}), "管理者としての招待を取り消しました。", "Withdrew an invitation as admin."),
    (logged(LogKind.MEMBERSHIP, "joined", "yamada", None, {"role": "member"}), "yamadaがメンバーとしてクラブに参加しました。", "yamada joined the club as member."),
    (logged(LogKind.MEMBERSHIP, "role", "yamada", {"role": "member"}, {"role": "admin"}), "yamadaの権限を変更しました。", "Changed the role of yamada."),
    (logged(LogKind.MEMBERSHIP, "removed", "yamada", {"role": "member"}), "yamadaをメンバーから外しました。", "Removed yamada from the members."),
    (logged(LogKind.PLAYER, "added", "山田"), "プレイヤー「山田」を追加しました。", "Added the player 山田."),
    (logged(LogKind.PLAYER, "renamed", "鈴木", {"name": "山田"}, {"name": "鈴木"}), "プレイヤーの名前を変更しました。", "Renamed a player."),
    (logged(LogKind.PLAYER, "linked", "山田", {"account": None}, {"account": "yamada"}), "山田と連携するアカウントを変更しました。", "Changed the account of 山田."),
    (logged(LogKind.PLAYER, "merged", "山田", {"merged": "やまだ"}, {"into": "山田"}), "やまだを山田に統合しました。対局はすべて山田のものになります。", "Merged やまだ into 山田: their games are now theirs."),
    (logged(LogKind.PLAYER, "federation", "山田", {"ema_number": "", "nationality": ""}, {"ema_number": "04010001", "nationality": "JPN"}), "山田の連盟用の情報を変更しました。", "Changed the federation details of 山田."),
    (logged(LogKind.RULESET, "v1", "Kルール", None, {"preset": "k_rule"}), "ルール「Kルール」の第1版を保存しました。", "Saved version 1 of the rules “Kルール”."),
    (logged(LogKind.LEAGUE, "created", "秋季"), "リーグ「秋季」を作りました。", "Made the league “秋季”."),
    (logged(LogKind.LEAGUE, "changed", "秋季", {"qualification_games": 0}, {"qualification_games": 10}), "リーグ「秋季」の設定を変更しました。", "Changed the league “秋季”."),
    (logged(L, "team", "秋季", None, {"team": EAST}), "リーグ「秋季」にチーム「東風」を作りました。", "Made the team “東風” in the league “秋季”."),
    (logged(L, "team", "秋季", {"team": EAST}, {"team": {**EAST, "captain": "鈴木"}}), "リーグ「秋季」のチーム「東風」を変更しました。", "Changed the team “東風” in the league “秋季”."),
    (logged(L, "team_removed", "秋季", {"team": EAST}), "リーグ「秋季」からチーム「東風」を外しました。", "Took the team “東風” out of the league “秋季”."),
    (logged(L, "schedule", "秋季", None, {"stage": "regular", "games": 6, "teams": ["東風", "南風", "西風", "北風"]}), "リーグ「秋季」の対戦表に6対局(レギュラーシーズン)を追加しました。チーム: 東風, 南風, 西風, 北風。", "Scheduled 6 games (regular season) of the league “秋季”: 東風, 南風, 西風, 北風."),
    (logged(L, "match", "秋季", None, {"stage": "playoff", "number": 7, "teams": ["東風", "南風"]}), "「秋季」の対戦表に第7対局(プレーオフ)を追加しました。チーム: 東風, 南風。", "Added game 7 (playoffs) to the schedule of “秋季”: 東風, 南風."),
    (logged(L, "schedule_cleared", "秋季", {"stage": "playoff", "games": 3}), "「秋季」の対戦表(プレーオフ)から3対局を消去しました。", "Cleared the schedule (playoffs) of “秋季”: 3 games."),
    (logged(T, "created", "大会"), "大会「大会」を作りました。", "Created the tournament “大会”."),
    (logged(T, "registered", "大会", None, {"players": ["山田", "鈴木"], "team": "東"}), "「大会」に山田, 鈴木を登録しました(チーム: 東)。", "Registered 山田, 鈴木 for “大会”, team 東."),
    (logged(T, "registered", "大会", None, {"players": ["山田"], "team": None}), "「大会」に山田を登録しました。", "Registered 山田 for “大会”."),
    (logged(T, "status", "大会", {"山田": "registered"}, {"山田": "checked_in"}), "「大会」の参加者の状態を変更しました。", "Changed an entry of “大会”."),
    (logged(T, "team", "大会", {"山田": None}, {"山田": "西"}), "「大会」のチームを変更しました。", "Changed a team in “大会”."),
    (logged(T, "dropped", "大会", None, {"山田": 2}), "山田が「大会」を2回戦の後で棄権しました。", "山田 dropped out of “大会” after round 2."),
    (logged(T, "dropped", "大会", None, {"山田": 0}), "山田が「大会」を開始前に棄権しました。", "山田 dropped out of “大会” before it began."),
    (logged(T, "seated", "大会", None, {"rounds": [1, 2], "method": "random"}), "「大会」の1, 2回戦の卓組を作りました(ランダム(同じ相手と再戦なし))。", "Seated round 1, 2 of “大会” (random, no repeated opponents)."),
    (logged(T, "uploaded", "大会", None, {"rounds": [3]}), "「大会」の3回戦の卓組をアップロードしました。", "Uploaded the seating of round 3 of “大会”."),
    (logged(T, "published", "大会", None, {"round": 1}), "「大会」の1回戦を公開し、対局を始めました。", "Published round 1 of “大会”: its games have begun."),
    (logged(T, "clock", "大会", None, {"round": 1}), "「大会」の1回戦の時計を開始しました。", "Started the clock of round 1 of “大会”."),
    (logged(T, "referee", "大会", {"R2 T3": False}, {"R2 T3": True}), "「大会」の2回戦 3卓が審判を呼びました。", "Round 2, Table 3 of “大会” called a referee."),
    (logged(T, "referee", "大会", {"R2 T3": True}, {"R2 T3": False}), "「大会」の2回戦 3卓の審判対応が終わりました。", "Round 2, Table 3 of “大会” no longer needs a referee."),
    (logged(T, "closed", "大会", None, {"round": 4}), "「大会」の4回戦を締めました。", "Closed round 4 of “大会”."),
    (logged(T, "cut", "大会", None, {"finalists": ["山田", "鈴木"]}), "「大会」の足切りをしました。決勝進出: 山田, 鈴木。", "Made the cut of “大会”: 山田, 鈴木 go on to the finals."),
    (logged(T, "signed_off", "大会"), "「大会」の結果を承認しました。", "Signed off the results of “大会”."),
    (logged(T, "sign_off_withdrawn", "大会"), "「大会」の結果の承認を取り消しました。", "Withdrew the sign-off of the results of “大会”."),
    (logged(T, "signed_up", "大会", None, {"name": "山田", "status": "place"}), "山田がリンクから「大会」に参加申込をしました(参加枠あり)。", "山田 registered for “大会” through its link: has a place."),
    (logged(T, "signed_up", "大会", None, {"name": "鈴木", "status": "waiting"}), "鈴木がリンクから「大会」に参加申込をしました(キャンセル待ち)。", "鈴木 registered for “大会” through its link: on the waiting list."),
    (logged(T, "registrant", "大会", {"山田": "place"}, {"山田": "approved"}), "「大会」の参加申込の状態を変更しました。", "Changed a registration for “大会”."),
    (logged(T, "waiting_list", "大会", None, {"order": ["鈴木", "山田"]}), "「大会」のキャンセル待ちの順番を変更しました。新しい順番: 鈴木, 山田。", "Reordered the waiting list of “大会”: 鈴木, 山田."),
    (logged(T, "registration", "大会", {"registration_open": False}, {"registration_open": True}), "「大会」の参加申込の設定を変更しました。", "Changed the registration of “大会”."),
    (logged(T, "unheard_of", "大会", {"x": 1}), "大会「大会」を変更しました。", "Changed tournament “大会”."),
    (logged(T, "dropped", "大会", None, {"broken": 1, "twice": 2}), "大会「大会」を変更しました。", "Changed tournament “大会”."),
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize(("entry", "japanese", "english"), CASES)
def test_every_entry_reads_as_a_sentence_in_both_languages(
    entry: ClubLog, japanese: str, english: str
) -> None:
    with translation.override("ja"):
        assert entry_words(entry).sentence == japanese
    with translation.override("en"):
        assert entry_words(entry).sentence == english


def changes(entry: ClubLog) -> list[tuple[str, str, str]]:
    with translation.override("ja"):
        return [(d.what, d.before, d.after) for d in entry_words(entry).differences]


@pytest.mark.django_db
def test_only_what_changed_shows_in_the_clubs_words() -> None:
    club = Club.objects.create(name="つばめ", slug="tsubame")
    k_rule = Ruleset.objects.create(club=club, name="Kルール", preset="k_rule")
    settings = logged(
        LogKind.CLUB, "settings", "つばめ",
        {"is_public": False, "default_ruleset": None}, {"is_public": True, "default_ruleset": k_rule.pk},
    )  # fmt: skip
    assert changes(settings) == [("公開", "いいえ", "はい"), ("新しい対局のルール", "—", "Kルール")]
    role = logged(LogKind.MEMBERSHIP, "role", "yamada", {"role": "member"}, {"role": "admin"})
    assert changes(role) == [("権限", "メンバー", "管理者")]
    assert changes(CASES[8][0]) == [("名前", "山田", "鈴木")]
    assert changes(CASES[14][0]) == [("規定打数", "0", "10")]
    status = next(case[0] for case in CASES if case[0].action == "status")
    assert changes(status) == [("山田", "登録済み", "受付済み")]
    team = next(case[0] for case in CASES if case[0].action == "team" and case[0].kind == L)
    assert changes(team) == [("チーム", "—", "東風: 山田 (キャプテン), 鈴木")]
    federation = next(case[0] for case in CASES if case[0].action == "federation")
    assert changes(federation) == [("EMA番号", "—", "04010001"), ("国籍", "—", "JPN")]
    registrant = next(case[0] for case in CASES if case[0].action == "registrant")
    assert changes(registrant) == [("山田", "参加枠あり", "承認済み")]
    registration = next(case[0] for case in CASES if case[0].action == "registration")
    assert changes(registration) == [("参加申込を受け付ける", "いいえ", "はい")]


@pytest.mark.django_db
def test_a_ruleset_version_lists_the_options_it_changed_in_words() -> None:
    entry = logged(LogKind.RULESET, "v2", "Kルール", {"kiriage": False}, {"kiriage": True})
    assert changes(entry) == [("切り上げ満貫", "なし", "あり")]

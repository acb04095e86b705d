"""Accounts (Django's own views with our templates) and the club pages under /c/<slug>/."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.urls import include, path

from clubs.views import accounts, clubs, leagues, members, players, rulesets, teams

# Template names differ from Django admin's registration/ templates, which would otherwise win.
account_patterns = [
    path("login/", auth.LoginView.as_view(), name="login"),
    path("logout/", auth.LogoutView.as_view(), name="logout"),
    path("signup/", accounts.signup, name="signup"),
    path(
        "password/",
        auth.PasswordChangeView.as_view(template_name="registration/password_change.html"),
        name="password_change",
    ),
    path(
        "password/changed/",
        auth.PasswordChangeDoneView.as_view(template_name="registration/password_changed.html"),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        auth.PasswordResetView.as_view(
            template_name="registration/password_reset.html",
            email_template_name="registration/password_reset_mail.txt",
            subject_template_name="registration/password_reset_mail_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth.PasswordResetDoneView.as_view(template_name="registration/password_reset_sent.html"),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth.PasswordResetConfirmView.as_view(template_name="registration/password_reset_new.html"),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth.PasswordResetCompleteView.as_view(
            template_name="registration/password_reset_finished.html"
        ),
        name="password_reset_complete",
    ),
]

club_patterns = [
    path("clubs/new/", clubs.club_new, name="new"),
    path("c/<slug:slug>/settings/", clubs.club_settings, name="settings"),
    path("c/<slug:slug>/members/", members.members, name="members"),
    path("c/<slug:slug>/members/<int:membership_id>/role/", members.member_role, name="role"),
    path("c/<slug:slug>/members/<int:membership_id>/remove/", members.member_remove, name="remove"),
    path("c/<slug:slug>/invitations/", members.invite, name="invite"),
    path(
        "c/<slug:slug>/invitations/<int:invitation_id>/revoke/",
        members.invitation_revoke,
        name="revoke",
    ),
    path("c/<slug:slug>/join/<str:token>/", members.join, name="join"),
    path("c/<slug:slug>/players/", players.players, name="players"),
    path("c/<slug:slug>/players/new/", players.player_add, name="player_add"),
    # The player's page is their statistics (standings); this one renames and links them.
    path("c/<slug:slug>/players/<int:player_id>/manage/", players.player, name="player"),
    path(
        "c/<slug:slug>/players/<int:player_id>/rename/",
        players.player_rename,
        name="player_rename",
    ),
    path("c/<slug:slug>/players/<int:player_id>/link/", players.player_link, name="player_link"),
    path(
        "c/<slug:slug>/players/<int:player_id>/federation/",
        players.player_federation,
        name="player_federation",
    ),
    path("c/<slug:slug>/leagues/new/", leagues.league_new, name="league_new"),
    path("c/<slug:slug>/leagues/<int:league_id>/edit/", leagues.league_edit, name="league_edit"),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/teams/edit/",
        teams.league_teams,
        name="league_teams",
    ),
    path("c/<slug:slug>/leagues/<int:league_id>/teams/new/", teams.team_new, name="team_new"),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/teams/<int:team_id>/",
        teams.team_save,
        name="team_save",
    ),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/teams/<int:team_id>/delete/",
        teams.team_delete,
        name="team_delete",
    ),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/schedule/generate/",
        teams.schedule_generate,
        name="schedule_generate",
    ),
    path("c/<slug:slug>/leagues/<int:league_id>/schedule/add/", teams.match_add, name="match_add"),
    path(
        "c/<slug:slug>/leagues/<int:league_id>/schedule/clear/",
        teams.schedule_clear,
        name="schedule_clear",
    ),
    path("c/<slug:slug>/rulesets/", rulesets.rulesets, name="rulesets"),
    path("c/<slug:slug>/rulesets/new/", rulesets.ruleset_new, name="ruleset_new"),
    path("c/<slug:slug>/rulesets/<int:ruleset_id>/", rulesets.ruleset, name="ruleset"),
    path(
        "c/<slug:slug>/rulesets/<int:ruleset_id>/edit/",
        rulesets.ruleset_edit,
        name="ruleset_edit",
    ),
]

urlpatterns = [
    path("accounts/", include(account_patterns)),
    path("", include((club_patterns, "clubs"))),
]

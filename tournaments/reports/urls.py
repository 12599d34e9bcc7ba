"""Report pages (upload, findings, player matches, approval), inside the tournaments namespace."""

from django.urls import path

from tournaments.reports import views

report = "<int:pk>/reports/<int:version>/"

urlpatterns = [
    path("reports/", views.report_list, name="report_list"),
    path("<int:pk>/reports/upload/", views.report_upload, name="report_upload"),
    path(report, views.report_detail, name="report_detail"),
    path(f"{report}file/", views.report_download, name="report_download"),
    path(f"{report}games/", views.report_games_download, name="report_games_download"),
    path(f"{report}approve/", views.report_approve, name="report_approve"),
    path(f"{report}return/", views.report_return, name="report_return"),
    path(
        f"{report}withdraw-approval/",
        views.report_approval_withdraw,
        name="report_approval_withdraw",
    ),
    path(
        f"{report}players/<int:start_rank>/match/",
        views.player_match_resolve,
        name="player_match_resolve",
    ),
    path(
        f"{report}players/<int:start_rank>/reopen/",
        views.player_match_reopen,
        name="player_match_reopen",
    ),
    path(
        f"{report}players/register-new/",
        views.players_register_new,
        name="players_register_new",
    ),
    path(
        f"{report}players/<int:start_rank>/register/",
        views.player_match_register,
        name="player_match_register",
    ),
]

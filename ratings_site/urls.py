"""Root URLs: home, sign-in/out and password, the dashboard, the apps, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from ratings_site import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # A forgotten password: a link by mail to the address the account has.
    path(
        "accounts/password/reset/",
        views.PasswordReset.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("players/", include("players.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("lists/", include("lists.urls")),
    path("arena/", include("arena.urls")),
    path("calculator/", include("lists.calculator.urls")),
    path("admin/", admin.site.urls),
]

# No route to the stored files (MEDIA_ROOT), not even in development: reports and player
# lists are private, served only by the views that check who asks (a review downloaded a
# report anonymously from /media/ with DEBUG on).

handler403 = "ratings_site.views.permission_denied"
handler404 = "ratings_site.views.page_not_found"

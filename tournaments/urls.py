from django.urls import include, path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("register/", views.tournament_register, name="register"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/withdraw/", views.tournament_withdraw, name="withdraw"),
    path("<int:pk>/correct/", views.tournament_correct, name="correct"),
    path("<int:pk>/move-list/", views.tournament_list_change, name="move_list"),
    path("approvals/", views.approval_list, name="approvals"),
    path("approvals/<int:pk>/", views.approval_detail, name="approval"),
    path("approvals/<int:pk>/approve/", views.approval_approve, name="approval-approve"),
    path("approvals/<int:pk>/refuse/", views.approval_refuse, name="approval-refuse"),
    path("", include("tournaments.reports.urls")),
]

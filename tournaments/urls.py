from django.urls import include, path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("", include("tournaments.reports.urls")),
]

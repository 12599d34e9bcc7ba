"""Rating periods (officers and administrators), published lists and players' rating
calculations (everybody)."""

from django.urls import path

from lists import views_periods, views_player, views_public

app_name = "lists"

urlpatterns = [
    # published lists: everybody
    path("", views_public.list_index, name="index"),
    path("rules/", views_public.rules_page, name="rules"),
    path("<str:category>/<int:year>-<int:month>/", views_public.published_list, name="published"),
    path(
        "<str:category>/<int:year>-<int:month>/download.<str:fmt>",
        views_public.published_download,
        name="download",
    ),
    path(
        "<str:category>/<int:year>-<int:month>/statistics/",
        views_public.published_statistics,
        name="statistics",
    ),
    path(
        "<str:category>/<int:year>-<int:month>/unrated-titled/",
        views_public.unrated_titled,
        name="unrated_titled",
    ),
    # how each rating was computed: everybody
    path("players/<int:fide_id>/", views_player.player_calculations, name="player_calculations"),
    path("tournaments/<int:pk>/", views_player.tournament_crosstable, name="crosstable"),
    # periods: officers and administrators
    path("periods/", views_periods.period_list, name="periods"),
    path("periods/ensure/", views_periods.periods_ensure, name="periods_ensure"),
    path("periods/<int:pk>/", views_periods.period_detail, name="period"),
    path("periods/<int:pk>/progress/", views_periods.period_progress, name="period_progress"),
    path("periods/<int:pk>/close/", views_periods.period_close, name="period_close"),
    path("periods/<int:pk>/compute/", views_periods.period_compute, name="period_compute"),
    path("periods/<int:pk>/publish/", views_periods.period_publish, name="period_publish"),
    path("periods/<int:pk>/preview.csv", views_periods.period_preview_csv, name="period_preview"),
]

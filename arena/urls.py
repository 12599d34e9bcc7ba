"""The online arena's lists and members' games (everybody), and the loading of its games
(administrators)."""

from django.urls import path

from arena import views

app_name = "arena"

urlpatterns = [
    path("", views.arena_index, name="index"),
    path("load/", views.arena_load, name="load"),
    path("<str:category>/", views.arena_list, name="list"),
    path("<str:category>/download.csv", views.arena_list_csv, name="download"),
    path("<str:category>/players/<int:fide_id>/", views.arena_player, name="player"),
]

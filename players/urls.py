from django.urls import path

from players import views

app_name = "players"

urlpatterns = [
    path("", views.player_list, name="list"),
    path("register/", views.player_register_page, name="register"),
    path("duplicates/", views.player_duplicates, name="duplicates"),
    path("duplicates/remove/", views.player_duplicate_remove_page, name="duplicate_remove"),
    path("import/", views.player_import, name="import"),
    path("import/<int:pk>/", views.player_import_detail, name="import_detail"),
    path("<int:fide_id>/", views.player_detail, name="detail"),
    path("<int:fide_id>/edit/", views.player_edit, name="edit"),
]

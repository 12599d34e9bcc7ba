from django.contrib import admin

from players.models import Federation, Player


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin):
    list_display = ("code", "name")
    search_fields = ("code", "name")
    ordering = ("code",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("fide_id", "name", "federation", "title", "sex", "birth_year")
    search_fields = ("=fide_id", "name")
    list_filter = ("federation", "title", "sex")
    list_select_related = ("federation",)
    autocomplete_fields = ("federation",)

from django.contrib import admin

from tournaments.models import Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "city", "federation", "start_date", "end_date", "category", "system")
    search_fields = ("name", "city")
    list_filter = ("category", "system", "federation")
    list_select_related = ("federation",)
    autocomplete_fields = ("federation",)
    date_hierarchy = "start_date"
    readonly_fields = ("created_at",)

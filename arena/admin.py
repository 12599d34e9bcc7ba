"""The arena's data in the admin, read only: each rating is what its games, in the order
played, made it (3.9, 3.11); one changed here would disagree with every later game."""

from django.contrib import admin

from arena.models import ArenaGame, ArenaGamesFile, ArenaGameSide, ArenaListChange, ArenaRating
from audit.admin import ReadOnlyAdmin


@admin.register(ArenaRating)
class ArenaRatingAdmin(ReadOnlyAdmin):
    list_display = ("player", "category", "rating", "games", "previously_unrated", "last_played_at")
    list_filter = ("category", "previously_unrated", "first_rating_from")
    search_fields = ("player__name", "=player__fide_id")
    raw_id_fields = ("player",)


@admin.register(ArenaGamesFile)
class ArenaGamesFileAdmin(ReadOnlyAdmin):
    list_display = ("original_name", "games", "loaded_by", "loaded_at")
    list_select_related = ("loaded_by",)
    search_fields = ("original_name", "=sha256")
    readonly_fields = ("file", "original_name", "sha256", "size", "games", "loaded_by", "loaded_at")


class ArenaGameSideInline(admin.TabularInline):
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    model = ArenaGameSide
    fk_name = "game"
    extra = 0
    raw_id_fields = ("player", "opponent")


@admin.register(ArenaGame)
class ArenaGameAdmin(ReadOnlyAdmin):
    list_display = ("played_at", "category", "white", "black", "white_score", "time_control")
    list_filter = ("category",)
    search_fields = ("=white__fide_id", "=black__fide_id")
    raw_id_fields = ("white", "black", "games_file")
    date_hierarchy = "played_at"
    inlines = (ArenaGameSideInline,)


@admin.register(ArenaListChange)
class ArenaListChangeAdmin(ReadOnlyAdmin):
    list_display = ("player", "category", "list_category", "list_date", "change", "rating_after")
    list_filter = ("category", "list_category", "list_date")
    raw_id_fields = ("player",)

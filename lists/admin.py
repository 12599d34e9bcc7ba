from django.contrib import admin

from audit.admin import ModelAdmin, ReadOnlyAdmin
from lists.models import ListEntry, PeriodPart, PeriodResult, RatingPeriod, WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(ModelAdmin):
    """Read-only: is a worker alive, on which host, and on which database? Old
    heartbeats may be deleted."""

    list_display = ("created_at", "hostname", "database_vendor", "token")
    search_fields = ("token", "hostname")
    list_filter = ("database_vendor", "hostname")
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class PeriodPartInline(admin.TabularInline):
    model = PeriodPart
    fields = ("run", "index", "players", "finished_at")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(RatingPeriod)
class RatingPeriodAdmin(ReadOnlyAdmin):
    """A period changes through its page (close, compute, publish); a published list
    never (``lists.models.PublishedListIsImmutable``)."""

    list_display = (
        "category", "list_date", "closing_date", "status", "progress_done", "progress_total",
        "games_count", "computed_at", "published_at", "entries_count",
    )  # fmt: skip
    list_filter = ("category", "status")
    date_hierarchy = "list_date"
    ordering = ("-list_date", "category")
    inlines = (PeriodPartInline,)


@admin.register(PeriodResult)
class PeriodResultAdmin(ReadOnlyAdmin):
    list_display = (
        "player", "period", "run", "kind", "rules", "old_rating", "new_rating",
        "change_rounded", "games", "k", "list_k",
    )  # fmt: skip
    list_filter = ("kind", "rules", "period__category")
    search_fields = ("=player__fide_id", "player__name")
    list_select_related = ("player", "period")
    show_full_result_count = False
    # The latest run first, off the index of (period, run, player) read backwards: the
    # model's order goes through the period's (its list date), which sorted a month's
    # quarter of a million results for every page (0.9 s).
    ordering = ("-period_id", "-run", "-player_id")


@admin.register(ListEntry)
class ListEntryAdmin(ReadOnlyAdmin):
    list_display = (
        "fide_id", "name", "federation", "title", "rating", "change", "games", "k", "flag",
        "period",
    )  # fmt: skip
    list_filter = ("period__category", "period__list_date")
    search_fields = ("=fide_id", "name")
    list_select_related = ("period",)
    # A federation's list has hundreds of thousands of entries a month.
    show_full_result_count = False

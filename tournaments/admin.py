from django.contrib import admin

from tournaments.models import (
    ApprovalRequest,
    Game,
    PlayerMatch,
    ReportFinding,
    RuleSetSchedule,
    Tournament,
    TournamentReport,
    TournamentRound,
)


class TournamentRoundInline(admin.TabularInline):
    model = TournamentRound
    extra = 0


class ApprovalRequestInline(admin.TabularInline):
    model = ApprovalRequest
    extra = 0
    fields = ("kind", "clause", "status", "decided_by", "decided_at", "reason")
    readonly_fields = ("decided_by", "decided_at")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "city", "federation", "start_date", "end_date", "category", "system",
                    "status", "rule_set", "late")  # fmt: skip
    search_fields = ("name", "city")
    list_filter = ("status", "category", "system", "late", "hybrid", "federation")
    list_select_related = ("federation",)
    autocomplete_fields = ("federation", "chief_arbiter", "deputy_arbiters")
    date_hierarchy = "start_date"
    readonly_fields = ("created_at", "registered_by")
    inlines = (TournamentRoundInline, ApprovalRequestInline)


@admin.register(ApprovalRequest)
class ApprovalRequestAdmin(admin.ModelAdmin):
    list_display = ("tournament", "kind", "status", "requested_at", "decided_by", "decided_at")
    list_filter = ("status", "kind")
    search_fields = ("tournament__name", "reason")
    list_select_related = ("tournament", "decided_by")
    autocomplete_fields = ("tournament",)


class ReportFindingInline(admin.TabularInline):
    model = ReportFinding
    extra = 0
    fields = ("severity", "code", "line", "column", "rule", "message")
    readonly_fields = fields
    can_delete = False


@admin.register(TournamentReport)
class TournamentReportAdmin(admin.ModelAdmin):
    """Reports are kept as received: files and figures are not edited here."""

    list_display = ("tournament", "version", "status", "error_count", "warning_count",
                    "original_name", "uploaded_by", "uploaded_at")  # fmt: skip
    list_filter = ("status",)
    search_fields = ("tournament__name", "original_name", "sha256")
    list_select_related = ("tournament", "uploaded_by")
    readonly_fields = (
        "tournament", "version", "file", "original_name", "size", "sha256", "encoding",
        "error_count", "warning_count", "uploaded_by", "uploaded_at",
    )  # fmt: skip
    inlines = (ReportFindingInline,)


@admin.register(ReportFinding)
class ReportFindingAdmin(admin.ModelAdmin):
    list_display = ("report", "severity", "code", "line", "column", "rule")
    list_filter = ("severity", "code")
    search_fields = ("message", "code", "report__tournament__name")
    list_select_related = ("report__tournament",)


@admin.register(PlayerMatch)
class PlayerMatchAdmin(admin.ModelAdmin):
    list_display = ("report", "start_rank", "trf_name", "trf_fide_id", "player", "status")
    list_filter = ("status",)
    search_fields = ("trf_name", "=trf_fide_id", "player__name")
    list_select_related = ("report__tournament", "player")
    autocomplete_fields = ("player",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("report", "round", "white", "black", "white_score")
    search_fields = ("=white__fide_id", "=black__fide_id", "report__tournament__name")
    list_select_related = ("report__tournament", "white", "black")
    autocomplete_fields = ("white", "black")


@admin.register(RuleSetSchedule)
class RuleSetScheduleAdmin(admin.ModelAdmin):
    """Administrators control when each rule set applies."""

    list_display = ("category", "effective_from", "rule_set")
    list_filter = ("category", "rule_set")

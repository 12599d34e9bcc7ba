from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from audit.admin import AuditedModelAdmin, ReadOnlyAdmin
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
from tournaments.selectors import schedule_change_refusal

#: The statuses from which a tournament is what its list rates, or rated.
FIXED_ONCE = (Tournament.Status.READY, Tournament.Status.RATED)


class TournamentRoundInline(admin.TabularInline):
    """Seen, not changed: round dates are checked against the rounds a day and the
    duration the regulations allow at registration (a review added a second round 1 here,
    a server error, and the change left an empty audit entry)."""

    model = TournamentRound
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ApprovalRequestInline(admin.TabularInline):
    model = ApprovalRequest
    extra = 0
    fields = ("kind", "clause", "status", "decided_by", "decided_at", "reason")
    readonly_fields = fields  # decided on the approvals page, with a reason
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(AuditedModelAdmin):
    list_display = ("name", "city", "federation", "start_date", "end_date", "category", "system",
                    "status", "rule_set", "late")  # fmt: skip
    search_fields = ("name", "city")
    list_filter = (
        "status",
        "category",
        "system",
        "late",
        "hybrid",
        "national_championship",
        "federation",
    )
    list_select_related = ("federation",)
    autocomplete_fields = ("federation", "chief_arbiter", "deputy_arbiters")
    date_hierarchy = "start_date"
    #: The status, the rule set and lateness move only through the workflow (audited there);
    #: what decides the rule set, the lateness and the regulations' checks of a
    #: registration is not correctable, here as on the site (DESIGN-notes 89: such a
    #: registration is withdrawn and registered again). A review turned an approved
    #: standard event into a blitz of 1 minute and 40 rounds here, its rule set left
    #: standard-2009 and its reports checked under it.
    readonly_fields = (
        "status", "rule_set", "late", "created_at", "registered_by",
        "category", "system", "match_games", "start_date", "end_date", "base_minutes",
        "increment_seconds", "moves", "extra_minutes", "number_of_rounds", "hybrid",
        "official_fide", "olympiad_type", "national_championship", "league", "entrants",
        "list_date",
    )  # fmt: skip
    inlines = (TournamentRoundInline, ApprovalRequestInline)

    def has_add_permission(self, request):
        """Registered on the site's page, with the regulations' checks and the approvals
        they call for, not here."""
        return False

    def has_change_permission(self, request, obj=None):
        """Seen, not changed, once approved for rating or rated: its category, dates and
        rounds are what its list rates (a review moved a rated event to blitz in May, its
        published ratings left as they were)."""
        if obj is not None and obj.status in FIXED_ONCE:
            return False
        return super().has_change_permission(request, obj)


@admin.register(ApprovalRequest)
class ApprovalRequestAdmin(AuditedModelAdmin):
    """Decisions are taken on the approvals page (with a reason, audited), not here."""

    list_display = ("tournament", "kind", "status", "requested_at", "decided_by", "decided_at")
    list_filter = ("status", "kind")
    search_fields = ("tournament__name", "reason")
    list_select_related = ("tournament", "decided_by")
    readonly_fields = ("tournament", "kind", "clause", "explanation", "status", "decided_by",
                       "decided_at", "reason")  # fmt: skip

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # a decision is a record: refused or withdrawn, never erased


class ReportFindingInline(admin.TabularInline):
    model = ReportFinding
    extra = 0
    fields = ("severity", "code", "line", "column", "rule", "message")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # a report's findings are its check's, kept as found


@admin.register(TournamentReport)
class TournamentReportAdmin(AuditedModelAdmin):
    """Reports are kept as received: files and figures are not edited here."""

    list_display = ("tournament", "version", "status", "error_count", "warning_count",
                    "original_name", "uploaded_by", "uploaded_at")  # fmt: skip
    list_filter = ("status",)
    search_fields = ("tournament__name", "original_name", "sha256")
    list_select_related = ("tournament", "uploaded_by")
    readonly_fields = (
        "tournament", "version", "stored_file", "original_name", "size", "sha256", "encoding",
        "rounds", "error_count", "warning_count", "info_count", "uploaded_by", "uploaded_at",
        "status",
        "stored_games_file", "games_size", "games_sha256", "games_with_moves", "games_rounds",
    )  # fmt: skip
    exclude = ("file", "games_file", "games_original_name")
    inlines = (ReportFindingInline,)

    @admin.display(description="file")
    def stored_file(self, report: TournamentReport) -> str:
        """A link to the checked download: stored files have no /media/ address."""
        url = reverse("tournaments:report_download", args=(report.tournament_id, report.version))
        return format_html('<a href="{}">{}</a>', url, report.original_name)

    @admin.display(description="games with moves")
    def games_with_moves(self, report: TournamentReport) -> int | str:
        """``games_count``, "—" without a games file (a property the admin showed as "None"
        on every report without one)."""
        return "—" if report.games_count is None else report.games_count

    @admin.display(description="games file (PGN)")
    def stored_games_file(self, report: TournamentReport) -> str:
        """A hybrid event's games (R&B 2024 8.4), by the checked download too."""
        if not report.games_file:
            return "—"
        url = reverse(
            "tournaments:report_games_download", args=(report.tournament_id, report.version)
        )
        return format_html('<a href="{}">{}</a>', url, report.games_original_name)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # every version is kept as received


@admin.register(ReportFinding)
class ReportFindingAdmin(AuditedModelAdmin):
    """Findings are what the checks said: read only."""

    list_display = ("report", "severity", "code", "line", "column", "rule")
    list_filter = ("severity", "code")
    search_fields = ("message", "code", "report__tournament__name")
    list_select_related = ("report__tournament",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(PlayerMatch)
class PlayerMatchAdmin(AuditedModelAdmin):
    list_display = ("report", "start_rank", "trf_name", "trf_fide_id", "player", "status")
    list_filter = ("status",)
    search_fields = ("trf_name", "=trf_fide_id", "player__name")
    list_select_related = ("report__tournament", "player")
    #: Resolved on the report page by the officer (audited there).
    readonly_fields = ("report", "start_rank", "trf_name", "trf_fide_id", "trf_rating",
                       "trf_federation", "trf_birth_year", "player", "status", "note",
                       "resolved_by", "resolved_at")  # fmt: skip

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        """Never: a match is part of its report, kept as received; deleted, a rated
        tournament's crosstable lost the player's line to phantom byes (a review)."""
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """Written from an approved report, as rated: a game is corrected by a corrected
    report (a new version), never here (a review changed a rated game's result)."""

    list_display = ("report", "round", "white", "black", "white_score")
    search_fields = ("=white__fide_id", "=black__fide_id", "report__tournament__name")
    list_select_related = ("report__tournament", "white", "black")
    autocomplete_fields = ("white", "black")


class RuleSetScheduleForm(forms.ModelForm):
    """A row of the schedule, refused where the schedule it makes would move a registered
    tournament to another rule set or leave a category without one
    (``schedule_change_refusal``)."""

    class Meta:
        model = RuleSetSchedule
        fields = ("rule_set", "category", "effective_from")

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        row = RuleSetSchedule(
            rule_set=cleaned["rule_set"],
            category=cleaned["category"],
            effective_from=cleaned["effective_from"],
        )
        others = RuleSetSchedule.objects.exclude(pk=self.instance.pk)
        if refusal := schedule_change_refusal([*others, row]):
            raise forms.ValidationError(refusal)
        return cleaned


@admin.register(RuleSetSchedule)
class RuleSetScheduleAdmin(AuditedModelAdmin):
    """Administrators control when each rule set applies: for tournaments to come, since
    each tournament keeps the rule set of its registration."""

    list_display = ("category", "effective_from", "rule_set")
    list_filter = ("category", "rule_set")
    form = RuleSetScheduleForm

    def get_deleted_objects(self, objs, request):
        """A deletion the schedule refuses (``schedule_change_refusal``) is shown as
        protected: the confirmation page names why, and deletes nothing."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        gone = {obj.pk for obj in objs}
        rows = RuleSetSchedule.objects.exclude(pk__in=gone)
        if refusal := schedule_change_refusal(rows):
            protected = [*protected, refusal]
        return deleted, counts, perms_needed, protected

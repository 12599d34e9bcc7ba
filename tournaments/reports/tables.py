import django_tables2 as tables

from tournaments.models import ReportFinding, TournamentReport


class ReportVersionTable(tables.Table):
    version = tables.Column(
        linkify=(
            "tournaments:report_detail",
            {"pk": tables.A("tournament_id"), "version": tables.A("version")},
        ),
        verbose_name="Version",
    )
    uploaded_by = tables.Column(verbose_name="Uploaded by", default="—")

    class Meta:
        model = TournamentReport
        fields = (
            "version",
            "original_name",
            "uploaded_at",
            "uploaded_by",
            "status",
            "error_count",
            "warning_count",
        )
        orderable = False
        empty_text = "No report uploaded yet."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "report-versions"}


class FindingTable(tables.Table):
    severity = tables.TemplateColumn(
        '<span class="badge text-bg-{% if value == "error" %}danger{% elif value == "warning" %}'
        'warning{% else %}secondary{% endif %}">{{ record.get_severity_display }}</span>'
    )
    line = tables.Column(default="—")
    column = tables.Column(default="—")
    rule = tables.Column(verbose_name="Clause", default="—")
    code = tables.Column(verbose_name="Check")

    class Meta:
        model = ReportFinding
        fields = ("severity", "line", "column", "rule", "message", "code")
        orderable = False
        empty_text = "Nothing found: the report agrees with its registration and the regulations."
        attrs = {"class": "table table-sm align-middle", "id": "findings"}
        row_attrs = {"class": lambda record: f"finding-{record.severity}"}


class ReportTable(tables.Table):
    """Every report the visitor may see, across tournaments (officers, arbiters, admins)."""

    tournament = tables.Column(
        accessor="tournament__name",
        verbose_name="Tournament",
        linkify=("tournaments:detail", {"pk": tables.A("tournament_id")}),
        order_by=("tournament__name",),
    )
    federation = tables.Column(
        accessor="tournament__federation__code",
        verbose_name="Federation",
        order_by=("tournament__federation__code",),
    )
    error_count = tables.Column(verbose_name="Errors")
    warning_count = tables.Column(verbose_name="Warnings")
    version = tables.Column(
        linkify=(
            "tournaments:report_detail",
            {"pk": tables.A("tournament_id"), "version": tables.A("version")},
        )
    )
    uploaded_by = tables.Column(default="—")

    class Meta:
        model = TournamentReport
        fields = ("tournament", "federation", "version", "status", "error_count",
                  "warning_count", "uploaded_at", "uploaded_by")  # fmt: skip
        order_by = ("-uploaded_at",)
        empty_text = "No reports you may see yet."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "reports"}

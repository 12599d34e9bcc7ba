import django_tables2 as tables
from django.utils.html import format_html

from players.templatetags.citations import cited
from tournaments.models import ReportFinding, Tournament, TournamentReport


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


#: The findings an officer's match settles (the file's findings stay as it was sent).
SETTLED_BY_A_MATCH = ("fide-id-unknown", "registry-mismatch", "rated-without-fide-id")
#: The findings where the file may be right and the registration wrong: the registration's
#: dates and rounds are not corrected but registered anew (DESIGN-notes 89).
AGAINST_THE_REGISTRATION = (
    "date-outside-registration",
    "round-date-outside-registration",
    "rounds-differ-from-registration",
)


class FindingTable(tables.Table):
    severity = tables.Column()
    line = tables.Column(default="—")
    column = tables.Column(default="—")
    rule = tables.Column(verbose_name="Clause", default="—")
    code = tables.Column(verbose_name="Check")
    text = tables.Column(verbose_name="The line as written", empty_values=(), orderable=False)

    class Meta:
        model = ReportFinding
        fields = ("severity", "line", "column", "message", "text", "rule", "code")
        orderable = False
        empty_text = "Nothing found: the report agrees with its registration and the regulations."
        attrs = {"class": "table table-sm align-middle", "id": "findings"}
        row_attrs = {"class": lambda record: f"finding-{record.severity}"}

    def render_severity(self, value: str, record: ReportFinding) -> str:
        """A badge, coloured by severity (``value`` is its label): written here, not by a
        template column, which compiles its template for every finding."""
        colour = {"error": "danger", "warning": "warning"}.get(record.severity, "secondary")
        return format_html('<span class="badge text-bg-{}">{}</span>', colour, value)

    def __init__(
        self,
        *args,
        lines: dict[int, str] | None = None,
        settled: dict[int, str] | None = None,
        tournament_url: str = "",
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lines = lines or {}
        #: The tournament's page, where a registration wrong in its dates is withdrawn.
        self.tournament_url = tournament_url
        #: By line: the registry player an officer matched the line to, settling it.
        self.settled = settled or {}

    def render_message(self, record: ReportFinding, value: str) -> str:
        # An error only: fewer rounds than registered (a warning) is rated as played.
        if (
            record.code in AGAINST_THE_REGISTRATION
            and record.severity == "error"
            and (self.tournament_url)
        ):
            # A review: the arbiter of an event that did end a day later was told only to
            # correct a file that was right.
            return format_html(
                '{} <span class="small text-body-secondary registration-wrong">If the event '
                "was played so, the registration is what is wrong: its dates and rounds are "
                'not corrected but registered anew (withdraw it on <a href="{}">the '
                "tournament's page</a>, then register the event; a late registration waits "
                "for an administrator).</span>",
                value,
                self.tournament_url,
            )
        if record.as_matched:
            return format_html(
                '{} <span class="badge text-bg-info as-matched">found with the players as '
                "matched</span>",
                value,
            )
        matched = self.settled.get(record.line or 0)
        if matched is None or record.code not in SETTLED_BY_A_MATCH:
            return value  # another finding of the line (its rating, say) is not settled
        return format_html(
            '{} <span class="badge text-bg-success settled">settled: matched to {}</span>',
            value,
            matched,
        )

    def render_rule(self, value: str) -> str:
        """The clause, a citation of the federation's readings linked to their page."""
        return cited(value)

    def render_text(self, record: ReportFinding) -> str:
        """The finding's line around its column (the character there marked), so that the
        arbiter need not open the file to see what is meant."""
        text = self.lines.get(record.line or 0)
        if text is None:
            return "—"
        if not record.column:
            return format_html('<code class="trf-line">{}</code>', _shortened(text))
        at = record.column - 1
        start = max(0, at - LINE_CONTEXT)
        return format_html(
            '<code class="trf-line">{}{}<mark>{}</mark>{}{}</code>',
            "…" if start else "",
            text[start:at],
            text[at : at + 1] or " ",
            text[at + 1 : at + 1 + LINE_CONTEXT],
            "…" if len(text) > at + 1 + LINE_CONTEXT else "",
        )


#: Characters shown either side of a finding's column.
LINE_CONTEXT = 30


def _shortened(text: str) -> str:
    return text[: 2 * LINE_CONTEXT] + ("…" if len(text) > 2 * LINE_CONTEXT else "")


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

    def render_status(self, record: TournamentReport, value: str) -> str:
        """An approved report whose tournament is rated since says on which list."""
        tournament = record.tournament
        if (
            record.status == TournamentReport.Status.APPROVED
            and tournament.status == Tournament.Status.RATED
            and tournament.list_date
        ):
            return f"Rated on the list of {tournament.list_date:%Y-%m-%d}"
        return value

    class Meta:
        model = TournamentReport
        fields = ("tournament", "federation", "version", "status", "error_count",
                  "warning_count", "uploaded_at", "uploaded_by")  # fmt: skip
        order_by = ("-uploaded_at",)
        empty_text = "No reports you may see yet."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "reports"}

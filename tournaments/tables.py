import django_tables2 as tables

from tournaments.models import ApprovalRequest, Tournament


class TournamentTable(tables.Table):
    name = tables.Column(linkify=("tournaments:detail", {"pk": tables.A("pk")}))
    federation = tables.Column(
        accessor="federation__code", order_by=("federation__code",), verbose_name="Federation"
    )

    class Meta:
        model = Tournament
        fields = (
            "name", "city", "federation", "start_date", "end_date", "category", "system", "status",
        )  # fmt: skip
        order_by = ("-start_date",)
        empty_text = "No tournaments registered yet."
        attrs = {"class": "table table-sm table-striped align-middle"}


class ApprovalTable(tables.Table):
    """The administrators' queue; pending rows carry the approve/refuse form."""

    tournament = tables.Column(
        linkify=("tournaments:detail", {"pk": tables.A("tournament_id")}),
        order_by=("tournament__name",),
    )
    federation = tables.Column(
        accessor="tournament__federation__code",
        order_by=("tournament__federation__code",),
        verbose_name="Federation",
    )
    explanation = tables.Column(verbose_name="Why it needs approval", orderable=False)
    decided_by = tables.Column(verbose_name="Decided by", default="")
    decision = tables.TemplateColumn(
        template_name="tournaments/_approval_decision.html",
        verbose_name="Decision",
        orderable=False,
        empty_values=(),
    )

    class Meta:
        model = ApprovalRequest
        fields = (
            "tournament", "federation", "kind", "clause", "explanation", "requested_at", "status",
            "decided_by", "decision",
        )  # fmt: skip
        empty_text = "No approval requests."
        attrs = {"class": "table table-sm align-middle", "id": "approvals"}

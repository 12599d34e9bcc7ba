import django_tables2 as tables

from tournaments.models import Tournament


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

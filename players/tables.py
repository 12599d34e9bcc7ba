import django_tables2 as tables

from players.models import Player


class PlayerTable(tables.Table):
    federation = tables.Column(
        accessor="federation__code", order_by=("federation__code",), verbose_name="Federation"
    )

    class Meta:
        model = Player
        fields = ("fide_id", "name", "title", "federation", "sex", "birth_year")
        order_by = ("name",)
        empty_text = "No players in the registry yet."
        attrs = {"class": "table table-sm table-striped align-middle"}

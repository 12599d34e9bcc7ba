import django_tables2 as tables
from django.utils.html import format_html

from players.columns import DateColumn, DateTimeColumn
from players.models import Player, PlayerImport, RatingHistory
from players.selectors import registry_order


class PlayerTable(tables.Table):
    name = tables.Column(linkify=("players:detail", {"fide_id": tables.A("fide_id")}))
    #: As the published list shows it: the open title, the women's title beside it or
    #: alone (a review: a WIM without an open title was "—").
    title = tables.Column(empty_values=(), verbose_name="Title")
    federation = tables.Column(
        accessor="federation__code", order_by=("federation__code",), verbose_name="Federation"
    )
    # Current ratings (players.selectors.with_current_ratings); the rating lists rank.
    standard_rating = tables.Column(verbose_name="Standard", default="—", orderable=False)
    rapid_rating = tables.Column(verbose_name="Rapid", default="—", orderable=False)
    blitz_rating = tables.Column(verbose_name="Blitz", default="—", orderable=False)

    def __init__(self, *args, searched: bool = False, **kwargs) -> None:
        self.searched = searched  # read by order_name, which the table calls as it starts
        super().__init__(*args, **kwargs)

    def render_title(self, record: Player) -> str:
        if not record.title:
            return record.women_title or "—"
        if record.women_title and record.women_title != record.title:
            return format_html(
                '{} <span class="text-body-secondary">{}</span>', record.title, record.women_title
            )
        return record.title

    def order_name(self, queryset, is_descending: bool):
        """By name regardless of case, then FIDE ID (``registry_order``)."""
        return registry_order(queryset, descending=is_descending, searched=self.searched), True

    class Meta:
        model = Player
        fields = ("fide_id", "name", "title", "federation", "sex", "birth_year")
        order_by = ("name",)
        empty_text = "No players in the registry yet."
        attrs = {"class": "table table-sm table-striped align-middle"}


class RatingHistoryTable(tables.Table):
    list_date = DateColumn(format="Y-m-d", verbose_name="List")
    rating = tables.Column(default="unrated")
    active = tables.BooleanColumn(null=True, default="not told")

    class Meta:
        model = RatingHistory
        fields = ("list_date", "rating", "games", "k", "active")
        orderable = False
        empty_text = "No published lists yet."
        attrs = {"class": "table table-sm align-middle"}


class PlayerImportTable(tables.Table):
    source = tables.Column(linkify=("players:import_detail", {"pk": tables.A("pk")}))
    as_of = DateColumn(format="Y-m-d")
    created_at = DateTimeColumn(format="Y-m-d H:i", verbose_name="Started")
    started_by = tables.Column(empty_values=(), verbose_name="By")

    class Meta:
        model = PlayerImport
        fields = (
            "source",
            "format",
            "as_of",
            "status",
            "lines_read",
            "players_created",
            "players_updated",
            "skipped_count",
            "started_by",
            "created_at",
        )
        orderable = False
        empty_text = "No list imported yet."
        attrs = {"class": "table table-sm table-striped align-middle"}

    def render_started_by(self, value, record: PlayerImport) -> str:
        return str(value) if value else record.actor_label

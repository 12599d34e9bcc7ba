"""Tables of the period pages (officers and administrators)."""

import django_tables2 as tables

from lists.models import PeriodResult, RatingPeriod


class PeriodTable(tables.Table):
    period = tables.Column(
        accessor="list_date",
        verbose_name="List",
        linkify=("lists:period", {"pk": tables.A("pk")}),
    )
    tournaments_count = tables.Column(verbose_name="Tournaments")
    games_count = tables.Column(verbose_name="Games")
    progress = tables.TemplateColumn(
        "{{ record.progress_done }} / {{ record.progress_total }}",
        verbose_name="Players done",
        orderable=False,
    )

    class Meta:
        model = RatingPeriod
        fields = (
            "period", "category", "closing_date", "status", "tournaments_count", "games_count",
            "progress", "published_at",
        )  # fmt: skip
        order_by = ("-period",)
        empty_text = (
            "No rating periods yet: the scheduler creates them three lists ahead, and "
            "compute_period makes the one of a list date."
        )
        attrs = {"class": "table table-sm table-striped align-middle", "id": "periods"}


class PreviewTable(tables.Table):
    """A computed run: old -> new for every player who played, new players, delisted."""

    fide_id = tables.Column(
        accessor="player__fide_id",
        verbose_name="FIDE ID",
        linkify=("lists:player_calculations", {"fide_id": tables.A("player__fide_id")}),
    )
    name = tables.Column(accessor="player__name", verbose_name="Name")
    federation = tables.Column(
        accessor="player__federation__code", verbose_name="Fed", order_by="player__federation__code"
    )
    old_rating = tables.Column(verbose_name="Old rating", empty_values=())
    change = tables.Column(accessor="change_rounded", verbose_name="Change", empty_values=())

    class Meta:
        model = PeriodResult
        fields = (
            "fide_id", "name", "federation", "kind", "old_rating", "new_rating", "change",
            "games", "k", "rules",
        )  # fmt: skip
        order_by = ("-change",)
        empty_text = "No player has a result in this period."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "preview"}

    def render_old_rating(self, value: int | None, record: PeriodResult) -> str:
        """A player rated from his standard rating starts from it (R&B 2024 7.2.1)."""
        if value is not None:
            return str(value)
        if record.kind == PeriodResult.Kind.ADOPTED and record.new_rating is not None:
            return f"{record.new_rating - record.change_rounded} (standard)"
        return "—"

    def render_change(self, value: int, record: PeriodResult) -> str:
        """A first rating is new, as on the published list; no rating yet, no change."""
        if record.kind == PeriodResult.Kind.INITIAL:
            return "new"
        if record.kind == PeriodResult.Kind.PENDING:
            return "—"
        return f"{value:+d}" if value else "0"

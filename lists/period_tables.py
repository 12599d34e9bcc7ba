"""Tables of the period pages (officers and administrators)."""

from collections.abc import Collection

import django_tables2 as tables
from django.utils.html import format_html

from lists.models import PeriodResult, RatingPeriod
from lists.tables import CountColumn
from tournaments.models import Tournament


class PeriodTable(tables.Table):
    """The rating periods, three a list date. Every order ends on the period's id: the
    periods of one date, tied in most columns, came back in any order on PostgreSQL, and
    a review paging through 120 of them saw one twice and another never."""

    period = tables.Column(
        accessor="list_date",
        verbose_name="List",
        linkify=("lists:period", {"pk": tables.A("pk")}),
        order_by=("list_date", "category", "id"),
    )
    category = tables.Column(order_by=("category", "list_date", "id"))
    closing_date = tables.Column(order_by=("closing_date", "category", "id"))
    status = tables.Column(order_by=("status", "list_date", "category", "id"))
    #: The tournaments the period holds now (``periods_with_tournaments_held``), as its page lists
    #: them: an open period's too, whose stored count waits for a computation (a review).
    tournaments_held = CountColumn(
        verbose_name="Tournaments", order_by=("tournaments_held", "list_date", "id")
    )
    games_count = tables.Column(verbose_name="Games", order_by=("games_count", "list_date", "id"))
    published_at = tables.Column(order_by=("published_at", "list_date", "id"))
    entries_count = CountColumn(
        verbose_name="Listed", order_by=("entries_count", "list_date", "id")
    )
    progress = tables.Column(verbose_name="Players done", orderable=False, empty_values=())

    class Meta:
        model = RatingPeriod
        fields = (
            "period", "category", "closing_date", "status", "tournaments_held", "games_count",
            "progress", "published_at", "entries_count",
        )  # fmt: skip
        order_by = ("-period",)
        empty_text = (
            "No rating periods yet: the scheduler creates them three lists ahead, and "
            "compute_period makes the one of a list date."
        )
        attrs = {"class": "table table-sm table-striped align-middle", "id": "periods"}

    def render_status(self, record: RatingPeriod) -> str:
        return record.status_text

    def render_games_count(self, record: RatingPeriod, value: int) -> str:
        """The games its latest computation rated; none counted before one."""
        return "—" if record.computed_at is None else f"{value:,}"

    def render_progress(self, record: RatingPeriod) -> str:
        return f"{record.progress_done:,} / {record.progress_total:,}"


#: The results a list holds, as ``lists.services.ENTRIES_SELECT`` takes them (with a new
#: rating): the others (pending, delisted) are on no list anyway.
LISTED_KINDS = (PeriodResult.Kind.RATED, PeriodResult.Kind.ADOPTED, PeriodResult.Kind.INITIAL)


class PreviewTable(tables.Table):
    """A computed run: old -> new for every player who played, new players, delisted.
    Every order ends on the result's id: a month has 250,000 results and few distinct
    changes, and rows that tie would otherwise move between pages from one request to
    the next."""

    fide_id = tables.Column(
        accessor="player__fide_id",
        verbose_name="FIDE ID",
        linkify=("lists:player_calculations", {"fide_id": tables.A("player__fide_id")}),
    )
    name = tables.Column(
        accessor="player__name", verbose_name="Name", order_by=("player__name", "id")
    )
    federation = tables.Column(
        accessor="player__federation__code",
        verbose_name="Fed",
        order_by=("player__federation__code", "player__name", "id"),
    )
    kind = tables.Column(order_by=("kind", "id"))
    old_rating = tables.Column(
        accessor="old_rating_shown",  # ``preview_results``
        verbose_name="Old rating",
        empty_values=(),
        order_by=("old_rating_shown", "id"),
    )
    new_rating = tables.Column(order_by=("new_rating", "id"))
    # The index result_by_change serves the default order.
    change = tables.Column(
        accessor="change_rounded",
        verbose_name="Change",
        empty_values=(),
        order_by=("change_rounded", "id"),
    )
    games = tables.Column(order_by=("games", "id"))
    k = tables.Column(order_by=("k", "id"))
    rules = tables.Column(order_by=("rules", "id"))

    class Meta:
        model = PeriodResult
        fields = (
            "fide_id", "name", "federation", "kind", "old_rating", "new_rating", "change",
            "games", "k", "rules",
        )  # fmt: skip
        order_by = ("-change",)
        empty_text = "No player has a result in this period."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "preview"}

    def render_name(self, value: str, record: PeriodResult) -> str:
        """A player the list will leave off though rated is marked: his record says so,
        or his federation is excluded from FIDE (R&B 2024 9.1-9.2, standard-2009 13)."""
        listed_otherwise = record.kind in LISTED_KINDS and record.new_rating is not None
        why = record.player.left_off_the_lists
        if not listed_otherwise or not why:
            return value
        return format_html(
            '{} <span class="badge text-bg-secondary" title="Rated, but left off the list">'
            "not listed: {}</span>",
            value,
            why,
        )

    def render_old_rating(self, value: int | None, record: PeriodResult) -> str:
        """A player rated from his standard rating starts from it (R&B 2024 7.2.1)."""
        if value is None:
            return "—"
        return f"{value} (standard)" if record.old_rating is None else str(value)

    def render_change(self, value: int, record: PeriodResult) -> str:
        """A first rating is new, as on the published list; no rating yet, no change."""
        if record.kind == PeriodResult.Kind.INITIAL:
            return "new"
        if record.kind == PeriodResult.Kind.PENDING:
            return "—"
        return f"{value:+d}" if value else "0"


class PeriodTournamentTable(tables.Table):
    """The tournaments of a period's list, a page at a time (a federation's month is
    30,000 of them), on the page's second table (``prefix``). ``late``: the ids of those
    approved after the preview was computed, tagged as not in it."""

    name = tables.Column(
        verbose_name="Tournament",
        linkify=("tournaments:detail", {"pk": tables.A("pk")}),
        order_by=("name", "id"),
    )
    federation = tables.Column(
        accessor="federation__code",
        verbose_name="Federation",
        order_by=("federation__code", "name", "id"),
    )
    end_date = tables.Column(verbose_name="Ended", order_by=("end_date", "name", "id"))
    status = tables.Column(order_by=("status", "end_date", "name", "id"))

    def __init__(self, data, *, late: Collection[int] = (), **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.late = late

    class Meta:
        model = Tournament
        fields = ("name", "federation", "end_date", "status")
        order_by = ("end_date",)
        empty_text = "No report has been approved for this list yet."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "period-tournaments"}

    def render_status(self, value: str, record: Tournament) -> str:
        if record.pk in self.late:
            return format_html(
                '{} <span class="badge text-bg-warning">not in the preview</span>', value
            )
        return value

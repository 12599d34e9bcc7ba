from __future__ import annotations

from functools import cached_property

import django_tables2 as tables
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import F, QuerySet
from django.urls import reverse
from django.utils.html import format_html_join

from lists.exports import FORMATS
from lists.models import LIST_ORDER, ListEntry, RatingPeriod
from players.columns import DateColumn, DateTimeColumn
from players.name_keys import NameKey, name_order
from players.pagination import FixedPagePaginator


class CountColumn(tables.Column):
    """A count in thousands (253,129 players, 1,000,000 games)."""

    def render(self, value: int) -> str:
        return f"{value:,}"


class ListEntryTable(tables.Table):
    """A published list: the columns, their headers and how each sorts. Each sortable
    column sorts as an index of ``ListEntry`` reads (rating with name, federation with
    rating), so a first page comes straight off it.

    The rows are written by the table's template (lists/_entries_table.html), not cell by
    cell: django-tables2's per-cell work (attributes, render methods, signatures) costs
    over a millisecond a row, more than the page's two queries on a list of a million players."""

    position = tables.Column(empty_values=(), orderable=False, verbose_name="#")
    fide_id = tables.Column(verbose_name="FIDE ID", order_by=("fide_id",))
    name = tables.Column()
    title = tables.Column(orderable=False)
    federation = tables.Column(verbose_name="Fed")
    sex = tables.Column(orderable=False)
    birth_year = tables.Column(verbose_name="Born")
    # The list's order (``LIST_ORDER``) read backwards: sorted by rating, descending (the
    # default), a list reads as published, and each way it is one order from page to page.
    rating = tables.Column(order_by=("rating", "-name", "-fide_id"))
    change = tables.Column()
    games = tables.Column()
    k = tables.Column(verbose_name="K", orderable=False)
    flag = tables.Column(orderable=False)

    class Meta:
        model = ListEntry
        #: The template writes a row's cells in this order.
        fields = (
            "position",
            "fide_id",
            "name",
            "title",
            "federation",
            "sex",
            "birth_year",
            "rating",
            "change",
            "games",
            "k",
            "flag",
        )
        order_by = ("-rating",)
        template_name = "lists/_entries_table.html"
        empty_text = "No players on this list."
        attrs = {"class": "table table-sm table-striped align-middle", "id": "entries"}

    def order_name(self, queryset: QuerySet, is_descending: bool):
        """Regardless of case and accents, as the registry sorts (``name_order``), then FIDE
        ID; off the name search's index (``entry_by_name_key``, migration ``lists.0021``)."""
        name = name_order(NameKey("name"), descending=is_descending)
        fide_id = F("fide_id").desc() if is_descending else F("fide_id").asc()
        return queryset.order_by(name, fide_id), True

    def order_federation(self, queryset: QuerySet, is_descending: bool):
        """The federations either way, each ranked as the list is (a review: reversing the
        federations also put each federation's weakest player first)."""
        federation = F("federation").desc() if is_descending else F("federation").asc()
        return queryset.order_by(federation, *LIST_ORDER), True

    def order_birth_year(self, queryset: QuerySet, is_descending: bool):
        return _order(queryset, "birth_year", is_descending)

    def order_games(self, queryset: QuerySet, is_descending: bool):
        return _order(queryset, "games", is_descending)

    def order_change(self, queryset: QuerySet, is_descending: bool):
        return _order(queryset, "change", is_descending)


class PublishedListPaginator(FixedPagePaginator):
    """Pages of a published list, counted once per search and remembered under
    ``count_key``: a published list never changes, so neither does how many of its
    players a search finds."""

    def __init__(self, object_list, per_page, *args, page_size: int, count_key: str, **kwargs):
        super().__init__(object_list, per_page, *args, page_size=page_size, **kwargs)
        self.count_key = count_key

    @cached_property
    def count(self) -> int:
        return cache.get_or_set(self.count_key, lambda: Paginator.count.func(self), timeout=None)


def _order(queryset: QuerySet, field: str, is_descending: bool) -> tuple[QuerySet, bool]:
    """Either way, ties by name and blanks (no birth year, a first rating) last, whatever
    the database's habit with NULLs."""
    key = F(field).desc(nulls_last=True) if is_descending else F(field).asc(nulls_last=True)
    return queryset.order_by(key, "name", "fide_id"), True


class PublishedListTable(tables.Table):
    """One category's published lists, latest first, with their downloads."""

    list_date = DateColumn(
        format="F Y",
        verbose_name="List",
        linkify=lambda record: reverse("lists:published", kwargs=list_kwargs(record)),
    )
    entry_count = CountColumn(verbose_name="Players", empty_values=())
    published_at = DateTimeColumn(format="Y-m-d", verbose_name="Published")
    downloads = tables.Column(empty_values=(), verbose_name="Download")

    class Meta:
        model = RatingPeriod
        fields = ("list_date", "entry_count", "published_at", "downloads")
        orderable = False
        empty_text = "No list published yet."
        attrs = {"class": "table table-sm align-middle"}

    def render_downloads(self, record: RatingPeriod) -> str:
        return format_html_join(
            " ",
            '<a class="btn btn-outline-secondary btn-sm py-0" href="{}">{}</a>',
            ((download_url(record, fmt), fmt.upper()) for fmt in FORMATS),
        )


def list_kwargs(period: RatingPeriod) -> dict[str, object]:
    return {
        "category": period.category,
        "year": period.list_date.year,
        "month": f"{period.list_date.month:02d}",
    }


def download_url(period: RatingPeriod, fmt: str) -> str:
    return reverse("lists:download", kwargs={**list_kwargs(period), "fmt": fmt})

"""Published lists, for everybody: the index, a list's page and its downloads.

Only published periods are shown; any other (or none) is a 404, whoever asks. A list may
have a million players, so the page reads one COUNT and one page of entries, each served
by an index of ``ListEntry`` (lists/filters.py); the COUNT is remembered, since a published
list never changes. A download is streamed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.db.models import Count
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponsePermanentRedirect,
)
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode

from downloads import streamed_attachment
from lists.exports import CONTENT_TYPES, FORMATS, export_entries, export_filename
from lists.filters import ListEntryFilter
from lists.models import ListEntry, RatingPeriod
from lists.readings import EXCERPT_SILENT, INTERPRETATIONS
from lists.selectors import (
    FEDERATION_TOP,
    ListStatistics,
    list_statistics,
    period_cache_key,
    published_entries,
    published_periods,
    run_summary,
    unrated_titled_players,
)
from lists.tables import (
    ListEntryTable,
    PublishedListPaginator,
    PublishedListTable,
    download_url,
    list_kwargs,
)
from players.filters import AgeGroup
from players.models import Player, RatingCategory
from players.pagination import paginate
from players.views import searched_player_table
from regulations import RULE_SETS
from tournaments.selectors import rule_schedule

PAGE_SIZE = 50
#: A category's lists on the index, a page at a time.
INDEX_PAGE_SIZE = 24
#: How long a list's figures under a name search are kept (those without one: for ever).
SEARCHED_STATISTICS_SECONDS = 60 * 60
#: The columns the list page shows (a list entry has no wide column, but a million rows).
PAGE_COLUMNS = (
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "birth_year",
    "rating",
    "games",
    "k",
    "active",
    "flag",
    "change",
)
#: Query parameters that arrange the page rather than choose players.
ARRANGING = ("page", "sort")
#: A search that finds nobody: the list finds a name by its beginning (``ListEntryFilter
#: .search``), where the registry finds any part of it (a review searched both for "erik").
NOTHING_FOUND = (
    "No player on this list matches the search. A name is found by its beginning, surname "
    "first (“Carlsen, Mag”), or whole with the given name first (“Magnus Carlsen”); the "
    "players' registry finds any part of a name."
)
#: Filters without a name or FIDE ID typed that find nobody (a review: an age group that
#: found nobody was told how names are found).
NOTHING_MATCHES = "No player on this list matches these filters."
#: The top lists: links to the list filtered, which the rating order then ranks. Active
#: players only, as FIDE's top lists are.
ACTIVE = {"status": "active"}
TOP_LISTS = (
    ("Open", ACTIVE),
    ("Women", {"sex": "F", **ACTIVE}),
    ("Juniors (U20)", {"age": AgeGroup.JUNIORS, **ACTIVE}),
    ("Girls (U20)", {"sex": "F", "age": AgeGroup.JUNIORS, **ACTIVE}),
    ("Seniors (65+)", {"age": AgeGroup.SENIORS_65, **ACTIVE}),
)


def list_index(request: HttpRequest) -> HttpResponse:
    """The published lists of each category, latest first, with their numbers of players."""
    periods = list(
        published_periods()
        .only("category", "list_date", "published_at", "status", "created_at")
        .order_by("-list_date")
    )
    counts = _entry_counts(periods)
    sections = []
    for category, label in RatingCategory.choices if periods else ():
        shown = [period for period in periods if period.category == category]
        for period in shown:
            period.entry_count = counts.get(period.pk, 0)
        table = PublishedListTable(shown, prefix=f"{category}-") if shown else None
        if table is not None:  # two years a page: 15 years of lists took a second (a review)
            paginate(request, table, INDEX_PAGE_SIZE)
        sections.append((category, label, table))
    return render(request, "lists/index.html", {"sections": sections})


def rules_page(request: HttpRequest) -> HttpResponse:
    """How ratings are computed here, for everybody: which rule set rates a tournament of
    each category from which start date (standard-2009 0.1, R&B 2024 0.1: by the
    tournament's start), and the readings followed where the regulations are silent, which
    the explanations cite by number (DESIGN.md's interpretations)."""
    schedule = sorted(rule_schedule(), key=lambda e: (e.category.value, e.effective_from))
    rows = []
    for entry, following in zip(schedule, [*schedule[1:], None], strict=True):
        if entry.effective_from != dt.date.min:
            starting = f"from {entry.effective_from}"
        elif following is not None and following.category == entry.category:
            starting = f"before {following.effective_from}"
        else:
            starting = "any date"
        rows.append(
            {
                "category": entry.category.value.replace("-", " "),
                "rule_set": RULE_SETS[entry.rule_set],
                "starting": starting,
            }
        )
    context = {"rows": rows, "readings": INTERPRETATIONS, "excerpt_silent": EXCERPT_SILENT}
    return render(request, "lists/rules.html", context)


def _entry_counts(periods: list[RatingPeriod]) -> dict[int, int]:
    """How many players each list has: remembered as its page remembers them, the rest
    counted in one query."""
    keys = {period.pk: _search_key(period, {}, "count") for period in periods}
    known = cache.get_many(keys.values())
    counts = {pk: known[key] for pk, key in keys.items() if key in known}
    missing = [pk for pk in keys if pk not in counts]
    if missing:
        counted = dict(
            ListEntry.objects.filter(period__in=missing)
            .order_by()
            .values_list("period")
            .annotate(count=Count("pk"))
        )
        fresh = {pk: counted.get(pk, 0) for pk in missing}
        cache.set_many({keys[pk]: count for pk, count in fresh.items()}, timeout=None)
        counts.update(fresh)
    return counts


def published_list(request: HttpRequest, category: str, year: int, month: int) -> HttpResponse:
    """One published list: searchable, filterable, sortable, 50 players a page."""
    period = _published_period(category, year, month)
    if moved := _canonical_address(request, "lists:published", period):
        return moved
    entries = published_entries(period).only(*PAGE_COLUMNS)
    filtered = ListEntryFilter(request.GET, queryset=entries, list_year=period.list_date.year)
    # A choice the form refuses shows nobody, with its error, as the period's preview does
    # and as the downloads refuse: not the whole list under the name of the choice.
    valid = filtered.is_valid()
    table = ListEntryTable(filtered.matching())
    nothing = NOTHING_FOUND if _search(filtered).get("q") else NOTHING_MATCHES
    table.empty_text = filtered.empty_text(nothing) or table.empty_text
    if not valid:
        paginate(request, table, PAGE_SIZE)
    else:
        paginate(
            request,
            table,
            PAGE_SIZE,
            paginator_class=PublishedListPaginator,
            count_key=_search_key(period, _search(filtered), "count"),
        )
    chosen = filtered.download_query()  # None where the form refused a value
    choice = f"?{chosen}" if chosen else ""
    previous, following = _neighbours(period)
    context = {
        "period": period,
        "previous": previous,
        "next": following,
        "filter": filtered,
        "table": table,
        "filtering": filtered.is_filtering,
        "count": table.paginator.count,
        "count_text": f"{table.paginator.count:,}",
        "downloads": [(fmt, download_url(period, fmt) + choice) for fmt in FORMATS]
        if chosen is not None
        else [],
        # The same search and filters on the list before or after.
        "neighbour_query": choice,
        "top_lists": _top_lists(request),
        "delisted": _delisted_count(period),
    }
    return render(request, "lists/published.html", context)


def published_statistics(
    request: HttpRequest, category: str, year: int, month: int
) -> HttpResponse:
    """A published list in figures, under the list page's search and filters: its players
    by rating band (a chart, and the same as a table), and its federations ranked by their
    best ten active players, as FIDE's top lists rank them. Worked out once per list and
    search: a published list never changes."""
    period = _published_period(category, year, month)
    if moved := _canonical_address(request, "lists:statistics", period):
        return moved
    filtered = ListEntryFilter(
        request.GET, queryset=published_entries(period), list_year=period.list_date.year
    )
    statistics = None
    if filtered.is_valid():
        search = _search(filtered)
        statistics = cache.get_or_set(
            _search_key(period, search, "statistics:2"),
            lambda: list_statistics(filtered.qs),
            # A name searched is kept an hour, not for ever: anybody may type a new one.
            timeout=SEARCHED_STATISTICS_SECONDS if search.get("q") else None,
        )
    chosen = filtered.download_query()
    # A federation's link keeps the other filters: its women, its juniors.
    others = urlencode([(name, value) for name, value in filtered.chosen() if name != "federation"])
    context = {
        "period": period,
        "filter": filtered,
        "filtering": filtered.is_filtering,
        "statistics": statistics,
        "chart": _band_chart(statistics),
        "choice": f"?{chosen}" if chosen else "",
        "refused": filtered.empty_text(""),
        "top": FEDERATION_TOP,
        "federation_query": f"{others}&" if others else "",
    }
    return render(request, "lists/statistics.html", context)


def _band_chart(statistics: ListStatistics | None) -> dict[str, Any]:
    """The chart's data (static/js/list-statistics-chart.js): each band's lowest rating
    and its number of players."""
    bands = statistics.bands if statistics else []
    return {"bands": [{"from": rating, "players": players} for rating, players in bands]}


def unrated_titled(request: HttpRequest, category: str, year: int, month: int) -> HttpResponse:
    """The unrated titled players published beside a standard list (standard-2009 7.22),
    searchable and filterable as the registry is."""
    period = _published_period(category, year, month)
    if period.category != RatingCategory.STANDARD:
        raise Http404(
            "Standard-2009 7.22 publishes the unrated titled players of the standard list."
        )
    if moved := _canonical_address(request, "lists:unrated_titled", period):
        return moved
    # Not today's standard rating: a player rated since was unrated on this list.
    filtered, table = searched_player_table(
        request,
        unrated_titled_players(period, Player.objects.restrict(request.actor)),
        nothing_found="No unrated titled player matches the search.",
        empty="Every titled player in the registry is on this list.",
        exclude=("standard_rating",),
    )
    context = {"period": period, "filter": filtered, "table": table}
    return render(request, "lists/unrated_titled.html", context)


def _neighbours(period: RatingPeriod) -> tuple[dt.date | None, dt.date | None]:
    """The dates of the category's published lists just before and after this one (one
    query: a category has a list a month at most)."""
    dates = list(
        published_periods(period.category).order_by("list_date").values_list("list_date", flat=True)
    )
    at = dates.index(period.list_date)
    return (dates[at - 1] if at else None), (dates[at + 1] if at + 1 < len(dates) else None)


def _delisted_count(period: RatingPeriod) -> int:
    """How many players this list delisted (standard-2009 7.21, interpretation 9): they
    are not on it, being unrated from now on. Counted once with the run's other figures
    (``run_summary``): a published list never changes."""
    return run_summary(period)["delisted_from_the_list"]


def published_download(
    request: HttpRequest, category: str, year: int, month: int, fmt: str
) -> HttpResponseBase:
    """The list as a file, streamed: the whole list, or the players the page's search and
    filters chose (the same query parameters)."""
    if fmt not in FORMATS:
        raise Http404("No such list format: txt, csv, json or xml, in lower case.")
    period = _published_period(category, year, month)
    if moved := _canonical_address(request, "lists:download", period, fmt=fmt):
        return moved
    filtered = ListEntryFilter(
        request.GET, queryset=published_entries(period), list_year=period.list_date.year
    )
    if refusal := filtered.refusal():  # rather than the whole list under the filter's name
        return HttpResponseBadRequest(
            f"Nothing downloaded: {refusal}", content_type="text/plain; charset=utf-8"
        )
    return streamed_attachment(
        export_entries(filtered.qs, period, fmt),
        content_type=CONTENT_TYPES[fmt],
        filename=export_filename(period, fmt, filtered.chosen()),
    )


def _published_period(category: str, year: int, month: int) -> RatingPeriod:
    """The published list of a category and month, or a 404 (an unpublished list is not
    there for anybody)."""
    if category not in RatingCategory.values:
        raise Http404("No such category: standard, rapid or blitz, in lower case.")
    try:
        list_date = dt.date(year, month, 1)
    except (ValueError, OverflowError):  # month 13, or a year of twenty digits
        raise Http404("No such month.") from None
    period = published_periods(category).filter(list_date=list_date).first()
    if period is None:
        raise Http404(f"No {category} list of {list_date:%Y-%m} is published.")
    return period


def _canonical_address(
    request: HttpRequest, name: str, period: RatingPeriod, **more: str
) -> HttpResponsePermanentRedirect | None:
    """A list has one address, its month in two digits: "2025-4" and "2025-004" are sent
    there with their query (a review found one list served at several)."""
    address = reverse(name, kwargs={**list_kwargs(period), **more})
    if request.path == address:
        return None
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)


def _search_key(period: RatingPeriod, search: dict[str, str], what: str) -> str:
    """The cache key of ``what`` of the players a search (its filters' values) finds on a
    list: how many ("count"), their figures ("statistics:2")."""
    chosen = json.dumps(sorted((name, value) for name, value in search.items() if value))
    digest = hashlib.sha256(chosen.encode()).hexdigest()[:32]
    return period_cache_key(period, f"{what}:{digest}")


def _search(filtered: ListEntryFilter) -> dict[str, str]:
    """The values of a search the form took (``cleaned_data``), for its count's key."""
    filtered.form.is_valid()
    return filtered.form.cleaned_data


def _top_lists(request: HttpRequest) -> list[tuple[str, str, bool]]:
    """(label, query, whether it is the page shown) for each top list."""
    shown = {name: value for name, value in request.GET.items() if name not in ARRANGING and value}
    return [
        (label, f"?{urlencode(params)}" if params else "", shown == params)
        for label, params in TOP_LISTS
    ]

"""Reading periods, their results and published lists (no writes)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any, NamedTuple

from django.core.cache import cache
from django.db.models import Count, Exists, F, Max, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from lists.models import (
    DELISTED_FROM_THE_LIST,
    LIST_ORDER,
    OLD_RATING_SHOWN,
    STANDARD_RATING_USED,
    ListEntry,
    PeriodGame,
    PeriodResult,
    RatingPeriod,
)
from players.models import LISTABLE, Player
from players.selectors import list_dates_out
from regulations.rounding import hundredths
from tournaments.models import Tournament


def computed_results(period: RatingPeriod) -> QuerySet[PeriodResult]:
    """The results of the period's computed run (none before a run has finished)."""
    if period.computed_run is None:
        return PeriodResult.objects.none()
    return PeriodResult.objects.filter(period=period, run=period.computed_run).select_related(
        "player", "player__federation"
    )


def preview_results(period: RatingPeriod) -> QuerySet[PeriodResult]:
    """The computed run's results as its preview shows and downloads them: with
    ``old_rating_shown`` (``OLD_RATING_SHOWN``)."""
    return computed_results(period).annotate(old_rating_shown=OLD_RATING_SHOWN)


def periods_with_tournaments_held() -> QuerySet[RatingPeriod]:
    """Every period, with ``tournaments_held``: how many tournaments its category and list
    date hold now, approved for it (its page lists them), whether or not it was computed."""
    held = (
        Tournament.objects.filter(category=OuterRef("category"), list_date=OuterRef("list_date"))
        .order_by()
        .values("list_date")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return RatingPeriod.objects.annotate(tournaments_held=Coalesce(Subquery(held), 0))


def period_cache_key(period: RatingPeriod, what: str) -> str:
    """A cache key of something about a period that never changes: a published list, or
    the rows of one computed run (name the run in ``what``). The period's creation time
    tells apart periods that had the same id (a database restored, tests)."""
    return f"lists:{period.pk}:{period.created_at.timestamp()}:{what}"


def run_summary(period: RatingPeriod) -> dict[str, int]:
    """How many players the computed run rated, up and down, and of each kind: counted
    once per run (its rows never change; a recomputation is another run). 250,000 results
    took 80-120 ms to count on every view of the period page."""
    kinds = PeriodResult.Kind.values

    def count() -> dict[str, int]:
        return computed_results(period).aggregate(
            players=Count("pk"),
            up=Count("pk", filter=Q(kind="rated", change_rounded__gt=0)),
            down=Count("pk", filter=Q(kind="rated", change_rounded__lt=0)),
            **{
                kind: Count("pk", filter=Q(kind=kind))
                for kind in kinds
                if kind != PeriodResult.Kind.ADOPTED
            },
            adopted=Count("pk", filter=STANDARD_RATING_USED),
            delisted_from_the_list=Count("pk", filter=DELISTED_FROM_THE_LIST),
        )

    if period.computed_run is None:
        return count()
    return cache.get_or_set(
        period_cache_key(period, f"run{period.computed_run}:summary:2"), count, timeout=None
    )


def computed_games(period: RatingPeriod) -> QuerySet[PeriodGame]:
    if period.computed_run is None:
        return PeriodGame.objects.none()
    return PeriodGame.objects.filter(period=period, run=period.computed_run)


def published_periods(category: str | None = None) -> QuerySet[RatingPeriod]:
    """The periods whose lists are out (of ``category``, or of every category)."""
    published = RatingPeriod.objects.filter(status=RatingPeriod.Status.PUBLISHED)
    return published if category is None else published.filter(category=category)


#: Players the home page shows of each latest list.
TOP_OF_THE_LIST = 10


class TopList(NamedTuple):
    """A category's latest published list, its best active players ranked (ties share a
    rank), and the date of a later list imported since, if any (the registry then shows
    that list's ratings)."""

    period: RatingPeriod
    rows: list[tuple[int, ListEntry]]
    imported_since: dt.date | None
    #: Players tied with the last one shown, not shown (more than ``count`` of them).
    more_tied: int = 0


def latest_tops(count: int = TOP_OF_THE_LIST) -> list[TopList]:
    """Each category's latest published list with its ``count`` best active players, as
    FIDE's top lists count them (a review: the home page showed the registry in
    alphabetical order and no list at all). Two queries, then two a list (its entries by
    its rating index, the latest list out)."""
    latest = list(
        published_periods().order_by().values_list("category").annotate(latest=Max("list_date"))
    )
    if not latest:
        return []
    wanted = Q(pk__in=[])
    for category, list_date in latest:
        wanted |= Q(category=category, list_date=list_date)
    order = {category: number for number, category in enumerate(RatingPeriod.Category.values)}
    periods = sorted(published_periods().filter(wanted), key=lambda p: order[p.category])
    tops = []
    for period in periods:
        active = published_entries(period).filter(active=True).order_by(*LIST_ORDER)
        # A list with no active player keeps its card, saying so (a review: the home page's
        # top lists vanished without a word once the latest list had flagged everyone).
        entries = list(active[:count])
        more_tied = 0
        if len(entries) == count:
            entries, more_tied = _tied_at_the_cut(active, entries, count)
        rows = []
        for number, entry in enumerate(entries, start=1):
            tied = rows and rows[-1][1].rating == entry.rating
            rows.append((rows[-1][0] if tied else number, entry))
        out = list_dates_out(period.category).first()
        since = out if out and out > period.list_date else None
        tops.append(TopList(period, rows, since, more_tied))
    return tops


def _tied_at_the_cut(
    active: QuerySet[ListEntry], entries: list[ListEntry], count: int
) -> tuple[list[ListEntry], int]:
    """``entries`` and the players tied with the last of them, who share his rank: a top
    ten does not leave out one of two players tied tenth for his name (a review). At most
    ``count`` more are shown; returns how many tied players that leaves out."""
    shown = {entry.pk for entry in entries}
    tied = active.filter(rating=entries[-1].rating)
    more = [entry for entry in tied[: len(entries) + count + 1] if entry.pk not in shown]
    if len(more) <= count:
        return entries + more, 0
    return entries + more[:count], tied.exclude(pk__in=shown).count() - count


def period_published(category: str, list_date: dt.date) -> bool:
    """Whether the period of ``category`` and ``list_date``, or a later one, is published:
    its list is out, even one without entries, or it can come out no more
    (``tournaments.reports.services.LIST_OUT_CHECKS``; interpretation 4)."""
    return published_periods(category).filter(list_date__gte=list_date).exists()


def categories_published_on(list_date: dt.date) -> list[str]:
    """The categories whose list of ``list_date`` is published here: an import of FIDE's
    list of that date leaves their ratings as published
    (``players.importing.upsert.PUBLISHED_HERE_CHECKS``)."""
    published = published_periods().filter(list_date=list_date)
    return list(published.values_list("category", flat=True))


def period_no_longer_open(category: str, list_date: dt.date) -> bool:
    """Whether the period of ``category`` and ``list_date`` exists and is open no more
    (closed, computed, failed, published), or a later list is published: it takes no report
    approved now (``tournaments.reports.services.PERIOD_CLOSED_CHECKS``, interpretations 4
    and 8)."""
    status = RatingPeriod.Status
    no_longer_open = Q(list_date=list_date) & ~Q(status=status.OPEN)
    later_published = Q(list_date__gt=list_date, status=status.PUBLISHED)
    return (
        RatingPeriod.objects.filter(category=category)
        .filter(no_longer_open | later_published)
        .exists()
    )


def published_entries(period: RatingPeriod) -> QuerySet[ListEntry]:
    return ListEntry.objects.filter(period=period)


def _number(value: Decimal | int | None) -> float | int | None:
    if value is None or isinstance(value, int):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


def result_json(result: PeriodResult) -> dict[str, Any]:
    """One player's result as ``compute_period --json`` prints it."""
    player = result.player
    return {
        "fide_id": player.fide_id,
        "name": player.name,
        "federation": player.federation.code,
        "kind": result.kind,
        "rules": result.rules,
        "old_rating": result.old_rating,
        "new_rating": result.new_rating,
        "change": _number(hundredths(result.change_hundredths)),
        "change_rounded": result.change_rounded,
        "games": result.games,
        "score": _number(Decimal(result.score_halves) / 2),
        "expected": None
        if result.expected_hundredths is None
        else _number(hundredths(result.expected_hundredths)),
        "k": result.k,
        "games_total": result.games_total,
        "explanation": result.explanation,
    }


def period_results_json(period: RatingPeriod) -> dict[str, Any]:
    return {
        "list_date": period.list_date.isoformat(),
        "category": period.category,
        "status": period.status,
        "closing_date": period.closing_date.isoformat(),
        "tournaments": period.tournaments_count,
        "games": period.games_count,
        "players": [
            result_json(result) for result in computed_results(period).order_by("player__fide_id")
        ],
    }


def unrated_titled_players(period: RatingPeriod, players: QuerySet[Player]) -> QuerySet[Player]:
    """The titled players a published standard list does not hold, to be published beside
    it (standard-2009 7.22: "Unrated titled players are published in a separate list
    concurrently with the list of rated titled players"): unrated, or delisted (below the
    floor, interpretation 9). Not those left off the lists, rated or not: a record saying
    so, or a federation excluded from FIDE (13.1-13.2). Titles as the registry holds them
    now."""
    on_the_list = ListEntry.objects.filter(period=period, player=OuterRef("pk"))
    return players.filter(Q(title__gt="") | Q(women_title__gt=""), LISTABLE, ~Exists(on_the_list))


#: A published list's ratings are counted in bands this wide (the statistics page's chart).
RATING_BAND = 100
#: A federation is ranked by the average of its best this many active players, as FIDE
#: ranks federations on its top lists ("average rating of top 10 players").
FEDERATION_TOP = 10


class FederationStanding(NamedTuple):
    """A federation on a list: the average of its best ``FEDERATION_TOP`` active players
    (None with fewer), how many active players and how many players it has there, and its
    rank by that average (shared by equal averages; None unranked)."""

    code: str
    top_average: float | None
    active: int
    players: int
    rank: int | None = None


class ListStatistics(NamedTuple):
    """What a published list (or the part of it its filters choose) holds in figures."""

    players: int
    active: int
    women: int
    average: float | None
    #: (the band's lowest rating, how many players) from the lowest band to the highest,
    #: empty bands included, so that a chart's bars stand at their ratings.
    bands: list[tuple[int, int]]
    #: Those with ``FEDERATION_TOP`` active players by their average, best first; then the
    #: others by their number of players.
    federations: list[FederationStanding]


def list_statistics(entries: QuerySet[ListEntry]) -> ListStatistics:
    """The figures of ``entries`` (a published list's, filtered or not): one read of them
    counted by federation and rating band at once (the totals, the bands and the
    federations' numbers are sums of those counts), then a query for each federation with
    ``FEDERATION_TOP`` active players or more (``_federation_standings``). Run once per
    list and search (``lists.views_public.published_statistics`` caches them)."""
    counted = list(
        entries.order_by()
        .annotate(band=F("rating") / RATING_BAND)
        .values_list("federation", "band")
        .annotate(
            players=Count("pk"),
            active=Count("pk", filter=Q(active=True)),
            women=Count("pk", filter=Q(sex=Player.Sex.FEMALE)),
            ratings=Sum("rating"),
        )
    )
    players = sum(row[2] for row in counted)
    by_band: dict[int, int] = defaultdict(int)
    by_federation: dict[str, tuple[int, int]] = {}
    for code, band, in_band, active, _women, _ratings in counted:
        by_band[band] += in_band
        so_far = by_federation.get(code, (0, 0))
        by_federation[code] = (so_far[0] + in_band, so_far[1] + active)
    every_band = range(min(by_band), max(by_band) + 1) if by_band else range(0)
    return ListStatistics(
        players=players,
        active=sum(row[3] for row in counted),
        women=sum(row[4] for row in counted),
        average=sum(row[5] for row in counted) / players if players else None,
        bands=[(band * RATING_BAND, by_band.get(band, 0)) for band in every_band],
        federations=_federation_standings(entries, by_federation),
    )


def _federation_standings(
    entries: QuerySet[ListEntry], counts: dict[str, tuple[int, int]]
) -> list[FederationStanding]:
    """Each federation's best ``FEDERATION_TOP`` active players' average, with its numbers
    of players and active players (``counts``). A query a federation, each off the list's
    ``entry_by_federation`` index: on a list of a million, 190 federations took 0.36 s
    where one window over the list by federation and rating took 1.8 s (``make bench``'s
    list)."""
    best = entries.filter(active=True).order_by("-rating").values_list("rating", flat=True)
    tops = {
        code: list(best.filter(federation=code)[:FEDERATION_TOP])
        for code, (_players, active) in counts.items()
        if active >= FEDERATION_TOP  # fewer are not ranked: not read
    }
    standings = [
        FederationStanding(
            code,
            sum(tops[code]) / FEDERATION_TOP if len(tops.get(code, ())) == FEDERATION_TOP else None,
            active,
            players,
        )
        for code, (players, active) in counts.items()
    ]
    standings.sort(key=lambda s: (s.top_average is None, -(s.top_average or 0), -s.players, s.code))
    ranked = []
    for place, standing in enumerate(standings, start=1):
        if standing.top_average is None:
            ranked.append(standing)
            continue
        tied = ranked and ranked[-1].top_average == standing.top_average
        ranked.append(standing._replace(rank=ranked[-1].rank if tied else place))
    return ranked

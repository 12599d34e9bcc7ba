"""The period pages of officers and administrators: the periods, one period's reports,
its computation (with progress), the preview against the previous list, and publication."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, QuerySet, Window
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.views.decorators.http import require_POST

from audit.selectors import audit_entries_for
from downloads import CSV, csv_chunks, streamed_attachment
from lists import services
from lists.exports import FETCH_ROWS
from lists.filters import PeriodFilter, PreviewFilter
from lists.models import PeriodResult, RatingPeriod
from lists.period_tables import PeriodTable, PeriodTournamentTable, PreviewTable
from lists.selectors import (
    periods_with_tournaments_held,
    preview_results,
    run_summary,
)
from players.access import Actor
from players.filters import REFUSED_ROWS_TEXT
from players.models import RatingCategory
from players.pagination import paginate
from regulations.rounding import hundredths
from tournaments.models import Tournament
from tournaments.selectors import rules_for

PAGE_SIZE = 50
PREVIEW_KINDS = ("rated", "adopted", "initial", "pending", "delisted")
#: The period page's second table, the tournaments, pages and sorts with its own
#: parameters (``?t-page=``, ``?t-sort=``); the preview keeps the plain ones.
TOURNAMENTS_PREFIX = "t-"
#: What the preview's form sends again beside its own fields: the kind chosen, the orders
#: and the tournaments' page.
PREVIEW_FORM_KEEPS = ("kind", "sort", "t-sort", "t-page")


def require_period_access(actor: Actor) -> None:
    """Periods are the rating officers' and administrators' work (standard-2009 9.3)."""
    if not (actor.is_administrator or actor.is_officer):
        raise PermissionDenied("Only rating officers and administrators see rating periods.")


@login_required
def period_list(request: HttpRequest) -> HttpResponse:
    require_period_access(request.actor)
    filtered = PeriodFilter(request.GET, queryset=periods_with_tournaments_held())
    table = PeriodTable(filtered.matching())
    shown = filtered.empty_text("No rating period matches the filters.", refused=REFUSED_ROWS_TEXT)
    table.empty_text = shown or table.empty_text
    paginate(request, table, PAGE_SIZE)
    missing = services.periods_missing_ahead(today=timezone.localdate())
    return render(
        request, "lists/periods.html", {"table": table, "filter": filtered, "missing": missing}
    )


@login_required
@require_POST
def periods_ensure(request: HttpRequest) -> HttpResponse:
    """Make the coming lists' periods where no scheduler has."""
    require_period_access(request.actor)
    made = services.periods_ensure_by_hand(actor=request.actor, today=timezone.localdate())
    if made:
        messages.success(
            request,
            f"{len(made)} period{pluralize(len(made))} made: "
            + ", ".join(str(period) for period in made)
            + ".",
        )
    else:
        messages.info(request, "The coming lists' periods were all there already.")
    return redirect("lists:periods")


def _period(request: HttpRequest, pk: int) -> RatingPeriod:
    require_period_access(request.actor)
    return get_object_or_404(RatingPeriod, pk=pk)


@login_required
def period_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The period's reports, its computation and the preview of the new list."""
    period = _period(request, pk)
    results = preview_results(period)
    filtered = PreviewFilter(request.GET, queryset=results)
    # A choice the form refuses shows nobody, with its error, not everybody.
    table = PreviewTable(filtered.qs if filtered.is_valid() else results.none())
    table.empty_text = _preview_empty_text(filtered)
    summary = run_summary(period)
    paginate(request, table, PAGE_SIZE, count=_preview_count(summary, filtered))
    computed = period.status == RatingPeriod.Status.COMPUTED
    # Computed, not yet published: what the preview leaves out.
    late = list(services.reports_after_computation(period)) if computed else []
    # Too late for the next list (R&B 2024 8.1): refused if published as it is.
    too_late_next = services.too_late_for_the_next_list(period, late)
    edited = list(services.players_edited_after_computation(period)[:21]) if computed else []
    imported = list(services.imports_after_computation(period)) if computed else []
    tournaments = PeriodTournamentTable(
        Tournament.objects.filter(
            category=period.category, list_date=period.list_date
        ).select_related("federation"),
        late={t.pk for t in late},
        prefix=TOURNAMENTS_PREFIX,
    )
    paginate(request, tournaments, PAGE_SIZE)
    not_now = services.publication_refusal(period, timezone.localdate()) if computed else None
    context = {
        "period": period,
        "table": table,
        "summary": summary,
        "filter": filtered,
        "kind_links": _kind_links(request, period),
        # The download holds what the page shows: the same kind, federation and search.
        "preview_query": filtered.download_query(),
        "preview_form_keeps": [
            (name, request.GET[name]) for name in PREVIEW_FORM_KEEPS if request.GET.get(name)
        ],
        "tournaments": tournaments,
        "refusal": services.computation_refusal(period),
        "may_publish": request.actor.is_administrator
        and computed
        and not not_now
        and not period.is_being_published,
        "publication_summary": publication_summary(period),
        "publish_refusal": not_now,
        "may_close": period.status == "open" and period.closing_date < timezone.localdate(),
        "entries": audit_entries_for(period),
        "late": late,
        # Ended as late as the day before the list: computed again by the scheduler.
        "official_late": services.official_events_among(late),
        "too_late_next": too_late_next,
        "moved_on": len(late) - len(too_late_next),
        "official_event_clause": rules_for(period.category, period.list_date).official_event_clause,
        "edited": edited,
        "imported": imported,
        "next_list": services.list_after(period.list_date),
        **_turning_inactive(period, computed),
    }
    return render(request, "lists/period.html", context)


def _preview_count(summary: dict[str, int], filtered: PreviewFilter) -> int | None:
    """How many results the preview shows, read off the run's summary where only a kind
    of result chooses (``run_summary``); None where a name or a federation chooses, whose
    players are counted (a player's name and federation may change)."""
    if not filtered.is_valid():
        return None
    data = filtered.form.cleaned_data
    if data.get("q") or data.get("federation"):
        return None
    return summary[data.get("kind") or "players"]


def _preview_empty_text(filtered: PreviewFilter) -> str:
    """What the preview says when nobody is shown: the choice named, or all of them where
    several together left nobody (each alone may not)."""
    if not filtered.is_valid():
        return "Nobody shown: the choice above is not one the preview can take."
    data = filtered.form.cleaned_data
    search = " ".join(data.get("q", "").split())
    kind = PeriodResult.Kind(data["kind"]).label.lower() if data.get("kind") else ""
    federation = data.get("federation", "")
    chosen = [
        f"federation {federation}" if federation else "",
        f"the result “{kind}”" if kind else "",
        f"“{search}”" if search else "",
    ]
    chosen = [choice for choice in chosen if choice]
    if len(chosen) > 1:
        return f"No player in this period matches all of: {', '.join(chosen)}."
    if search:
        return f"No player in this period matches “{search}”."
    if federation:
        return f"No player of federation {federation} has a result in this period."
    if kind:
        return f"No player in this period has the result “{kind}”."
    return PreviewTable._meta.empty_text


def _kind_links(request: HttpRequest, period: RatingPeriod) -> list[tuple[str, str, bool]]:
    """(label, query, chosen) of each kind of result, "All" first, keeping the federation
    and the search chosen. No standard rating is used for the standard list."""
    chosen = request.GET.get("kind", "")
    links = [("All", _preview_query(request, kind=""), not chosen)]
    for name in PREVIEW_KINDS:
        if name != PeriodResult.Kind.ADOPTED or period.category != RatingCategory.STANDARD:
            label = PeriodResult.Kind(name).label
            links.append((label, _preview_query(request, kind=name), chosen == name))
    return links


def _preview_query(request: HttpRequest, **changed: str) -> str:
    """The request's query with ``changed`` ("" drops a parameter), from the preview's
    first page: a kind chosen keeps the federation, the search, the orders and the
    tournaments' page."""
    query = request.GET.copy()
    query.pop("page", None)
    for name, value in changed.items():
        if value:
            query[name] = value
        else:
            query.pop(name, None)
    return query.urlencode()


#: The players turning inactive named on the period page; the rest are counted.
INACTIVE_NAMED = 50


def _turning_inactive(period: RatingPeriod, computed: bool) -> dict[str, Any]:
    """How many listed players publication flags inactive, and the first of them by name."""
    if not computed:
        return {"turning_inactive": None, "turning_inactive_named": []}
    # Counted beside the first names, in one reading of the states against the run's
    # results: a month's took 200 ms to count and as much again to name (DESIGN-notes 108).
    first = list(
        services.players_turning_inactive(period).annotate(everyone=Window(Count("pk")))[
            :INACTIVE_NAMED
        ]
    )
    count = first[0].everyone if first else 0
    named = [state.player for state in first]
    return {
        "turning_inactive": count,
        "turning_inactive_named": named,
        "turning_inactive_more": count - len(named),
    }


@login_required
def period_progress(request: HttpRequest, pk: int) -> JsonResponse:
    """What the page polls while the period is computed or published."""
    period = _period(request, pk)
    return JsonResponse(
        {
            "status": period.status,
            "status_display": period.status_text,
            "computing": period.is_being_computed,
            "done": period.progress_done,
            "total": period.progress_total,
            "percent": period.progress_percent,
            "stage": period.progress_stage,
            "failure_reason": period.failure_reason,
            "publishing": period.is_being_published,
        }
    )


@login_required
@require_POST
def period_compute(request: HttpRequest, pk: int) -> HttpResponse:
    period = _period(request, pk)
    try:
        services.period_compute_request(period=period, actor=request.actor)
    except services.PeriodRefused as refusal:
        messages.error(request, str(refusal))
    else:
        period.refresh_from_db()  # where tasks run in-process, the computation is over
        if period.status == RatingPeriod.Status.COMPUTED:
            messages.success(request, f"The {period} is computed: its preview is below.")
        elif period.status == RatingPeriod.Status.FAILED:
            messages.error(request, f"The computation failed: {period.failure_reason}")
        else:
            messages.success(
                request, f"The {period} is being computed; the progress bar follows it."
            )
    return redirect("lists:period", pk=period.pk)


@login_required
@require_POST
def period_close(request: HttpRequest, pk: int) -> HttpResponse:
    period = _period(request, pk)
    try:
        services.period_close_by_hand(
            period=period, actor=request.actor, today=timezone.localdate()
        )
    except services.PeriodRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, f"The {period} is closed; it can be computed now.")
    return redirect("lists:period", pk=period.pk)


@login_required
@require_POST
def period_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """Hand the publication to a worker; where tasks run in-process it is over on return."""
    period = _period(request, pk)
    try:
        services.period_publish_request(period=period, actor=request.actor)
    except services.PeriodRefused as refusal:
        period.refresh_from_db()
        if period.is_published or period.is_being_published:
            # A second click (or a colleague's) on the same list: what it asked is done or
            # under way, no error beside the first one's success (a review).
            messages.info(request, f"The {period} is {_publication_state(period)}.")
        else:
            messages.error(request, str(refusal))
        return redirect("lists:period", pk=period.pk)
    period.refresh_from_db()
    if period.is_published:
        messages.success(request, f"The {period} is published: {publication_summary(period)}")
    elif period.publication_failure:
        messages.error(request, f"The publication failed: {period.publication_failure}")
    else:
        messages.success(
            request, f"The {period} is being published; this page follows the publication."
        )
    return redirect("lists:period", pk=period.pk)


def _publication_state(period: RatingPeriod) -> str:
    return "published already" if period.is_published else "being published already"


def publication_summary(period: RatingPeriod) -> str:
    """What a publication did, in a sentence ("" for a list published before it was
    recorded)."""
    if period.entries_count is None:
        return ""
    moved = (
        f"; {period.reports_moved} approved after the computation moved to the list of "
        f"{services.list_after(period.list_date)}"
        if period.reports_moved
        else ""
    )
    refused = (
        f"; {period.reports_refused} approved after the computation refused: the next list "
        f"would rate {pluralize(period.reports_refused, 'it,them')} too late (R&B 2024 8.1)"
        if period.reports_refused
        else ""
    )
    rated = period.tournaments_rated or 0
    return (
        f"{period.entries_count:,} player{pluralize(period.entries_count)} on the list, "
        f"{rated:,} tournament{pluralize(rated)} "
        f"rated{moved}{refused}."
    )


PREVIEW_COLUMNS = (
    "fide_id", "name", "federation", "kind", "old_rating", "new_rating", "change",
    "change_rounded", "games", "score", "expected", "k", "rules",
)  # fmt: skip


@login_required
def period_preview_csv(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """The computed run as CSV, streamed."""
    period = _period(request, pk)
    if not period.computed_run:
        raise Http404(f"The {period} has no computed preview yet.")
    filtered = PreviewFilter(request.GET, queryset=preview_results(period))
    if refusal := filtered.refusal():  # rather than the whole preview under its name
        return HttpResponseBadRequest(
            f"Nothing downloaded: {refusal}", content_type="text/plain; charset=utf-8"
        )
    return streamed_attachment(
        _preview_rows(filtered.qs),
        content_type=CSV,
        filename=filtered.filename(f"{period.category}-{period.list_date:%Y-%m}-preview", "csv"),
    )


#: What the preview's rows are read as: plain values, no model instances (a month is
#: 250,000 rows; each result's explanation, which the CSV does not hold, is left unread).
PREVIEW_VALUES = (
    "player__fide_id", "player__name", "player__federation__code", "kind", "old_rating_shown",
    "new_rating", "change_hundredths", "change_rounded", "games", "score_halves",
    "expected_hundredths", "k", "rules",
)  # fmt: skip


def _preview_rows(results: QuerySet[PeriodResult]) -> Iterator[str]:
    rows = results.order_by("player__fide_id").values_list(*PREVIEW_VALUES)
    return csv_chunks(PREVIEW_COLUMNS, map(_preview_row, rows.iterator(chunk_size=FETCH_ROWS)))


def _preview_row(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A result as the CSV has it: the old rating as the preview shows it (a player rated
    from his standard rating has that rating, his kind says so); no change for a first
    rating or none yet (as the preview shows them), the change unrounded to two decimals
    (interpretation 5), the score in points and the expected score to two decimals."""
    (fide_id, name, federation, kind, old, new, change, rounded, games, score_halves,
     expected, k, rules) = values  # fmt: skip
    changed = kind not in (PeriodResult.Kind.INITIAL, PeriodResult.Kind.PENDING)
    return (
        fide_id, name, federation, kind, old, new, hundredths(change) if changed else "",
        rounded if changed else "", games, score_halves / 2,
        "" if expected is None else f"{expected / 100:.2f}", k, rules,
    )  # fmt: skip

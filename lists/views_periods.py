"""The period pages of officers and administrators: the periods, one period's reports,
its computation (with progress), the preview against the previous list, and publication."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.views.decorators.http import require_POST

from audit.selectors import audit_entries_for
from lists import services
from lists.exports import FETCH_ROWS, csv_chunks
from lists.filters import PeriodFilter
from lists.models import PeriodResult, RatingPeriod
from lists.period_tables import PeriodTable, PeriodTournamentTable, PreviewTable
from lists.selectors import computed_results
from players.access import Actor
from players.filters import SEARCH_MAX_LENGTH, name_or_fide_id
from players.models import RatingCategory
from players.pagination import paginate
from regulations.rounding import hundredths
from tournaments.models import Tournament

PAGE_SIZE = 50
PREVIEW_KINDS = ("rated", "adopted", "initial", "pending", "delisted")
#: The period page's second table, the tournaments, pages and sorts with its own
#: parameters (``?t-page=``, ``?t-sort=``); the preview keeps the plain ones.
TOURNAMENTS_PREFIX = "t-"


def require_period_access(actor: Actor) -> None:
    """Periods are the rating officers' and administrators' work (standard-2009 9.3)."""
    if not (actor.is_administrator or actor.is_officer):
        raise PermissionDenied("Only rating officers and administrators see rating periods.")


@login_required
def period_list(request: HttpRequest) -> HttpResponse:
    require_period_access(request.actor)
    filtered = PeriodFilter(request.GET, queryset=RatingPeriod.objects.all())
    table = PeriodTable(filtered.qs)
    if filtered.is_filtering:
        table.empty_text = "No rating period matches the filters."
    paginate(request, table, PAGE_SIZE)
    return render(request, "lists/periods.html", {"table": table, "filter": filtered})


def _period(request: HttpRequest, pk: int) -> RatingPeriod:
    require_period_access(request.actor)
    return get_object_or_404(RatingPeriod, pk=pk)


@login_required
def period_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The period's reports, its computation and the preview of the new list."""
    period = _period(request, pk)
    results = computed_results(period)
    kind = request.GET.get("kind", "")
    shown = results.filter(kind=kind) if kind in PREVIEW_KINDS else results
    search = " ".join(request.GET.get("q", "").split())[:SEARCH_MAX_LENGTH]
    if search:
        shown = shown.filter(name_or_fide_id(search, player="player__"))
    table = PreviewTable(shown)
    if kind in PREVIEW_KINDS:
        label = PeriodResult.Kind(kind).label.lower()
        table.empty_text = f"No player in this period has the result “{label}”."
    if search:
        table.empty_text = f"No player in this period matches “{search}”."
    paginate(request, table, PAGE_SIZE)
    summary = results.aggregate(
        players=Count("pk"),
        up=Count("pk", filter=Q(kind="rated", change_rounded__gt=0)),
        down=Count("pk", filter=Q(kind="rated", change_rounded__lt=0)),
        **{kind_name: Count("pk", filter=Q(kind=kind_name)) for kind_name in PREVIEW_KINDS},
    )
    computed = period.status == RatingPeriod.Status.COMPUTED
    # Computed, not yet published: what the preview leaves out.
    late = list(services.reports_after_computation(period)) if computed else []
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
        "kind": kind,
        "kinds": [
            (name, PeriodResult.Kind(name).label)
            for name in PREVIEW_KINDS
            if name != PeriodResult.Kind.ADOPTED or period.category != RatingCategory.STANDARD
        ],
        "search": search,
        "tournaments": tournaments,
        "refusal": services.computation_refusal(period),
        "may_publish": request.actor.is_administrator and computed and not not_now,
        "publish_refusal": not_now,
        "may_close": period.status == "open" and period.closing_date < timezone.localdate(),
        "entries": audit_entries_for(period),
        "late": late,
        "next_list": services.list_after(period.list_date),
        **_turning_inactive(period, computed),
    }
    return render(request, "lists/period.html", context)


#: The players turning inactive named on the period page; the rest are counted.
INACTIVE_NAMED = 50


def _turning_inactive(period: RatingPeriod, computed: bool) -> dict[str, Any]:
    """How many listed players publication flags inactive, and the first of them by name."""
    if not computed:
        return {"turning_inactive": None, "turning_inactive_named": []}
    players = services.players_turning_inactive(period)
    count = players.count()
    named = [state.player for state in players[:INACTIVE_NAMED]]
    return {
        "turning_inactive": count,
        "turning_inactive_named": named,
        "turning_inactive_more": count - len(named),
    }


@login_required
def period_progress(request: HttpRequest, pk: int) -> JsonResponse:
    """What the progress bar polls while the period is computed."""
    period = _period(request, pk)
    return JsonResponse(
        {
            "status": period.status,
            "status_display": period.get_status_display(),
            "done": period.progress_done,
            "total": period.progress_total,
            "percent": period.progress_percent,
            "stage": period.progress_stage,
            "failure_reason": period.failure_reason,
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
    period = _period(request, pk)
    try:
        publication = services.period_publish(period=period, actor=request.actor)
    except services.PeriodRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("lists:period", pk=period.pk)
    moved = (
        f"; {publication.moved} approved after the computation moved to the list of "
        f"{services.list_after(period.list_date)}"
        if publication.moved
        else ""
    )
    messages.success(
        request,
        f"The {period} is published: {publication.entries} players on the list, "
        f"{publication.tournaments} tournament{pluralize(publication.tournaments)} rated"
        f"{moved}.",
    )
    return redirect("lists:period", pk=period.pk)


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
    response = StreamingHttpResponse(_preview_rows(period), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{period.category}-{period.list_date:%Y-%m}-preview.csv"'
    )
    return response


#: What the preview's rows are read as: plain values, no model instances (a month is
#: 250,000 rows; each result's explanation, which the CSV does not hold, is left unread).
PREVIEW_VALUES = (
    "player__fide_id", "player__name", "player__federation__code", "kind", "old_rating",
    "new_rating", "change_hundredths", "change_rounded", "games", "score_halves",
    "expected_hundredths", "k", "rules",
)  # fmt: skip


def _preview_rows(period: RatingPeriod) -> Iterator[str]:
    results = computed_results(period).order_by("player__fide_id").values_list(*PREVIEW_VALUES)
    return csv_chunks(PREVIEW_COLUMNS, map(_preview_row, results.iterator(chunk_size=FETCH_ROWS)))


def _preview_row(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A result as the CSV has it: no change for a first rating or none yet (as the
    preview shows them), the change unrounded to two decimals (interpretation 5), the
    score in points and the expected score to two decimals."""
    (fide_id, name, federation, kind, old, new, change, rounded, games, score_halves,
     expected, k, rules) = values  # fmt: skip
    changed = kind not in (PeriodResult.Kind.INITIAL, PeriodResult.Kind.PENDING)
    return (
        fide_id, name, federation, kind, old, new, hundredths(change) if changed else "",
        rounded if changed else "", games, score_halves / 2,
        "" if expected is None else f"{expected / 100:.2f}", k, rules,
    )  # fmt: skip

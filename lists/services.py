"""Workflows of the lists app that write: periods, their computation and publication.

A period (one category's list date) goes open -> closed -> computing -> computed ->
published, or failed with the reason. ``period_compute_request`` claims the period for one
computation (an atomic conditional update: two requests give one computation); the worker
(``lists.tasks``) runs ``period_compute`` with the claim's token. A computation writes rows
tagged with its run number and only becomes visible when ``_period_finish`` names that run
as computed, so a worker killed on the way leaves nothing that counts; its claim expires
after ``PERIOD_CLAIM_LEASE_SECONDS`` and the period can be computed again.
"""

from __future__ import annotations

import datetime as dt
import gc
import logging
import socket
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import partial
from typing import Any, NamedTuple

import numpy as np
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce, Greatest
from django.template.defaultfilters import pluralize
from django.utils import timezone

from arena.services import arena_list_changes_add
from audit.models import AuditEntry
from audit.services import AUDIT_ENTRY_FIELDS, audit_entry_rows, audit_record
from lists.bulk import (
    Categorical,
    Column,
    alongside,
    bulk_insert,
    bulk_insert_columns,
    can_work_apart,
    commit_unawaited,
    encoded_rows,
    encoded_rows_insert,
    snapshot_export,
    tuned_for_bulk,
)
from lists.computation import (
    NO_FIGURE,
    NO_RATING,
    RESULT_COLUMNS,
    GameFigures,
    Listing,
    PeriodOutcome,
    ResultColumns,
    compute_period,
    rated_explanation,
)
from lists.models import (
    DELISTED_FROM_THE_LIST,
    ListEntry,
    PeriodGame,
    PeriodPart,
    PeriodResult,
    PeriodTournament,
    RatingPeriod,
    WorkerHeartbeat,
    lease_expiry,
    stopped_computations,
)
from lists.period_inputs import (
    FETCH_ROWS,
    Part,
    load_period_inputs,
    period_tournaments_query,
    tournaments_to_rate,
    with_approved_games,
)
from lists.run_tables import (
    partition_indexes_build,
    partition_table_create,
    run_rows_delete,
    run_table,
    run_table_index,
    run_tables_attach,
    run_tables_create,
)
from lists.selectors import published_periods
from players.access import Actor, actor_for, require_administrator
from players.history_partitions import history_partition_ensure, table_exists
from players.locks import rating_list_lock
from players.models import (
    Player,
    PlayerImport,
    RatingCategory,
    RatingState,
    RatingStatus,
)
from players.selectors import list_dates_out, list_every_months, list_published
from players.task_queue import task_queue_refusal, unreachable_message
from regulations import OverTheBoardRules
from regulations.calendar import add_months
from regulations.lists import (
    LISTS_AHEAD,
    furthest_list,
    is_list_date,
    last_list_allowed,
    next_list_date,
)
from regulations.types import NEW_PLAYER_GAMES, REACHED_2400, PlayerState
from tournaments.models import Tournament
from tournaments.notifications import list_told_to_arbiters
from tournaments.selectors import official_event_clause, rule_schedule, rules_for
from tournaments.workflow import tournament_status_change

logger = logging.getLogger(__name__)

Status = RatingPeriod.Status
#: Inactive after 12 months without a rated game (DESIGN.md interpretation 9).
INACTIVE_AFTER_MONTHS = 12


def inactive_before(list_date: dt.date) -> dt.date:
    """A listed player whose last rated game is on or before this date is flagged inactive
    on the list of ``list_date`` (standard-2009 7.23a, R&B 2024 6.2.2a: no rated game in
    the 12 months before the list). The publication (``STATES_SQL``) and the preview's
    count (``players_turning_inactive``) both draw the line here."""
    return add_months(list_date, -INACTIVE_AFTER_MONTHS)


class PeriodRefused(Exception):
    """The period cannot do what was asked; the message says why, for the person who asked."""


@transaction.atomic
def worker_heartbeat_record(*, token: str) -> WorkerHeartbeat:
    """Record that this process (a worker, or the caller in eager mode) reached the database.

    Idempotent per token: a task delivered twice (acks_late) finds the row it wrote.
    """
    heartbeat, _created = WorkerHeartbeat.objects.get_or_create(
        token=token,
        defaults={"hostname": socket.gethostname(), "database_vendor": connection.vendor},
    )
    return heartbeat


# -- periods ----------------------------------------------------------------------------------


def closing_date_for(category: str, list_date: dt.date) -> dt.date:
    """standard-2009 7.13: 7 days before the list; R&B 2024 6.1.3: 3 days before."""
    return rules_for(category, list_date).closing_date(list_date)


def period_get_or_create(
    *, category: str, list_date: dt.date, today: dt.date | None = None
) -> RatingPeriod:
    """The period of ``category`` for ``list_date`` (a list date: the 1st of a month), at
    most ``LISTS_AHEAD`` lists from today: a list further ahead is a slip of the pen,
    which once published would bar every list before it."""
    if category not in RatingCategory.values:
        raise PeriodRefused(f"No category '{category}'; use {', '.join(RatingCategory.values)}.")
    if not is_list_date(list_date, list_every_months()):
        raise PeriodRefused(f"{list_date} is not a list date.")
    furthest = furthest_list(today or timezone.localdate(), list_every_months())
    if list_date > furthest:
        raise PeriodRefused(
            f"The list of {list_date} is too far ahead: periods are kept for the next "
            f"{LISTS_AHEAD} lists, up to {furthest}."
        )
    period, _created = RatingPeriod.objects.get_or_create(
        category=category,
        list_date=list_date,
        defaults={"closing_date": closing_date_for(category, list_date)},
    )
    return period


def list_after(list_date: dt.date) -> dt.date:
    """The list that follows the list of ``list_date``."""
    return next_list_date(list_date + dt.timedelta(days=1), list_every_months())


def listing_rules(category: str, list_date: dt.date) -> OverTheBoardRules:
    """The rule set by which the list of ``list_date`` works out the K it shows, "the
    current value of K" (standard-2009 7.12, R&B 2024 6.1.2): that of the period the list
    opens, read as the one in force on the day before the next list (a list that opens a
    new rule set shows its K)."""
    rules = rules_for(category, list_after(list_date) - dt.timedelta(days=1))
    assert isinstance(rules, OverTheBoardRules)
    return rules


def periods_ensure(*, today: dt.date) -> list[RatingPeriod]:
    """Create the periods of the coming lists ahead of time, for every category; returns
    those it created. Beat does it each round; an officer from the periods page where no
    beat runs (``periods_ensure_by_hand``). One query when they are all there."""
    return [
        period_get_or_create(category=category, list_date=list_date, today=today)
        for category, list_date in _periods_missing(today)
    ]


def _periods_missing(today: dt.date) -> list[tuple[str, dt.date]]:
    """(category, list date) of the coming lists (``LISTS_AHEAD``) with no period yet."""
    list_dates = [next_list_date(today, list_every_months())]
    while len(list_dates) < LISTS_AHEAD:
        list_dates.append(list_after(list_dates[-1]))
    there = set(
        RatingPeriod.objects.filter(list_date__in=list_dates).values_list("category", "list_date")
    )
    return [
        (category, list_date)
        for list_date in list_dates
        for category in RatingCategory.values
        if (category, list_date) not in there
    ]


def periods_missing_ahead(*, today: dt.date) -> dt.date | None:
    """The first of the coming lists (``LISTS_AHEAD``) some category has no period for,
    or None: beat makes them each round; where none runs (the embedded set-up), the periods
    page offers to (``periods_ensure``)."""
    missing = _periods_missing(today)
    return missing[0][1] if missing else None


def periods_ensure_by_hand(*, actor: Actor, today: dt.date) -> list[RatingPeriod]:
    """An officer or administrator makes the coming lists' periods (``periods_ensure``),
    where no scheduler has (a review: a site running without beat had none for the lists
    after those made at its start, and its reports were approved for lists nobody saw)."""
    if not (actor.is_administrator or actor.is_officer):
        raise PermissionDenied("Only rating officers and administrators make rating periods.")
    made = periods_ensure(today=today)
    for period in made:  # each made by someone, in its trail (a review: they were not)
        audit_record(target=period, actor=actor.user, action="made by hand")
    return made


def period_close(
    *, period: RatingPeriod, actor_label: str = "celery beat", actor: Actor | None = None
) -> bool:
    """Open -> closed. True when this call closed it."""
    closed = RatingPeriod.objects.filter(pk=period.pk, status=Status.OPEN).update(
        status=Status.CLOSED
    )
    if closed:
        audit_record(
            target=period,
            actor=actor.user if actor and actor.user.is_authenticated else None,
            actor_label=actor_label,
            action="closed",
        )
    return bool(closed)


def period_close_by_hand(*, period: RatingPeriod, actor: Actor, today: dt.date) -> None:
    """An officer or administrator closes a period whose closing date has passed, where no
    scheduler runs (the embedded set-up) or it has not come round yet."""
    if not (actor.is_administrator or actor.is_officer):
        raise PermissionDenied("Only rating officers and administrators close a period.")
    if period.status != Status.OPEN:
        raise PeriodRefused(f"The {period} is {period.get_status_display().lower()} already.")
    if period.closing_date >= today:
        raise PeriodRefused(
            f"The {period} takes reports until its closing date, {period.closing_date}."
        )
    period_close(period=period, actor=actor, actor_label="")


def periods_tick(*, today: dt.date | None = None) -> dict[str, list[int]]:
    """What Celery beat does: create periods ahead, close those whose closing date has
    passed and start their computation, retry computations whose worker went silent, and
    publish on the list date where ``LISTS_AUTO_PUBLISH`` says so."""
    today = today or timezone.localdate()
    periods_ensure(today=today)
    done: dict[str, list[int]] = {"closed": [], "computing": [], "published": []}
    for period in RatingPeriod.objects.filter(status=Status.OPEN, closing_date__lt=today):
        if period_close(period=period):
            done["closed"].append(period.pk)
    # Closed now, or earlier while a list before it was still to come (computation_refusal);
    # and those whose worker went silent (killed, machine lost): its claim has expired.
    due = Q(status=Status.CLOSED) | stopped_computations()
    # And computed ones whose start was published since: computed again (publication
    # refuses them); and those a report was approved for after their computation that
    # their list should rate: an official FIDE event's, or one the next list would rate
    # too late (R&B 2024 8.1). Computed again, their lists rate it.
    computed = RatingPeriod.objects.filter(status=Status.COMPUTED)
    stale = {*computed_before_their_start(computed)}
    stale |= {
        period
        for period in computed.filter(Exists(_ready_outside_run()))
        if _rated_on_this_list(period, list(reports_after_computation(period)))
    }
    # And those whose preview rates a player by a record or a state changed since: the
    # page tells an administrator to compute it again; beat does so itself.
    stale |= {*records_changed_after_computation(computed)}
    periods = [*RatingPeriod.objects.filter(due), *stale]
    for period in sorted(periods, key=lambda period: (period.list_date, period.category)):
        try:
            started = not computation_refusal(period) and _compute_start(
                period, actor_label="celery beat"
            )
        except PeriodRefused:  # the task queue did not answer: the next round asks again
            continue
        if started:
            done["computing"].append(period.pk)
    if getattr(settings, "LISTS_AUTO_PUBLISH", False):
        # Oldest first: lists are published in order (publication_refusal).
        due = RatingPeriod.objects.filter(status=Status.COMPUTED, list_date__lte=today)
        for period in due.order_by("list_date", "category"):
            try:
                period_publish(period=period, actor=None, actor_label="celery beat")
            except PeriodRefused:
                continue  # the period page says why; the next round tries again
            done["published"].append(period.pk)
    return done


# -- computation ------------------------------------------------------------------------------


def computation_refusal(period: RatingPeriod, *, closing: bool = False) -> str | None:
    """Why ``period`` cannot be computed now, or None. ``closing``: as if it were closed
    (the batch command closes an open period, once nothing else refuses it)."""
    if period.status == Status.OPEN and not closing:
        if period.closing_date < timezone.localdate():
            return (
                f"The closing date, {period.closing_date:%Y-%m-%d}, has passed: the scheduler "
                "closes the period within the hour where it runs; or close it now."
            )
        return (
            f"The period is open until {period.closing_date:%Y-%m-%d}; reports can still be "
            "approved for it. It is computed once it closes."
        )
    if period.status == Status.PUBLISHED:
        return "The list is published and cannot be recomputed; corrections go into a later period."
    if period.is_being_published:
        return "The list is being published; it is not computed again meanwhile."
    if period.is_being_computed:
        return "The period is being computed; its progress is shown on the period's page."
    if later := later_list_published(period):
        return f"The {later} is already published; an earlier list cannot be computed now."
    if never := list_never_out(period):
        return never
    return earlier_list_waiting(period)


def later_list_published(period: RatingPeriod) -> RatingPeriod | None:
    """A published list of the category after ``period``'s: its ratings start from this
    one's, which can then be neither computed nor published (DESIGN-notes 54)."""
    return published_periods(period.category).filter(list_date__gt=period.list_date).first()


def list_never_out(period: RatingPeriod) -> str | None:
    """Why ``period``'s list will not come out here, or None: its date is no list date any
    more (``off_schedule``), or a list imported from FIDE is out (``list_imported``)."""
    return off_schedule(period) or list_imported(period)


def off_schedule(period: RatingPeriod) -> str | None:
    """Why ``period``, made ahead before ``LIST_EVERY_MONTHS`` changed, is neither computed
    nor published: its date is no list date now (a review: made monthly, then every two
    months, April's periods were computed and went out on their own, or barred May's).
    Reports approved for it wait for an officer to move them to a list
    (``tournaments.reports.services.list_gone``). None on a list date."""
    every = list_every_months()
    if is_list_date(period.list_date, every):
        return None
    return (
        f"{period.list_date:%Y-%m-%d} is no list date: lists are published every {every} "
        f"month{pluralize(every)} (LIST_EVERY_MONTHS), and this period is neither computed nor "
        "published. Reports approved for it are moved to a later list from their "
        "tournament's page."
    )


def list_imported(period: RatingPeriod) -> str | None:
    """Why ``period``, not published, can be neither computed nor published: an imported
    list of its category dated on or after its own is out (the players' ratings are that
    list's already, interpretation 4; a review found February's list published after
    March's import and everyone's current rating put back to February's). None if none is."""
    imported = list_dates_out(period.category).filter(list_date__gte=period.list_date).first()
    if imported is None:
        return None
    return (
        f"The {period.get_category_display().lower()} list of {imported:%Y-%m-%d} was imported "
        "and is out: a list dated on or before it is neither computed nor published here; "
        "what it would rate goes into a later period."
    )


#: Where the regulations say a list is in force from its date: "effective between the
#: first and the last day of that month" (standard-2009 7.3); "the period where a certain
#: rating list is valid" (R&B 2024 6.1.1).
LIST_IN_FORCE_CLAUSES = {
    RatingCategory.STANDARD: "standard-2009 7.3",
    RatingCategory.RAPID: "R&B 2024 6.1.1",
    RatingCategory.BLITZ: "R&B 2024 6.1.1",
}


def publication_refusal(period: RatingPeriod, today: dt.date) -> str | None:
    """Why the computed ``period`` cannot be published now, or None. Lists go out in order
    (each starts from the one before: DESIGN.md interpretation 4), so not after a later
    one nor before an earlier one; not while a report approved for an earlier list waits;
    and not before the list's date."""
    if later := later_list_published(period):
        return f"The {later} is already published; an earlier list cannot be published after it."
    if never := list_never_out(period):
        return never
    # Periods before the latest list out (published, or imported) can no longer be
    # published: they do not wait.
    published = (
        published_periods(period.category)
        .filter(list_date__lt=period.list_date)
        .order_by("-list_date")
        .values_list("list_date", flat=True)
        .first()
    )
    out_before = list_dates_out(period.category).filter(list_date__lt=period.list_date).first()
    out = max(published or dt.date.min, out_before or dt.date.min)
    before = (
        RatingPeriod.objects.filter(category=period.category, list_date__lt=period.list_date)
        .filter(list_date__gt=out)
        .exclude(status=Status.PUBLISHED)
        .order_by("list_date")
    )
    # A period left on a date that is no list date any more waits for nothing.
    earlier = next((p for p in before if not off_schedule(p)), None)
    if earlier:
        return (
            f"The {earlier} is {earlier.get_status_display().lower()}, not published: lists "
            "are published in order, so it goes first."
        )
    if started_from := computed_before_its_start(period):
        return (
            f"The {period} was computed before the {started_from} was published, which it "
            "starts from: compute it again."
        )
    return earlier_list_waiting(period) or publication_too_early(period, today)


def computed_before_their_start(periods: QuerySet[RatingPeriod]) -> QuerySet[RatingPeriod]:
    """Those of ``periods`` whose run started before the category's latest list before
    them was published. A period starts from the list before (interpretation 4), whose
    publication changes the states (K at the turn of a year, delistings under a higher
    floor): a run computed ahead is computed again (a review found a player delisted twice
    by one). Compared with the run's start, when it read its inputs, not its end: a list
    published while the run was under way had not been read (a review: February computed
    while January went out rated a player January had delisted). One query however many
    periods (beat asks of every computed one each round)."""
    start = published_periods().filter(
        category=OuterRef("category"), list_date__lt=OuterRef("list_date")
    )
    return periods.alias(
        start_published_at=Subquery(start.order_by("-list_date").values("published_at")[:1])
    ).filter(start_published_at__gt=Coalesce("claimed_at", "computed_at"))


def computed_before_its_start(period: RatingPeriod) -> RatingPeriod | None:
    """The list ``period`` starts from, where it was published after ``period`` was
    computed (``computed_before_their_start``), or None."""
    if not computed_before_their_start(RatingPeriod.objects.filter(pk=period.pk)).exists():
        return None
    return (
        published_periods(period.category)
        .filter(list_date__lt=period.list_date)
        .order_by("-list_date")
        .first()
    )


def publication_too_early(period: RatingPeriod, today: dt.date) -> str | None:
    """A list is published on its date or after (``LIST_IN_FORCE_CLAUSES``): published
    before, it would be every player's current rating ahead of its month. None when it may
    be published."""
    if today >= period.list_date:
        return None
    return (
        f"The {period} is published on {period.list_date} or later, not before: it is in "
        f"force from that day ({LIST_IN_FORCE_CLAUSES[period.category]})."
    )


def earlier_list_waiting(period: RatingPeriod) -> str | None:
    """A tournament approved for an earlier list of the category and not rated yet: that
    list's ratings are this period's start, and once this one is published the earlier
    one could never be (DESIGN-notes 54). None when there is none."""
    waiting = (
        Tournament.objects.filter(
            category=period.category,
            status=Tournament.Status.READY,
            list_date__lt=period.list_date,
        )
        .order_by("list_date", "pk")
        .first()
    )
    if waiting is None:
        return None
    every = list_every_months()
    if not is_list_date(waiting.list_date, every):
        return (
            f"{waiting} is approved for the list of {waiting.list_date}, which is no list "
            f"date since lists are published every {every} month{pluralize(every)} "
            "(LIST_EVERY_MONTHS): its rating officer moves it to the next list on its page "
            "before this one is computed."
        )
    out = list_dates_out(period.category).filter(list_date__gte=waiting.list_date).first()
    if out is not None:
        # Approved before a later list was imported: its own list can come out no more.
        return (
            f"{waiting} is approved for the list of {waiting.list_date}, which can come out "
            f"no more (the list of {out} is out): its rating officer moves it to the next "
            "list on its page before this one is computed."
        )
    return (
        f"{waiting} is approved for the list of {waiting.list_date} and not rated yet: that "
        "list's ratings are this period's start, so it comes first."
    )


def period_compute_request(
    *,
    period: RatingPeriod,
    actor: Actor | None = None,
    actor_label: str = "",
    closing: bool = False,
) -> RatingPeriod:
    """Claim the period for a computation and hand it to a worker (a rating officer or an
    administrator; the batch command and Celery beat act with an administrator's
    authority). Refused while it is open, being computed, or published. ``closing`` (the
    batch command): an open period is closed by the claim itself, so that a computation
    the task queue refuses leaves it open, as it was (a review: closed early for nothing,
    it took no more reports)."""
    if actor is not None and not (actor.is_administrator or actor.is_officer):
        raise PeriodRefused("Only rating officers and administrators compute a period.")
    refusal = computation_refusal(period, closing=closing)
    if refusal:
        raise PeriodRefused(refusal)
    if not _compute_start(period, actor=actor, actor_label=actor_label, closing=closing):
        raise PeriodRefused("Another computation of this period has just started.")
    period.refresh_from_db()
    return period


def _compute_start(
    period: RatingPeriod,
    *,
    actor: Actor | None = None,
    actor_label: str = "",
    closing: bool = False,
) -> bool:
    """Claim, then queue the computation. False when another claim won. ``closing``: an
    open period may be claimed, and is closed by the claim."""
    from lists.tasks import compute_period_task  # tasks import services

    token = uuid.uuid4().hex
    now = timezone.now()
    claimable = Q(status__in=RatingPeriod.COMPUTABLE) | stopped_computations()
    if closing:
        claimable |= Q(status=Status.OPEN)
    claimed = (
        RatingPeriod.objects.filter(claimable, pk=period.pk)
        .exclude(status=Status.PUBLISHED)
        .exclude(publication_requested_at__gte=lease_expiry())  # being published
        .update(
            status=Status.COMPUTING,
            run=F("run") + 1,
            claim_token=token,
            claimed_at=now,
            heartbeat_at=now,
            progress_done=0,
            progress_total=0,
            partitions_done=0,
            failure_reason="",
            # A new preview: what became of publishing the last one no longer applies.
            publication_requested_at=None,
            publication_failure="",
        )
    )
    if not claimed:
        return False
    if period.status == Status.OPEN:  # closed by the claim (``closing``), as period_close does
        audit_record(
            target=period,
            actor=actor.user if actor and actor.user.is_authenticated else None,
            actor_label=actor_label,
            action="closed",
        )
    audit_record(
        target=period,
        actor=actor.user if actor else None,
        actor_label=actor_label,
        action="computation requested",
    )
    # Undone, the period is as it was; a claim taken over from a silent worker is failed.
    before, reason = period.status, period.failure_reason
    if before == Status.COMPUTING:
        before, reason = Status.FAILED, "The worker computing it went silent."
    _to_worker(
        lambda: compute_period_task.delay(period.pk, token),
        undo=lambda: RatingPeriod.objects.filter(pk=period.pk, claim_token=token).update(
            status=before, claim_token="", heartbeat_at=None, failure_reason=reason
        ),
        what="computation",
    )
    return True


def _to_worker(send: Callable[[], Any], *, undo: Callable[[], Any], what: str) -> None:
    """Queue a task once the claim that goes with it has committed. A task queue that does
    not take it (``task_queue_refusal``) undoes the claim and refuses, rather than leave
    the period claimed for a task nobody will run and the request ending in a server
    error."""

    def queue() -> None:
        if (error := task_queue_refusal(send)) is not None:
            undo()
            raise PeriodRefused(unreachable_message(error, what)) from error

    transaction.on_commit(queue)


def _claimed(period_id: int, token: str) -> RatingPeriod:
    period = RatingPeriod.objects.get(pk=period_id)
    if period.claim_token != token or period.status != Status.COMPUTING:
        raise PeriodRefused(f"The claim on {period} has passed to another computation.")
    return period


def _touch(period: RatingPeriod, token: str, **changes: Any) -> None:
    """Heartbeat (and progress); a claim taken over stops this computation."""
    updated = RatingPeriod.objects.filter(
        pk=period.pk, claim_token=token, status=Status.COMPUTING
    ).update(heartbeat_at=timezone.now(), **changes)
    if not updated:
        raise PeriodRefused(f"The claim on {period} has passed to another computation.")


@contextmanager
def _collection_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused: a month's computation builds millions of
    tuples and no cycles, and each full collection would walk every one of them again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def period_compute(*, period_id: int, token: str, part: int = 0, parts: int = 1) -> RatingPeriod:
    """Compute part ``part`` of ``parts`` of the claimed period (the worker's job): read
    the inputs, rate, write the rows of this run; the last part to finish makes the run the
    period's computed one. A failure marks the period failed with the reason."""
    period = _claimed(period_id, token)
    share = Part(part, parts)
    apart = can_work_apart()
    try:
        with _collection_paused():
            if share.whole:
                _run_start(period)
            elif not _part_start(period, token, share):
                return RatingPeriod.objects.get(pk=period.pk)
            listing = listing_rules(period.category, period.list_date)
            _publication_waited_out(period)
            with transaction.atomic():
                tuned_for_bulk()
                inputs = load_period_inputs(period, share, apart=apart, floor=listing.floor)
            with _GamesWriter(period, index=share.whole, apart=apart) as games_writer:
                outcome = compute_period(
                    list_date=period.list_date,
                    tournaments=inputs.tournaments,
                    games=inputs.games,
                    standings=inputs.standings,
                    earlier_games=inputs.earlier_games,
                    earlier_left_out=inputs.earlier_left_out,
                    owns=None if share.whole else share.owns,
                    previous_list_date=add_months(period.list_date, -list_every_months()),
                    listing_rules=listing,
                    games_ready=games_writer.start,
                    below_floor=inputs.below_floor,
                )
                _part_begin(period, token, share, outcome.count, outcome.games.written)
                _results_write(period, token, outcome)
            return _part_finish(period, token, share)
    except PeriodRefused:
        raise
    except Exception as error:
        RatingPeriod.objects.filter(pk=period.pk, claim_token=token).update(
            status=Status.FAILED, failure_reason=f"{type(error).__name__}: {error}"
        )
        raise


def _publication_waited_out(period: RatingPeriod) -> None:
    """Wait for a publication of the category under way to commit. Its states are this
    run's start (interpretation 4), and a run claimed after it set its ``published_at``
    but before its commit is not caught by ``computed_before_their_start``: read then, the
    inputs would be the states before it. The lock is let go at once, so that the parts of
    a run, each reading its own inputs, do not wait for one another."""
    with transaction.atomic():
        rating_list_lock(period.category)


class _GamesWriter:
    """Writes a run's games as soon as they are rated. ``apart`` (``can_work_apart``),
    they are encoded here and sent on a connection of their own from another thread: the
    database takes them in, and builds their indexes for a run computed whole
    (``run_table_index``), while this process works out the first ratings and writes the
    results. Otherwise at the end, in turn. Leaving the block waits for the writing and
    raises what it raised."""

    def __init__(self, period: RatingPeriod, *, index: bool, apart: bool) -> None:
        self.period, self.index, self.apart = period, index, apart
        self.rows: _GameRows | None = None
        self.written: Future[None] | None = None

    def start(self, figures: GameFigures) -> None:
        rows = self.rows = _game_rows(self.period, figures)
        if self.apart:
            # Encoded by this thread: numpy's work would otherwise contend for the
            # interpreter with the first ratings' arithmetic.
            encoded = encoded_rows(PeriodGame, GAME_FIELDS, rows.columns, table=rows.table)
            send = partial(encoded_rows_insert, encoded)
            self.written = alongside(partial(self._write, send, index=self.index), apart=True)

    def _write(self, columns_insert: Callable[[], int], *, index: bool) -> None:
        assert self.rows is not None
        commit_unawaited()  # the run's table, attached at the end
        columns_insert()
        bulk_insert(PeriodGame, GAME_FIELDS, self.rows.fractional, table=self.rows.table)
        if index:
            run_table_index(PeriodGame, self.period.pk, self.period.run)

    def __enter__(self) -> _GamesWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if self.written is not None:
            error = self.written.exception()  # waits: nothing goes on writing unseen
            if error is not None and kind is None:
                raise error
        elif kind is None and self.rows is not None:
            # The attachment builds the indexes (DESIGN-notes 71).
            rows = self.rows
            with transaction.atomic():
                self._write(
                    partial(
                        bulk_insert_columns, PeriodGame, GAME_FIELDS, rows.columns, table=rows.table
                    ),
                    index=False,
                )


RESULT_FIELDS = (
    "period_id",
    "run",
    "player_id",
    "kind",
    "rules",
    "old_rating",
    "new_rating",
    "change_hundredths",
    "change_rounded",
    "games",
    "score_halves",
    "expected_hundredths",
    "k",
    "games_total",
    "explanation",
    "list_k",
)
GAME_FIELDS = (
    "period_id",
    "run",
    "game_id",
    "tournament_id",
    "white_id",
    "black_id",
    "white_score",
    "white_rating",
    "black_rating",
    "white_difference",
    "white_expected",
    "black_difference",
    "black_expected",
    "clause",
)


def _results_write(period: RatingPeriod, token: str, outcome: PeriodOutcome) -> None:
    """The run's results, ``PERIOD_PROGRESS_CHUNK`` players at a time, each chunk committed
    with the progress it makes: those of the players rated in columns as columns (a
    binary COPY each on PostgreSQL), then the others."""
    table = run_table(PeriodResult, period.pk, period.run)
    size = settings.PERIOD_PROGRESS_CHUNK
    rated = outcome.in_columns
    for start in range(0, len(rated.rows), size):
        chunk = ResultColumns(rated.rows[start : start + size], rated.rule_sets)
        columns = _result_columns(period, chunk)
        _results_chunk_write(
            period,
            token,
            len(chunk.rows),
            partial(bulk_insert_columns, PeriodResult, RESULT_FIELDS, columns, table=table),
        )
    players = outcome.one_by_one
    for start in range(0, len(players), size):
        rows = [
            (
                period.pk,
                period.run,
                o.player,
                o.kind,
                o.rules,
                o.old_rating,
                o.new_rating,
                o.change_hundredths,
                o.change_rounded,
                o.games,
                o.score_halves,
                o.expected_hundredths,
                o.k,
                o.games_total,
                o.explanation,
                o.list_k,
            )
            for o in players[start : start + size]
        ]
        _results_chunk_write(
            period,
            token,
            len(rows),
            partial(bulk_insert, PeriodResult, RESULT_FIELDS, rows, table=table),
        )


def _results_chunk_write(
    period: RatingPeriod, token: str, count: int, write: Callable[[], int]
) -> None:
    with transaction.atomic():
        commit_unawaited()  # its rows are in the run's table, attached at the end
        write()
        _touch(period, token, progress_done=F("progress_done") + count)


def _result_columns(period: RatingPeriod, results: ResultColumns) -> list[Column]:
    """The results of the players rated in columns as ``RESULT_FIELDS``'s columns."""
    table = np.array(results.rows, dtype=np.int64).reshape(-1, len(RESULT_COLUMNS))
    column = dict(zip(RESULT_COLUMNS, table.T, strict=True))
    count, rules = len(table), column["rules"]
    given = {
        "period_id": np.full(count, period.pk),
        "run": np.full(count, period.run),
        "player_id": column["player"],
        "kind": Categorical(np.zeros(count, dtype=np.int64), ["rated"]),
        "rules": Categorical(rules, [rule_set.id for rule_set in results.rule_sets]),
        "explanation": Categorical(rules, [rated_explanation(r) for r in results.rule_sets]),
    }
    return [(given[name] if name in given else column[name], None) for name in RESULT_FIELDS]


class _GameRows(NamedTuple):
    """A run's ``PeriodGame`` rows: as columns, but for the few whose difference is not
    whole (standard-1994 10.51's average), row by row."""

    table: str
    columns: list[Column]
    fractional: list[tuple[Any, ...]]


def _game_rows(period: RatingPeriod, outcome: GameFigures) -> _GameRows:
    """The owned games' rows."""
    games, figures = outcome.games, outcome.figures
    fractional = np.zeros(len(games), dtype=bool)
    fractional[np.fromiter(figures.fractions, dtype=np.int64) // 2] = True
    chosen = np.flatnonzero(outcome.owned & ~fractional)
    count = len(chosen)

    def nullable(values: np.ndarray, absent: int) -> tuple[np.ndarray, np.ndarray]:
        kept = values[chosen]
        return kept, kept == absent

    columns: list[Column] = [
        (np.full(count, period.pk), None),
        (np.full(count, period.run), None),
        (games.id[chosen], None),
        (games.tournament[chosen], None),
        (games.white[chosen], None),
        (games.black[chosen], None),
        (games.white_score[chosen], None),
        nullable(games.white_rating, NO_RATING),
        nullable(games.black_rating, NO_RATING),
        nullable(figures.difference[0::2], NO_FIGURE),
        nullable(figures.expected[0::2], NO_FIGURE),
        nullable(figures.difference[1::2], NO_FIGURE),
        nullable(figures.expected[1::2], NO_FIGURE),
        (Categorical(outcome.clause[chosen], outcome.clauses), None),
    ]
    rows = []
    kept = np.flatnonzero(outcome.owned & fractional)
    for index, game in zip(kept.tolist(), games.rows(kept), strict=True):
        sides = []
        for slot in (2 * index, 2 * index + 1):
            expected = int(figures.expected[slot])
            if expected == NO_FIGURE:
                sides += [None, None]
            else:
                difference = figures.fractions.get(slot, int(figures.difference[slot]))
                sides += [_two_decimals(difference), expected]
        rows.append(
            (
                period.pk,
                period.run,
                *game,
                *sides,
                outcome.clauses[outcome.clause[index]],
            )
        )
    return _GameRows(run_table(PeriodGame, period.pk, period.run), columns, rows)


def _two_decimals(value: int | Fraction | None) -> int | Decimal | None:
    """A rating difference as stored: whole ones as they are, averages (standard-1994
    10.51) to two decimals, halves up."""
    if value is None or type(value) is int:
        return value
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


def _locked_claim(period: RatingPeriod, token: str) -> RatingPeriod:
    """The period locked for the rest of the transaction, while ``token`` holds the claim."""
    locked = RatingPeriod.objects.select_for_update().get(pk=period.pk)
    if locked.claim_token != token or locked.status != Status.COMPUTING:
        raise PeriodRefused(f"The claim on {period} has passed to another computation.")
    return locked


@transaction.atomic
def _part_begin(period: RatingPeriod, token: str, share: Part, players: int, games: int) -> None:
    """The part's numbers of players and games, and the run's total of players from every
    part's: a part delivered again replaces its own numbers rather than adding them twice."""
    locked = _locked_claim(period, token)
    run = {"period": locked, "run": locked.run}
    PeriodPart.objects.update_or_create(
        **run, index=share.index, defaults={"players": players, "games": games}
    )
    locked.progress_total = PeriodPart.objects.filter(**run).aggregate(total=Sum("players"))[
        "total"
    ]
    locked.heartbeat_at = timezone.now()
    locked.save(update_fields=["progress_total", "heartbeat_at"])


@transaction.atomic
def _part_finish(period: RatingPeriod, token: str, share: Part) -> RatingPeriod:
    locked = _locked_claim(period, token)
    parts = PeriodPart.objects.filter(period=locked, run=locked.run)
    parts.filter(index=share.index, finished_at=None).update(finished_at=timezone.now())
    # Counted, not added to: a part delivered again after it finished finishes once.
    locked.partitions_done = parts.exclude(finished_at=None).count()
    locked.heartbeat_at = timezone.now()
    if locked.partitions_done < share.count:
        locked.save(update_fields=["partitions_done", "heartbeat_at"])
        return locked
    run_tables_attach(locked.pk, locked.run)
    locked.status = Status.COMPUTED
    locked.computed_run = locked.run
    locked.computed_at = timezone.now()
    # Counted from what the run wrote (each part read only its players' share), not read
    # back: counting a federation's million games takes a tenth of a second.
    locked.tournaments_count = PeriodTournament.objects.filter(
        period=locked, run=locked.run
    ).count()
    locked.games_count = parts.aggregate(games=Sum("games"))["games"]
    locked.progress_done = locked.progress_total
    locked.save()
    _stale_runs_delete(locked)
    return locked


def period_parts_start(*, period_id: int, token: str, parts: int) -> None:
    """Before the ``parts`` of a split computation are sent out: the run started once for
    all of them (``_run_start``). Refused when it has started: a redelivered task must not
    send the parts out again while they write. A failure marks the period failed."""
    period = _claimed(period_id, token)
    if PeriodTournament.objects.filter(period=period, run=period.run).exists():
        raise PeriodRefused(f"The parts of {period} have been sent out already.")
    try:
        _run_start(period, parts)
    except Exception as error:
        RatingPeriod.objects.filter(pk=period.pk, claim_token=token).update(
            status=Status.FAILED, failure_reason=f"{type(error).__name__}: {error}"
        )
        raise


@transaction.atomic
def _run_start(period: RatingPeriod, parts: int = 1) -> None:
    """Rows a killed attempt of this run left behind deleted, and the tournaments the run
    rates fixed before any part reads a game: none rates a tournament another part did not
    see, and publication marks rated only what was rated (one approved later moves to the
    next list). The run's progress counts its ``parts``."""
    _run_rows_delete(period, period.run)
    run_tables_create(period.pk, period.run)
    RatingPeriod.objects.filter(pk=period.pk).update(
        progress_done=0, progress_total=0, partitions=parts, partitions_done=0
    )
    bulk_insert(
        PeriodTournament,
        ("period_id", "run", "tournament_id"),
        [(period.pk, period.run, pk) for pk in tournaments_to_rate(period)],
    )
    if connection.vendor == "postgresql":
        # Rows just written have no statistics: the planner would take the run for one
        # tournament and read each one's games by index (a month: 30,000 times) rather
        # than all of them at once.
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {PeriodTournament._meta.db_table}")


@transaction.atomic
def _part_start(period: RatingPeriod, token: str, share: Part) -> bool:
    """Whether the part is to be computed: not when it finished already (its task
    delivered again after its worker died unacknowledged), where computing it again would
    delete rows the run may count as done meanwhile. Otherwise what a killed attempt of it
    left behind is deleted first, under the period's lock."""
    locked = _locked_claim(period, token)
    part = PeriodPart.objects.filter(period=locked, run=locked.run, index=share.index).first()
    if part is not None and part.finished_at is not None:
        return False
    _part_rows_delete(locked, share)
    return True


def _part_rows_delete(period: RatingPeriod, share: Part) -> None:
    """Rows a killed attempt of this part of the run left behind (its task is delivered
    again): its players' results and the games whose white player it owns, in the run's
    tables (``lists.run_tables``)."""
    for model, player in ((PeriodResult, "player_id"), (PeriodGame, "white_id")):
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {run_table(model, period.pk, period.run)} "
                f"WHERE period_id = %s AND run = %s AND {player} %% %s = %s",
                [period.pk, period.run, share.count, share.index],
            )
            deleted = cursor.rowcount
        if model is PeriodResult and deleted:  # no longer done: written again below
            RatingPeriod.objects.filter(pk=period.pk).update(
                progress_done=Greatest(F("progress_done") - deleted, 0)
            )


def _run_rows_delete(period: RatingPeriod, run: int) -> None:
    """Rows a killed attempt of this run left behind."""
    run_rows_delete(period.pk, run=run)
    for model in (PeriodTournament, PeriodPart):
        model.objects.filter(period=period, run=run).delete()


def _stale_runs_delete(period: RatingPeriod) -> None:
    run_rows_delete(period.pk, keep=period.computed_run)
    for model in (PeriodTournament, PeriodPart):
        model.objects.filter(period=period).exclude(run=period.computed_run).delete()


# -- publication ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Publication:
    period: RatingPeriod
    entries: int
    tournaments: int
    #: Reports approved for this list after its computation: moved to the next list.
    moved: int = 0


def publication_request_refusal(period: RatingPeriod, today: dt.date) -> str | None:
    """Why an administrator cannot ask for ``period``'s publication now, or None: it is
    published, not computed, already being published, or refused (``publication_refusal``)."""
    if period.status == Status.PUBLISHED:
        return f"The {period} is already published; it cannot change."
    if period.status != Status.COMPUTED:
        return (
            f"The {period} is {period.get_status_display().lower()}; only a computed "
            "period can be published."
        )
    if period.is_being_published:
        return f"The {period} is being published; its page follows the publication."
    return publication_refusal(period, today)


def period_publish_request(*, period: RatingPeriod, actor: Actor) -> RatingPeriod:
    """Hand a computed period's publication to a worker (administrators only): a
    federation's list takes tens of seconds to write, longer than a request should wait.
    The worker publishes through ``period_publish``, or records why it did not
    (``period_publish_requested``); meanwhile the period is neither published nor computed
    again."""
    require_administrator(actor, "Only an administrator publishes a rating list.")
    if not actor.is_authenticated:  # the worker acts for a user it can read again
        raise PermissionDenied("Only an administrator who is signed in publishes a rating list.")
    from lists.tasks import publish_period_task  # tasks import services

    period.refresh_from_db()
    if refusal := publication_request_refusal(period, timezone.localdate()):
        raise PeriodRefused(refusal)
    with transaction.atomic():
        requested = (
            RatingPeriod.objects.filter(pk=period.pk, status=Status.COMPUTED)
            .filter(
                Q(publication_requested_at__isnull=True)
                | Q(publication_requested_at__lt=lease_expiry())
            )
            .update(
                publication_requested_at=timezone.now(),
                publication_requested_by=actor.user,
                publication_failure="",
            )
        )
        if not requested:
            raise PeriodRefused(f"Another publication of the {period} has just been requested.")
        audit_record(target=period, actor=actor.user, action="publication requested")
        user_id, run = actor.user.pk, period.computed_run
        _to_worker(
            lambda: publish_period_task.delay(period.pk, user_id, run),
            undo=lambda: RatingPeriod.objects.filter(
                pk=period.pk, status=Status.COMPUTED, publication_requested_by=actor.user
            ).update(publication_requested_at=None),
            what="publication",
        )
    period.refresh_from_db()
    return period


def period_publish_requested(*, period_id: int, user_id: int | None, run: int | None) -> str:
    """The worker's side of ``period_publish_request``: publish the computed ``run`` the
    administrator saw, with his authority as it is now, or record on the period why not.
    Returns "published" (by this worker or, when the request came twice, by another), or
    "refused"."""
    actor = actor_for(get_user_model().objects.filter(pk=user_id).first())
    period = RatingPeriod.objects.get(pk=period_id)
    try:
        period_publish(period=period, actor=actor, run=run)
    except (PeriodRefused, PermissionDenied) as refusal:
        if RatingPeriod.objects.filter(pk=period_id, status=Status.PUBLISHED).exists():
            return "published"
        _publication_failed(period, run, str(refusal))
        return "refused"
    except Exception as error:
        _publication_failed(period, run, f"{type(error).__name__}: {error}")
        raise
    return "published"


def _publication_failed(period: RatingPeriod, run: int | None, reason: str) -> None:
    """The request is over: the period stays computed, with the reason on its page, unless
    it was computed again meanwhile (the reason was about a preview no longer shown; the
    history keeps it)."""
    RatingPeriod.objects.filter(pk=period.pk, status=Status.COMPUTED, computed_run=run).update(
        publication_requested_at=None, publication_failure=reason
    )
    audit_record(target=period, actor=None, action="publication failed", reason=reason)


def period_publish(
    *, period: RatingPeriod, actor: Actor | None, actor_label: str = "", run: int | None = None
) -> Publication:
    """Publish a computed period: the list entries, the players' new rating states and
    their history, and the tournaments marked rated, all in one transaction (issue 4).
    Administrators only; a published list is never published again or changed. ``run``:
    the computed run the publication was asked for, refused if the period was computed
    again since (a request that waited in the queue past its lease)."""
    if actor is not None:
        require_administrator(actor, "Only an administrator publishes a rating list.")
    # Outside a transaction (a worker's, a command's), the list is written and indexed on
    # another connection while this one writes the states and the history.
    apart = can_work_apart()
    _left_partition_drop(period)
    history_partition_ensure(period.list_date)
    written: Future[int] | None = None
    try:
        with transaction.atomic():
            tuned_for_bulk()
            rating_list_lock(period.category)  # approvals of the category wait for the list
            _entries_lock()
            locked = RatingPeriod.objects.select_for_update().get(pk=period.pk)
            _publication_check(locked, run)
            writing = _list_start(locked, apart=apart)
            written = writing.written
            try:
                _states_write(writing)
                _online_ratings_update(locked)
                tournaments, moved, refused = _tournaments_mark_rated(locked, actor, actor_label)
                entries = written.result()
            except BaseException:
                written.exception()  # waits: the list's connection ends before this one
                raise
            RatingPeriod.objects.filter(pk=locked.pk).update(
                status=Status.PUBLISHED,
                published_at=timezone.now(),
                published_by=actor.user if actor and actor.user.is_authenticated else None,
                publication_requested_at=None,
                publication_failure="",
                entries_count=entries,
                tournaments_rated=tournaments,
                reports_moved=moved,
                reports_refused=refused,
            )
            audit_record(
                target=locked,
                actor=actor.user if actor else None,
                actor_label=actor_label,
                action="published",
                changes={"entries": [None, entries], "tournaments": [None, tournaments]},
            )
            # Last: from the attachment to the commit, reads of the entries' default
            # partition wait.
            _entries_attach(writing, entries)
    except BaseException:
        if apart and written is not None:
            _written_list_drop(period)
        raise
    locked.refresh_from_db()
    return Publication(locked, entries, tournaments, moved)


def _online_ratings_update(period: RatingPeriod) -> None:
    """online arena 3.15: a rapid or blitz list's changes added to its players' online
    ratings, in the list's transaction. The changes are the rated players' (those the list
    delisted included); a first rating is no change, nor is one counted from a standard
    rating (``STANDARD_RATING_USED``, that list's rating, not this one's)."""
    changes = (
        PeriodResult.objects.filter(
            Q(kind=PeriodResult.Kind.RATED) | DELISTED_FROM_THE_LIST,
            period=period,
            run=period.computed_run,
        )
        .exclude(change_rounded=0)
        .annotate(change=F("change_rounded"))
    )
    arena_list_changes_add(
        list_category=period.category, list_date=period.list_date, changes=changes
    )


def _left_partition_drop(period: RatingPeriod) -> None:
    """On PostgreSQL, an empty partition of the list entries for the unpublished period,
    left by an earlier database that shared the ids (a flush empties tables, it does not
    drop them), dropped in a transaction of its own: dropping it locks every list, and
    the connection that writes the list beside the publication would wait for that lock
    for ever."""
    if connection.vendor != "postgresql":
        return
    table = _entries_table(period)
    with transaction.atomic(), connection.cursor() as cursor:
        _entries_lock()
        if not table_exists(table):
            return
        published = RatingPeriod.objects.filter(pk=period.pk, status=Status.PUBLISHED).exists()
        cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {table})")
        if not published and not cursor.fetchone()[0]:
            cursor.execute(f"DROP TABLE {table}")


def _publication_check(locked: RatingPeriod, run: int | None) -> None:
    """Raises ``PeriodRefused`` unless the period (locked) can be published now."""
    if locked.status == Status.PUBLISHED:
        raise PeriodRefused(f"The {locked} is already published; it cannot change.")
    if locked.status != Status.COMPUTED:
        raise PeriodRefused(
            f"The {locked} is {locked.get_status_display().lower()}; only a computed "
            "period can be published."
        )
    if refusal := publication_refusal(locked, timezone.localdate()):
        raise PeriodRefused(refusal)
    if run is not None and locked.computed_run != run:
        raise PeriodRefused(
            f"The {locked} was computed again after its publication was asked for: "
            "the new preview is published only when an administrator asks for it."
        )
    if ListEntry.objects.filter(period=locked).exists():
        raise PeriodRefused(
            f"The {locked} already has list entries though it is not published; "
            "an administrator must remove them first."
        )


class ListWriting(NamedTuple):
    """The list of a publication being written (``_list_start``)."""

    period: RatingPeriod
    #: The statements' parameters (``_list_start``).
    params: dict[str, Any]
    #: (player, K) of the listed players without a result whose K changes (``_idle_k``).
    idle_k: list[tuple[int, int]]
    #: Its first entry id (PostgreSQL).
    first_id: int | None
    #: Its number of entries, once written.
    written: Future[int]


def _list_start(period: RatingPeriod, *, apart: bool) -> ListWriting:
    """Start writing the list, read off the states as they are before the publication
    writes them (``ENTRIES_SELECT``); ``apart``, on another connection, which sees what this
    transaction sees now and writes and indexes the list while this one writes the states
    (DESIGN-notes 104). No one else writes a state meanwhile: an import that did (it takes
    no list's lock) would reach the states and not the list."""
    params = {
        "period": period.pk,
        "run": period.computed_run,
        "category": period.category,
        "list_date": period.list_date,
        "inactive_before": inactive_before(period.list_date),
        "reached": REACHED_2400,
    }
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("LOCK TABLE players_ratingstate IN SHARE ROW EXCLUSIVE MODE")
        idle_k = _idle_k(cursor, period, params)
        first_id = _entry_ids_start(cursor)
        snapshot = snapshot_export() if apart else None
    written = alongside(
        partial(_entries_write, period, params, idle_k, first_id, index=apart),
        apart=apart,
        snapshot=snapshot,
    )
    return ListWriting(period, params, idle_k, first_id, written)


def _states_write(writing: ListWriting) -> None:
    """The players' new states, the K of those without a result where it changes, and the
    history read off the new states, in set-based SQL that PostgreSQL and SQLite both run
    (a federation's list is hundreds of thousands of rows)."""
    with connection.cursor() as cursor:
        for statement in STATES_SQL:
            cursor.execute(statement, writing.params)
        cursor.executemany(
            "UPDATE players_ratingstate SET k = %s WHERE player_id = %s AND category = %s",
            [(k, player, writing.period.category) for player, k in writing.idle_k],
        )
        _history_write(cursor, writing.params)


#: The dates of the category's lists published here (not imported): a set PostgreSQL
#: hashes once, where a subquery a state would look the periods up row by row.
_PUBLISHED_HERE = """(
        SELECT l.list_date FROM lists_ratingperiod l
        WHERE l.category = %(category)s AND l.status = 'published')"""
#: The rated players of the category without a result in the run whose K may change:
#: their rating state, birth year and whether the state is of a list published here.
IDLE_STATES_SQL = f"""
    SELECT s.player_id, s.rating, s.games, s.reached_2400, p.birth_year, s.k, s.list_date,
           COALESCE(s.list_date IN {_PUBLISHED_HERE}, FALSE)
    FROM players_ratingstate s
    JOIN players_player p ON p.id = s.player_id
    WHERE s.category = %(category)s AND s.status = 'rated' AND s.rating IS NOT NULL
      AND (s.k IS NULL OR s.list_date IS NULL OR s.list_date < %(turn_from)s
           OR s.list_date NOT IN {_PUBLISHED_HERE})
      AND NOT EXISTS (
        SELECT 1 FROM lists_periodresult r
        WHERE r.period_id = %(period)s AND r.run = %(run)s
          AND r.player_id = s.player_id AND r.kind <> 'pending')
"""


def _idle_k(cursor: Any, period: RatingPeriod, params: dict[str, Any]) -> list[tuple[int, int]]:
    """The K of the listed players who did not play: the list shows "the current value of
    K" for every player (standard-2009 7.12, R&B 2024 6.1.2): the K his next period rates
    him with. Worked out where none is known (an import without K) or where an imported
    list's is not the rules' (a review: FIDE's standard list's K 20 and 40 were published
    here, and the next period rated the same players with standard-2009 8.56's 15 and
    30), and where the turn of the year or of the rule set changes it (a junior's K 40
    ends with the year of his 18th birthday, R&B 2024 7.3.3); elsewhere it stays as this
    site's last list wrote it. The turn is seen
    from each player's own last list (his state's), not from the category's: an import of
    a later list that left him out, or a list in between never published, is not his
    (a review: a player last listed in April 2025, then a partial import of November
    2026, kept his junior K 40 on December 2026's list). A K that hangs on a games total
    an import could not tell (the K of a player with fewer than 30 games known, were he
    established) stays unknown, or as the import wrote it. Returns (player, K) of the
    players whose K changes."""
    after = _listing(period.category, period.list_date)
    listings = {period.list_date: after}
    changes = []
    cursor.execute(
        IDLE_STATES_SQL, {**params, "turn_from": _turn_from(period.category, period.list_date)}
    )
    while rows := cursor.fetchmany(FETCH_ROWS):
        for player, rating, games, reached_2400, birth_year, k, list_date, here in rows:
            state = PlayerState(rating, games, reached_2400, birth_year)
            listed = after.k(state)
            if list_date is not None and list_date not in listings:
                listings[list_date] = _listing(period.category, list_date)
            before = listings[list_date] if list_date is not None else after
            if k is None or not here:
                established = replace(state, games=max(games, NEW_PLAYER_GAMES))
                if k != listed and listed == after.k(established):
                    changes.append((player, listed))
            elif before != after and listed != before.k(state):
                changes.append((player, listed))
    return changes


def _turn_from(category: str, list_date: dt.date) -> dt.date:
    """The earliest list date from which every list up to ``list_date`` shows K as its
    own does (``_listing``): a player whose last list is older may see his K turn. At most
    a year back: the year turns in January."""
    after = _listing(category, list_date)
    turn_from = list_date
    while _listing(category, earlier := add_months(turn_from, -list_every_months())) == after:
        turn_from = earlier
    return turn_from


def _listing(category: str, list_date: dt.date) -> Listing:
    """The year and the rule set by which the list of ``list_date`` shows K (the K its
    next period uses: interpretation 4, the state as of this list)."""
    return Listing(list_date.year, listing_rules(category, list_date))


def _history_write(cursor: Any, params: dict[str, Any]) -> None:
    """The list's history rows. Usually the list date has none yet: then a plain INSERT,
    a fifth faster than one that checks each row for a conflict. An import of the same
    date may have written some (before, or while this runs): then the list's rows replace
    them."""
    if not list_published(params["category"], params["list_date"]):
        try:
            with transaction.atomic():  # a savepoint, to go on should an import collide
                cursor.execute(HISTORY_SQL, params)
            return
        except IntegrityError:
            pass
    cursor.execute(HISTORY_SQL + HISTORY_CONFLICT, params)


def _entries_lock() -> None:
    """On PostgreSQL, the list entries locked against every other writer until the commit
    (readers go on): publications queue here, before either reads the entries, rather
    than deadlock later (each attaching its list while the other reads the default
    partition); and the ids of a list are taken as one block of the entries' sequence,
    which no other writer draws from meanwhile."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("LOCK TABLE lists_listentry IN SHARE ROW EXCLUSIVE MODE")


def _entry_ids_start(cursor: Any) -> int | None:
    """On PostgreSQL, the first id of the list's entries, which take one block of the
    entries' sequence (under ``_entries_lock``): a nextval per row costs a federation's
    list more than a second. ``_entries_attach`` sets the sequence past the block."""
    if connection.vendor != "postgresql":
        return None
    cursor.execute(f"SELECT nextval({ENTRY_IDS})")
    return int(cursor.fetchone()[0])


def _entries_write(
    period: RatingPeriod,
    params: dict[str, Any],
    idle_k: list[tuple[int, int]],
    first_id: int | None,
    *,
    index: bool,
) -> int:
    """The list, read off the states before the publication writes them, ``idle_k`` the
    K that changes (``_idle_k``); returns its number of entries. On PostgreSQL into a
    table of its own, which ``_entries_attach`` makes the period's partition of the list
    entries: its indexes are then built once, by sorting, where a plain INSERT would keep
    seven indexes up to date row by row (several times slower for a federation's list).
    ``index``: they are built here (on a connection beside the publication's), else by
    the attachment."""
    select = ENTRIES_SELECT.format(period=int(period.pk))
    with connection.cursor() as cursor:
        temporary = "pg_temp" if connection.vendor == "postgresql" else "temp"
        cursor.execute(f"DROP TABLE IF EXISTS {temporary}.{IDLE_K_TABLE}")
        cursor.execute(f"CREATE TEMPORARY TABLE {IDLE_K_TABLE} (player_id bigint, k smallint)")
        cursor.executemany(f"INSERT INTO {IDLE_K_TABLE} VALUES (%s, %s)", idle_k)
        if connection.vendor != "postgresql":
            cursor.execute(f"INSERT INTO lists_listentry ({ENTRY_COLUMNS}) {select}", params)
            entries = int(cursor.rowcount)
        else:
            # Under a name of its own until it is attached: one left by a publication that
            # failed is dropped by partition_table_create.
            table = _written_table(period)
            partition_table_create(
                cursor, "lists_listentry", table, check=f"period_id = {int(period.pk)}"
            )
            cursor.execute(
                f"INSERT INTO {table} (id, {ENTRY_COLUMNS}) "
                f"SELECT %(first_id)s - 1 + row_number() OVER (), entries.* "
                f"FROM ({select}) entries",
                {**params, "first_id": first_id},
            )
            entries = int(cursor.rowcount)
            if index:
                partition_indexes_build("lists_listentry", table)
        cursor.execute(f"DROP TABLE {temporary}.{IDLE_K_TABLE}")
    return entries


def _entries_attach(writing: ListWriting, entries: int) -> None:
    """The written list becomes the period's partition of the list entries, under the
    partition's name, and the entries' sequence goes on past its ids."""
    if connection.vendor == "postgresql":
        period, table = writing.period, _entries_table(writing.period)
        with connection.cursor() as cursor:
            assert writing.first_id is not None
            cursor.execute(f"SELECT setval({ENTRY_IDS}, %s, false)", [writing.first_id + entries])
            cursor.execute(
                f"ALTER TABLE lists_listentry ATTACH PARTITION {_written_table(period)} "
                f"FOR VALUES IN ({int(period.pk)})"
            )
            cursor.execute(f"ALTER TABLE {_written_table(period)} RENAME TO {table}")
            name_key_statistics_refine(cursor, table)


def _written_list_drop(period: RatingPeriod) -> None:
    """The list a failed publication wrote on another connection, dropped: it is never
    attached but in the publication's transaction, which renames it. Under the entries'
    lock, so that a publication of the period under way meanwhile ends first. A failure
    here is logged and leaves the table to the next publication: it must not hide why the
    publication failed."""
    try:
        with transaction.atomic():
            _entries_lock()
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {_written_table(period)}")
    except Exception:
        logger.exception("The list written for %s could not be dropped.", period)


#: The statistics a list's name keys are sampled for: a bucket of the histogram per 0.1 %
#: of the list, where PostgreSQL's default (1 %) is a bucket of 10,000 names on a list of
#: a million.
NAME_KEY_STATISTICS = 1000


def name_key_statistics_refine(cursor: Any, table: str) -> None:
    """The name keys of the list partition ``table`` sampled finely when it is analyzed
    (by autovacuum, a minute after publication). With the default histogram PostgreSQL
    took a search for a rare name ("Joel", 1,688 of a million) to find ten thousand, and
    walked the list in rating order to fill a page, working out each row's key: 0.4-0.5 s,
    where the name index gives it in 5 ms (DESIGN-notes 98). A partition's index does
    not inherit the setting from the partitioned index: each list's gets it here."""
    cursor.execute(
        "SELECT inherited.inhrelid::regclass::text FROM pg_inherits inherited "
        "JOIN pg_index ON pg_index.indexrelid = inherited.inhrelid "
        "WHERE inherited.inhparent = 'entry_by_name_key'::regclass "
        "AND pg_index.indrelid = %s::regclass",
        [table],
    )
    for (index,) in cursor.fetchall():
        cursor.execute(f"ALTER INDEX {index} ALTER COLUMN 2 SET STATISTICS {NAME_KEY_STATISTICS}")


def _entries_table(period: RatingPeriod) -> str:
    return f"lists_listentry_{int(period.pk)}"


def _written_table(period: RatingPeriod) -> str:
    """The list of the period while it is written, before it is attached."""
    return f"{_entries_table(period)}_written"


def _active_without_a_game(state: str) -> str:
    """SQL: whether the player of the rating state ``state`` (a table or its alias) is
    active on the list without a game this period: twelve months without a rated game
    make him inactive (interpretation 9); where his last game is unknown (an import that
    did not say), he stays as he was."""
    return (
        f"CASE WHEN {state}.last_played IS NULL THEN {state}.active "
        f"ELSE {state}.last_played > %(inactive_before)s END"
    )


#: The results of the computed run become the players' states (delisted ones unrated from
#: now on, interpretation 9); players without games get no period games and turn inactive
#: after 12 months without one; the history is then read off the states (the list, from
#: what they were before: ``ENTRIES_SELECT``).
STATES_SQL = (
    f"""
    UPDATE players_ratingstate SET
        rating = r.new_rating,
        games = r.games_total,
        period_games = r.games,
        k = r.list_k,
        reached_2400 = (players_ratingstate.reached_2400 OR r.new_rating >= %(reached)s),
        -- One delisted without a game (the list's floor rose) is as active as an idle
        -- player: 12 months without a rated game make him inactive (interpretation 9).
        active = CASE WHEN r.games > 0 THEN TRUE
                      ELSE {_active_without_a_game("players_ratingstate")} END,
        status = CASE WHEN r.kind = 'delisted' THEN 'delisted' ELSE 'rated' END,
        list_date = %(list_date)s,
        last_played = CASE WHEN r.games > 0 THEN %(list_date)s
                           ELSE players_ratingstate.last_played END
    FROM lists_periodresult r
    WHERE r.period_id = %(period)s AND r.run = %(run)s AND r.kind <> 'pending'
      AND r.player_id = players_ratingstate.player_id
      AND players_ratingstate.category = %(category)s
    """,
    """
    INSERT INTO players_ratingstate
        (player_id, category, rating, games, period_games, k, reached_2400, active, status,
         list_date, last_played)
    SELECT r.player_id, %(category)s, r.new_rating, r.games_total, r.games, r.list_k,
           r.new_rating >= %(reached)s, TRUE,
           CASE WHEN r.kind = 'delisted' THEN 'delisted' ELSE 'rated' END,
           %(list_date)s, %(list_date)s
    FROM lists_periodresult r
    -- A player rated before the period has his state ("rated" comes from it): only those
    -- who were not may lack one.
    WHERE r.period_id = %(period)s AND r.run = %(run)s AND r.kind NOT IN ('pending', 'rated')
      AND NOT EXISTS (
        SELECT 1 FROM players_ratingstate s
        WHERE s.player_id = r.player_id AND s.category = %(category)s)
    """,
    f"""
    UPDATE players_ratingstate SET
        period_games = 0,
        list_date = %(list_date)s,
        active = {_active_without_a_game("players_ratingstate")}
    WHERE category = %(category)s AND status = 'rated'
      AND NOT EXISTS (
        SELECT 1 FROM lists_periodresult r
        WHERE r.period_id = %(period)s AND r.run = %(run)s
          AND r.player_id = players_ratingstate.player_id AND r.kind <> 'pending')
    """,
)


#: The sequence the list entries' ids come from.
ENTRY_IDS = "pg_get_serial_sequence('lists_listentry', 'id')"
ENTRY_COLUMNS = (
    "period_id, player_id, fide_id, name, federation, sex, title, women_title, other_titles, "
    "foa_title, birth_year, rating, games, k, active, flag, change"
)
#: The K of idle players that the publication changes (``_idle_k``), for the list.
IDLE_K_TABLE = "publication_idle_k"
#: The list entries in ``ENTRY_COLUMNS`` order (``period``: the period's id, an integer),
#: read off the states as ``STATES_SQL`` leaves them, from what they are before it: the
#: players rated before the list and rated again or adopted (their results' figures); new
#: players rated for the first time or adopting a standard rating; and the rated players
#: the run gives no result (their rating, no games, the K of ``IDLE_K_TABLE`` where it
#: changes). A player delisted, or below the list's floor, is not on it; nor is one whose
#: record says he is not to be listed (``Player.not_listed``: R&B 2024 9.1-9.2,
#: standard-2009 13.1-13.2) or whose federation is excluded from FIDE
#: (``Federation.excluded``: R&B 2024 9.1, standard-2009 13.1); their states are written
#: all the same.
ENTRIES_SELECT = f"""
    SELECT {{period}}, a.player_id, p.fide_id, p.name, f.code, p.sex, p.title,
           p.women_title, p.other_titles, p.foa_title, p.birth_year, a.rating,
           a.period_games, a.k, a.active,
           CASE WHEN p.sex = 'F' THEN 'w' ELSE '' END
             || CASE WHEN a.active THEN '' ELSE 'i' END,
           a.change
    FROM (
        SELECT s.player_id, r.new_rating AS rating, r.games AS period_games, r.list_k AS k,
               CASE WHEN r.games > 0 THEN TRUE ELSE {_active_without_a_game("s")} END
                 AS active,
               CASE WHEN r.kind = 'rated' THEN r.change_rounded END AS change
        FROM players_ratingstate s
        JOIN lists_periodresult r
          ON r.period_id = %(period)s AND r.run = %(run)s AND r.player_id = s.player_id
        WHERE s.category = %(category)s AND r.kind IN ('rated', 'adopted', 'initial')
          AND r.new_rating IS NOT NULL
        UNION ALL
        SELECT r.player_id, r.new_rating, r.games, r.list_k, TRUE, NULL
        FROM lists_periodresult r
        WHERE r.period_id = %(period)s AND r.run = %(run)s AND r.kind IN ('adopted', 'initial')
          AND r.new_rating IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM players_ratingstate s
            WHERE s.player_id = r.player_id AND s.category = %(category)s)
        UNION ALL
        -- Unchanged: 0; with a result that waits ("pending"), no change shown.
        SELECT s.player_id, s.rating, 0, COALESCE(idle.k, s.k), {_active_without_a_game("s")},
               CASE WHEN r.kind IS NULL THEN 0 END
        FROM players_ratingstate s
        LEFT JOIN lists_periodresult r
          ON r.period_id = %(period)s AND r.run = %(run)s AND r.player_id = s.player_id
        LEFT JOIN {IDLE_K_TABLE} idle ON idle.player_id = s.player_id
        WHERE s.category = %(category)s AND s.status = 'rated' AND s.rating IS NOT NULL
          AND (r.kind IS NULL OR r.kind = 'pending')
    ) a
    JOIN players_player p ON p.id = a.player_id
    JOIN players_federation f ON f.id = p.federation_id
    WHERE p.not_listed = '' AND f.excluded = ''  -- players.models.LISTABLE
"""
#: In player order, the order of the history's unique index (which starts with the player):
#: its pages are then visited once each, in turn, rather than at random.
HISTORY_SQL = """
    INSERT INTO players_ratinghistory (player_id, category, list_date, rating, games, k, active)
    SELECT s.player_id, s.category, %(list_date)s,
           CASE WHEN s.status = 'rated' THEN s.rating END, s.period_games, s.k, s.active
    FROM players_ratingstate s
    WHERE s.category = %(category)s
      AND (s.status = 'rated' AND s.rating IS NOT NULL
           OR s.status = 'delisted' AND s.list_date = %(list_date)s)
    ORDER BY s.player_id
"""
#: For a list date that already has history rows: the list's rows replace them.
HISTORY_CONFLICT = """
    ON CONFLICT (player_id, category, list_date) DO UPDATE SET
        rating = excluded.rating, games = excluded.games, k = excluded.k,
        active = excluded.active
"""


def _tournaments_mark_rated(
    period: RatingPeriod, actor: Actor | None, actor_label: str
) -> tuple[int, int, int]:
    """The run's tournaments become rated, and so do those of this list whose reports hold
    no game played over the board (forfeits and byes alone: nothing to rate, whenever they
    were approved); any other left ready for this list (approved after the computation)
    moves to the next list (DESIGN.md interpretation 8), or is refused where that one would
    rate it too late (``too_late_for_the_next_list``). The arbiters of those rated and
    moved are told by mail once the list commits. Returns how many were rated, moved and
    refused."""
    run = _computed_run_tournaments(period)
    # The run rated every one with games when it started: any without is outside it.
    outside = Tournament.objects.filter(pk__in=_outside_run(period))
    nothing_to_rate = list(
        outside.exclude(pk__in=with_approved_games(outside).values("pk")).values_list(
            "pk", flat=True
        )
    )
    # Read before the copy starts: the connection serves one statement at a time.
    rated = [*run, *nothing_to_rate]
    # The run's by the database, not as a list of some 30,000 ids the statement must carry.
    Tournament.objects.filter(
        Q(pk__in=run) | Q(pk__in=nothing_to_rate), status=Tournament.Status.READY
    ).update(status=Tournament.Status.RATED)
    user = actor.user if actor else None
    count = bulk_insert(
        AuditEntry,
        AUDIT_ENTRY_FIELDS,
        audit_entry_rows(
            model=Tournament,
            object_ids=rated,
            actor=user,
            actor_label=actor_label,
            action="rated",
            reason=f"Rated on the {period}",
            changes={"status": ["ready", "rated"]},
        ),
    )
    left = list(reports_after_computation(period))
    following = list_after(period.list_date)
    refused = too_late_for_the_next_list(period, left)
    for tournament in refused:
        left.remove(tournament)
        tournament_status_change(
            tournament=tournament,
            status=Tournament.Status.REFUSED,
            actor=user,
            actor_label=actor_label,
            reason=_too_late_reason(tournament, period, following),
        )
    for tournament in left:
        tournament.list_date = following
        tournament.save(update_fields=["list_date"])
        audit_record(
            target=tournament,
            actor=user,
            actor_label=actor_label,
            action="moved to the next list",
            reason=f"Approved after the {period} was computed; rated on the list of {following}.",
        )
    _arbiters_told_once_out(
        period,
        rated=Tournament.objects.filter(
            Q(pk__in=run) | Q(pk__in=nothing_to_rate), status=Tournament.Status.RATED
        ),
        moved=left,
        moved_to=following,
    )
    return count, len(left), len(refused)


def _arbiters_told_once_out(
    period: RatingPeriod,
    *,
    rated: QuerySet[Tournament],
    moved: list[Tournament],
    moved_to: dt.date,
) -> None:
    """The arbiters of the tournaments the list rated and moved, told once it has
    committed (``list_told_to_arbiters``), robustly: a mail that fails must not fail a list
    that is out, and a publication rolled back tells nobody."""
    transaction.on_commit(
        partial(
            list_told_to_arbiters,
            list_name=str(period),
            rated=rated,
            moved=Tournament.objects.filter(pk__in=[tournament.pk for tournament in moved]),
            moved_to=moved_to,
        ),
        robust=True,
    )


def too_late_for_the_next_list(
    period: RatingPeriod, tournaments: Iterable[Tournament]
) -> list[Tournament]:
    """Those of ``tournaments``, approved for ``period``'s list after its computation
    (``reports_after_computation``), that the next list would rate later than the third
    list after their end (R&B 2024 8.1): a backfill approves as of the tournament's end,
    into a period already computed. Published as computed, the list refuses them rather
    than move them on (a review found one moved to its fourth list); computed again, it
    rates them."""
    following = list_after(period.list_date)
    every = list_every_months()
    return [t for t in tournaments if last_list_allowed(t.end_date, every) < following]


def _too_late_reason(tournament: Tournament, period: RatingPeriod, following: dt.date) -> str:
    """Why publication refuses ``tournament`` (``too_late_for_the_next_list``)."""
    last = last_list_allowed(tournament.end_date, list_every_months())
    clause = rules_for(tournament.category, tournament.start_date).lateness_clause
    return (
        f"Approved for the {period} after its computation, and the list published as "
        f"computed: the next list, of {following}, is after the third list following the "
        f"tournament's end on {tournament.end_date} ({last}), so it is not rated ({clause})."
    )


def reports_after_computation(period: RatingPeriod) -> QuerySet[Tournament]:
    """The tournaments a computation of this list would rate (``tournaments_to_rate``) that
    its computed run does not: their reports were approved after it started. Published as
    it is, the list leaves them to the next (interpretation 8); computed again, it rates
    them. Those outside the run are read first (``_outside_run``): asked in one statement,
    the planner took half the month's 30,000 to be outside it and read its million games
    to find which have any (0.3 s of the period page), where a handful need looking at."""
    return with_approved_games(Tournament.objects.filter(pk__in=_outside_run(period)))


def official_events_among(tournaments: Iterable[Tournament]) -> list[tuple[Tournament, str]]:
    """Those of ``tournaments`` that are official FIDE events under a rule set that rates
    them on a list even if they end on the last day before it, each with that clause
    (``official_event_clause``); the rule schedule read once for them all."""
    official = [tournament for tournament in tournaments if tournament.official_fide]
    schedule = rule_schedule() if official else ()  # read once, for them all
    clauses = [
        (
            tournament,
            official_event_clause(
                tournament, rules_for(tournament.category, tournament.start_date, schedule)
            ),
        )
        for tournament in official
    ]
    return [(tournament, clause) for tournament, clause in clauses if clause]


def _rated_on_this_list(period: RatingPeriod, late: list[Tournament]) -> bool:
    """Whether any of ``late``, approved for ``period``'s list after its computation, is to
    be rated on it all the same: an official FIDE event (``official_events_among``), or
    one the next list would rate too late (``too_late_for_the_next_list``)."""
    return bool(official_events_among(late) or too_late_for_the_next_list(period, late))


def _ready_outside_run() -> QuerySet[Tournament]:
    """For a period (``OuterRef``): the tournaments ready for its list, with approved
    games, that its computed run did not rate: beat asks it of every computed period in
    one query, and looks closer only at those that have one."""
    in_run = PeriodTournament.objects.filter(
        period=OuterRef(OuterRef("pk")),
        run=OuterRef(OuterRef("computed_run")),
        tournament=OuterRef("pk"),
    )
    return with_approved_games(
        Tournament.objects.filter(
            status=Tournament.Status.READY,
            category=OuterRef("category"),
            list_date=OuterRef("list_date"),
        ).exclude(Exists(in_run))
    )


#: What the computation reads of a player's record beside his games and his state: his
#: birth year (a junior's K: standard-2009 8.56, R&B 2024 7.3.3) and his association
#: (fewer games for a first rating: standard-2009 7.14g).
RECORD_FACTS_RATED = ("birth_year", "disability_association")


def players_edited_after_computation(period: RatingPeriod) -> QuerySet[Player]:
    """The players of the computed run whose record was edited after it, in what the
    computation reads (``RECORD_FACTS_RATED``): published as it is, the list would rate
    them by the record as it was (a review set a junior's birth year to 1990 and the
    preview went on showing K 40). Computed again, it takes the record as it is. From the
    run's claim: the inputs are read after it, so an edit during the computation may have
    come too late for them."""
    if period.claimed_at is None:
        return Player.objects.none()
    edited = _record_edits(after=period.claimed_at).values("object_id")
    in_run = PeriodResult.objects.filter(period=period, run=period.computed_run)
    return (
        Player.objects.filter(pk__in=edited)
        .filter(pk__in=in_run.values("player_id"))
        .order_by("name")
    )


def imports_after_computation(period: RatingPeriod) -> QuerySet[PlayerImport]:
    """The FIDE lists imported after the computed run was claimed that changed a record or
    a rating state: what the computation reads of a player (rating, games, the 2400 flag,
    birth year: standard-2009 8.56, R&B 2024 7.3.3) may have changed under the preview, as
    ``players_edited_after_computation`` names for the edits made by hand. An import is one
    transaction and writes nothing when it fails, so only those done count."""
    if period.claimed_at is None:
        return PlayerImport.objects.none()
    return _imports_done(after=period.claimed_at).order_by("finished_at")


def _record_edits(*, after: Any) -> QuerySet[AuditEntry]:
    """The edits by hand of what the computation reads of a player's record
    (``RECORD_FACTS_RATED``) made after ``after`` (a moment, or an expression of one)."""
    return AuditEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(Player),
        action="edited",
        at__gt=after,
        changes__has_any_keys=RECORD_FACTS_RATED,
    )


def _imports_done(*, after: Any) -> QuerySet[PlayerImport]:
    """The FIDE lists imported after ``after`` that changed a record or a rating state."""
    return PlayerImport.objects.filter(
        Q(players_updated__gt=0) | Q(ratings_written__gt=0),
        status=PlayerImport.Status.DONE,
        finished_at__gt=after,
    )


def records_changed_after_computation(periods: QuerySet[RatingPeriod]) -> QuerySet[RatingPeriod]:
    """Those of ``periods`` that ``players_edited_after_computation`` or
    ``imports_after_computation`` would name: their preview rates someone by a record or a
    state that has changed since, which the period page tells the administrator and beat,
    publishing on its own, would not see (a review: a junior's birth year corrected after
    the computation, and the list went out with his junior K 40). One query however many
    periods (beat asks of every computed one each round)."""
    in_run = PeriodResult.objects.filter(
        period=OuterRef(OuterRef("pk")),
        run=OuterRef(OuterRef("computed_run")),
        player_id=OuterRef("object_id"),
    )
    edited = _record_edits(after=OuterRef("claimed_at")).filter(Exists(in_run))
    return periods.filter(claimed_at__isnull=False).filter(
        Exists(edited) | Exists(_imports_done(after=OuterRef("claimed_at")))
    )


def _outside_run(period: RatingPeriod) -> list[int]:
    """The ids of the tournaments ready for this list that its computed run did not rate:
    usually a handful of a month's tens of thousands. Read on their own, so that the
    statements that look for their games (``with_approved_games``) know how few they are."""
    rated = _computed_run_tournaments(period)
    return list(period_tournaments_query(period).exclude(pk__in=rated).values_list("pk", flat=True))


def _computed_run_tournaments(period: RatingPeriod) -> QuerySet[PeriodTournament]:
    """The ids of the tournaments the period's computed run rated."""
    return PeriodTournament.objects.filter(period=period, run=period.computed_run).values_list(
        "tournament_id", flat=True
    )


def players_turning_inactive(period: RatingPeriod) -> QuerySet[RatingState]:
    """The listed players whom the publication of ``period`` flags inactive: rated and
    active, without a result in its computed run, their last rated game 12 months or more
    before the list (standard-2009 7.23a, R&B 2024 6.2.2; as ``STATES_SQL`` writes them),
    by name."""
    played = PeriodResult.objects.filter(
        period=period, run=period.computed_run, player_id=OuterRef("player_id")
    ).exclude(kind=PeriodResult.Kind.PENDING)
    return (
        RatingState.objects.filter(
            category=period.category,
            status=RatingStatus.RATED,
            rating__isnull=False,
            active=True,
            last_played__lte=inactive_before(period.list_date),
        )
        .exclude(Exists(played))
        .select_related("player")
        .order_by("player__name", "player__fide_id")
    )

"""``manage.py compute_period YYYY-MM --category C [--publish] [--json]``

Computes the list of the 1st of that month (DESIGN.md batch interface) through the same
service as the period page: with a broker the worker computes and this command waits;
without one the computation runs here. Acts with an administrator's authority: a period
still open is closed by the computation's claim (and stays open where none is started).
Bad input: exit status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import time
from typing import Any

from django.conf import settings
from django.db import transaction
from django.template.defaultfilters import pluralize
from django.utils import timezone

from lists.models import RatingPeriod
from lists.selectors import computed_results, period_results_json
from lists.services import (
    PeriodRefused,
    computation_refusal,
    period_compute_request,
    period_get_or_create,
    period_publish,
    publication_refusal,
)
from players.access import Actor
from players.management.batch import BatchCommand, bad_input
from tournaments.batch import batch_actor

COMMAND = "compute_period"


#: The years a list may be of: FIDE's first list is of 1971; the calendar's arithmetic
#: (closing dates, the lists after) stays within Python's dates (a review: 0001-01 ended
#: in an OverflowError).
LIST_YEARS = range(1970, 3000)


def list_date_argument(value: str) -> dt.date:
    """YYYY-MM names the list of the 1st of that month (two digits for the month)."""
    try:
        if not re.fullmatch(r"\d{4}-\d{2}", value):
            raise ValueError(value)
        list_date = dt.datetime.strptime(value, "%Y-%m").date()
    except ValueError:
        raise bad_input(f"{value}: not a month; write YYYY-MM") from None
    if list_date.year not in LIST_YEARS:
        raise bad_input(
            f"{value}: no list of that year; lists are of {LIST_YEARS[0]} to {LIST_YEARS[-1]}"
        )
    return list_date


#: The longest wait for the worker: a week (a computation takes minutes).
LONGEST_TIMEOUT = 7 * 24 * 3600


def timeout_argument(value: str) -> float:
    """Seconds to wait for the worker (argparse's type): from 0 (not at all) to
    ``LONGEST_TIMEOUT`` (a review: -5, nan and inf were taken, a wait never begun or never
    ended)."""
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value}: not a number of seconds") from None
    if not 0 <= seconds <= LONGEST_TIMEOUT:  # nan fails both
        raise argparse.ArgumentTypeError(
            f"{value}: give the seconds to wait, from 0 to {LONGEST_TIMEOUT}"
        )
    return seconds


class Command(BatchCommand):
    help = "Compute (and with --publish, publish) the rating list of a month."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("month", help="YYYY-MM: the list of the 1st of that month")
        parser.add_argument("--category", required=True, help="standard, rapid or blitz")
        parser.add_argument("--publish", action="store_true", help="publish when computed")
        parser.add_argument("--json", action="store_true", help="print one JSON document")
        parser.add_argument(
            "--timeout",
            type=timeout_argument,
            default=3600.0,
            help="seconds to wait for the worker",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        list_date = list_date_argument(options["month"])
        actor = batch_actor(COMMAND)
        try:
            # Refused before closing and computing it: a refused period stays as it was,
            # and one created for it is not kept (a review: a mistyped 1990-01 stayed on
            # the officers' periods for good, closed by the scheduler).
            with transaction.atomic():
                period = period_get_or_create(category=options["category"], list_date=list_date)
                # One beat (or the page) is computing now is waited for (a review: refused,
                # exit 2, while the docstring promised to wait).
                refusal = computation_refusal(period, closing=True)
                if refusal and period.status != RatingPeriod.Status.COMPUTING:
                    raise PeriodRefused(refusal)
                if options["publish"] and (
                    refusal := publication_refusal(period, timezone.localdate())
                ):
                    raise PeriodRefused(refusal)
            period = computation_requested(period, actor)
            period = wait_until_computed(period, options["timeout"])
            published = False
            entries = ""
            if options["publish"]:
                publication = period_publish(period=period, actor=actor, actor_label=COMMAND)
                published = True
                entries = (
                    f" {publication.entries} player{pluralize(publication.entries)} on the list;"
                )
        except PeriodRefused as refusal:
            raise bad_input(f"{options['month']}: {refusal}") from None
        period.refresh_from_db()
        if options["json"]:
            document = period_results_json(period)
            document["published"] = published
            self.stdout.write(json.dumps(document, ensure_ascii=False, indent=2))
        else:
            results = computed_results(period).count()
            self.stdout.write(
                f"{period}: {period.get_status_display().lower()};{entries} "
                f"{results} player{pluralize(results)} with a result, "
                f"{period.tournaments_count} tournament{pluralize(period.tournaments_count)}, "
                f"{period.games_count} game{pluralize(period.games_count)}."
            )


def computation_requested(period: RatingPeriod, actor: Actor) -> RatingPeriod:
    """The period's computation, asked for; where beat's round claimed the period closed
    a moment ago (its computation running now), that one, which the command then waits
    for."""
    try:
        return period_compute_request(period=period, actor=actor, actor_label=COMMAND, closing=True)
    except PeriodRefused:
        period.refresh_from_db()
        if period.status != RatingPeriod.Status.COMPUTING:
            raise
        return period


def wait_until_computed(period: RatingPeriod, timeout: float) -> RatingPeriod:
    """Poll the period until the worker has finished (at once in eager mode)."""
    deadline = time.monotonic() + timeout
    while True:
        period.refresh_from_db()
        if period.status == RatingPeriod.Status.COMPUTED:
            return period
        if period.status == RatingPeriod.Status.FAILED:
            raise PeriodRefused(f"the computation failed: {period.failure_reason}")
        if time.monotonic() > deadline or settings.CELERY_TASK_ALWAYS_EAGER:
            raise PeriodRefused(
                f"still {period.get_status_display().lower()} after {timeout:.0f} s "
                f"({period.progress_done}/{period.progress_total} players)"
            )
        time.sleep(0.2)

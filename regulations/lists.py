"""Which rating list a tournament is rated on (DESIGN.md interpretation 8).

Lists are published on the 1st of a month (standard-2009 7.3, R&B 2024 6.1); a tournament
is rated on the first list whose closing date (standard-2009 7.13: 7 days before; R&B 2024
6.1.3: 3 days before) is on or after its end date and whose period was still open when
its report was approved. An official FIDE event may end on the last day before the list
date and still be rated on it (standard-2009 7.13, R&B 2024 6.1.3): its period takes its
report until the list is out. A report that would not be rated by the third list after the
tournament ended is refused (R&B 2024 8.1, pre-2024 8.1).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from regulations.calendar import add_months
from regulations.errors import RegulationError

#: The lists after a tournament's end within which it must be rated (R&B 2024 8.1).
LISTS_ALLOWED = 3
LATENESS_CLAUSE = "R&B 2024 8.1"

ClosingDate = Callable[[dt.date], dt.date]


class TooLateToRate(RegulationError):
    """The report would be rated after the third list following the tournament's end."""


def is_list_date(day: dt.date, every_months: int = 1) -> bool:
    """Lists fall on the 1st of every ``every_months``-th month from January (monthly
    since standard-2009 7.3; every two months under 7.11's table)."""
    return day.day == 1 and (day.month - 1) % every_months == 0


def next_list_date(day: dt.date, every_months: int = 1) -> dt.date:
    """The first list date on or after ``day``."""
    candidate = day if day.day == 1 else add_months(day.replace(day=1), 1)
    while not is_list_date(candidate, every_months):
        candidate = add_months(candidate, 1)
    return candidate


def first_list_closing_on_or_after(
    day: dt.date, closing_date: ClosingDate, every_months: int = 1
) -> dt.date:
    """The first list whose closing date is on or after ``day`` (standard-2009 7.13:
    tournaments ending before or on that day are rated on the list)."""
    candidate = next_list_date(day, every_months)
    while closing_date(candidate) < day:
        candidate = next_list_date(candidate + dt.timedelta(days=1), every_months)
    return candidate


def next_open_list(
    day: dt.date,
    closing_date: ClosingDate,
    every_months: int = 1,
    list_out: Callable[[dt.date], bool] | None = None,
    until: dt.date | None = None,
) -> dt.date:
    """The first list closing on or after ``day`` whose period still takes reports
    (``list_out`` false for it), looked for up to ``until`` (interpretation 8)."""
    chosen = first_list_closing_on_or_after(day, closing_date, every_months)
    while list_out is not None and (until is None or chosen <= until) and list_out(chosen):
        chosen = next_list_date(chosen + dt.timedelta(days=1), every_months)
    return chosen


def first_list_taking(
    end_date: dt.date,
    approved_on: dt.date,
    closing_date: ClosingDate,
    every_months: int = 1,
    list_out: Callable[[dt.date], bool] | None = None,
    *,
    open_until_out: bool = False,
    until: dt.date | None = None,
) -> dt.date:
    """The first list that takes a report approved on ``approved_on`` of a tournament that
    ended on ``end_date``: closing on or after both, its period still open (``list_out``
    false for it; interpretation 8). With ``open_until_out`` (an official FIDE event, which
    may end on the last day before the list date: standard-2009 7.13, R&B 2024 6.1.3), the
    first closing on or after its end that is not out, its date not gone by at the
    approval: the period takes the report until its list is out, and a list whose date has
    passed unpublished is no list for it (the empty registry of a new federation has none
    out, and an official event of 1901 would have been given the list of 1902)."""
    if not open_until_out:
        earliest = max(end_date, approved_on)
        return next_open_list(earliest, closing_date, every_months, list_out, until)

    def not_taking(list_date: dt.date) -> bool:
        return list_date < approved_on or (list_out is not None and list_out(list_date))

    return next_open_list(end_date, closing_date, every_months, not_taking, until)


#: The coming lists whose periods exist ahead of time; no list further ahead is made or
#: imported (a slip of the pen, once out, would bar the lists before it).
LISTS_AHEAD = 3


def furthest_list(today: dt.date, every_months: int = 1) -> dt.date:
    """The last of the ``LISTS_AHEAD`` coming lists."""
    list_date = next_list_date(today, every_months)
    for _ in range(LISTS_AHEAD - 1):
        list_date = next_list_date(list_date + dt.timedelta(days=1), every_months)
    return list_date


@dataclass(frozen=True)
class ListAssignment:
    """The list a tournament is rated on, its closing date, and the last list allowed."""

    list_date: dt.date
    closing_date: dt.date
    last_list_allowed: dt.date


def last_list_allowed(end_date: dt.date, every_months: int = 1) -> dt.date:
    """The third list dated after a tournament that ended on ``end_date``: the last that
    may rate it (R&B 2024 8.1: "If the tournament report is not submitted in time to be
    included in the third rating list after it ends, the tournament will not be rated")."""
    last_allowed = next_list_date(end_date + dt.timedelta(days=1), every_months)
    for _ in range(LISTS_ALLOWED - 1):
        last_allowed = next_list_date(last_allowed + dt.timedelta(days=1), every_months)
    return last_allowed


def rating_list_for(
    *,
    end_date: dt.date,
    approved_on: dt.date,
    closing_date: ClosingDate,
    every_months: int = 1,
    list_out: Callable[[dt.date], bool] | None = None,
    lateness_clause: str = LATENESS_CLAUSE,
    open_until_out: bool = False,
) -> ListAssignment:
    """The list of a tournament that ended on ``end_date`` and whose report was approved on
    ``approved_on``: a period is open through its closing date and while its list is not
    out (``list_out``: published already, a period closed early), so a report approved
    after it goes to the next list; later than the third list after the end it is
    refused. The lists are counted from the first one dated after the end, as R&B 2024 8.1
    reads ("the third rating list after it ends"), whether or not its period closed before
    the end (a review: a rapid event ended on 30 November, after the December list's
    closing date, was taken until 1 March, its fourth list, called its third).

    ``open_until_out``: the period takes the report until its list is out, an official
    FIDE event's, which may end after the closing date, on the last day before the list
    (standard-2009 7.13, R&B 2024 6.1.3), and so is approved after it
    (``first_list_taking``)."""
    last_allowed = last_list_allowed(end_date, every_months)
    chosen = first_list_taking(
        end_date, approved_on, closing_date, every_months, list_out,
        open_until_out=open_until_out, until=last_allowed,
    )  # fmt: skip
    if chosen > last_allowed:
        raise TooLateToRate(
            lateness_clause,
            # "At the earliest": the search stops past the last list allowed, so a later
            # one may be out too (a review read a list whose period had closed).
            f"The tournament ended on {end_date}; a report approved on {approved_on} would be "
            f"rated on the list of {chosen} at the earliest, after the third list following "
            f"its end ({last_allowed}, closing {closing_date(last_allowed)}), so it is not "
            "rated.",
        )
    return ListAssignment(chosen, closing_date(chosen), last_allowed)

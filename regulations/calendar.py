"""Calendar arithmetic the regulations use: months back, list dates, closing dates."""

from __future__ import annotations

import calendar
import datetime as dt


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day ``months`` later (or earlier when negative), clamped to the month's end:
    one month before 31 March is 28 (29) February."""
    month_index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(month_index, 12)
    last_day = calendar.monthrange(year, month + 1)[1]
    return dt.date(year, month + 1, min(day.day, last_day))


def list_date_on_or_after(day: dt.date) -> dt.date:
    """The first monthly list date (the 1st of a month) on or after ``day``
    (R&B 2024 6.1, standard-2009 7.3: lists on the first day of each month)."""
    if day.day == 1:
        return day
    return add_months(day.replace(day=1), 1)


def days_before(day: dt.date, days: int) -> dt.date:
    return day - dt.timedelta(days=days)

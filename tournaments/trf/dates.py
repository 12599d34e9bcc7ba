"""Dates in TRF files: kept raw, read best effort (trf16.md §2, §3, §7.9).

TRF16 fixes no date format. Seen in practice: `2011/07/02`, `25.02.2011`, `10.09.13`,
`2024-08-01`, `May 10, 2020`, `28. 07. 2005`, `24/09/2010`, `25/09/17`, year-only birth
dates (`1978`, `1978/00/00`) and placeholders (`0000/00/00`, `.  .`).

Two-digit forms (`10.09.13`) are the hard case: the nominal 132 format is YY/MM/DD, but
one producer writes YY.DD.MM and others may mean DD.MM.YY. They are therefore resolved
for the whole file at once (`read_event_dates`): the first reading order under which
every two-digit date of the file is a real date and the round dates are consistent with
each other and with the four-digit start and end dates wins. The start and end dates
(042, 052) may be written in one order and the round dates (132) in another: a file read
whole in one order only when a day is taken for a year is read so.
"""

from __future__ import annotations

import datetime
import enum
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TrfDate:
    """A date as written (`raw`) plus what it was read as.

    `value` is the full date when one could be read; `year` is its year, or the year
    alone for year-only dates (`1978`, `1978/00/00`); both are None for blank,
    placeholder or unreadable dates.
    """

    raw: str = ""
    value: datetime.date | None = None
    year: int | None = None

    def __str__(self) -> str:
        return self.raw

    @property
    def as_read(self) -> str:
        """The date as written, and as read where its order is not plain from it
        (``17.11.26 (read as 2017-11-26)``): a message that quotes a misread date alone
        reads as nonsense. A date written year first is quoted as written."""
        if self.value is None or _YEAR_FIRST.fullmatch(self.raw.strip()):
            return self.raw
        return f"{self.raw} (read as {self.value.isoformat()})"


BLANK_DATE = TrfDate()


class Order(enum.StrEnum):
    """The reading order of a date whose three parts have two digits each."""

    YMD = "YY.MM.DD"
    DMY = "DD.MM.YY"
    YDM = "YY.DD.MM"


# Preference when several orders fit: the 132 nominal format first (trf16.md §2).
ORDERS = (Order.YMD, Order.DMY, Order.YDM)

_PLACEHOLDER = re.compile(r"[\s./\-0]*")
_YEAR_FIRST = re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})")
_YEAR_LAST = re.compile(r"(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*[-/.]\s*(\d{4})")
_SHORT = re.compile(r"(\d{2})\s*[-/.]\s*(\d{2})\s*[-/.]\s*(\d{2})")
_YEAR_ONLY = re.compile(r"\d{4}")
_MONTH_FIRST = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_FIRST = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
# Round dates may precede the start date or follow the end date a little (late entries,
# typing slips); further than this and a reading order is considered wrong.
_SLACK = datetime.timedelta(days=7)
#: Longer than any event is rated in one report (a league's season included): a reading
#: order that puts a start this far before its end took a day for a year (17.11.24 read
#: as 2017-11-24 beside 25.11.24 read as 2025-11-24: a review).
_LONGEST_EVENT = datetime.timedelta(days=366)


@dataclass(frozen=True)
class _Reading:
    """What one raw date was read as, before it becomes a TrfDate."""

    value: datetime.date | None = None
    year: int | None = None
    problem: str | None = None
    ambiguous: bool = False

    def as_date(self, raw: str) -> TrfDate:
        """The TrfDate for `raw` as read here."""
        year = self.value.year if self.value else self.year
        return TrfDate(raw, self.value, year)


#: The years a date of a report may have: the arithmetic on an event's dates (a closing
#: date a week before a list, the third list after its end) must stay within the
#: calendar, where 0001/01/01 and 9999/12/31 each overflowed it (a review).
YEARS = range(1900, 2200)
_OUT_OF_YEARS = f"is not between the years {YEARS[0]} and {YEARS[-1]}"


def _make_date(year: int, month: int, day: int) -> datetime.date | None:
    """The date, or None when the parts do not form one."""
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _within_years(reading: _Reading) -> _Reading:
    """``reading``, or a problem where its year is outside ``YEARS``."""
    year = reading.value.year if reading.value else reading.year
    if year is not None and year not in YEARS:
        return _Reading(problem=_OUT_OF_YEARS)
    return reading


def _century(two_digits: int) -> int:
    """Four-digit year for a two-digit one (TRF 132 dates are this century or late 1900s)."""
    return 2000 + two_digits if two_digits < 70 else 1900 + two_digits


def _read_year_first(match: re.Match[str]) -> _Reading:
    """`YYYY/MM/DD` and kin; `YYYY/00/00` means the year alone (trf16.md §3)."""
    year, month, day = (int(g) for g in match.groups())
    if year == 0:
        return _Reading(problem="has year 0000")
    if month == 0 or day == 0:
        return _Reading(year=year)
    value = _make_date(year, month, day)
    return _Reading(value) if value else _Reading(problem="is not a real date")


def _read_year_last(match: re.Match[str]) -> _Reading:
    """`25.02.2011`, `28. 07. 2005` (dots: day first), `24/09/2010` (day or month first).

    A zero day or month (`00/00/1978`, `00.00.1978`) means the year alone, as `1978/00/00`
    does year first (trf16.md §3 birth date).
    """
    first, separator, second, year = (
        int(match.group(1)),
        match.group(2),
        int(match.group(3)),
        int(match.group(4)),
    )
    if year and (first == 0 or second == 0):
        return _Reading(year=year)
    month_first = separator != "." and second > 12 >= first
    ambiguous = separator != "." and first <= 12 and second <= 12 and first != second
    value = _make_date(year, first, second) if month_first else _make_date(year, second, first)
    if value is None:
        return _Reading(problem="is not a real date")
    return _Reading(value, ambiguous=ambiguous)


def _read_named_month(month_name: str, day: str, year: str) -> _Reading:
    """`May 10, 2020` / `10 May 2020`: English month names, as lichess writes them."""
    month = _MONTHS.get(month_name.lower())
    value = _make_date(int(year), month, int(day)) if month else None
    return _Reading(value) if value else _Reading(problem="is not a real date")


def _read_long(text: str) -> _Reading:
    """Read every form except the two-digit one (`_SHORT`, resolved per file), within
    ``YEARS``."""
    return _within_years(_read_long_form(text))


def _read_long_form(text: str) -> _Reading:
    if _PLACEHOLDER.fullmatch(text):
        return _Reading()
    if match := _YEAR_FIRST.fullmatch(text):
        return _read_year_first(match)
    if match := _YEAR_LAST.fullmatch(text):
        return _read_year_last(match)
    if match := _MONTH_FIRST.fullmatch(text):
        return _read_named_month(*match.groups())
    if match := _DAY_FIRST.fullmatch(text):
        day, month_name, year = match.groups()
        return _read_named_month(month_name, day, year)
    if _YEAR_ONLY.fullmatch(text):
        return _Reading(year=int(text))
    return _Reading(problem="cannot be read as a date")


def is_two_digit_date(raw: str) -> bool:
    """Whether ``raw`` is a date of two-digit parts (YY/MM/DD in TRF16, §2 "132 layout")."""
    return _SHORT.fullmatch(raw.strip()) is not None


def read_birth_date(raw: str) -> tuple[TrfDate, tuple[str, str] | None]:
    """A birth date (001 cols 70-79) and a problem (code, description), if any (§3).

    Two-digit years are not guessed: a birth century cannot be inferred.
    """
    text = raw.strip()
    if _SHORT.fullmatch(text):
        return TrfDate(text), ("invalid-date", "has a two-digit year, so the century is unknown")
    reading = _read_long(text)
    if reading.problem:
        return reading.as_date(text), ("invalid-date", reading.problem)
    if reading.ambiguous:
        problem = "could be day/month or month/day; read as day/month"
        return reading.as_date(text), ("ambiguous-date", problem)
    return reading.as_date(text), None


# ------------------------------------------------------------ event dates (042, 052, 132)

Slot = str | int  # "start", "end", or the 0-based index of a round date


@dataclass(frozen=True)
class EventDates:
    """Start, end and round dates of one file, read together."""

    start: TrfDate
    end: TrfDate
    rounds: tuple[TrfDate, ...]
    order: Order | None = None  # reading order of the two-digit dates, if any
    #: The start's and end's (042, 052) where they were read in another order than 132's.
    header_order: Order | None = None
    ambiguous: bool = False  # several orders fit and give different dates
    problems: dict[Slot, tuple[str, str]] = field(default_factory=dict)  # (code, text)


def _short_value(parts: tuple[int, int, int], order: Order) -> datetime.date | None:
    """The date two-digit `parts` denote when read in `order`."""
    first, second, third = parts
    if order is Order.YMD:
        return _make_date(_century(first), second, third)
    if order is Order.DMY:
        return _make_date(_century(third), second, first)
    return _make_date(_century(first), third, second)


def _consistent(values: dict[Slot, datetime.date], count: int) -> bool:
    """Round dates never go backwards and sit within the event's start and end dates, and
    the event lasts at most ``_LONGEST_EVENT``."""
    start, end = values.get("start"), values.get("end")
    if start and end and not start <= end <= start + _LONGEST_EVENT:
        return False
    rounds = [values[i] for i in range(count) if i in values]
    if any(later < earlier for earlier, later in itertools.pairwise(rounds)):
        return False
    low = start - _SLACK if start else datetime.date.min
    high = end + _SLACK if end else datetime.date.max
    return all(low <= day <= high for day in rounds)


def _try_order(
    orders: tuple[Order, Order],
    short: dict[Slot, tuple[int, int, int]],
    known: dict[Slot, datetime.date],
    count: int,
) -> dict[Slot, datetime.date] | None:
    """Values of the two-digit dates under `orders` (the round dates', the start's and
    end's), or None if they do not fit."""
    rounds, headers = orders
    values = {
        slot: _short_value(parts, rounds if isinstance(slot, int) else headers)
        for slot, parts in short.items()
    }
    if any(value is None for value in values.values()):
        return None
    merged = {**known, **values}
    return values if _consistent(merged, count) else None  # type: ignore[arg-type]


def _fallback(short: dict[Slot, tuple[int, int, int]]) -> dict[Slot, datetime.date | None]:
    """No order fits the whole file: read each date in the first order that gives a date."""
    chosen: dict[Slot, datetime.date | None] = {}
    for slot, parts in short.items():
        chosen[slot] = next((v for o in ORDERS if (v := _short_value(parts, o)) is not None), None)
    return chosen


def read_event_dates(start_raw: str, end_raw: str, round_raws: Sequence[str]) -> EventDates:
    """Read 042, 052 and the 132 dates together, resolving two-digit dates per file."""
    raws: dict[Slot, str] = {"start": start_raw.strip(), "end": end_raw.strip()}
    raws.update({index: raw.strip() for index, raw in enumerate(round_raws)})
    short: dict[Slot, tuple[int, int, int]] = {}
    readings: dict[Slot, _Reading] = {}
    for slot, text in raws.items():
        if match := _SHORT.fullmatch(text):
            short[slot] = (int(match.group(1)), int(match.group(2)), int(match.group(3)))
        else:
            readings[slot] = _read_long(text)
    _settle_day_month(readings, raws)
    known = {slot: r.value for slot, r in readings.items() if r.value is not None}
    orders, ambiguous, values = _resolve(short, known, len(round_raws))
    for slot, value in values.items():
        readings[slot] = _Reading(value) if value else _Reading(problem="is not a real date")
    problems = {slot: ("invalid-date", r.problem) for slot, r in readings.items() if r.problem}
    problems.update(
        {
            slot: ("ambiguous-date", "could be day/month or month/day; read as day/month")
            for slot, r in readings.items()
            if r.ambiguous
        }
    )
    return EventDates(
        start=readings["start"].as_date(raws["start"]),
        end=readings["end"].as_date(raws["end"]),
        rounds=tuple(readings[i].as_date(raws[i]) for i in range(len(round_raws))),
        order=orders[0] if orders else None,
        header_order=orders[1] if orders and orders[1] is not orders[0] else None,
        ambiguous=ambiguous,
        problems=problems,
    )


def _settle_day_month(readings: dict[Slot, _Reading], raws: dict[Slot, str]) -> None:
    """`02/10/2010` is ambiguous alone, not beside `24/09/2010`: follow the file's evidence.

    When the file's other slash dates show only day-first (or only month-first) order,
    the ambiguous ones are read the same way and are no longer ambiguous.
    """
    evidence = set()
    for slot, reading in readings.items():
        match = _YEAR_LAST.fullmatch(raws[slot])
        if match and match.group(2) != "." and not reading.ambiguous and reading.value:
            first, second = int(match.group(1)), int(match.group(3))
            if first != second:
                evidence.add("DMY" if first > 12 else "MDY" if second > 12 else "")
    evidence.discard("")
    if len(evidence) != 1:
        return
    month_first = evidence == {"MDY"}
    for slot, reading in readings.items():
        match = _YEAR_LAST.fullmatch(raws[slot])
        if reading.ambiguous and match:
            first, second, year = int(match.group(1)), int(match.group(3)), int(match.group(4))
            value = _make_date(year, first, second) if month_first else reading.value
            readings[slot] = _Reading(value)


def _resolve(
    short: dict[Slot, tuple[int, int, int]],
    known: dict[Slot, datetime.date],
    count: int,
) -> tuple[tuple[Order, Order] | None, bool, dict[Slot, datetime.date | None]]:
    """Choose the reading orders of the two-digit dates, the round dates' and the start's
    and end's: (orders, ambiguous, values). One order for the whole file where one fits;
    two only where none does."""
    if not short:
        return None, False, {}
    for candidates in (_SAME_ORDERS, _MIXED_ORDERS):
        fitting = {
            o: v for o in candidates if (v := _try_order(o, short, known, count)) is not None
        }
        if fitting:
            orders = next(iter(fitting))
            distinct = {tuple(sorted(v.items(), key=_slot_key)) for v in fitting.values()}
            return orders, len(distinct) > 1, dict(fitting[orders])
    return None, False, _fallback(short)


_SAME_ORDERS = [(order, order) for order in ORDERS]
_MIXED_ORDERS = [(rounds, headers) for rounds in ORDERS for headers in ORDERS if rounds != headers]


def _slot_key(item: tuple[Slot, object]) -> tuple[int, str]:
    """Sort key mixing the named and the numbered slots."""
    slot = item[0]
    return (slot, "") if isinstance(slot, int) else (-1, slot)

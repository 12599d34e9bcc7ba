"""Which list a tournament is rated on (DESIGN.md interpretation 8): hand-computed dates."""

from __future__ import annotations

import datetime as dt
from functools import partial

import pytest

from regulations.lists import TooLateToRate, next_list_date, rating_list_for
from regulations.online_arena import RULES as ONLINE
from regulations.rapid_blitz_2024 import RULES as RAPID
from regulations.rapid_blitz_pre2024 import RULES as RAPID_PRE2024
from regulations.standard_1994 import RULES as STANDARD_1994
from regulations.standard_2009 import RULES as STANDARD

D = dt.date


def standard(end, approved, every_months=1):
    return rating_list_for(
        end_date=end,
        approved_on=approved,
        closing_date=STANDARD.closing_date,
        every_months=every_months,
    )


@pytest.mark.parametrize(
    ("end", "approved", "list_date"),
    [
        (D(2026, 11, 20), D(2026, 11, 21), D(2026, 12, 1)),  # 1 Dec closes 24 Nov
        (D(2026, 11, 24), D(2026, 11, 24), D(2026, 12, 1)),  # ending on the closing day
        (D(2026, 11, 25), D(2026, 11, 25), D(2027, 1, 1)),  # a day later: next list
        (D(2026, 11, 20), D(2026, 11, 25), D(2027, 1, 1)),  # approved after 1 Dec closed
        (D(2026, 12, 28), D(2026, 12, 29), D(2027, 2, 1)),  # 1 Jan closes 25 Dec
    ],
)
def test_a_standard_tournament_goes_to_the_first_list_closing_after_end_and_approval(
    end, approved, list_date
):
    """standard-2009 7.13: the closing date is 7 days before the list; ending before or on
    it, the tournament is on the list; a period closed at approval means the next one."""
    assert standard(end, approved).list_date == list_date


def test_rapid_and_blitz_close_three_days_before_the_list():
    """R&B 2024 6.1.3: 1 Dec closes 28 Nov."""
    rapid = {"closing_date": RAPID.closing_date, "approved_on": D(2026, 11, 28)}
    assert rating_list_for(end_date=D(2026, 11, 28), **rapid).list_date == D(2026, 12, 1)
    assert rating_list_for(end_date=D(2026, 11, 29), approved_on=D(2026, 11, 29),
                           closing_date=RAPID.closing_date).list_date == D(2027, 1, 1)  # fmt: skip


def test_online_games_are_on_the_next_list():
    assert rating_list_for(
        end_date=D(2026, 11, 30), approved_on=D(2026, 11, 30), closing_date=ONLINE.closing_date
    ).list_date == D(2026, 12, 1)


def test_a_report_is_rated_at_the_latest_on_the_third_list_after_the_end():
    """R&B 2024 8.1: ended 20 Nov 2026: lists 1 Dec, 1 Jan, 1 Feb. Approved on 25 Jan (the
    closing day of 1 Feb) it is in time; a day later it would go to 1 Mar and is refused
    with the reason."""
    assert standard(D(2026, 11, 20), D(2027, 1, 25)).list_date == D(2027, 2, 1)
    with pytest.raises(TooLateToRate) as refused:
        standard(D(2026, 11, 20), D(2027, 1, 26))
    assert refused.value.clause == "R&B 2024 8.1"
    assert (
        "list of 2027-03-01 at the earliest, after the third list following its end "
        "(2027-02-01" in str(refused.value)
    )


def test_the_third_list_is_counted_from_the_end_not_from_the_first_list_open_to_it():
    """R&B 2024 8.1, "the third rating list after it ends": a rapid event ended on 30
    November 2026, after 1 December's closing date (28 November), is rated on 1 January at
    the earliest; the lists after its end are 1 December, 1 January and 1 February, so a
    report approved after 1 February's closing date (29 January) is refused. A review
    found it taken for 1 March, its fourth."""

    def rapid(approved):
        return rating_list_for(
            end_date=D(2026, 11, 30), approved_on=approved, closing_date=RAPID.closing_date
        )

    assert rapid(D(2026, 11, 30)).list_date == D(2027, 1, 1)
    assert rapid(D(2027, 1, 29)).list_date == D(2027, 2, 1)
    assert rapid(D(2027, 1, 29)).last_list_allowed == D(2027, 2, 1)
    with pytest.raises(TooLateToRate, match=r"third list following its end \(2027-02-01"):
        rapid(D(2027, 1, 30))


def test_lists_every_two_months_skip_the_even_months():
    """standard-2009 7.11's table: lists on 1 January, March, May, July, September,
    November."""
    assert next_list_date(D(2026, 11, 20), every_months=2) == D(2027, 1, 1)
    assert standard(D(2026, 11, 20), D(2026, 11, 21), every_months=2).list_date == D(2027, 1, 1)
    assert standard(D(2026, 12, 28), D(2026, 12, 28), every_months=2).list_date == D(2027, 3, 1)


def test_the_closing_date_of_a_leap_year_march_list():
    assert standard(D(2028, 2, 23), D(2028, 2, 23)).closing_date == D(2028, 2, 23)
    assert standard(D(2028, 2, 24), D(2028, 2, 24)).list_date == D(2028, 4, 1)


def test_a_list_already_out_takes_no_more_reports():
    """Interpretation 8: "whose period was still open when its report was approved". Ended
    20 Nov 2026 and approved the same day, the report would go on 1 Dec; that list is out
    already (published after a period closed early), so 1 Jan. With 1 Jan out as well, 1
    Feb, the third list; with that one out too it is refused (R&B 2024 8.1)."""
    out: set[dt.date] = {D(2026, 12, 1)}

    def assigned(end, approved):
        return rating_list_for(
            end_date=end, approved_on=approved, closing_date=STANDARD.closing_date,
            list_out=out.__contains__,
        )  # fmt: skip

    assert assigned(D(2026, 11, 20), D(2026, 11, 20)).list_date == D(2027, 1, 1)
    out.add(D(2027, 1, 1))
    assert assigned(D(2026, 11, 20), D(2026, 11, 20)).list_date == D(2027, 2, 1)
    out.add(D(2027, 2, 1))
    with pytest.raises(TooLateToRate, match="list of 2027-03-01 at the earliest"):
        assigned(D(2026, 11, 20), D(2026, 11, 20))
    # 1 March out as well: the search ends at the last list allowed, and says no more than
    # "at the earliest" of the list after it (a review read a list closed already).
    out.add(D(2027, 3, 1))
    with pytest.raises(TooLateToRate, match="list of 2027-03-01 at the earliest"):
        assigned(D(2026, 11, 20), D(2026, 11, 20))


@pytest.mark.parametrize(
    ("rules", "official", "closing"),
    [
        (STANDARD, False, D(2026, 11, 24)),  # standard-2009 7.13: 7 days before
        (STANDARD, True, D(2026, 11, 30)),  # its second paragraph: the last day before
        (RAPID, False, D(2026, 11, 28)),  # R&B 2024 6.1.3: 3 days before
        (RAPID, True, D(2026, 11, 30)),  # its second sentence
        (STANDARD_1994, True, D(2026, 11, 24)),  # the excerpt says nothing of it
        (RAPID_PRE2024, True, D(2026, 11, 28)),  # nor does this one
        (ONLINE, True, D(2026, 11, 30)),  # every game before the list is on it anyway
    ],
)
def test_an_official_fide_event_may_end_on_the_last_day_before_the_list(rules, official, closing):
    """standard-2009 7.13: "Official competitions as listed in the FIDE Handbook are rated
    on the list even if they end on the last day before the list date"; R&B 2024 6.1.3 the
    same with "may be rated". The list of 1 December 2026."""
    assert rules.event_closing_date(D(2026, 12, 1), official_event=official) == closing


def test_an_official_fide_events_list_takes_its_report_until_the_list_is_out():
    """standard-2009 7.13 with interpretation 8: a European championship ending on 30
    November 2026, the day before the list of 1 December, is rated on it. Its report can
    only be approved after that list's closing date (24 November), so the period takes it
    until the list is out: approved on 1 December, the list not out yet, it is on the list
    of 1 December; with that list out, or its date gone by unpublished, on 1 January. An
    ordinary event ending that day goes to 1 January whenever it is approved."""
    out: set[dt.date] = set()

    def assigned(official: bool, approved: dt.date) -> dt.date:
        return rating_list_for(
            end_date=D(2026, 11, 30), approved_on=approved,
            closing_date=partial(STANDARD.event_closing_date, official_event=official),
            list_out=out.__contains__, open_until_out=official,
        ).list_date  # fmt: skip

    assert assigned(True, D(2026, 11, 30)) == D(2026, 12, 1)
    assert assigned(True, D(2026, 12, 1)) == D(2026, 12, 1)
    assert assigned(False, D(2026, 11, 30)) == D(2027, 1, 1)
    assert assigned(True, D(2026, 12, 2)) == D(2027, 1, 1)  # its date gone by
    out.add(D(2026, 12, 1))
    assert assigned(True, D(2026, 12, 1)) == D(2027, 1, 1)
    # The third list after its end bars it like any other report (R&B 2024 8.1).
    out |= {D(2027, 1, 1), D(2027, 2, 1)}
    with pytest.raises(TooLateToRate, match="after the third list following its end"):
        assigned(True, D(2027, 1, 30))


def test_an_official_fide_event_of_long_ago_is_too_late_where_no_list_is_out():
    """A new federation's registry has no list out. An official event that ended in 1901
    is not given the list of 1902, which was never published here: its date went by before
    the approval, and the third list after its end too (R&B 2024 8.1)."""
    with pytest.raises(TooLateToRate, match="after the third list following its end"):
        rating_list_for(
            end_date=D(1901, 5, 1), approved_on=D(2026, 11, 30),
            closing_date=partial(STANDARD.event_closing_date, official_event=True),
            open_until_out=True,
        )  # fmt: skip

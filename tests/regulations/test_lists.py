"""Which list a tournament is rated on (DESIGN.md interpretation 8): hand-computed dates."""

from __future__ import annotations

import datetime as dt

import pytest

from regulations.lists import TooLateToRate, next_list_date, rating_list_for
from regulations.online_arena import RULES as ONLINE
from regulations.rapid_blitz_2024 import RULES as RAPID
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

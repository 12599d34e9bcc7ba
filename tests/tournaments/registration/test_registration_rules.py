"""The registration's checks: each rule with its clause, failing and at its boundary.

The rule set is the one in force at the start (standard-2009 from 2009-07-01, R&B 2024 from
2024-01-01; the effective dates are the RuleSetSchedule rows administrators keep).
"""

from __future__ import annotations

import datetime as dt

import pytest

from tests.tournaments.registration.factories import (
    BlitzDataFactory,
    RapidDataFactory,
    RegistrationDataFactory,
    daily,
)
from tournaments.models import RuleSetSchedule
from tournaments.registration import registration_violations, violation_text
from tournaments.selectors import rule_schedule, rules_for

pytestmark = pytest.mark.django_db


def errors(data) -> dict[str, list[str]]:
    return {
        field: [violation_text(v) for v in violations]
        for field, violations in registration_violations(data).items()
    }


def test_a_standard_registration_in_order_has_no_errors():
    assert errors(RegistrationDataFactory()) == {}


# -- rate of play -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("highest_rating", "base_minutes", "increment_seconds"),
    [(2200, 90, 29), (1600, 60, 29), (None, 30, 29), (2500, 119, 0)],
)
def test_a_standard_rate_below_the_minimum_for_the_highest_rating_cites_1_1(
    highest_rating, base_minutes, increment_seconds
):
    data = RegistrationDataFactory(
        highest_rating=highest_rating,
        base_minutes=base_minutes,
        increment_seconds=increment_seconds,
    )
    (message,) = errors(data)["base_minutes"]
    assert message.startswith("standard-2009 1.1:")
    assert "minutes for 60 moves" in message


@pytest.mark.parametrize(
    ("highest_rating", "base_minutes", "increment_seconds"),
    [(2200, 90, 30), (2200, 120, 0), (2199, 90, 0), (1600, 60, 30), (1599, 60, 0), (None, 30, 30)],
)
def test_a_standard_rate_at_the_minimum_for_the_highest_rating_passes(
    highest_rating, base_minutes, increment_seconds
):
    data = RegistrationDataFactory(
        highest_rating=highest_rating,
        base_minutes=base_minutes,
        increment_seconds=increment_seconds,
    )
    assert "base_minutes" not in errors(data)


def test_a_first_time_control_not_at_move_40_cites_1_3():
    data = RegistrationDataFactory(base_minutes=90, moves=30, extra_minutes=30)
    assert errors(data) == {
        "moves": [
            "standard-2009 1.3: The first time control is at move 30; where a number of moves "
            "is specified it shall be 40."
        ]
    }


def test_a_first_time_control_at_move_40_passes():
    assert errors(RegistrationDataFactory(base_minutes=90, moves=40, extra_minutes=30)) == {}


def test_a_rapid_registration_at_a_standard_rate_cites_rapid_blitz_2024_1_1():
    data = RapidDataFactory(start_date=dt.date(2025, 3, 1), base_minutes=90, increment_seconds=30)
    assert errors(data) == {
        "base_minutes": [
            "R&B 2024 1.1: 90 min + 30 s/move gives 120 minutes for 60 moves; a rapid game "
            "needs more than 10 and less than 60."
        ]
    }


@pytest.mark.parametrize(
    ("factory", "base_minutes", "increment_seconds", "accepted"),
    [
        (RapidDataFactory, 10, 0, False),  # "more than 10 minutes"
        (RapidDataFactory, 10, 1, True),
        (RapidDataFactory, 59, 0, True),
        (RapidDataFactory, 60, 0, False),  # "less than 60 minutes"
        (RapidDataFactory, 45, 15, False),  # 45 + 15 = 60
        (BlitzDataFactory, 3, 0, False),  # "more than 3 minutes"
        (BlitzDataFactory, 3, 1, True),
        (BlitzDataFactory, 10, 0, True),  # "not more than 10 minutes"
        (BlitzDataFactory, 10, 1, False),
    ],
)
def test_rapid_and_blitz_rates_of_play_follow_rapid_blitz_2024_1_1(
    factory, base_minutes, increment_seconds, accepted
):
    data = factory(base_minutes=base_minutes, increment_seconds=increment_seconds)
    found = errors(data)
    assert ("base_minutes" not in found) == accepted
    if not accepted:
        assert found["base_minutes"][0].startswith("R&B 2024 1.1:")


def test_a_standard_event_before_july_2009_is_checked_by_the_2009_text_applied_to_1994():
    data = RegistrationDataFactory(
        start_date=dt.date(2009, 6, 1), base_minutes=30, increment_seconds=0
    )
    assert errors(data)["base_minutes"][0].startswith("standard-2009 (applied to 1994) 1.1:")


def test_a_rapid_event_of_2023_is_checked_by_the_2024_text_applied_to_pre_2024():
    data = RapidDataFactory(start_date=dt.date(2023, 5, 1), base_minutes=90)
    assert errors(data)["base_minutes"][0].startswith("R&B 2024 (applied to pre-2024) 1.1:")


# -- rounds a day (3.1) -----------------------------------------------------------------------


def test_three_standard_rounds_a_day_pass_and_four_cite_3_1():
    start = dt.date(2025, 3, 1)
    next_day = start + dt.timedelta(days=1)
    three = RegistrationDataFactory(
        number_of_rounds=5, end_date=next_day, round_dates=(start,) * 3 + (next_day,) * 2
    )
    assert errors(three) == {}
    four = RegistrationDataFactory(
        number_of_rounds=5, end_date=start + dt.timedelta(days=1),
        round_dates=(start,) * 4 + (start + dt.timedelta(days=1),),
    )  # fmt: skip
    assert errors(four) == {
        "round_dates": ["standard-2009 3.1: 4 rounds on 2025-03-01; at most 3."]
    }


def test_three_long_standard_rounds_a_day_exceed_twelve_hours_and_cite_3_1():
    start = dt.date(2025, 3, 1)
    data = RegistrationDataFactory(
        base_minutes=120, increment_seconds=30, number_of_rounds=3, end_date=start,
        round_dates=(start,) * 3,
    )  # fmt: skip
    (message,) = errors(data)["round_dates"]
    assert message.startswith("standard-2009 3.1:") and "hours of play; at most 12" in message


@pytest.mark.parametrize(
    ("factory", "allowed"), [(RapidDataFactory, 15), (BlitzDataFactory, 30)]
)  # fmt: skip
def test_rapid_and_blitz_rounds_a_day_follow_rapid_blitz_2024_3_1(factory, allowed):
    assert errors(factory(number_of_rounds=allowed)) == {}
    found = errors(factory(number_of_rounds=allowed + 1))
    assert found["round_dates"] == [
        f"R&B 2024 3.1: {allowed + 1} {factory().category} rounds on 2025-03-01; at most {allowed}."
    ]


# -- dates, rounds and matches ----------------------------------------------------------------


def test_a_tournament_that_ends_before_it_starts_is_refused():
    data = RegistrationDataFactory(
        start_date=dt.date(2025, 3, 9), end_date=dt.date(2025, 3, 1), number_of_rounds=1,
        round_dates=(dt.date(2025, 3, 9),),
    )  # fmt: skip
    assert errors(data)["end_date"] == ["The tournament cannot end before it starts."]


def test_round_dates_outside_the_tournament_are_named():
    start = dt.date(2025, 3, 1)
    data = RegistrationDataFactory(
        number_of_rounds=3, end_date=start + dt.timedelta(days=1),
        round_dates=(dt.date(2025, 2, 28), start, dt.date(2025, 3, 5)),
    )  # fmt: skip
    assert errors(data)["round_dates"] == [
        "2025-02-28, 2025-03-05 are outside the tournament (2025-03-01 to 2025-03-02)."
    ]


def test_one_round_date_is_needed_per_round():
    data = RegistrationDataFactory(number_of_rounds=9, round_dates=daily(dt.date(2025, 3, 1), 7))
    assert errors(data)["round_dates"] == ["7 round dates for 9 rounds: give one date per round."]


def test_round_dates_must_be_in_round_order():
    dates = list(daily(dt.date(2025, 3, 1), 9))
    dates[3], dates[4] = dates[4], dates[3]
    data = RegistrationDataFactory(round_dates=tuple(dates))
    assert errors(data)["round_dates"] == ["Round 5 (2025-03-04) is before round 4."]


def test_a_standard_match_without_its_number_of_games_cites_6_5():
    data = RegistrationDataFactory(system="match", number_of_rounds=6)
    assert errors(data)["match_games"] == [
        "standard-2009 6.5: A match is rated as a match over a specific number of games: "
        "give that number."
    ]
    assert errors(RegistrationDataFactory(system="match", number_of_rounds=6, match_games=6)) == {}


def test_a_rapid_match_without_its_number_of_games_cites_rapid_blitz_2024_5_2():
    data = RapidDataFactory(system="match", number_of_rounds=4)
    assert errors(data)["match_games"][0].startswith("R&B 2024 5.2:")


# -- the rule set in force --------------------------------------------------------------------


def test_the_rule_schedule_is_the_administrators_table():
    assert {(e.rule_set, str(e.category)) for e in rule_schedule()} >= {
        ("standard-2009", "standard"), ("rapid-blitz-2024", "rapid"),
    }  # fmt: skip
    assert rules_for("standard", dt.date(2009, 7, 1)).id == "standard-2009"
    assert rules_for("standard", dt.date(2009, 6, 30)).id == "standard-1994"


def test_an_administrator_moving_an_effective_date_changes_the_rule_set_in_force():
    RuleSetSchedule.objects.filter(rule_set="rapid-blitz-2024", category="rapid").update(
        effective_from=dt.date(2024, 7, 1)
    )
    assert rules_for("rapid", dt.date(2024, 3, 1)).id == "rapid-blitz-pre2024"
    assert rules_for("rapid", dt.date(2024, 7, 1)).id == "rapid-blitz-2024"
    assert rules_for("blitz", dt.date(2024, 3, 1)).id == "rapid-blitz-2024"


def test_the_waiver_of_rapid_blitz_2024_5_2_is_asked_for_a_match_alone():
    """R&B 2024 5.2: games after a player has won a match "shall not be rated. This
    requirement may be waived by prior request." Standard-2009 6.5 says the first sentence
    alone: a standard match has no waiver to ask."""
    match = dict(system="match", number_of_rounds=4, match_games=4, match_waiver=True)
    assert errors(RapidDataFactory(**match)) == {}
    assert errors(RapidDataFactory(match_waiver=True))["match_waiver"] == [
        "R&B 2024 5.2: Only a match over a specific number of games asks this."
    ]
    (standard,) = errors(RegistrationDataFactory(**match))["match_waiver"]
    assert standard.startswith("standard-2009 6.5: ") and "give no waiver" in standard

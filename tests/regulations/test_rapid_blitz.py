"""rapid-blitz-2024 and rapid-blitz-pre2024: hand-computed cases, clause by clause."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from regulations.rapid_blitz_2024 import RULES as RB2024
from regulations.rapid_blitz_pre2024 import RULES as PRE2024
from regulations.types import Category, EventResult, Game, PlayerState, TimeControl

LIST = dt.date(2026, 12, 1)


# -- K: R&B 2024 7.3.3 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "year", "games", "k"),
    [
        (PlayerState(rating=1500, games=29), 2026, 5, 40),  # new: fewer than 30 games
        (PlayerState(rating=1500, games=30), 2026, 5, 20),
        (PlayerState(rating=2299, games=100, birth_year=2008), 2026, 5, 40),  # 18 this year
        (PlayerState(rating=2299, games=100, birth_year=2008), 2027, 5, 20),  # 19 next year
        (PlayerState(rating=2300, games=100, birth_year=2010), 2026, 5, 20),  # junior at 2300
        (PlayerState(rating=2450, games=100, reached_2400=True), 2026, 5, 10),
        (PlayerState(rating=2350, games=100, reached_2400=True), 2026, 5, 10),  # stays 10
        (PlayerState(rating=1500, games=10), 2026, 18, 38),  # 700 rule: 40 x 18 = 720
        (PlayerState(rating=1500, games=100), 2026, 35, 20),  # 20 x 35 = 700 is allowed
        (PlayerState(rating=1500, games=100), 2026, 36, 19),  # 20 x 36 = 720
        (PlayerState(rating=2500, games=100, reached_2400=True), 2026, 71, 9),  # 10 x 71
    ],
)
def test_k_factor_2024_follows_7_3_3_and_the_700_rule(state, year, games, k):
    assert RB2024.k_factor(state, year=year, games_in_period=games) == k


@pytest.mark.parametrize(("games", "k"), [(1, 20), (35, 20), (36, 19), (50, 14), (100, 7)])
def test_k_factor_pre2024_is_20_until_more_than_35_games(games, k):
    """Pre-2024 7.32: K = 20; over 35 games the largest whole K with n x K <= 700."""
    assert (
        PRE2024.k_factor(PlayerState(rating=1800, games=5), year=2020, games_in_period=games) == k
    )


# -- the change and its rounding: 7.3.2, 7.3.4 -------------------------------------------------


def test_the_period_change_rounds_a_negative_half_away_from_zero():
    """R&B 2024 7.3.4: 2400 (K 10) loses to 2211 (.75): -7.50 -> -8, new rating 2392
    (standard-2009 publishes 2393 for the same game)."""
    state = PlayerState(rating=2400, games=100, reached_2400=True)
    change = RB2024.rating_change(state, [Game(2400, 2211, 0, "t")], year=2026)
    assert (str(change.change), change.change_rounded, change.new_rating) == ("-7.50", -8, 2392)


def test_the_period_change_rounds_a_positive_half_away_from_zero():
    """7.3.4: 2211 (K 10 via 2400 flag) beats 2400 (.25): +7.50 -> +8."""
    state = PlayerState(rating=2211, games=100, reached_2400=True)
    change = RB2024.rating_change(state, [Game(2211, 2400, 2, "t")], year=2026)
    assert (change.change_rounded, change.new_rating) == (8, 2219)


def test_a_period_of_several_tournaments_is_rounded_once():
    """DESIGN.md interpretation 5: three draws in three tournaments against players 30
    points above (.46 each: dR +.04), K 20: +0.80 a tournament, +2.40 for the period,
    rounded once to +2 (rounding each tournament would give +3)."""
    state = PlayerState(rating=2000, games=100)
    games = [Game(2000, 2030, 1, t) for t in ("a", "b", "c")]
    change = RB2024.rating_change(state, games, year=2026)
    assert (str(change.change), change.change_rounded) == ("2.40", 2)


def test_2024_caps_every_game_at_400():
    """7.3.1: every game over 400 counts as 400."""
    games = [Game(2500, 2000, 2, "t"), Game(2500, 2050, 2, "t"), Game(2500, 2300, 2, "t")]
    assert RB2024.expected_per_game(games) == [92, 92, 76]


# -- pre-2024 7.31: only one upgrade per tournament ---------------------------------------


def test_pre2024_higher_rated_player_benefits_from_one_upgrade_per_tournament():
    """7.31 / DESIGN.md interpretation 3: 2500 v 2000 (D 500, capped: .92), v 2050 (D 450
    real: .94), v 2300 (D 200: .76) -> We 2.62 against 2.60 under the 2024 rule."""
    games = [Game(2500, 2050, 2, "t"), Game(2500, 2000, 2, "t"), Game(2500, 2300, 2, "t")]
    assert PRE2024.expected_per_game(games) == [94, 92, 76]
    details = PRE2024.game_details(games)
    assert [d.difference_used for d in details] == [450, 400, 200]


def test_pre2024_each_tournament_has_its_own_upgrade():
    games = [Game(2500, 2000, 2, "a"), Game(2500, 2000, 2, "b"), Game(2500, 2000, 2, "a")]
    assert PRE2024.expected_per_game(games) == [92, 92, 96]  # a's second game is D 500 real


def test_pre2024_lower_rated_player_always_has_the_cap():
    games = [Game(2000, 2500, 0, "t"), Game(2000, 2600, 0, "t")]
    assert PRE2024.expected_per_game(games) == [8, 8]


# -- new players ---------------------------------------------------------------------------------


def test_2024_initial_rating_adds_two_hypothetical_1800_draws():
    """7.2.3/7.2.4: 3/5 against 1800-2000 (sum 9500): Ra = (9500 + 3600)/7 = 1871.43,
    p = 4/7 = .57 -> dp 50, Ru = 1921.43 -> 1921."""
    event = EventResult.against([1800, 1850, 1900, 1950, 2000], 6, dt.date(2026, 10, 1))
    assert RB2024.initial_rating([event], on=LIST).rating == 1921


def test_2024_initial_rating_is_at_most_2200():
    """7.2.4: 5/5 against 2300: Ra 2157.14 + dp(.86) 309 = 2466 -> 2200."""
    event = EventResult.against([2300] * 5, 10, dt.date(2026, 10, 1))
    assert RB2024.initial_rating([event], on=LIST).rating == 2200


def test_2024_initial_rating_below_1400_is_not_published():
    """6.1.4: 0.5/5 against 1400: Ra 1514.29, p 1.5/7 = .21 -> -230 -> 1284 < 1400."""
    event = EventResult.against([1400] * 5, 1, dt.date(2026, 10, 1))
    outcome = RB2024.initial_rating([event], on=LIST)
    assert outcome.rating is None
    assert outcome.reason == "1284 is below the floor of 1400 (R&B 2024 6.1.4)"


def test_2024_zero_in_the_first_event_is_disregarded_but_not_later():
    """7.2.2: a zero first event is disregarded; a later zero is pooled."""
    zero = EventResult.against([1600] * 3, 0, dt.date(2026, 1, 1))
    good = EventResult.against([1600] * 3, 4, dt.date(2026, 3, 1))
    later_zero = EventResult.against([1600] * 2, 0, dt.date(2026, 6, 1))
    outcome = RB2024.initial_rating([zero, good, later_zero], on=LIST)
    assert outcome.disregarded == (zero,)
    assert outcome.counted == (good, later_zero)
    # 2/5 against 1600: Ra = (8000 + 3600)/7 = 1657.14, p = 3/7 = .43 -> -50 -> 1607
    assert outcome.rating == 1607


def test_2024_the_games_a_first_rating_lacks_do_not_count_a_disregarded_event():
    """6.1.4 and 7.2.2: a zero first event of 3 games leaves 0 of the 5 games needed, not
    because none were played (a review read it so): the reason says its 3 do not count."""
    zero = EventResult.against([1600] * 3, 0, dt.date(2026, 1, 1))
    outcome = RB2024.initial_rating([zero], on=LIST)
    assert outcome.rating is None
    assert outcome.reason == (
        "0 of the 5 games needed (R&B 2024 6.1.4), the 3 games of the disregarded event "
        "not counting"
    )
    one_game = EventResult.against([1600], 0, dt.date(2026, 1, 1))
    assert RB2024.initial_rating([one_game], on=LIST).reason.endswith(
        "the 1 game of the disregarded event not counting"
    )


def test_2024_only_the_first_events_zero_is_disregarded():
    """7.2.2: "If an unrated player scores zero in their first event this score is
    disregarded. Otherwise, their rating is calculated using all their results": a second
    zero is a later result and is pooled. 0/3, then 0/3, then 3/3 against 1600: the last
    two, 6 games and 3 points, with two hypothetical 1800 draws (7.2.3): Ra = (9600 + 3600)
    / 8 = 1650 at 50% -> 1650."""
    first = EventResult.against([1600] * 3, 0, dt.date(2026, 1, 1))
    second = EventResult.against([1600] * 3, 0, dt.date(2026, 3, 1))
    third = EventResult.against([1600] * 3, 6, dt.date(2026, 6, 1))
    outcome = RB2024.initial_rating([first, second, third], on=LIST)
    assert outcome.disregarded == (first,)
    assert outcome.counted == (second, third)
    assert outcome.rating == 1650


def test_2024_needs_five_games_pooled_within_26_months():
    """6.1.4: 5 games; results older than 26 months drop out (list 1 Dec 2026: from
    1 Oct 2024)."""
    old = EventResult.against([1600] * 3, 3, dt.date(2024, 9, 30))
    recent = EventResult.against([1600] * 3, 3, dt.date(2024, 10, 1))
    newest = EventResult.against([1600] * 2, 2, dt.date(2026, 11, 20))
    outcome = RB2024.initial_rating([old, recent, newest], on=LIST)
    assert outcome.counted == (recent, newest)
    assert outcome.rating is not None
    outcome = RB2024.initial_rating([old, newest], on=LIST)
    assert outcome.rating is None and outcome.reason.startswith("2 of the 5 games")


def test_pre2024_initial_rating_adds_20_per_half_point_over_half():
    """Pre-2024 7.23/7.24: 3/5 against 1900 average -> 1900 + 20 = 1920; 2/5 -> .40 -> -72."""
    assert PRE2024.initial_rating(
        [EventResult.against([1800, 1850, 1900, 1950, 2000], 6, dt.date(2023, 10, 1))],
        on=dt.date(2023, 12, 1),
    ).rating == 1920  # fmt: skip
    assert PRE2024.initial_rating(
        [EventResult.against([1900] * 5, 4, dt.date(2023, 10, 1))], on=dt.date(2023, 12, 1)
    ).rating == 1828  # fmt: skip


def test_pre2024_floor_is_1000():
    """DESIGN.md: 0.5/5 against 1100 gives 1100 - 366 (p .10) = 734 < 1000."""
    event = EventResult.against([1100] * 5, 1, dt.date(2023, 10, 1))
    assert PRE2024.initial_rating([event], on=dt.date(2023, 12, 1)).rating is None
    event = EventResult.against([1300] * 5, 1, dt.date(2023, 10, 1))
    assert PRE2024.initial_rating([event], on=dt.date(2023, 12, 1)).rating is None
    event = EventResult.against([1400] * 5, 2, dt.date(2023, 10, 1))
    assert PRE2024.initial_rating([event], on=dt.date(2023, 12, 1)).rating == 1400 - 240


# -- rule checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "increment", "category"),
    [
        (10, 5, Category.RAPID),  # 15 minutes
        (15, 10, Category.RAPID),  # 25
        (10, 0, Category.BLITZ),  # exactly 10: blitz ("not more than 10"), not rapid
        (3, 2, Category.BLITZ),  # 5
        (3, 0, None),  # exactly 3: too fast ("more than 3")
        (60, 0, None),  # exactly 60: not rapid ("less than 60"): standard
        (45, 15, None),  # 45 + 15 = 60
        (59, 0, Category.RAPID),
    ],
)
def test_rate_of_play_classifies_by_base_plus_60_increments(base, increment, category):
    """R&B 2024 1.1.1 rapid: 10 < T < 60; 1.1.2 blitz: 3 < T <= 10, T = base + 60 x inc."""
    assert RB2024.classify_rate_of_play(TimeControl(Fraction(base), increment)) == category


def test_a_rapid_registration_with_a_blitz_time_control_is_refused_with_the_clause():
    (violation,) = RB2024.rate_of_play_violations(
        TimeControl(Fraction(5), 3), category=Category.RAPID, highest_rating=None
    )
    assert violation.clause == "R&B 2024 1.1"
    assert "8 minutes for 60 moves" in violation.message
    assert "more than 10 and less than 60" in violation.message


def test_rounds_per_day_limits_are_15_rapid_and_30_blitz():
    """R&B 2024 3.1."""
    day = dt.date(2026, 5, 1)
    assert RB2024.rounds_per_day_violations({day: 16}, category=Category.RAPID, time_control=None)
    assert not RB2024.rounds_per_day_violations(
        {day: 15}, category=Category.RAPID, time_control=None
    )
    assert not RB2024.rounds_per_day_violations(
        {day: 30}, category=Category.BLITZ, time_control=None
    )
    (violation,) = RB2024.rounds_per_day_violations(
        {day: 31}, category=Category.BLITZ, time_control=None
    )
    assert violation.clause == "R&B 2024 3.1"


def test_rapid_registration_is_due_three_days_before_and_lists_close_three_days_before():
    """R&B 2024 0.2 and 6.1.3."""
    assert RB2024.registration_deadline(dt.date(2026, 3, 10)) == dt.date(2026, 3, 7)
    assert RB2024.closing_date(dt.date(2026, 12, 1)) == dt.date(2026, 11, 28)
    assert PRE2024.closing_date(dt.date(2023, 12, 1)) == dt.date(2023, 11, 28)


def test_pre2024_cites_the_2024_clause_it_borrows():
    (violation,) = PRE2024.rate_of_play_violations(
        TimeControl(Fraction(90), 30), category=Category.RAPID, highest_rating=None
    )
    assert violation.clause == "R&B 2024 (applied to pre-2024) 1.1"


def test_a_one_minute_game_is_said_in_the_singular():
    """1+0 is not blitz (R&B 2024 1.1.2: more than 3 minutes); a review read "1 minutes"."""
    (violation,) = RB2024.rate_of_play_violations(
        TimeControl(Fraction(1), 0), category=Category.BLITZ, highest_rating=None
    )
    assert "gives 1 minute for 60 moves; a blitz game needs more than 3" in violation.message

"""online-arena: the 3.14 example and hand-computed cases."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from regulations.online_arena import RULES, OnlineState, display_rating
from regulations.types import Category, PeriodGame, TimeControl

D = Decimal
STANDARD, RAPID, BLITZ = Category.STANDARD, Category.RAPID, Category.BLITZ


def test_worked_example_3_14_a_win_that_does_not_change_the_displayed_rating():
    """3.14: 1799.6 wins and gains 0.6 -> 1800.2; both are shown as 1800. K 20 and a
    P_D of .97 (D 530, in the 518-559 row) make the 0.6."""
    state = OnlineState(rating=D("1799.6"))
    after = RULES.after_game(state, D("1269.6"), 2, category=Category.ONLINE_BLITZ)
    assert after.rating == D("1800.2")
    assert display_rating(state.rating) == display_rating(after.rating) == 1800


def test_halves_are_displayed_upwards():
    """3.13: 2215.5 becomes 2216."""
    assert display_rating(D("2215.5")) == 2216
    assert display_rating(D("2215.49")) == 2215


def test_there_is_no_400_point_cap_online():
    """The online table runs to 1.00: 1800 v 1200 (D 600) reads .98, not .92."""
    assert RULES.expected_score(D("1800"), D("1200")) == 98
    change = RULES.game_change_hundredths(D("1800"), D("1200"), 2, 20)
    assert change == 40  # 0.40 points


def test_a_fractional_difference_reads_the_row_of_its_integer_part():
    assert RULES.expected_score(D("2000.00"), D("1996.50")) == 50  # D 3.5
    assert RULES.expected_score(D("2000.00"), D("1996.00")) == 51  # D 4


@pytest.mark.parametrize(
    ("state", "category", "k"),
    [
        (OnlineState(rating=D(1500)), Category.ONLINE_RAPID, 20),
        (OnlineState(rating=D(1500)), Category.ONLINE_BLITZ, 20),
        (OnlineState(rating=D(1500)), Category.ONLINE_BULLET, 10),
        (OnlineState(D(1500), games=29, previously_unrated=True), Category.ONLINE_BULLET, 40),
        (OnlineState(D(1500), games=30, previously_unrated=True), Category.ONLINE_RAPID, 20),
        (OnlineState(rating=D(1500), games=3), Category.ONLINE_RAPID, 20),  # rated from a list
    ],
)  # fmt: skip
def test_k_factor_follows_3_10(state, category, k):
    assert RULES.k_factor(state, category=category) == k


def test_first_rating_counts_from_the_first_draw_or_win_against_a_rated_player():
    """3.6/3.7: two losses, then a draw (1800), win (1900), loss (2000), draw (1700), win
    (1600): the five results score 3/5 against an average of 1800 -> 1800 + 20 = 1820."""
    games = [
        (D(1500), 0), (D(1600), 0), (D(1800), 1), (D(1900), 2), (D(2000), 0), (D(1700), 1),
        (D(1600), 2), (D(2500), 2),
    ]  # fmt: skip
    assert RULES.event_performance(games) == D("1820.00")


def test_first_rating_below_half_uses_dp_and_keeps_two_decimals():
    """3.7.5: 1.5/5 (p .30, dp -149) against 1500.10, 1500.20, 1500.30, 1500.40, 1500.55:
    Ra = 1500.31, Rf = 1351.31."""
    games = [(D("1500.10"), 1), (D("1500.20"), 0), (D("1500.30"), 2), (D("1500.40"), 0),
             (D("1500.55"), 0)]  # fmt: skip
    assert RULES.event_performance(games) == D("1351.31")


def test_fewer_than_five_qualifying_results_give_no_rating():
    assert RULES.event_performance([(D(1800), 0), (D(1800), 2), (D(1800), 2)]) is None


def test_a_rating_below_100_is_lost():
    """3.3: 100.50 loses to an equal player: -10.00 -> 90.50: unrated again, starting over."""
    after = RULES.after_game(OnlineState(rating=D("100.50")), D("100.50"), 0,
                             category=Category.ONLINE_BLITZ)  # fmt: skip
    assert after.rating is None and after.previously_unrated and after.games == 0


def test_games_are_replayed_in_order_with_ratings_updated_after_each():
    """3.9/3.11: A 1500 beats B 1500 (+10, -10); then B (1490) plays C 1490: equal, draw.
    A rated player's game against an unrated one does not change his rating (3.8)."""
    states = {
        "A": OnlineState(rating=D(1500)),
        "B": OnlineState(rating=D(1500)),
        "C": OnlineState(rating=D(1490)),
        "U": OnlineState(rating=None, games=0),
    }
    games = [
        PeriodGame("A", "B", None, None, 2),
        PeriodGame("B", "C", None, None, 1),
        PeriodGame("A", "U", None, None, 0),
    ]
    final, changes = RULES.rate_in_order(states, games, category=Category.ONLINE_BLITZ)
    assert final["A"].rating == D("1510.00")
    assert final["B"].rating == D("1490.00")
    assert final["C"].rating == D("1490.00")
    assert final["U"].provisional == ((D("1510.00"), 2),)
    assert changes["A"].games == 1 and changes["A"].change == D("10.00")
    assert changes["B"].games == 2 and str(changes["B"].expected) == "1.00"
    assert "U" not in changes


@pytest.mark.parametrize(
    ("base", "increment", "category"),
    [
        (15, 0, Category.ONLINE_RAPID), (10, 10, Category.ONLINE_RAPID),
        (3, 2, Category.ONLINE_BLITZ), (10, 0, Category.ONLINE_BLITZ),
        (1, 2, Category.ONLINE_BULLET), (3, 1, None), (20, 0, None),
    ],
)  # fmt: skip
def test_only_the_predetermined_time_controls_are_rated(base, increment, category):
    """2.3.1-2.3.3."""
    assert RULES.classify_time_control(TimeControl(Fraction(base), increment)) == category


def test_an_unlisted_time_control_is_refused_with_the_clause():
    (violation,) = RULES.rate_of_play_violations(
        TimeControl(Fraction(3), 1), category=Category.ONLINE_BLITZ, highest_rating=None
    )
    assert violation.clause == "online arena 2.3" and "3m + 2s" in violation.message


@pytest.mark.parametrize(
    ("results", "average", "adjustment", "clause", "rating"),
    [
        # 2.5/5 against 1700, 1800, 1900, 1750, 1850: Ra = 1800, Rf = Ra (3.7.3).
        ([(D(1700), 2), (D(1800), 1), (D(1900), 0), (D(1750), 1), (D(1850), 1)],
         Fraction(1800), 0, "online arena 3.7.3", D("1800.00")),
        # 4/5 against 1601, 1602, 1603, 1604, 1600: Ra = 1602, three half points over 50%:
        # Rf = 1602 + 3 x 20 = 1662 (3.7.4).
        ([(D(1601), 2), (D(1602), 2), (D(1603), 2), (D(1604), 2), (D(1600), 0)],
         Fraction(1602), 60, "online arena 3.7.4", D("1662.00")),
        # 1/5 against 1200.01 x 4 and 1200.02: Ra = 1200.012, p .20, dp -240 (table 4.1):
        # Rf = 960.012 -> 960.01 (3.7.5, 3.1).
        ([(D("1200.01"), 2), (D("1200.01"), 0), (D("1200.01"), 0), (D("1200.01"), 0),
          (D("1200.02"), 0)],
         Fraction("1200.012"), -240, "online arena 3.7.5", D("960.01")),
    ],
)  # fmt: skip
def test_the_first_rating_working_names_its_clause(results, average, adjustment, clause, rating):
    working = RULES.first_rating_working(results)
    assert working.average == average
    assert working.adjustment == adjustment
    assert working.clause == clause
    assert working.rating == rating == RULES.first_rating(results)


def test_a_first_rating_under_the_floor_is_worked_out_but_is_none():
    """3.2: a draw, then four losses against 400s: p .10, dp -366 (table 4.1): Rf = 34,
    under the floor of 100, is no rating."""
    results = [(D(400), 1)] + [(D(400), 0)] * 4
    working = RULES.first_rating_working(results)
    assert working.rating == D("34.00") and working.below_floor
    assert RULES.first_rating(results) is None
    assert RULES.first_rating_working(results[:4]) is None


def test_one_game_between_rated_players_moves_both_by_dr_times_k():
    """3.9: A 1500 beats B 1450 in blitz: D 50 reads .57/.43 (table 4.2, row 47-53), so A
    gains 20 x (1 - .57) = 8.60 and B loses 20 x .43 = 8.60."""
    white, black = RULES.rate_game(
        OnlineState(rating=D("1500.00")),
        OnlineState(rating=D("1450.00")),
        2,
        category=Category.ONLINE_BLITZ,
    )
    assert (white.expected_hundredths, white.k, white.change_hundredths) == (57, 20, 860)
    assert (black.expected_hundredths, black.k, black.change_hundredths) == (43, 20, -860)
    assert white.after.rating == D("1508.60") and black.after.rating == D("1441.40")
    assert white.clause == black.clause == "online arena 3.9"
    assert white.opponent_rating == D("1450.00")


def test_a_game_against_an_unrated_member_counts_only_for_his_first_rating():
    """3.8: the rated player's rating stays; 3.6.1: the unrated player's draw is his first
    target reached, the first of his five results."""
    rated, unrated = RULES.rate_game(
        OnlineState(rating=D("1600.00")),
        OnlineState(rating=None, games=0, previously_unrated=True),
        1,
        category=Category.ONLINE_RAPID,
    )
    assert rated.after == rated.before and rated.k is None and rated.clause == "online arena 3.8"
    assert unrated.after.provisional == ((D("1600.00"), 1),)
    assert unrated.clause == "online arena 3.6.1" and unrated.after.rating is None


def test_a_game_between_two_unrated_members_counts_for_neither():
    """3.6: an unrated player's results count against rated opponents only."""
    unrated = OnlineState(rating=None, games=0, previously_unrated=True)
    white, black = RULES.rate_game(unrated, unrated, 2, category=Category.ONLINE_RAPID)
    assert white.after == black.after == unrated
    assert white.clause == black.clause == "online arena 3.6"


def test_a_loss_before_the_first_draw_or_win_does_not_count():
    """3.6.1: the results count from the first draw or win against a rated opponent."""
    _, unrated = RULES.rate_game(
        OnlineState(rating=D("1600.00")),
        OnlineState(rating=None, games=0, previously_unrated=True),
        2,
        category=Category.ONLINE_RAPID,
    )
    assert unrated.after.provisional == () and unrated.clause == "online arena 3.6.1"


def test_the_fifth_result_gives_the_first_rating_with_its_working():
    """3.7.4: draw v 1800, win v 1900, loss v 2000, draw v 1700, then a win v 1600: 6 half
    points of 10 against an average of 1800, one half point over 50% -> 1820.00, and K 40
    until 30 games (3.10.3)."""
    state = OnlineState(
        rating=None,
        games=0,
        previously_unrated=True,
        provisional=((D(1800), 1), (D(1900), 2), (D(2000), 0), (D(1700), 1)),
    )
    _, side = RULES.rate_game(OnlineState(rating=D(1600)), state, 0, category=Category.ONLINE_BLITZ)
    assert side.clause == "online arena 3.7.4"
    assert side.first_rating is not None and side.first_rating.average == 1800
    assert side.after.rating == D("1820.00") and side.after.games == 5
    assert RULES.k_factor(side.after, category=Category.ONLINE_BLITZ) == 40


def test_a_first_rating_under_the_floor_is_none_and_starts_again():
    """3.7.5 and 3.2: one draw in five against players of 100: p .10 reads dp -366, so
    Rf = 100 - 366, under the floor of 100: no rating, and 3.6 starts afresh (3.3)."""
    state = OnlineState(
        rating=None,
        games=0,
        previously_unrated=True,
        provisional=((D(100), 1),) + ((D(100), 0),) * 3,
    )
    _, side = RULES.rate_game(OnlineState(rating=D(100)), state, 2, category=Category.ONLINE_RAPID)
    assert side.clause == "online arena 3.2"
    assert side.first_rating.clause == "online arena 3.7.5"
    assert side.first_rating.rating == D("-266.00")  # table 4.1: p .10, dp -366
    assert side.after.rating is None and side.after.provisional == ()


@pytest.mark.parametrize(
    ("published", "category", "rating", "source"),
    [
        ({RAPID: 2000, STANDARD: 2100}, Category.ONLINE_RAPID, 2000, RAPID),
        ({STANDARD: 2100}, Category.ONLINE_RAPID, 2100, STANDARD),
        ({BLITZ: None, RAPID: 1950, STANDARD: 2100}, Category.ONLINE_BLITZ, 1950, RAPID),
        ({BLITZ: 1900, RAPID: 2000}, Category.ONLINE_BULLET, 1900, BLITZ),
        ({BLITZ: 1900}, Category.ONLINE_RAPID, None, None),  # blitz is shorter (3.4.1)
        ({}, Category.ONLINE_BULLET, None, None),
    ],
)  # fmt: skip
def test_a_new_members_first_rating_comes_from_the_lists_in_the_order_of_3_4(
    published, category, rating, source
):
    state, used = RULES.first_state(published, category=category)
    assert used == source
    assert state.rating == (None if rating is None else D(rating))
    # 3.5 and 3.10.3: without a list's rating he is unrated, and K 40 awaits him.
    assert state.previously_unrated is (rating is None)


def test_an_over_the_board_lists_change_is_added_to_the_online_rating():
    """3.15: 1510.25 and a rapid list's change of -12 -> 1498.25; 105.00 and -10 falls
    under the floor: the rating is lost (3.3); a member without one has nothing to add to."""
    assert RULES.after_list_change(OnlineState(rating=D("1510.25")), -12).rating == D("1498.25")
    lost = RULES.after_list_change(OnlineState(rating=D("105.00"), games=40), -10)
    assert lost.rating is None and lost.previously_unrated and lost.games == 0
    unrated = OnlineState(rating=None, games=0, provisional=((D(1500), 1),))
    assert RULES.after_list_change(unrated, 15) == unrated

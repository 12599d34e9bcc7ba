"""standard-2009: worked examples of the text and hand-computed cases, clause by clause."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

import pytest

from regulations.round_robin import RoundRobinPlayer
from regulations.standard_2009 import RULES
from regulations.types import Category, EventResult, Game, PlayerState, TimeControl

LIST = dt.date(2026, 12, 1)


def established(rating: int, **kwargs) -> PlayerState:
    return PlayerState(rating=rating, games=kwargs.pop("games", 60), **kwargs)


# -- 8.34: the worked example of a new player's rating ---------------------------------------


def test_worked_example_8_34_gives_2199():
    """8.34: 1/3 vs 2220, 3/5 vs 2150, 2.5/4 vs 2200 -> 6.5/12 vs 2184 -> 2184 + 15 = 2199."""
    events = [
        EventResult.against([2220] * 3, 2, dt.date(2026, 3, 1)),
        EventResult.against([2150] * 5, 6, dt.date(2026, 6, 1)),
        EventResult.against([2200] * 4, 5, dt.date(2026, 9, 1)),
    ]
    outcome = RULES.initial_rating(events, on=LIST)
    assert outcome.rating == 2199
    assert (outcome.games, outcome.score_halves) == (12, 13)
    assert round(outcome.competition_rating) == 2184  # the text's average, rounded for print
    assert outcome.disregarded == ()


# -- 8.58: the worked round robin --------------------------------------------------------------

NAMES = "ABCDEFGHIJ"
RATINGS = dict(
    zip(NAMES, [2600, 2500, None, 2400, None, 2150, 2300, None, None, 2300], strict=True)
)
SCORES = dict(zip(NAMES, [8, 7, 7, 6, 6, 4, 3, 2, 1, 1], strict=True))


@pytest.fixture(scope="module")
def example_8_58():
    players = [
        RoundRobinPlayer(
            name, RATINGS[name], tuple(o for o in NAMES if o != name), 2 * SCORES[name]
        )
        for name in NAMES
    ]
    return players, RULES.round_robin(players)


def test_worked_example_8_58_tournament_average(example_8_58):
    """8.58: Rar = 2375, dpa = 29.5, Ra = 2375 - 29.5 x 9/10 = 2348."""
    _, result = example_8_58
    assert result.average_rated == 2375
    assert result.average_dp == Fraction(59, 2)
    assert result.tournament_average == 2348


def test_worked_example_8_58_first_ratings_of_the_unrated(example_8_58):
    """8.58: C 2348 + 5 x 15 = 2423, E 2348 + 3 x 15 = 2393, H 2348 - 220 x 0.9 = 2150,
    I 2348 - 351 x 0.9 = 2032."""
    _, result = example_8_58
    assert result.initial == {"C": 2423, "E": 2393, "H": 2150, "I": 2032}


def test_worked_example_8_58_first_iteration_matches_the_printed_table(example_8_58):
    """8.58: H (A counts as 2550) Rc(new) 2342, Ru(new) 2144; I (A and B count as 2432)
    Rc(new) 2322, Ru(new) 2006; C and E unchanged."""
    _, result = example_8_58
    assert result.iterations[0] == {
        "C": (2348, 2423),
        "E": (2348, 2393),
        "H": (2342, 2144),
        "I": (2322, 2006),
    }


def test_worked_example_8_58_iterates_until_no_rating_changes(example_8_58):
    """DESIGN.md interpretation 7: repeat until no Ru changes. I goes on from 2006: A and B
    now count as 2406 (Rc 2316, Ru 2000), then 2400 (2315, 1999), 2399 (2314, 1998), and
    stays at 1998. The printed table shows only the first pass."""
    _, result = example_8_58
    assert [step["I"] for step in result.iterations] == [
        (2322, 2006),
        (2316, 2000),
        (2315, 1999),
        (2314, 1998),
        (2314, 1998),
    ]
    assert result.final == {"C": 2423, "E": 2393, "H": 2144, "I": 1998}


def test_a_round_robin_iteration_that_counts_everyone_down_converges_as_before():
    """Interpretation 7: L0-L2 (1250) and H0-H2 (1800) draw each other; U draws L0 and L1
    and loses to the rest. L0, L1 score 3 of 6 (dp 0), L2 and the H's 3.5 (.58: dp 57):
    Rar 1525, dpa 38, Ra = 1525 - 38 x 6/7 = 1492.43 -> 1492. U: 1 of 6, .17 -> dp -273,
    Ru = Rc - 273 x 6/7 = Rc - 234: 1258. Only the H's are ever more than 400 above, so
    Rc(new) = 1492 - 3 x (1800 - Ru - 400) / 6, halves up: passes give Ru 1187, 1152,
    1134, 1125, 1121, 1119, 1118, 1117, and 1117 again at the ninth. The 1250s within
    400 keep each pass lowering Ru by less: no guard of the next test applies."""
    rated = {"L0": 1250, "L1": 1250, "L2": 1250, "H0": 1800, "H1": 1800, "H2": 1800}
    names = [*rated, "U"]
    scores = {"L0": 5 + 1, "L1": 5 + 1, "L2": 5 + 2, "H0": 5 + 2, "H1": 5 + 2, "H2": 5 + 2}
    players = [
        RoundRobinPlayer(name, rating, tuple(o for o in names if o != name), scores[name])
        for name, rating in rated.items()
    ]
    players.append(RoundRobinPlayer("U", None, tuple(rated), 2))
    result = RULES.round_robin(players)
    assert (result.tournament_average, result.initial) == (1492, {"U": 1258})
    assert [step["U"][1] for step in result.iterations] == [
        1187, 1152, 1134, 1125, 1121, 1119, 1118, 1117, 1117,
    ]  # fmt: skip
    assert result.final == {"U": 1117}


def test_a_round_robin_ru_below_the_floor_stays_where_the_pass_left_it():
    """Interpretation 7 with 0.6: R1-R4 (2000) draw each other and beat U. Each scores 2.5
    of 4: p .63 (8.1a: .625 rounds up) -> dp 95; Ra = 2000 - 95 x 4/5 = 1924. U scores
    0: dp -800, Ru = 1924 - 800 x 4/5 = 1284. Pass 1: all four are more than 400 above
    and count as 1684: Rc(new) = 1924 - 4 x 316 / 4 = 1608, Ru = 1608 - 640 = 968, below
    the floor of 1200: kept. (Each further pass would take 316 more off, without end.)"""
    players = [
        RoundRobinPlayer(
            f"R{i}", 2000, tuple(o for o in ("R1", "R2", "R3", "R4", "U") if o != f"R{i}"), 5
        )
        for i in range(1, 5)
    ]
    players.append(RoundRobinPlayer("U", None, ("R1", "R2", "R3", "R4"), 0))
    result = RULES.round_robin(players)
    assert result.tournament_average == 1924
    assert result.initial == {"U": 1284}
    assert result.iterations[0] == {"U": (1608, 968)}
    assert result.final == {"U": 968} and len(result.iterations) == 2


@pytest.mark.parametrize(
    ("player", "printed_we"),
    [("A", "7.36"), ("B", "6.48"), ("D", "5.40"), ("G", "4.21"), ("J", "4.21")],
)
def test_worked_example_8_58_expected_scores_of_the_rated_players(example_8_58, player, printed_we):
    """8.58 We column: each rated player's games rated against the final Ru (8.52, 8.54)."""
    players, result = example_8_58
    me = next(p for p in players if p.key == player)
    games = [Game(me.rating, RATINGS[o] or result.final[o], 0, "rr") for o in me.opponents]
    assert str(RULES.rating_change(established(me.rating), games, year=2026).expected) == printed_we


def test_worked_example_8_58_player_f_expected_score_as_the_tables_give_it(example_8_58):
    """The printed We of F (2.52) cannot be reproduced from the tables: F (2150) reads .08
    (A, capped), .11 (B), .17 (C 2423), .19 (D), .20 (E 2393), .30 (G), .51 (H 2144), .70
    (I 1998), .30 (J) = 2.56 (2.55 with I at the first pass's 2006). See DESIGN-notes."""
    players, result = example_8_58
    me = next(p for p in players if p.key == "F")
    games = [Game(2150, RATINGS[o] or result.final[o], 0, "rr") for o in me.opponents]
    assert RULES.expected_per_game(games) == [8, 11, 17, 19, 20, 30, 51, 70, 30]


# -- 8.54 / 8.55: the rating change of a rated player ----------------------------------------


def test_a_difference_over_400_counts_as_400_for_both_players():
    """8.54: 2600 v 2100: the higher reads .92 (not .96), the lower .08 (not .04)."""
    assert RULES.expected_score(2600, 2100) == 92
    assert RULES.expected_score(2100, 2600) == 8


def test_rating_change_is_k_times_the_sum_of_score_minus_expectation():
    """8.55: K=15 player 2000 beats 2100 (.36) and draws 1900 (.64): dR = .64 - .14 = .50,
    change 7.50, new rating 2007.5 -> 2008 (8.57: 0.5 is rounded up)."""
    games = [Game(2000, 2100, 2, "t"), Game(2000, 1900, 1, "t")]
    change = RULES.rating_change(established(2000), games, year=2026)
    assert (change.k, str(change.expected), str(change.change)) == (15, "1.00", "7.50")
    assert (change.change_rounded, change.new_rating) == (8, 2008)


def test_the_new_rating_rounds_a_negative_half_upwards():
    """8.57 rounds the new rating, halves up: 2400 (K 10) loses to 2211 (.75): -7.50 makes
    2392.5, published as 2393, a change of -7 (R&B rounds the same change to -8)."""
    change = RULES.rating_change(
        established(2400, reached_2400=True), [Game(2400, 2211, 0, "t")], year=2026
    )
    assert str(change.change) == "-7.50"
    assert (change.change_rounded, change.new_rating) == (-7, 2393)


@pytest.mark.parametrize(
    ("state", "k"),
    [
        (PlayerState(rating=1800, games=0), 30),
        (PlayerState(rating=1800, games=29), 30),
        (PlayerState(rating=1800, games=30), 15),
        (PlayerState(rating=2399, games=200), 15),
        (PlayerState(rating=2350, games=200, reached_2400=True), 10),
        (PlayerState(rating=2450, games=20, reached_2400=True), 30),
    ],
)
def test_k_factor_follows_8_56(state, k):
    """8.56: 30 until 30 games; 15 while never published at 2400; 10 once published at
    2400, even after dropping below."""
    assert RULES.k_factor(state, year=2026, games_in_period=5) == k


def test_there_is_no_700_rule_in_standard_play():
    assert RULES.k_factor(PlayerState(rating=1800, games=5), year=2026, games_in_period=80) == 30


def test_game_details_explain_each_game_with_the_clause():
    details = RULES.game_details([Game(2600, 2100, 2, "t"), Game(2600, 2590, 0, "t")])
    assert [(d.difference_used, d.expected_hundredths, d.delta_hundredths) for d in details] == [
        (400, 92, 8),
        (10, 51, -51),
    ]
    assert {d.clause for d in details} == {"standard-2009 8.54"}


# -- new players: 6.1, 7.14, 8.2, 8.3 ----------------------------------------------------------


def test_a_first_event_with_half_a_point_is_disregarded():
    """6.1 / 8.21: 0.5 of 4 in the first event is disregarded; 5/9 later gives Rc + 15."""
    first = EventResult.against([1800] * 4, 1, dt.date(2026, 1, 10))
    second = EventResult.against([1900] * 9, 10, dt.date(2026, 5, 1))
    outcome = RULES.initial_rating([first, second], on=LIST)
    assert outcome.disregarded == (first,)
    assert outcome.rating == 1915


def test_a_first_event_with_fewer_than_three_rated_opponents_is_disregarded():
    """8.21: two games, two points, is not a first event to build on."""
    first = EventResult.against([1800, 1850], 4, dt.date(2026, 1, 10))
    assert not RULES.counts_as_first_event(first)


def test_a_first_result_below_the_floor_is_ignored_but_later_ones_count():
    """8.31: 1/5 against 1300 gives 1300 - 240 = 1060 < 1200: ignored as a first result.
    Once a first result counts, a later weak event is pooled (8.21: all results)."""
    weak = EventResult.against([1300] * 5, 2, dt.date(2026, 1, 10))
    good = EventResult.against([1500] * 5, 6, dt.date(2026, 3, 1))
    later_weak = EventResult.against([1300] * 5, 2, dt.date(2026, 6, 1))
    outcome = RULES.initial_rating([weak, good, later_weak], on=LIST)
    assert outcome.disregarded == (weak,)
    # 10 games, 4 points, Rc 1400: p .40 -> dp -72 -> 1328
    assert (outcome.games, outcome.rating) == (10, 1328)


def test_a_result_its_round_robin_left_out_is_disregarded_after_a_good_first_event():
    """6.1: half a point of four in a round robin that left the player out, his opponents'
    games against him with it, stays disregarded even where an event that counts comes
    first (a late report): 5/10 against 1500 is pooled alone, 1500 (8.22)."""
    good = EventResult.against([1500] * 10, 10, dt.date(2026, 1, 10))
    robin = EventResult.against([2000] * 4, 1, dt.date(2026, 3, 1))
    left_out = replace(robin, left_out=True)
    outcome = RULES.initial_rating([good, left_out], on=LIST)
    assert (outcome.disregarded, outcome.games, outcome.rating) == ((left_out,), 10, 1500)
    assert RULES.initial_rating([good, robin], on=LIST).games == 14  # counted, unflagged


def test_nine_games_are_needed_and_the_reason_says_so():
    """7.14b: 8 games are not enough; the outcome says how many are missing."""
    events = [EventResult.against([2000] * 8, 8, dt.date(2026, 6, 1))]
    outcome = RULES.initial_rating(events, on=LIST)
    assert outcome.rating is None
    assert outcome.reason == "8 of the 9 games needed (standard-2009 7.14)"


def test_olympiad_results_need_seven_games():
    """7.14f: a rating based on the Olympiad needs 7 games."""
    olympiad = EventResult.against([2000] * 7, 7, dt.date(2026, 9, 20), team_championship=True)
    assert RULES.initial_rating([olympiad], on=LIST).rating == 2000


def test_a_member_of_the_ibca_icsc_or_ipca_needs_seven_games():
    """7.14g: "If a player is a member of the IBCA, ICSC or IPCA, a minimum of 7 games."
    4/7 against 2000 (8.23: 2000 + 15 for the half point over 50%) is published for him,
    and not for another player, who needs 9 (7.14b)."""
    events = [EventResult.against([2000] * 7, 8, dt.date(2026, 9, 20))]  # halves: 4 points
    assert RULES.initial_rating(events, on=LIST, association_member=True).rating == 2015
    outcome = RULES.initial_rating(events, on=LIST)
    assert (outcome.rating, outcome.reason) == (
        None,
        "7 of the 9 games needed (standard-2009 7.14)",
    )
    six = [EventResult.against([2000] * 6, 8, dt.date(2026, 9, 20))]
    assert RULES.initial_rating(six, on=LIST, association_member=True).reason == (
        "6 of the 7 games needed (standard-2009 7.14g)"
    )


def test_rapid_and_blitz_ask_no_fewer_games_of_an_association_member():
    """R&B 2024 6.1.4 asks 5 games of every new player; 7.14g is standard-2009's alone."""
    from regulations.rapid_blitz_2024 import RapidBlitz2024

    events = [EventResult.against([2000] * 4, 4, dt.date(2026, 9, 20))]
    outcome = RapidBlitz2024().initial_rating(events, on=LIST, association_member=True)
    assert (outcome.rating, outcome.reason) == (None, "4 of the 5 games needed (R&B 2024 6.1.4)")


def test_results_older_than_two_years_are_not_pooled():
    """7.14c: results within two years are pooled; older ones fall out."""
    old = EventResult.against([2000] * 5, 5, dt.date(2024, 11, 30))
    recent = EventResult.against([2000] * 5, 5, dt.date(2024, 12, 1))
    outcome = RULES.initial_rating([old, recent], on=LIST)
    assert outcome.counted == (recent,)
    assert outcome.rating is None


def test_a_rating_below_the_floor_is_not_published():
    """7.14d / 8.33: 1/9 against 1400 gives 1400 - 351 = 1049 < 1200."""
    events = [
        EventResult.against([1400] * 3, 2, dt.date(2026, 1, 1)),  # counts as a first event
        EventResult.against([1000] * 9, 0, dt.date(2026, 6, 1)),
    ]
    outcome = RULES.initial_rating(events, on=LIST)
    assert outcome.rating is None
    assert "below the floor of 1200 (standard-2009 7.14d)" in outcome.reason


def test_round_robin_event_below_half_uses_n_over_n_plus_one():
    """8.25: Ru = Ra + dp x n/(n+1): 3 of 9 (p .33, dp -125) with Ra 2300 -> 2187.5 -> 2188."""
    event = EventResult(9, 6, Fraction(2300), dt.date(2026, 1, 1), round_robin=True)
    assert RULES.event_performance(event) == 2188


# -- rule checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("time_control", "highest", "clauses"),
    [
        (TimeControl(Fraction(90), 30), 2250, []),  # 90 + 30 = 120
        (TimeControl(Fraction(60), 30), 2250, ["standard-2009 1.1"]),  # 90 < 120
        (TimeControl(Fraction(60), 30), 1700, []),  # 90 >= 90
        (TimeControl(Fraction(45), 10), 1500, ["standard-2009 1.1"]),  # 55 < 60
        (TimeControl(Fraction(45), 15), None, []),  # 60, everyone unrated
        (TimeControl(Fraction(90), 30, moves=40, extra_minutes=Fraction(30)), 2700, []),
        (
            TimeControl(Fraction(90), 30, moves=30, extra_minutes=Fraction(30)),
            2700,
            ["standard-2009 1.3"],
        ),
    ],
)  # fmt: skip
def test_rate_of_play_minimum_depends_on_the_highest_rating(time_control, highest, clauses):
    """1.1: 120 minutes for 60 moves with a 2200+ player, 90 with 1600+, 60 otherwise;
    1.3: a first control with a number of moves is at move 40."""
    violations = RULES.rate_of_play_violations(
        time_control, category=Category.STANDARD, highest_rating=highest
    )
    assert [v.clause for v in violations] == clauses


def test_rate_of_play_message_quotes_the_figures():
    (violation,) = RULES.rate_of_play_violations(
        TimeControl(Fraction(60), 30), category=Category.STANDARD, highest_rating=2250
    )
    assert "90 minutes for 60 moves" in violation.message and "minimum is 120" in violation.message


def test_at_most_three_rounds_and_twelve_hours_a_day():
    """3.1: 4 rounds is too many; 3 rounds of 120 + 30 s (2 x 150 min each) is 15 hours."""
    day = dt.date(2026, 5, 1)
    assert [v.clause for v in RULES.rounds_per_day_violations(
        {day: 4}, category=Category.STANDARD, time_control=None
    )] == ["standard-2009 3.1"]  # fmt: skip
    assert not RULES.rounds_per_day_violations(
        {day: 3}, category=Category.STANDARD, time_control=TimeControl(Fraction(90), 30)
    )
    (too_long,) = RULES.rounds_per_day_violations(
        {day: 3}, category=Category.STANDARD, time_control=TimeControl(Fraction(120), 30)
    )
    assert "15 hours" in too_long.message


def test_registration_is_due_one_month_before_the_start():
    """0.4: one month before; 31 March -> 28 February."""
    assert RULES.registration_deadline(dt.date(2026, 3, 31)) == dt.date(2026, 2, 28)
    assert RULES.registration_deadline(dt.date(2026, 7, 15)) == dt.date(2026, 6, 15)


def test_the_closing_date_is_seven_days_before_the_list():
    """7.13."""
    assert RULES.closing_date(dt.date(2026, 12, 1)) == dt.date(2026, 11, 24)


def test_tournaments_longer_than_90_days_need_approval_unless_leagues():
    """4.1, 4.11: 1 Jan - 31 Mar 2026 is 90 days; to 1 April is 91."""
    start = dt.date(2026, 1, 1)
    assert not RULES.duration_violations(start, dt.date(2026, 3, 31), league=False)
    (violation,) = RULES.duration_violations(start, dt.date(2026, 4, 1), league=False)
    assert violation.clause == "standard-2009 4.1" and "91 days" in violation.message
    assert not RULES.duration_violations(start, dt.date(2026, 9, 1), league=True)


def test_a_double_round_robin_counts_n_as_opponents_not_games():
    """8.21(b)(iii) "n is the number of opponents" (DESIGN-notes 5), also in 8.25. A-E rated
    2000 draw each other twice; U draws A, B and C twice and loses twice to D and E: 3/10.
    A, B, C: 5/10, dp 0; D, E: 6/10 = .60, dp 72: dpa = 144/5 = 28.8; n = 5 opponents:
    Ra = 2000 - 28.8 x 5/6 = 1976. U: p .30, dp -149: Ru = 1976 - 149 x 5/6 = 1851.83
    -> 1852 (with n = 10 games it would be 1976 - 149 x 10/11 -> 1841). Nobody is more
    than 400 above him: final."""
    rated = ["A", "B", "C", "D", "E"]
    scores = {"A": 10, "B": 10, "C": 10, "D": 12, "E": 12}  # half points, U included
    players = [
        RoundRobinPlayer(name, 2000, tuple(o for o in [*rated, "U"] if o != name) * 2, scores[name])
        for name in rated
    ]
    players.append(RoundRobinPlayer("U", None, tuple(rated) * 2, 6))
    result = RULES.round_robin(players)
    assert result.tournament_average == 1976
    assert result.final["U"] == 1852
    assert RULES.initial_working([
        EventResult(10, 6, Fraction(1976), dt.date(2025, 3, 9), round_robin=True, opponents=5)
    ]).count("x 5/6") == 1  # fmt: skip

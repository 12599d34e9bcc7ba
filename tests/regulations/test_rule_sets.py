"""Choosing a rule set, the period computation, and the purity of ``regulations/``."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import regulations
from regulations import (
    DEFAULT_SCHEDULE,
    Category,
    EffectiveDate,
    UnknownRuleSet,
    get_rule_set,
    rule_set_for,
)
from regulations.base import MAX_DIFFERENCE
from regulations.rapid_blitz_2024 import RapidBlitz2024
from regulations.standard_2009 import Standard2009
from regulations.types import EventResult, Game, PeriodGame, PlayerState

PACKAGE = Path(regulations.__file__).parent


@pytest.mark.parametrize(
    ("category", "start", "rule_set"),
    [
        (Category.STANDARD, dt.date(2009, 6, 30), "standard-1994"),
        (Category.STANDARD, dt.date(2009, 7, 1), "standard-2009"),
        (Category.RAPID, dt.date(2023, 12, 31), "rapid-blitz-pre2024"),
        (Category.BLITZ, dt.date(2024, 1, 1), "rapid-blitz-2024"),
        (Category.ONLINE_BULLET, dt.date(2020, 5, 1), "online-arena"),
    ],
)
def test_the_rule_set_in_force_follows_the_tournaments_start_date(category, start, rule_set):
    """standard-2009 0.1 / R&B 2024 0.1: changes apply to tournaments starting on or after
    the date they become effective."""
    assert rule_set_for(category, start).id == rule_set


def test_an_administrator_can_move_an_effective_date():
    schedule = [
        *DEFAULT_SCHEDULE,
        EffectiveDate("rapid-blitz-2024", Category.RAPID, dt.date(2023, 7, 1)),
    ]
    assert rule_set_for("rapid", dt.date(2023, 8, 1), schedule).id == "rapid-blitz-2024"


def test_unknown_rule_sets_are_refused_by_name():
    with pytest.raises(UnknownRuleSet, match="known: online-arena, rapid-blitz-2024"):
        get_rule_set("standard-2030")
    with pytest.raises(UnknownRuleSet, match="No rule set is in force"):
        rule_set_for(Category.STANDARD, dt.date(2020, 1, 1), schedule=[])


# -- a period, in bulk, equals the per-player computation --------------------------------------

players = st.integers(min_value=0, max_value=7)
ratings = st.one_of(st.none(), st.integers(min_value=1000, max_value=2800))
period_games = st.lists(
    st.tuples(players, players, ratings, ratings, st.integers(0, 2), st.integers(0, 2)).filter(
        lambda g: g[0] != g[1]
    ),
    max_size=60,
)


@pytest.mark.parametrize(
    "rule_set", ["standard-1994", "standard-2009", "rapid-blitz-pre2024", "rapid-blitz-2024"]
)
@settings(max_examples=60, deadline=None)
@given(games=period_games, state_ratings=st.lists(st.integers(1000, 2800), min_size=8, max_size=8))
def test_rating_a_period_in_bulk_equals_rating_each_player_alone(rule_set, games, state_ratings):
    rules = get_rule_set(rule_set)
    states = {p: PlayerState(rating=r, games=10 * p, reached_2400=p % 3 == 0, birth_year=2000 + p)
              for p, r in enumerate(state_ratings) if p != 7}  # player 7 is unrated  # fmt: skip
    period = [PeriodGame(w, b, wr, br, s, t) for w, b, wr, br, s, t in games]
    bulk = rules.rate_period(states, period, year=2026)
    for player, state in states.items():
        mine = [
            Game(wr, br, s, t) if w == player else Game(br, wr, 2 - s, t)
            for w, b, wr, br, s, t in games
            if player in (w, b) and wr is not None and br is not None
        ]
        if not mine:
            assert player not in bulk
            continue
        assert bulk[player] == rules.rating_change(state, mine, year=2026)
    assert 7 not in bulk


# -- the working of a first rating (the player page's explanation) -------------------------


def test_the_working_of_8_34_shows_the_pooled_rc_and_the_15_points():
    """standard-2009 8.34 worked example: (3 x 2220 + 5 x 2150 + 4 x 2200) / 12 = 2184.17;
    6.5 of 12 is one half point over 50%: + 15 = 2199.17 -> 2199 (8.23, 8.32)."""
    events = [
        EventResult.against([2220] * 3, 2, dt.date(2026, 3, 1)),
        EventResult.against([2150] * 5, 6, dt.date(2026, 6, 1)),
        EventResult.against([2200] * 4, 5, dt.date(2026, 9, 1)),
    ]
    assert get_rule_set("standard-2009").initial_working(events) == (
        "3 events pooled as one (8.3): Rc = 2184.17; 6.5 of 12 is 1 half point over 50%: "
        "Ru = Rc + 15 x 1 = 2199.17 (8.23); rounded: 2199 (8.32)"
    )


@pytest.mark.parametrize(
    ("rule_set", "clause"),
    [("standard-2009", "8.22"), ("standard-1994", "10.22"), ("rapid-blitz-pre2024", "7.24")],
)
def test_the_working_of_a_50_percent_score_cites_the_50_percent_clause(rule_set, clause):
    """standard-2009 8.22 ("If he scores 50%, then Ru = Ra"), standard-1994 10.22; 8.23
    and 10.23 are "more than 50%" (a review found them cited for 4.5 of 9). pre-2024 7.24
    holds all three cases in one clause."""
    event = EventResult.against([2000] * 9, 9, dt.date(2026, 3, 1))
    base = "Ra" if rule_set == "rapid-blitz-pre2024" else "Rc"
    assert f"4.5 of 9 is 50%: Ru = {base} = 2000 ({clause})" in get_rule_set(
        rule_set
    ).initial_working([event])


def test_the_working_of_a_lone_round_robin_below_half_uses_n_over_n_plus_one():
    """standard-2009 8.58, player H: 2 of 9, p .22 -> dp -220; 2348 - 220 x 9/10 = 2150."""
    event = EventResult(9, 4, Fraction(2348), dt.date(2026, 3, 1), round_robin=True)
    assert get_rule_set("standard-2009").initial_working([event]) == (
        "2 of 9: p = .22, dp = -220 (8.1a); Ru = Ra + dp x n/(n+1) = 2348 - 220 x 9/10 = "
        "2150 (8.25); rounded: 2150 (8.32)"
    )


def test_the_working_of_rb_2024_names_the_hypothetical_opponents_and_the_cap():
    """R&B 2024 7.2.3-7.2.4: 4.5 of 8 against Rc 2080.50, with two 1800 draws:
    Ra = (8 x 2080.50 + 3600) / 10 = 2024.40; 5.5 of 10, p .55 -> dp 36; 2060.40 -> 2060.
    Five wins against 2300: Ra = 15,100 / 7 = 2157.14, p 6/7 -> .86 -> 309: 2466, at
    most 2200."""
    rules = get_rule_set("rapid-blitz-2024")
    assert rules.initial_working(
        [EventResult(8, 9, Fraction(416100, 200), dt.date(2026, 3, 1))]
    ) == (
        "Ra = (8 x 2080.50 + 2 x 1800) / 10 = 2024.40, with two hypothetical opponents rated "
        "1800, both drawn (7.2.3); score 5.5 of 10: p = .55, dp = 36 (7.1.1); "
        "Ru = Ra + dp = 2060.40, rounded: 2060 (7.2.4)"
    )
    capped = rules.initial_working([EventResult.against([2300] * 5, 10, dt.date(2026, 3, 1))])
    assert capped.endswith(
        "Ru = Ra + dp = 2466.14, rounded: 2466 (7.2.4); at most 2200: 2200 (7.2.4)"
    )


def test_the_working_of_rb_pre2024_and_standard_1994():
    """pre-2024 7.23-7.24: 1.5 of 5 against 1600: p .30 -> dp -149 (7.1a): 1451.
    standard-1994 10.22-10.25, 10.3: 2.5 of 4 against 2200: + 12.5 = 2212.50; 1.5 of 5
    against 2000: - 149 = 1851; (4 x 2212.50 + 5 x 1851) / 9 = 2011.67 -> 2012."""
    march = dt.date(2026, 3, 1)
    assert (
        get_rule_set("rapid-blitz-pre2024").initial_working(
            [EventResult.against([1600] * 5, 3, march)]
        )
        == "Ra = 1600 (7.23); 1.5 of 5: p = .30, dp = -149 (7.1a); Ru = Ra + dp = 1451 (7.24); "
        "rounded: 1451 (7.24)"
    )
    assert get_rule_set("standard-1994").initial_working(
        [EventResult.against([2200] * 4, 5, march), EventResult.against([2000] * 5, 3, march)]
    ) == (
        "2.5 of 4 is 1 half point over 50%: Ru = Rc + 12.5 x 1 = 2212.50 (10.23); "
        "1.5 of 5: p = .30, dp = -149 (10.1); Ru = Rc + dp = 1851 (10.24); "
        "the average weighted by games (10.3): 2011.67; rounded: 2012 (10.32)"
    )


@pytest.mark.parametrize("rules", [Standard2009(), RapidBlitz2024()], ids=lambda r: r.id)
def test_the_difference_used_of_a_lone_game_is_capped_at_400(rules):
    """standard-2009 8.54, R&B 2024 7.3.1: a difference of more than 400 counts as 400, for
    the higher and the lower rated player alike; the period reads it from this table."""
    table, offset = rules.difference_used_by_difference, MAX_DIFFERENCE
    assert [table[d + offset] for d in (-735, -401, -400, -12, 0, 12, 400, 401, 735)] == [
        -400, -400, -400, -12, 0, 12, 400, 400, 400,
    ]  # fmt: skip


def test_pooled_results_average_the_events_competition_ratings_by_games():
    """Standard-2009 8.3, R&B 2024 6.1.4: results pooled as one tournament. By hand: Rc
    4501/3 over 3 games (1401, 1500, 1600) and 3501/2 over 2 (1700, 1801) pool into
    (4501 + 3501) / 5 = 1600.4 over 5 games, 4 points."""
    first = EventResult.against([1401, 1500, 1600], 5, dt.date(2025, 1, 12))
    second = EventResult.against([1700, 1801], 3, dt.date(2025, 2, 9))
    pooled = EventResult.pooled([first, second])
    assert pooled.competition_rating == Fraction(8002, 5)
    assert (pooled.games, pooled.score_halves, pooled.end_date) == (5, 8, dt.date(2025, 2, 9))


@given(
    events=st.lists(
        st.tuples(st.lists(st.integers(1000, 2800), min_size=1, max_size=11), st.integers(0, 4)),
        min_size=1,
        max_size=6,
    )
)
def test_pooled_competition_rating_is_the_exact_weighted_average(events):
    """Whatever the events' denominators, the pooled Rc is exactly sum(Rc x games) / games."""
    results = [
        EventResult.against(ratings, halves, dt.date(2025, 1, 1)) for ratings, halves in events
    ]
    games = sum(r.games for r in results)
    expected = sum((r.competition_rating * r.games for r in results), Fraction(0)) / games
    assert EventResult.pooled(results).competition_rating == expected

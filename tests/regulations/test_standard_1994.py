"""standard-1994 (section 10, GA '94): the 10.3 example and hand-computed cases."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from regulations.round_robin import RoundRobinPlayer
from regulations.standard_1994 import RULES
from regulations.types import EventResult, Game, PlayerState

LIST = dt.date(2008, 7, 1)


def event(ru_games: int, rc: int, score_halves: int, end: dt.date) -> EventResult:
    return EventResult(ru_games, score_halves, Fraction(rc), end)


def test_worked_example_10_3_weighted_average_of_ru_gives_2270():
    """10.3: Ru 2280 over 5 games, 2400 over 10, 2000 over 5 -> (11400 + 24000 + 10000)/20
    = 2270. Each event at 50% makes Ru = Rc (10.22)."""
    events = [
        event(5, 2280, 5, dt.date(2007, 9, 1)),
        event(10, 2400, 10, dt.date(2007, 12, 1)),
        event(5, 2000, 5, dt.date(2008, 3, 1)),
    ]
    assert RULES.initial_rating(events, on=LIST).rating == 2270


def test_ru_adds_12_5_per_half_point_over_half():
    """10.23: 6/9 against 2000: three half points over 50% -> 2037.5 -> 2038 (10.32)."""
    assert RULES.event_performance(event(9, 2000, 12, LIST)) == 2038


def test_a_first_performance_below_1801_is_ignored():
    """10.31: 2/9 against 2000 (p .22, dp -220) gives 1780 < 1801: ignored first result;
    the next event is then the first."""
    weak = event(9, 2000, 4, dt.date(2007, 9, 1))
    good = event(9, 2000, 9, dt.date(2008, 1, 1))
    outcome = RULES.initial_rating([weak, good], on=LIST)
    assert outcome.disregarded == (weak,)
    assert outcome.rating == 2000


def test_opponents_are_counted_at_most_350_points_away():
    """10.51/10.53: 2400 v 2000, 2100, 2500: the 2000 counts as 2050, Rc = 2216.67,
    D = 183.33 (read as 183: .74), We = 3 x .74 = 2.22; 2/3 gives -0.22 x 15 = -3.30,
    Rn = 2396.7 -> 2397 (10.56)."""
    games = [Game(2400, 2000, 2, "t"), Game(2400, 2100, 0, "t"), Game(2400, 2500, 2, "t")]
    assert RULES.differences_used(games) == [Fraction(550, 3)] * 3
    change = RULES.rating_change(PlayerState(rating=2400, games=100), games, year=2008)
    assert (str(change.expected), str(change.change), change.new_rating) == ("2.22", "-3.30", 2397)


def test_each_tournament_has_its_own_competition_average():
    games = [Game(2000, 1800, 2, "a"), Game(2000, 2200, 0, "b")]
    assert RULES.differences_used(games) == [200, -200]


@pytest.mark.parametrize(
    ("state", "k"),
    [
        (PlayerState(rating=2100, games=29), 25),
        (PlayerState(rating=2450, games=29, reached_2400=True), 25),
        (PlayerState(rating=2100, games=30), 15),
        (PlayerState(rating=2390, games=40, reached_2400=True), 10),
    ],
)
def test_k_factor_is_25_15_or_10(state, k):
    """10.54: 25 until 30 games; 10 once published at 2400 with 30 games, permanently."""
    assert RULES.k_factor(state, year=2005, games_in_period=10) == k


def test_round_robin_rated_players_use_the_tournament_average():
    """10.51: a round robin of three rated players (2400, 2300, 2200) and one unrated.
    Rated p: 2400 2.5/3 (.83 -> 273), 2300 1.5/3 (.50 -> 0), 2200 0.5/3 (.17 -> -273):
    Rar 2300, dpa 0, Ra 2300. The unrated scores 1.5/3 -> Ru = Ra = 2300 (10.22).
    2400: Rc = (2300 x 4 - 2400)/3 = 2266.67, D 133.33 -> .68, We 2.04, K 15:
    (2.5 - 2.04) x 15 = +6.90 -> 2406.9 -> 2407."""
    players = [
        RoundRobinPlayer("a", 2400, ("b", "c", "u"), 5),
        RoundRobinPlayer("b", 2300, ("a", "c", "u"), 3),
        RoundRobinPlayer("c", 2200, ("a", "b", "u"), 1),
        RoundRobinPlayer("u", None, ("a", "b", "c"), 3),
    ]
    states = {p.key: PlayerState(rating=p.rating or 0, games=100) for p in players}
    result = RULES.round_robin(players, states, year=2005)
    assert result.tournament_average == 2300
    assert result.unrated == {"u": 2300}
    change = result.changes["a"]
    assert (str(change.expected), str(change.change), change.new_rating) == ("2.04", "6.90", 2407)

"""Choosing a rule set, the period computation, and the purity of ``regulations/``."""

from __future__ import annotations

import ast
import datetime as dt
import sys
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
from regulations.types import Game, PeriodGame, PlayerState

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


def test_regulations_imports_only_the_standard_library():
    """DESIGN.md: regulations/ is pure Python; no Django, no third-party package."""
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top == "regulations" or top in sys.stdlib_module_names, (
                    f"{path.name} imports {name}"
                )


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

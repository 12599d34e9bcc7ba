"""The regulations' rounding rules on exact values (DESIGN.md interpretation 1)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regulations.base import format_figure
from regulations.rounding import round_half_away_from_zero, round_half_up


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        # standard-2009 8.57 / 8.32: "0.5 is rounded up"; online arena 3.13 likewise.
        (Fraction(5, 2), 3), (Fraction(-5, 2), -2), (Fraction(-1, 2), 0),
        (Fraction(24999, 10), 2500), (Fraction(2149, 100), 21), (Fraction(-2151, 100), -22),
        (Decimal("2007.5"), 2008), (Decimal("-7.5"), -7), (7, 7), (-7, -7),
    ],
)  # fmt: skip
def test_halves_are_rounded_up(value, rounded):
    assert round_half_up(value) == rounded


def test_halves_away_from_zero_differ_below_zero():
    """R&B 2024 7.3.4: "0.5 is rounded away from zero", so -7.5 becomes -8 (where halves
    up gives -7)."""
    assert round_half_away_from_zero(Fraction(-15, 2)) == -8
    assert round_half_up(Fraction(-15, 2)) == -7


@given(st.fractions(max_denominator=10_000))
def test_halves_up_is_the_floor_of_the_value_and_a_half(value):
    """The definition: the nearest whole number, a half going up, is floor(x + 1/2)."""
    assert round_half_up(value) == math.floor(value + Fraction(1, 2))


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (Fraction(17201, 8), 2, "2150.13"),  # 2150.125: halves up, not to even (2150.12)
        (Fraction(1, 20), 1, "0.1"),  # 0.05
        (Fraction(-1, 8), 2, "-0.12"),  # -0.125: up is towards +infinity
        (Fraction(6350, 3), 2, "2116.67"),  # the calculator's Rc (standard-1994 10.51)
        (Fraction(4250, 2), 2, "2125"),  # whole numbers as they are
        (Decimal("2008.6"), 2, "2008.60"),
    ],
)
def test_a_figure_is_shown_to_its_places_halves_up_as_interpretation_1_rounds(value, places, shown):
    """DESIGN.md interpretation 1: halves up, exactly (a review found the explanations'
    averages rounded through floats, halves to even)."""
    assert format_figure(value, places) == shown

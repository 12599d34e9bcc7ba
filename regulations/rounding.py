"""The rounding rules of the regulations, one named function each.

The built-in ``round`` is never used for ratings: it rounds halves to even (2.5 -> 2),
which no regulation does.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

Exact = int | Fraction | Decimal


def round_half_up(value: Exact) -> int:
    """Nearest whole number, halves upwards (standard-2009 8.32/8.57: "0.5 is rounded up";
    online arena 3.13: "Fraction of 0.5 is rounded upwards")."""
    exact = value if isinstance(value, Fraction) else Fraction(value)
    # floor(n/d + 1/2) = floor((2n + d) / 2d), d > 0: whole numbers alone, no new Fraction
    # (a month's first ratings round tens of thousands of them).
    return (2 * exact.numerator + exact.denominator) // (2 * exact.denominator)


def round_half_away_from_zero(value: Exact) -> int:
    """Nearest whole number, halves away from zero (R&B 2024 7.3.4, R&B pre-2024 7.33:
    "0.5 is rounded away from zero", so -7.5 becomes -8)."""
    exact = Fraction(value)
    magnitude = math.floor(abs(exact) + Fraction(1, 2))
    return magnitude if exact >= 0 else -magnitude


def round_hundredths_half_up(value_hundredths: int) -> int:
    """``round_half_up`` of a figure held as an integer count of hundredths (no fractions
    on the hot path: (h + 50) // 100 is exact)."""
    return (value_hundredths + 50) // 100


def round_hundredths_half_away_from_zero(value_hundredths: int) -> int:
    """``round_half_away_from_zero`` of a figure held as an integer count of hundredths."""
    magnitude = (abs(value_hundredths) + 50) // 100
    return magnitude if value_hundredths >= 0 else -magnitude


def round_to_hundredths_half_up(value: Exact) -> Decimal:
    """Two decimals, halves upwards (online arena 3.1: ratings kept to two decimals)."""
    return Decimal(round_half_up(Fraction(value) * 100)) / 100


def hundredths(value: int) -> Decimal:
    """An integer count of hundredths as an exact two-decimal ``Decimal``."""
    return Decimal(value).scaleb(-2)

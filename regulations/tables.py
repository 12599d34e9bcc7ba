"""The two conversion tables, exactly as printed in every rule set's text.

standard-2009 8.1(a)/(b), R&B 2024 7.1.1/7.1.2, R&B pre-2024 7.1a/7.1b, standard-1994 10.1,
online arena 4.1/4.2. The texts print the same figures; the logistic formula of
standard-2009 12.1 is only an approximation and is never used (12.2: "the tables are used
precisely as shown").

Probabilities and fractional scores are kept in hundredths (integers) so that every
comparison and sum is exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from regulations.rounding import round_half_up

#: standard-2009 8.1(a): fractional score p (hundredths) -> rating difference dp.
#: p = 1.0 and p = .00 are shown "notionally as 800" / -800.
DP_BY_P_HUNDREDTHS: dict[int, int] = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401,
    91: 383, 90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273,
    82: 262, 81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184,
    73: 175, 72: 166, 71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110,
    64: 102, 63: 95, 62: 87, 61: 80, 60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36,
    54: 29, 53: 21, 52: 14, 51: 7, 50: 0, 49: -7, 48: -14, 47: -21, 46: -29, 45: -36,
    44: -43, 43: -50, 42: -57, 41: -65, 40: -72, 39: -80, 38: -87, 37: -95, 36: -102,
    35: -110, 34: -117, 33: -125, 32: -133, 31: -141, 30: -149, 29: -158, 28: -166,
    27: -175, 26: -184, 25: -193, 24: -202, 23: -211, 22: -220, 21: -230, 20: -240,
    19: -251, 18: -262, 17: -273, 16: -284, 15: -296, 14: -309, 13: -322, 12: -336,
    11: -351, 10: -366, 9: -383, 8: -401, 7: -422, 6: -444, 5: -470, 4: -501, 3: -538,
    2: -589, 1: -677, 0: -800,
}  # fmt: skip

#: standard-2009 8.1(b): rows (lowest D, highest D or None for "> 735", P_D of the higher
#: rated player H in hundredths). The lower rated player's L is 100 - H on every row.
PD_ROWS: tuple[tuple[int, int | None, int], ...] = (
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54), (33, 39, 55),
    (40, 46, 56), (47, 53, 57), (54, 61, 58), (62, 68, 59), (69, 76, 60), (77, 83, 61),
    (84, 91, 62), (92, 98, 63), (99, 106, 64), (107, 113, 65), (114, 121, 66),
    (122, 129, 67), (130, 137, 68), (138, 145, 69), (146, 153, 70), (154, 162, 71),
    (163, 170, 72), (171, 179, 73), (180, 188, 74), (189, 197, 75), (198, 206, 76),
    (207, 215, 77), (216, 225, 78), (226, 235, 79), (236, 245, 80), (246, 256, 81),
    (257, 267, 82), (268, 278, 83), (279, 290, 84), (291, 302, 85), (303, 315, 86),
    (316, 328, 87), (329, 344, 88), (345, 357, 89), (358, 374, 90), (375, 391, 91),
    (392, 411, 92), (412, 432, 93), (433, 456, 94), (457, 484, 95), (485, 517, 96),
    (518, 559, 97), (560, 619, 98), (620, 735, 99), (736, None, 100),
)  # fmt: skip

#: The largest difference with a row of its own; every larger one reads the "> 735" row.
LAST_LISTED_DIFFERENCE = 735

#: P_D (hundredths) of the higher rated player for every integer |D| up to 736, so that a
#: lookup on the hot path is one list index.
PD_HIGH_BY_DIFFERENCE: tuple[int, ...] = tuple(
    pd for low, high, pd in PD_ROWS for _ in range(low, (high if high is not None else low) + 1)
)


#: P_D (hundredths) for every whole D from -LAST_LISTED_DIFFERENCE to +LAST_LISTED_DIFFERENCE,
#: indexed by D + LAST_LISTED_DIFFERENCE: the over-the-board ratings are whole numbers, and
#: this is the lookup a federation's period makes millions of times.
_PD_BY_SIGNED_DIFFERENCE: tuple[int, ...] = tuple(
    100 - PD_HIGH_BY_DIFFERENCE[-d] if d < 0 else PD_HIGH_BY_DIFFERENCE[d]
    for d in range(-LAST_LISTED_DIFFERENCE, LAST_LISTED_DIFFERENCE + 1)
)


def integer_difference(difference: int | Fraction) -> int:
    """The integer |D| the table is read with (DESIGN.md interpretation 1).

    Ratings of the over-the-board rule sets are whole numbers, so D is too. Where D is not
    whole (standard-1994's average Rc, the online arena's two-decimal ratings) the table is
    read with the integer part of |D|: a difference of 3.9 has not yet reached the "4-10"
    row. See docs/DESIGN-notes.md.
    """
    return math.floor(-difference if difference < 0 else difference)


def expected_score_hundredths(difference: int | Fraction) -> int:
    """P_D in hundredths for a player whose rating minus his opponent's is ``difference``.

    standard-2009 8.1(b) / R&B 2024 7.1.2: H for the higher rated player, L = 1 - H for the
    lower; no cap is applied here (each rule set applies its own rating-difference rule).
    """
    if type(difference) is int and -LAST_LISTED_DIFFERENCE <= difference <= LAST_LISTED_DIFFERENCE:
        return _PD_BY_SIGNED_DIFFERENCE[difference + LAST_LISTED_DIFFERENCE]
    d = integer_difference(difference)
    high = PD_HIGH_BY_DIFFERENCE[d] if d <= LAST_LISTED_DIFFERENCE else 100
    return high if difference >= 0 else 100 - high


def expected_scores_hundredths(differences: Sequence[int | Fraction]) -> list[int]:
    """``expected_score_hundredths`` of each difference: a period reads the table twice a
    game, so whole differences in the table's range are looked up without a call."""
    table, offset = _PD_BY_SIGNED_DIFFERENCE, LAST_LISTED_DIFFERENCE
    return [
        table[d + offset]
        if type(d) is int and -offset <= d <= offset
        else expected_score_hundredths(d)
        for d in differences
    ]


def p_hundredths(score: Fraction) -> int:
    """The fractional score p rounded to two decimals, halves up (DESIGN.md interp. 1)."""
    if not 0 <= score <= 1:
        raise ValueError(f"a fractional score lies between 0 and 1, not {score}")
    return round_half_up(score * 100)


def rating_difference_for_score(score: Fraction) -> int:
    """dp for the fractional score p (standard-2009 8.1(a), R&B 2024 7.1.1)."""
    return DP_BY_P_HUNDREDTHS[p_hundredths(score)]

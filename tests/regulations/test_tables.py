"""The conversion tables: exactly as printed (standard-2009 8.1, R&B 2024 7.1.1/7.1.2)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regulations.tables import (
    DP_BY_P_HUNDREDTHS,
    PD_ROWS,
    expected_score_hundredths,
    p_hundredths,
    rating_difference_for_score,
)


def _printed_pairs(text: str, start: str, end: str) -> list[str]:
    section = text[text.index(start) : text.index(end, text.index(start))]
    return section.split()


def test_dp_table_matches_the_pre2024_excerpt_as_printed(regulation_texts):
    """R&B pre-2024 7.1a is printed with tabs and real minus signs: read it back."""
    text = (regulation_texts / "rapid-blitz-pre2024-excerpt.txt").read_text()
    tokens = _printed_pairs(text, "p\tdp", "7.1b")
    numbers = [t for t in tokens if re.fullmatch(r"-?\d*\.?\d+", t)]
    printed = {
        round(Fraction(numbers[i]) * 100): int(numbers[i + 1]) for i in range(0, len(numbers), 2)
    }
    assert printed == DP_BY_P_HUNDREDTHS
    assert len(printed) == 101


def test_pd_table_matches_the_pre2024_excerpt_as_printed(regulation_texts):
    """R&B pre-2024 7.1b: every row 'low-high H L' and the final '> 735 1.0 .00'."""
    text = (regulation_texts / "rapid-blitz-pre2024-excerpt.txt").read_text()
    section = text[text.index("Rtg Dif") : text.index("7.2\n")]
    printed = {
        (int(low), int(high)): (round(Fraction(h) * 100), round(Fraction(lo) * 100))
        for low, high, h, lo in re.findall(r"(\d+)-(\d+)\s+(\d?\.\d+)\s+(\d?\.\d+)", section)
    }
    assert "> 735\t1.0\t.00" in section
    ours = {(low, high): (h, 100 - h) for low, high, h in PD_ROWS if high is not None}
    assert printed == ours


def test_online_arena_prints_the_same_tables(regulation_texts):
    """Online arena 4.1/4.2 are the same figures (space separated there)."""
    text = (regulation_texts / "online-arena.txt").read_text()
    section = text[text.index("4.1 The table") : text.index("4.2 Table")]
    numbers = re.findall(r"(?<![\d.])(1\.0|\.\d\d)\s+(-?\d+)", section)
    assert {round(Fraction(p) * 100): int(dp) for p, dp in numbers} == DP_BY_P_HUNDREDTHS
    rows = re.findall(r"(\d+)-(\d+) (\.\d\d) (\.\d\d)", text[text.index("4.2 Table") :])
    assert len(rows) == len(PD_ROWS) - 1
    for low, high, h, lo in rows:
        assert expected_score_hundredths(int(low)) == round(Fraction(h) * 100)
        assert expected_score_hundredths(int(high)) == round(Fraction(h) * 100)
        assert expected_score_hundredths(-int(high)) == round(Fraction(lo) * 100)


def test_pd_rows_cover_every_difference_without_gaps():
    expected_low = 0
    for low, high, _ in PD_ROWS:
        assert low == expected_low
        expected_low = (high or low) + 1
    assert PD_ROWS[-1] == (736, None, 100)


@pytest.mark.parametrize(
    ("difference", "hundredths"),
    [
        (0, 50), (3, 50), (4, 51), (-4, 49), (91, 62), (92, 63), (400, 92), (-400, 8),
        (735, 99), (736, 100), (5000, 100), (-736, 0), (-620, 1),
    ],
)  # fmt: skip
def test_expected_score_reads_the_row_of_the_difference(difference, hundredths):
    """standard-2009 8.1(b): H for the higher rated player, L for the lower."""
    assert expected_score_hundredths(difference) == hundredths


def test_a_fractional_difference_is_read_with_its_integer_part():
    """DESIGN.md interpretation 1 / docs/DESIGN-notes.md: 3.9 has not reached the 4-10 row."""
    assert expected_score_hundredths(Fraction(39, 10)) == 50
    assert expected_score_hundredths(Fraction(-39, 10)) == 50
    assert expected_score_hundredths(Fraction(401, 100)) == 51
    assert expected_score_hundredths(Fraction(7355, 10)) == 99


@pytest.mark.parametrize(
    ("score", "p", "dp"),
    [
        (Fraction(1, 1), 100, 800),
        (Fraction(0), 0, -800),
        (Fraction(7, 9), 78, 220),  # 8.58: C scores 7 of 9
        (Fraction(1, 9), 11, -351),  # 8.58: I and J score 1 of 9
        (Fraction(2, 9), 22, -220),  # 8.58: H
        (Fraction(1, 3), 33, -125),  # 8.34's first event
        (Fraction(1, 8), 13, -322),  # .125 is rounded half up to .13
        (Fraction(5, 8), 63, 95),  # .625 -> .63
        (Fraction(3, 8), 38, -87),  # .375 -> .38
    ],
)
def test_dp_of_a_fractional_score_rounds_p_to_two_decimals_half_up(score, p, dp):
    assert p_hundredths(score) == p
    assert rating_difference_for_score(score) == dp


@given(st.integers(min_value=-5000, max_value=5000))
def test_the_two_players_expectations_add_up_to_one(difference):
    """8.1: the tables are mirror images: P_D(D) + P_D(-D) = 1."""
    assert expected_score_hundredths(difference) + expected_score_hundredths(-difference) == 100


@given(st.fractions(min_value=-2000, max_value=2000))
def test_the_expectations_add_up_to_one_for_fractional_differences(difference):
    total = expected_score_hundredths(difference) + expected_score_hundredths(-difference)
    # at an exact whole-number difference both sides read the same row
    assert total == 100


@given(st.integers(min_value=-2000, max_value=2000), st.integers(min_value=-2000, max_value=2000))
def test_expected_score_never_falls_as_the_difference_grows(a, b):
    low, high = sorted((a, b))
    assert expected_score_hundredths(low) <= expected_score_hundredths(high)


@given(st.integers(min_value=0, max_value=100))
def test_dp_never_falls_as_the_score_grows(p):
    if p < 100:
        assert DP_BY_P_HUNDREDTHS[p] < DP_BY_P_HUNDREDTHS[p + 1]
    assert DP_BY_P_HUNDREDTHS[p] == -DP_BY_P_HUNDREDTHS[100 - p]

"""Reading the free-text time control of TRF record 122, and the category it implies."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regulations.types import Category, TimeControl
from tournaments.time_controls import category_of, read_time_control


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # written by the corpus files' producers
        ("1:30 + 10 from move 1", TimeControl(Fraction(90), 10)),
        ("All moves in 90 minutes, plus 10 seconds per move", TimeControl(Fraction(90), 10)),
        ("120 minutes per player per game", TimeControl(Fraction(120))),
        ("40/120, 60", TimeControl(Fraction(120), 0, 40, Fraction(60))),
        ("120", TimeControl(Fraction(120))),
        # other common ways
        ("90'+30''", TimeControl(Fraction(90), 30)),
        ("90 min + 30 sec", TimeControl(Fraction(90), 30)),
        ("90+30", TimeControl(Fraction(90), 30)),
        ("G/90+30", TimeControl(Fraction(90), 30)),
        ("40/90+30+30s", TimeControl(Fraction(90), 30, 40, Fraction(30))),
        ("Rapid 15+10", TimeControl(Fraction(15), 10)),
        ("5' + 3''", TimeControl(Fraction(5), 3)),
        ("3+2", TimeControl(Fraction(3), 2)),
        # hours written as such (a review found "2h + 30s" read as two minutes)
        ("2h + 30s", TimeControl(Fraction(120), 30)),
        ("2 hours + 30 sec", TimeControl(Fraction(120), 30)),
        ("1h30 + 30s", TimeControl(Fraction(90), 30)),
        ("1 h 30 min + 30 s", TimeControl(Fraction(90), 30)),
        ("1.5h+30s", TimeControl(Fraction(90), 30)),
        ("1,5 h + 30 s", TimeControl(Fraction(90), 30)),
        ("2h 30s", TimeControl(Fraction(120), 30)),
        ("40/2h + 30min + 30s", TimeControl(Fraction(120), 30, 40, Fraction(30))),
        (
            "40 moves in 2 hours, then 30 minutes, plus 30 seconds per move",
            TimeControl(Fraction(120), 30, 40, Fraction(30)),
        ),
    ],
)
def test_common_ways_of_writing_a_time_control_are_read(text, expected):
    assert read_time_control(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "moves/time, increment",
        "see the regulations",
        "1.33h + 30s",
        # a review: each read wrongly for a while (1 h 30 or 1.3 hours? seconds in words
        # not known, a move count after the hours)
        "1.30h + 30s",
        "1,30 h + 30 s",
        "1h 30 Sek.",
        "2h 30 increment",
        "2 hours 40 moves",
        "1h 20 moves",
    ],
)
def test_a_time_control_that_cannot_be_read_is_none_rather_than_a_guess(text):
    assert read_time_control(text) is None


@pytest.mark.parametrize(
    ("time_control", "tournament_type", "category"),
    [
        ("1:30 + 10 from move 1", "Swiss", Category.STANDARD),
        ("15 min + 10 sec", "", Category.RAPID),  # R&B 2024 1.1.1: 25 minutes
        ("10+0", "", Category.BLITZ),  # 1.1.2: exactly 10 is blitz
        ("3+2", "", Category.BLITZ),
        ("2h + 30s", "", Category.STANDARD),  # not 2 minutes: blitz
        ("1h + 0s", "", Category.STANDARD),  # 1.1.1: rapid is less than 60 minutes
        ("", "Individual: swiss-system (standard)", Category.STANDARD),
        ("", "Blitz open", Category.BLITZ),
        ("moves/time, increment", "Individual: Swiss-System", None),
    ],
)
def test_the_category_follows_the_rate_of_play_or_the_words_used(
    time_control, tournament_type, category
):
    assert category_of(time_control, tournament_type) == category

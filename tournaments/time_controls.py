"""Reading the free-text time control of a report (TRF16 record 122) and telling its
category. Pure Python: used by ``rate_trf`` and by report validation.

Pairing programs and arbiters write 122 every way imaginable ("1:30 + 10 from move 1",
"All moves in 90 minutes, plus 10 seconds per move", "40/120, 60", "90'+30''", "3+2").
``read_time_control`` understands the common shapes and returns None rather than guess.
"""

from __future__ import annotations

import re
from fractions import Fraction

from regulations.rapid_blitz_2024 import RULES as RAPID_BLITZ
from regulations.types import Category, TimeControl

_HOURS_MINUTES = re.compile(r"\b(\d{1,2}):(\d{2})\b")
# "2h", "1.5 hours", "1h30", "1 h 30 min": hours, and the minutes written after them,
# with their unit or glued to the "h" ("1h 30 Sek.", "2 hours 40 moves": not minutes).
# "1.30h" (1 h 30 or 1.3 hours?) is left unread.
_HOURS = re.compile(
    r"(?<![\d.,])(\d{1,2}(?:[.,]\d)?)\s*(?:hours|hour|hrs|hr|h)(?![a-z])\.?"
    r"(?:\s*(\d{1,2})\s*(?:minutes|minute|mins|min|m(?![a-z])|'|\u2032)|(\d{2})(?![\w.,]))?"
)
_MOVES_IN = re.compile(r"\b(\d{2})\s*(?:moves?\s*(?:in|/)|/)\s*(\d{1,3})")
_SECONDS = re.compile(r"(\d{1,3})\s*(?:s\b|sec|secs|seconds|second|''|\"|\u2033)")
_MINUTES = re.compile(r"(\d{1,3})\s*(?:m\b|min|mins|minutes|minute|'|\u2032)")
_NUMBER = re.compile(r"\d{1,3}")
_CATEGORY_WORDS = (("bullet", Category.BLITZ), ("blitz", Category.BLITZ), ("rapid", Category.RAPID))


def read_time_control(text: str) -> TimeControl | None:
    """The time control written in ``text``, or None when it cannot be read with confidence.

    Shapes understood: "90+30" / "90'+30''" / "90 min + 30 sec" (minutes + seconds a move),
    "1:30 + 10" (hours:minutes), "All moves in 90 minutes, plus 10 seconds per move",
    "40/120, 60" and "40/90+30+30s" (moves in minutes, then more minutes), "120", and
    hours written as such ("2h + 30s", "1h30 + 30s", "40 moves in 2 hours, then 30 minutes").
    """
    normalised = _HOURS_MINUTES.sub(
        lambda m: f"{int(m.group(1)) * 60 + int(m.group(2))} min", text.lower()
    )
    normalised = _HOURS.sub(_in_minutes, normalised)
    moves = None
    moves_match = _MOVES_IN.search(normalised)
    if moves_match:
        moves = int(moves_match.group(1))
        normalised = (
            normalised[: moves_match.start()]
            + f"{moves_match.group(2)} min"
            + normalised[moves_match.end() :]
        )
    seconds = [int(s) for s in _SECONDS.findall(normalised)]
    without_seconds = _SECONDS.sub(" ", normalised)  # 3'' is not 3 minutes
    minutes = [int(m) for m in _MINUTES.findall(without_seconds)]
    rest = _MINUTES.sub(" ", without_seconds)
    bare = [int(n) for n in _NUMBER.findall(rest) if not _is_move_number(rest, n)]
    if not minutes and bare:
        minutes, bare = [bare[0]], bare[1:]
    if not minutes:
        return None
    if not seconds and bare and "+" in normalised:
        # "90+30": the last bare figure after a plus is the increment in seconds
        seconds, bare = [bare[-1]], bare[:-1]
    minutes.extend(bare)
    if len(seconds) > 1 or len(minutes) > 2 or (len(minutes) == 2 and moves is None):
        return None
    return TimeControl(
        base_minutes=Fraction(minutes[0]),
        increment_seconds=seconds[0] if seconds else 0,
        moves=moves,
        extra_minutes=Fraction(minutes[1]) if len(minutes) == 2 else Fraction(0),
    )


def _in_minutes(hours: re.Match[str]) -> str:
    """ "1.5h" and "1h30" as "90 min" (a review found "2h + 30s" read as 2 minutes: a
    standard event taken for blitz). A tenth of an hour is six minutes."""
    after = hours.group(2) or hours.group(3) or 0
    minutes = Fraction(hours.group(1).replace(",", ".")) * 60 + int(after)
    return f"{minutes} min"


def _is_move_number(text: str, number: str) -> bool:
    """ "from move 1" names a move, not a time."""
    return re.search(rf"move\s*{number}\b", text) is not None


def category_of(time_control_text: str, tournament_type_text: str = "") -> Category | None:
    """The over-the-board category of a report: from its time control when it can be read
    (R&B 2024 1.1: rapid and blitz by base + 60 x increment; anything slower is standard),
    otherwise from the words "rapid", "blitz" or "standard" in 122 or 092; None if neither
    tells."""
    time_control = read_time_control(time_control_text)
    if time_control is not None:
        return RAPID_BLITZ.classify_rate_of_play(time_control) or (
            Category.STANDARD if time_control.minutes_for(60) >= 60 else None
        )
    words = f"{time_control_text} {tournament_type_text}".lower()
    for word, category in _CATEGORY_WORDS:
        if word in words:
            return category
    if "standard" in words or "classical" in words:
        return Category.STANDARD
    return None

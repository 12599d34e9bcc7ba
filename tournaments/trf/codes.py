"""Fixed facts of the TRF16 format: record codes, column layout, result codes, titles.

Everything here is a constant from trf16.md; nothing here reads or writes a file.
Columns are 1-based and inclusive, as FIDE counts them; `Field.slice` turns them into
0-based string slices.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """A fixed-column field of a record, 1-based inclusive columns (trf16.md §3)."""

    first: int
    last: int
    label: str

    @property
    def width(self) -> int:
        """Number of characters the field holds."""
        return self.last - self.first + 1

    def cut(self, text: str) -> str:
        """The field's characters in `text` (short lines give a short or empty string)."""
        return text[self.first - 1 : self.last]

    @property
    def rule(self) -> str:
        """Reference to cite in findings about this field."""
        return f"TRF16 001 cols {self.first}-{self.last}"


# Header records (trf16.md §2), in the order the writer emits them.
NAME = "012"
CITY = "022"
FEDERATION = "032"
START_DATE = "042"
END_DATE = "052"
PLAYER_COUNT = "062"
RATED_COUNT = "072"
TEAM_COUNT = "082"
TOURNAMENT_TYPE = "092"
CHIEF_ARBITER = "102"
DEPUTY_ARBITER = "112"
TIME_CONTROL = "122"
ROUND_DATES = "132"
HEADER_CODES = (
    NAME,
    CITY,
    FEDERATION,
    START_DATE,
    END_DATE,
    PLAYER_COUNT,
    RATED_COUNT,
    TEAM_COUNT,
    TOURNAMENT_TYPE,
    CHIEF_ARBITER,
    DEPUTY_ARBITER,
    TIME_CONTROL,
    ROUND_DATES,
)
PLAYER = "001"
TEAM = "013"

# Player record 001 (trf16.md §3).
START_RANK = Field(5, 8, "starting rank")
SEX = Field(10, 10, "sex")
TITLE = Field(11, 13, "title")
PLAYER_NAME = Field(15, 47, "name")
RATING = Field(49, 52, "FIDE rating")
PLAYER_FEDERATION = Field(54, 56, "federation")
FIDE_ID = Field(58, 68, "FIDE id")
BIRTH_DATE = Field(70, 79, "birth date")
POINTS = Field(81, 84, "points")
RANK = Field(86, 89, "rank")
PLAYER_FIELDS = (
    START_RANK,
    SEX,
    TITLE,
    PLAYER_NAME,
    RATING,
    PLAYER_FEDERATION,
    FIDE_ID,
    BIRTH_DATE,
    POINTS,
    RANK,
)
# Columns that separate the fields above and must be blank in a well-formed line.
PLAYER_SEPARATOR_COLUMNS = (9, 14, 48, 53, 57, 69, 80, 85, 90, 91)

# Round blocks: 8 columns from 92 + 10(r-1), then 2 separator columns (trf16.md §3).
FIRST_ROUND_COLUMN = 92
ROUND_STRIDE = 10
ROUND_WIDTH = 8
OPPONENT_WIDTH = 4
COLOUR_OFFSET = 5
RESULT_OFFSET = 7
# A guard against runaway lines: no real event has anywhere near this many rounds.
MAX_ROUNDS = 999

# Team record 013 (trf16.md §4).
TEAM_NAME = Field(5, 36, "team name")
FIRST_MEMBER_COLUMN = 37
MEMBER_STRIDE = 5
MEMBER_WIDTH = 4


def round_start(round_number: int) -> int:
    """1-based first column of round `round_number`'s block (trf16.md §3)."""
    return FIRST_ROUND_COLUMN + ROUND_STRIDE * (round_number - 1)


def round_rule(round_number: int) -> str:
    """Citation of a round block's columns, for findings."""
    first = round_start(round_number)
    return f"TRF16 001 cols {first}-{first + ROUND_WIDTH - 1} (round {round_number})"


# Result codes (trf16.md §3 "Result codes").
PLAYED_RESULTS = frozenset("1=0")
FORFEIT_RESULTS = frozenset("+-")
NOT_MOVED_RESULTS = frozenset("WDL")
BYE_RESULTS = frozenset("HFUZ")
RESULT_CODES = PLAYED_RESULTS | FORFEIT_RESULTS | NOT_MOVED_RESULTS | BYE_RESULTS
# Half-points under the default 1/½/0 scoring ("everything else 0").
DEFAULT_HALVES = {"1": 2, "+": 2, "W": 2, "F": 2, "U": 2, "=": 1, "D": 1, "H": 1}
# What the opponent's line must show for a consistent game (double forfeit is "- -").
COMPLEMENTARY_RESULTS = {
    "1": frozenset("0"),
    "0": frozenset("1"),
    "=": frozenset("="),
    "+": frozenset("-"),
    "-": frozenset("+-"),
    "W": frozenset("L"),
    "L": frozenset("W"),
    "D": frozenset("D"),
}
# A game result written without an opponent is read as the bye it must have been.
BYE_FOR_RESULT_WITHOUT_OPPONENT = {
    "=": "H",
    "D": "H",
    "+": "F",
    "1": "F",
    "W": "F",
    "-": "Z",
    "0": "Z",
    "L": "Z",
}

# Titles (trf16.md §3): old single-letter codes and their modern equivalents.
OLD_TITLES = {
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "C": "CM",
    "WC": "WCM",
}
KNOWN_TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"})
SEX_CODES = {"m": "m", "w": "w", "f": "w"}

# Pseudo-players some programs add to hand out byes ("spielfrei" = "bye" in German).
PSEUDO_PLAYER_NAMES = frozenset({"spielfrei", "bye", "freilos", "exempt", "libre", "frei"})

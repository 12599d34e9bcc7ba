"""Records TRF16 does not define: JaVaFo/bbpPairings extensions, TRF26, national records.

They are kept verbatim (`TrfRecord`) so that the writer can give them back, and the few
that matter for reading a TRF16 file are interpreted here: the number of rounds (TRF26
`142`, JaVaFo `XXR`) and the scoring system (TRF26 `162`, JaVaFo `XXS`, bbpPairings
`BBx`), trf16.md §6.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal


class RecordKind(enum.StrEnum):
    """What family a non-TRF16 record belongs to (trf16.md §6)."""

    EXTENSION = "extension"  # JaVaFo XX*, bbpPairings BB*
    TRF26 = "trf26"  # numeric TRF26 codes and ### comments
    NATIONAL = "national"  # TRF26 national-rating records: a federation code, 001 layout
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class TrfRecord:
    """A record kept verbatim: its code (first three characters) and the whole line."""

    code: str
    text: str
    line: int | None = field(default=None, compare=False)

    @property
    def value(self) -> str:
        """The record's content after the code and its blank (column 5 on)."""
        return self.text[4:]


# TRF26 codes (trf16.md §6). "###" lines are TRF26 comments.
TRF26_CODES = frozenset(
    {
        "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
        "260", "299", "300", "310", "320", "330", "352", "362", "801", "802", "###",
    }
)  # fmt: skip
TRF26_NAMES = {
    "142": "number of rounds",
    "152": "initial colour",
    "162": "scoring system",
    "172": "national-rating method",
    "182": "pairing-controller id",
    "192": "encoded tournament type",
    "202": "tie-breaks",
    "212": "tie-breaks",
    "222": "encoded time control",
    "240": "byes per round",
    "250": "acceleration",
    "260": "forbidden pairs",
    "310": "team",
    "801": "informative crosstable",
    "802": "informative crosstable",
    "###": "comment",
}
EXTENSION_NAMES = {
    "XXR": "number of rounds",
    "XXC": "first-round colour / rank pairing",
    "XXZ": "absent players",
    "XXS": "scoring system",
    "XXA": "acceleration",
    "XXP": "forbidden pairings",
    "BBW": "points for a win",
    "BBD": "points for a draw",
    "BBL": "points for a played loss",
    "BBZ": "points for a zero-point bye",
    "BBF": "points for a forfeit loss",
    "BBU": "points for a pairing-allocated bye",
}
ROUNDS_CODES = ("142", "XXR")
SCORING_CODES = frozenset({"162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"})
_FEDERATION_CODE = re.compile(r"[A-Z]{3}")


def classify(code: str) -> RecordKind:
    """Which family a record code belongs to; TRF16's own codes are not expected here."""
    if code.startswith("XX") or code in EXTENSION_NAMES:
        return RecordKind.EXTENSION
    if code in TRF26_CODES:
        return RecordKind.TRF26
    if _FEDERATION_CODE.fullmatch(code):
        return RecordKind.NATIONAL
    return RecordKind.UNKNOWN


def describe(code: str) -> str:
    """A short human description of a known non-TRF16 record code ('' if none)."""
    return TRF26_NAMES.get(code) or EXTENSION_NAMES.get(code, "")


@dataclass(frozen=True)
class Problem:
    """Something wrong with an interpreted record; the parser turns it into a Finding."""

    record: TrfRecord
    code: str
    message: str


# ---------------------------------------------------------------- number of rounds

_ROUND_COUNT = re.compile(r"\s*(\d{1,4})\s*")


def read_declared_rounds(records: Iterable[TrfRecord]) -> tuple[int | None, list[Problem]]:
    """The number of rounds a file declares: TRF26 `142`, else JaVaFo `XXR` (trf16.md §6).

    Returns the value (None when not declared) and the problems met on the way.
    """
    declared: dict[str, int] = {}
    problems: list[Problem] = []
    for record in records:
        if record.code not in ROUNDS_CODES:
            continue
        match = _ROUND_COUNT.fullmatch(record.value)
        if match is None or int(match.group(1)) == 0:
            problems.append(
                Problem(
                    record,
                    "invalid-round-count",
                    f"'{record.value.strip()}' is not a number of rounds; the record is ignored.",
                )
            )
            continue
        count = int(match.group(1))
        if declared.setdefault(record.code, count) != count:
            problems.append(
                Problem(
                    record,
                    "conflicting-round-count",
                    f"{record.code} declares {count} rounds, but an earlier {record.code} "
                    f"declares {declared[record.code]}; the first is used.",
                )
            )
    if len(set(declared.values())) > 1:
        problems.append(_conflict(records, declared))
    value = declared.get("142", declared.get("XXR"))
    return value, problems


def _conflict(records: Iterable[TrfRecord], declared: dict[str, int]) -> Problem:
    """Problem for a file whose 142 and XXR disagree (142, the FIDE record, wins)."""
    record = next(r for r in records if r.code == "XXR")
    return Problem(
        record,
        "conflicting-round-count",
        f"XXR declares {declared['XXR']} rounds but 142 declares {declared['142']}; 142 is used.",
    )


# ---------------------------------------------------------------- scoring system

_NUMBER = r"-?\d{1,3}(?:\.\d{1,2})?"
_PAIRS_162 = re.compile(rf"([A-Z])\s+({_NUMBER})(?!\d)")
_PAIRS_XXS = re.compile(rf"([A-Z]{{1,3}})\s*=\s*({_NUMBER})(?!\d)")
_BB_VALUE = re.compile(rf"\s*({_NUMBER})\s*")

# The values that make up the default 1/½/0 system, for the symbols whose meaning is
# documented (trf16.md §6). 162's other symbols (A, P, X, ...) are kept but not judged.
_DEFAULTS: dict[tuple[str, str], Decimal] = {
    ("162", "W"): Decimal(1),
    ("162", "D"): Decimal("0.5"),
    ("162", "L"): Decimal(0),
    **{("XXS", s): Decimal(1) for s in ("WW", "BW", "W", "FPB", "PAB", "FW")},
    **{("XXS", s): Decimal("0.5") for s in ("WD", "BD", "D", "HPB")},
    **{("XXS", s): Decimal(0) for s in ("WL", "BL", "ZPB", "FL")},
    ("BB", "BBW"): Decimal(1),
    ("BB", "BBD"): Decimal("0.5"),
    ("BB", "BBL"): Decimal(0),
    ("BB", "BBZ"): Decimal(0),
    ("BB", "BBF"): Decimal(0),
    ("BB", "BBU"): Decimal(1),
}


@dataclass(frozen=True)
class ScoringSystem:
    """A declared scoring system: (source, symbol, points) triples in file order.

    `source` is "162", "XXS" or "BB"; `symbol` is that source's own symbol ("W", "WW",
    "BBW", ...). Only what the file says is kept; nothing is filled in.
    """

    entries: tuple[tuple[str, str, Decimal], ...]

    def points_for(self, source: str, symbol: str) -> Decimal | None:
        """The points declared for `symbol` by `source`, or None if not declared."""
        for entry_source, entry_symbol, points in self.entries:
            if (entry_source, entry_symbol) == (source, symbol):
                return points
        return None

    @property
    def is_default(self) -> bool:
        """True when every documented symbol declared has its 1/½/0 value (trf16.md §3)."""
        return all(
            _DEFAULTS.get((source, symbol), points) == points
            for source, symbol, points in self.entries
        )


def read_scoring(records: Iterable[TrfRecord]) -> tuple[ScoringSystem | None, list[Problem]]:
    """The scoring system declared by 162, XXS and BBx records (trf16.md §3, §6)."""
    entries: list[tuple[str, str, Decimal]] = []
    problems: list[Problem] = []
    for record in records:
        if record.code not in SCORING_CODES:
            continue
        found = _scoring_entries(record)
        if not found:
            problems.append(
                Problem(
                    record,
                    "invalid-scoring",
                    f"record {record.code} declares no readable points "
                    f"('{record.value.strip()}'); it is ignored.",
                )
            )
        entries.extend(found)
    return (ScoringSystem(tuple(entries)) if entries else None), problems


def _scoring_entries(record: TrfRecord) -> list[tuple[str, str, Decimal]]:
    """(source, symbol, points) triples of one scoring record."""
    if record.code == "162":
        pairs = _PAIRS_162.findall(record.value)
        return [("162", symbol, Decimal(points)) for symbol, points in pairs]
    if record.code == "XXS":
        pairs = _PAIRS_XXS.findall(record.value)
        return [("XXS", symbol, Decimal(points)) for symbol, points in pairs]
    match = _BB_VALUE.fullmatch(record.value)
    return [("BB", record.code, Decimal(match.group(1)))] if match else []

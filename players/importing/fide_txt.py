"""FIDE's fixed-column TXT lists, read by their header.

The combined list (``players_list_foa.txt``) and the one-category lists (standard, rapid,
blitz) share one layout: each column starts where its name starts on the first line, so
a list whose columns moved still reads. The one known irregularity: an other-titles value
(OTit) longer than its column runs on into FOA, and sometimes pushes the rest of the line
to the right. OTit is therefore read as one word up to the next recognised field, FOA is
taken only when it is an FOA title, and the numeric columns are read where they line up
(in place, or moved right by the overflow).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from players.importing.records import (
    FOA_TITLES,
    ListRecord,
    ListUnreadable,
    SkippedLine,
    layout_for,
    record_from_fields,
)
from players.text import composed_letters

#: Header names (case-insensitive) -> canonical field names.
HEADER_NAMES = {
    "id number": "fide_id",
    "id": "fide_id",
    "name": "name",
    "fed": "federation",
    "sex": "sex",
    "tit": "title",
    "wtit": "women_title",
    "otit": "other_titles",
    "foa": "foa_title",
    "srtng": "standard_rating",
    "sgm": "standard_games",
    "sk": "standard_k",
    "rrtng": "rapid_rating",
    "rgm": "rapid_games",
    "rk": "rapid_k",
    "brtng": "blitz_rating",
    "bgm": "blitz_games",
    "bk": "blitz_k",
    # A one-category list's: its rating column is named after the list's month (JUN25).
    "gms": "games",
    "k": "k",
    "b-day": "birth_year",
    "bday": "birth_year",
    "flag": "flag",
}
HEADER_TOKEN = re.compile(r"ID Number|\S+", re.IGNORECASE)
#: The rating column of a one-category list, named after the list's month: "JUN25".
MONTH_COLUMN = re.compile(r"[A-Z]{3}\d{2}", re.IGNORECASE)
#: FIDE's months in its column names, in English whatever the server's locale.
MONTH_ABBREVIATIONS = (
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
)  # fmt: skip


def month_column(list_date: dt.date) -> str:
    """FIDE's name for a one-category list's rating column: JUN25 for June 2025."""
    return f"{MONTH_ABBREVIATIONS[list_date.month - 1]}{list_date:%y}"


def header_month(header: str) -> tuple[str, dt.date] | None:
    """The month a one-category list's header names in its rating column ("APR25": April
    2025, the list in force from its 1st), with the column's name; None where none does."""
    for token in HEADER_TOKEN.findall(header):
        if MONTH_COLUMN.fullmatch(token) and token[:3].upper() in MONTH_ABBREVIATIONS:
            month = MONTH_ABBREVIATIONS.index(token[:3].upper()) + 1
            year = int(token[3:])
            # Two digits: this century's, unless that is more than a year ahead.
            century = 2000 if 2000 + year <= dt.date.today().year + 1 else 1900
            return token, dt.date(century + year, month, 1)
    return None


#: Columns read before OTit: never disturbed by its overflow.
LEADING = ("fide_id", "name", "federation", "sex", "title", "women_title")


@dataclass(frozen=True)
class Column:
    name: str  # canonical, or "" for a column we do not read
    start: int
    end: int | None  # None: to the end of the line


def header_name(token: str) -> str:
    """The canonical field a header token names, or "" for a column we do not read."""
    if MONTH_COLUMN.fullmatch(token):
        return "rating"
    return HEADER_NAMES.get(token.lower(), "")


def columns_from_header(header: str) -> list[Column]:
    tokens = [(m.start(), header_name(m.group())) for m in HEADER_TOKEN.finditer(header)]
    columns = [
        Column(name, start, tokens[i + 1][0] if i + 1 < len(tokens) else None)
        for i, (start, name) in enumerate(tokens)
    ]
    names = {column.name for column in columns}
    missing = [name for name in ("fide_id", "name", "federation") if name not in names]
    if missing:
        raise ListUnreadable(
            "the first line is not a FIDE list header (expected ID Number, Name, Fed, ...; "
            f"missing {', '.join(missing)})"
        )
    return columns


class TxtReader:
    def __init__(self, header: str, category: str | None = None) -> None:
        self.columns = columns_from_header(header)
        by_name = {column.name: column for column in self.columns if column.name}
        self.leading = [by_name[name] for name in LEADING if name in by_name]
        self.otit = by_name.get("other_titles")
        self.foa = by_name.get("foa_title")
        # The columns after OTit and FOA: the ones an overflowing OTit may push right.
        last = self.foa or self.otit
        self.tail = [
            column
            for column in self.columns
            if column.name not in (*LEADING, "other_titles", "foa_title")
            and (last is None or column.start > last.start)
        ]
        self.layout = layout_for(frozenset(by_name), category)
        self.birth_year = by_name.get("birth_year")

    def cut_short(self, text: str) -> bool:
        """Whether ``text``, a file's last line with no line break after it, stops before
        its birth year column: the file was cut short inside the line (a download broken
        off), whose last field read whole would be wrong (a review: a K of 20 cut to "2"
        was imported, and with it the 2400 flag a K of 10 or less implies)."""
        return self.birth_year is not None and len(text.rstrip()) < self.birth_year.start

    def fields(self, text: str) -> dict[str, str]:
        fields = {column.name: text[column.start : column.end] for column in self.leading}
        shift = 0
        if self.otit is not None:
            shift = self._titles(text, fields)
        for column in self.tail:
            stop = None if column.end is None else column.end + shift
            fields[column.name] = text[column.start + shift : stop]
        fields.pop("", None)
        return fields

    def _titles(self, text: str, fields: dict[str, str]) -> int:
        """Read OTit and FOA into ``fields``; returns how far the rest of the line moved."""
        assert self.otit is not None
        start, end = _word_in(text, self.otit)
        fields["other_titles"], fields["foa_title"] = text[start:end], ""
        if self.foa is None:
            return self._shift(text, end, max(0, end - (self.otit.end or end)))
        glued = _glued_foa(text, start, end, self.foa.start)
        if glued is not None and self._lines_up(text, end, glued - self.foa.start):
            # Written without a space: "...,IOAIM" is OTit "...,IO" and FOA "AIM".
            fields["other_titles"], fields["foa_title"] = text[start:glued], text[glued:end]
            return glued - self.foa.start
        shift = self._shift(text, end, max(0, end - self.foa.start))
        stop = None if self.foa.end is None else self.foa.end + shift
        foa = text[max(end, self.foa.start + shift) : stop].strip()
        fields["foa_title"] = foa if foa.upper() in FOA_TITLES else ""
        return shift

    def _shift(self, text: str, otit_end: int, overflow: int) -> int:
        """0 when the columns after OTit are where the header says, else how far an
        overflowing OTit pushed them."""
        # Moved by the overflow, and perhaps a space after it; never without an overflow.
        for shift in range(overflow + 2) if overflow else (0,):
            if self._lines_up(text, otit_end, shift):
                return shift
        raise _NotAligned

    def _lines_up(self, text: str, otit_end: int, shift: int) -> bool:
        """No word crosses the boundary of a column after OTit, and OTit ends before them."""
        if not self.tail:
            return True
        if otit_end > self.tail[0].start + shift:
            return False
        for column in self.tail:
            start = column.start + shift
            if (
                0 < start < len(text)
                and not text[start - 1].isspace()
                and not text[start].isspace()
            ):
                return False
        return True


class _NotAligned(Exception):
    pass


def _word_in(text: str, column: Column) -> tuple[int, int]:
    """Where the first word starting in ``column`` starts and ends (read past the column's
    end); an empty span when the column is blank."""
    start = column.start
    stop = min(len(text), column.end if column.end is not None else len(text))
    while start < stop and text[start].isspace():
        start += 1
    if start >= stop:
        return column.start, column.start
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    return start, end


def _glued_foa(text: str, start: int, end: int, foa_start: int) -> int | None:
    """Where an FOA title written onto the end of an overflowing OTit begins, if one is."""
    for length in (4, 3):
        at = end - length
        if at >= foa_start and at > start and text[at:end].upper() in FOA_TITLES:
            return at
    return None


def read_txt(
    lines: Iterable[str], category: str | None = None
) -> Iterator[ListRecord | SkippedLine]:
    """Records of a FIDE TXT list, numbered by line (the header is line 1); ``category``:
    that of a one-category list (``records.layout_for``)."""
    iterator = iter(lines)
    header = next(iterator, None)
    if header is None:
        raise ListUnreadable("the file is empty")
    reader = TxtReader(header.rstrip("\r\n"), category)
    for number, line in enumerate(iterator, start=2):
        # Columns as an editor shows them: "Å" saved as A and a ring is one (a review).
        text = composed_letters(line.rstrip("\r\n"))
        if not text.strip():
            continue
        if not line.endswith(("\n", "\r")) and reader.cut_short(text):
            yield SkippedLine(
                number,
                "the file ends inside this line, before its birth year column, with no line "
                "break after it: cut short? Import the whole file again (a whole file whose "
                "last player has no birth year: end that line with a line break)",
            )
            continue
        try:
            fields = reader.fields(text)
        except _NotAligned:
            yield SkippedLine(number, "the columns after OTit do not line up with the header")
            continue
        yield record_from_fields(number, fields, reader.layout)

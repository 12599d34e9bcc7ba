"""Lists as CSV with a header row: the TXT header names (``ID Number``, ``SRtng``,
``B-day``) or their lower-case snake forms (``fide_id``, ``standard_rating``, ``b_day``),
separated by commas, semicolons or tabs (whichever the header uses most)."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator

from downloads import spreadsheet_text
from players.importing.records import (
    ListRecord,
    ListUnreadable,
    SkippedLine,
    canonical,
    layout_for,
    record_from_fields,
)


def read_csv(
    lines: Iterable[str], category: str | None = None
) -> Iterator[ListRecord | SkippedLine]:
    """Records of a CSV list; ``category``: that of a one-category list whose columns
    are named without it (``records.layout_for``)."""
    iterator = iter(lines)
    header = next(iterator, None)
    if header is None:
        raise ListUnreadable("the file is empty")
    delimiter = max(",;\t", key=header.count)
    try:
        names = [canonical(name) for name in next(csv.reader([header], delimiter=delimiter))]
    except csv.Error as error:
        raise ListUnreadable(f"line 1: {error}") from None
    missing = [name for name in ("fide_id", "name", "federation") if name not in names]
    if missing:
        raise ListUnreadable(f"the header row has no column for {', '.join(missing)}")
    layout = layout_for(frozenset(names), category)
    rows = csv.reader(iterator, delimiter=delimiter)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as error:  # a quote never closed, a field past the csv module's limit
            raise ListUnreadable(f"line {rows.line_num + 1}: {error}") from None
        if not any(value.strip() for value in row):
            continue
        number = rows.line_num + 1  # the header is line 1
        if len(row) != len(names):
            yield SkippedLine(number, f"{len(row)} values for {len(names)} columns")
            continue
        fields = {
            name: spreadsheet_text(value) for name, value in zip(names, row, strict=False) if name
        }
        yield record_from_fields(number, fields, layout)

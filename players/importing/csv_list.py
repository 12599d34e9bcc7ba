"""Lists as CSV with a header row: the TXT header names (``ID Number``, ``SRtng``,
``B-day``) or their lower-case snake forms (``fide_id``, ``standard_rating``, ``b_day``),
separated by commas, semicolons or tabs (whichever the header uses most)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from players.importing.records import (
    ListRecord,
    ListUnreadable,
    SkippedLine,
    canonical,
    layout_for,
    record_from_fields,
)

#: Lines a streamed download writes per chunk (tens of kilobytes: few writes, little
#: memory): ``csv_chunks`` and the published lists' other formats.
CHUNK_LINES = 500
#: What a spreadsheet takes for the start of a formula in a cell it opens.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A text that a spreadsheet would run as a formula, with an apostrophe before it (as
    OWASP advises): a name registered as ``=HYPERLINK(...)`` is shown, never run, by
    whoever opens a CSV download (a review). Numbers (a change of -12) are left as they
    are; ``spreadsheet_text`` takes the apostrophe off again."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_chunks(
    header: Iterable[object],
    rows: Iterable[Iterable[object]],
    *,
    chunk_lines: int = CHUNK_LINES,
) -> Iterator[str]:
    """``header`` and ``rows`` as CSV (RFC 4180), streamed ``chunk_lines`` lines a chunk,
    each text made ``spreadsheet_safe`` (the published lists, a period's preview, the
    arena's list)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)

    def flush() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    writer.writerow(header)
    yield flush()
    written = 0
    for row in rows:
        writer.writerow([spreadsheet_safe(value) for value in row])
        written += 1
        if written % chunk_lines == 0:
            yield flush()
    if written % chunk_lines:
        yield flush()


def spreadsheet_text(value: str) -> str:
    """A cell as it was before ``spreadsheet_safe``."""
    if value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


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

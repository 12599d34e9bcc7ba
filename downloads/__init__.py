"""Downloads as the site streams them: CSV a chunk at a time, safe to open in a
spreadsheet, under a name every browser keeps. Below every app (``tests/test_architecture``):
the published lists, a period's preview, the arena's list and the audit trail use it alike.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator

from django.http import StreamingHttpResponse
from django.utils.http import content_disposition_header

#: A CSV download's content type.
CSV = "text/csv; charset=utf-8"

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
    arena's list, the audit trail)."""
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


def attachment(filename: str) -> str:
    """The Content-Disposition of a download named ``filename``: Django's header (RFC
    6266's ``filename*`` for a name outside ASCII) with, beside it, the name in ASCII
    letters for a client that reads no other (RFC 6266 4.3): ``rapid-2025-04-q.csv`` for
    ``rapid-2025-04-q-日本.csv``, ``...-q-jonsson.csv`` for ``...-q-jönsson.csv``."""
    header = content_disposition_header(True, filename)
    if filename.isascii():
        return header
    letters = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode()
    fallback = re.sub(r"-+(?=[-.]|$)", "", letters) or "download"
    return f'attachment; filename="{fallback}"; {header.removeprefix("attachment; ")}'


def streamed_attachment(
    chunks: Iterable[str | bytes], *, content_type: str, filename: str
) -> StreamingHttpResponse:
    """A download sent as it is written (``chunks``), never built whole in memory, saved
    under ``filename`` (``attachment``)."""
    response = StreamingHttpResponse(chunks, content_type=content_type)
    response["Content-Disposition"] = attachment(filename)
    return response

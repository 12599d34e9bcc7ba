"""FIDE's XML list, streamed: hundreds of megabytes are read one ``<player>`` at a time
(``iterparse``, each element cleared once read), so memory stays flat.

XML has no useful line numbers once streamed; a skipped record is numbered by its
position in the list (the first ``<player>`` is 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO
from xml.etree import ElementTree

from players.importing.records import (
    ListLayout,
    ListRecord,
    ListUnreadable,
    SkippedLine,
    canonical,
    layout_for,
    record_from_fields,
)


def read_xml(stream: BinaryIO, category: str | None = None) -> Iterator[ListRecord | SkippedLine]:
    """Records of a FIDE XML list; ``category``: that of a one-category list, whose
    <rating> is its category's (``records.layout_for``)."""
    layouts: dict[frozenset[str], ListLayout] = {}
    events = ElementTree.iterparse(stream, events=("start", "end"))
    position = 0
    try:
        _, root = next(events)
        for event, element in events:
            if event != "end" or element.tag != "player":
                continue
            position += 1
            fields = {canonical(child.tag): (child.text or "") for child in element}
            fields.pop("", None)
            names = frozenset(fields)
            layout = layouts.get(names)
            if layout is None:
                # A record with the other categories' tags makes the list FIDE's combined
                # one: a later record's <rating> alone is still the standard rating.
                combined = any(known.names_categories for known in layouts.values())
                layout = layouts[names] = layout_for(names, category, combined=combined)
            record = record_from_fields(position, fields, layout)
            if isinstance(record, SkippedLine) and fields.get("fide_id", "").strip():
                # Numbered by its place among the records: its FIDE ID finds it in the file.
                fide_id = fields["fide_id"].strip()
                record = SkippedLine(position, f"<fideid>{fide_id}</fideid>: {record.reason}")
            yield record
            element.clear()
            root.clear()
    except StopIteration:
        raise ListUnreadable("the file is empty") from None
    except ElementTree.ParseError as error:
        line, column = error.position
        raise ListUnreadable(f"not well-formed XML at line {line}, column {column}") from None

"""A published list as a file: FIDE TXT, FIDE XML, CSV or JSON, streamed.

Every writer is a generator of ``str`` chunks: the entries are read from the database a
few thousand at a time (``.iterator(chunk_size=...)``) and written out a few hundred lines
per chunk, so a list of a million players never sits in memory, whether it goes to a file
(``manage.py export_list``) or to a browser (``StreamingHttpResponse``).

The TXT and XML files are laid out as FIDE's own lists are; our own readers
(``players.importing``) read the TXT, XML and CSV files back, field for field.
Order: rating descending, then name (then FIDE ID, so that the same list always gives the
same bytes).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple
from xml.sax.saxutils import escape

from django.db.models import Max, QuerySet
from django.db.models.functions import Length

from downloads import CHUNK_LINES, CSV, csv_chunks
from lists.models import LIST_ORDER, ListEntry, RatingPeriod
from lists.selectors import published_entries
from players.filters import chosen_filename
from players.importing.fide_txt import month_column
from players.models import shown_title, women_title_held

#: Rows fetched from the database per round trip.
FETCH_ROWS = 2000


class Row(NamedTuple):
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    women_title: str
    other_titles: str
    foa_title: str
    birth_year: int | None
    rating: int
    games: int
    k: int | None
    flag: str


def entry_rows(entries: QuerySet[ListEntry]) -> Iterator[Row]:
    """The entries in list order, as plain tuples (no model instances: a million rows)."""
    rows = entries.order_by(*LIST_ORDER).values_list(*Row._fields)
    for values in rows.iterator(chunk_size=FETCH_ROWS):
        yield Row(*values)


def _chunks(lines: Iterable[str]) -> Iterator[str]:
    buffer: list[str] = []
    for line in lines:
        buffer.append(line)
        if len(buffer) >= CHUNK_LINES:
            yield "".join(buffer)
            buffer.clear()
    if buffer:
        yield "".join(buffer)


def _one_word(titles: str) -> str:
    """Titles as FIDE's OTit column writes them, one word ("FA,IA"): its readers split the
    line at spaces (a review: "IA FA" written "IAFA" read back as one title)."""
    return ",".join(title for title in re.split(r"[,\s]+", titles) if title)


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


# -- FIDE TXT ---------------------------------------------------------------------------------

#: The columns of FIDE's one-category TXT lists (standard_rating_list.txt) and their widths,
#: the space before the next column included: the rating at column 114 (113 from 0), the
#: flag at 133, where readers of FIDE's files look for them. ``{MONTH}``: FIDE names the
#: rating column after the list's month ("JUN25"); the category is the file's.
TXT_COLUMNS = (
    ("ID Number", 15),
    ("Name", 61),
    ("Fed", 4),
    ("Sex", 4),
    ("Tit", 5),
    ("WTit", 5),
    ("OTit", 15),
    ("FOA", 4),
    ("{MONTH}", 6),
    ("Gms", 4),
    ("K", 3),
    ("B-day", 6),
    ("Flag", 4),
)


def _txt_widths(entries: QuerySet[ListEntry]) -> list[int]:
    """FIDE's widths, widened where a value would run into the next column (a name longer
    than 60 characters, an FOA title of four letters, 1000 games in a period): the file
    must read back column by column."""
    longest = entries.order_by().aggregate(
        name=Max(Length("name")),
        other_titles=Max(Length("other_titles")),
        foa_title=Max(Length("foa_title")),
        fide_id=Max("fide_id"),
        games=Max("games"),
        k=Max("k"),
    )
    needed = {
        "ID Number": len(str(longest["fide_id"] or 0)),
        "Name": longest["name"] or 0,
        "OTit": longest["other_titles"] or 0,
        "FOA": longest["foa_title"] or 0,
        "Gms": len(str(longest["games"] or 0)),
        "K": len(str(longest["k"] or 0)),
    }
    return [max(width, needed.get(name, 0) + 1) for name, width in TXT_COLUMNS]


def write_txt(entries: QuerySet[ListEntry], period: RatingPeriod) -> Iterator[str]:
    """FIDE's fixed-column TXT list of one category: the header names each column where it
    starts; players.importing.fide_txt reads columns by the header, and the category by
    the file's name (``export_filename``)."""
    widths = _txt_widths(entries)
    names = {"{MONTH}": month_column(period.list_date)}
    header = "".join(
        f"{names.get(name, name):<{width}}"
        for (name, _), width in zip(TXT_COLUMNS, widths, strict=True)
    )
    yield header.rstrip() + "\n"

    layout = "".join(f"{{:<{width}}}" for width in widths)

    def line(row: Row) -> str:
        text = layout.format(
            row.fide_id, row.name, row.federation, row.sex, row.title,
            women_title_held(row.title, row.women_title), _one_word(row.other_titles),
            row.foa_title, row.rating, row.games, _blank(row.k), _blank(row.birth_year), row.flag,
        )  # fmt: skip
        return text.rstrip() + "\n"

    yield from _chunks(map(line, entry_rows(entries)))


# -- FIDE XML ---------------------------------------------------------------------------------

#: Characters XML 1.0 does not allow, even escaped.
XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_text(text: str) -> str:
    return escape(XML_ILLEGAL.sub("", text))


def write_xml(entries: QuerySet[ListEntry], period: RatingPeriod) -> Iterator[str]:
    """FIDE's one-category XML list (rapid_rating_list.xml): ``<playerslist>`` of
    ``<player>`` elements, one child per field; ``<rating>``, ``<games>`` and ``<k>`` are
    the list's category, which the file's name says (``export_filename``)."""
    yield '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'

    player = (
        "<player>\n<fideid>{}</fideid>\n<name>{}</name>\n<country>{}</country>\n<sex>{}</sex>\n"
        "<title>{}</title>\n<w_title>{}</w_title>\n<o_title>{}</o_title>\n<foa_title>{}</foa_title>\n"
        "<rating>{}</rating>\n<games>{}</games>\n<k>{}</k>\n"
        "<birthday>{}</birthday>\n<flag>{}</flag>\n</player>\n"
    )

    def element(row: Row) -> str:
        return player.format(
            row.fide_id, _xml_text(row.name), _xml_text(row.federation), _xml_text(row.sex),
            _xml_text(row.title), _xml_text(women_title_held(row.title, row.women_title)),
            _xml_text(row.other_titles), _xml_text(row.foa_title), row.rating, row.games,
            _blank(row.k), _blank(row.birth_year), _xml_text(row.flag),
        )  # fmt: skip

    yield from _chunks(map(element, entry_rows(entries)))
    yield "</playerslist>\n"


# -- CSV --------------------------------------------------------------------------------------

CSV_COLUMNS = (
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "rating",
    "games",
    "k",
    "birth_year",
    "flag",
    # Last: the columns before them stand where they stood before they were written.
    "other_titles",
    "foa_title",
)


#: The columns a CSV header names after the list's category ("rapid_rating"), so that the
#: file says what it holds and reads back as that category.
CSV_CATEGORY_COLUMNS = ("rating", "games", "k")


def csv_header(category: str) -> list[str]:
    """``CSV_COLUMNS`` as the header names them: rating, games and K with the category
    ("rapid_rating", "rapid_games", "rapid_k"), the names players.importing reads."""
    return [
        f"{category}_{column}" if column in CSV_CATEGORY_COLUMNS else column
        for column in CSV_COLUMNS
    ]


def write_csv(entries: QuerySet[ListEntry], period: RatingPeriod) -> Iterator[str]:
    """A header row (``csv_header``), then one row per player (RFC 4180: commas, quotes
    where needed). players.importing.csv_list reads it back as a list of its category."""

    def values(row: Row) -> list[object]:
        # The women's title held, as the TXT and XML write it (a review: a WGM without an
        # open title had it in the CSV's title column alone).
        held = row._replace(women_title=women_title_held(row.title, row.women_title))
        return [getattr(held, column) for column in CSV_COLUMNS]

    rows = map(values, entry_rows(entries))
    return csv_chunks(csv_header(period.category), rows, chunk_lines=CHUNK_LINES)


# -- JSON -------------------------------------------------------------------------------------

JSON_FIELDS = (
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "rating",
    "games",
    "k",
    "birth_year",
    "flag",
)


JSON_ENCODER = json.JSONEncoder(ensure_ascii=False)


def write_json(entries: QuerySet[ListEntry], period: RatingPeriod) -> Iterator[str]:
    """A JSON array of one object per player, written object by object. Its one ``title``
    is the title the list page shows (``players.models.shown_title``)."""
    yield "["

    def element(numbered: tuple[int, Row]) -> str:
        number, row = numbered
        shown = row._replace(title=shown_title(row.title, row.women_title))
        document = JSON_ENCODER.encode({name: getattr(shown, name) for name in JSON_FIELDS})
        return ("\n" if number == 0 else ",\n") + document

    yield from _chunks(map(element, enumerate(entry_rows(entries))))
    yield "\n]\n"


# -- the formats ------------------------------------------------------------------------------

Writer = Callable[[QuerySet[ListEntry], RatingPeriod], Iterator[str]]

WRITERS: dict[str, Writer] = {
    "txt": write_txt,
    "xml": write_xml,
    "csv": write_csv,
    "json": write_json,
}
FORMATS = tuple(WRITERS)
CONTENT_TYPES = {
    "txt": "text/plain; charset=utf-8",
    "xml": "application/xml; charset=utf-8",
    "csv": CSV,
    "json": "application/json",
}


class UnknownFormat(ValueError):
    pass


def export_entries(entries: QuerySet[ListEntry], period: RatingPeriod, fmt: str) -> Iterator[str]:
    """Some entries of ``period``'s list (a filtered view of it) in a format."""
    try:
        writer = WRITERS[fmt]
    except KeyError:
        raise UnknownFormat(f"unknown format '{fmt}'; use {', '.join(FORMATS)}") from None
    return writer(entries, period)


def export_list(period: RatingPeriod, fmt: str) -> Iterator[str]:
    """The whole published list of a period in a format."""
    return export_entries(published_entries(period), period, fmt)


def export_filename(period: RatingPeriod, fmt: str, chosen: Iterable[tuple[str, str]] = ()) -> str:
    """``rapid-2025-04.txt``, or ``rapid-2025-04-federation-nor.txt`` for the part of the
    list ``chosen`` by filters (``chosen_filename``)."""
    return chosen_filename(f"{period.category}-{period.list_date:%Y-%m}", fmt, chosen)

"""Import of FIDE's published player lists: one module per format, one common writer.

    summary = import_list(path, list_format="fide-txt", as_of=date(2025, 3, 1))

Formats: ``fide-txt`` (the combined ``players_list_foa.txt`` and the one-category TXT
lists, read by their header), ``fide-xml`` (streamed) and ``csv`` (a header row). A
``.zip`` holding one list (and no other file) is read in place; a text list may be UTF-8,
Latin-1 or UTF-16 with its byte-order mark (a spreadsheet's "Unicode text"). Nothing here
checks who is importing or opens a transaction: ``players.services.player_import_*`` do.
"""

from __future__ import annotations

import codecs
import datetime as dt
import io
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from players.importing.csv_list import read_csv
from players.importing.fide_txt import header_month, read_txt
from players.importing.fide_xml import read_xml
from players.importing.records import ListRecord, ListUnreadable, SkippedLine, category_named
from players.importing.upsert import (
    BATCH_SIZE,
    SKIPPED_KEPT,
    ChangesRecorded,
    ImportSummary,
    ListWriter,
)

__all__ = [
    "FORMATS",
    "SKIPPED_KEPT",
    "ImportSummary",
    "ListUnreadable",
    "guess_format",
    "import_list",
]

FORMATS = ("fide-txt", "fide-xml", "csv")
EXTENSIONS = {".txt": "fide-txt", ".xml": "fide-xml", ".csv": "csv"}

Progress = Callable[[int], object]

#: What a spreadsheet's "Unicode text" export begins with.
UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def import_list(
    path: str | Path,
    *,
    list_format: str = "",
    category: str = "",
    as_of: dt.date,
    batch_size: int = BATCH_SIZE,
    progress: Progress | None = None,
    name: str = "",
    changes_recorded: ChangesRecorded | None = None,
) -> ImportSummary:
    """Read the list at ``path`` and write it to the registry. ``progress`` is called with
    the number of (compressed) bytes read since its last call. ``category``: that of a
    one-category list, else the one its file's name says (``name``, the name it was
    uploaded under, or the file's or its zip member's). ``changes_recorded``: told, a
    batch at a time, of the records the list changed (``ListWriter``)."""
    with open_list(Path(path), progress) as (member, stream):
        head = stream.peek(512)[:512]
        utf16 = head.startswith(UTF16_BOMS)
        if utf16:
            head = head.decode("utf-16", errors="ignore").encode()
        elif b"\0" in head:
            raise ListUnreadable(
                "the file is not text (it holds NUL bytes): a spreadsheet's own format, or "
                "UTF-16 without its byte-order mark? Save it as CSV in UTF-8"
            )
        list_format = list_format or guess_format(member, head)
        if list_format not in FORMATS:
            raise ListUnreadable(f"unknown format {list_format!r}; use {', '.join(FORMATS)}")
        if list_format == "fide-txt":
            _month_named_refusal(head, as_of)
        category = category or category_named(member) or category_named(name) or ""
        summary = ImportSummary(format=list_format, as_of=as_of)
        writer = ListWriter(summary, batch_size=batch_size, changes_recorded=changes_recorded)
        for record in _records(list_format, stream, category or None, utf16=utf16):
            writer.add(record)
        writer.flush()
    _nothing_read_refusal(summary)
    return summary


def _month_named_refusal(head: bytes, as_of: dt.date) -> None:
    """A one-category TXT list names its month in its header ("APR25"): put in force from
    another month, FIDE's April list became November's state and history, and held up this
    site's own lists up to it (a review). Refused whole, saying which month to choose."""
    named = header_month(head.split(b"\n", 1)[0].decode("utf-8", errors="ignore"))
    if named and (named[1].year, named[1].month) != (as_of.year, as_of.month):
        column, month = named
        raise ListUnreadable(
            f"its header names the list of {month:%Y-%m-%d} ({column}), and it was to be "
            f"in force from {as_of}: import it as of {month:%Y-%m-%d}"
        )


def _nothing_read_refusal(summary: ImportSummary) -> None:
    """An import that read no line is refused (nothing was written): a header alone, or a
    document that is not a list (a review: a web server's error page in XML was "Done, 0
    lines read")."""
    if summary.lines_read == 0:
        raise ListUnreadable("it holds no player: a header alone, or not a rating list")


def guess_format(name: str, head: bytes) -> str:
    """From the extension, else from the first bytes. A .txt whose first line holds a tab
    is a spreadsheet's tab-separated text (Excel's "Unicode Text"): FIDE's columns hold
    none."""
    by_extension = EXTENSIONS.get(Path(name).suffix.lower())
    if by_extension == "fide-txt" and b"\t" in head.split(b"\n", 1)[0]:
        return "csv"
    if by_extension:
        return by_extension
    text = head.lstrip(codecs.BOM_UTF8).lstrip()
    if text.startswith(b"<"):
        return "fide-xml"
    first_line = text.split(b"\n", 1)[0]
    if first_line.lower().startswith(b"id number") and b"  " in first_line:
        return "fide-txt"
    if any(separator in first_line for separator in (b",", b";", b"\t")):
        return "csv"
    raise ListUnreadable(
        "cannot tell the format from the name or the first line; name it (fide-txt, fide-xml, csv)"
    )


def _records(
    list_format: str, stream: io.BufferedReader, category: str | None, *, utf16: bool = False
) -> Iterator[ListRecord | SkippedLine]:
    if list_format == "fide-xml":
        return read_xml(stream, category)  # the XML parser reads UTF-16 by its own mark
    lines = _text_lines(_utf16_lines(stream) if utf16 else stream)
    reader = read_txt if list_format == "fide-txt" else read_csv
    return reader(lines, category)


def _utf16_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of a UTF-16 list (its byte-order mark read and dropped), as UTF-8."""
    text = io.TextIOWrapper(stream, encoding="utf-16", newline="")
    number = 0
    try:
        for number, line in enumerate(text, start=1):  # noqa: B007 (read in the except)
            yield line.encode()
    except UnicodeDecodeError as error:
        raise ListUnreadable(f"line {number + 1}: not UTF-16 ({error.reason})") from None


def _text_lines(stream: Iterable[bytes]) -> Iterator[str]:
    """UTF-8 (with or without a BOM); a line that is not UTF-8 is read as Windows-1252,
    which a spreadsheet on Windows writes ("CSV (Comma delimited)") and which reads Latin-1,
    as older FIDE lists were written, alike but for letters such as Š, Ž and Œ, which
    Latin-1 makes control characters (a review stored "Šebenik" so); failing that, as
    Latin-1. A carriage return alone ends a line too: spreadsheets on the Mac still write
    such CSV, and each of its lines is decoded on its own."""
    for number, raw in enumerate(_lines_ended_by_cr_too(stream)):
        if number == 0:
            raw = raw.removeprefix(codecs.BOM_UTF8)
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            try:
                yield raw.decode("cp1252")
            except UnicodeDecodeError:  # a byte Windows-1252 leaves undefined
                yield raw.decode("latin-1")


#: After a carriage return not followed by a line feed.
BARE_CR = re.compile(rb"(?<=\r)(?!\n)")


def _lines_ended_by_cr_too(stream: BinaryIO) -> Iterator[bytes]:
    for raw in stream:
        if b"\r" in raw.rstrip(b"\r\n"):
            yield from (line for line in BARE_CR.split(raw) if line)
        else:
            yield raw


@contextmanager
def open_list(path: Path, progress: Progress | None) -> Iterator[tuple[str, io.BufferedReader]]:
    """The list's name and a buffered byte stream of it (the first member of a zip)."""
    try:
        raw = _Counting(path.open("rb"), progress)
    except OSError as error:
        raise ListUnreadable(error.strerror or str(error)) from None
    with raw:
        if zipfile.is_zipfile(raw):
            raw.seek(0)
            try:
                with zipfile.ZipFile(raw) as archive:
                    members = _zipped_files(archive)
                    with archive.open(members[0]) as member:
                        yield members[0].filename, io.BufferedReader(member, 1 << 20)
            # A damaged archive shows when its member is read, as the list is imported.
            except (zipfile.BadZipFile, zlib.error, EOFError) as error:
                raise ListUnreadable(f"the zip archive is damaged ({error})") from None
        else:
            raw.seek(0)
            if raw.read(4) == b"PK\x03\x04":  # a zip's first member, but no whole archive
                raise ListUnreadable(
                    "a zip archive cut short (its end is missing): download it again"
                )
            raw.seek(0)
            yield path.name, io.BufferedReader(raw, 1 << 20)


def _zipped_files(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The archive's one list, or why it holds none to read: reading the first of several
    would import one list and leave the others unsaid. macOS's ``__MACOSX/`` shadow files
    and hidden files are not lists."""
    members = [
        member
        for member in archive.infolist()
        if not member.is_dir()
        and not member.filename.startswith("__MACOSX/")
        and not Path(member.filename).name.startswith(".")
    ]
    names = [member.filename for member in members]
    if not members:
        raise ListUnreadable("the zip archive is empty")
    if "xl/workbook.xml" in names:
        raise ListUnreadable("an Excel workbook, not a list: save it as CSV in UTF-8")
    if len(members) > 1:
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        raise ListUnreadable(
            f"the zip archive holds {len(members)} files ({shown}): import one list at a time"
        )
    return members


class _Counting(io.RawIOBase):
    """A file that reports how many bytes were read (for a progress bar)."""

    def __init__(self, file: BinaryIO, progress: Progress | None) -> None:
        self.file = file
        self.progress = progress

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        return self.file.seek(offset, whence)

    def tell(self) -> int:
        return self.file.tell()

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        count = self.file.readinto(buffer)
        if self.progress and count:
            self.progress(count)
        return count

    def close(self) -> None:
        self.file.close()
        super().close()

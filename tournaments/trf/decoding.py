"""From bytes to lines of characters (trf16.md §7.1-§7.2).

TRF16 names no encoding and only says a line ends with a carriage return; real files
are UTF-8 (with or without BOM), cp1252/latin-1, or a mix of the two line by line, with
CRLF, LF or CR-only line ends. Columns are counted in characters after decoding, never
in bytes.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from functools import cached_property

# Only CR and LF end a line: str.splitlines() would also split on form feeds, \x1c-\x1e,
# \x85 and U+2028, which can occur inside cp1252/latin-1 names and would shift columns.
_LINE_END = re.compile(r"\r\n|\r|\n")
_LINE_END_BYTES = re.compile(rb"(\r\n|\r|\n)")
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
#: How files that are no text begin, and what they are. A review: a ZIP archive stored
#: without compression holds the report's lines as they are, and was read as a report
#: (of "mixed" encoding, with NUL errors) that superseded the checked version.
BINARY_SIGNATURES = {
    b"PK\x03\x04": "a ZIP archive (or a Word or Excel document, which is one)",
    b"PK\x05\x06": "an empty ZIP archive",
    b"%PDF-": "a PDF document",
    b"\x1f\x8b": "a gzip archive",
    b"Rar!\x1a\x07": "a RAR archive",
    b"7z\xbc\xaf\x27\x1c": "a 7-Zip archive",
    b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1": "an older Word or Excel document",
    b"\x89PNG\r\n\x1a\n": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
}


@dataclass(frozen=True)
class DecodedText:
    """Decoded text and how it was obtained.

    `fallback_lines` are the 1-based numbers of the lines that were not UTF-8 and were
    read as cp1252 (latin-1 for bytes cp1252 leaves undefined).
    """

    text: str
    #: "utf-8", "utf-8-sig", "utf-16", "utf-32", "cp1252", "latin-1", "mixed" or "text"
    encoding: str
    had_bom: bool = False
    fallback_lines: tuple[int, ...] = ()

    @property
    def is_fallback(self) -> bool:
        """True when some bytes were not UTF-8 (so their encoding is a guess)."""
        return bool(self.fallback_lines)

    @cached_property
    def _utf8_excepted(self) -> frozenset[int]:
        return frozenset(self.fallback_lines)

    def line_is_utf8(self, number: int) -> bool:
        """Whether line ``number`` was decoded as UTF-8 (not as cp1252 beside UTF-8 lines,
        nor UTF-16 or UTF-32)."""
        utf8 = self.encoding in ("utf-8", "utf-8-sig", "mixed")
        return utf8 and number not in self._utf8_excepted


def binary_kind(data: bytes) -> str | None:
    """What the file is, where it begins as a kind of file that is no text does
    (``BINARY_SIGNATURES``); None for anything else."""
    return next((kind for start, kind in BINARY_SIGNATURES.items() if data.startswith(start)), None)


def decode(data: bytes | str) -> DecodedText:
    """Decode a file: UTF-32 or UTF-16 by BOM, else UTF-8 (BOM stripped), else line by line.

    Never raises: the line-by-line fallback decodes every byte sequence.
    """
    if isinstance(data, str):
        had_bom = data.startswith("\ufeff")
        return DecodedText(data.removeprefix("\ufeff"), "text", had_bom)
    # UTF-32's little-endian mark begins as UTF-16's does: looked for first (a review found
    # a UTF-32 file read as UTF-16 and refused for its NULs, "saved as UTF-16?").
    for encoding, marks in (("utf-32", _UTF32_BOMS), ("utf-16", _UTF16_BOMS)):
        if data.startswith(marks) and (text := _try(data, encoding)) is not None:
            return DecodedText(text.removeprefix("\ufeff"), encoding, True)
    if (text := _utf16_without_bom(data)) is not None:
        return DecodedText(text, "utf-16")
    had_bom = data.startswith(codecs.BOM_UTF8)
    body = data.removeprefix(codecs.BOM_UTF8)
    text = _try(body, "utf-8")
    if text is not None:
        return DecodedText(text, "utf-8-sig" if had_bom else "utf-8", had_bom)
    return _decode_by_line(body, had_bom)


#: The bytes a file's encoding is judged by, and the share of them that must be NUL.
_UTF16_SAMPLE = 4096
_UTF16_NULS = 0.9


def _utf16_without_bom(data: bytes) -> str | None:
    """The text of a file saved as UTF-16 without its byte-order mark, or None. Latin
    text in UTF-16 has a NUL as every other byte (the odd ones little-endian, the even ones
    big-endian) and the others not; valid UTF-8 all the same, it was read with a NUL error
    a character and refused as no report (a review)."""
    sample = data[:_UTF16_SAMPLE]
    if len(data) % 2 or len(sample) < 4:
        return None
    for encoding, nuls, others in (
        ("utf-16-le", sample[1::2], sample[0::2]),
        ("utf-16-be", sample[0::2], sample[1::2]),
    ):
        if nuls.count(0) >= _UTF16_NULS * len(nuls) and others.count(0) < len(others) / 10:
            return _try(data, encoding)
    return None


def _decode_by_line(data: bytes, had_bom: bool) -> DecodedText:
    """Each line as UTF-8 when it is valid UTF-8, else as cp1252 (trf16.md §7.1).

    Files assembled from several sources mix encodings line by line, so one verdict for
    the whole file would garble the lines written in the other one. The encoding said is
    "mixed" when lines of both kinds hold non-ASCII text, else cp1252, or latin-1 when a
    byte cp1252 leaves undefined had to be read as latin-1.
    """
    pieces = _LINE_END_BYTES.split(data)  # lines at even indexes, their ends at odd ones
    texts: list[str] = []
    fallback: list[int] = []
    utf8_seen = latin1_seen = False
    for index, piece in enumerate(pieces):
        text = _try(piece, "utf-8")
        if text is not None:
            utf8_seen = utf8_seen or not piece.isascii()
        else:
            text = piece.decode("cp1252", errors=_LATIN1_FOR_UNDEFINED)
            latin1_seen = latin1_seen or _try(piece, "cp1252") is None
            fallback.append(index // 2 + 1)
        texts.append(text)
    encoding = "mixed" if utf8_seen else "latin-1" if latin1_seen else "cp1252"
    return DecodedText("".join(texts), encoding, had_bom, tuple(fallback))


def _latin1_for_undefined(error: UnicodeError) -> tuple[str, int]:
    """Error handler: a byte cp1252 leaves undefined (0x81, 0x8D, ...) is read as latin-1."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


_LATIN1_FOR_UNDEFINED = "trf-latin1-for-undefined"
codecs.register_error(_LATIN1_FOR_UNDEFINED, _latin1_for_undefined)


def _try(data: bytes, encoding: str) -> str | None:
    """`data` decoded strictly, or None when it is not valid in `encoding`."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        return None


def split_lines(text: str) -> list[str]:
    """Split on CRLF, CR or LF (all three occur); a final line end adds no empty line."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines

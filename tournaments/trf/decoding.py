"""From bytes to lines of characters (trf16.md §7.1-§7.2).

TRF16 names no encoding and only says a line ends with a carriage return; real files
are UTF-8 (with or without BOM), cp1252/latin-1, with CRLF, LF or CR-only line ends.
Columns are counted in characters after decoding, never in bytes.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

# Only CR and LF end a line: str.splitlines() would also split on form feeds, \x1c-\x1e,
# \x85 and U+2028, which can occur inside cp1252/latin-1 names and would shift columns.
_LINE_END = re.compile(r"\r\n|\r|\n")
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


@dataclass(frozen=True)
class DecodedText:
    """Decoded text and how it was obtained."""

    text: str
    encoding: str  # "utf-8", "utf-8-sig", "utf-16", "cp1252", "latin-1" or "text"
    had_bom: bool = False

    @property
    def is_fallback(self) -> bool:
        """True when the bytes were not UTF-8 (so the encoding is a guess)."""
        return self.encoding in ("cp1252", "latin-1")


def decode(data: bytes | str) -> DecodedText:
    """Decode a file: UTF-8 (BOM stripped), else UTF-16 by BOM, else cp1252, else latin-1.

    Never raises: latin-1 decodes every byte sequence.
    """
    if isinstance(data, str):
        had_bom = data.startswith("\ufeff")
        return DecodedText(data.removeprefix("\ufeff"), "text", had_bom)
    if data.startswith(codecs.BOM_UTF8):
        text = _try(data[len(codecs.BOM_UTF8) :], "utf-8")
        if text is not None:
            return DecodedText(text, "utf-8-sig", True)
    if data.startswith(_UTF16_BOMS):
        text = _try(data, "utf-16")
        if text is not None:
            return DecodedText(text.removeprefix("\ufeff"), "utf-16", True)
    for encoding in ("utf-8", "cp1252"):
        text = _try(data, encoding)
        if text is not None:
            return DecodedText(text, encoding)
    return DecodedText(data.decode("latin-1"), "latin-1")


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

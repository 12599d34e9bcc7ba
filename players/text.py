"""Text as files from other programs write it, made what a reader sees. Pure Python: the
TRF reader (``tournaments.trf``) and the registry's list readers share it."""

from __future__ import annotations

import re
import unicodedata

#: A letter followed by combining accents (decomposed Unicode, as some editors save "Å").
DECOMPOSED = re.compile(r".[\u0300-\u036f]+")


def composed_letters(text: str) -> str:
    """``text`` with each letter written with separate accents composed (Unicode NFC): one
    column, as an editor shows it, where the file holds two or more. Only those letters:
    NFC of the whole line would change other characters too (a compatibility ideograph).
    Fixed-column files (TRF, FIDE's TXT lists) are read in columns counted on this."""
    if text.isascii():
        return text
    return DECOMPOSED.sub(lambda letter: unicodedata.normalize("NFC", letter[0]), text)


def written_name(name: str) -> str:
    """A name as the registry keeps it: its accents composed (``composed_letters``) and its
    words single-spaced, one spelling of "Åsa" whichever program or keyboard wrote it, for
    the search, the twin checks and the TXT download's columns."""
    return " ".join(composed_letters(name).split())

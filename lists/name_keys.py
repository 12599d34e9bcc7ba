"""A name's search key: its letters without their accents, in capitals, so that a search
for "muller" finds "Müller, Hans" and "odegaard" finds "Ødegaard". The published list is
searched by the beginning of this key (``lists.filters``).

The key: a name of ASCII alone in capitals; any other decomposed (Unicode NFKD), its
combining accents dropped, the letters that no decomposition reduces put to their nearest
base letter (Ø, Ł, ...) or to the two letters they are written with in ASCII (ß: ss,
Æ: AE, Œ: OE, Þ: TH, as "Strasse" for "Straße"), in capitals; the comma between surname
and given names is a space, so that "dubois camille" and "Dubois C" find "Dubois, Camille"
as "dubois, c" does. On PostgreSQL it is the SQL function ``list_name_key`` (migrations
``lists.0010``, ``lists.0011``, ``lists.0012``), which an index
of the list entries holds, and the typed value goes through the same function; SQLite is
given ``name_key`` under the same name on each connection. Either way the name and the
value are folded alike.
"""

from __future__ import annotations

import unicodedata

from django.db.models import CharField, Func

#: The SQL function (and, on SQLite, the Python one under its name).
NAME_KEY_FUNCTION = "list_name_key"

#: Letters whose decomposition keeps them as they are, and their nearest base letters.
OWN_BASES_FROM = "ÐðØøĐđĦħ\u0131ŁłŦŧ"
OWN_BASES_TO = "DdOoDdHhiLlTt"
#: Letters written with two in ASCII (German "ss" for ß; Danish, French, Icelandic).
TWO_LETTERS = {
    "ß": "ss", "\u1e9e": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "TH", "þ": "th",
}  # fmt: skip
#: The combining accents a decomposition leaves after their letter.
ACCENTS = ("\u0300", "\u036f")

_OWN_BASES = str.maketrans({**dict(zip(OWN_BASES_FROM, OWN_BASES_TO, strict=True)), **TWO_LETTERS})


def name_key(name: str | None) -> str | None:
    """The search key of ``name`` (SQLite's ``list_name_key``)."""
    if name is None:
        return None
    name = name.replace(" ,", ",").replace(", ", ",").replace(",", " ")
    if name.isascii():
        return name.upper()
    first, last = ACCENTS
    decomposed = unicodedata.normalize("NFKD", name)
    unaccented = "".join(c for c in decomposed if not first <= c <= last)
    return unaccented.translate(_OWN_BASES).upper()


class NameKey(Func):
    """``list_name_key(expression)``: the search key, worked out by the database."""

    function = NAME_KEY_FUNCTION
    output_field = CharField()

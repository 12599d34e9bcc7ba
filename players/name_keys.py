"""A name's search key: its letters without their accents, in capitals, so that a search
for "muller" finds "Müller, Hans" and "odegaard" finds "Ødegaard". The published list is
searched by the beginning of this key (``lists.filters``), the registry and a period's
preview by any part of it (``name_key_contains``).

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

from django.db.models import BooleanField, CharField, F, Func, Q
from django.db.models.lookups import Contains, IContains

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
#: The SQL function of the transliterated key (``name_key_transliterated``).
TRANSLITERATED_KEY_FUNCTION = "name_key_transliterated"
#: How German (and Danish, Norwegian, Swedish) write a letter with an umlaut or a stroke
#: where they cannot: "Mueller" for "Müller", "Moeller" for "Møller".
TRANSLITERATIONS = {
    "Ä": "AE", "ä": "ae", "Ö": "OE", "ö": "oe", "Ü": "UE", "ü": "ue", "Ø": "OE", "ø": "oe",
}  # fmt: skip

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


def name_key_transliterated(name: str | None) -> str | None:
    """The key of ``name`` with its umlauts and strokes written out (``TRANSLITERATIONS``)
    before the key folds the rest: "Müller, Jürgen" is "MUELLER JUERGEN", where
    ``name_key`` has "MULLER JURGEN". A search typed "mueller" finds him by it, and not
    "Muller, Jürgen", whose key has no "MUELLER". SQLite's
    ``name_key_transliterated``."""
    if name is None:
        return None
    composed = unicodedata.normalize("NFC", name)
    return name_key(composed.translate(_TRANSLITERATED))


_TRANSLITERATED = str.maketrans(TRANSLITERATIONS)
#: What the transliterations write, in a key's capitals.
WRITTEN_OUT = frozenset(letters.upper() for letters in TRANSLITERATIONS.values())


class NameKey(Func):
    """``list_name_key(expression)``: the search key, worked out by the database."""

    function = NAME_KEY_FUNCTION
    output_field = CharField()


class NotAscii(Func):
    """True for a name with a letter outside ASCII: only such a name needs its key worked
    out to be searched (the function costs 680 ms on 400,000 names in PostgreSQL, a
    case-insensitive LIKE of the name itself 81 ms)."""

    output_field = BooleanField()
    template = "octet_length(%(expressions)s) <> char_length(%(expressions)s)"

    def as_sqlite(self, compiler, connection, **extra_context):
        return self.as_sql(
            compiler,
            connection,
            template="length(CAST(%(expressions)s AS BLOB)) <> length(%(expressions)s)",
            **extra_context,
        )


def name_key_contains(field: str, word: str) -> Q:
    """The name in ``field`` holds ``word`` anywhere, in any case and with or without its
    accents: "muller" finds "Müller, Hans" and "Müller" finds "Muller, Hans". A name of ASCII
    alone has its key in capitals, so a case-insensitive search for the word's key finds
    it as the key would; the others go through the key itself, and through the key with
    their umlauts written out (``name_key_transliterated``): "mueller" finds "Müller, Hans"
    and "moeller" "Møller, Ole"."""
    key = name_key(word)
    name = F(field)
    accented = Q(Contains(NameKey(name), key))
    # Only a word that writes an umlaut out can find a name by it; the second function
    # costs a search as much as the first (0.3 s for 60,000 names outside ASCII).
    if any(written in key for written in WRITTEN_OUT):
        transliterated = Func(name, function=TRANSLITERATED_KEY_FUNCTION, output_field=CharField())
        accented |= Q(Contains(transliterated, key))
    return Q(IContains(name, key)) | (Q(NotAscii(name)) & accented)

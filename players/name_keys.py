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

import re
import unicodedata

from django.db import connections
from django.db.models import BooleanField, CharField, F, Func, Lookup, OrderBy, Q
from django.db.models.lookups import Contains, IContains

#: The SQL function (and, on SQLite, the Python one under its name).
NAME_KEY_FUNCTION = "list_name_key"
#: The SQL function of ``name_key_unordered`` (migration ``players.0018``; SQLite's: the
#: Python one under its name).
UNORDERED_KEY_FUNCTION = "name_key_unordered"

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


def word_rotations(text: str) -> list[str]:
    """``text``'s words in each order they may have been written in: every rotation of
    them, the words as written first. A name is "Lastname, Firstname" by convention, the
    comma optional in practice (the TRF digest, 001 columns 15-47), so "Ravi Kumar" may be
    "Kumar, Ravi" and "Loek van Wely" "van Wely, Loek": a rotation keeps each part's own
    words in order. The published list's search (``lists.filters.word_orders``) and the
    likely duplicates (``players.selectors``) both turn names so."""
    words = text.replace(",", " ").split()
    return list(dict.fromkeys(" ".join(words[at:] + words[:at]) for at in range(len(words))))


def registry_spellings(text: str) -> list[str]:
    """How the registry may write a name given as ``text``, in lower case: its words in
    each order they may have been written in (``word_rotations``), with a comma after one
    of them ("lund, magnus", "van wely, loek") or none. What the registry's order index
    (``Lower("name")``) finds at once, where the name's key would read every name."""
    spellings = []
    for rotation in word_rotations(text.lower()):
        words = rotation.split()
        spellings.append(rotation)
        spellings.extend(
            f"{' '.join(words[:at])}, {' '.join(words[at:])}" for at in range(1, len(words))
        )
    return list(dict.fromkeys(spellings))


def key_words_unordered(key: str) -> str:
    """``key`` with its words in alphabetical order: what two of ``word_rotations``
    have in common."""
    return " ".join(sorted(key.split()))


def name_key_unordered(name: str | None) -> str | None:
    """``name``'s key with its words in any order (``key_words_unordered``): "Carlsen,
    Magnus" and "Magnus Carlsen" have one. SQLite's ``name_key_unordered``."""
    return None if name is None else key_words_unordered(name_key(name))


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


#: Apostrophes a keyboard or a phone types where names have ASCII's (U+2019 typed in
#: "O'Brien"): a search holding one looks for the name both ways (``apostrophe_forms``).
TYPOGRAPHIC_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc\u0060\u00b4", "'"))


def apostrophe_forms(typed: str) -> list[str]:
    """``typed``, and where it holds an apostrophe, ``typed`` with ASCII's and with
    U+2019 as well: the names of the lists are written with "'", a few with U+2019 (a
    report's, a registration's), and either is found whichever was typed (a review: a
    name written "D\u2019Angelo" was not found by "d'angelo")."""
    plain = typed.translate(TYPOGRAPHIC_APOSTROPHES)
    forms = [typed, plain, plain.replace("'", "\u2019")]
    return list(dict.fromkeys(forms))


#: A letter standing alone before a word: where names elide it with an apostrophe
#: ("O'Brien", "D'Angelo"), a search may type a space ("o brien").
_ELIDED = re.compile(r"(?<!\S)([^\W\d_]) (?=\S)")
#: The letters names elide before an apostrophe ("O'Brien", "D'Artagnan", "L'Ami",
#: "N'Diaye"), which a search may leave out ("obrien").
ELIDING_LETTERS = "odln"
#: A word beginning with one of them, a letter and at least two more after it.
_ELIDING_WORD = re.compile(rf"(?<!\S)([{ELIDING_LETTERS}])(?=[^\W\d_]{{3}})", re.IGNORECASE)


def elided_forms(typed: str) -> list[str]:
    """``typed``; where a letter stands alone before a word, that letter joined to the
    word by an apostrophe ("o brien" is also "o'brien"); and where a word begins with a
    letter names elide (``ELIDING_LETTERS``), that word with an apostrophe after it, one
    word at a time ("obrien" is also "o'brien", "sean obrien" "sean o'brien"). For the
    searches, which find names by their keys, where the apostrophe stays (reviews:
    "o brien" and "obrien" found nobody)."""
    joined = _ELIDED.sub(r"\1'", typed)
    forms = [typed, joined]
    for word in _ELIDING_WORD.finditer(joined):
        forms.append(f"{joined[: word.end()]}'{joined[word.end() :]}")
    return list(dict.fromkeys(forms))


def typed_spellings(typed: str) -> list[str]:
    """How a name typed as ``typed`` may be written: with its elided letters joined by an
    apostrophe (``elided_forms``), each with either apostrophe (``apostrophe_forms``).
    What the published list's and the registry's searches look for."""
    spellings = (form for elided in elided_forms(typed) for form in apostrophe_forms(elided))
    return list(dict.fromkeys(spellings))


def typed_keys(values: list[str], using: str = "default") -> list[str]:
    """The keys of what was typed, worked out as the names' keys in the index were: by the
    database's own function (one query for them all), whose capitals follow the database's
    character type ("C" capitalises ASCII alone, so "Иванов" stays as typed, as it stays in
    the index); on SQLite the function is ``name_key`` itself."""
    connection = connections[using]
    if connection.vendor != "postgresql" or not values:
        return [name_key(value) for value in values]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {NAME_KEY_FUNCTION}(typed) FROM unnest(%s::text[]) WITH ORDINALITY "
            "AS t(typed, at) ORDER BY at",
            [values],
        )
        return [key for (key,) in cursor.fetchall()]


def key_after(prefix: str) -> str | None:
    """The least string above every string that begins with ``prefix``: its last letter
    put to the next code point (one that UTF-8 writes), or None for "" (every string)."""
    for cut in range(len(prefix), 0, -1):
        code = ord(prefix[cut - 1]) + 1
        if 0xD800 <= code <= 0xDFFF:  # surrogates: no letter of a text
            code = 0xE000
        if code <= 0x10FFFF:
            return prefix[: cut - 1] + chr(code)
    return None


class Begins(Lookup):
    """``key__begins="MUL"``: the key begins with the value, written as the range of the
    keys that do (["MUL", "MUM")). An index of the keys reads that range as LIKE 'MUL%'
    reads it, but LIKE then works out each row's key again to check it: 19.8 ms against
    3.3 ms to count 1,797 names of a list of a million (DESIGN-notes 95). The range is
    compared byte by byte (``InBytes``), as the index holds the keys."""

    lookup_name = "begins"

    def as_sql(self, compiler, connection):
        lhs, lhs_params = compiler.compile(InBytes(self.lhs))
        low, high = str(self.rhs), key_after(str(self.rhs))
        if high is None:
            return f"{lhs} >= %s", [*lhs_params, low]
        return f"({lhs} >= %s AND {lhs} < %s)", [*lhs_params, low, *lhs_params, high]


class SearchKey(CharField):
    """What the key functions give: a key, found by its beginning (``Begins``)."""


SearchKey.register_lookup(Begins)


class NameKey(Func):
    """``list_name_key(expression)``: the search key, worked out by the database."""

    function = NAME_KEY_FUNCTION
    output_field = SearchKey()


class InBytes(Func):
    """A key compared byte by byte, whatever the database's collation: ``COLLATE "C"`` on
    PostgreSQL, as the keys' indexes hold them (``entry_by_name_key``,
    ``player_by_name_key``); SQLite compares its strings so already. UTF-8's bytes sort as
    the code points."""

    template = '%(expressions)s COLLATE "C"'
    output_field = CharField()

    def as_sqlite(self, compiler, connection, **extra_context):
        return self.as_sql(compiler, connection, template="%(expressions)s", **extra_context)


def name_order(key: Func, *, descending: bool = False) -> OrderBy:
    """Names by their key (``NameKey``): regardless of case and accents, so "de Firmian"
    is among the D's and "Ádám" among the A's, where an order of the names themselves put
    every name beginning with an accented letter after Z (a review; the "C" collation
    sorts by code point)."""
    return InBytes(key).desc() if descending else InBytes(key).asc()


class UnorderedNameKey(Func):
    """``name_key_unordered(expression)``: the key with its words in alphabetical order,
    worked out by the database."""

    function = UNORDERED_KEY_FUNCTION
    output_field = SearchKey()


class TransliteratedKey(Func):
    """``name_key_transliterated(expression)``: the key with umlauts and strokes written
    out, worked out by the database."""

    function = TRANSLITERATED_KEY_FUNCTION
    output_field = SearchKey()


#: A typed key with more written-out umlauts than this is looked for as typed alone: each
#: one doubles the beginnings a list's search reads (``folded_forms``).
MOST_FOLDED = 3


def folded_forms(key: str) -> list[str]:
    """The keys (``name_key``) that a name whose transliterated key holds ``key`` may have
    where it holds it: each written-out umlaut of ``key`` ("UE", "OE", "AE") folded to its
    letter or kept, ``key`` itself left out. "MUELLER" gives ["MULLER"], the key of
    "Müller"; none for a key without such a pair or with more than ``MOST_FOLDED``. The
    pairs cannot overlap: each ends in E, none starts with it."""
    pieces: list[str] = []
    rest = key
    while True:
        found = [(rest.find(pair), pair) for pair in WRITTEN_OUT if pair in rest]
        if not found:
            break
        at, pair = min(found)
        pieces.append(rest[:at])
        pieces.append(pair)
        rest = rest[at + 2 :]
    pairs = len(pieces) // 2
    if not pairs or pairs > MOST_FOLDED:
        return []
    forms = []
    for folded in range(1, 2**pairs):
        written = [
            piece if i % 2 == 0 or not folded >> (i // 2) & 1 else piece[0]
            for i, piece in enumerate(pieces)
        ]
        forms.append("".join(written) + rest)
    return forms


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
    if not key:  # marks alone (a lone combining accent): in no name, not in every one
        return Q(pk__in=[])
    name = F(field)
    accented = Q(Contains(NameKey(name), key))
    # Only a word that writes an umlaut out can find a name by it; the second function
    # costs a search as much as the first (0.3 s for 60,000 names outside ASCII).
    if any(written in key for written in WRITTEN_OUT):
        accented |= Q(Contains(TransliteratedKey(name), key))
    return Q(IContains(name, key)) | (Q(NotAscii(name)) & accented)

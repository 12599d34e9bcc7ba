"""players.name_keys: a name's search key, the same whether the database or the application
works it out."""

from __future__ import annotations

import pytest
from django.db import connection

from players.name_keys import (
    NAME_KEY_FUNCTION,
    OWN_BASES_FROM,
    OWN_BASES_TO,
    TRANSLITERATED_KEY_FUNCTION,
    TRANSLITERATIONS,
    TWO_LETTERS,
    name_key,
    name_key_transliterated,
)


def test_accented_letters_fold_to_their_base_letter_in_capitals():
    assert name_key("Müller, Hans-Peter") == "MULLER HANS-PETER"
    assert name_key("Ødegaard, Åse") == "ODEGAARD ASE"
    assert name_key("Łukasz Ćwik") == "LUKASZ CWIK"
    assert name_key("Nguyễn Ngọc Trường Sơn") == "NGUYEN NGOC TRUONG SON"
    assert name_key(OWN_BASES_FROM) == OWN_BASES_TO.upper()


def test_letters_that_ascii_writes_with_two_fold_to_those_two():
    """As FIDE's lists spell them: "Strasse" for "Straße", "Aeroe" for "Ærø"."""
    assert name_key("Straße, Jürgen") == "STRASSE JURGEN"
    assert name_key("Ærø, Œdipe") == "AERO OEDIPE"
    assert name_key("Þórhallsson, Þröstur") == "THORHALLSSON THROSTUR"


def test_the_comma_after_the_surname_is_a_space():
    """So that "dubois camille", "Dubois C" and "dubois, c" begin the key of "Dubois,
    Camille" alike (the list is searched by the key's beginning)."""
    key = name_key("Dubois, Camille")
    assert key == "DUBOIS CAMILLE" == name_key("Dubois,Camille") == name_key("Dubois , Camille")
    for typed in ("dubois camille", "Dubois C", "dubois, c", "DUBOIS,C"):
        assert key.startswith(name_key(typed))
    assert name_key("Søreide, Åse") == "SOREIDE ASE"


@pytest.mark.django_db
def test_the_database_folds_names_as_the_application_does():
    """On PostgreSQL the function of migration lists.0012 (the list's index holds it), on
    SQLite the application's, given on each connection: both fold every letter alike."""
    accented = "".join(chr(code) for code in range(0xC0, 0x250) if chr(code).isalpha())
    samples = [accented, OWN_BASES_FROM, "".join(TWO_LETTERS), "Müller, Hans-Peter"]
    samples += ["O'Brien, Seán", "Carlsen", "Þórhallsson, Þröstur", "Straße"]
    samples += ["Dubois, Camille", "Dubois,Camille", "Søreide, Åse", "Dubois C", "A , B"]
    samples += ["Søreide,Åse", "A,,B", "Trailing,", "Ødegaard ,Åse"]
    with connection.cursor() as cursor:
        for sample in samples:
            cursor.execute(f"SELECT {NAME_KEY_FUNCTION}(%s)", [sample])
            assert cursor.fetchone()[0] == name_key(sample)


def test_the_transliterated_key_writes_umlauts_and_strokes_out_as_german_and_danish_do():
    """Where a keyboard lacks ü, German writes ue ("Mueller"), Danish and Norwegian oe for
    ø: the transliterated key holds those two letters, the key the base letter alone."""
    assert name_key_transliterated("Müller, Jürgen") == "MUELLER JUERGEN"
    assert name_key_transliterated("Møller, Åse") == "MOELLER ASE"
    assert name_key_transliterated("Händel, Björn") == "HAENDEL BJOERN"
    assert name_key_transliterated("Muller, Hans") == name_key("Muller, Hans") == "MULLER HANS"
    # The same letter composed or decomposed (u and a combining diaeresis).
    assert name_key_transliterated("Mu\u0308ller") == "MUELLER"
    assert name_key_transliterated(None) is None


@pytest.mark.django_db
def test_the_database_transliterates_names_as_the_application_does():
    """On PostgreSQL the function of migration lists.0014 (which CI runs this against; on
    SQLite the function is the application's own, given on each connection). Letters with
    a diaeresis and another accent (Ǖ, ǘ) and the capital ẞ, composed and decomposed."""
    import unicodedata

    samples = ["Müller, Jürgen", "Møller, Åse", "Mu\u0308ller", "".join(TRANSLITERATIONS)]
    samples += ["Ødegaard ,Åse", "Carlsen, Magnus", "Straße", OWN_BASES_FROM, "STRAẞE"]
    samples += [form(text) for text in ("Ǖǘ Ǟ ǿ", "Jürgen") for form in (
        lambda t: unicodedata.normalize("NFC", t), lambda t: unicodedata.normalize("NFD", t)
    )]  # fmt: skip
    with connection.cursor() as cursor:
        for sample in samples:
            cursor.execute(f"SELECT {TRANSLITERATED_KEY_FUNCTION}(%s)", [sample])
            assert cursor.fetchone()[0] == name_key_transliterated(sample)

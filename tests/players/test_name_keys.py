"""players.name_keys: a name's search key, the same whether the database or the application
works it out."""

from __future__ import annotations

import pytest
from django.db import connection
from hypothesis import given
from hypothesis import strategies as st

from players.name_keys import (
    MOST_FOLDED,
    NAME_KEY_FUNCTION,
    OWN_BASES_FROM,
    OWN_BASES_TO,
    TRANSLITERATED_KEY_FUNCTION,
    TRANSLITERATIONS,
    TWO_LETTERS,
    UNORDERED_KEY_FUNCTION,
    WRITTEN_OUT,
    folded_forms,
    key_after,
    name_key,
    name_key_transliterated,
    name_key_unordered,
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


@pytest.mark.django_db
def test_the_database_orders_a_names_words_as_the_application_does():
    """Migration players.0018 on PostgreSQL, the application's function on SQLite: the
    words of the key in alphabetical order, whatever order, commas and spaces the name is
    written with, and in the order of their code points, as Python sorts them (Ø folds to
    O before it is ordered; a word of digits or a hyphen comes before the letters)."""
    samples = {
        "Carlsen, Magnus": "CARLSEN MAGNUS",
        "Magnus Carlsen": "CARLSEN MAGNUS",
        "van Wely, Loek": "LOEK VAN WELY",
        "Loek  van   Wely": "LOEK VAN WELY",
        "Ødegaard ,Åse": "ASE ODEGAARD",
        "Müller, Hans-Peter": "HANS-PETER MULLER",
        "Smith 2nd, John": "2ND JOHN SMITH",
        "Zz, a-b": "A-B ZZ",
        "Trailing,": "TRAILING",
    }
    with connection.cursor() as cursor:
        for sample, expected in samples.items():
            assert name_key_unordered(sample) == expected
            cursor.execute(f"SELECT {UNORDERED_KEY_FUNCTION}(%s)", [sample])
            assert cursor.fetchone()[0] == expected, sample
        cursor.execute(f"SELECT {UNORDERED_KEY_FUNCTION}(NULL)")
        assert cursor.fetchone()[0] is None


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


def test_a_written_out_umlaut_folds_back_to_its_letter():
    """What the published list's search looks up beside the typed key (DESIGN-notes 95):
    each "UE", "OE", "AE" folded or kept, the typed key itself left out."""
    assert folded_forms("MUELLER") == ["MULLER"]
    assert sorted(folded_forms("MUELLER MOELLER")) == [
        "MUELLER MOLLER", "MULLER MOELLER", "MULLER MOLLER",
    ]  # fmt: skip
    assert folded_forms("MUE") == ["MU"]  # a beginning that ends on the pair
    assert folded_forms("CARLSEN") == []
    assert folded_forms("AE OE UE AE") == []  # more than MOST_FOLDED: as typed alone


@given(st.text(alphabet="MUELRÜÖÄØüöäø ,ßae", max_size=12), st.integers(min_value=1))
def test_every_name_whose_written_out_key_begins_as_typed_is_in_a_folded_range(name, cut):
    """The search reads the rows whose key begins as typed or with one of its folded
    forms, and keeps those whose transliterated key begins as typed: no name whose
    transliterated key begins as typed lies outside those ranges."""
    written_out = name_key_transliterated(name)
    typed = written_out[: cut % (len(written_out) + 1)]
    forms = [typed, *folded_forms(typed)]
    if sum(typed.count(pair) for pair in WRITTEN_OUT) <= MOST_FOLDED:
        assert any(name_key(name).startswith(form) for form in forms)


def test_the_keys_that_begin_with_a_prefix_end_below_its_last_letter_put_on():
    """``Begins`` reads the range [prefix, key_after(prefix)) of the index's byte order."""
    assert key_after("MUL") == "MUM"
    assert key_after("100%") == "100&"
    assert key_after("A\U0010ffff") == "B"  # no code point after the last: the one before moves
    assert key_after("\ud7ff") == "\ue000"  # over the surrogates, which UTF-8 does not write
    assert key_after("") is None


@pytest.mark.django_db
def test_postgresql_inlines_the_name_keys_and_both_give_null_for_null():
    """Migration lists.0018: a strict SQL function whose body (a CASE) is not strict is
    called a row at a time, in an index's build as in a query; called on NULL input it is
    inlined (the list's name-key index was built in 1.7 s, then in 0.66 s, DESIGN-notes
    115). A plan shows the function's body where it is inlined, and its name where not."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's SQL functions")
    with connection.cursor() as cursor:
        for function in (NAME_KEY_FUNCTION, TRANSLITERATED_KEY_FUNCTION):
            cursor.execute(f"SELECT {function}(NULL)")
            assert cursor.fetchone()[0] is None
            cursor.execute(f"EXPLAIN (VERBOSE) SELECT {function}(name) FROM players_player")
            plan = " ".join(row[0] for row in cursor.fetchall())
            assert f"{function}(" not in plan and "upper(" in plan

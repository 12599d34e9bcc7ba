"""The name key writes the comma between surname and given names as a space ("dubois
camille" and "Dubois C" find "Dubois, Camille"): ``list_name_key`` is replaced and the
list's index on it rebuilt (its keys change). The letters are as ``lists.0011`` left them,
copied here so that this migration does not change with the code; a test checks the
function against the application's key on PostgreSQL."""

from django.db import migrations

NAME_KEY_FUNCTION = "list_name_key"
OWN_BASES_FROM = "ÐðØøĐđĦħ\u0131ŁłŦŧ"
OWN_BASES_TO = "DdOoDdHhiLlTt"
TWO_LETTERS = {
    "ß": "ss", "\u1e9e": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "TH", "þ": "th",
}  # fmt: skip
ACCENTS = ("\u0300", "\u036f")
INDEX = "entry_by_name_key"


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _function(*, commas: bool) -> str:
    name = "replace(replace(replace(name, ' ,', ','), ', ', ','), ',', ' ')" if commas else "name"
    accents = _quoted(f"[{ACCENTS[0]}-{ACCENTS[1]}]")
    folded = (
        f"translate(regexp_replace(normalize({name}, NFKD), {accents}, '', 'g'), "
        f"{_quoted(OWN_BASES_FROM)}, {_quoted(OWN_BASES_TO)})"
    )
    for letter, letters in TWO_LETTERS.items():
        folded = f"replace({folded}, {_quoted(letter)}, {_quoted(letters)})"
    # A name of ASCII alone (most of a FIDE list) is only put in capitals.
    return (
        f"CREATE OR REPLACE FUNCTION {NAME_KEY_FUNCTION}(name text) RETURNS text "
        "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN "
        f"CASE WHEN octet_length(name) = char_length(name) THEN upper({name}) "
        f"ELSE upper({folded}) END"
    )


def _replaced(schema_editor, function: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(function)
    schema_editor.execute(
        f"CREATE INDEX {INDEX} ON lists_listentry "
        f"(period_id, {NAME_KEY_FUNCTION}(name) text_pattern_ops)"
    )


def forwards(apps, schema_editor):
    _replaced(schema_editor, _function(commas=True))


def backwards(apps, schema_editor):
    _replaced(schema_editor, _function(commas=False))


class Migration(migrations.Migration):
    dependencies = [("lists", "0011_name_key_two_letters")]

    operations = [migrations.RunPython(forwards, backwards)]

"""The published list searched by names without their accents (``lists.name_keys``): on
PostgreSQL the function ``list_name_key`` and an index on (period, list_name_key(name)
text_pattern_ops), which replaces the one on (period, UPPER(name)). SQLite is given the
function on each connection (``lists.apps``) and needs no index for its small lists.

The function is built from ``lists.name_keys``' letters as they were then (copied here,
as a migration must not change with the code): a change to them asks for a migration that
replaces the function and rebuilds the index (``lists.0011``)."""

from django.db import migrations

NAME_KEY_FUNCTION = "list_name_key"
OWN_BASES_FROM = "ÆæÐðØøÞþßĐđĦħ\u0131ŁłŒœŦŧ"
OWN_BASES_TO = "AaDdOoTtsDdHhiLlOoTt"
ACCENTS = ("\u0300", "\u036f")

OLD_INDEX = (
    "CREATE INDEX entry_by_name_prefix ON lists_listentry (period_id, UPPER(name) text_pattern_ops)"
)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    accents = _quoted(f"[{ACCENTS[0]}-{ACCENTS[1]}]")
    unaccented = f"regexp_replace(normalize(name, NFKD), {accents}, '', 'g')"
    own_bases = f"{_quoted(OWN_BASES_FROM)}, {_quoted(OWN_BASES_TO)}"
    # A name of ASCII alone (most of a FIDE list) is only put in capitals: decomposing
    # every name would make the list's index several times slower to build.
    schema_editor.execute(
        f"CREATE OR REPLACE FUNCTION {NAME_KEY_FUNCTION}(name text) RETURNS text "
        "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN "
        "CASE WHEN octet_length(name) = char_length(name) THEN upper(name) "
        f"ELSE upper(translate({unaccented}, {own_bases})) END"
    )
    schema_editor.execute("DROP INDEX IF EXISTS entry_by_name_prefix")
    schema_editor.execute(
        "CREATE INDEX entry_by_name_key ON lists_listentry "
        f"(period_id, {NAME_KEY_FUNCTION}(name) text_pattern_ops)"
    )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS entry_by_name_key")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {NAME_KEY_FUNCTION}(text)")
    schema_editor.execute(OLD_INDEX)


class Migration(migrations.Migration):
    dependencies = [("lists", "0009_period_part_games")]

    operations = [migrations.RunPython(forwards, backwards)]

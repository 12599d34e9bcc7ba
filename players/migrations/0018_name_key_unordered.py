"""On PostgreSQL, the function ``name_key_unordered``: a name's search key (``list_name_key``)
with its words in alphabetical order, as ``players.name_keys.name_key_unordered`` gives it
(SQLite is given that one under the name on each connection). The likely duplicates page
groups names by it: "Carlsen, Magnus" and "Magnus Carlsen" are one name there, as they
are to the registration's check. Words are ordered by their code points (COLLATE "C"), as
Python's ``sorted`` orders them."""

from django.db import migrations

FUNCTION = (
    "CREATE OR REPLACE FUNCTION name_key_unordered(name text) RETURNS text "
    "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ "
    "SELECT array_to_string(ARRAY("
    "SELECT word FROM unnest(string_to_array(list_name_key(name), ' ')) word "
    "WHERE word <> '' ORDER BY word COLLATE \"C\"), ' ') $$"
)


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FUNCTION)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS name_key_unordered(text)")


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0017_history_partitioned_by_list_date"),
        ("lists", "0018_name_keys_inlined"),  # list_name_key as it is
    ]

    operations = [migrations.RunPython(forwards, backwards)]

"""The name keys' SQL functions are called on NULL input (they return NULL for it all the
same: every function they call is strict), so that PostgreSQL inlines them, in an index
expression as in a query, instead of calling them a row at a time: a strict function is
inlined only where its body is strict too, and a CASE is not. The list's name-key index on
the benchmark's 355,616 entries was built in 1.7 s, and is in 0.66 s (DESIGN-notes 115);
the indexes and the queries are unchanged, each reads the same keys."""

from django.db import migrations

FUNCTIONS = ("list_name_key", "name_key_transliterated")


def _null_input(schema_editor, behaviour: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for function in FUNCTIONS:
        schema_editor.execute(f"ALTER FUNCTION {function}(text) {behaviour}")


def forwards(apps, schema_editor):
    _null_input(schema_editor, "CALLED ON NULL INPUT")


def backwards(apps, schema_editor):
    _null_input(schema_editor, "STRICT")


class Migration(migrations.Migration):
    dependencies = [("lists", "0017_publication_failure_default")]

    operations = [migrations.RunPython(forwards, backwards)]

"""Each published list's name keys sampled finely (``NAME_KEY_STATISTICS``, DESIGN-notes
98): the setting on every list partition's name-key index, then the list analyzed again,
since a published list, never written again, is never analyzed again by autovacuum. The
target is copied here so that this migration does not change with the code."""

from django.db import migrations

NAME_KEY_STATISTICS = 1000


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "SELECT inherited.inhrelid::regclass::text, pg_index.indrelid::regclass::text "
            "FROM pg_inherits inherited "
            "JOIN pg_index ON pg_index.indexrelid = inherited.inhrelid "
            "WHERE inherited.inhparent = 'entry_by_name_key'::regclass"
        )
        for index, table in cursor.fetchall():
            cursor.execute(
                f"ALTER INDEX {index} ALTER COLUMN 2 SET STATISTICS {NAME_KEY_STATISTICS}"
            )
            cursor.execute(f"ANALYZE {table}")


class Migration(migrations.Migration):
    atomic = False  # ANALYZE of each list on its own, not all of them in one transaction

    dependencies = [("lists", "0015_publication_request")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]

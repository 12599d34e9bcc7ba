"""The list's name column is ordered by the names' keys (``players.name_keys.name_order``:
regardless of case and accents), where it was ordered by the names in lower case, which the
"C" collation sorts by code point (every name beginning with an accented letter after Z).
On PostgreSQL one index serves the order and the name search: ``entry_by_name_key`` on
(period, list_name_key(name) COLLATE "C", fide_id), compared byte by byte as the search's
ranges are (``players.name_keys.InBytes``), replaces both the search's index on the key
(``text_pattern_ops``, ``lists.0012``) and ``entry_by_name`` (the names in lower case): a
publication builds one index fewer. Each list's index gets the finer statistics of its
keys (``lists.0016``) and the list is analyzed again, as a published list is never
analyzed by autovacuum. The function and the target are copied here so that this migration
does not change with the code."""

from django.db import migrations

NAME_KEY_FUNCTION = "list_name_key"
NAME_KEY_STATISTICS = 1000
INDEX = "entry_by_name_key"
BYTES = f'CREATE INDEX {INDEX} ON lists_listentry (period_id, {NAME_KEY_FUNCTION}(name) COLLATE "C", fide_id)'
PATTERNS = f"CREATE INDEX {INDEX} ON lists_listentry (period_id, {NAME_KEY_FUNCTION}(name) text_pattern_ops)"


def _replaced(schema_editor, index: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(index)
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "SELECT inherited.inhrelid::regclass::text, pg_index.indrelid::regclass::text "
            "FROM pg_inherits inherited "
            "JOIN pg_index ON pg_index.indexrelid = inherited.inhrelid "
            f"WHERE inherited.inhparent = '{INDEX}'::regclass"
        )
        for partition_index, table in cursor.fetchall():
            cursor.execute(
                f"ALTER INDEX {partition_index} ALTER COLUMN 2 SET STATISTICS {NAME_KEY_STATISTICS}"
            )
            cursor.execute(f"ANALYZE {table}")


def forwards(apps, schema_editor):
    _replaced(schema_editor, BYTES)


def backwards(apps, schema_editor):
    _replaced(schema_editor, PATTERNS)


class Migration(migrations.Migration):
    dependencies = [
        ("lists", "0020_list_name_order_any_case"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="listentry", name="entry_by_name"),
        migrations.RunPython(forwards, backwards),
    ]

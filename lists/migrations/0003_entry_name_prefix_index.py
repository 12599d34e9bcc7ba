"""An index for the published list's name search (``name__istartswith``, which Django
writes as ``UPPER(name) LIKE UPPER('x%')``) on PostgreSQL; SQLite has no operator classes
and its lists are small."""

from django.db import migrations


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "CREATE INDEX IF NOT EXISTS entry_by_name_prefix "
            "ON lists_listentry (period_id, UPPER(name) text_pattern_ops)"
        )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS entry_by_name_prefix")


class Migration(migrations.Migration):
    dependencies = [("lists", "0002_periods")]

    operations = [migrations.RunPython(create_index, drop_index)]

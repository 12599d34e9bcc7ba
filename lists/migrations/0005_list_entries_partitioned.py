"""On PostgreSQL, the list entries become a table partitioned by period: publication
writes a list into a table of its own, unindexed, and attaches it, so that its indexes are
built once by sorting instead of kept up to date row by row (a federation's list is
hundreds of thousands of rows; see ``lists.services._entries_write``). Rows written through
the ORM land in the default partition. SQLite keeps the plain table.

The indexes and constraints keep the names Django's migration state gives them; the
primary key takes the period too, as PostgreSQL asks of a partitioned table (``id`` stays
unique: every row takes it from the one identity sequence).
"""

from django.db import migrations

TABLE = "lists_listentry"
OLD = "lists_listentry_unpartitioned"

#: (name, definition) of every index and constraint, as the models declare them.
INDEXES = (
    ("entry_by_rating", "CREATE INDEX entry_by_rating ON {t} (period_id, rating DESC, name)"),
    (
        "entry_by_federation",
        "CREATE INDEX entry_by_federation ON {t} (period_id, federation, rating DESC)",
    ),
    ("entry_by_name", "CREATE INDEX entry_by_name ON {t} (period_id, name)"),
    ("entry_by_fide_id", "CREATE INDEX entry_by_fide_id ON {t} (period_id, fide_id)"),
    ("lists_listentry_player_id", "CREATE INDEX lists_listentry_player_id ON {t} (player_id)"),
    (
        "entry_by_name_prefix",
        "CREATE INDEX entry_by_name_prefix ON {t} (period_id, UPPER(name) text_pattern_ops)",
    ),
)
CONSTRAINTS = (
    "ALTER TABLE {t} ADD CONSTRAINT lists_listentry_pkey PRIMARY KEY ({key})",
    "ALTER TABLE {t} ADD CONSTRAINT one_entry_per_list UNIQUE (period_id, player_id)",
)


def _rebuild(schema_editor, *, partitioned: bool) -> None:
    execute = schema_editor.execute
    execute(f"ALTER TABLE {TABLE} RENAME TO {OLD}")
    execute(
        f"CREATE TABLE {TABLE} (LIKE {OLD} INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
        f"INCLUDING IDENTITY)" + (" PARTITION BY LIST (period_id)" if partitioned else "")
    )
    if partitioned:
        execute(f"CREATE TABLE {TABLE}_default PARTITION OF {TABLE} DEFAULT")
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(f"SELECT DISTINCT period_id FROM {OLD}")
            periods = [row[0] for row in cursor.fetchall()]
        for period in periods:
            execute(f"CREATE TABLE {TABLE}_{period} PARTITION OF {TABLE} FOR VALUES IN ({period})")
    execute(f"INSERT INTO {TABLE} SELECT * FROM {OLD}")
    execute(f"DROP TABLE {OLD}")
    for statement in CONSTRAINTS:
        execute(statement.format(t=TABLE, key="id, period_id" if partitioned else "id"))
    for _name, definition in INDEXES:
        execute(definition.format(t=TABLE))
    execute(
        f"SELECT setval(pg_get_serial_sequence('{TABLE}', 'id'), "
        f"coalesce((SELECT max(id) FROM {TABLE}), 0) + 1, false)"
    )


def partition(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        _rebuild(schema_editor, partitioned=True)


def unpartition(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        _rebuild(schema_editor, partitioned=False)


class Migration(migrations.Migration):
    dependencies = [("lists", "0004_lean_bulk_tables")]

    operations = [migrations.RunPython(partition, unpartition)]

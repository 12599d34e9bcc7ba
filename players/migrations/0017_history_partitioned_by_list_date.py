"""On PostgreSQL, the rating history becomes a table partitioned by list date: a list's
history is written into its own partition, whose indexes hold that list's rows alone
(``players.history_partitions``). Rows written through the ORM for a list date without a
partition land in the default partition. SQLite keeps the plain table.

The indexes and constraints keep the names Django's migration state gives them; the
primary key takes the list date too, as PostgreSQL asks of a partitioned table (``id``
stays unique: every row takes it from the one identity sequence).
"""

from django.db import migrations

TABLE = "players_ratinghistory"
OLD = f"{TABLE}_unpartitioned"

STATEMENTS = (
    "ALTER TABLE {t} ADD CONSTRAINT players_ratinghistory_pkey PRIMARY KEY ({key})",
    "ALTER TABLE {t} ADD CONSTRAINT one_rating_per_list UNIQUE (player_id, category, list_date)",
    "CREATE INDEX history_by_list ON {t} (category, list_date)",
)


def _rebuild(schema_editor, *, partitioned: bool) -> None:
    execute = schema_editor.execute
    execute(f"ALTER TABLE {TABLE} RENAME TO {OLD}")
    # The old table's constraint and index names are freed for the new one.
    execute(f"ALTER TABLE {OLD} DROP CONSTRAINT players_ratinghistory_pkey")
    execute(f"ALTER TABLE {OLD} DROP CONSTRAINT one_rating_per_list")
    execute("DROP INDEX history_by_list")
    execute(
        f"CREATE TABLE {TABLE} (LIKE {OLD} INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
        "INCLUDING IDENTITY)" + (" PARTITION BY LIST (list_date)" if partitioned else "")
    )
    if partitioned:
        execute(f"CREATE TABLE {TABLE}_default PARTITION OF {TABLE} DEFAULT")
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(f"SELECT DISTINCT list_date FROM {OLD}")
            list_dates = [row[0] for row in cursor.fetchall()]
        for list_date in list_dates:
            # Named as players.history_partitions.history_partition names them.
            execute(
                f"CREATE TABLE {TABLE}_{list_date:%Y%m%d} PARTITION OF {TABLE} "
                f"FOR VALUES IN ('{list_date.isoformat()}')"
            )
    execute(f"INSERT INTO {TABLE} SELECT * FROM {OLD}")
    execute(f"DROP TABLE {OLD}")
    for statement in STATEMENTS:
        execute(statement.format(t=TABLE, key="id, list_date" if partitioned else "id"))
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
    dependencies = [("players", "0016_import_left_as_published")]

    operations = [migrations.RunPython(partition, unpartition)]

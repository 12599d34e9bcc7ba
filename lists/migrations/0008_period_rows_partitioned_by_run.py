"""On PostgreSQL, a period's computed rows (``PeriodResult``, ``PeriodGame``) become tables
partitioned by run: a computation writes each run into tables of its own, unindexed, and
attaches them when the run is computed, so that their indexes are built once by sorting
instead of kept up to date row by row (a federation's month is a million games; see
``lists.run_tables``). A superseded run's rows go with its tables. Rows written through
the ORM land in the default partition. SQLite keeps the plain tables.

The indexes and constraints keep the names Django's migration state gives them; the
primary key takes the period and the run too, as PostgreSQL asks of a partitioned table
(``id`` stays unique: every row takes it from the one identity sequence). Existing runs
move into partitions of their own, so that attaching a new run scans no old rows.
"""

from django.db import migrations

#: table -> (the statements that declare its constraints and indexes, as the models do)
TABLES = {
    "lists_periodgame": (
        "ALTER TABLE {t} ADD CONSTRAINT lists_periodgame_pkey PRIMARY KEY ({key})",
        "CREATE INDEX period_game_by_game ON {t} (game_id, period_id, run)",
        "CREATE INDEX period_game_by_run ON {t} (period_id, run, tournament_id)",
    ),
    "lists_periodresult": (
        "ALTER TABLE {t} ADD CONSTRAINT lists_periodresult_pkey PRIMARY KEY ({key})",
        "ALTER TABLE {t} ADD CONSTRAINT one_result_per_run UNIQUE (period_id, run, player_id)",
        "CREATE INDEX lists_periodresult_player_id_afa90bdd ON {t} (player_id)",
    ),
}


def _rebuild(schema_editor, table: str, *, partitioned: bool) -> None:
    execute = schema_editor.execute
    old = f"{table}_unpartitioned"
    execute(f"ALTER TABLE {table} RENAME TO {old}")
    execute(
        f"CREATE TABLE {table} (LIKE {old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
        "INCLUDING IDENTITY)" + (" PARTITION BY RANGE (period_id, run)" if partitioned else "")
    )
    if partitioned:
        execute(f"CREATE TABLE {table}_default PARTITION OF {table} DEFAULT")
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(f"SELECT DISTINCT period_id, run FROM {old}")
            runs = cursor.fetchall()
        for period, run in runs:
            execute(
                f"CREATE TABLE {table}_{period}_{run} PARTITION OF {table} "
                f"FOR VALUES FROM ({period}, {run}) TO ({period}, {run + 1})"
            )
    execute(f"INSERT INTO {table} SELECT * FROM {old}")
    execute(f"DROP TABLE {old}")
    for statement in TABLES[table]:
        execute(statement.format(t=table, key="id, period_id, run" if partitioned else "id"))
    execute(
        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
        f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
    )


def partition(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for table in TABLES:
            _rebuild(schema_editor, table, partitioned=True)


def unpartition(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for table in TABLES:
            _rebuild(schema_editor, table, partitioned=False)


class Migration(migrations.Migration):
    dependencies = [("lists", "0007_period_parts")]

    operations = [migrations.RunPython(partition, unpartition)]

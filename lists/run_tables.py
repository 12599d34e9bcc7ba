"""Each run of a period's computation writes into tables of its own (PostgreSQL).

A federation's month is a million ``PeriodGame`` rows and hundreds of thousands of
``PeriodResult`` rows. Kept up to date row by row, their indexes cost more than the
writing itself; so a run's rows go into plain tables made when the run starts, and the
last part to finish attaches them as the run's partitions of the two tables, which builds
their indexes once, by sorting (migration ``lists.0008``). Until then nobody reads them:
only the computed run is ever read. A superseded run, or a killed one, goes with its
tables. SQLite keeps plain tables and rows deleted by run.
"""

from __future__ import annotations

import re
from typing import Any

from django.db import connection, models
from django.db.models import Q

from lists.models import PeriodGame, PeriodResult

#: What a run writes.
RUN_MODELS: tuple[type[models.Model], ...] = (PeriodResult, PeriodGame)


def _partitioned() -> bool:
    return connection.vendor == "postgresql"


def run_table(model: type[models.Model], period_id: int, run: int) -> str:
    """The table ``model``'s rows of this run are written into."""
    if not _partitioned():
        return model._meta.db_table
    return f"{model._meta.db_table}_{int(period_id)}_{int(run)}"


def partition_table_create(cursor: Any, parent: str, table: str, *, check: str) -> None:
    """A plain table shaped as ``parent`` (its defaults and constraints), empty and
    unindexed, to be attached as one of its partitions once written; ``check`` holds it to
    the partition's rows, which spares the attachment a read of every row. A table of that
    name left by an earlier database sharing the ids is dropped first: a flush empties
    tables, it does not drop them."""
    cursor.execute(f"DROP TABLE IF EXISTS {table}")
    cursor.execute(f"CREATE TABLE {table} (LIKE {parent} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)")
    cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {table}_is_partition CHECK ({check})")


def run_tables_create(period_id: int, run: int) -> None:
    """The run's tables (``partition_table_create``), their ids from the partitioned
    table's sequence."""
    if not _partitioned():
        return
    with connection.cursor() as cursor:
        for model in RUN_MODELS:
            parent, table = model._meta.db_table, run_table(model, period_id, run)
            partition_table_create(
                cursor, parent, table, check=f"period_id = {int(period_id)} AND run = {int(run)}"
            )
            cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [parent])
            (sequence,) = cursor.fetchone()
            cursor.execute(
                f"ALTER TABLE {table} ALTER COLUMN id SET DEFAULT nextval(%s::regclass)",
                [sequence],
            )


#: The columns the pages find and order a run's rows by, whose statistics the planner
#: needs (the rest, a result's explanation above all, are only read).
ANALYZED_COLUMNS: dict[type[models.Model], tuple[str, ...]] = {
    PeriodResult: ("period_id", "run", "player_id", "kind", "change_rounded"),
    PeriodGame: ("period_id", "run", "game_id", "tournament_id", "white_id", "black_id"),
}


def run_tables_attach(period_id: int, run: int) -> None:
    """The run's tables become its partitions: their indexes are built here. Then they
    are analyzed (``ANALYZED_COLUMNS``): without statistics the planner takes a month's
    250,000 results for a handful, and a tournament's crosstable read each of them to
    find its 45 players (62 ms, 2 ms with), until autovacuum, where it runs, got to them.
    The period and the run are analyzed too: the equality on them is what the planner
    estimates first."""
    if not _partitioned():
        return
    with connection.cursor() as cursor:
        for model in RUN_MODELS:
            table = run_table(model, period_id, run)
            cursor.execute(
                f"ALTER TABLE {model._meta.db_table} ATTACH PARTITION {table} "
                f"FOR VALUES FROM ({int(period_id)}, {int(run)}) "
                f"TO ({int(period_id)}, {int(run) + 1})"
            )
            cursor.execute(f"ANALYZE {table} ({', '.join(ANALYZED_COLUMNS[model])})")


def run_rows_delete(period_id: int, *, run: int | None = None, keep: int | None = None) -> None:
    """The rows of run ``run`` of the period, or of every run but ``keep``: their tables
    dropped, attached or not, and any such rows the ORM wrote deleted."""
    for model in RUN_MODELS:
        rows = model.objects.filter(period_id=period_id)  # type: ignore[attr-defined]
        if run is not None:
            rows = rows.filter(run=run)
        if keep is not None:
            # As two ranges rather than "not keep": the run's index then finds no row
            # rather than the whole period's being read to be skipped.
            rows = rows.filter(Q(run__lt=keep) | Q(run__gt=keep))
        if _partitioned():
            for table_run, table in run_tables_of(model, period_id):
                if (run is None or table_run == run) and table_run != keep:
                    with connection.cursor() as cursor:
                        cursor.execute(f"DROP TABLE {table}")
        rows.delete()


def run_tables_of(model: type[models.Model], period_id: int) -> list[tuple[int, str]]:
    """(run, table) of every run table of the period, attached or not."""
    prefix = f"{model._meta.db_table}_{int(period_id)}_"
    pattern = re.compile(re.escape(prefix) + r"(\d+)")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relkind = 'r' AND relname LIKE %s "
            "AND relnamespace = current_schema()::regnamespace",
            [prefix.replace("_", r"\_") + "%"],
        )
        names = [name for (name,) in cursor.fetchall()]
    return [(int(match.group(1)), name) for name in names if (match := pattern.fullmatch(name))]


def run_values(model: type[models.Model], period_id: int, run: int, column: str) -> list[object]:
    """``column`` of the rows the run has written so far: a run still under way is read
    from its own tables, which the models see only once it is computed."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {connection.ops.quote_name(column)} "
            f"FROM {run_table(model, period_id, run)} WHERE period_id = %s AND run = %s",
            [period_id, run],
        )
        return [value for (value,) in cursor.fetchall()]


def run_table_index(model: type[models.Model], period_id: int, run: int) -> None:
    """The indexes and keys of ``model``'s partitioned table built on the run's table now,
    which its attachment then takes as they are: for a run written whole, so that they
    are built while other work goes on."""
    if _partitioned():
        partition_indexes_build(model._meta.db_table, run_table(model, period_id, run))


def partition_indexes_build(parent: str, table: str) -> None:
    """The indexes and keys of the partitioned table ``parent`` built on ``table``, one of
    its partitions to be (``partition_table_create``): its attachment then takes them as
    they are rather than building them itself."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_get_indexdef(i.indexrelid), pg_get_constraintdef(c.oid) FROM pg_index i "
            "LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid "
            "WHERE i.indrelid = %s::regclass",
            [parent],
        )
        for index, constraint in cursor.fetchall():
            if constraint:  # a primary key or a unique constraint
                cursor.execute(f"ALTER TABLE {table} ADD {constraint}")
            else:
                kind, _, method = index.partition(" ON ONLY ")
                _, _, method = method.partition(" USING ")
                unique = "UNIQUE " if kind.startswith("CREATE UNIQUE") else ""
                cursor.execute(f"CREATE {unique}INDEX ON {table} USING {method}")

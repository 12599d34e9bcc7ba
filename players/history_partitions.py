"""On PostgreSQL the rating history is partitioned by list date (migration ``players.0017``).

A list's history is written a list at a time: a publication's 355,000 rows on the
benchmark's month. Into one table of every list, its unique index (player, category, list
date) took half of the writing: each new row lands beside the player's rows of every
earlier list, so the writing walks an index of hundreds of megabytes, larger than the
database's cache (DESIGN-notes 117). A list date's partition holds that list's rows alone,
and its indexes no more. Reads by list date read one partition; a player's history reads
one row of each.

Rows written through the ORM for a list date without a partition (tests, the demo) land in
the default partition; its rows of a list date move into the partition when it is made.
SQLite keeps the plain table.
"""

from __future__ import annotations

import datetime as dt

from django.db import connection, transaction

HISTORY_TABLE = "players_ratinghistory"
DEFAULT_PARTITION = f"{HISTORY_TABLE}_default"


def history_partition(list_date: dt.date) -> str:
    """The name of the partition of ``list_date``'s history (as the migration names them)."""
    return f"{HISTORY_TABLE}_{list_date:%Y%m%d}"


def history_partition_ensure(list_date: dt.date) -> None:
    """The partition of ``list_date``'s history made where it is missing. Call it before
    the transaction that writes the list's history: attaching the partition locks the
    default partition (it is read for the date's rows) until the transaction ends, and
    every read of a player's history reads it."""
    if connection.vendor != "postgresql" or table_exists(history_partition(list_date)):
        return
    table, day = history_partition(list_date), list_date.isoformat()
    with transaction.atomic(), connection.cursor() as cursor:
        # Made one at a time (the lock conflicts with itself, not with readers or writers).
        cursor.execute(f"LOCK TABLE {HISTORY_TABLE} IN SHARE UPDATE EXCLUSIVE MODE")
        if table_exists(table):
            return
        cursor.execute(
            f"CREATE TABLE {table} (LIKE {HISTORY_TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)"
        )
        cursor.execute(
            f"WITH moved AS (DELETE FROM {DEFAULT_PARTITION} WHERE list_date = %s RETURNING *) "
            f"INSERT INTO {table} SELECT * FROM moved",
            [list_date],
        )
        # Spares the attachment a read of the partition's rows to check them.
        cursor.execute(
            f"ALTER TABLE {table} ADD CONSTRAINT {table}_is_partition CHECK (list_date = '{day}')"
        )
        cursor.execute(
            f"ALTER TABLE {HISTORY_TABLE} ATTACH PARTITION {table} FOR VALUES IN ('{day}')"
        )


def table_exists(table: str) -> bool:
    """Whether PostgreSQL has a table of that name (on the search path)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [table])
        return bool(cursor.fetchone()[0])

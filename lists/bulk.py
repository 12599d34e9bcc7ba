"""Writing many rows fast: PostgreSQL's COPY where we run on it, ``bulk_create`` elsewhere.

A period writes a row per player and per game (a federation's month: hundreds of thousands
of each); ``bulk_create`` spends most of its time building SQL, COPY streams the values.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, models

BATCH_SIZE = 5_000


def bulk_insert(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]
) -> int:
    """Insert ``rows`` (values in ``fields`` order; foreign keys by ``<name>_id``) into
    ``model``'s table; returns the number of rows. Runs in the caller's transaction.
    Producing ``rows`` must not query the database: on PostgreSQL the connection is busy
    copying them."""
    model_fields = [model._meta.get_field(name) for name in fields]
    if connection.vendor == "postgresql":
        json_columns = [
            i for i, field in enumerate(model_fields) if isinstance(field, models.JSONField)
        ]
        return _copy(
            model._meta.db_table, [field.column for field in model_fields], rows, json_columns
        )
    count = 0
    batch: list[models.Model] = []
    for row in rows:
        batch.append(model(**dict(zip(fields, row, strict=True))))
        if len(batch) >= BATCH_SIZE:
            model.objects.bulk_create(batch)
            count += len(batch)
            batch = []
    if batch:
        model.objects.bulk_create(batch)
        count += len(batch)
    return count


def _copy(
    table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], json_columns: list[int]
) -> int:
    """COPY ``rows`` in; the values of ``json_columns`` are written as JSON text."""
    quoted = ", ".join(connection.ops.quote_name(column) for column in columns)
    count = 0
    with connection.cursor() as cursor:
        raw = cursor.cursor  # the psycopg cursor under Django's wrapper
        with raw.copy(f"COPY {connection.ops.quote_name(table)} ({quoted}) FROM STDIN") as copy:
            write_row = copy.write_row
            if json_columns:
                for row in rows:
                    values = list(row)
                    for index in json_columns:
                        values[index] = json.dumps(values[index])
                    write_row(values)
                    count += 1
            else:
                for row in rows:
                    write_row(row)
                    count += 1
    return count

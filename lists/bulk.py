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
    ``model``'s table; returns the number of rows. Runs in the caller's transaction."""
    columns = [model._meta.get_field(name.removesuffix("_id")).column for name in fields]
    if connection.vendor == "postgresql":
        return _copy(model._meta.db_table, columns, rows)
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


def _copy(table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    quoted = ", ".join(connection.ops.quote_name(column) for column in columns)
    count = 0
    with connection.cursor() as cursor:
        raw = cursor.cursor  # the psycopg cursor under Django's wrapper
        with raw.copy(f"COPY {connection.ops.quote_name(table)} ({quoted}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row([json.dumps(v) if isinstance(v, dict | list) else v for v in row])
                count += 1
    return count

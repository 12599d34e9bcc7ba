"""Writing and reading many rows fast: PostgreSQL's COPY where we run on it, the ORM
elsewhere.

A period writes a row per player and per game (a federation's month: hundreds of thousands
of each); ``bulk_create`` spends most of its time building SQL, COPY streams the values.
Rows given as numpy columns (``bulk_insert_columns``) go in PostgreSQL's binary layout,
encoded by numpy a block at a time; whole numbers read in bulk (``query_numbers``) come
back as one array per column. No Python object per value either way.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, NamedTuple, TypeVar

import numpy as np
from django.core.exceptions import EmptyResultSet
from django.db import connection, models, transaction
from django.db.models import QuerySet

BATCH_SIZE = 5_000
T = TypeVar("T")

#: Memory for each sort and hash of a month's statements (PostgreSQL's default, 4 MB,
#: sends the sort of a federation's list to disk).
BULK_WORK_MEMORY = "256MB"


def tuned_for_bulk() -> None:
    """For the rest of the transaction, on PostgreSQL: memory for the sorts and hashes of
    a federation's month, and no JIT, which compiles every large statement for longer than
    it saves running it (DESIGN-notes 59)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('work_mem', %s, true), set_config('jit', 'off', true)",
                [BULK_WORK_MEMORY],
            )


def commit_unawaited() -> None:
    """On PostgreSQL, the commit of this transaction does not wait for its log to reach
    the disk (``synchronous_commit``, for this transaction only). For a step of a run that
    is redone should the server stop before: a commit otherwise waits for all the log
    written before it, a million games' worth when another thread has just sent them.
    The run's last transaction waits for everything as usual. Inside another transaction
    (a savepoint: a caller's, a test's) it leaves that transaction's commit as it is."""
    if connection.vendor == "postgresql" and not connection.savepoint_ids:
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('synchronous_commit', 'off', true)")


def can_work_apart() -> bool:
    """Whether work may go on another connection: on PostgreSQL, outside a transaction
    (another connection would not see the caller's uncommitted rows, a test's included)."""
    return connection.vendor == "postgresql" and not connection.in_atomic_block


#: The threads that read or write beside a computation or a publication (a worker does
#: one at a time: its games writer, a read or two, a list being written).
_ALONGSIDE = ThreadPoolExecutor(max_workers=4, thread_name_prefix="period-alongside")


def alongside(work: Callable[[], T], *, apart: bool, snapshot: str | None = None) -> Future[T]:
    """``work`` done in a transaction of its own tuned for bulk: ``apart``, on another
    thread and a connection of its own (closed after), while the caller goes on; else at
    once, in the caller's connection. ``snapshot`` (``snapshot_export``, apart only): the
    transaction sees what the exporting one saw when it exported it, and nothing committed
    since. The future holds its result or what it raised."""
    if apart:
        return _ALONGSIDE.submit(_on_own_connection, work, snapshot)
    done: Future[T] = Future()
    try:
        done.set_result(work())
    except Exception as error:
        done.set_exception(error)
    return done


def _on_own_connection(work: Callable[[], T], snapshot: str | None = None) -> T:
    try:
        with transaction.atomic():
            if snapshot is not None:
                _snapshot_import(snapshot)
            tuned_for_bulk()
            return work()
    finally:
        connection.close()  # this thread's own


#: What ``pg_export_snapshot`` returns (hex words joined by dashes).
_SNAPSHOT_ID = re.compile(r"[0-9A-F]+(-[0-9A-F]+)+")


def snapshot_export() -> str:
    """On PostgreSQL, an identifier of what this transaction sees now, which ``alongside``
    gives another connection to see as well, while the transaction lasts."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_export_snapshot()")
        return str(cursor.fetchone()[0])


def _snapshot_import(snapshot: str) -> None:
    """Must come first in the transaction: before any query."""
    if not _SNAPSHOT_ID.fullmatch(snapshot):  # a utility statement takes no parameter
        raise ValueError(f"not a snapshot identifier: {snapshot!r}")
    with connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        cursor.execute(f"SET TRANSACTION SNAPSHOT '{snapshot}'")


def bulk_insert(
    model: type[models.Model],
    fields: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    table: str | None = None,
) -> int:
    """Insert ``rows`` (values in ``fields`` order; foreign keys by ``<name>_id``) into
    ``model``'s table (on PostgreSQL: or ``table``, one of the same columns); returns the
    number of rows. Runs in the caller's transaction. Producing ``rows`` must not query
    the database: on PostgreSQL the connection is busy copying them."""
    model_fields = [model._meta.get_field(name) for name in fields]
    if connection.vendor == "postgresql":
        json_columns = [
            i for i, field in enumerate(model_fields) if isinstance(field, models.JSONField)
        ]
        return _copy(
            table or model._meta.db_table,
            [field.column for field in model_fields],
            rows,
            json_columns,
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
                # Many rows share one document (a period's rated players, their clauses):
                # each is written as JSON once. The cache holds the documents, so that no
                # id is reused while it lasts.
                texts: dict[int, tuple[Any, str]] = {}
                for row in rows:
                    values = list(row)
                    for index in json_columns:
                        document = values[index]
                        known = texts.get(id(document))
                        if known is None:
                            known = texts[id(document)] = (document, json.dumps(document))
                        values[index] = known[1]
                    write_row(values)
                    count += 1
            else:
                for row in rows:
                    write_row(row)
                    count += 1
    return count


# -- columns (numpy) in PostgreSQL's binary COPY format ------------------------------------


class Categorical(NamedTuple):
    """A column of few distinct values, texts (or documents, for a JSON column): each
    row's index into ``choices``."""

    codes: np.ndarray
    choices: Sequence[Any]


#: A column's values: integers (numpy) or a categorical text; and where it is NULL (None:
#: nowhere).
Column = tuple[np.ndarray | Categorical, np.ndarray | None]

_SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0)
_TRAILER = struct.pack(">h", -1)
_INTEGER_SIZES = {"smallint": 2, "integer": 4, "bigint": 8}
#: PostgreSQL's integer types by oid (int8, int2, int4): their size.
_INTEGER_TYPES = {20: 8, 21: 2, 23: 4}
#: numeric's binary header (ndigits, weight, sign, dscale) ahead of one base-10000 digit:
#: enough for a whole number below 10,000, as every over-the-board rating difference is.
_NUMERIC_ONE_DIGIT = np.dtype(
    [("n", ">i2"), ("w", ">i2"), ("s", ">u2"), ("d", ">i2"), ("v", ">i2")]
)


class EncodedRows(NamedTuple):
    """Rows encoded for PostgreSQL's binary COPY into ``table``'s ``columns``, ready to be
    sent (``encoded_rows_insert``) from any thread."""

    table: str
    columns: str
    blocks: list[bytes]
    count: int


def bulk_insert_columns(
    model: type[models.Model],
    fields: Sequence[str],
    columns: Sequence[Column],
    *,
    table: str | None = None,
) -> int:
    """Insert rows given as columns (``fields`` order, foreign keys by ``<name>_id``) as
    ``bulk_insert`` does: on PostgreSQL one binary COPY encoded by numpy, a few array
    operations however many rows; elsewhere through ``bulk_insert``. Integer columns only,
    plus ``Categorical`` text and whole numbers into numeric columns. Returns the number
    of rows."""
    if connection.vendor != "postgresql":
        rows = _column_length(columns[0][0])
        return bulk_insert(model, fields, _rows_of(columns, rows)) if rows else 0
    return encoded_rows_insert(encoded_rows(model, fields, columns, table=table))


def encoded_rows(
    model: type[models.Model],
    fields: Sequence[str],
    columns: Sequence[Column],
    *,
    table: str | None = None,
) -> EncodedRows:
    """``bulk_insert_columns``'s rows encoded (PostgreSQL), to be sent later."""
    rows = _column_length(columns[0][0])
    table = table or model._meta.db_table
    db_fields = [model._meta.get_field(name) for name in fields]
    types = _column_types(table, [field.column for field in db_fields])
    quoted = ", ".join(connection.ops.quote_name(field.column) for field in db_fields)
    blocks = list(_binary_blocks(columns, types, rows)) if rows else []
    return EncodedRows(table, quoted, blocks, rows)


def encoded_rows_insert(rows: EncodedRows) -> int:
    """Send ``rows`` by one binary COPY; returns their number."""
    if not rows.count:
        return 0
    statement = (
        f"COPY {connection.ops.quote_name(rows.table)} ({rows.columns}) FROM STDIN (FORMAT BINARY)"
    )
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        copy.write(_SIGNATURE)
        for block in rows.blocks:
            copy.write(block)
        copy.write(_TRAILER)
    return rows.count


def _column_length(values: np.ndarray | Categorical) -> int:
    return len(values.codes if isinstance(values, Categorical) else values)


def _rows_of(columns: Sequence[Column], rows: int) -> Iterator[tuple[Any, ...]]:
    """The columns as Python rows (the path of databases without binary COPY)."""
    as_lists = []
    for values, null in columns:
        if isinstance(values, Categorical):
            listed: list[Any] = [values.choices[code] for code in values.codes.tolist()]
        else:
            listed = values.tolist()
        if null is not None:
            listed = [
                None if missing else value
                for value, missing in zip(listed, null.tolist(), strict=True)
            ]
        as_lists.append(listed)
    return zip(*as_lists, strict=True) if as_lists else iter(())


def _column_types(table: str, columns: Sequence[str]) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, format_type(atttypid, NULL), atttypmod FROM pg_attribute "
            "WHERE attrelid = %s::regclass AND attnum > 0",
            [table],
        )
        found = {name: (kind, modifier) for name, kind, modifier in cursor.fetchall()}
    types = []
    for column in columns:
        kind, modifier = found[column]
        if kind == "numeric":
            kind = f"numeric:{(modifier - 4) & 0xFFFF}"  # the scale of numeric(p, s)
        types.append(kind)
    return types


#: Rows encoded at a time: a block of some tens of megabytes.
ROWS_PER_BLOCK = 200_000


def _binary_blocks(columns: Sequence[Column], types: Sequence[str], rows: int) -> Iterator[bytes]:
    """The rows in COPY's binary layout, ``ROWS_PER_BLOCK`` at a time. Within a block the
    rows are grouped by their shape (which values are NULL, which text each categorical
    column holds), in their order within each group: a shape's rows are all as long, so
    they are laid out by one numpy structured array holding exactly their bytes. The
    table's indexes are built after the copy (``lists.run_tables``), by sorting."""
    shapes = _row_shapes(columns, rows)
    for first in range(0, rows, ROWS_PER_BLOCK):
        block_shapes = shapes[first : first + ROWS_PER_BLOCK]
        order = np.argsort(block_shapes, kind="stable")
        starts = np.flatnonzero(np.diff(block_shapes[order])) + 1
        yield b"".join(
            _shape_bytes(columns, types, same_shape + first)
            for same_shape in np.split(order, starts)
        )


def _row_shapes(columns: Sequence[Column], rows: int) -> np.ndarray:
    """Each row's shape as one number: its NULLs and its categorical texts."""
    shape = np.zeros(rows, dtype=np.int64)
    for values, null in columns:
        if isinstance(values, Categorical):
            shape = shape * len(values.choices) + values.codes
        if null is not None:
            shape = shape * 2 + null
    return shape


def _shape_bytes(columns: Sequence[Column], types: Sequence[str], chosen: np.ndarray) -> bytes:
    """The rows ``chosen``, all of one shape, in COPY's binary layout."""
    first = int(chosen[0])
    fields: list[tuple[str, Any]] = [("count", ">i2")]
    constants: dict[str, Any] = {"count": len(columns)}
    for number, ((values, null), kind) in enumerate(zip(columns, types, strict=True)):
        size = f"size{number}"
        fields.append((size, ">i4"))
        if null is not None and null[first]:
            constants[size] = -1
            continue
        if isinstance(values, Categorical):
            text = _categorical_bytes(values.choices[values.codes[first]], kind)
            fields.append((f"value{number}", f"S{max(len(text), 1)}"))
            constants[size], constants[f"value{number}"] = len(text), text
        elif kind.startswith("numeric:"):
            fields.append((f"value{number}", _NUMERIC_ONE_DIGIT))
            constants[size] = _NUMERIC_ONE_DIGIT.itemsize
        else:
            fields.append((f"value{number}", f">i{_INTEGER_SIZES[kind]}"))
            constants[size] = _INTEGER_SIZES[kind]
    layout = np.dtype(fields)
    block = np.empty(len(chosen), dtype=layout)
    for name, value in constants.items():
        block[name] = value
    for number, ((values, _null), kind) in enumerate(zip(columns, types, strict=True)):
        name = f"value{number}"
        if name not in layout.names or isinstance(values, Categorical):
            continue
        if kind.startswith("numeric:"):
            whole = values[chosen]
            if whole.size and int(np.abs(whole).max()) >= 10_000:
                raise ValueError("a whole number of five digits or more for a numeric column")
            value = block[name]
            value["n"], value["w"], value["d"] = 1, 0, int(kind.split(":")[1])
            value["s"] = np.where(whole < 0, 0x4000, 0)
            value["v"] = np.abs(whole)
        else:
            block[name] = values[chosen]
    return block.tobytes()


def _categorical_bytes(value: Any, kind: str) -> bytes:
    """A categorical column's value as binary COPY sends it: text as UTF-8; a JSON
    document as jsonb's binary form, its version (1) and its text."""
    if kind == "jsonb":
        return b"\x01" + json.dumps(value).encode()
    return str(value).encode()


def query_numbers(query: QuerySet[Any]) -> np.ndarray:
    """The rows of ``query`` (a ``values_list`` of whole numbers, none NULL) as a 2-D int64
    array, a row per row, in no particular order. On PostgreSQL each column comes as one
    array (``array_agg``) in a binary COPY read into numpy: no Python object per value,
    and one message rather than one a row (a month's million games). Elsewhere row by
    row."""
    width = len(query._fields)  # the values_list's names, annotations included
    try:
        sql, params = query.query.sql_with_params()
    except EmptyResultSet:  # filtered on nothing
        return np.zeros((0, width), dtype=np.int64)
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute(sql, params)
            return np.array(cursor.fetchall(), dtype=np.int64).reshape(-1, width)
        names = ", ".join(f"c{column}" for column in range(width))
        arrays = ", ".join(f"array_agg(c{column})" for column in range(width))
        statement = (
            f"COPY (SELECT {arrays} FROM ({sql}) AS rows ({names})) TO STDOUT (FORMAT BINARY)"
        )
        with cursor.cursor.copy(statement, params) as copy:
            data = b"".join(bytes(block) for block in copy)
    return _binary_arrays(data, width)


def _binary_arrays(data: bytes, width: int) -> np.ndarray:
    """One binary COPY row of ``width`` one-dimensional integer arrays without NULLs, of
    one length, as the columns of an int64 array."""
    if not data.startswith(_SIGNATURE[:11]):
        raise ValueError("not PostgreSQL's binary COPY format")
    (extension,) = struct.unpack_from(">i", data, 15)
    position = 19 + extension
    (count,) = struct.unpack_from(">h", data, position)
    if count != width:
        raise ValueError(f"a row of {count} columns where {width} were expected")
    position += 2
    columns = []
    for column in range(width):
        (size,) = struct.unpack_from(">i", data, position)
        position += 4
        if size == -1:  # array_agg of no rows
            return np.zeros((0, width), dtype=np.int64)
        dimensions, has_null, element_type = struct.unpack_from(">iiI", data, position)
        if has_null or dimensions != 1:
            raise ValueError(f"column {column} is NULL in some rows")
        if element_type not in _INTEGER_TYPES:
            raise ValueError(f"column {column} is not of an integer type")
        (length,) = struct.unpack_from(">i", data, position + 12)
        item = _INTEGER_TYPES[element_type]
        element = np.dtype([("size", ">i4"), ("value", f">i{item}")])
        values = np.frombuffer(data, dtype=element, count=length, offset=position + 20)
        if (values["size"] != item).any():
            raise ValueError(f"column {column} varies in type")
        columns.append(values["value"].astype(np.int64))
        position += size
    return np.column_stack(columns)

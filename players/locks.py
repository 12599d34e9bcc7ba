"""Locks that serialize work of several apps on the same rating list (PostgreSQL)."""

from __future__ import annotations

import zlib

from django.db import connection


def rating_list_lock(category: str) -> None:
    """Until the transaction ends, hold the category's rating-list lock: a publication
    holds it while it writes the list, and an approval takes it before it reads whether
    the list is out, so it never fixes a report to a list published meanwhile
    (DESIGN.md interpretation 8). SQLite serializes writers by itself."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"rating-list:{category}".encode())
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])

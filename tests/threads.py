"""Two connections at once, for the tests of what PostgreSQL's locks make wait: work on a
thread of its own, and a statement held at a chosen point."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def in_thread(work: Callable[[], object], errors: list[Exception]) -> threading.Thread:
    """``work`` started on a thread with a database connection of its own (closed after);
    what it raises is added to ``errors``."""

    def run() -> None:
        try:
            work()
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def holding(marker: str, reached: threading.Event, until: Callable[[], object]) -> Callable:
    """An execute wrapper (``connection.execute_wrapper``) that holds the first statement
    containing ``marker`` before it runs: sets ``reached``, waits for ``until`` to return,
    then lets it run."""

    def wrapper(execute: Callable, sql: str, params: Any, many: bool, context: Any) -> Any:
        if marker in sql and not reached.is_set():
            reached.set()
            until()
        return execute(sql, params, many, context)

    return wrapper

"""Handing a task to the workers, and what a request does when the task queue is away.

With a broker configured, ``delay`` talks to it (and, for a task whose result is kept, to
the result store): either may be stopped or unreachable. The caller then says so and
leaves nothing waiting for a task nobody will run. Where tasks run in-process (eager, the
embedded set-up) there is no queue to miss, and a task's own failure is raised as it is.
"""

from __future__ import annotations

from collections.abc import Callable

from celery import current_app


def task_queue_refusal(send: Callable[[], object]) -> Exception | None:
    """Send a task with ``send``; the error that kept it from the queue, or None once it
    is queued. Any error: the broker's (kombu's ``OperationalError``) or a result store's
    (a ``RuntimeError`` after its retries, a review found), and a task sent all the same
    must find what it works on in a state it ignores (a claim undone, say)."""
    try:
        send()
    except Exception as error:
        if current_app.conf.task_always_eager:
            raise
        return error
    return None


def unreachable_message(error: Exception, what: str) -> str:
    """What a user is told when ``what`` could not be handed to a worker."""
    return (
        f"No worker could be reached (the task queue did not answer: {error}); the {what} "
        "was not started. Ask again once the task queue is back."
    )

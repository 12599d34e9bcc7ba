"""Workflows of the lists app that write."""

import socket

from django.db import connection, transaction

from lists.models import WorkerHeartbeat


@transaction.atomic
def worker_heartbeat_record(*, token: str) -> WorkerHeartbeat:
    """Record that this process (a worker, or the caller in eager mode) reached the database.

    Idempotent per token: a task delivered twice (acks_late) finds the row it wrote.
    """
    heartbeat, _created = WorkerHeartbeat.objects.get_or_create(
        token=token,
        defaults={"hostname": socket.gethostname(), "database_vendor": connection.vendor},
    )
    return heartbeat

"""Celery tasks of the lists app: thin wrappers around services."""

from celery import chord, shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from lists import services

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def record_worker_heartbeat(token: str) -> str:
    """Write a heartbeat row and return the database vendor the worker is using."""
    return services.worker_heartbeat_record(token=token).database_vendor


#: The period's own rows say how a computation or a publication went; no one reads these
#: tasks' results, and not storing them spares the request that queues them the result
#: store (with the broker's Redis down, it retried for 19 s, then failed: a review).
@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def compute_period_task(period_id: int, token: str) -> str:
    """Compute a claimed period: whole, or in ``PERIOD_PARTITIONS`` parts by player that
    several workers share; the last part to finish makes the run the computed one."""
    parts = max(1, int(settings.PERIOD_PARTITIONS))
    if parts == 1:
        try:
            return services.period_compute(period_id=period_id, token=token).status
        except services.PeriodRefused:
            return "superseded"  # a later claim took the period over (a redelivered task)
    try:
        services.period_parts_start(period_id=period_id, token=token, parts=parts)
    except services.PeriodRefused:
        return "superseded"
    chord(compute_period_part.s(period_id, token, part, parts) for part in range(parts))(
        period_parts_done.s(period_id)
    )
    return "computing"


@shared_task(acks_late=True, reject_on_worker_lost=True)
def compute_period_part(period_id: int, token: str, part: int, parts: int) -> str:
    return services.period_compute(period_id=period_id, token=token, part=part, parts=parts).status


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def publish_period_task(period_id: int, user_id: int | None, run: int | None = None) -> str:
    """Publish the computed run of a period an administrator asked for (one transaction: a
    worker lost midway leaves nothing written, and the redelivered task publishes it)."""
    return services.period_publish_requested(period_id=period_id, user_id=user_id, run=run)


@shared_task
def period_parts_done(statuses: list[str], period_id: int) -> list[str]:
    return statuses


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def periods_tick() -> dict[str, list[int]]:
    """Celery beat's hourly round: periods ahead, closing, computing, auto-publication."""
    return services.periods_tick()

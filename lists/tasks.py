"""Celery tasks of the lists app: thin wrappers around services."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from lists.services import worker_heartbeat_record


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=5,
)
def record_worker_heartbeat(token: str) -> str:
    """Write a heartbeat row and return the database vendor the worker is using."""
    return worker_heartbeat_record(token=token).database_vendor

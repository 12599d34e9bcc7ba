"""Celery tasks of the registry: thin wrappers around services."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from players.services import player_import_run


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=5,
)
def import_player_list(self, player_import_id: int) -> str:
    """Run a queued list import; returns its final status. A database that stays away
    through every retry fails the import (recorded), rather than leaving it running."""
    last_attempt = self.request.retries >= self.max_retries
    return player_import_run(player_import_id=player_import_id, last_attempt=last_attempt).status

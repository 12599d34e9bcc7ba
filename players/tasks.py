"""Celery tasks of the registry: thin wrappers around services."""

import smtplib

from celery import shared_task
from django.core.mail import EmailMultiAlternatives
from django.db import InterfaceError, OperationalError

from players.services import player_import_run


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=5,
    ignore_result=True,  # the import's row says how it went: queued without the result store
)
def import_player_list(self, player_import_id: int) -> str:
    """Run a queued list import; returns its final status. A database that stays away
    through every retry fails the import (recorded), rather than leaving it running."""
    last_attempt = self.request.retries >= self.max_retries
    return player_import_run(player_import_id=player_import_id, last_attempt=last_attempt).status


@shared_task(
    autoretry_for=(OSError, smtplib.SMTPException),
    retry_backoff=True,
    max_retries=5,
    ignore_result=True,  # nothing reads it: queued without the result store
)
def send_user_mail(
    subject: str, body: str, to: str, from_email: str | None = None, html: str | None = None
) -> None:
    """Send a mail to a user (a password reset link, a tournament's step told its arbiter:
    ``tournaments.notifications``) from a worker: the request that asked for it does not
    wait for the mail server, and so does not take longer for an address that has an
    account than for one that has none. A mail server away is tried again."""
    message = EmailMultiAlternatives(subject, body, from_email, [to])
    if html is not None:
        message.attach_alternative(html, "text/html")
    message.send()

"""The mails a tournament's arbiters get when someone else moves it on: its registration
approved or refused, its report approved for rating, returned, found with errors once its
players were matched, its approval withdrawn, the tournament refused as too late to rate.
The site shows all of it (the dashboard, the tournament's history); the mail tells the
arbiter that there is something to read, so that he need not look every day (a review:
an arbiter heard of none of it).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from players.task_queue import task_queue_refusal
from players.tasks import send_user_mail
from tournaments.models import Tournament

logger = logging.getLogger(__name__)

Status = Tournament.Status

#: The steps told, with what each means for the arbiter. A report's upload ("report
#: received", then "checked") is his own step, told when an officer uploads or the
#: officer's matches move it; "rated" comes with the list, one mail a list at most
#: would be another feature.
TOLD = {
    Status.APPROVED: "Its registration is approved: upload its report once it has ended.",
    Status.REFUSED: "It is refused.",
    Status.READY: "Its report is approved for rating.",
    Status.REPORT_RECEIVED: "Its report waits for a corrected version, or for the rating officer.",
    Status.CHECKED: "Its report is checked and waits for the rating officer's approval.",
}


def arbiters_told(tournament: Tournament, status: str, actor: Any, reason: str) -> None:
    """Queue, for when the transaction commits, a mail to each of the tournament's
    arbiters with an address, telling of ``status`` and why, unless ``actor`` (a user, or
    None for beat and commands) is one of them: he took the step himself."""
    if status not in TOLD:
        return
    arbiters = [tournament.chief_arbiter, *tournament.deputy_arbiters.all()]
    users = [arbiter.user for arbiter in arbiters if arbiter is not None and arbiter.user_id]
    if any(user == actor for user in users):
        return
    addresses = sorted({user.email for user in users if user.email and user.is_active})
    if not addresses:
        return
    label = Status(status).label.lower()
    subject = f"{tournament.name}: {label}"
    # A link only where the site knows its address (a path alone leads nowhere in a mail).
    link = (
        f"Its page, with its history: {settings.SITE_URL}"
        f"{reverse('tournaments:detail', args=(tournament.pk,))}"
        if settings.SITE_URL
        else ""
    )
    body = "\n\n".join(
        part for part in (f"{tournament} is now {label}. {TOLD[status]}", reason, link) if part
    )
    for address in addresses:
        transaction.on_commit(partial(_send, subject, body, address))


def _send(subject: str, body: str, address: str) -> None:
    queued = partial(send_user_mail.delay, subject, body, address)
    if task_queue_refusal(queued) is not None:
        # The step is taken: a mail lost must not undo it nor fail its page.
        logger.warning("a tournament's mail to %s was not queued: the task queue is away", address)

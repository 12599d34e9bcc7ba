"""The mails a tournament's arbiters get when someone else moves it on: its registration
approved or refused, its report approved for rating, returned, found with errors once its
players were matched, its approval withdrawn, the tournament refused as too late to rate.
The site shows all of it (the dashboard, the tournament's history); the mail tells the
arbiter that there is something to read, so that he need not look every day (a review:
an arbiter heard of none of it).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict
from functools import partial
from itertools import chain
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse

from players.task_queue import task_queue_refusal
from players.tasks import send_user_mail
from tournaments.models import Tournament

logger = logging.getLogger(__name__)

Status = Tournament.Status

#: The steps told, with what each means for the arbiter. A report's upload ("report
#: received", then "checked") is his own step, told when an officer uploads or the
#: officer's matches move it; "rated" comes with the list (``list_told_to_arbiters``).
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
    link = _page_address(tournament)
    body = "\n\n".join(
        part
        for part in (
            f"{tournament} is now {label}. {TOLD[status]}",
            reason,
            f"Its page, with its history: {link}" if link else "",
        )
        if part
    )
    for address in addresses:
        transaction.on_commit(partial(_send, subject, body, address))


def list_told_to_arbiters(
    *,
    list_name: str,
    rated: QuerySet[Tournament],
    moved: QuerySet[Tournament],
    moved_to: dt.date,
) -> int:
    """Queue, for when the publication of ``list_name`` commits, one mail to each arbiter
    (chief or deputy, active, with an address) of a tournament it ``rated`` or ``moved``
    to the list of ``moved_to`` (approved after the computation: DESIGN.md interpretation
    8), naming all of his on that list: the arbiter asked to know when his event is rated
    and by how much each player moved, which its page then shows. The administrator who
    published is told too: a list is not a step taken on his tournament. Returns the
    number of mails."""
    told: dict[str, dict[int, bool]] = defaultdict(dict)  # address -> tournament -> rated
    for tournaments, was_rated in ((rated, True), (moved, False)):
        for address, tournament_id in _arbiter_addresses(tournaments):
            told[address][tournament_id] = was_rated
    if not told:
        return 0
    named = Tournament.objects.in_bulk({pk for tournaments in told.values() for pk in tournaments})
    for address, tournaments in sorted(told.items()):
        ours = sorted((named[pk] for pk in tournaments), key=lambda t: (t.start_date, t.name))
        body = _list_body(
            list_name,
            [tournament for tournament in ours if tournaments[tournament.pk]],
            [tournament for tournament in ours if not tournaments[tournament.pk]],
            moved_to,
        )
        transaction.on_commit(partial(_send, f"{list_name} published", body, address))
    return len(told)


def _arbiter_addresses(tournaments: QuerySet[Tournament]) -> chain[tuple[str, int]]:
    """(address, tournament) for each active arbiter with an address, chief or deputy:
    two queries, whatever the number of tournaments (a list rates thousands)."""
    chiefs = (
        tournaments.filter(chief_arbiter__user__is_active=True)
        .exclude(chief_arbiter__user__email="")
        .values_list("chief_arbiter__user__email", "pk")
    )
    deputies = (
        Tournament.deputy_arbiters.through.objects.filter(
            tournament__in=tournaments, arbiter__user__is_active=True
        )
        .exclude(arbiter__user__email="")
        .values_list("arbiter__user__email", "tournament_id")
    )
    return chain(chiefs, deputies)


def _list_body(
    list_name: str, rated: list[Tournament], moved: list[Tournament], moved_to: dt.date
) -> str:
    parts = [f"The {list_name} is published."]
    if rated:
        parts.append(
            "Rated on it (each player's rating change is on the tournament's page):\n"
            + "\n".join(_list_line(tournament) for tournament in rated)
        )
    if moved:
        parts.append(
            f"Approved after the list was computed, and so left to the list of {moved_to}:\n"
            + "\n".join(_list_line(tournament) for tournament in moved)
        )
    return "\n\n".join(parts)


def _list_line(tournament: Tournament) -> str:
    line = f"- {tournament.name}, {tournament.start_date} to {tournament.end_date}"
    link = _page_address(tournament)
    return f"{line}\n  {link}" if link else line


def _page_address(tournament: Tournament) -> str:
    """The tournament page's address, or "" where the site does not know its own (a path
    alone leads nowhere in a mail)."""
    if not settings.SITE_URL:
        return ""
    return f"{settings.SITE_URL}{reverse('tournaments:detail', args=(tournament.pk,))}"


def _send(subject: str, body: str, address: str) -> None:
    queued = partial(send_user_mail.delay, subject, body, address)
    if task_queue_refusal(queued) is not None:
        # The step is taken: a mail lost must not undo it nor fail its page.
        logger.warning("a tournament's mail to %s was not queued: the task queue is away", address)

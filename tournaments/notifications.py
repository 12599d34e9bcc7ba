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
from typing import Any, NamedTuple

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
    link = _page_address(tournament.pk)
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
    """Queue one mail to each address of an arbiter (chief or deputy, active) of a
    tournament the list ``list_name`` ``rated`` or ``moved`` to the list of ``moved_to``
    (approved after the computation: DESIGN.md interpretation 8), naming all of his on
    that list: the arbiter asked to know when his event is rated and by how much each
    player moved, which its page then shows. Called once the publication has committed,
    so that its locks are not held for it. The administrator who published is told too:
    a list is not a step taken on his tournament. Returns the number of mails."""
    told: dict[str, dict[_Listed, bool]] = defaultdict(dict)  # address -> tournament -> rated
    for tournaments, was_rated in ((rated, True), (moved, False)):
        for address, *listed in _arbiter_addresses(tournaments):
            told[address][_Listed(*listed)] = was_rated
    for address, tournaments in sorted(told.items()):
        ours = sorted(tournaments)  # by start, then name
        body = _list_body(
            list_name,
            [tournament for tournament in ours if tournaments[tournament]],
            [tournament for tournament in ours if not tournaments[tournament]],
            moved_to,
        )
        _send(f"{list_name} published", body, address)
    return len(told)


class _Listed(NamedTuple):
    """A tournament as a list's mail names it, in the order it names them."""

    start_date: dt.date
    name: str
    pk: int
    end_date: dt.date


def _arbiter_addresses(tournaments: QuerySet[Tournament]) -> chain[tuple[Any, ...]]:
    """(address, *``_Listed``) for each active arbiter with an address, chief or deputy,
    and each of his ``tournaments``: two queries, whatever their number (a list rates
    thousands)."""
    chiefs = (
        tournaments.filter(chief_arbiter__user__is_active=True)
        .exclude(chief_arbiter__user__email="")
        .values_list("chief_arbiter__user__email", "start_date", "name", "pk", "end_date")
    )
    deputies = (
        Tournament.deputy_arbiters.through.objects.filter(
            tournament__in=tournaments, arbiter__user__is_active=True
        )
        .exclude(arbiter__user__email="")
        .values_list(
            "arbiter__user__email",
            "tournament__start_date",
            "tournament__name",
            "tournament_id",
            "tournament__end_date",
        )
    )
    return chain(chiefs, deputies)


def _list_body(
    list_name: str, rated: list[_Listed], moved: list[_Listed], moved_to: dt.date
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


def _list_line(tournament: _Listed) -> str:
    line = f"- {tournament.name}, {tournament.start_date} to {tournament.end_date}"
    link = _page_address(tournament.pk)
    return f"{line}\n  {link}" if link else line


def _page_address(pk: int) -> str:
    """The tournament page's address, or "" where the site does not know its own (a path
    alone leads nowhere in a mail)."""
    if not settings.SITE_URL:
        return ""
    return f"{settings.SITE_URL}{reverse('tournaments:detail', args=(pk,))}"


def _send(subject: str, body: str, address: str) -> None:
    queued = partial(send_user_mail.delay, subject, body, address)
    if task_queue_refusal(queued) is not None:
        # The step is taken: a mail lost must not undo it nor fail its page.
        logger.warning("a tournament's mail to %s was not queued: the task queue is away", address)

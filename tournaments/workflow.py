"""The tournament's status machine: the transitions the workflow allows, each audited.

registered -> (awaiting approval ->) approved -> report received -> checked ->
ready for rating -> rated; awaiting approval -> refused; report received or checked ->
refused (too late to rate); ready for rating -> checked
while its list's period is open (the approval withdrawn). A new report version moves a
tournament back to "report received" (and on to "checked" when it has no errors). A
registration is withdrawn (the event cancelled, registered twice) at any step before its
report is approved: from then on its games belong to a rating period.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from audit.services import audit_record
from tournaments.models import Tournament
from tournaments.notifications import arbiters_told

Status = Tournament.Status

#: status -> the statuses it may move to.
TRANSITIONS: dict[str, frozenset[str]] = {
    Status.REGISTERED: frozenset({Status.AWAITING_APPROVAL, Status.APPROVED, Status.WITHDRAWN}),
    Status.AWAITING_APPROVAL: frozenset({Status.APPROVED, Status.REFUSED, Status.WITHDRAWN}),
    Status.APPROVED: frozenset({Status.REPORT_RECEIVED, Status.WITHDRAWN}),
    Status.REFUSED: frozenset(),
    # Refused from "report received" (its report has errors) and from "checked": its report
    # would be rated after the third list following its end (interpretation 8, R&B 2024
    # 8.1), which only gets later, whatever a corrected version would say.
    Status.REPORT_RECEIVED: frozenset(
        {Status.REPORT_RECEIVED, Status.CHECKED, Status.REFUSED, Status.WITHDRAWN}
    ),
    Status.CHECKED: frozenset(
        {Status.REPORT_RECEIVED, Status.CHECKED, Status.READY, Status.REFUSED, Status.WITHDRAWN}
    ),
    # Back to "checked": its approval withdrawn while its list's period is open. Refused:
    # approved for a list after its computation, and that list published as computed, the
    # next one is later than the third after its end (R&B 2024 8.1).
    Status.READY: frozenset({Status.RATED, Status.CHECKED, Status.REFUSED}),
    Status.RATED: frozenset(),
    Status.WITHDRAWN: frozenset(),
}


def may_withdraw(tournament: Tournament) -> bool:
    """Whether the workflow lets the registration be withdrawn from its current status."""
    return Status.WITHDRAWN in TRANSITIONS[tournament.status]


class TransitionNotAllowed(ValidationError):
    """The workflow does not allow this step from the tournament's current status."""


@transaction.atomic
def tournament_status_change(
    *,
    tournament: Tournament,
    status: str,
    actor: Any,
    reason: str = "",
    actor_label: str = "",
) -> Tournament:
    """Move ``tournament`` to ``status`` and record who did it and why."""
    current = Tournament.objects.select_for_update().get(pk=tournament.pk).status
    if status not in TRANSITIONS[current]:
        raise TransitionNotAllowed(
            f"A tournament that is {Status(current).label.lower()} cannot become "
            f"{Status(status).label.lower()}."
        )
    tournament.status = status
    tournament.save(update_fields=["status"])
    audit_record(
        target=tournament,
        actor=getattr(actor, "user", actor),
        actor_label=actor_label,
        action=f"status:{status}",
        reason=reason,
        changes={"status": [current, status]},
    )
    arbiters_told(tournament, status, getattr(actor, "user", actor), reason)
    return tournament

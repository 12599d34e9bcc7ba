"""Workflows of the registry that write. Each checks the actor and records the audit trail."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from audit.services import audit_record
from players.access import Actor, require_officer_for
from players.models import Federation, Player


class IdRangeExhausted(ValidationError):
    """Every FIDE ID of the configured range is taken."""


def next_free_fide_id() -> int:
    """The next FIDE ID of ``NEW_PLAYER_ID_RANGE`` after the highest one in use."""
    first, last = settings.NEW_PLAYER_ID_RANGE
    highest = Player.objects.filter(fide_id__range=(first, last)).aggregate(Max("fide_id"))
    candidate = (highest["fide_id__max"] or first - 1) + 1
    if candidate > last:
        raise IdRangeExhausted(
            f"Every FIDE ID from {first} to {last} is taken; an administrator must widen "
            "NEW_PLAYER_ID_RANGE."
        )
    return candidate


@transaction.atomic
def player_register(
    *,
    actor: Actor,
    name: str,
    federation: Federation,
    sex: str,
    birth_year: int | None = None,
    birth_date: dt.date | None = None,
    title: str = "",
    women_title: str = "",
    other_titles: str = "",
    reason: str = "",
    actor_label: str = "",
) -> Player:
    """Register a new player of ``federation`` with the next free FIDE ID of the configured
    range (only that federation's rating officer, or an administrator)."""
    require_officer_for(
        actor, federation.pk, "Only the federation's rating officer registers its players."
    )
    # Serialise concurrent registrations so two officers never get the same ID.
    list(Federation.objects.select_for_update().filter(pk=federation.pk))
    player = Player.objects.create(
        fide_id=next_free_fide_id(),
        name=name.strip(),
        federation=federation,
        sex=sex,
        birth_year=birth_year or (birth_date.year if birth_date else None),
        birth_date=birth_date,
        title=title,
        women_title=women_title,
        other_titles=other_titles,
    )
    audit_record(
        target=player,
        actor=actor.user,
        actor_label=actor_label,
        action="registered",
        reason=reason,
        changes={"fide_id": [None, player.fide_id]},
    )
    return player

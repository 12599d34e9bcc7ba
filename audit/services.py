"""Recording the audit trail. Every service that changes state calls ``audit_record``."""

from collections.abc import Iterable
from itertools import islice
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.db import models

from audit.models import AuditEntry


def audit_record(
    *,
    target: models.Model,
    actor: AbstractBaseUser | AnonymousUser | None,
    action: str,
    reason: str = "",
    changes: dict[str, Any] | None = None,
    actor_label: str = "",
) -> AuditEntry:
    """Record that ``actor`` did ``action`` to ``target`` (why: ``reason``)."""
    user = actor if actor is not None and actor.is_authenticated else None
    return AuditEntry.objects.create(
        content_type=ContentType.objects.get_for_model(target),
        object_id=target.pk,
        actor=user,
        actor_label=actor_label,
        action=action,
        reason=reason,
        changes=changes or {},
    )


def audit_record_many(
    *,
    targets: Iterable[models.Model],
    actor: AbstractBaseUser | AnonymousUser | None,
    action: str,
    reason: str = "",
    changes: dict[str, Any] | None = None,
    actor_label: str = "",
) -> int:
    """``audit_record`` for many targets of one model at once (a list's publication rates
    tens of thousands of tournaments). Returns the number of entries written."""
    user = actor if actor is not None and actor.is_authenticated else None
    entries = (
        AuditEntry(
            content_type=ContentType.objects.get_for_model(target),
            object_id=target.pk,
            actor=user,
            actor_label=actor_label,
            action=action,
            reason=reason,
            changes=changes or {},
        )
        for target in targets
    )
    written = 0
    while batch := list(islice(entries, 5_000)):
        AuditEntry.objects.bulk_create(batch)
        written += len(batch)
    return written


def field_changes(before: models.Model, after: models.Model, fields: list[str]) -> dict[str, Any]:
    """{"field": [old, new]} for the fields whose values differ (strings for display)."""
    changed = {}
    for name in fields:
        old, new = getattr(before, name), getattr(after, name)
        if old != new:
            changed[name] = [_display(old), _display(new)]
    return changed


def _display(value: Any) -> Any:
    if isinstance(value, models.Model):
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    return str(value)

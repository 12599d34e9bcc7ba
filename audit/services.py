"""Recording the audit trail. Every service that changes state calls ``audit_record``."""

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone

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


#: The columns of ``audit_entry_rows``, for a bulk writer (``lists.bulk.bulk_insert``).
AUDIT_ENTRY_FIELDS = (
    "content_type_id",
    "object_id",
    "actor_id",
    "actor_label",
    "action",
    "reason",
    "changes",
    "at",
)


def audit_entry_rows(
    *,
    model: type[models.Model],
    object_ids: Iterable[int],
    actor: AbstractBaseUser | AnonymousUser | None,
    action: str,
    reason: str = "",
    changes: dict[str, Any] | None = None,
    actor_label: str = "",
    changes_of: Mapping[int, dict[str, Any]] | None = None,
) -> list[tuple[Any, ...]]:
    """``audit_record`` of the same change to many objects of ``model``, as rows in
    ``AUDIT_ENTRY_FIELDS`` order: a list's publication rates tens of thousands of
    tournaments, and writes their entries in one bulk copy. ``changes_of``: each object's
    own changes, where they differ (a list import's to each record)."""
    user_id = actor.pk if actor is not None and actor.is_authenticated else None
    content_type = ContentType.objects.get_for_model(model).pk
    at = timezone.now()
    return [
        (
            content_type,
            object_id,
            user_id,
            actor_label,
            action,
            reason,
            changes_of[object_id] if changes_of is not None else changes or {},
            at,
        )
        for object_id in object_ids
    ]


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

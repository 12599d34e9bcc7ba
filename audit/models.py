"""The audit trail: every state change, with who, when and why (DESIGN.md)."""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models


class AuditEntry(models.Model):
    """One recorded change of one object. Never edited, never deleted."""

    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT)
    object_id = models.PositiveBigIntegerField()
    target = GenericForeignKey("content_type", "object_id")
    #: None for changes made by a management command or a background task.
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: Shown when there is no user: "load_report", "import_players", "celery".
    actor_label = models.CharField(max_length=100, blank=True)
    action = models.CharField(max_length=64)
    reason = models.TextField(blank=True)
    #: {"field": [old, new], ...} for edits; free-form details otherwise.
    changes = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-at", "-pk")
        indexes = [models.Index(fields=("content_type", "object_id", "-at"))]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.who}: {self.action}"

    @property
    def action_text(self) -> str:
        """The action as the trail shows it: a status change names the new status (its
        code, ``status:ready``, is for searching)."""
        if self.action.startswith("status:"):
            return f"status changed to {self.action.removeprefix('status:').replace('_', ' ')}"
        return self.action

    @property
    def changes_shown(self) -> list[tuple[str, object, object]]:
        """(what, before, after) with the field names in words."""
        return [
            (field.replace("_", " "), *values[:2])
            for field, values in (self.changes or {}).items()
            if isinstance(values, list | tuple) and len(values) >= 2
        ]

    @property
    def who(self) -> str:
        if self.actor_id:
            return self.actor.get_username()
        return self.actor_label or "system"

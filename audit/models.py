"""The audit trail: every state change, with who, when and why (DESIGN.md)."""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import FieldDoesNotExist
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
        """The action in words: its code (``status:ready``, ``approval_requested:hybrid``)
        is for searching; a status is named as the object's model names it ("Ready for
        rating")."""
        if self.action.startswith("status:"):
            status = self.action.removeprefix("status:")
            return f"status changed to {self._value_shown('status', status)}"
        return self.action.replace("_", " ").replace(":", ": ")

    @property
    def changes_shown(self) -> list[tuple[str, object, object]]:
        """(what, before, after) as the object's model names the field and its choices,
        yes and no for a flag."""
        return [
            (self._field_name(name), self._value_shown(name, values[0]),
             self._value_shown(name, values[1]))
            for name, values in (self.changes or {}).items()
            if isinstance(values, list | tuple) and len(values) >= 2
        ]  # fmt: skip

    def _field(self, name: str) -> models.Field | None:
        model = ContentType.objects.get_for_id(self.content_type_id).model_class()
        try:
            field = model._meta.get_field(name) if model else None
        except FieldDoesNotExist:
            return None
        return field if isinstance(field, models.Field) else None

    def _field_name(self, name: str) -> str:
        field = self._field(name)
        return str(field.verbose_name) if field else name.replace("_", " ")

    def _value_shown(self, name: str, value: object) -> object:
        if isinstance(value, bool):
            return "yes" if value else "no"
        field = self._field(name)
        if field is not None and field.choices and value is not None:
            return dict(field.flatchoices).get(value, value)
        return value

    @property
    def who(self) -> str:
        if self.actor_id:
            return self.actor.get_username()
        return self.actor_label or "system"

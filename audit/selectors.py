"""Reading the audit trail of an object (its page shows it to officers and administrators)."""

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import QuerySet

from audit.models import AuditEntry


def audit_entries_for(target: models.Model) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(target), object_id=target.pk
    ).select_related("actor")

"""Rating lists. For now: the heartbeats that show a worker is alive."""

from django.db import models


class WorkerHeartbeat(models.Model):
    """One round trip through a Celery worker: which host ran it, on which database."""

    token = models.CharField(max_length=64, unique=True)
    hostname = models.CharField(max_length=255)
    database_vendor = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.hostname} on {self.database_vendor} ({self.token})"

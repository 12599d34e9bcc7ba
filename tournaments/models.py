"""Tournaments as registered with a federation."""

from django.db import models

from players.models import Federation


class Tournament(models.Model):
    """A tournament registered for rating."""

    class Category(models.TextChoices):
        STANDARD = "standard", "Standard"
        RAPID = "rapid", "Rapid"
        BLITZ = "blitz", "Blitz"

    class System(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "Double round robin"
        TEAM = "team", "Team"
        MATCH = "match", "Match"

    name = models.CharField(max_length=200)
    city = models.CharField(max_length=100)
    federation = models.ForeignKey(Federation, on_delete=models.PROTECT, related_name="tournaments")
    start_date = models.DateField()
    end_date = models.DateField()
    category = models.CharField(max_length=16, choices=Category.choices)
    system = models.CharField(max_length=24, choices=System.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-start_date", "name")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.start_date:%Y-%m-%d})"

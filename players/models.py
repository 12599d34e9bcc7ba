"""The registry: federations and players."""

from django.core.validators import RegexValidator
from django.db import models


class Federation(models.Model):
    """A national federation (or FIDE itself), known by its three-letter code."""

    code = models.CharField(
        max_length=3,
        unique=True,
        validators=[RegexValidator(r"^[A-Z]{3}$", "Three capital letters, such as NOR.")],
        help_text="Three-letter FIDE code, such as NOR.",
    )
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ("code",)

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class Player(models.Model):
    """A player in the registry, identified by the FIDE ID."""

    class Sex(models.TextChoices):
        MALE = "M", "Male"
        FEMALE = "F", "Female"

    class Title(models.TextChoices):
        GM = "GM", "Grandmaster"
        IM = "IM", "International Master"
        FM = "FM", "FIDE Master"
        CM = "CM", "Candidate Master"
        WGM = "WGM", "Woman Grandmaster"
        WIM = "WIM", "Woman International Master"
        WFM = "WFM", "Woman FIDE Master"
        WCM = "WCM", "Woman Candidate Master"

    fide_id = models.PositiveIntegerField("FIDE ID", unique=True)
    name = models.CharField(max_length=200, help_text="As FIDE writes it: Surname, Given names.")
    federation = models.ForeignKey(Federation, on_delete=models.PROTECT, related_name="players")
    sex = models.CharField(max_length=1, choices=Sex.choices)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)

    class Meta:
        ordering = ("name", "fide_id")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fide_id__gt=0), name="player_fide_id_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

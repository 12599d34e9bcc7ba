"""The registry: federations, players and their rating state; rating officers and arbiters.

A player's rating in a category is kept as the state in force (``RatingState``) and as
history per list date (``RatingHistory``): a new list adds history, it never overwrites it.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from players.access import RestrictedQuerySet
from players.querysets import (
    ArbiterQuerySet,
    FederationQuerySet,
    PlayerQuerySet,
    RatingOfficerQuerySet,
    unconstrained_referrers_locked,
)


class RatingCategory(models.TextChoices):
    """The over-the-board lists (values are regulations.Category's)."""

    STANDARD = "standard", "Standard"
    RAPID = "rapid", "Rapid"
    BLITZ = "blitz", "Blitz"


class Federation(models.Model):
    """A national federation (or FIDE itself), known by its three-letter code."""

    code = models.CharField(
        max_length=3,
        unique=True,
        validators=[RegexValidator(r"^[A-Z]{3}$", "Three capital letters, such as NOR.")],
        help_text="Three-letter FIDE code, such as NOR.",
    )
    name = models.CharField(max_length=100)
    excluded = models.CharField(
        "excluded from FIDE",
        max_length=200,
        blank=True,
        # Also the column's default, for rows written without the ORM (COPY, as the benchmark).
        db_default="",
        help_text=(
            "Empty for a member of FIDE. Otherwise why and since when it is excluded, "
            "temporarily or permanently: its players are left off every list published "
            "while this is set (R&B 2024 9.1, standard-2009 13.1), their ratings kept."
        ),
    )

    objects = FederationQuerySet.as_manager()

    class Meta:
        ordering = ("code",)

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class DisabilityAssociation(models.TextChoices):
    """The associations whose members standard-2009 7.14g names."""

    IBCA = "IBCA", "IBCA (International Braille Chess Association)"
    ICSC = "ICSC", "ICSC (International Committee of Silent Chess)"
    IPCA = "IPCA", "IPCA (International Physically Disabled Chess Association)"


#: The earliest birth year a record holds (an earlier one in a FIDE list is read as none).
FIRST_BIRTH_YEAR = 1800


def shown_title(title: str, women_title: str) -> str:
    """The one title a list shows for a player: the open title, else the women's title (a
    WIM without an open title is a WIM, not untitled)."""
    return title or women_title


def women_title_held(title: str, women_title: str) -> str:
    """The women's title a player holds, as FIDE's files write it in their WTit column: the
    women's title, else the title where it is one (FIDE writes a WIM without an open title
    "Tit WIM WTit WIM"; one entered here with the title alone had WTit blank)."""
    return women_title or (title if title in Player.WOMEN_TITLES else "")


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

    #: The titles FIDE awards to women only (held as her title, or beside an open one).
    WOMEN_TITLES = frozenset({Title.WGM, Title.WIM, Title.WFM, Title.WCM})

    fide_id = models.PositiveBigIntegerField("FIDE ID", unique=True)
    name = models.CharField(max_length=200, help_text="As FIDE writes it: Surname, Given names.")
    federation = models.ForeignKey(Federation, on_delete=models.PROTECT, related_name="players")
    sex = models.CharField(max_length=1, choices=Sex.choices)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    birth_date = models.DateField(
        null=True, blank=True, help_text="When known; FIDE lists give the year only."
    )
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    women_title = models.CharField("women's title", max_length=3, blank=True)
    other_titles = models.CharField(
        max_length=30, blank=True, help_text="Arbiter, trainer and organiser titles (IA, FA, FT)."
    )
    foa_title = models.CharField("FOA title", max_length=4, blank=True)
    disability_association = models.CharField(
        "member of",
        max_length=4,
        choices=DisabilityAssociation.choices,
        blank=True,
        # Also the column's default, for rows written without the ORM (COPY, as the benchmark).
        db_default="",
        help_text="A member of the IBCA, ICSC or IPCA needs 7 games, not 9, for a first "
        "standard rating (standard-2009 7.14g).",
    )
    not_listed = models.CharField(
        "not listed because",
        max_length=200,
        blank=True,
        db_default="",
        help_text="A death (R&B 2024 9.2), or the federation's word that the player is not to "
        "be listed (standard-2009 13.2): he is left off every list published from now on, "
        "and his rating is kept. Blank: listed as usual.",
    )
    #: The latest FIDE list the record was read from: an older list never overwrites it.
    list_date = models.DateField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ("name", "fide_id")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fide_id__gt=0), name="player_fide_id_positive"
            ),
        ]
        # No index on the name alone: a search or a filter ordered by name would walk it
        # name by name, every player's, to find a rare one (0.3 s became 1 s; the preview's
        # players to be flagged inactive, 0.08 s became 3.5 s; DESIGN-notes 91). The names
        # regardless of case are found by their spellings (``registered_named``).
        # The registry's own order, by the names' keys, has indexes on PostgreSQL (migration
        # ``players.0020``: ``player_by_name_key`` and one within each federation), which
        # it reads unless a name is searched (``players.selectors.registry_order``,
        # DESIGN-notes 97 and 122).
        indexes = [models.Index(Lower("name"), "fide_id", name="player_registry_order")]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

    @property
    def shown_title(self) -> str:
        """The one title a list shows for him (``shown_title``)."""
        return shown_title(self.title, self.women_title)

    @property
    def left_off_the_lists(self) -> str:
        """Why the lists published now leave him off though rated, "" when they do not:
        his federation excluded from FIDE (R&B 2024 9.1, standard-2009 13.1) or a record
        saying so (R&B 2024 9.2, standard-2009 13.2). ``LISTABLE`` is the same in a query,
        ``lists.services.ENTRIES_SELECT`` in SQL."""
        if self.federation.excluded:
            return "federation excluded"
        return "not to be listed" if self.not_listed else ""

    def titles(self) -> list[str]:
        """Every title he holds, as his page names them: open, women's, FOA, others."""
        shown = [self.get_title_display() if self.title else "", self.women_title]
        shown += [f"FOA {self.foa_title}" if self.foa_title else "", self.other_titles]
        return [title for title in shown if title]

    def clean(self) -> None:
        """What a record entered by hand must hold (registration, an edit; a FIDE list is
        taken as FIDE wrote it): a name with letters in it, a birth date and year neither
        before ``FIRST_BIRTH_YEAR`` nor to come (the date deciding the year), women's titles
        only for women."""
        errors: dict[str, str] = {}
        if self.birth_date:  # the date decides the year, whatever form the record came by
            self.birth_year = self.birth_date.year
        if self.name and not any(letter.isalpha() for letter in self.name):
            errors["name"] = "A name has letters: Surname, Given names."
        today = timezone.localdate()
        if self.birth_date and not FIRST_BIRTH_YEAR <= self.birth_date.year <= today.year:
            errors["birth_date"] = f"A birth date falls between {FIRST_BIRTH_YEAR} and today."
        elif self.birth_date and self.birth_date > today:
            errors["birth_date"] = "A birth date is not to come."
        elif self.birth_year and not FIRST_BIRTH_YEAR <= self.birth_year <= today.year:
            errors["birth_year"] = f"A birth year falls between {FIRST_BIRTH_YEAR} and this year."
        if self.sex == self.Sex.MALE:
            if self.title in self.WOMEN_TITLES:
                errors["title"] = "Women's titles (WGM, WIM, WFM, WCM) are awarded to women."
            if self.women_title:
                errors["women_title"] = "Women's titles are awarded to women."
        if errors:
            raise ValidationError(errors)

    def delete(self, *args, **kwargs):
        with transaction.atomic():
            unconstrained_referrers_locked(type(self))
            return super().delete(*args, **kwargs)


#: The players the lists published now may hold (``Player.left_off_the_lists`` empty).
LISTABLE = Q(not_listed="", federation__excluded="")


class RatingStatus(models.TextChoices):
    RATED = "rated", "Rated"
    UNRATED = "unrated", "Unrated"
    #: Below the floor: shown as unrated on the next list and unrated afterwards
    #: (standard-2009 7.21, R&B 2024 6.2.1; DESIGN.md interpretation 9).
    DELISTED = "delisted", "Delisted"


class RatingState(models.Model):
    """A player's rating in one category as of the latest list: what K depends on
    (DESIGN.md interpretation 4)."""

    # Indexed by the unique constraint below, which starts with the player.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="ratings", db_index=False
    )
    category = models.CharField(max_length=8, choices=RatingCategory.choices)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Rated games in this category so far, counting those of the initial rating.
    games = models.PositiveIntegerField(default=0)
    #: Rated games in the last rating period.
    period_games = models.PositiveIntegerField(default=0)
    k = models.PositiveSmallIntegerField("K", null=True, blank=True)
    reached_2400 = models.BooleanField(
        "published rating reached 2400", default=False
    )  # standard-2009 8.56, R&B 2024 7.3.3
    active = models.BooleanField(default=True)  # standard-2009 7.23, R&B 2024 6.2.2
    status = models.CharField(
        max_length=8, choices=RatingStatus.choices, default=RatingStatus.UNRATED
    )
    #: The list this state comes from.
    list_date = models.DateField(null=True, blank=True)
    #: The last list on which the player had rated games in the category: 12 months
    #: without one make him inactive (DESIGN.md interpretation 9).
    last_played = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ("player", "category")
        constraints = [
            models.UniqueConstraint(fields=("player", "category"), name="one_state_per_category")
        ]
        # No index on the rating or anything else publication writes: each month rewrites
        # most states, and PostgreSQL then updates them in place ("HOT", in the free space
        # that migration players.0006 leaves on each page) without touching an index.

    def __str__(self) -> str:
        return f"{self.player} {self.category}: {self.rating or 'unrated'}"


class RatingHistory(models.Model):
    """A player's published rating in one category on one list date."""

    # Indexed by the unique constraint below, which starts with the player. Written a list
    # at a time from rows that name existing players (publication, imports): no foreign-key
    # trigger per row (DESIGN-notes 56); the ORM still cascades a player's deletion.
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="rating_history",
        db_index=False,
        db_constraint=False,
    )
    category = models.CharField(max_length=8, choices=RatingCategory.choices)
    list_date = models.DateField()
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    k = models.PositiveSmallIntegerField("K", null=True, blank=True)
    #: None: the list did not say (an older list imported without a flag column).
    active = models.BooleanField(null=True, default=True)

    class Meta:
        ordering = ("player", "category", "-list_date")
        constraints = [
            models.UniqueConstraint(
                fields=("player", "category", "list_date"), name="one_rating_per_list"
            )
        ]
        # A list as a whole: the list in force on a day, every rating on it (a period's
        # computation reads it once rather than each player's history).
        indexes = [models.Index(fields=("category", "list_date"), name="history_by_list")]
        verbose_name_plural = "rating history"

    def __str__(self) -> str:
        return f"{self.player} {self.category} {self.list_date}: {self.rating}"


class RatingOfficer(models.Model):
    """A user who is the rating officer of a federation (standard-2009 9.3, R&B 2024 8.3)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="officer_roles"
    )
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="officers")

    objects = RatingOfficerQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("user", "federation"), name="one_officer_role")
        ]

    def __str__(self) -> str:
        return f"{self.user} (rating officer, {self.federation.code})"


class Arbiter(models.Model):
    """An arbiter who can be chief or deputy arbiter of tournaments; a user account lets
    him register tournaments and upload their reports."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="arbiter",
    )
    name = models.CharField(max_length=200)
    fide_id = models.PositiveBigIntegerField("FIDE ID", null=True, blank=True, unique=True)
    federation = models.ForeignKey(
        Federation, null=True, blank=True, on_delete=models.PROTECT, related_name="arbiters"
    )

    objects = ArbiterQuerySet.as_manager()

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


def player_list_upload_path(player_import: "PlayerImport", filename: str) -> str:
    return f"player-lists/{player_import.as_of:%Y-%m}/{filename}"


class RetiredFideId(models.Model):
    """A FIDE ID of a record removed as a duplicate: never given to another player, since
    reports, arbiters and the kept player's history may still name it
    (``players.services.next_free_fide_id``)."""

    fide_id = models.PositiveBigIntegerField(unique=True)
    #: The record kept in its place (its page is where the retired ID's leads).
    kept_fide_id = models.PositiveBigIntegerField(null=True, blank=True)
    retired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-retired_at",)
        verbose_name = "retired FIDE ID"

    def __str__(self) -> str:
        return str(self.fide_id)


class PlayerImport(models.Model):
    """One import of a FIDE list (upload or ``import_players``), with its summary."""

    class Format(models.TextChoices):
        FIDE_TXT = "fide-txt", "FIDE TXT (combined or one category)"
        FIDE_XML = "fide-xml", "FIDE XML"
        CSV = "csv", "CSV with a header row"

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    #: The uploaded file as received (empty for a command's import: see ``source``).
    file = models.FileField(upload_to=player_list_upload_path, blank=True)
    #: The name the file was uploaded under, or the path the command was given.
    source = models.CharField(max_length=500)
    format = models.CharField(max_length=8, choices=Format.choices, blank=True)
    #: A one-category list's category where its file's name does not say it (FIDE's
    #: rapid_rating_list names its rating column after the month, and its XML <rating>).
    category = models.CharField(max_length=8, choices=RatingCategory.choices, blank=True)
    as_of = models.DateField("in force from")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    lines_read = models.PositiveIntegerField(default=0)
    players_created = models.PositiveIntegerField(default=0)
    players_updated = models.PositiveIntegerField(default=0)
    players_unchanged = models.PositiveIntegerField(default=0)
    ratings_written = models.PositiveIntegerField(default=0)
    history_written = models.PositiveIntegerField(default=0)
    skipped_count = models.PositiveIntegerField(default=0)
    #: [{"line": n, "reason": "..."}], the first ones only (``importing.SKIPPED_KEPT``).
    skipped = models.JSONField(default=list, blank=True)
    #: Codes of the federations the list named and the registry lacked, created with the
    #: code as their name for an administrator to complete.
    federations_created = models.JSONField(default=list, blank=True)
    #: Categories whose list of this date is published here: the import left their
    #: ratings as published (``importing.upsert.PUBLISHED_HERE_CHECKS``).
    left_as_published = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Who ran it when no user did ("import_players").
    actor_label = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    #: Only administrators see imports (the default rule refuses everyone else).
    objects = RestrictedQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at", "-pk")

    def __str__(self) -> str:
        return f"{self.source} as of {self.as_of} ({self.status})"

    @property
    def in_progress(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def nothing_read(self) -> bool:
        """Done, every line skipped: nothing written (a review saw "Done" in green for a
        tab-separated file of which no line was read)."""
        return self.status == self.Status.DONE and 0 < self.lines_read == self.skipped_count

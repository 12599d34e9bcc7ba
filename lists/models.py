"""Rating periods, their computed results, and the published lists.

A period is one category's list date (DESIGN.md interpretation 8). Its computation writes
``PeriodResult`` rows (one per player) and ``PeriodGame`` rows (one per rated game: the
explanation the player page shows), tagged with the run that wrote them; only the run the
period names as computed is ever read, so a worker killed mid-run leaves nothing that
counts. On PostgreSQL each run's rows are partitions of their own (``lists.run_tables``).
Publication copies the computed run into ``ListEntry`` rows: a published list is immutable
(``PublishedListIsImmutable``); corrections go into a later period.
"""

from __future__ import annotations

import datetime as dt
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Case, F, Q, When
from django.utils import timezone

from players.models import Player, RatingCategory
from tournaments.models import Game, Tournament


class PublishedListIsImmutable(Exception):
    """A published list, its results and its entries are never changed or deleted."""


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


class PeriodQuerySet(models.QuerySet):
    """A queryset that refuses to change or delete in bulk what a published period holds
    (issue 4: published lists are immutable, in the model layer), as ``save`` and
    ``delete`` of one instance do. ``published`` names the rows of a published period."""

    published = Q(status="published")

    def update(self, **kwargs):
        self._refuse_published("changed")
        return super().update(**kwargs)

    def delete(self):
        self._refuse_published("deleted")
        return super().delete()

    def _refuse_published(self, what: str) -> None:
        if self.filter(self.published).exists():
            raise PublishedListIsImmutable(f"What a published period holds cannot be {what}.")


class PeriodRowQuerySet(PeriodQuerySet):
    """The rows of a computed run (results, games): a published period's are its record."""

    published = Q(period__status="published")


def lease_expiry() -> dt.datetime:
    """A worker's claim (a computation's heartbeat, a publication's request) older than
    this has lapsed: the worker is taken to be lost (``PERIOD_CLAIM_LEASE_SECONDS``)."""
    return timezone.now() - timedelta(seconds=settings.PERIOD_CLAIM_LEASE_SECONDS)


def stopped_computations() -> Q:
    """The periods computing by a worker silent past its lease (killed, its machine lost):
    beat and any request may claim them again (``RatingPeriod.computation_stopped``)."""
    return Q(status=RatingPeriod.Status.COMPUTING, heartbeat_at__lt=lease_expiry())


class RatingPeriod(models.Model):
    """The rating period ending at one list date of one category."""

    Category = RatingCategory

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"
        COMPUTING = "computing", "Computing"
        COMPUTED = "computed", "Computed"
        PUBLISHED = "published", "Published"
        FAILED = "failed", "Failed"

    #: Statuses from which a computation may start (a stale COMPUTING is checked apart).
    COMPUTABLE = (Status.CLOSED, Status.COMPUTED, Status.FAILED)

    category = models.CharField(max_length=8, choices=RatingCategory.choices)
    list_date = models.DateField()
    #: The last day a tournament may end to be rated on this list (standard-2009 7.13,
    #: R&B 2024 6.1.3).
    closing_date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    #: Why the last computation failed, in words for the officer.
    failure_reason = models.TextField(blank=True)
    #: Players done / total of the computation under way (or of the last one).
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    #: The run under way or last started; ``computed_run`` is the last one that finished.
    run = models.PositiveIntegerField(default=0)
    computed_run = models.PositiveIntegerField(null=True, blank=True)
    #: The worker's claim on the run: only its holder may write or finish it.
    claim_token = models.CharField(max_length=64, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    #: Touched as the computation goes; a claim older than the lease may be taken over.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    partitions = models.PositiveSmallIntegerField(default=1)
    partitions_done = models.PositiveSmallIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    tournaments_count = models.PositiveIntegerField(default=0)
    games_count = models.PositiveIntegerField(default=0)
    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: An administrator's publication handed to a worker and not finished: the page follows
    #: it until the lease (``PERIOD_CLAIM_LEASE_SECONDS``) has passed.
    publication_requested_at = models.DateTimeField(null=True, blank=True)
    publication_requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Why the last publication handed to a worker did not happen, in words for the officer.
    # Also the column's default: processes still running the code before it (a rolling
    # deploy) create periods without naming it.
    publication_failure = models.TextField(blank=True, db_default="")
    #: What the publication did (None for lists published before it was recorded).
    entries_count = models.PositiveIntegerField(null=True, blank=True)
    tournaments_rated = models.PositiveIntegerField(null=True, blank=True)
    #: Reports approved after the computation, moved to the next list (interpretation 8).
    reports_moved = models.PositiveIntegerField(null=True, blank=True)
    #: Of those, refused: the next list would rate them too late (R&B 2024 8.1).
    reports_refused = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PeriodQuerySet.as_manager()

    class Meta:
        ordering = ("-list_date", "category")
        constraints = [
            models.UniqueConstraint(fields=("category", "list_date"), name="one_period_per_list")
        ]
        indexes = [models.Index(fields=("status", "closing_date"))]

    def __str__(self) -> str:
        return f"{self.get_category_display()} list of {self.list_date:%Y-%m-%d}"

    def save(self, *args, **kwargs) -> None:
        """A published period is never changed (issue 4: published lists are immutable)."""
        if self.pk and type(self).objects.filter(pk=self.pk, status=self.Status.PUBLISHED).exists():
            raise PublishedListIsImmutable(f"The {self} is published and cannot change.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.is_published:
            raise PublishedListIsImmutable(f"The {self} is published and cannot be deleted.")
        return super().delete(*args, **kwargs)

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def past_closing(self) -> bool:
        """Still open after its closing date (no scheduler has closed it yet): a report
        approved now goes to a later list (interpretation 8; a review found "Open" shown
        while approvals went elsewhere)."""
        return self.status == self.Status.OPEN and self.closing_date < timezone.localdate()

    @property
    def status_text(self) -> str:
        if self.past_closing:
            return "Open, past its closing date"
        if self.computation_stopped:
            return "Computation stopped"
        return self.get_status_display()

    @property
    def is_being_published(self) -> bool:
        """A publication handed to a worker, neither done nor failed, within its lease (a
        worker lost mid-publication left nothing written: the administrator asks again)."""
        if self.status != self.Status.COMPUTED or self.publication_requested_at is None:
            return False
        return self.publication_requested_at >= lease_expiry()

    @property
    def is_being_computed(self) -> bool:
        """Claimed by a worker that has reported within its lease. One that went silent
        (killed, its machine lost) left nothing of its run in use, and the period may be
        computed again."""
        if self.status != self.Status.COMPUTING or self.heartbeat_at is None:
            return False
        return self.heartbeat_at >= lease_expiry()

    @property
    def computation_stopped(self) -> bool:
        """Computing, by a worker silent past its lease (a review found the page polling
        "Computing" for ever where the worker had died)."""
        return self.status == self.Status.COMPUTING and not self.is_being_computed

    @property
    def progress_percent(self) -> int:
        if self.status in (self.Status.COMPUTED, self.Status.PUBLISHED):
            return 100
        if self.partitions > 1:
            # The players of the parts still rating are not known yet: by parts finished
            # (a review: 100 % once the first of two had written its players).
            return self.partitions_done * 100 // self.partitions
        if not self.progress_total:
            return 0
        return min(100, self.progress_done * 100 // self.progress_total)

    @property
    def progress_stage(self) -> str:
        """What a computation is doing: players are counted only once their results are
        written, after a federation's month has been read and rated (tens of seconds)."""
        if self.status != self.Status.COMPUTING:
            return ""
        if not self.progress_total:
            return "Reading the games and the ratings in force, and rating every player."
        if self.partitions > 1:
            # Each part counts its players once it has rated them: the total is known only
            # when every part has.
            return (
                f"Writing the results: {self.progress_done:,} players so far; "
                f"{self.partitions_done} of {self.partitions} parts finished."
            )
        return f"Writing the results: {self.progress_done:,} of {self.progress_total:,} players."


class PeriodTournament(models.Model):
    """A tournament whose games a computed run rated: publication marks it rated."""

    period = models.ForeignKey(RatingPeriod, on_delete=models.CASCADE, related_name="tournaments")
    run = models.PositiveIntegerField()
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("period", "run", "tournament"), name="one_tournament_per_run"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} in {self.period_id} run {self.run}"


class PeriodPart(models.Model):
    """One part of a run (``PERIOD_PARTITIONS``; a whole computation is its one part): how
    many players it rates, how many games it wrote and whether it finished. A part's task
    delivered again after its worker died counts once, for progress and for the parts
    finished."""

    period = models.ForeignKey(RatingPeriod, on_delete=models.CASCADE, related_name="parts")
    run = models.PositiveIntegerField()
    index = models.PositiveSmallIntegerField()
    players = models.PositiveIntegerField(default=0)
    #: The games it wrote (those whose white player it owns): the run's are their sum.
    games = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("period", "run", "index"), name="one_row_per_part")
        ]

    def __str__(self) -> str:
        return f"part {self.index} of {self.period_id} run {self.run}"


class RunRow(models.Model):
    """A row of a computed run: one of a published period is its record, never changed
    (issue 4), one by one (``save``, ``delete``) as in bulk (``PeriodRowQuerySet``)."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs) -> None:
        self._refuse_published("changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        self._refuse_published("deleted")
        return super().delete(*args, **kwargs)

    def _refuse_published(self, what: str) -> None:
        period = RatingPeriod.objects.filter(pk=self.period_id, status="published")  # type: ignore[attr-defined]
        if period.exists():
            raise PublishedListIsImmutable(f"A published period's rows cannot be {what}.")


class PeriodResult(RunRow):
    """One player's outcome of a computed run: old -> new rating and how it came about."""

    class Kind(models.TextChoices):
        RATED = "rated", "Rated"
        #: Unrated in the category, rated with his standard rating (R&B 2024 7.2.1).
        ADOPTED = "adopted", "Standard rating used"
        INITIAL = "initial", "First rating"
        #: Unrated, not yet enough for a first rating: his results wait for later periods.
        PENDING = "pending", "Not yet rated"
        #: Fell below the floor: shown as unrated from this list on (interpretation 9).
        DELISTED = "delisted", "Below the floor"

    # Written by COPY, a row per player of the month: no foreign-key trigger per row (the
    # rows referenced were read by the same computation; the ORM keeps CASCADE and
    # PROTECT), and no index on the period alone (the unique constraint starts with it).
    period = models.ForeignKey(
        RatingPeriod,
        on_delete=models.CASCADE,
        related_name="results",
        db_index=False,
        db_constraint=False,
    )
    run = models.PositiveIntegerField()
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="period_results", db_constraint=False
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    rules = models.CharField(max_length=32)
    old_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    new_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    #: K x sum(dR) in hundredths, before rounding (interpretation 5).
    change_hundredths = models.IntegerField(default=0)
    change_rounded = models.IntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    score_halves = models.PositiveIntegerField(default=0)
    expected_hundredths = models.PositiveIntegerField(null=True, blank=True)
    k = models.PositiveSmallIntegerField("K", null=True, blank=True)
    #: The K from this list on, which the list shows (standard-2009 7.12, R&B 2024 6.1.2):
    #: from the new rating and games, without the period's 700 rule.
    list_k = models.PositiveSmallIntegerField("K on the list", null=True, blank=True)
    #: Rated games in the category after this period (K's "new player" count).
    games_total = models.PositiveIntegerField(default=0)
    #: The rule clauses behind the figures, and for new players their counted events.
    explanation = models.JSONField(default=dict, blank=True)

    objects = PeriodRowQuerySet.as_manager()

    class Meta:
        ordering = ("period", "run", "player")
        constraints = [
            models.UniqueConstraint(fields=("period", "run", "player"), name="one_result_per_run")
        ]
        # The preview's order, biggest change first, a page at a time (a month's 250,000
        # results sorted for each page took 0.2-0.7 s); the id breaks ties.
        indexes = [
            models.Index(fields=("period", "run", "change_rounded", "id"), name="result_by_change")
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.old_rating} -> {self.new_rating}"

    def k_under(self, rule_set: str) -> int | None:
        """The K his games under ``rule_set`` were rated with: a period spanning two rule
        sets rates each one's games by its own K (``k_by_rule_set``), ``k`` being the
        last one's (a review found the last K shown for every tournament)."""
        explanation = self.explanation or {}
        for group in explanation.get("k_by_rule_set", ()):
            if group["rules"] == rule_set:
                return group["k"]
        if "rule_sets" in explanation and rule_set != self.rules:
            # Written before each rule set's K was kept: not known, rather than wrong.
            return None
        return self.k

    @property
    def change(self):
        from regulations.rounding import hundredths

        return hundredths(self.change_hundredths)


#: The results rated with a standard rating (R&B 2024 7.2.1, pre-2024 7.21), those it
#: left below the floor included: never on the category's list, they have no old rating
#: (a review counted one such player "delisted" from a list he was never on, and not
#: among the standard ratings used).
STANDARD_RATING_USED = Q(kind=PeriodResult.Kind.ADOPTED) | Q(
    kind=PeriodResult.Kind.DELISTED, old_rating__isnull=True
)
#: The players the list delisted: below the floor, having been on the list.
DELISTED_FROM_THE_LIST = Q(kind=PeriodResult.Kind.DELISTED, old_rating__isnull=False)

#: The old rating a preview shows: for a result in ``STANDARD_RATING_USED``, which has no
#: old rating in the category, the standard rating it started from, its new rating less
#: its change (R&B 2024 7.2.1, pre-2024 7.21). The preview's table shows, sorts and
#: downloads this one value (a review found the download blank and the order taking it for
#: a blank where the table said "1900 (standard)").
OLD_RATING_SHOWN = Case(
    When(STANDARD_RATING_USED, then=F("new_rating") - F("change_rounded")),
    default=F("old_rating"),
    output_field=models.IntegerField(),
)


class PeriodGame(RunRow):
    """One rated game of a computed run, from both sides: the ratings used, the rating
    difference after the rule set's cap, P_D (hundredths) and hence dR. A side is null where
    the game does not count for that player (interpretation 6)."""

    # A month writes a million of these in one COPY: every index and foreign-key trigger
    # costs seconds there. The two indexes below serve every read (a player's games of a
    # run, a tournament's); the references are kept by the ORM (CASCADE, PROTECT) and by
    # how the rows come about (copied from the approved games the same computation read).
    period = models.ForeignKey(
        RatingPeriod,
        on_delete=models.CASCADE,
        related_name="games",
        db_index=False,
        db_constraint=False,
    )
    run = models.PositiveIntegerField()
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="+", db_index=False, db_constraint=False
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="+", db_index=False, db_constraint=False
    )
    white = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", db_index=False, db_constraint=False
    )
    black = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", db_index=False, db_constraint=False
    )
    white_score = models.PositiveSmallIntegerField()
    white_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    black_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    white_difference = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    white_expected = models.PositiveSmallIntegerField(null=True, blank=True)
    black_difference = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    black_expected = models.PositiveSmallIntegerField(null=True, blank=True)
    clause = models.CharField(max_length=32)

    objects = PeriodRowQuerySet.as_manager()

    class Meta:
        ordering = ("period", "run", "game")
        # A player's games are found through the registry's games and then the first
        # index; a tournament's, and a run's rows (deleted when superseded), by the
        # second. Both grow in the order rows are written.
        indexes = [
            models.Index(fields=("game", "period", "run"), name="period_game_by_game"),
            models.Index(fields=("period", "run", "tournament"), name="period_game_by_run"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} in {self.period_id} run {self.run}"


#: A published list's order, wherever it is read (page, downloads, top lists): by rating,
#: then name, then FIDE ID, so that players of equal rating and name keep one order from
#: one page to the next (PostgreSQL returns equal rows in any order: a review paging
#: through 400 such players on PostgreSQL saw 324 of them, some twice).
LIST_ORDER = ("-rating", "name", "fide_id")


class ListEntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise PublishedListIsImmutable("Entries of a published list cannot be changed.")

    def delete(self):
        raise PublishedListIsImmutable("Entries of a published list cannot be deleted.")


class ListEntry(models.Model):
    """A player's line on a published list, as published: name, federation and titles are
    copied so that the list reads the same after a transfer or a new title."""

    # Publication writes a row per rated player in one INSERT ... SELECT joined to the very
    # rows referenced: no foreign-key trigger per row (the ORM keeps PROTECT, helped by the
    # player's index), and no index on the period alone (every index below starts with it).
    period = models.ForeignKey(
        RatingPeriod,
        on_delete=models.PROTECT,
        related_name="entries",
        db_index=False,
        db_constraint=False,
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="list_entries", db_constraint=False
    )
    fide_id = models.PositiveBigIntegerField("FIDE ID")
    name = models.CharField(max_length=200)
    federation = models.CharField(max_length=3)
    sex = models.CharField(max_length=1)
    title = models.CharField(max_length=3, blank=True)
    women_title = models.CharField(max_length=3, blank=True)
    #: FIDE's OTit and FOA columns. Lists published before these were kept have them blank;
    #: the database's default lets a writer that names no such column go on as before.
    other_titles = models.CharField(max_length=30, blank=True, default="", db_default="")
    foa_title = models.CharField("FOA title", max_length=4, blank=True, default="", db_default="")
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    rating = models.PositiveSmallIntegerField()
    #: Rated games in this period (FIDE lists' "games" column).
    games = models.PositiveIntegerField(default=0)
    k = models.PositiveSmallIntegerField("K", null=True, blank=True)
    active = models.BooleanField(default=True)
    #: FIDE's flag column: "i" inactive, "w" woman, "wi" both.
    flag = models.CharField(max_length=2, blank=True)
    #: Rating change against the previous list (None for a first rating).
    change = models.IntegerField(null=True, blank=True)

    objects = ListEntryQuerySet.as_manager()

    class Meta:
        ordering = ("period", *LIST_ORDER)
        constraints = [
            models.UniqueConstraint(fields=("period", "player"), name="one_entry_per_list")
        ]
        indexes = [
            models.Index(fields=("period", "-rating", "name"), name="entry_by_rating"),
            models.Index(fields=("period", "federation", "-rating"), name="entry_by_federation"),
            # The name search and the name column's order read one index on PostgreSQL
            # (``entry_by_name_key``, migration ``lists.0021``; ``ListEntryTable.order_name``).
            models.Index(fields=("period", "fide_id"), name="entry_by_fide_id"),
        ]
        verbose_name_plural = "list entries"

    def __str__(self) -> str:
        return f"{self.name} {self.rating}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise PublishedListIsImmutable("Entries of a published list cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PublishedListIsImmutable("Entries of a published list cannot be deleted.")

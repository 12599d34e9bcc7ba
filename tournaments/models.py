"""Tournaments: registration, approvals, report versions, findings, player matches, games.

Status: registered -> (awaiting approval ->) approved -> report received -> checked ->
ready for rating -> rated; or refused.
"""

from fractions import Fraction

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

import regulations
from players.models import Arbiter, Federation, Player, RatingCategory
from regulations.types import Category, TimeControl
from tournaments.querysets import (
    ApprovalRequestQuerySet,
    PlayerMatchQuerySet,
    TournamentQuerySet,
    TournamentReportQuerySet,
)


class Tournament(models.Model):
    """A tournament registered for rating."""

    Category = RatingCategory

    class System(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "Double round robin"
        TEAM = "team", "Team"
        MATCH = "match", "Match"

    class Status(models.TextChoices):
        REGISTERED = "registered", "Registered"
        AWAITING_APPROVAL = "awaiting_approval", "Awaiting approval"
        APPROVED = "approved", "Approved"
        REFUSED = "refused", "Refused"
        REPORT_RECEIVED = "report_received", "Report received"
        CHECKED = "checked", "Checked"
        READY = "ready", "Ready for rating"
        RATED = "rated", "Rated"
        WITHDRAWN = "withdrawn", "Withdrawn"

    name = models.CharField(max_length=200)
    city = models.CharField(max_length=100)
    federation = models.ForeignKey(Federation, on_delete=models.PROTECT, related_name="tournaments")
    start_date = models.DateField()
    end_date = models.DateField()
    category = models.CharField(max_length=16, choices=RatingCategory.choices)
    system = models.CharField(max_length=24, choices=System.choices)
    #: A match over a specific number of games (standard-2009 6.5, R&B 2024 5.2).
    match_games = models.PositiveSmallIntegerField(null=True, blank=True)
    # Rate of play: base minutes (for the first `moves` moves, then `extra_minutes`) plus
    # an increment per move from move 1.
    base_minutes = models.PositiveSmallIntegerField(default=90)
    increment_seconds = models.PositiveSmallIntegerField(default=30)
    moves = models.PositiveSmallIntegerField(null=True, blank=True)
    extra_minutes = models.PositiveSmallIntegerField(default=0)
    number_of_rounds = models.PositiveSmallIntegerField(default=1)
    chief_arbiter = models.ForeignKey(
        Arbiter, null=True, blank=True, on_delete=models.PROTECT, related_name="chief_of"
    )
    deputy_arbiters = models.ManyToManyField(Arbiter, blank=True, related_name="deputy_of")
    hybrid = models.BooleanField(default=False)  # R&B 2024 0.2, 2.1
    official_fide = models.BooleanField("official FIDE event", default=False)
    #: Olympiad, continental or world team championship (standard-2009 7.14f).
    olympiad_type = models.BooleanField("Olympiad-type event", default=False)
    #: A national championship played as a round robin is rated with 3 rated players, 2 in
    #: an event for women alone (standard-2009 6.33).
    national_championship = models.BooleanField(
        "national championship", default=False, db_default=False
    )
    league = models.BooleanField(default=False)  # standard-2009 4.11
    #: The players its approved report pairs against another (``TrfReport.paired_players``),
    #: set on approval: a round robin whose games over the board leave one of them out has
    #: games unplayed (standard-2009 6.4). None before approval (and for reports approved
    #: before it was kept).
    entrants = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.REGISTERED)
    #: The rule set in force at registration (category and start date).
    rule_set = models.CharField(max_length=32, blank=True)
    #: Registered after the lead time (standard-2009 0.4, R&B 2024 0.2).
    late = models.BooleanField(default=False)
    #: The rating list it is rated on, fixed when its report is approved for rating
    #: (DESIGN.md interpretation 8).
    list_date = models.DateField(null=True, blank=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ("-start_date", "name")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
        ]
        indexes = [
            models.Index(fields=("federation", "status")),
            # A list's tournaments: a period's page and its computation (a federation's
            # month is 30,000 of a registry that grows by as many every month).
            models.Index(fields=("category", "list_date"), name="tournament_by_list"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.start_date:%Y-%m-%d})"

    @property
    def time_control(self) -> TimeControl:
        return TimeControl(
            base_minutes=Fraction(self.base_minutes),
            increment_seconds=self.increment_seconds,
            moves=self.moves,
            extra_minutes=Fraction(self.extra_minutes),
        )


class TournamentRound(models.Model):
    """A round's planned date."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    date = models.DateField()

    class Meta:
        ordering = ("tournament", "number")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "number"), name="one_date_per_round")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}: {self.date}"


class ApprovalRequest(models.Model):
    """What only an administrator may grant: a late registration, a hybrid event, a standard
    event longer than 90 days, a match's games after the win rated (R&B 2024 5.2)."""

    class Kind(models.TextChoices):
        LATE_REGISTRATION = "late_registration", "Late registration"
        HYBRID = "hybrid", "Hybrid event"
        LONG_EVENT = "long_event", "Standard event over 90 days"
        MATCH_WAIVER = "match_waiver", "Every game of the match rated"

    #: What is granted or not on its own: refused, the tournament is registered all the same.
    WAIVERS = frozenset({Kind.MATCH_WAIVER})

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        APPROVED = "approved", "Approved"
        REFUSED = "refused", "Refused"
        WITHDRAWN = "withdrawn", "Withdrawn with the registration"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="approvals")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    clause = models.CharField(max_length=64)
    explanation = models.TextField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)

    objects = ApprovalRequestQuerySet.as_manager()

    class Meta:
        ordering = ("-requested_at",)
        constraints = [
            models.UniqueConstraint(fields=("tournament", "kind"), name="one_request_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.tournament} ({self.status})"


def report_upload_path(report: "TournamentReport", filename: str) -> str:
    return f"reports/{report.tournament_id}/v{report.version}-{filename}"


def games_upload_path(report: "TournamentReport", filename: str) -> str:
    return f"reports/{report.tournament_id}/v{report.version}-games-{filename}"


class TournamentReport(models.Model):
    """One uploaded version of a tournament's report, kept exactly as received."""

    class Status(models.TextChoices):
        HAS_ERRORS = "has_errors", "Has errors"
        CHECKED = "checked", "Checked"
        APPROVED = "approved", "Approved for rating"
        SUPERSEDED = "superseded", "Superseded"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="reports")
    version = models.PositiveSmallIntegerField()
    file = models.FileField(upload_to=report_upload_path)
    original_name = models.CharField(max_length=255)
    size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)
    encoding = models.CharField(max_length=16, blank=True)
    #: A hybrid event's games in PGN (R&B 2024 8.4), kept as received: uploaded with this
    #: version or kept from an earlier one (the same stored file).
    games_file = models.FileField(upload_to=games_upload_path, blank=True)
    games_original_name = models.CharField(max_length=255, blank=True)
    games_size = models.PositiveIntegerField(null=True, blank=True)
    games_sha256 = models.CharField(max_length=64, blank=True)
    #: The file's games with moves, as read at upload, by the round their Round tags give
    #: ("?": none), which a later version keeping the file is checked by.
    games_rounds = models.JSONField(null=True, blank=True)
    #: The rounds the file holds, as read at upload (None: uploaded before they were kept),
    #: which the tournament's page shows where the event was cut short of its registration.
    rounds = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices)
    error_count = models.PositiveIntegerField(default=0)
    warning_count = models.PositiveIntegerField(default=0)
    #: Every note of the check, as the two above count theirs: the findings stored are the
    #: first 100 of each kind (``listed_findings``). None for reports checked before.
    info_count = models.PositiveIntegerField(null=True, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    objects = TournamentReportQuerySet.as_manager()

    class Meta:
        ordering = ("tournament", "-version")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "version"), name="one_report_version")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} report v{self.version}"

    @property
    def errors_as_matched_only(self) -> bool:
        """Whether every error of this version was found with its players as the officer
        matched its lines (``ReportFinding.as_matched``): another match may clear them, a
        corrected file would not."""
        return (
            self.status == self.Status.HAS_ERRORS
            and not self.findings.filter(ERRORS_IN_THE_FILE).exists()
        )

    @property
    def games_count(self) -> int | None:
        """The games file's games with moves, None without a games file."""
        return sum(self.games_rounds.values()) if self.games_rounds is not None else None


class ReportFinding(models.Model):
    """A problem found in a report: the TRF reader's and the validation's findings."""

    class Severity(models.TextChoices):
        ERROR = "error", "Error"
        WARNING = "warning", "Warning"
        INFO = "info", "Info"

    report = models.ForeignKey(TournamentReport, on_delete=models.CASCADE, related_name="findings")
    position = models.PositiveIntegerField()
    severity = models.CharField(max_length=8, choices=Severity.choices)
    code = models.CharField(max_length=64)
    line = models.PositiveIntegerField(null=True, blank=True)
    column = models.PositiveIntegerField(null=True, blank=True)
    rule = models.CharField(max_length=120, blank=True)
    message = models.TextField()
    #: Found by checking the report again with the players as the officer matched its lines
    #: (their ratings and sex), not at upload: replaced at each match or undoing of one.
    as_matched = models.BooleanField(default=False)

    class Meta:
        ordering = ("report", "position")

    def __str__(self) -> str:
        return f"{self.severity} {self.code} (line {self.line})"


#: A report's errors that are its file's: all but those found with its players as the
#: officer matched them (a file's errors past those listed have a listed one of their kind).
ERRORS_IN_THE_FILE = models.Q(severity=ReportFinding.Severity.ERROR, as_matched=False)


class PlayerMatch(models.Model):
    """A report's player line matched (or not) to the registry; unknown and mismatched
    FIDE IDs wait for the officer."""

    class Status(models.TextChoices):
        MATCHED = "matched", "Matched"
        UNKNOWN = "unknown", "Unknown FIDE ID"
        MISMATCH = "mismatch", "Differs from the registry"
        NO_ID = "no_id", "No FIDE ID"
        RESOLVED = "resolved", "Resolved by the officer"

    report = models.ForeignKey(TournamentReport, on_delete=models.CASCADE, related_name="matches")
    start_rank = models.PositiveIntegerField()
    trf_name = models.CharField(max_length=200)
    trf_fide_id = models.PositiveBigIntegerField(null=True, blank=True)
    trf_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    trf_federation = models.CharField(max_length=3, blank=True)
    trf_birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    #: "M" or "F" as the report gives it ("m"/"w" in TRF16 001), blank where it does not.
    trf_sex = models.CharField(max_length=1, blank=True, db_default="")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="report_matches"
    )
    status = models.CharField(max_length=10, choices=Status.choices)
    note = models.TextField(blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)

    objects = PlayerMatchQuerySet.as_manager()

    class Meta:
        ordering = ("report", "start_rank")
        constraints = [
            models.UniqueConstraint(fields=("report", "start_rank"), name="one_match_per_line")
        ]
        verbose_name_plural = "player matches"

    def __str__(self) -> str:
        return f"{self.trf_name} ({self.get_status_display()})"

    #: Lines that block approval until the officer matches or registers the player.
    OPEN_STATUSES = (Status.UNKNOWN, Status.MISMATCH, Status.NO_ID)

    @property
    def needs_officer(self) -> bool:
        return self.status in self.OPEN_STATUSES

    @property
    def federation_code(self) -> str:
        """The federation the line gives, as the registry writes codes ("aaa" is AAA)."""
        return self.trf_federation.strip().upper()


class Game(models.Model):
    """A played game of an approved report, normalised for the rating period."""

    report = models.ForeignKey(TournamentReport, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    #: Half points of white: 2 win, 1 draw, 0 loss.
    white_score = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ("report", "round", "pk")
        indexes = [models.Index(fields=("white",)), models.Index(fields=("black",))]

    def __str__(self) -> str:
        return f"R{self.round} {self.white_id}-{self.black_id} {self.white_score}/2"


def rule_set_choices() -> list[tuple[str, str]]:
    return [(rule_set, rule_set) for rule_set in regulations.RULE_SETS]


def category_choices() -> list[tuple[str, str]]:
    return [(category.value, category.value) for category in Category]


class RuleSetSchedule(models.Model):
    """When each rule set comes into force for a category (administrators keep this;
    standard-2009 0.1, R&B 2024 0.1). Seeded with DESIGN.md's table."""

    rule_set = models.CharField(max_length=32, choices=rule_set_choices)
    category = models.CharField(max_length=16, choices=category_choices)
    effective_from = models.DateField()

    class Meta:
        ordering = ("category", "effective_from")
        constraints = [
            models.UniqueConstraint(
                fields=("category", "effective_from"), name="one_rule_set_per_date"
            )
        ]

    def __str__(self) -> str:
        return f"{self.rule_set} for {self.category} from {self.effective_from}"

    def clean(self) -> None:
        """A rule set only for a category it rates: "standard-2009" for blitz made every
        blitz registration fail ("This rule set rates standard play") (a review)."""
        rules = regulations.RULE_SETS.get(self.rule_set)
        if rules is None or self.category not in set(Category):
            return  # the fields' own choices say so
        if Category(self.category) not in rules.categories:
            rated = ", ".join(sorted(category.value for category in rules.categories))
            raise ValidationError({"rule_set": f"{rules.id} rates {rated}, not {self.category}."})

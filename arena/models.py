"""The FIDE Online Arena's ratings (regulations/online-arena.txt): members' online rapid,
blitz and bullet ratings, kept to two decimals and changed after every game (3.1, 3.9),
the games files the arena's server hands over, and each game's calculation."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone

from players.models import Player, RatingCategory
from regulations.online_arena import RULES, OnlineState, display_rating
from regulations.types import Category


class OnlineCategory(models.TextChoices):
    """The arena's three ratings (1.1; values are regulations.Category's)."""

    ONLINE_RAPID = "online-rapid", "Online rapid"
    ONLINE_BLITZ = "online-blitz", "Online blitz"
    ONLINE_BULLET = "online-bullet", "Online bullet"


def arena_upload_path(games_file: ArenaGamesFile, filename: str) -> str:
    return f"arena/{games_file.sha256[:12]}-{filename}"


class ArenaGamesFile(models.Model):
    """A PGN file of arena games, kept exactly as received."""

    file = models.FileField(upload_to=arena_upload_path)
    original_name = models.CharField(max_length=255)
    sha256 = models.CharField(max_length=64, unique=True)
    size = models.PositiveIntegerField()
    games = models.PositiveIntegerField(default=0)
    loaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    loaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-loaded_at", "-pk")

    def __str__(self) -> str:
        return f"{self.original_name} ({self.games} games)"


class ArenaRating(models.Model):
    """A member's rating in one online category, as it stands after his last game."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="arena_ratings", db_index=False
    )
    category = models.CharField(max_length=13, choices=OnlineCategory.choices)
    #: Two decimals (3.1); None while unrated (3.5) or after falling under the floor (3.3).
    rating = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    #: Rated games in the category: since the first rating for one rated by 3.6-3.7.
    games = models.PositiveIntegerField(default=0)
    #: 3.10.3: unrated when he joined (or since 3.3): K 40 until 30 games.
    previously_unrated = models.BooleanField(default=False)
    #: The first-rating stage's results so far (3.6): [opponent's rating, half points].
    provisional = models.JSONField(default=list, blank=True)
    #: 3.4: the over-the-board list his first rating was taken from ("" if none).
    first_rating_from = models.CharField(max_length=8, choices=RatingCategory.choices, blank=True)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("category", "-rating", "player")
        constraints = [
            models.UniqueConstraint(fields=("player", "category"), name="one_arena_rating")
        ]
        indexes = [models.Index(fields=("category", "-rating"), name="arena_rating_by_rating")]

    def __str__(self) -> str:
        return f"{self.player} {self.category}: {self.displayed or 'unrated'}"

    @property
    def displayed(self) -> int | None:
        """The rating as shown: the nearest whole number, halves upwards (3.12, 3.13)."""
        return None if self.rating is None else display_rating(self.rating)

    @property
    def state(self) -> OnlineState:
        """What the rule set rates him from (``regulations.online_arena``)."""
        return OnlineState(
            rating=self.rating,
            games=self.games,
            previously_unrated=self.previously_unrated,
            provisional=tuple((Decimal(r), halves) for r, halves in self.provisional),
        )

    def state_keep(self, state: OnlineState, played_at: dt.datetime | None = None) -> None:
        """The rule set's new state written on the row (not saved)."""
        self.rating = state.rating
        self.games = state.games
        self.previously_unrated = state.previously_unrated
        self.provisional = [[str(r), halves] for r, halves in state.provisional]
        if state.rating is None:
            # Lost (3.3): a first rating comes again by 3.6-3.7, not from a list (a review
            # found his page still saying it had come from his rapid rating).
            self.first_rating_from = ""
        if played_at is not None:
            self.last_played_at = played_at

    @property
    def k(self) -> int:
        """His K for the next game (3.10)."""
        return RULES.k_factor(self.state, category=Category(self.category))


class ArenaGame(models.Model):
    """One rated game of the arena, in the order played (3.9, 3.11)."""

    games_file = models.ForeignKey(ArenaGamesFile, on_delete=models.PROTECT, related_name="+")
    #: The line of the file its tags begin on.
    line = models.PositiveIntegerField()
    category = models.CharField(max_length=13, choices=OnlineCategory.choices)
    played_at = models.DateTimeField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    #: White's score in half points (0, 1, 2).
    white_score = models.PositiveSmallIntegerField()
    #: The PGN TimeControl tag as written (seconds and increment: "180+2").
    time_control = models.CharField(max_length=20)

    class Meta:
        ordering = ("played_at", "pk")
        constraints = [
            models.UniqueConstraint(
                fields=("white", "black", "played_at"), name="one_arena_game_a_moment"
            )
        ]

    def __str__(self) -> str:
        return f"{self.white} - {self.black} {self.played_at:%Y-%m-%d %H:%M}"


class ArenaGameSide(models.Model):
    """What one game did to one player's rating, with its figures (3.6-3.9)."""

    game = models.ForeignKey(ArenaGame, on_delete=models.CASCADE, related_name="sides")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="arena_games")
    opponent = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    category = models.CharField(max_length=13, choices=OnlineCategory.choices)
    played_at = models.DateTimeField()
    score = models.PositiveSmallIntegerField()  # half points
    rating_before = models.DecimalField(max_digits=6, decimal_places=2, null=True)
    opponent_rating = models.DecimalField(max_digits=6, decimal_places=2, null=True)
    #: P_D in hundredths (table 4.2), K and dR x K in hundredths: between rated players.
    expected = models.PositiveSmallIntegerField(null=True)
    k = models.PositiveSmallIntegerField("K", null=True)
    change = models.IntegerField(null=True)
    rating_after = models.DecimalField(max_digits=6, decimal_places=2, null=True)
    #: The clause that decided what the game did to the rating.
    clause = models.CharField(max_length=24)
    explanation = models.CharField(max_length=200)

    class Meta:
        ordering = ("played_at", "pk")
        indexes = [
            models.Index(fields=("player", "category", "played_at"), name="arena_side_by_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.category} {self.played_at:%Y-%m-%d %H:%M}: {self.clause}"


class ArenaListChange(models.Model):
    """3.15: an over-the-board rapid or blitz list's change added to an online rating."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    category = models.CharField(max_length=13, choices=OnlineCategory.choices)
    list_category = models.CharField(max_length=8, choices=RatingCategory.choices)
    list_date = models.DateField()
    change = models.IntegerField()
    rating_before = models.DecimalField(max_digits=6, decimal_places=2)
    #: None: the change took the rating under the floor (3.3).
    rating_after = models.DecimalField(max_digits=6, decimal_places=2, null=True)
    #: When the list's publication added it (3.15: "upon the announcement"): after the
    #: games rated until then, some of them played after the list's date.
    added_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("list_date", "pk")
        constraints = [
            models.UniqueConstraint(
                fields=("player", "category", "list_category", "list_date"),
                name="one_list_change_an_online_rating",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.category}: {self.change:+d} ({self.list_category} list)"

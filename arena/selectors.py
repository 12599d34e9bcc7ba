"""What the arena's pages read: its ratings are public (1.4: lists on demand)."""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from decimal import Decimal

from django.db.models import QuerySet

from arena.models import (
    ArenaGamesFile,
    ArenaGameSide,
    ArenaListChange,
    ArenaRating,
    OnlineCategory,
)
from players.models import Player


def arena_rating_list(category: str) -> QuerySet[ArenaRating]:
    """The rated members of a category, highest first, as they stand after the last game
    loaded (1.4: "updated up to the last result")."""
    return (
        ArenaRating.objects.filter(category=category, rating__isnull=False)
        .select_related("player__federation")
        .order_by("-rating", "player__name", "player__fide_id")
    )


def arena_first_rated_category() -> str | None:
    """The first online category, in their order, with a rated member, or None."""
    rated = ArenaRating.objects.filter(rating__isnull=False)
    return next((c for c in OnlineCategory.values if rated.filter(category=c).exists()), None)


def arena_player_games(player: Player, category: str) -> QuerySet[ArenaGameSide]:
    """A member's games in a category, latest first, with what each did."""
    return (
        ArenaGameSide.objects.filter(player=player, category=category)
        .select_related("opponent")
        .order_by("-played_at", "-pk")
    )


def arena_player_list_changes(player: Player, category: str) -> QuerySet[ArenaListChange]:
    return ArenaListChange.objects.filter(player=player, category=category).order_by(
        "-added_at", "-pk"
    )


def arena_games_files() -> QuerySet[ArenaGamesFile]:
    return ArenaGamesFile.objects.select_related("loaded_by")


def arena_last_loaded_at() -> dt.datetime | None:
    """When the last games file was loaded: the moment the lists stand as of (1.4)."""
    return ArenaGamesFile.objects.order_by("-loaded_at").values_list("loaded_at", flat=True).first()


def arena_rating_history(player: Player, category: str) -> list[tuple[dt.datetime, Decimal | None]]:
    """A member's rating in a category after each of his games and each over-the-board
    list's change added (3.15), in the order they changed it; None where he had no rating
    (before his first, 3.6, or after one lost under the floor, 3.3). A change is drawn when
    its publication added it, or just before the first game rated on top of it where that
    game, played before the publication, was loaded after it."""
    games = list(
        ArenaGameSide.objects.filter(player=player, category=category)
        .order_by("played_at", "pk")
        .values_list("played_at", "rating_after", "game__games_file__loaded_at")
    )
    points = [(played_at, 1, after) for played_at, after, _ in games]
    # His games are loaded in the order played (a game before his last is refused, 3.11).
    loads = [loaded_at for _, _, loaded_at in games]
    for added_at, after in ArenaListChange.objects.filter(
        player=player, category=category
    ).values_list("added_at", "rating_after"):
        first_on_top = bisect_right(loads, added_at)
        if first_on_top < len(games):
            added_at = min(added_at, games[first_on_top][0])
        points.append((added_at, 0, after))
    # At one moment a change comes before the game rated on top of it.
    return [(moment, rating) for moment, _, rating in sorted(points, key=lambda p: p[:2])]

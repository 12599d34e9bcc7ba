"""What the arena's pages read: its ratings are public (1.4: lists on demand)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db.models import QuerySet

from arena.models import ArenaGamesFile, ArenaGameSide, ArenaListChange, ArenaRating
from players.models import Player


def arena_rating_list(category: str) -> QuerySet[ArenaRating]:
    """The rated members of a category, highest first, as they stand after the last game
    loaded (1.4: "updated up to the last result")."""
    return (
        ArenaRating.objects.filter(category=category, rating__isnull=False)
        .select_related("player__federation")
        .order_by("-rating", "player__name", "player__fide_id")
    )


def arena_player_games(player: Player, category: str) -> QuerySet[ArenaGameSide]:
    """A member's games in a category, latest first, with what each did."""
    return (
        ArenaGameSide.objects.filter(player=player, category=category)
        .select_related("opponent", "game")
        .order_by("-played_at", "-pk")
    )


def arena_player_list_changes(player: Player, category: str) -> QuerySet[ArenaListChange]:
    return ArenaListChange.objects.filter(player=player, category=category).order_by(
        "-added_at", "-pk"
    )


def arena_games_files() -> QuerySet[ArenaGamesFile]:
    return ArenaGamesFile.objects.select_related("loaded_by")


def arena_rating_history(player: Player, category: str) -> list[tuple[dt.datetime, Decimal | None]]:
    """A member's rating in a category after each of his games and each over-the-board
    list's change added (3.15), in the order they happened; None where he had no rating
    (before his first, 3.6, or after one lost under the floor, 3.3)."""
    games = ArenaGameSide.objects.filter(player=player, category=category).values_list(
        "played_at", "rating_after"
    )
    changes = ArenaListChange.objects.filter(player=player, category=category).values_list(
        "added_at", "rating_after"
    )
    return sorted([*games, *changes], key=lambda point: point[0])

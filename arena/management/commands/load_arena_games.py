"""``manage.py load_arena_games PATH [--json]``: rate a games file of the FIDE Online Arena
(a PGN file as its server writes it) game by game, as the administrators' page does.
Acts with an administrator's authority; the audit trail names the command. Bad input
(a game that cannot be rated, with its line): exit status 2, one line on stderr, nothing
stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.db.models import F

from arena.models import ArenaRating
from arena.services import ArenaGamesRefused, ArenaLoad, arena_games_load
from players.access import Actor
from players.management.batch import BatchCommand, bad_file

COMMAND_ACTOR = Actor(is_administrator=True)


class Command(BatchCommand):
    help = "Rate a games file of the FIDE Online Arena (PGN), game by game."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="the PGN file the arena's server wrote")
        parser.add_argument("--json", action="store_true", help="print one JSON document")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["path"]
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise bad_file(path, error.strerror or str(error)) from None
        try:
            load = arena_games_load(
                data=data,
                name=Path(path).name,
                actor=COMMAND_ACTOR,
                actor_label="manage.py load_arena_games",
            )
        except ArenaGamesRefused as refused:
            shown = "; ".join(str(finding) for finding in refused.findings[:5])
            more = len(refused.findings) - 5
            raise bad_file(
                path, f"nothing loaded: {shown}" + (f"; and {more} more" if more > 0 else "")
            ) from None
        if options["json"]:
            self.stdout.write(json.dumps(as_json(load), ensure_ascii=False, indent=2))
        else:
            counts = ", ".join(
                f"{n} {category}" for category, n in sorted(load.by_category.items())
            )
            self.stdout.write(
                f"{path}: {load.games} games rated ({counts}); {load.first_ratings} first ratings."
            )


def as_json(load: ArenaLoad) -> dict[str, Any]:
    """The load's counts and the ratings of its players as they now stand."""
    ratings = (
        ArenaRating.objects.filter(
            player__arena_games__game__games_file=load.games_file,
            player__arena_games__category=F("category"),  # the categories he played in
        )
        .distinct()
        .select_related("player")
        .order_by("category", "player__fide_id")
    )
    return {
        "file": load.games_file.original_name,
        "sha256": load.games_file.sha256,
        "games": load.games,
        "first_ratings": load.first_ratings,
        "by_category": load.by_category,
        "ratings": [
            {
                "fide_id": r.player.fide_id,
                "name": r.player.name,
                "category": r.category,
                "rating": None if r.rating is None else float(r.rating),
                "displayed": r.displayed,
                "games": r.games,
            }
            for r in ratings
        ],
    }

"""The arena's workflows that write: a games file rated game by game (online arena 3.6-
3.11), and an over-the-board list's changes added to the online ratings (3.15)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from arena.games_file import ArenaFinding, ArenaGameRead, read_arena_games
from arena.models import (
    ArenaGame,
    ArenaGamesFile,
    ArenaGameSide,
    ArenaListChange,
    ArenaRating,
    OnlineCategory,
)
from audit.services import audit_record
from players.access import Actor, require_administrator
from players.locks import rating_list_lock
from players.models import Player, RatingState, RatingStatus, RetiredFideId
from regulations.online_arena import (
    LIST_CHANGES_ADDED,
    RULES,
    OnlineGameSide,
)
from regulations.rounding import hundredths
from regulations.types import Category, points_from_halves

#: At most this many findings are listed; the rest are counted.
FINDINGS_SHOWN = 200


class ArenaGamesRefused(Exception):
    """The file was not loaded, for these reasons; nothing of it was stored."""

    def __init__(self, findings: Iterable[ArenaFinding]) -> None:
        self.findings = tuple(findings)
        super().__init__("; ".join(str(f) for f in self.findings[:3]))


@dataclass(frozen=True)
class ArenaLoad:
    games_file: ArenaGamesFile
    games: int
    #: Members who earned a first rating in a category by their results (3.7); a first
    #: rating taken from the over-the-board lists (3.4) is not counted.
    first_ratings: int
    by_category: dict[str, int]


def arena_games_load(*, data: bytes, name: str, actor: Actor, actor_label: str = "") -> ArenaLoad:
    """Rate a games file of the arena: every game in the order played, each player's rating
    changed after each game (3.9, 3.11), and each game's figures kept for his page. All or
    nothing: a file with any game that cannot be rated is refused with every reason and its
    line, and nothing of it is stored. Administrators only (the arena's server hands the
    games over; no federation's officer owns them)."""
    require_administrator(actor, "Only an administrator loads the arena's games.")
    sha256 = hashlib.sha256(data).hexdigest()
    read = read_arena_games(data, now=timezone.now())
    with transaction.atomic():
        for category in sorted(OnlineCategory.values):
            rating_list_lock(category)  # one load at a time, and not beside 3.15's changes
        if loaded := ArenaGamesFile.objects.filter(sha256=sha256).first():
            raise ArenaGamesRefused(
                [
                    ArenaFinding(
                        None, f"This file was loaded already, on {loaded.loaded_at:%Y-%m-%d}."
                    )
                ]
            )
        players = _players(read.games)
        ratings = _ratings(players.values())
        findings = list(read.findings) + _unknown(read.games, players)
        findings += _out_of_order(read.games, players, ratings)
        findings += _played_already(read.games)
        findings.sort(key=lambda finding: finding.line or 0)  # the file's order
        if findings or not read.games:
            raise ArenaGamesRefused(findings or [ArenaFinding(None, "The file holds no game.")])
        games_file = ArenaGamesFile(
            original_name=name[:255], sha256=sha256, size=len(data), games=len(read.games)
        )
        games_file.loaded_by = actor.user if actor.is_authenticated else None
        games_file.file.save(name, ContentFile(data), save=False)
        try:
            games_file.save()
            load = _games_rate(games_file, read.games, players, ratings)
            audit_record(
                target=games_file,
                actor=games_file.loaded_by,
                actor_label=actor_label,
                action="arena games loaded",
                changes={
                    "games": [None, load.games],
                    "first ratings": [None, load.first_ratings],
                },
            )
        except BaseException:
            # The rows are rolled back: the file goes too (a review found one left behind).
            games_file.file.storage.delete(games_file.file.name)
            raise
    return load


def _players(games: Iterable[ArenaGameRead]) -> dict[int, Player]:
    ids = {fide_id for game in games for fide_id in (game.white_fide_id, game.black_fide_id)}
    return Player.objects.in_bulk(ids, field_name="fide_id")


def _ratings(players: Iterable[Player]) -> dict[tuple[int, str], ArenaRating]:
    rows = ArenaRating.objects.filter(player__in=[p.pk for p in players]).order_by()
    return {(r.player_id, r.category): r for r in rows}


def _unknown(games: Sequence[ArenaGameRead], players: dict[int, Player]) -> list[ArenaFinding]:
    """The players of the file the registry does not hold. A FIDE ID retired as a duplicate
    names the record kept in its place: the registry refuses to add it again (a review
    found "add the player" said of one)."""
    named = [
        (game, fide_id, name)
        for game in games
        for fide_id, name in (
            (game.white_fide_id, game.white_name),
            (game.black_fide_id, game.black_name),
        )
        if fide_id not in players
    ]
    retired = dict(
        RetiredFideId.objects.filter(fide_id__in={fide_id for _, fide_id, _ in named}).values_list(
            "fide_id", "kept_fide_id"
        )
    )
    findings = []
    for game, fide_id, name in named:
        if fide_id in retired:
            kept = retired[fide_id]
            instead = (
                f"write FIDE ID {kept}, the record kept in its place"
                if kept
                else ("correct the ID")
            )
            said = (
                f"FIDE ID {fide_id} ({name or 'no name'}) was removed from the registry as a "
                f"duplicate: {instead}, and load the file again"
            )
        else:
            said = (
                f"FIDE ID {fide_id} ({name or 'no name'}) is not in the registry: add the "
                "player (or correct the ID) and load the file again"
            )
        findings.append(ArenaFinding(game.line, said, "online arena 2.1"))
    return findings


def _out_of_order(
    games: Iterable[ArenaGameRead],
    players: dict[int, Player],
    ratings: dict[tuple[int, str], ArenaRating],
) -> list[ArenaFinding]:
    """Games played before a game already rated for one of their players, and games of the
    file played twice: a rating changes game by game in the order played (3.9, 3.11), so an
    earlier game cannot be rated after a later one."""
    findings = []
    seen: dict[tuple[int, int, dt.datetime], int] = {}
    for game in games:
        key = (game.white_fide_id, game.black_fide_id, game.played_at)
        if key in seen:
            findings.append(ArenaFinding(game.line, f"The game of line {seen[key]} again."))
            continue
        seen[key] = game.line
        for fide_id in (game.white_fide_id, game.black_fide_id):
            player = players.get(fide_id)
            rating = player and ratings.get((player.pk, game.category))
            if rating and rating.last_played_at and game.played_at <= rating.last_played_at:
                findings.append(
                    ArenaFinding(
                        game.line,
                        f"{game.label}, played {game.played_at:%Y-%m-%d %H:%M:%S} UTC, is not "
                        f"after {player}'s last game rated in {game.category} "
                        f"({rating.last_played_at:%Y-%m-%d %H:%M:%S} UTC): ratings change "
                        "game by game in the order played",
                        "online arena 3.9, 3.11",
                    )
                )
    return findings


def _played_already(games: Sequence[ArenaGameRead]) -> list[ArenaFinding]:
    """Games of the file whose two players already have a game rated at that moment, in
    any category: one of the two is a mistake (a review: the same pair and moment in
    another category was a server error)."""
    moments = {game.played_at for game in games}
    rated = {
        (white, black, played_at): category
        for white, black, played_at, category in ArenaGame.objects.filter(
            played_at__in=moments
        ).values_list("white__fide_id", "black__fide_id", "played_at", "category")
    }
    return [
        ArenaFinding(
            game.line,
            f"{game.label}, played {game.played_at:%Y-%m-%d %H:%M:%S} UTC, is rated already "
            f"(in {category}): the same two players at the same moment",
            "online arena 3.9",
        )
        for game in games
        if (category := rated.get((game.white_fide_id, game.black_fide_id, game.played_at)))
    ]


def _games_rate(
    games_file: ArenaGamesFile,
    games: Iterable[ArenaGameRead],
    players: dict[int, Player],
    ratings: dict[tuple[int, str], ArenaRating],
) -> ArenaLoad:
    ordered = sorted(games, key=lambda g: (g.played_at, g.line))
    published = _published_ratings(players.values())
    touched: set[tuple[int, str]] = set()
    rated_games: list[ArenaGame] = []
    sides: list[tuple[ArenaGame, ArenaGameSide]] = []
    by_category: dict[str, int] = {}
    first_ratings = 0
    for read in ordered:
        white, black = players[read.white_fide_id], players[read.black_fide_id]
        rows = [_rating(p, read.category, ratings, published) for p in (white, black)]
        touched.update((row.player_id, row.category) for row in rows)
        states = [row.state for row in rows]
        rated = RULES.rate_game(*states, read.white_score, category=read.category)
        game = ArenaGame(
            games_file=games_file,
            line=read.line,
            category=read.category,
            played_at=read.played_at,
            white=white,
            black=black,
            white_score=read.white_score,
            time_control=read.time_control,
        )
        for row, side, opponent in zip(rows, rated, (black, white), strict=True):
            first_ratings += side.before.rating is None and side.after.rating is not None
            row.state_keep(side.after, read.played_at)
            sides.append((game, _side_row(row, side, opponent, read)))
        rated_games.append(game)
        by_category[read.category] = by_category.get(read.category, 0) + 1
    ArenaGame.objects.bulk_create(rated_games)
    for game, side in sides:
        side.game = game
    ArenaGameSide.objects.bulk_create(side for _, side in sides)
    _ratings_save(ratings[key] for key in touched)
    return ArenaLoad(games_file, len(ordered), first_ratings, by_category)


#: What a game or a list's change writes of a member's rating row.
RATING_FIELDS = (
    "rating",
    "games",
    "previously_unrated",
    "provisional",
    "first_rating_from",
    "last_played_at",
)


def _ratings_save(rows: Iterable[ArenaRating]) -> None:
    """Write the members' rating rows, new and changed, in one statement a batch (an
    upsert on the member and category: ``bulk_update`` took 20 s for a day's 9,000 rows,
    building a CASE expression per row and field)."""
    ArenaRating.objects.bulk_create(
        rows,
        batch_size=2000,
        update_conflicts=True,
        unique_fields=("player", "category"),
        update_fields=RATING_FIELDS,
    )


def _published_ratings(players: Iterable[Player]) -> dict[int, dict[Category, int]]:
    """The players' published over-the-board ratings, for 3.4's first ratings."""
    published: dict[int, dict[Category, int]] = {}
    states = (
        RatingState.objects.filter(
            player__in=[p.pk for p in players], status=RatingStatus.RATED, rating__isnull=False
        )
        .values_list("player_id", "category", "rating")
        .order_by()
    )
    for player_id, category, rating in states:
        published.setdefault(player_id, {})[Category(category)] = rating
    return published


def _rating(
    player: Player,
    category: str,
    ratings: dict[tuple[int, str], ArenaRating],
    published: dict[int, dict[Category, int]],
) -> ArenaRating:
    """The member's rating row in the category; at his first game there, one made from
    the over-the-board lists (3.4) or unrated (3.5)."""
    key = (player.pk, category)
    if key not in ratings:
        state, source = RULES.first_state(published.get(player.pk, {}), category=Category(category))
        ratings[key] = ArenaRating(
            player=player,
            category=category,
            first_rating_from=source or "",
            previously_unrated=state.previously_unrated,
        )
        ratings[key].state_keep(state)
    return ratings[key]


def _side_row(
    row: ArenaRating, side: OnlineGameSide, opponent: Player, read: ArenaGameRead
) -> ArenaGameSide:
    return ArenaGameSide(
        player_id=row.player_id,
        opponent=opponent,
        category=read.category,
        played_at=read.played_at,
        score=side.score_halves,
        rating_before=side.before.rating,
        opponent_rating=side.opponent_rating,
        expected=side.expected_hundredths,
        k=side.k,
        change=side.change_hundredths,
        rating_after=side.after.rating,
        clause=side.clause,
        explanation=side_explanation(side)[:200],
    )


def side_explanation(side: OnlineGameSide) -> str:
    """What the game did to the player's rating, in words, with its clause's reason."""
    if side.k is not None and side.change_hundredths is not None:
        text = (
            f"dR = {points_from_halves(side.score_halves)} - "
            f"{hundredths(side.expected_hundredths or 0)}, x K {side.k} = "
            f"{hundredths(side.change_hundredths):+.2f}"
        )
        if side.after.rating is None:
            text += "; under the floor of 100: the rating is lost, a first rating starts afresh"
        return text
    if side.opponent_rating is None:
        if side.before.rating is not None:
            return "Opponent unrated: the game does not change a rated player's rating."
        return "Both unrated: only games against rated opponents count towards a first rating."
    working = side.first_rating
    if working is not None:
        average = Decimal(working.average.numerator) / working.average.denominator
        over = working.half_points_over_half
        if over == 0:
            moved = "Ra"
        elif over > 0:
            moved = f"Ra + {RULES.points_per_half_point} x {over} half points over 50%"
        else:
            share = points_from_halves(working.score_halves) / len(working.results)
            moved = f"Ra + dp {working.adjustment} (p {share})"
        text = (
            f"First rating from {len(working.results)} results, "
            f"{points_from_halves(working.score_halves)} points against an average Ra of "
            f"{average:.2f}: {moved} = {working.rating:.2f}"
        )
        if working.below_floor:
            text += ", under the floor of 100: no rating, the first rating starts afresh"
        return text
    counted = len(side.after.provisional)
    if counted == 0:
        return (
            "Not counted: the first rating counts from a first draw or win against a rated "
            "opponent."
        )
    return f"Result {counted} of the 5 that give a first rating."


def arena_list_changes_add(
    *, list_category: str, list_date: dt.date, changes: QuerySet[Any]
) -> int:
    """3.15: a published over-the-board rapid or blitz list's changes added to its players'
    online ratings (``LIST_CHANGES_ADDED``), each recorded with the list it came from.
    ``changes``: rows of the list's rated players with their ``player_id`` and ``change``.
    Runs in the list's publication, in its transaction; the number of online ratings
    changed."""
    categories = [c.value for c in LIST_CHANGES_ADDED.get(Category(list_category), ())]
    if not categories:
        return 0
    for category in sorted(categories):
        rating_list_lock(category)  # no load rates a member meanwhile: no row locks needed
    changes = changes.order_by()
    members = (
        ArenaRating.objects.filter(
            category__in=categories,
            rating__isnull=False,
            player_id__in=changes.values("player_id"),
        )
        .annotate(
            list_change=Subquery(changes.filter(player_id=OuterRef("player_id")).values("change"))
        )
        .order_by()  # not the model's order, which joins and sorts the players
    )
    added_at = timezone.now()
    changed, recorded = [], []
    for member in members:
        before = member.rating
        member.state_keep(RULES.after_list_change(member.state, member.list_change))
        changed.append(member)
        recorded.append(
            ArenaListChange(
                player_id=member.player_id,
                category=member.category,
                list_category=list_category,
                list_date=list_date,
                change=member.list_change,
                rating_before=before,
                rating_after=member.rating,
                added_at=added_at,
            )
        )
    _ratings_save(changed)
    ArenaListChange.objects.bulk_create(recorded)
    return len(recorded)

"""Reading what a period's computation needs from the database (no writes).

- the tournaments rated on the list: the category's tournaments ready for rating whose
  report was approved for this list date (DESIGN.md interpretation 8), and their games;
- each player's rating in each game: the published rating of the list in force at the
  tournament's start (interpretation 2), or for a rapid or blitz player unrated in the
  category his standard rating then (R&B 2024 7.2.1);
- the players' standings as of the previous list (interpretation 4);
- for players still unrated, their games in earlier periods within the pooling window
  (standard-2009 7.14c, R&B 2024 6.1.4).
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from lists.computation import GameRow, Standing, TournamentFacts
from lists.models import RatingPeriod
from players.models import Player, RatingCategory, RatingHistory, RatingState, RatingStatus
from regulations import OverTheBoardRules
from regulations.calendar import add_months
from tournaments.models import Game, Tournament, TournamentReport
from tournaments.selectors import rules_for

#: The longest pooling window of any rule set (R&B 6.1.4: 26 months), plus a month.
POOLING_LOOKBACK_MONTHS = 27
#: How far before a tournament's start the list in force is looked for.
RATING_LOOKBACK_MONTHS = 13
ROUND_ROBINS = (Tournament.System.ROUND_ROBIN, Tournament.System.DOUBLE_ROUND_ROBIN)


@dataclass
class PeriodInputs:
    tournaments: dict[int, TournamentFacts]
    games: list[GameRow]
    standings: dict[int, Standing]
    earlier_games: list[GameRow]

    @property
    def current_tournaments(self) -> set[int]:
        return {row.tournament for row in self.games}


def period_tournaments(period: RatingPeriod) -> list[Tournament]:
    """The tournaments rated on this list: ready for rating, approved for this list date."""
    return list(
        Tournament.objects.filter(
            category=period.category,
            list_date=period.list_date,
            status=Tournament.Status.READY,
        ).order_by("pk")
    )


def tournament_facts(tournament: Tournament) -> TournamentFacts:
    rules = rules_for(tournament.category, tournament.start_date)
    assert isinstance(rules, OverTheBoardRules)
    return TournamentFacts(
        rules=rules,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        round_robin=tournament.system in ROUND_ROBINS,
        team_championship=tournament.olympiad_type,
        name=tournament.name,
    )


def load_period_inputs(period: RatingPeriod) -> PeriodInputs:
    """Everything ``lists.computation.compute_period`` needs for ``period``."""
    tournaments = {t.pk: t for t in period_tournaments(period)}
    raw_games = _games_of(tournaments)
    players = {p for row in raw_games for p in (row[2], row[3])}
    ratings = RatingsInForce(period.category, players, tournaments.values())
    games = ratings.rows(raw_games, tournaments)
    standings = _standings(period.category, players)

    unrated = {
        player
        for row in games
        for player, rating in ((row.white, row.white_rating), (row.black, row.black_rating))
        if rating is None
    }
    earlier = _earlier_tournaments(period, unrated)
    earlier_raw = [row for row in _games_of(earlier) if row[2] in unrated or row[3] in unrated]
    earlier_players = {p for row in earlier_raw for p in (row[2], row[3])}
    earlier_ratings = RatingsInForce(period.category, earlier_players, earlier.values())
    facts = {pk: tournament_facts(t) for pk, t in {**earlier, **tournaments}.items()}
    return PeriodInputs(
        tournaments=facts,
        games=games,
        standings=standings,
        earlier_games=earlier_ratings.rows(earlier_raw, earlier),
    )


def _games_of(tournaments: dict[int, Tournament]) -> list[tuple[int, int, int, int, int]]:
    """(game, tournament, white, black, white score) of the approved reports, in order."""
    if not tournaments:
        return []
    return list(
        Game.objects.filter(
            report__tournament__in=list(tournaments),
            report__status=TournamentReport.Status.APPROVED,
        )
        .order_by("report__tournament_id", "round", "pk")
        .values_list("pk", "report__tournament_id", "white_id", "black_id", "white_score")
    )


def _earlier_tournaments(period: RatingPeriod, unrated: set[int]) -> dict[int, Tournament]:
    """Tournaments of earlier lists within the pooling window in which a still-unrated
    player of this period played."""
    if not unrated:
        return {}
    since = add_months(period.list_date, -POOLING_LOOKBACK_MONTHS)
    ids = set(
        Game.objects.filter(
            Q(white_id__in=unrated) | Q(black_id__in=unrated),
            report__status=TournamentReport.Status.APPROVED,
            report__tournament__category=period.category,
            report__tournament__status=Tournament.Status.RATED,
            report__tournament__list_date__lt=period.list_date,
            report__tournament__end_date__gte=since,
        ).values_list("report__tournament_id", flat=True)
    )
    return {t.pk: t for t in Tournament.objects.filter(pk__in=ids).order_by("pk")}


def _standings(category: str, players: Iterable[int]) -> dict[int, Standing]:
    """Each player's state as of the previous list; a delisted player is unrated
    (interpretation 9). Junior status needs the birth year (R&B 2024 7.3.3)."""
    players = list(players)
    birth_years = (
        dict(Player.objects.filter(pk__in=players).values_list("pk", "birth_year"))
        if len(players) < 50_000
        else dict(Player.objects.values_list("pk", "birth_year"))
    )
    standings = {}
    for player, rating, games, reached, status in (
        RatingState.objects.filter(category=category, player_id__in=players)
        .values_list("player_id", "rating", "games", "reached_2400", "status")
        .iterator(chunk_size=20_000)
    ):
        standings[player] = Standing(
            rating=rating if status == RatingStatus.RATED else None,
            games=games,
            reached_2400=reached,
            birth_year=birth_years.get(player),
        )
    for player in players:
        if player not in standings:
            standings[player] = Standing(rating=None, birth_year=birth_years.get(player))
    return standings


class RatingsInForce:
    """Each player's published rating of the list in force on a day (interpretation 2),
    from the registry's rating history."""

    def __init__(self, category: str, players: set[int], tournaments: Iterable[Tournament]) -> None:
        starts = [t.start_date for t in tournaments]
        self.category = category
        self.by_player: dict[int, tuple[list[dt.date], list[int | None]]] = {}
        self.standard: dict[int, tuple[list[dt.date], list[int | None]]] = {}
        if not starts or not players:
            return
        self.since = add_months(min(starts), -RATING_LOOKBACK_MONTHS)
        self.until = max(starts)
        self.by_player = self._history(category, players)
        if category != RatingCategory.STANDARD:
            # R&B 2024 7.2.1: unrated in the category, rated by his standard rating.
            lacking = {p for p in players if not any(r for r in self.by_player.get(p, ((), ()))[1])}
            self.standard = self._history(RatingCategory.STANDARD, lacking)

    def _history(
        self, category: str, players: set[int]
    ) -> dict[int, tuple[list[dt.date], list[int | None]]]:
        history: dict[int, tuple[list[dt.date], list[int | None]]] = defaultdict(lambda: ([], []))
        rows = RatingHistory.objects.filter(
            category=category, list_date__gte=self.since, list_date__lte=self.until
        )
        if len(players) < 50_000:
            rows = rows.filter(player_id__in=players)
        for player, list_date, rating in (
            rows.order_by("player_id", "list_date")
            .values_list("player_id", "list_date", "rating")
            .iterator(chunk_size=20_000)
        ):
            if player in players:
                dates, ratings = history[player]
                dates.append(list_date)
                ratings.append(rating)
        return dict(history)

    @staticmethod
    def _on(history: tuple[list[dt.date], list[int | None]] | None, day: dt.date) -> int | None:
        if history is None:
            return None
        dates, ratings = history
        position = bisect.bisect_right(dates, day)
        return ratings[position - 1] if position else None

    def rating(self, player: int, day: dt.date) -> int | None:
        rating = self._on(self.by_player.get(player), day)
        if rating is None and self.standard:
            rating = self._on(self.standard.get(player), day)
        return rating

    def rows(
        self,
        raw_games: list[tuple[int, int, int, int, int]],
        tournaments: dict[int, Tournament],
    ) -> list[GameRow]:
        cache: dict[tuple[int, dt.date], int | None] = {}
        rating = self.rating

        def rating_of(player: int, day: dt.date) -> int | None:
            key = (player, day)
            if key not in cache:
                cache[key] = rating(player, day)
            return cache[key]

        rows = []
        for game, tournament, white, black, white_score in raw_games:
            start = tournaments[tournament].start_date
            rows.append(
                GameRow(
                    game,
                    tournament,
                    white,
                    black,
                    white_score,
                    rating_of(white, start),
                    rating_of(black, start),
                )
            )
        return rows

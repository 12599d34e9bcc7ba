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
from typing import Any

from django.db import connection
from django.db.models import FilteredRelation, Q, QuerySet

from lists.computation import GameRow, Standing, TournamentFacts
from lists.models import RatingPeriod
from players.models import Player, RatingCategory, RatingHistory, RatingStatus
from regulations import EffectiveDate, OverTheBoardRules
from regulations.calendar import add_months
from tournaments.models import Game, Tournament, TournamentReport
from tournaments.selectors import rule_schedule, rules_for

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


def period_tournaments_query(period: RatingPeriod) -> QuerySet[Tournament]:
    """The tournaments rated on this list: ready for rating, approved for this list date."""
    return Tournament.objects.filter(
        category=period.category,
        list_date=period.list_date,
        status=Tournament.Status.READY,
    )


def period_tournaments(period: RatingPeriod) -> list[Tournament]:
    return list(period_tournaments_query(period).order_by("pk"))


def tournament_facts(
    tournament: Tournament, schedule: tuple[EffectiveDate, ...] | None = None
) -> TournamentFacts:
    rules = rules_for(tournament.category, tournament.start_date, schedule)
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
    # Games are read by a subquery: a month has tens of thousands of tournaments. One
    # approved between the two reads waits for the next computation.
    games_query = _approved_games(period_tournaments_query(period))
    raw_games = [row for row in _games_of(games_query) if row[1] in tournaments]
    players = {p for row in raw_games for p in (row[2], row[3])}
    ratings = RatingsInForce(
        period.category, players, tournaments.values(), _players_of(games_query)
    )
    games = ratings.rows(raw_games, tournaments)
    standings = _standings(period.category, games_query, players)

    unrated = {
        player
        for row in games
        for player, rating in ((row.white, row.white_rating), (row.black, row.black_rating))
        if rating is None
    }
    earlier = _earlier_tournaments(period, unrated)
    earlier_query = _approved_games(list(earlier))
    earlier_raw = [
        row for row in _games_of(earlier_query) if row[2] in unrated or row[3] in unrated
    ]
    earlier_players = {p for row in earlier_raw for p in (row[2], row[3])}
    earlier_ratings = RatingsInForce(
        period.category, earlier_players, earlier.values(), _players_of(earlier_query)
    )
    schedule = rule_schedule()
    facts = {pk: tournament_facts(t, schedule) for pk, t in {**earlier, **tournaments}.items()}
    return PeriodInputs(
        tournaments=facts,
        games=games,
        standings=standings,
        earlier_games=earlier_ratings.rows(earlier_raw, earlier),
    )


def _approved_games(tournaments: QuerySet[Tournament] | list[int]) -> QuerySet[Game]:
    """The games of the approved reports of ``tournaments``."""
    return Game.objects.filter(
        report__tournament__in=tournaments,
        report__status=TournamentReport.Status.APPROVED,
    )


def _games_of(games: QuerySet[Game]) -> list[tuple[int, int, int, int, int]]:
    """(game, tournament, white, black, white score) of ``games``, in order."""
    return list(
        games.order_by("report__tournament_id", "round", "pk").values_list(
            "pk", "report__tournament_id", "white_id", "black_id", "white_score"
        )
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


def _players_of(games: QuerySet[Game]) -> QuerySet[Any]:
    """The ids of the players of ``games``: one IN over a UNION, which PostgreSQL hashes
    into a semi-join (two ORed IN subqueries too big for work_mem would be scanned again
    for every row)."""
    games = games.order_by()
    return games.values("white_id").union(games.values("black_id"))


def _standings(category: str, games: QuerySet[Game], players: set[int]) -> dict[int, Standing]:
    """Each player's state as of the previous list; a delisted player is unrated
    (interpretation 9). Junior status needs the birth year (R&B 2024 7.3.3). The players
    are those of ``games``, read by a subquery rather than a list of ids (a federation's
    month has hundreds of thousands)."""
    rows = (
        Player.objects.filter(pk__in=_players_of(games))
        .annotate(state=FilteredRelation("ratings", condition=Q(ratings__category=category)))
        .values_list(
            "pk",
            "birth_year",
            "state__rating",
            "state__games",
            "state__reached_2400",
            "state__status",
        )
        .order_by()
    )
    standings = {}
    for player, birth_year, rating, games_total, reached, status in rows.iterator(
        chunk_size=20_000
    ):
        if player in players:
            standings[player] = Standing(
                rating=rating if status == RatingStatus.RATED else None,
                games=games_total or 0,
                reached_2400=bool(reached),
                birth_year=birth_year,
            )
    return standings


#: Up to this many players, their history is read by a list of ids; beyond it by the
#: subquery the caller gives (or the whole category's, filtered here).
PLAYERS_BY_ID = 2_000


class RatingsInForce:
    """Each player's published rating of the list in force on a day (interpretation 2),
    from the registry's rating history."""

    def __init__(
        self,
        category: str,
        players: set[int],
        tournaments: Iterable[Tournament],
        players_query: QuerySet[Any] | None = None,
    ) -> None:
        starts = [t.start_date for t in tournaments]
        self.category = category
        self.by_player: dict[int, tuple[list[dt.date], list[int | None]]] = {}
        self.standard: dict[int, tuple[list[dt.date], list[int | None]]] = {}
        #: Every list date read: a day's ratings depend only on how many lie before it.
        self.list_dates: set[dt.date] = set()
        if not starts or not players:
            return
        self.first = min(starts)
        self.since = add_months(self.first, -RATING_LOOKBACK_MONTHS)
        self.until = max(starts)
        self.by_player = self._history(category, players, players_query)
        if category != RatingCategory.STANDARD:
            # R&B 2024 7.2.1: unrated in the category, rated by his standard rating.
            lacking = {p for p in players if not any(r for r in self.by_player.get(p, ((), ()))[1])}
            self.standard = self._history(RatingCategory.STANDARD, lacking, players_query)

    def _history(
        self, category: str, players: set[int], players_query: QuerySet[Any] | None
    ) -> dict[int, tuple[list[dt.date], list[int | None]]]:
        """Per player his list dates and ratings, ascending: the last row on or before the
        first start (what was in force then), and every row after it up to the last start.
        A year of monthly lists is a dozen rows a player: only the one in force is read."""
        history: dict[int, tuple[list[dt.date], list[int | None]]] = defaultdict(lambda: ([], []))
        if not players:
            return {}
        rows = RatingHistory.objects.filter(category=category)
        if len(players) <= PLAYERS_BY_ID:
            rows = rows.filter(player_id__in=players)
        elif players_query is not None:
            rows = rows.filter(player_id__in=players_query)
        in_force = rows.filter(list_date__gte=self.since, list_date__lte=self.first).order_by(
            "player_id", "-list_date"
        )
        if connection.vendor == "postgresql":
            in_force = in_force.distinct("player_id")
        later = rows.filter(list_date__gt=self.first, list_date__lte=self.until).order_by(
            "player_id", "list_date"
        )
        add_date = self.list_dates.add
        for query in (in_force, later):
            for player, list_date, rating in query.values_list(
                "player_id", "list_date", "rating"
            ).iterator(chunk_size=20_000):
                if player not in players:
                    continue
                dates, ratings = history[player]
                if query is in_force and dates:
                    continue  # an older row of the same player (where DISTINCT ON is not)
                dates.append(list_date)
                ratings.append(rating)
                add_date(list_date)
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
        # Two days before which the same list dates lie give every player the same rating:
        # a player's ratings are looked up once per such stretch, not once per tournament.
        list_dates = sorted(self.list_dates)
        stretch = {
            key: bisect.bisect_right(list_dates, tournament.start_date)
            for key, tournament in tournaments.items()
        }
        days = {key: tournament.start_date for key, tournament in tournaments.items()}
        cache: dict[tuple[int, int], int | None] = {}
        rating = self.rating

        def rating_of(player: int, tournament: int) -> int | None:
            key = (player, stretch[tournament])
            try:
                return cache[key]
            except KeyError:
                found = cache[key] = rating(player, days[tournament])
                return found

        return [
            GameRow(
                game,
                tournament,
                white,
                black,
                white_score,
                rating_of(white, tournament),
                rating_of(black, tournament),
            )
            for game, tournament, white, black, white_score in raw_games
        ]

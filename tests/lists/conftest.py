"""A period's world in a few lines: rated players with their published history, and
tournaments approved for a list with their games."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import pytest

from players.models import Player, RatingHistory, RatingState
from tests import factories
from tournaments.models import Game, Tournament, TournamentReport

APRIL = dt.date(2025, 4, 1)
MAY = dt.date(2025, 5, 1)
MARCH = dt.date(2025, 3, 1)


@dataclass
class PeriodWorld:
    federation: object
    players: dict[str, Player] = field(default_factory=dict)

    def player(
        self,
        name: str,
        rating: int | None = None,
        *,
        category: str = "rapid",
        games: int = 40,
        birth_year: int = 1990,
        sex: str = "M",
        list_date: dt.date = MARCH,
        reached_2400: bool = False,
        standard: int | None = None,
    ) -> Player:
        """A player; with ``rating``, rated in ``category`` on the list of ``list_date``."""
        player = factories.PlayerFactory(
            name=name, federation=self.federation, birth_year=birth_year, sex=sex
        )
        if rating is not None:
            RatingState.objects.create(
                player=player, category=category, rating=rating, games=games,
                status="rated", list_date=list_date, reached_2400=reached_2400,
            )  # fmt: skip
            RatingHistory.objects.create(
                player=player, category=category, list_date=list_date, rating=rating,
                games=0,
            )  # fmt: skip
        if standard is not None:
            RatingState.objects.create(
                player=player, category="standard", rating=standard, games=60,
                status="rated", list_date=list_date,
            )  # fmt: skip
            RatingHistory.objects.create(
                player=player, category="standard", list_date=list_date, rating=standard
            )
        self.players[name] = player
        return player

    def listed(self, player: Player, category: str, list_date: dt.date) -> None:
        """``player`` on the list of ``list_date`` too, with his rating in ``category``."""
        rating = RatingState.objects.get(player=player, category=category).rating
        RatingHistory.objects.create(
            player=player, category=category, list_date=list_date, rating=rating
        )

    def tournament(
        self,
        games: list[tuple[Player, Player, float]],
        *,
        category: str = "rapid",
        start: dt.date = dt.date(2025, 3, 10),
        end: dt.date | None = None,
        list_date: dt.date = APRIL,
        system: str = Tournament.System.SWISS,
        name: str = "",
        entrants: int | None = None,
    ) -> Tournament:
        """A tournament ready for rating on ``list_date``: its report approved, its games
        (white, black, white's points) stored; ``entrants``: the players its report pairs,
        where they are not all in the games."""
        tournament = factories.TournamentFactory(
            federation=self.federation, category=category, start_date=start,
            end_date=end or start + dt.timedelta(days=2), status=Tournament.Status.READY,
            list_date=list_date, system=system, entrants=entrants,
            **({"name": name} if name else {}),
        )  # fmt: skip
        report = factories.TournamentReportFactory(
            tournament=tournament, status=TournamentReport.Status.APPROVED
        )
        Game.objects.bulk_create(
            Game(report=report, round=number, white=white, black=black,
                 white_score=int(points * 2))
            for number, (white, black, points) in enumerate(games, start=1)
        )  # fmt: skip
        return tournament


@pytest.fixture
def period_world(db) -> PeriodWorld:
    return PeriodWorld(federation=factories.FederationFactory(code="NOR", name="Norway"))


@pytest.fixture
def compute(django_capture_on_commit_callbacks):
    """compute(category, list_date) -> the period, closed and computed through the services
    (the Celery task runs eagerly once the request's transaction commits)."""
    from lists.services import period_close, period_compute_request, period_get_or_create
    from players.access import Actor

    def run(category: str, list_date: dt.date):
        period = period_get_or_create(category=category, list_date=list_date)
        period_close(period=period)
        period.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            period_compute_request(period=period, actor=Actor(is_administrator=True))
        period.refresh_from_db()
        return period

    return run


@pytest.fixture
def publish():
    """publish(period) -> the period, published by an administrator."""
    from lists.services import period_publish
    from players.access import Actor

    def run(period):
        period_publish(period=period, actor=Actor(is_administrator=True))
        period.refresh_from_db()
        return period

    return run

"""Factories for registration tests: the data an arbiter submits, and approval requests."""

import datetime as dt

import factory

from tests.factories import FederationFactory, TournamentFactory
from tournaments.models import ApprovalRequest, Tournament
from tournaments.registration import RegistrationData


def daily(start: dt.date, rounds: int) -> tuple[dt.date, ...]:
    """One round a day from ``start``."""
    return tuple(start + dt.timedelta(days=number) for number in range(rounds))


class RegistrationDataFactory(factory.Factory):
    """A standard Swiss registered well in time: nine rounds, one a day, 90 min + 30 s."""

    class Meta:
        model = RegistrationData

    name = factory.Sequence(lambda n: f"Spring Open {n}")
    city = "Testville"
    federation = factory.SubFactory(FederationFactory, code="AAA", name="Federation A")
    start_date = dt.date(2025, 3, 1)
    number_of_rounds = 9
    end_date = factory.LazyAttribute(
        lambda data: data.start_date + dt.timedelta(days=data.number_of_rounds - 1)
    )
    category = Tournament.Category.STANDARD
    system = Tournament.System.SWISS
    round_dates = factory.LazyAttribute(lambda data: daily(data.start_date, data.number_of_rounds))
    base_minutes = 90
    increment_seconds = 30
    moves = None
    extra_minutes = 0
    match_games = None
    chief_arbiter = None
    deputy_arbiters = ()
    hybrid = False
    official_fide = False
    olympiad_type = False
    league = False
    highest_rating = None


class RapidDataFactory(RegistrationDataFactory):
    """A rapid Swiss of 2025: 15 min + 10 s, seven rounds on one day."""

    category = Tournament.Category.RAPID
    base_minutes = 15
    increment_seconds = 10
    number_of_rounds = 7
    end_date = factory.LazyAttribute(lambda data: data.start_date)
    round_dates = factory.LazyAttribute(lambda data: (data.start_date,) * data.number_of_rounds)


class BlitzDataFactory(RapidDataFactory):
    category = Tournament.Category.BLITZ
    base_minutes = 3
    increment_seconds = 2


class ApprovalRequestFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ApprovalRequest

    tournament = factory.SubFactory(
        TournamentFactory, status=Tournament.Status.AWAITING_APPROVAL, late=True
    )
    kind = ApprovalRequest.Kind.LATE_REGISTRATION
    clause = "standard-2009 0.4"
    explanation = "Registered on 2025-02-20; standard-2009 0.4 asks for registration by 2025-02-01."

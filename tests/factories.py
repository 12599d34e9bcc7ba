"""factory_boy factories for the registry and tournaments."""

import datetime

import factory
from django.contrib.auth import get_user_model

from players.models import Arbiter, Federation, Player, RatingOfficer, RatingState
from tournaments.models import Tournament, TournamentReport


class FederationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Federation
        django_get_or_create = ("code",)

    code = factory.Sequence(lambda n: f"X{n // 26 % 26 + 65:c}{n % 26 + 65:c}")
    name = factory.LazyAttribute(lambda federation: f"Federation {federation.code}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    fide_id = factory.Sequence(lambda n: 80_000_000 + n)
    name = factory.Sequence(lambda n: f"Player{n:04d}, Test")
    federation = factory.SubFactory(FederationFactory)
    sex = Player.Sex.MALE
    birth_year = 1990


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Test Open {n}")
    city = "Testville"
    federation = factory.SubFactory(FederationFactory)
    start_date = datetime.date(2025, 3, 1)
    end_date = datetime.date(2025, 3, 9)
    category = Tournament.Category.STANDARD
    system = Tournament.System.SWISS


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct-horse-battery")


class ArbiterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Arbiter

    user = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Arbiter{n:03d}, Test")
    federation = factory.SubFactory(FederationFactory)


class RatingOfficerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RatingOfficer

    user = factory.SubFactory(UserFactory)
    federation = factory.SubFactory(FederationFactory)


class RatingStateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RatingState

    player = factory.SubFactory(PlayerFactory)
    category = "standard"
    rating = 1800
    games = 40
    status = "rated"


class TournamentReportFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TournamentReport

    tournament = factory.SubFactory(TournamentFactory)
    version = 1
    file = factory.django.FileField(filename="report.trf", data=b"012 Test\n")
    original_name = "report.trf"
    size = 9
    sha256 = "0" * 64
    status = TournamentReport.Status.CHECKED

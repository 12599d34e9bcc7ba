"""factory_boy factories for the registry and tournaments."""

import datetime

import factory

from players.models import Federation, Player
from tournaments.models import Tournament


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

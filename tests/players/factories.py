"""Factories of the registry beyond tests/factories.py."""

import datetime

import factory

from players.models import PlayerImport, RatingHistory
from tests.factories import PlayerFactory


class RatingHistoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RatingHistory

    player = factory.SubFactory(PlayerFactory)
    category = "standard"
    list_date = datetime.date(2025, 3, 1)
    rating = 1800
    games = 5
    k = 20


class PlayerImportFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PlayerImport

    source = "players_list_foa.txt"
    format = PlayerImport.Format.FIDE_TXT
    as_of = datetime.date(2025, 3, 1)
    status = PlayerImport.Status.DONE

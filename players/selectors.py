"""Reads of the registry. The registry is public, so nothing is restricted yet."""

from django.db.models import QuerySet

from players.models import Federation, Player


def federation_list() -> QuerySet[Federation]:
    return Federation.objects.all()


def player_list() -> QuerySet[Player]:
    return Player.objects.select_related("federation")

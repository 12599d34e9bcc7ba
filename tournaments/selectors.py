"""Reads of tournaments. Registrations are public once made, so nothing is restricted yet."""

from django.db.models import QuerySet

from tournaments.models import Tournament


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("federation")

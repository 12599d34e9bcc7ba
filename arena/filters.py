"""The arena's list: a search by name or FIDE ID and a federation."""

from __future__ import annotations

from django.db.models import QuerySet

from arena.models import ArenaRating
from players.filters import (
    FederationFilter,
    NarrowingFilterSet,
    SearchFilter,
    federation_in_capitals,
    name_or_fide_id,
)


class ArenaRatingFilter(NarrowingFilterSet):
    q = SearchFilter(method="search", label="Name or FIDE ID")
    federation = FederationFilter(field_name="player__federation")

    class Meta:
        model = ArenaRating
        fields = ("q", "federation")

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)

    def search(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(name_or_fide_id(value, "player__"))

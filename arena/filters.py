"""The arena's list: a search by name or FIDE ID, a federation, a title and a sex."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet

from arena.models import ArenaRating
from players.filters import (
    FederationFilter,
    NarrowingFilterSet,
    SearchFilter,
    federation_in_capitals,
    name_or_fide_id,
    title_held,
)
from players.models import Player


class ArenaRatingFilter(NarrowingFilterSet):
    q = SearchFilter(method="search", label="Name or FIDE ID")
    federation = FederationFilter(field_name="player__federation")
    # As the published lists filter (a review: the arena's list had name and federation
    # only).
    title = django_filters.ChoiceFilter(
        choices=Player.Title.choices, method="filter_title", label="Title"
    )
    sex = django_filters.ChoiceFilter(
        field_name="player__sex", choices=Player.Sex.choices, label="Sex"
    )

    class Meta:
        model = ArenaRating
        fields = ("q", "federation", "title", "sex")

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)

    def search(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(name_or_fide_id(value, "player__"))

    def filter_title(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(title_held(value, "player__"))

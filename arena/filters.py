"""The arena's list: a search by name or FIDE ID, a federation, a title, a sex and an age
group."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils import timezone

from arena.models import ArenaRating
from players.filters import (
    AgeGroup,
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
    age = django_filters.ChoiceFilter(
        choices=AgeGroup.CHOICES, method="filter_age", label="Age group"
    )

    class Meta:
        model = ArenaRating
        fields = ("q", "federation", "title", "sex", "age")

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)

    def search(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(name_or_fide_id(value, "player__"))

    def filter_title(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(title_held(value, "player__"))

    def filter_age(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        """By year of birth, as of this year: the arena's list stands as of its last game
        (1.4), not of a list date."""
        return queryset.filter(AgeGroup.condition(value, timezone.localdate().year, "player__"))

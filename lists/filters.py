"""Searching and filtering a published list (and a period's preview of it).

Every filter is written so that an index of ``ListEntry`` serves it on a list of a million
players: a FIDE ID is looked up exactly (period, fide_id), a federation exactly
(period, federation, -rating), a name by its beginning in any case and without its
accents, its words as typed or turned round (given names first): the keys from
``list_name_key('x')`` up to the next one (``players.name_keys.Begins``), each order of the
words a range of an index on (period, list_name_key(name) COLLATE "C", fide_id) on
PostgreSQL (migration ``lists.0021``), under any collation; with its umlauts written out,
through the same index (``folded_forms``). Title, sex, age group and activity narrow what
the rating order reads.
"""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from lists.models import STANDARD_RATING_USED, ListEntry, PeriodResult, RatingPeriod
from players.filters import (
    AgeGroup,
    NarrowingFilterSet,
    QuickSelect,
    SearchFilter,
    federation_in_capitals,
    name_or_fide_id,
    title_held,
    typed_fide_id,
)
from players.models import Federation, Player
from players.name_keys import (
    NameKey,
    NotAscii,
    TransliteratedKey,
    folded_forms,
    typed_keys,
    typed_spellings,
    word_rotations,
)


def federation_choices() -> list[tuple[str, str]]:
    return [
        (code, f"{code} {name}") for code, name in Federation.objects.values_list("code", "name")
    ]


#: A search of more words is read only as typed (four words give four beginnings to look up).
MOST_WORDS_TURNED = 4


def word_orders(value: str) -> list[str]:
    """The typed words as typed, then turned round word by word, so that given names typed
    first still find the surname that the list puts first ("magnus carlsen" and "juan
    gonzalez perez" find "Carlsen, Magnus" and "Gonzalez Perez, Juan"), and each with its
    first two words joined by a hyphen ("gonzalez perez" finds "Gonzalez-Perez, Juan").
    Each is looked up by its beginning, so only the last word typed may be cut short
    ("carlsen m", not "magnus c")."""
    turned = word_rotations(value)
    if not 1 < len(turned) <= MOST_WORDS_TURNED:
        return [value]
    orders = [value, *turned[1:]]
    # "dupont lefevre" finds "Dupont-Lefèvre, Zoë": the first two words typed may be a
    # double surname, which names join with a hyphen (a review found nobody).
    return orders + [order.replace(" ", "-", 1) for order in orders]


class ListEntryFilter(NarrowingFilterSet):
    """Search by the beginning of a name or by FIDE ID; filter by federation, title, sex,
    age group and activity."""

    q = SearchFilter(method="search", label="Name or FIDE ID")
    federation = django_filters.ChoiceFilter(choices=(), label="Federation", widget=QuickSelect)
    title = django_filters.ChoiceFilter(
        choices=Player.Title.choices, method="filter_title", label="Title"
    )
    sex = django_filters.ChoiceFilter(choices=Player.Sex.choices, label="Sex")
    age = django_filters.ChoiceFilter(
        choices=AgeGroup.CHOICES, method="filter_age", label="Age group"
    )
    status = django_filters.ChoiceFilter(
        choices=(("active", "Active"), ("inactive", "Inactive")),
        method="filter_status",
        label="Activity",
    )

    class Meta:
        model = ListEntry
        fields = ("q", "federation", "title", "sex", "age", "status")

    def __init__(self, data=None, *args, list_year: int, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)
        self.list_year = list_year
        # Read once: the form both validates against the choices and renders them.
        self.filters["federation"].extra["choices"] = federation_choices()
        self.form.fields["q"].widget.attrs["placeholder"] = "Surname, given name — or FIDE ID"

    def search(self, queryset: QuerySet[ListEntry], name: str, value: str):
        """Digits: a FIDE ID. Otherwise the beginning of the name, in any case and without
        its accents ("muller" finds "Müller"; a prefix, not a substring: an index finds it
        without reading the whole list), or with its umlauts written out ("mueller" finds
        "Müller" too), its words in the list's order or turned round (``word_orders``)."""
        value = " ".join(value.split())
        if not value:
            return queryset
        if (fide_id := typed_fide_id(value)) is not None:
            return queryset.filter(fide_id=fide_id)
        found, written_out = Q(), Q()
        orders = [order for form in typed_spellings(value) for order in word_orders(form)]
        # A search of marks alone (a lone combining accent) has an empty key, which begins
        # every name: it finds nobody (a review found the whole list under it).
        keys = [typed for typed in typed_keys(orders, using=queryset.db) if typed]
        if not keys:
            return queryset.none()
        for typed in keys:
            found |= Q(name_key__begins=typed)
            # "mueller" finds "Müller": a key beginning "MULLER", and among the names of
            # that range outside ASCII (no other has an umlaut to write out) those whose
            # transliterated key begins as typed (DESIGN-notes 95).
            for folded in folded_forms(typed):
                written_out |= (
                    Q(name_key__begins=folded) & Q(NotAscii("name")) & Q(written_out__begins=typed)
                )
        keyed = queryset.alias(name_key=NameKey("name"), written_out=TransliteratedKey("name"))
        if written_out:
            # Found first, on their own: in one statement with the typed key's range, the
            # database checked every row of both ranges by working its key out again.
            found |= Q(
                pk__in=list(keyed.filter(written_out).order_by().values_list("pk", flat=True))
            )
        return keyed.filter(found)

    def filter_title(self, queryset: QuerySet[ListEntry], name: str, value: str):
        return queryset.filter(title_held(value))

    def filter_age(self, queryset: QuerySet[ListEntry], name: str, value: str):
        return queryset.filter(AgeGroup.condition(value, self.list_year))

    def filter_status(self, queryset: QuerySet[ListEntry], name: str, value: str):
        return queryset.filter(active=value == "active")


class PreviewFilter(NarrowingFilterSet):
    """A computed run's results: by kind, by the federation of the player (an officer reads
    his own federation's players of a month of a quarter of a million), by name or FIDE ID
    (the name's words anywhere and in any order: the preview has no index of names, and
    is an officer's, not the public's). The period page and its CSV read the same."""

    kind = django_filters.ChoiceFilter(
        choices=PeriodResult.Kind.choices, label="Result", method="filter_kind"
    )
    federation = django_filters.ChoiceFilter(
        field_name="player__federation__code",
        choices=(),
        label="Federation",
        empty_label="All federations",
        widget=QuickSelect(
            attrs={"class": "form-select form-select-sm w-auto", "aria-label": "Federation"}
        ),
    )
    q = SearchFilter(method="search", label="Name or FIDE ID")

    class Meta:
        model = PeriodResult
        fields = ("kind", "federation", "q")

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)
        self.filters["federation"].extra["choices"] = federation_choices()
        self.form.fields["q"].widget.input_type = "search"
        self.form.fields["q"].widget.attrs.update(
            {
                "class": "form-control form-control-sm w-auto",
                "placeholder": "Name or FIDE ID",
                "aria-label": "Search the preview by name or FIDE ID",
            }
        )

    def filter_kind(self, queryset, name, value):
        """A kind of result; "Standard rating used" with those it left below the floor
        (``STANDARD_RATING_USED``), who are "Below the floor" as well."""
        if value == PeriodResult.Kind.ADOPTED:
            return queryset.filter(STANDARD_RATING_USED)
        return queryset.filter(kind=value)

    def search(self, queryset: QuerySet[PeriodResult], name: str, value: str):
        value = " ".join(value.split())
        return queryset.filter(name_or_fide_id(value, player="player__")) if value else queryset


class PeriodFilter(NarrowingFilterSet):
    """The periods of a category, or in a status (those computed and waiting to be
    published, say)."""

    class Meta:
        model = RatingPeriod
        fields = ("category", "status")

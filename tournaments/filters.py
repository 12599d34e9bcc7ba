import django_filters
from django import forms

from players.filters import (
    FederationFilter,
    NarrowingFilterSet,
    WordsFilter,
    federation_in_capitals,
)
from tournaments.models import ApprovalRequest, Tournament
from tournaments.querysets import arbiter_of


class TickBox(forms.CheckboxInput):
    """A box to tick that sends "true"; "false", "0", "no" and "off" in an address read as
    unticked, as the select it replaced read them (a review: "?mine=0" meant mine)."""

    def __init__(self) -> None:
        super().__init__(attrs={"value": "true"})

    def value_from_datadict(self, data, files, name) -> bool:
        given = data.get(name)
        if isinstance(given, str) and given.strip().lower() in ("false", "0", "no", "off"):
            return False
        return super().value_from_datadict(data, files, name)


class LabelledDateRange(django_filters.widgets.DateRangeWidget):
    """The two dates of a range, each with its own label for a screen reader, which the
    fieldset's legend alone left as two unnamed dates (a review)."""

    def __init__(self, *, labels: tuple[str, str]) -> None:
        super().__init__(attrs={"type": "date"})
        for widget, label in zip(self.widgets, labels, strict=True):
            widget.attrs["aria-label"] = label


class TournamentFilter(NarrowingFilterSet):
    name = WordsFilter(lookup_expr="icontains", label="Name")
    #: An arbiter's own: chief or deputy (the dashboard's "My tournaments" links here).
    mine = django_filters.BooleanFilter(
        method="filter_mine",
        label="Mine only",
        # A box to tick, sending "true" as the dashboard's link does (a review: a choice
        # of "Unknown", "Yes" and "No").
        widget=TickBox(),
    )
    federation = FederationFilter()
    start_date = django_filters.DateFromToRangeFilter(
        label="Start between",
        widget=LabelledDateRange(labels=("Start on or after", "Start on or before")),
    )

    class Meta:
        model = Tournament
        fields = ("name", "federation", "category", "system", "status", "start_date")

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)
        actor = getattr(self.request, "actor", None)
        if not (actor and actor.is_arbiter):
            # Meaningless to anyone who arbitrates nothing (a review: the public saw it).
            del self.filters["mine"]

    def filter_mine(self, queryset, name, value):
        """Those the signed-in arbiter is chief or deputy arbiter of (``arbiter_of``); the
        filter is there for arbiters alone."""
        return queryset.filter(arbiter_of(self.request.actor)) if value else queryset


class ApprovalFilter(NarrowingFilterSet):
    tournament = WordsFilter(
        field_name="tournament__name", lookup_expr="icontains", label="Tournament"
    )

    class Meta:
        model = ApprovalRequest
        fields = ("tournament", "status", "kind")

import django_filters

from players.filters import NarrowingFilterSet, SearchFilter
from players.models import Federation
from tournaments.models import ApprovalRequest, Tournament


class TournamentFilter(NarrowingFilterSet):
    name = SearchFilter(lookup_expr="icontains", label="Name")
    federation = django_filters.ModelChoiceFilter(queryset=Federation.objects.all())
    start_date = django_filters.DateFromToRangeFilter(
        label="Start between",
        widget=django_filters.widgets.DateRangeWidget(attrs={"type": "date"}),
    )

    class Meta:
        model = Tournament
        fields = ("name", "federation", "category", "system", "status", "start_date")


class ApprovalFilter(NarrowingFilterSet):
    tournament = SearchFilter(
        field_name="tournament__name", lookup_expr="icontains", label="Tournament"
    )

    class Meta:
        model = ApprovalRequest
        fields = ("tournament", "status", "kind")

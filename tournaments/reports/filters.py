import django_filters

from players.filters import NarrowingFilterSet, SearchFilter
from players.models import Federation
from tournaments.models import TournamentReport


class ReportFilter(NarrowingFilterSet):
    tournament = SearchFilter(
        field_name="tournament__name", lookup_expr="icontains", label="Tournament"
    )
    federation = django_filters.ModelChoiceFilter(
        field_name="tournament__federation", queryset=Federation.objects.all()
    )

    class Meta:
        model = TournamentReport
        fields = ("tournament", "federation", "status")

import django_filters
from django.db.models import QuerySet

from players.filters import NarrowingFilterSet, WordsFilter
from players.models import Federation
from tournaments.models import Tournament, TournamentReport

#: A report approved whose tournament is rated since is told apart from one still waiting.
RATED = "rated"


class ReportFilter(NarrowingFilterSet):
    tournament = WordsFilter(
        field_name="tournament__name", lookup_expr="icontains", label="Tournament"
    )
    federation = django_filters.ModelChoiceFilter(
        field_name="tournament__federation", queryset=Federation.objects.all()
    )

    status = django_filters.ChoiceFilter(
        choices=[*TournamentReport.Status.choices, (RATED, "Rated")], method="status_filter"
    )

    class Meta:
        model = TournamentReport
        fields = ("tournament", "federation", "status")

    def status_filter(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        """ "Approved for rating": still waiting for its list; "Rated": approved, and its
        tournament rated since."""
        approved = queryset.filter(status=TournamentReport.Status.APPROVED)
        if value == RATED:
            return approved.filter(tournament__status=Tournament.Status.RATED)
        if value == TournamentReport.Status.APPROVED:
            return approved.exclude(tournament__status=Tournament.Status.RATED)
        return queryset.filter(status=value)

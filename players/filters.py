import django_filters
from django.db.models import Q

from players.models import Federation, Player


class PlayerFilter(django_filters.FilterSet):
    """Search by name or FIDE ID; filter by federation, title and sex."""

    q = django_filters.CharFilter(method="search", label="Name or FIDE ID")
    federation = django_filters.ModelChoiceFilter(queryset=Federation.objects.all())

    class Meta:
        model = Player
        fields = ("q", "federation", "title", "sex")

    def search(self, queryset, name, value):
        value = value.strip()
        if value.isdigit():
            return queryset.filter(fide_id=int(value))
        return queryset.filter(Q(name__icontains=value))

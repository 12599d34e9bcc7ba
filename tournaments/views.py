"""Pages of tournaments: the list (registration and report pages live beside it)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from audit.selectors import audit_entries_for
from tournaments.filters import TournamentFilter
from tournaments.models import Tournament
from tournaments.tables import TournamentTable

PAGE_SIZE = 50


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Tournaments the visitor may see: searchable, filterable, sortable, paginated."""
    tournaments = Tournament.objects.restrict(request.actor).select_related("federation")
    filtered = TournamentFilter(request.GET, queryset=tournaments)
    table = TournamentTable(filtered.qs)
    RequestConfig(request, paginate={"per_page": PAGE_SIZE}).configure(table)
    return render(request, "tournaments/list.html", {"filter": filtered, "table": table})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's page: registration, status and its history; its arbiters and officers
    also see approvals and reports."""
    tournament = get_object_or_404(
        Tournament.objects.restrict(request.actor).select_related("federation", "chief_arbiter"),
        pk=pk,
    )
    private = Tournament.objects.restrict(request.actor, "view_private").filter(pk=pk).exists()
    context = {
        "tournament": tournament,
        "private": private,
        "rounds": tournament.rounds.all(),
        "deputies": tournament.deputy_arbiters.all(),
        "approvals": tournament.approvals.select_related("decided_by") if private else (),
        "entries": audit_entries_for(tournament) if private else (),
    }
    return render(request, "tournaments/detail.html", context)

"""Pages of the registry."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import RequestConfig

from players.filters import PlayerFilter
from players.models import Player
from players.tables import PlayerTable

PAGE_SIZE = 50


def player_list(request: HttpRequest) -> HttpResponse:
    """The public registry: searchable, filterable, sortable, paginated."""
    players = Player.objects.restrict(request.actor).select_related("federation")
    filtered = PlayerFilter(request.GET, queryset=players)
    table = PlayerTable(filtered.qs)
    RequestConfig(request, paginate={"per_page": PAGE_SIZE}).configure(table)
    return render(request, "players/list.html", {"filter": filtered, "table": table})

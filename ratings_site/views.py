"""Site-wide pages that draw on several apps."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import RequestConfig

from players.selectors import federation_list, player_list
from players.tables import PlayerTable
from tournaments.selectors import tournament_list
from tournaments.tables import TournamentTable

TABLE_PAGE_SIZE = 10


def home(request: HttpRequest) -> HttpResponse:
    """The registry at a glance: counts, then the players and the tournaments."""
    players = player_list()
    tournaments = tournament_list()
    player_table = PlayerTable(players, prefix="players-")
    tournament_table = TournamentTable(tournaments, prefix="tournaments-")
    config = RequestConfig(request, paginate={"per_page": TABLE_PAGE_SIZE})
    config.configure(player_table)
    config.configure(tournament_table)
    context = {
        "federation_count": federation_list().count(),
        "player_table": player_table,
        "tournament_table": tournament_table,
    }
    return render(request, "home.html", context)

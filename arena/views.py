"""The arena's pages: its lists, everybody's (1.4: lists on demand, up to the last
result); a member's games with each one's calculation; the administrators' loading of a
games file."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
)
from django.shortcuts import redirect, render
from django.utils import timezone

from arena.filters import ArenaRatingFilter
from arena.forms import ArenaGamesForm
from arena.models import OnlineCategory
from arena.selectors import (
    arena_first_rated_category,
    arena_games_files,
    arena_last_loaded_at,
    arena_player_games,
    arena_player_list_changes,
    arena_rating_history,
    arena_rating_list,
)
from arena.services import FINDINGS_SHOWN, ArenaGamesRefused, arena_games_load
from arena.tables import ArenaGamesFileTable, ArenaGameSideTable, ArenaRatingTable
from downloads import CSV, csv_chunks, streamed_attachment
from players.access import require_administrator
from players.models import Player
from players.pagination import paginate
from players.views import retired_player_redirect

PAGE_SIZE = 50
FILES_SHOWN = 20
CSV_COLUMNS = ("rank", "fide_id", "name", "federation", "rating", "exact", "games", "k")


def _category(category: str) -> OnlineCategory:
    if category not in OnlineCategory.values:
        raise Http404("No such online category: online-rapid, online-blitz or online-bullet.")
    return OnlineCategory(category)


def arena_index(request: HttpRequest) -> HttpResponse:
    """The first category with a rated member (online rapid where none has one)."""
    first = arena_first_rated_category() or OnlineCategory.ONLINE_RAPID
    return redirect("arena:list", category=first)


def arena_list(request: HttpRequest, category: str) -> HttpResponse:
    """A category's rated members, highest first: searchable by name or FIDE ID and by
    federation, 50 a page, downloadable."""
    chosen = _category(category)
    filtered = ArenaRatingFilter(request.GET, queryset=arena_rating_list(chosen))
    table = ArenaRatingTable(filtered.matching())
    table.empty_text = (
        filtered.empty_text("No rated member matches the search.") or table.empty_text
    )
    paginate(request, table, PAGE_SIZE)
    context = {
        "category": chosen,
        "categories": OnlineCategory.choices,
        "filter": filtered,
        "table": table,
        "download_query": filtered.download_query(),
    }
    return render(request, "arena/list.html", context)


def arena_list_csv(request: HttpRequest, category: str) -> HttpResponse:
    """The list as the page's search and federation chose it, as CSV, streamed."""
    chosen = _category(category)
    filtered = ArenaRatingFilter(request.GET, queryset=arena_rating_list(chosen))
    if refusal := filtered.refusal():
        return HttpResponseBadRequest(
            f"Nothing downloaded: {refusal}", content_type="text/plain; charset=utf-8"
        )
    rows = (
        (
            rank,
            r.player.fide_id,
            r.player.name,
            r.player.federation.code,
            r.displayed,
            r.rating,
            r.games,
            r.k,
        )
        for rank, r in enumerate(filtered.qs.iterator(chunk_size=2000), start=1)
    )
    # Dated as the list stands: as of the last games loaded (1.4), not of the download.
    as_of = timezone.localdate(arena_last_loaded_at() or timezone.now())
    return streamed_attachment(
        csv_chunks(CSV_COLUMNS, rows),
        content_type=CSV,
        filename=filtered.filename(f"{chosen}-{as_of:%Y-%m-%d}", "csv"),
    )


def arena_player(request: HttpRequest, fide_id: int, category: str) -> HttpResponse:
    """A member's games in a category, latest first, each with what it did to his rating
    and the clause that says so; and the over-the-board lists' changes added (3.15)."""
    chosen = _category(category)
    player = (
        Player.objects.restrict(request.actor)
        .select_related("federation")
        .filter(fide_id=fide_id)
        .first()
    )
    if player is None:
        return retired_player_redirect(request, fide_id, "arena:player", category=category)
    rating = player.arena_ratings.filter(category=chosen).first()
    table = ArenaGameSideTable(arena_player_games(player, chosen))
    paginate(request, table, PAGE_SIZE)
    chart = arena_chart_data(arena_rating_history(player, chosen))
    context = {
        "player": player,
        "category": chosen,
        "categories": OnlineCategory.choices,
        "rating": rating,
        "table": table,
        "list_changes": arena_player_list_changes(player, chosen),
        "chart": chart,
        "chart_label": f"{chosen.label} rating of {player.name} after each {chart['per']}",
    }
    return render(request, "arena/player.html", context)


#: Beyond this many games and changes a member's chart draws a point a day, or a month
#: (the games' table below it keeps each one): tens of thousands of bullet games would
#: weigh the page down by megabytes and draw as a smear.
CHART_POINTS_MOST = 1000

Moment = dt.datetime
History = list[tuple[Moment, Decimal | None]]


def arena_chart_data(history: History) -> dict[str, Any]:
    """The online rating chart's data (static/js/arena-chart.js): one point per game and
    per list's change, x the moment in UTC, y the rating to two decimals (3.1); a null
    rating (none yet, or lost under the floor) leaves a gap. Empty when he never had one.
    ``per``: "game", or "day" / "month" when there were too many to draw each."""
    if all(rating is None for _, rating in history):
        return {"points": [], "per": "game"}
    per = "game"
    for span, day_of in (("day", _day), ("month", _month)):
        if len(history) <= CHART_POINTS_MOST:
            break
        history, per = _last_of_each(history, day_of), span
    points = [
        {"x": moment.isoformat(), "y": None if rating is None else float(rating)}
        for moment, rating in history
    ]
    return {"points": points, "per": per}


def _day(moment: Moment) -> dt.date:
    return moment.astimezone(dt.UTC).date()


def _month(moment: Moment) -> dt.date:
    return _day(moment).replace(day=1)


def _last_of_each(history: History, span_of: Callable[[Moment], dt.date]) -> History:
    """The rating as it stood after the last game or change of each span (UTC), drawn at
    that last moment; the history is in the order things happened."""
    last: dict[dt.date, tuple[Moment, Decimal | None]] = {}
    for point in history:
        last[span_of(point[0])] = point
    return list(last.values())


def arena_load(request: HttpRequest) -> HttpResponse:
    """Administrators load a games file of the arena: rated at once, game by game, or
    refused whole with every reason and its line."""
    require_administrator(request.actor, "Only an administrator loads the arena's games.")
    form = ArenaGamesForm(request.POST if request.method == "POST" else None, request.FILES or None)
    findings: tuple = ()
    more = 0
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            load = arena_games_load(data=upload.read(), name=upload.name, actor=request.actor)
        except ArenaGamesRefused as refused:
            findings = refused.findings[:FINDINGS_SHOWN]
            more = len(refused.findings) - len(findings)
        else:
            counts = ", ".join(f"{n} {c}" for c, n in sorted(load.by_category.items()))
            messages.success(
                request,
                f"{upload.name}: {load.games} games rated ({counts}); "
                f"{load.first_ratings} first ratings.",
            )
            return redirect("arena:load")
    table = ArenaGamesFileTable(arena_games_files()[:FILES_SHOWN])
    context = {"form": form, "findings": findings, "more": more, "table": table}
    # Refused, by the form or by the rating: a 400, whichever refused it.
    return render(
        request, "arena/load.html", context, status=400 if form.errors or findings else 200
    )

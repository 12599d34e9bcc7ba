"""Pages of the registry."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from audit.selectors import audit_entries_for
from players.access import Actor, require, require_administrator
from players.filters import SEARCH_MAX_LENGTH, PlayerFilter
from players.forms import (
    DuplicateRemoveForm,
    PlayerEditForm,
    PlayerImportForm,
    PlayerRegisterForm,
)
from players.models import Federation, Player, RatingCategory
from players.pagination import paginate
from players.retired import kept_in_place_of
from players.selectors import (
    DUPLICATE_GROUPS_SHOWN,
    CategoryRecord,
    federations_of_officer,
    player_duplicate_groups,
    player_import_list,
    player_likely_duplicates,
    player_rating_records,
    with_current_ratings,
)
from players.services import (
    federation_correctable,
    import_progress_percent,
    player_duplicate_remove,
    player_import_queue,
    player_import_start,
    player_register,
    player_update,
)
from players.tables import PlayerImportTable, PlayerTable, RatingHistoryTable

PAGE_SIZE = 50
IMPORTS_SHOWN = 20


def retired_player_redirect(
    request: HttpRequest, fide_id: int, to: str = "players:detail", **kwargs: Any
) -> HttpResponse:
    """A FIDE ID removed as a duplicate leads to the record kept in its place, followed
    through later removals to one that exists (once, whatever the chain): on ``to``, a page
    of a player by his ``fide_id`` (and ``kwargs``), his calculations and online games
    too (a review found those pages 404 for a retired ID); any other unknown ID is a page
    not found."""
    kept = kept_in_place_of([fide_id], Player.objects.restrict(request.actor)).get(fide_id)
    if kept is None:
        raise Http404(f"No player with FIDE ID {fide_id} is in the registry.")
    messages.info(
        request,
        f"FIDE ID {fide_id} was removed as a duplicate: this is the record kept in its place.",
    )
    return redirect(to, fide_id=kept, **kwargs)


def player_list(request: HttpRequest) -> HttpResponse:
    """The public registry: searchable, filterable, sortable, paginated."""
    filtered, table = searched_player_table(
        request,
        Player.objects.restrict(request.actor),
        nothing_found="No player in the registry matches the search.",
    )
    return render(request, "players/list.html", {"filter": filtered, "table": table})


def searched_player_table(
    request: HttpRequest,
    players: QuerySet[Player],
    *,
    nothing_found: str,
    empty: str | None = None,
    exclude: tuple[str, ...] = (),
) -> tuple[PlayerFilter, PlayerTable]:
    """Players searched and filtered as the registry's page does, in a table of its pages:
    ``nothing_found`` where a search or filter found none, ``empty`` where there are none."""
    shown = [c for c in RatingCategory.values if f"{c}_rating" not in exclude]
    filtered = PlayerFilter(
        request.GET, queryset=with_current_ratings(players, shown).select_related("federation")
    )
    table = PlayerTable(
        filtered.matching(), searched=bool(filtered.form["q"].value()), exclude=exclude
    )
    table.empty_text = filtered.empty_text(nothing_found) or empty or table.empty_text
    paginate(request, table, PAGE_SIZE)
    return filtered, table


#: A category's history on a player's page, a page at a time: a player rated since 2000
#: in three categories has over 600 lists (a review: 1 s a view).
HISTORY_PAGE_SIZE = 24


def player_detail(request: HttpRequest, fide_id: int) -> HttpResponse:
    """A player's page: public; his federation's officers also see his history of edits."""
    actor = request.actor
    player = Player.objects.restrict(actor).select_related("federation").filter(fide_id=fide_id)
    player = player.first()
    if player is None:
        return retired_player_redirect(request, fide_id)
    can_edit = Player.objects.restrict(actor, "edit").filter(pk=player.pk).exists()
    records = [
        (record, RatingHistoryTable(record.history, prefix=f"{record.category}-"))
        for record in player_rating_records(player)
    ]
    for _record, table in records:  # the chart draws them all
        paginate(request, table, HISTORY_PAGE_SIZE)
    context = {
        "player": player,
        "records": records,
        "chart": rating_chart_data(record for record, _ in records),
        "chart_label": f"Rating history of {player.name}: one line per category",
        "can_edit": can_edit,
        "entries": audit_entries_for(player) if can_edit else (),
    }
    return render(request, "players/detail.html", context)


def rating_chart_data(records: Iterable[CategoryRecord]) -> dict[str, Any]:
    """The rating history chart's data (static/js/rating-chart.js): per category its
    points in list order; a null rating (delisted, interpretation 9) leaves a gap in the
    line."""
    datasets = [
        {
            "category": record.category,
            "label": record.label,
            "points": [
                {"x": row.list_date.isoformat(), "y": row.rating}
                for row in sorted(record.history, key=lambda row: row.list_date)
            ],
        }
        for record in records
        if record.history
    ]
    return {"datasets": datasets}


def player_edit(request: HttpRequest, fide_id: int) -> HttpResponse:
    actor = request.actor
    player = get_object_or_404(Player.objects.restrict(actor), fide_id=fide_id)
    require(
        actor,
        "edit",
        player,
        "Only the rating officer of the player's federation edits the record.",
    )
    form = PlayerEditForm(
        request.POST if request.method == "POST" else None,
        instance=Player.objects.get(pk=player.pk),
        federations=Federation.objects.all() if federation_correctable(actor, player) else None,
    )
    if request.method == "POST" and form.is_valid():
        try:
            player_update(
                actor=actor,
                player=player,
                fields=form.changed_fields(),
                reason=form.cleaned_data["reason"],
                seen=form.seen_values(),
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            # As the tournament's correction form says it, rather than "changes saved".
            said = "changes saved" if form.record_changed() else "nothing changed"
            messages.success(request, f"{player.name}: {said}.")
            return redirect("players:detail", fide_id=player.fide_id)
    return render(request, "players/edit.html", {"player": player, "form": form})


def player_register_page(request: HttpRequest) -> HttpResponse:
    """Register a new player; likely duplicates are shown before anything is saved."""
    actor = request.actor
    _require_officer(actor)
    form = PlayerRegisterForm(
        request.POST if request.method == "POST" else None,
        federations=federations_of_officer(actor),
    )
    duplicates: list[Player] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        duplicates = list(
            player_likely_duplicates(
                name=data["name"], birth_year=data["birth_year"], federation=data["federation"]
            )
        )
        if not duplicates or data["confirm"]:
            try:
                player = player_register(
                    actor=actor,
                    **{name: value for name, value in data.items() if name != "confirm"},
                )
            except ValidationError as error:  # e.g. the range of new FIDE IDs is used up
                form.add_error(None, error)
            else:
                messages.success(
                    request, f"{player.name} registered with FIDE ID {player.fide_id}."
                )
                return redirect("players:detail", fide_id=player.fide_id)
    return render(request, "players/register.html", {"form": form, "duplicates": duplicates})


def player_duplicates(request: HttpRequest) -> HttpResponse:
    """Likely duplicate records in the officer's federations (administrators: all)."""
    _require_officer(request.actor)
    search = request.GET.get("q", "")[:SEARCH_MAX_LENGTH]
    found = player_duplicate_groups(actor=request.actor, search=search)
    return render(
        request,
        "players/duplicates.html",
        {
            "groups": found.groups,
            "names": found.names,
            "shown": DUPLICATE_GROUPS_SHOWN,
            "search": search,
        },
    )


@require_POST
def player_duplicate_remove_page(request: HttpRequest) -> HttpResponse:
    """Remove a record of a likely duplicate, its report lines moving to the one kept."""
    _require_officer(request.actor)
    form = DuplicateRemoveForm(request.POST)
    if not form.is_valid():
        problems = " ".join(error for errors in form.errors.values() for error in errors)
        messages.error(request, f"Nothing removed: {problems}")
        return redirect("players:duplicates")
    editable = Player.objects.restrict(request.actor, "edit")
    chosen = {form.cleaned_data["duplicate"], form.cleaned_data["kept"]}
    if missing := chosen - set(
        editable.filter(fide_id__in=chosen).values_list("fide_id", flat=True)
    ):
        if Player.objects.filter(fide_id__in=missing).exists():
            # Forbidden, and said so (a review: a bare "not found").
            raise PermissionDenied("Only the players' federations' rating officers remove one.")
        named = ", ".join(f"FIDE ID {fide_id}" for fide_id in sorted(missing))
        messages.error(request, f"Nothing removed: {named} is in the registry no more.")
        return redirect("players:duplicates")
    duplicate = editable.get(fide_id=form.cleaned_data["duplicate"])
    kept = editable.get(fide_id=form.cleaned_data["kept"])
    try:
        moved = player_duplicate_remove(
            actor=request.actor, duplicate=duplicate, kept=kept, reason=form.cleaned_data["reason"]
        )
    except ValidationError as error:
        messages.error(request, f"Nothing removed: {' '.join(error.messages)}")
    else:
        messages.success(request, _removed_message(duplicate, kept, moved))
    return redirect("players:duplicates")


def _removed_message(duplicate: Player, kept: Player, moved: int) -> str:
    kept_named = f"{kept.name} (FIDE ID {kept.fide_id})"
    if moved == 0:
        return f"FIDE ID {duplicate.fide_id} is removed; {kept_named} is kept."
    lines = "its report line now names" if moved == 1 else f"its {moved} report lines now name"
    return f"FIDE ID {duplicate.fide_id} is removed; {lines} {kept_named}."


def player_import(request: HttpRequest) -> HttpResponse:
    """Administrators upload a FIDE list; it is kept as received and imported by a worker."""
    actor = request.actor
    require_administrator(actor, "Only an administrator imports FIDE lists.")
    form = PlayerImportForm(
        request.POST if request.method == "POST" else None, request.FILES or None
    )
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            queued = player_import_queue(
                actor=actor,
                upload=form.cleaned_data["file"],
                list_format=form.cleaned_data["format"],
                category=form.cleaned_data["category"],
                as_of=form.cleaned_data["as_of"],
            )
            transaction.on_commit(partial(player_import_start, queued))
        return redirect("players:import_detail", pk=queued.pk)
    # A page at a time, the older ones after (a review: the 20 latest, and no way further).
    table = PlayerImportTable(player_import_list(actor=actor))
    paginate(request, table, IMPORTS_SHOWN)
    return render(request, "players/import.html", {"form": form, "table": table})


def player_import_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """An import's summary; the page refreshes itself while the import runs."""
    require_administrator(request.actor, "Only an administrator sees list imports.")
    player_import = get_object_or_404(player_import_list(actor=request.actor), pk=pk)
    context = {"import": player_import, "percent": import_progress_percent(player_import)}
    return render(request, "players/import_detail.html", context)


def _require_officer(actor: Actor) -> None:
    if not (actor.is_officer or actor.is_administrator):
        raise PermissionDenied("Only rating officers and administrators may do this.")

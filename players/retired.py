"""FIDE IDs removed as duplicates, and the records kept in their place."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from players.models import Player, RetiredFideId


def kept_in_place_of(
    fide_ids: Iterable[int], players: QuerySet[Player] | None = None
) -> dict[int, int]:
    """For each of ``fide_ids`` removed as a duplicate (``RetiredFideId``) and not itself a
    record of ``players`` (default: the registry), the FIDE ID of the record kept in its
    place, followed through later removals to one of ``players`` that exists, once,
    whatever the chain; IDs without one are left out. Two queries a step along the
    chains, whatever the number of IDs."""
    players = Player.objects.all() if players is None else players
    existing = set(players.filter(fide_id__in=set(fide_ids)).values_list("fide_id", flat=True))
    # Each ID still to place -> the ID its chain has reached, and the IDs seen on the way.
    reached = {fide_id: fide_id for fide_id in set(fide_ids) - existing}
    seen = {fide_id: {fide_id} for fide_id in reached}
    found: dict[int, int] = {}
    while reached:
        steps = dict(
            RetiredFideId.objects.filter(
                fide_id__in=set(reached.values()), kept_fide_id__isnull=False
            ).values_list("fide_id", "kept_fide_id")
        )
        landed = set(
            players.filter(fide_id__in=set(steps.values())).values_list("fide_id", flat=True)
        )
        going = {}
        for fide_id, current in reached.items():
            following = steps.get(current)
            if following is None or following in seen[fide_id]:
                continue  # no record kept, or a chain going round
            if following in landed:
                found[fide_id] = following
            else:
                seen[fide_id].add(following)
                going[fide_id] = following
        reached = going
    return found

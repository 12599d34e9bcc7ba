"""A publication outside a transaction (a worker's) writes and indexes its list on a
connection of its own, from what the publication's transaction saw before it wrote the
states, while that transaction writes them (DESIGN-notes 104). The list must still be the
one the new states give, and a publication that fails must leave no list behind."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection

from lists.models import ListEntry, PeriodResult
from lists.services import period_publish
from players.access import Actor
from players.models import RatingState
from tests.lists.conftest import APRIL

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a second connection"),
    pytest.mark.django_db(transaction=True),
]
ADMIN = Actor(is_administrator=True)


def _world(w):
    """Rated players who play (one of them a woman, one falling below the floor), one who
    adopts his standard rating, and an idle one with no K known who turns inactive."""
    a, b = w.player("A", 1800), w.player("B", 1700, sex="F")
    low, newcomer = w.player("Low", 1402, games=10), w.player("Newcomer", standard=1650)
    idle = w.player("Idle", 1900)
    RatingState.objects.filter(player=idle).update(last_played=dt.date(2023, 1, 1))
    w.tournament([(a, b, 1), (low, b, 0), (newcomer, a, 0.5), (low, a, 0)])
    return idle


def _table_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [name])
        return bool(cursor.fetchone()[0])


def test_the_list_written_beside_is_the_one_the_new_states_give(
    period_world, compute, django_capture_on_commit_callbacks
):
    idle = _world(period_world)
    period = compute("rapid", APRIL)
    period_publish(period=period, actor=ADMIN)

    states = {
        s.player_id: s
        for s in RatingState.objects.filter(category="rapid", status="rated").exclude(rating=None)
    }
    entries = {e.player_id: e for e in ListEntry.objects.filter(period=period)}
    assert set(entries) == set(states)
    assert period_world.players["Low"].pk not in entries  # below 1400: delisted
    assert period_world.players["Newcomer"].pk in entries  # adopted: a state of his own now
    results = dict(
        PeriodResult.objects.filter(
            period=period, run=period.computed_run, kind="rated"
        ).values_list("player_id", "change_rounded")
    )
    for player, entry in entries.items():
        state = states[player]
        assert (entry.rating, entry.games, entry.k, entry.active) == (
            state.rating, state.period_games, state.k, state.active,
        )  # fmt: skip
        sex = "w" if entry.sex == "F" else ""
        assert entry.flag == sex + ("" if state.active else "i")
        expected_change = None if player == period_world.players["Newcomer"].pk else 0
        assert entry.change == results.get(player, expected_change)
    # The idle player's K, worked out by the publication, is on the list as in his state.
    assert entries[idle.pk].k is not None and entries[idle.pk].flag == "i"
    # The ids are one block, and the sequence goes on past it.
    ids = sorted(e.id for e in entries.values())
    assert ids == list(range(ids[0], ids[0] + len(ids)))
    other = ListEntry.objects.order_by("-id").first()
    assert other is not None and other.id == ids[-1]


def test_a_publication_that_fails_after_its_list_was_written_leaves_no_list(
    period_world, compute, django_capture_on_commit_callbacks
):
    """The list's table was committed by the other connection; the publication's failure
    drops it, writes no state, and a second publication goes through."""
    _world(period_world)
    period = compute("rapid", APRIL)
    before = dict(RatingState.objects.filter(category="rapid").values_list("player_id", "rating"))

    def attach_fails(execute, sql, params, many, context):
        if sql.startswith("ALTER TABLE lists_listentry ATTACH"):
            raise RuntimeError("the server went away")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(attach_fails), pytest.raises(RuntimeError):
        period_publish(period=period, actor=ADMIN)
    period.refresh_from_db()
    assert period.status == "computed"
    assert not _table_exists(f"lists_listentry_{period.pk}")
    assert not ListEntry.objects.filter(period=period).exists()
    after = dict(RatingState.objects.filter(category="rapid").values_list("player_id", "rating"))
    assert after == before

    publication = period_publish(period=period, actor=ADMIN)
    assert publication.entries == ListEntry.objects.filter(period=period).count() > 0

"""A publication outside a transaction (a worker's) writes and indexes its list on a
connection of its own, from what the publication's transaction saw before it wrote the
states, while that transaction writes them (DESIGN-notes 104). The list must still be the
one the new states give, and a publication that fails must leave no list behind."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from lists.models import ListEntry, PeriodResult
from lists.services import period_publish
from players.access import Actor
from players.history_partitions import table_exists
from players.models import RatingHistory, RatingState
from tests.lists.conftest import APRIL
from tests.threads import holding, in_thread

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


def _main_statements() -> tuple[list[str], object]:
    """The statements the publication's own connection runs, and the wrapper recording
    them."""
    statements: list[str] = []

    def record(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    return statements, record


def test_the_list_written_beside_is_the_one_the_new_states_give(
    period_world, compute, django_capture_on_commit_callbacks
):
    idle = _world(period_world)
    period = compute("rapid", APRIL)
    statements, record = _main_statements()
    with connection.execute_wrapper(record):
        period_publish(period=period, actor=ADMIN)
    # Written on the other connection: the publication's own only attaches it.
    assert not any("INSERT INTO lists_listentry" in sql for sql in statements)
    assert any("ATTACH PARTITION" in sql for sql in statements)

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
    # The idle player's K, worked out by the publication (none was known), is on the list
    # as in his state: 20, neither new, junior nor 2400 (R&B 2024 7.3.3).
    assert (entries[idle.pk].k, entries[idle.pk].flag) == (20, "i")
    # The ids are one block, and the sequence goes on past it.
    ids = sorted(e.id for e in entries.values())
    assert ids == list(range(ids[0], ids[0] + len(ids)))
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence('lists_listentry', 'id'))")
        assert cursor.fetchone()[0] == ids[-1] + 1
    assert table_exists(f"lists_listentry_{period.pk}")
    assert not table_exists(f"lists_listentry_{period.pk}_written")


@pytest.mark.parametrize(
    "failing",
    [
        # While the other connection still writes the list (a review: it was left behind,
        # written and indexed, when the publication failed before waiting for it).
        "INSERT INTO players_ratinghistory",
        'UPDATE "tournaments_tournament"',
        # Once it has written it.
        "ALTER TABLE lists_listentry ATTACH",
    ],
)
def test_a_publication_that_fails_leaves_no_list(
    period_world, compute, django_capture_on_commit_callbacks, failing
):
    """Whenever the publication fails, the list the other connection wrote is dropped, no
    state is written, and a second publication goes through."""
    _world(period_world)
    period = compute("rapid", APRIL)
    before = dict(RatingState.objects.filter(category="rapid").values_list("player_id", "rating"))

    def fails(execute, sql, params, many, context):
        if failing in sql:
            raise RuntimeError("the server went away")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fails), pytest.raises(RuntimeError):
        period_publish(period=period, actor=ADMIN)
    period.refresh_from_db()
    assert period.status == "computed"
    for table in (f"lists_listentry_{period.pk}", f"lists_listentry_{period.pk}_written"):
        assert not table_exists(table)
    assert not ListEntry.objects.filter(period=period).exists()
    after = dict(RatingState.objects.filter(category="rapid").values_list("player_id", "rating"))
    assert after == before

    publication = period_publish(period=period, actor=ADMIN)
    assert publication.entries == ListEntry.objects.filter(period=period).count() > 0


def test_an_empty_partition_left_for_the_period_is_replaced(
    period_world, compute, django_capture_on_commit_callbacks
):
    """A database that shared the ids (or entries removed by hand) left the period an empty
    partition of the list entries. The publication replaces it; dropped on the other
    connection, it had waited for the lock this one holds, and both for ever (a review)."""
    _world(period_world)
    period = compute("rapid", APRIL)
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE lists_listentry_{period.pk} PARTITION OF lists_listentry "
            f"FOR VALUES IN ({period.pk})"
        )
    errors: list[Exception] = []
    publishing = in_thread(lambda: period_publish(period=period, actor=ADMIN), errors)
    publishing.join(timeout=60)
    if publishing.is_alive():  # end the waits, or the test database's teardown waits too
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        pytest.fail("the publication hangs")
    assert errors == []
    period.refresh_from_db()
    assert period.entries_count == ListEntry.objects.filter(period=period).count() > 0


def test_a_state_written_during_the_publication_waits_for_it(
    period_world, compute, django_capture_on_commit_callbacks
):
    """The list is read as the states were when the publication began: anyone writing a
    state meanwhile (a FIDE list import takes no list's lock) waits until the publication
    has committed, so that the list and the states tell one story (a review: the write
    reached the states and not the list)."""
    idle = _world(period_world)
    period = compute("rapid", APRIL)
    held, released, written = threading.Event(), threading.Event(), threading.Event()
    errors: list[Exception] = []

    def publish() -> None:
        # Held after the list's connection took its snapshot, before a state is written.
        states_written = holding("rating = r.new_rating", held, lambda: released.wait(timeout=10))
        with connection.execute_wrapper(states_written):
            period_publish(period=period, actor=ADMIN)

    def import_writes() -> None:
        RatingState.objects.filter(player=idle, category="rapid").update(rating=2000)
        written.set()

    publishing = in_thread(publish, errors)
    assert held.wait(timeout=30)
    importing = in_thread(import_writes, errors)
    assert not written.wait(timeout=1)  # it waits for the publication
    released.set()
    publishing.join(timeout=60)
    importing.join(timeout=60)
    assert errors == [] and written.is_set()
    # The list and the history of the list date agree; the write came after both.
    assert ListEntry.objects.get(period=period, player=idle).rating == 1900
    history = RatingHistory.objects.get(player=idle, category="rapid", list_date=APRIL)
    assert history.rating == 1900
    assert RatingState.objects.get(player=idle, category="rapid").rating == 2000

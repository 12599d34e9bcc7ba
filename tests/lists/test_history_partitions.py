"""On PostgreSQL the rating history is partitioned by list date (``players.history_partitions``,
DESIGN-notes 117): each list's rows in a partition of their own, so that writing a list
walks indexes of that list alone. Whoever writes a list's history, and in whatever order,
a player's history reads as it did: every list, each once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection

from lists.services import period_publish
from players.access import Actor
from players.history_partitions import (
    DEFAULT_PARTITION,
    history_partition,
    history_partition_ensure,
)
from players.models import RatingHistory
from players.services import player_import_file
from tests.lists.conftest import APRIL, MARCH
from tests.players.conftest import DATA, FEBRUARY
from tests.players.conftest import MARCH as IMPORT_MARCH

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's partitions")


def tables_holding(list_date: dt.date) -> set[str]:
    """The tables the history rows of ``list_date`` are stored in."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT tableoid::regclass::text FROM players_ratinghistory "
            "WHERE list_date = %s",
            [list_date],
        )
        return {table for (table,) in cursor.fetchall()}


def test_an_import_writes_its_list_into_the_partition_of_its_date(db):
    for as_of in (FEBRUARY, IMPORT_MARCH):
        player_import_file(
            actor=Actor(is_administrator=True),
            path=DATA / "players_list_foa.txt",
            list_format="",
            as_of=as_of,
            actor_label="import_players",
        )
    assert tables_holding(FEBRUARY) == {history_partition(FEBRUARY)}
    assert tables_holding(IMPORT_MARCH) == {history_partition(IMPORT_MARCH)}
    carlsen = RatingHistory.objects.filter(player__fide_id=1503014, category="standard")
    assert list(carlsen.values_list("list_date", "rating")) == [
        (IMPORT_MARCH, 2833),
        (FEBRUARY, 2833),
    ]


def test_rows_written_before_their_partition_existed_move_into_it(period_world):
    """Rows written through the ORM for a list date without a partition wait in the
    default one; making the partition moves them, and a publication of that date could
    not be attached beside them otherwise."""
    player = period_world.player("A", 1800, list_date=MARCH)
    assert tables_holding(MARCH) == {DEFAULT_PARTITION}
    history_partition_ensure(MARCH)
    history_partition_ensure(MARCH)  # made once
    assert tables_holding(MARCH) == {history_partition(MARCH)}
    assert list(player.rating_history.values_list("list_date", "rating")) == [(MARCH, 1800)]


def test_a_publication_writes_its_list_into_the_partition_of_its_date(period_world, compute):
    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(a, b, 1), (a, b, 1)])
    period_publish(period=compute("rapid", APRIL), actor=Actor(is_administrator=True))
    assert tables_holding(APRIL) == {history_partition(APRIL)}
    history = RatingHistory.objects.filter(player=a).values_list("list_date", "games")
    assert list(history) == [(APRIL, 2), (MARCH, 0)]

"""Two administrators publishing two lists at the same moment (PostgreSQL): the second
publication waits for the first, and both lists are published."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from lists.models import ListEntry, RatingPeriod
from lists.services import period_publish
from players.access import Actor
from tests.lists.conftest import APRIL

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's locks"),
    pytest.mark.django_db(transaction=True),
]
ADMIN = Actor(is_administrator=True)


def test_two_publications_at_once_queue_rather_than_deadlock(
    period_world, compute, django_capture_on_commit_callbacks
):
    """The first is held while it writes its list, and the second starts meanwhile. Were
    the second to read the list entries before the first attached its list, each would
    wait for the other (PostgreSQL would end one with a deadlock)."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    blitz = [
        w.player(name, rating, category="blitz") for name, rating in (("C", 1800), ("D", 1700))
    ]
    w.tournament([(blitz[0], blitz[1], 1)], category="blitz")
    periods = [compute("rapid", APRIL), compute("blitz", APRIL)]
    writing, second_started = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def held_while_writing(execute, sql, params, many, context):
        if sql.startswith("INSERT INTO lists_listentry_") and not writing.is_set():
            writing.set()
            second_started.wait(timeout=10)
            time.sleep(0.5)  # the second goes as far as it can meanwhile
        return execute(sql, params, many, context)

    def publish(period: RatingPeriod, held: bool) -> None:
        try:
            if held:
                with connection.execute_wrapper(held_while_writing):
                    period_publish(period=period, actor=ADMIN)
            else:
                second_started.set()
                period_publish(period=period, actor=ADMIN)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    first = threading.Thread(target=publish, args=(periods[0], True))
    first.start()
    assert writing.wait(timeout=30)
    second = threading.Thread(target=publish, args=(periods[1], False))
    second.start()
    first.join(timeout=60)
    second.join(timeout=60)
    assert errors == []
    for period in periods:
        period.refresh_from_db()
        assert period.status == "published"
        assert ListEntry.objects.filter(period=period).count() == 2

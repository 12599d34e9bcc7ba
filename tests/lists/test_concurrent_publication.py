"""Publication and what happens at the same moment (PostgreSQL): a second publication
waits for the first; a player deleted meanwhile is deleted with all that refers to him or
not at all."""

from __future__ import annotations

import datetime as dt
import threading
import time

import pytest
from django.db import connection, transaction
from django.db.models import ProtectedError

from lists.models import ListEntry, RatingPeriod
from lists.selectors import computed_results
from lists.services import (
    period_close,
    period_compute_request,
    period_get_or_create,
    period_publish,
    publication_refusal,
)
from players.access import Actor
from players.models import Player, RatingHistory, RatingState
from tests.lists.conftest import APRIL, MAY
from tests.threads import holding, in_thread

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's locks"),
    pytest.mark.django_db(transaction=True),
]
ADMIN = Actor(is_administrator=True)
#: The statement a publication is held at while it writes (the history).
HISTORY_WRITTEN = "INSERT INTO players_ratinghistory"


def test_two_publications_at_once_queue_rather_than_deadlock(
    period_world, compute, django_capture_on_commit_callbacks
):
    """The first is held while it writes (its history, its list being written beside),
    and the second starts meanwhile. Were the second to read the list entries before the
    first attached its list, each would wait for the other (PostgreSQL would end one with
    a deadlock)."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    blitz = [
        w.player(name, rating, category="blitz") for name, rating in (("C", 1800), ("D", 1700))
    ]
    w.tournament([(blitz[0], blitz[1], 1)], category="blitz")
    periods = [compute("rapid", APRIL), compute("blitz", APRIL)]
    writing, second_started = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def second_meanwhile() -> None:
        second_started.wait(timeout=10)
        time.sleep(0.5)  # the second goes as far as it can meanwhile

    def publish_held() -> None:
        with connection.execute_wrapper(holding(HISTORY_WRITTEN, writing, second_meanwhile)):
            period_publish(period=periods[0], actor=ADMIN)

    def publish_second() -> None:
        second_started.set()
        period_publish(period=periods[1], actor=ADMIN)

    first = in_thread(publish_held, errors)
    assert writing.wait(timeout=30)
    second = in_thread(publish_second, errors)
    first.join(timeout=60)
    second.join(timeout=60)
    assert errors == []
    for period in periods:
        period.refresh_from_db()
        assert period.status == "published"
        assert ListEntry.objects.filter(period=period).count() == 2


def test_a_player_deleted_while_a_list_is_published_is_kept_if_the_list_names_him(
    period_world,
):
    """Publication writes history and list entries, which refer to players without a
    constraint in the database (DESIGN-notes 56). Deleting a player waits until it has
    committed, then finds him on the list and refuses; nothing points at nobody."""
    player = period_world.player("Newcomer")
    period = period_get_or_create(category="rapid", list_date=APRIL)
    written, deleting = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def publication() -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("LOCK TABLE lists_listentry IN SHARE ROW EXCLUSIVE MODE")
            RatingHistory.objects.create(
                player=player, category="rapid", list_date=APRIL, rating=1650
            )
            ListEntry.objects.create(
                period=period, player=player, fide_id=player.fide_id, name=player.name,
                federation="NOR", sex="M", rating=1650,
            )  # fmt: skip
            written.set()
            deleting.wait(timeout=10)
            time.sleep(0.5)  # the deletion is waiting by now

    writer = in_thread(publication, errors)
    assert written.wait(timeout=30)
    deleting.set()
    with pytest.raises(ProtectedError):
        player.delete()
    writer.join(timeout=30)
    assert errors == []
    assert Player.objects.filter(pk=player.pk).exists()
    assert RatingHistory.objects.filter(player_id=player.pk).count() == 1


def test_a_report_approved_while_its_list_is_published_goes_to_the_next_list(
    period_world, compute, django_capture_on_commit_callbacks
):
    """Interpretation 8: a report approved while April's list is being published waits
    for the publication, then finds the list out and goes to May's. Without waiting it
    would read the list as not out yet and be fixed to a list already published: never
    rated."""
    from django.core.files.base import ContentFile

    from tests import factories
    from tests.tournaments.reports.trf_builder import player_line, trf
    from tournaments.models import PlayerMatch, Tournament, TournamentReport
    from tournaments.reports.services import report_approve

    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(a, b, 1)])
    period = compute("rapid", APRIL)
    late = factories.TournamentFactory(
        federation=w.federation, category="rapid", status=Tournament.Status.CHECKED,
        start_date=dt.date(2025, 3, 19), end_date=dt.date(2025, 3, 20), number_of_rounds=1,
    )  # fmt: skip
    lines = [
        player_line(1, "A", points="1.0", rounds=("   2 w 1",)),
        player_line(2, "B", points="0.0", rounds=("   1 b 0",)),
    ]
    report = factories.TournamentReportFactory(
        tournament=late, status=TournamentReport.Status.CHECKED,
        file=ContentFile(trf(lines, start="2025/03/19", end="2025/03/20", dates=("25/03/19",)),
                         name="late.trf"),
    )  # fmt: skip
    for rank, player in ((1, a), (2, b)):
        PlayerMatch.objects.create(
            report=report, start_rank=rank, trf_name=player.name, player=player, status="matched"
        )
    writing, release = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def publish() -> None:
        held = holding(HISTORY_WRITTEN, writing, lambda: release.wait(timeout=10))
        with connection.execute_wrapper(held):
            period_publish(period=period, actor=ADMIN)

    publication = in_thread(publish, errors)
    assert writing.wait(timeout=30)
    approval = in_thread(
        lambda: report_approve(actor=ADMIN, report=report, approved_on=dt.date(2025, 3, 21)),
        errors,
    )
    approval.join(timeout=1)
    assert approval.is_alive()  # waiting for the publication
    release.set()
    publication.join(timeout=60)
    approval.join(timeout=60)
    assert errors == []
    late.refresh_from_db()
    assert (late.status, late.list_date) == ("ready", dt.date(2025, 5, 1))


def test_a_computation_claimed_while_the_list_before_is_committed_waits_for_it(
    period_world, compute
):
    """Interpretation 4: May's list starts from April's states. April rated nothing, so
    May may be claimed while April is being published; claimed after April's publication
    set its ``published_at`` (held here at its last audit entry) and before its commit, the
    run would read the states as they were before April and nothing would show it
    (``computed_before_their_start`` compares the publication with the claim). The run
    waits for the publication to commit, then reads April's states and can be published."""
    w = period_world
    anna, cy = w.player("Anna", 1800), w.player("Cy", 1350)
    w.tournament([(cy, anna, 1)], start=dt.date(2025, 4, 5), end=dt.date(2025, 4, 6), list_date=MAY)
    april = compute("rapid", APRIL)  # nothing to rate: it lists the players as they were
    may = period_get_or_create(category="rapid", list_date=MAY)
    period_close(period=may)
    may.refresh_from_db()
    committing, release = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def publish() -> None:
        held = holding('INSERT INTO "audit_auditentry"', committing, lambda: release.wait(10))
        with connection.execute_wrapper(held):
            period_publish(period=april, actor=ADMIN)

    publication = in_thread(publish, errors)
    assert committing.wait(timeout=30)
    computation = in_thread(lambda: period_compute_request(period=may, actor=ADMIN), errors)
    computation.join(timeout=2)
    assert computation.is_alive()  # waiting for April's publication to commit
    release.set()
    publication.join(timeout=60)
    computation.join(timeout=60)
    assert errors == []
    may.refresh_from_db()
    assert [p.status for p in RatingPeriod.objects.order_by("list_date")] == [
        "published",
        "computed",
    ]
    assert publication_refusal(may, MAY) is None
    # April left Cy off its list below the floor of 1400 (R&B 2024 6.2.1): May rates him
    # as unrated (interpretation 9), his one game pending, and Anna's game against him is
    # not rated (interpretation 6). Read before April's commit, he was still rated at 1350.
    assert RatingState.objects.get(player=cy).status == "delisted"
    assert {r.player.name: r.kind for r in computed_results(may)} == {"Cy": "pending"}

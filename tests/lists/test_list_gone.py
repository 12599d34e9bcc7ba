"""A tournament approved for a list that can come out no more, because FIDE's list of that
date or a later one was imported after the approval (lists go out in order, DESIGN.md
interpretation 4): every later list of the category waits for it
(``lists.services.earlier_list_waiting``), and its rating officer moves it to the list a
report approved today would have (interpretation 8), on its page. A review found only the
admin's list-date field for it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from audit.models import AuditEntry
from lists.services import earlier_list_waiting, period_get_or_create
from players.models import RatingHistory
from tests import factories
from tests.lists.conftest import MAY
from tournaments.models import Tournament

JUNE = dt.date(2025, 6, 1)


@pytest.fixture
def gone(period_world):
    """April's tournament (ended 12 March 2025), approved; FIDE's May list then imported."""
    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    tournament = w.tournament([(a, b, 1)])
    RatingHistory.objects.create(player=a, category="rapid", list_date=MAY, rating=1790)
    return tournament


def officer_client(federation) -> Client:
    client = Client()
    client.force_login(factories.RatingOfficerFactory(federation=federation).user)
    return client


def on(monkeypatch, day: dt.date) -> None:
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: day)


def test_its_officer_moves_it_to_the_next_open_list(gone, monkeypatch):
    """On 10 May 2025 the next list open is June's (closing 29 May, R&B 2024 6.1.3), the
    third after the tournament's end in March (R&B 2024 8.1): moved there, June's list is
    no longer blocked, and the move is in the tournament's audit trail."""
    on(monkeypatch, dt.date(2025, 5, 10))
    june = period_get_or_create(category="rapid", list_date=JUNE)
    assert "its rating officer moves it to the next list" in earlier_list_waiting(june)
    client = officer_client(gone.federation)
    page = client.get(f"/tournaments/{gone.pk}/").content.decode()
    assert 'id="list-gone"' in page and 'id="move-list"' in page

    response = client.post(f"/tournaments/{gone.pk}/move-list/", follow=True)
    assert "is now to be rated on the list of 2025-06-01" in response.content.decode()
    gone.refresh_from_db()
    assert (gone.status, gone.list_date) == (Tournament.Status.READY, JUNE)
    entry = AuditEntry.objects.get(action="moved to a later list")
    assert entry.changes == {"list_date": ["2025-04-01", "2025-06-01"]}
    assert 'id="list-gone"' not in client.get(f"/tournaments/{gone.pk}/").content.decode()


def test_later_than_the_third_list_after_its_end_it_is_still_moved(gone, monkeypatch):
    """On 10 July 2025 the next list open is August's, later than the third list after the
    tournament's end (June's, R&B 2024 8.1). Its report was approved in time; the import
    moved its list on, not its arbiter's lateness (DESIGN-notes 111): moved to August."""
    on(monkeypatch, dt.date(2025, 7, 10))
    officer_client(gone.federation).post(f"/tournaments/{gone.pk}/move-list/")
    gone.refresh_from_db()
    assert (gone.status, gone.list_date) == (Tournament.Status.READY, dt.date(2025, 8, 1))


def test_only_its_officer_moves_it_and_only_when_its_list_is_gone(gone, period_world):
    other = factories.FederationFactory(code="SWE", name="Sweden")
    assert officer_client(other).post(f"/tournaments/{gone.pk}/move-list/").status_code == 403
    assert Client().post(f"/tournaments/{gone.pk}/move-list/").status_code == 302  # sign in
    RatingHistory.objects.filter(list_date=MAY).delete()
    response = officer_client(gone.federation).post(
        f"/tournaments/{gone.pk}/move-list/", follow=True
    )
    assert "keeps its list" in response.content.decode()
    gone.refresh_from_db()
    assert gone.list_date == dt.date(2025, 4, 1)

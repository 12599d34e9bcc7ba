"""Periods whose list will never come out here. Lists every two months where they were
monthly (``LIST_EVERY_MONTHS`` changed): the periods made ahead on a date that is no list
date any more are neither computed nor published, bar no later list and leave the
dashboard; a report approved for one waits for its officer to move it to a list (a review:
beat computed April's periods and published them on their own, or they barred May's). And
a period whose list was imported from FIDE leaves the dashboard too."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from lists.models import ListEntry, RatingPeriod
from lists.services import computation_refusal, periods_tick
from players.access import actor_for
from tests import factories
from tests.lists.conftest import APRIL, MAY
from tests.lists.test_list_gone import on
from tournaments.reports.services import list_gone, tournament_list_move


@pytest.mark.django_db
def test_periods_left_on_a_date_that_is_no_list_date_wait_for_nothing(
    period_world, settings, django_capture_on_commit_callbacks, monkeypatch
):
    w = period_world
    club = w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])  # for April
    periods_tick(today=dt.date(2025, 3, 20))  # April, May and June made ahead, monthly
    settings.LIST_EVERY_MONTHS = 2  # January, March, May...
    settings.LISTS_AUTO_PUBLISH = True
    on(monkeypatch, dt.date(2025, 4, 2))
    with django_capture_on_commit_callbacks(execute=True):
        done = periods_tick(today=dt.date(2025, 4, 2))
    april = RatingPeriod.objects.get(category="rapid", list_date=APRIL)
    assert april.pk not in done["computing"] and done["published"] == []
    assert april.status == "closed"
    assert computation_refusal(april).startswith(
        "2025-04-01 is no list date: lists are published every 2 months (LIST_EVERY_MONTHS)"
    )
    officer = factories.RatingOfficerFactory(federation=w.federation).user
    client = Client()
    client.force_login(officer)
    assert "Rapid list of 2025-04-01" not in client.get("/dashboard/").content.decode()

    # The report approved for April waits for a list that will not come; moved, May's
    # list rates it, and April's periods do not bar May's.
    assert list_gone(club)
    may = RatingPeriod.objects.get(category="rapid", list_date=MAY)
    assert computation_refusal(may, closing=True) == (
        f"{club} is approved for the list of 2025-04-01, which is no list date since lists "
        "are published every 2 months (LIST_EVERY_MONTHS): its rating officer moves it to "
        "the next list on its page before this one is computed."
    )
    page = client.get(f"/tournaments/{club.pk}/").content.decode()
    assert "That list will not come: 2025-04-01 is no list date" in page
    assert "imported from FIDE" not in page
    club = tournament_list_move(actor=actor_for(officer), tournament=club)
    assert club.list_date == MAY
    on(monkeypatch, dt.date(2025, 4, 29))
    with django_capture_on_commit_callbacks(execute=True):
        periods_tick(today=dt.date(2025, 4, 29))
    may.refresh_from_db()
    assert may.status == "computed"
    on(monkeypatch, MAY)
    assert may.pk in periods_tick(today=MAY)["published"]
    assert set(ListEntry.objects.filter(period=may).values_list("player__name", "rating")) == {
        ("A", 1807),
        ("B", 1693),
    }  # R&B 2024: 1800 beats 1700, 0.36 x 20 = +7.2 -> +7


@pytest.mark.django_db
def test_a_period_whose_list_was_imported_leaves_the_dashboard(
    period_world, monkeypatch, django_capture_on_commit_callbacks
):
    """FIDE's April list imported: April's period here is neither computed nor published
    (interpretation 4), so the dashboard does not list it as waiting, closed, for ever."""
    from players.models import RatingHistory

    w = period_world
    a = w.player("A", 1800)
    w.tournament([(a, w.player("B", 1700), 1)])
    periods_tick(today=dt.date(2025, 3, 20))
    RatingHistory.objects.create(player=a, category="rapid", list_date=APRIL, rating=1810)
    on(monkeypatch, dt.date(2025, 4, 2))
    with django_capture_on_commit_callbacks(execute=True):
        periods_tick(today=dt.date(2025, 4, 2))
    april = RatingPeriod.objects.get(category="rapid", list_date=APRIL)
    assert "was imported and is out" in computation_refusal(april)
    client = Client()
    client.force_login(factories.RatingOfficerFactory(federation=w.federation).user)
    waiting = client.get("/dashboard/").content.decode()
    assert "Rapid list of 2025-04-01" not in waiting
    assert "Standard list of 2025-04-01" in waiting  # computed, to publish: no import

"""A period in a real browser: the officer computes the preview, the progress bar follows
a computation under way and the page turns to the result when it ends, the administrator
publishes, and the player's page draws his rating history with Chart.js."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from lists.models import RatingPeriod
from lists.services import period_close, period_get_or_create
from players.models import RatingHistory
from tests import factories
from tests.e2e.conftest import wait_until
from tests.e2e.test_report_journey import PASSWORD, sign_in, sign_out
from tests.lists.conftest import APRIL, PeriodWorld

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_compute_progress_publish_and_the_chart(browser_page, live_server):
    norway = factories.FederationFactory(code="NOR", name="Norway")
    factories.RatingOfficerFactory(user__username="officer", federation=norway)
    factories.UserFactory(username="admin", is_superuser=True, is_staff=True)
    w = PeriodWorld(federation=norway)
    anna, bo = w.player("Aas, Anna", 1800, sex="F"), w.player("Berg, Bo", 1700)
    w.tournament([(anna, bo, 1)], name="Fjord Rapid")
    period = period_get_or_create(category="rapid", list_date=APRIL)
    period_close(period=period)
    page, base = browser_page, live_server.url
    assert PASSWORD

    # The officer computes the preview (tasks run in the server's process here).
    sign_in(page, base, "officer")
    page.goto(f"{base}/lists/periods/{period.pk}/")
    assert "Fjord Rapid" in page.inner_text("#reports")
    page.click("#compute")
    page.wait_for_selector("#preview")
    assert page.inner_text("#period-status") == "Computed"
    # R&B 2024: 1 - 0.64 = 0.36 x 20 = 7.20 -> 1807; 1693
    preview = page.inner_text("#preview")
    assert "1807" in preview and "1693" in preview
    assert page.query_selector("#publish") is None

    # A recomputation under way: the bar follows the worker and the page turns when done.
    RatingPeriod.objects.filter(pk=period.pk).update(
        status="computing", progress_done=0, progress_total=0, heartbeat_at=timezone.now()
    )
    page.goto(f"{base}/lists/periods/{period.pk}/")
    assert "Reading the games" in page.inner_text("#progress-text")
    RatingPeriod.objects.filter(pk=period.pk).update(progress_done=1, progress_total=2)
    wait_until(page, "document.getElementById('progress-bar').innerText === '1 / 2'")
    assert page.inner_text("#progress-text") == "Writing the results: 1 of 2 players."
    # Its worker goes silent past its lease: the page stops following it, says so and offers
    # to compute again; a worker that takes it over is followed again.
    silent = timezone.now() - dt.timedelta(hours=1)
    RatingPeriod.objects.filter(pk=period.pk).update(heartbeat_at=silent)
    page.wait_for_selector("#computation-stopped")
    assert page.inner_text("#period-status") == "Computation stopped"
    assert page.query_selector("#compute") is not None
    RatingPeriod.objects.filter(pk=period.pk).update(heartbeat_at=timezone.now())
    page.goto(f"{base}/lists/periods/{period.pk}/")
    assert page.inner_text("#progress-text") == "Writing the results: 1 of 2 players."
    RatingPeriod.objects.filter(pk=period.pk).update(status="computed", progress_done=2)
    wait_until(page, "document.getElementById('period-status').innerText === 'Computed'")
    page.wait_for_selector("#preview")
    sign_out(page)

    # A publication handed to a worker: the page says so and polls; the worker's refusal
    # turns it back, with the reason and the button.
    sign_in(page, base, "admin")
    RatingPeriod.objects.filter(pk=period.pk).update(publication_requested_at=timezone.now())
    page.goto(f"{base}/lists/periods/{period.pk}/")
    assert "Being published since" in page.inner_text("#publishing")
    assert page.query_selector("#publish") is None
    RatingPeriod.objects.filter(pk=period.pk).update(
        publication_requested_at=None, publication_failure="The worker stopped."
    )
    page.wait_for_selector("#publication-failure")
    assert "nothing of it was written" in page.inner_text("#publication-failure")

    # The administrator publishes (the worker runs in the server's process here).
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#publish")
    page.wait_for_selector("text=is published")
    assert page.inner_text("#period-status") == "Published"
    assert page.inner_text("#publication-summary") == "2 players on the list, 1 tournament rated."

    # The player's page: current rating and the history chart drawn by Chart.js, lists
    # far apart in time drawn far apart: January 2024 is 14 months before March 2025,
    # which is one before April.
    RatingHistory.objects.create(
        player=anna, category="rapid", list_date=dt.date(2024, 1, 1), rating=1780
    )
    page.goto(f"{base}/players/{anna.fide_id}/")
    assert "1807" in page.inner_text("main")
    wait_until(page, "window.Chart && Object.keys(Chart.instances).length > 0")
    points = page.evaluate(
        "Object.values(Chart.instances)[0].data.datasets.map(d => d.data.length)"
    )
    assert sum(points) >= 2  # March (imported) and April (published)
    xs = page.evaluate(
        "Object.values(Chart.instances)[0].getDatasetMeta(0).data.map(point => point.x)"
    )
    assert len(xs) == 3 and round((xs[1] - xs[0]) / (xs[2] - xs[1])) == 14
    ticks = page.evaluate(
        "Object.values(Chart.instances)[0].scales.x.ticks.map(tick => tick.label)"
    )
    assert all(re.fullmatch(r"\d{4}-\d{2}", label) for label in ticks if label), ticks


def test_a_player_of_one_list_sees_it_among_the_months_around_it(browser_page, live_server):
    """A first rating is a chart of one point: a review found Chart.js drawing it on an
    axis from 1916 to 2166. It is drawn with two months either side."""
    player = factories.PlayerFactory(name="Aas, Anna")
    RatingHistory.objects.create(player=player, category="rapid", list_date=APRIL, rating=1850)
    page = browser_page
    page.goto(f"{live_server.url}/players/{player.fide_id}/")
    wait_until(page, "window.Chart && Object.keys(Chart.instances).length > 0")
    ticks = page.evaluate(
        "Object.values(Chart.instances)[0].scales.x.ticks.map(tick => tick.label)"
    )
    assert [label for label in ticks if label] == [
        "2025-02", "2025-03", "2025-04", "2025-05", "2025-06",
    ]  # fmt: skip


def test_a_page_following_a_computation_goes_to_the_sign_in_once_signed_out(
    browser_page, live_server
):
    """A review: the page kept polling every two seconds, for ever, once its user's sign-in
    had ended (the progress answered with the sign-in page). It now turns to that page."""
    from django.contrib.sessions.models import Session

    norway = factories.FederationFactory(code="NOR", name="Norway")
    factories.RatingOfficerFactory(user__username="officer", federation=norway)
    period = period_get_or_create(category="rapid", list_date=APRIL)
    RatingPeriod.objects.filter(pk=period.pk).update(
        status="computing", progress_done=0, progress_total=0, heartbeat_at=timezone.now()
    )
    page, base = browser_page, live_server.url
    sign_in(page, base, "officer")
    page.goto(f"{base}/lists/periods/{period.pk}/")
    assert "Reading the games" in page.inner_text("#progress-text")
    Session.objects.all().delete()
    page.wait_for_url(re.compile(r"/accounts/login/\?next="))


@pytest.mark.parametrize("width", [1280, 1024])
def test_the_administrators_menu_fits_the_window(browser_page, live_server, width):
    """The longest menu, the administrator's, on one line at 1280 pixels without the page
    scrolling sideways; narrower, it folds behind the toggler."""
    factories.UserFactory(username="admin", is_superuser=True, is_staff=True)
    page, base = browser_page, live_server.url
    page.set_viewport_size({"width": width, "height": 800})
    sign_in(page, base, "admin")
    page.goto(f"{base}/lists/periods/")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    toggler = page.locator(".navbar-toggler")
    if width >= 1280:
        assert not toggler.is_visible()
        sign_out_box = page.locator("text=Sign out").bounding_box()
        assert sign_out_box["x"] + sign_out_box["width"] <= width
        tops = {
            round(box["y"])
            for box in page.locator("#site-nav .nav-link").evaluate_all(
                "links => links.map(link => link.getBoundingClientRect().toJSON())"
            )
        }
        assert len(tops) == 1  # one line
    else:
        assert toggler.is_visible()

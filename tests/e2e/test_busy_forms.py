"""A form whose work takes seconds (a report read and checked in the request) says so once
it is sent, and a second click sends nothing: it would upload a second version; a send the
user stopped leaves it ready again after a while."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_report_journey import sign_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_upload_says_it_is_being_checked_and_is_sent_once(browser_page, live_server, world):
    page, base = browser_page, live_server.url
    tournament = world["tournament"]
    tournament.status = "approved"
    tournament.save()
    upload = reverse("tournaments:report_upload", args=[tournament.pk])
    sent = []

    def never_answered(route, request):
        # The request is dropped as a user's Stop would drop it: the page stays as it is
        # while the upload would be under way.
        if request.method == "POST":
            sent.append(request.url)
            route.abort("aborted")
        else:
            route.continue_()

    sign_in(page, base, "arbiter")
    page.clock.install()  # the page's timers run when the test says
    page.route(f"{base}{upload}", never_answered)
    page.goto(f"{base}{upload}")
    assert page.locator("#upload-form .form-busy").count() == 0
    page.set_input_files(
        "#id_file", {"name": "open.trf", "mimeType": "text/plain", "buffer": b"012 Open\n"}
    )
    page.click("#upload-form button[type=submit]")

    status = page.wait_for_selector("#upload-form [role=status]")
    assert "Reading and checking the report" in status.inner_text()
    button = page.locator("#upload-form button[type=submit]")
    assert button.get_attribute("aria-disabled") == "true"
    page.click("#upload-form button[type=submit]", force=True)
    page.evaluate("document.getElementById('upload-form').requestSubmit()")
    page.wait_for_timeout(300)
    assert len(sent) == 1
    assert page.locator("#upload-form [role=status]").count() == 1
    # A send stopped by the user leaves the page as it was: 30 seconds on, the form may be
    # sent again rather than never.
    page.clock.run_for(30_000)
    assert page.locator("#upload-form [role=status]").count() == 0
    assert button.get_attribute("aria-disabled") is None
    page.evaluate("document.getElementById('upload-form').requestSubmit()")
    page.wait_for_timeout(300)
    assert len(sent) == 2

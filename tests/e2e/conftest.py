"""Playwright in Debian's headless Chromium against pytest-django's live server.

Skipped, saying why, when /usr/bin/chromium is missing (``.ci/run`` installs it)."""

from __future__ import annotations

import os
import shutil
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
#: The flags DESIGN/STYLE name: no sandbox as root, no GPU, no background traffic.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip


@pytest.fixture
def browser_page(live_server, tmp_path):
    if not shutil.which(CHROMIUM):
        pytest.skip(f"needs Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own database
    # reads happen between browser steps, never concurrently with the live server's.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(15_000)
        # A script of ours that fails fails the test (the site's are all static files).
        script_errors: list[str] = []
        page.on("pageerror", lambda error: script_errors.append(str(error)))
        try:
            yield page
            assert not script_errors, script_errors
        except BaseException:
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            raise
        finally:
            browser.close()
            # Playwright runs the test in a greenlet, where Django opened connections of
            # its own: close them, or the test database cannot be dropped afterwards.
            from django.db import connections

            connections.close_all()
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def wait_until(page, expression: str, timeout: float = 10.0) -> None:
    """Until ``expression`` is true in the page, polled with ``page.evaluate``: Playwright's
    ``wait_for_function`` evaluates its string with eval, which the site's
    Content-Security-Policy refuses (script-src 'self', as a browser of the public has it)."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(expression):
                return
        except Error as error:  # the page reloading itself (a period's polling) meanwhile
            if "context was destroyed" not in str(error):
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"Still false after {timeout} s: {expression}")
        time.sleep(0.05)

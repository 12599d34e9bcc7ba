"""Pages on a phone and the calculator's script, in a real browser (a UX review: tables
widened whole pages at 390 pixels; the online arena's fields showed for every rule set)."""

from __future__ import annotations

import pytest

from tests import factories

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("path", ["/", "/players/", "/tournaments/", "/lists/rules/"])
def test_a_page_of_tables_does_not_scroll_sideways_on_a_phone(browser_page, live_server, path):
    """Its tables scroll inside their box (django-tables2's responsive layout); the page
    itself is no wider than the screen."""
    federation = factories.FederationFactory(code="NOR", name="Norway")
    for number in range(3):
        player = factories.PlayerFactory(
            federation=federation, name=f"Longname-Doublebarrelled, Player{number}"
        )
        factories.RatingStateFactory(player=player, category="rapid", rating=2000 + number)
        factories.TournamentFactory(
            federation=federation, status="approved", name=f"A Long Tournament Name {number}"
        )
    page, base = browser_page, live_server.url
    page.set_viewport_size(PHONE)
    page.goto(f"{base}{path}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_calculator_shows_the_online_fields_for_the_online_arena_alone(
    browser_page, live_server
):
    page, base = browser_page, live_server.url
    page.goto(f"{base}/calculator/")
    assert not page.locator("#online-only").is_visible()
    page.select_option("#id_rule_set", "online-arena")
    assert page.locator("#online-only").is_visible()
    page.select_option("#id_rule_set", "rapid-blitz-2024")
    assert not page.locator("#online-only").is_visible()

"""What a keyboard or screen-reader user needs of every page: a way past the menu, and the
column a table is sorted by named (a review of the served HTML)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests import factories

pytestmark = pytest.mark.django_db


def test_every_page_starts_with_a_link_past_the_menu_to_the_content():
    page = Client().get("/").content.decode()
    body = page[page.index("<body") :]
    first_link = re.search(r"<a [^>]*>", body).group(0)
    assert 'href="#content"' in first_link and "Skip to the content" in body
    assert re.search(r'<main [^>]*id="content"', page)


def sorted_by(response) -> list[tuple[str, str]]:
    """(aria-sort, header) of each column the page's table says it is sorted by."""
    page = response.content.decode()
    return re.findall(r'<th [^>]*aria-sort="(\w+)"[^>]*>\s*<a [^>]*>([^<]+)</a>', page)


def test_the_column_a_table_is_sorted_by_says_so():
    for name in ("Aas, Anna", "Berg, Bo"):
        factories.PlayerFactory(name=name)
    # The registry is in name order unless asked otherwise.
    assert sorted_by(Client().get("/players/")) == [("ascending", "Name")]
    assert sorted_by(Client().get("/players/?sort=-name")) == [("descending", "Name")]
    assert sorted_by(Client().get("/players/?sort=federation")) == [("ascending", "Federation")]


def test_the_page_of_a_table_shown_is_marked_current_not_by_colour_alone():
    factories.PlayerFactory.create_batch(51)
    page = Client().get("/players/?page=2").content.decode()
    current = re.findall(r'<a class="page-link"[^>]*aria-current="page"[^>]*>(\d+)</a>', page)
    assert current == ["2"]
    pager = page[page.index('<ul class="pagination') :]
    assert pager[: pager.index("</ul>")].count('aria-current="page"') == 1


def test_the_menu_marks_the_section_the_page_is_in(world):
    """The menu said in no way where the reader was (a review): the section's link is
    marked current, one at a time, the reports' under the tournaments' and the periods'
    under the lists' included."""
    from tests.conftest import persona_client

    officer = persona_client(world, "officer_a")

    def current(path: str) -> list[str]:
        page = officer.get(path).content.decode()
        return re.findall(r'<a aria-current="page" class="nav-link active"[^>]*>([^<]+)', page)

    assert current("/") == ["Home"]
    assert current("/players/") == ["Players"]
    assert current("/tournaments/") == ["Tournaments"]
    assert current("/tournaments/reports/") == ["Reports"]
    assert current("/lists/") == ["Rating lists"]
    assert current("/lists/periods/") == ["Periods"]
    assert current("/dashboard/") == ["Waiting for me"]

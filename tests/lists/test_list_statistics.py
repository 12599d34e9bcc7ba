"""A published list in figures: players by rating band, federations ranked by the average
of their best ten active players (as FIDE's top lists rank them), under the list page's
search and filters."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tests.lists.test_published_pages import entry, published

URL = "/lists/rapid/2025-04/statistics/"


@pytest.fixture
def april(db):
    """NOR: eleven active players, 2000 to 2100 by tens, two of them women; GER: ten
    active at 1900 and one inactive at 2500; CHN: three, 1450, 1500 and 1550."""
    period = published()
    for number, rating in enumerate(range(2000, 2101, 10)):
        entry(period, f"Norway, {number:02}", rating, sex="F" if number < 2 else "M")
    for number in range(10):
        entry(period, f"Germany, {number:02}", 1900, federation="GER")
    entry(period, "Germany, Idle", 2500, federation="GER", active=False)
    for rating in (1450, 1500, 1550):
        entry(period, f"China, {rating}", rating, federation="CHN")
    return period


def page(**params) -> str:
    response = Client().get(URL, params)
    assert response.status_code == 200
    return response.content.decode()


def federations(html: str) -> list[list[str]]:
    table = html.split('id="federations"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table, flags=re.S)[1:]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        ]
        for row in rows
    ]


def test_federations_are_ranked_by_their_best_ten_active_players(april):
    """NOR's best ten active: 2010..2100, average 2055.0; GER's ten active at 1900 (its
    inactive 2500 does not count); CHN has three, not ranked, after them."""
    assert federations(page()) == [
        ["1", "NOR", "2055.0", "11", "11"],
        ["2", "GER", "1900.0", "10", "11"],
        ["", "CHN", "—", "3", "3"],
    ]


def test_players_are_counted_by_rating_band_with_the_empty_bands_between(april):
    html = page()
    chart = json.loads(
        html.split('id="rating-bands-data" type="application/json">', 1)[1].split("<", 1)[0]
    )
    assert [(band["from"], band["players"]) for band in chart["bands"]] == [
        (1400, 1), (1500, 2), (1600, 0), (1700, 0), (1800, 0), (1900, 10), (2000, 10),
        (2100, 1), (2200, 0), (2300, 0), (2400, 0), (2500, 1),
    ]  # fmt: skip
    assert '<td>1900\u20131999</td><td class="text-end">10</td>' in html
    totals = html.split('id="totals"', 1)[1].split("</dl>", 1)[0]
    # (11 x 2050 + 10 x 1900 + 2500 + 4500) / 25 = 1942
    assert re.findall(r"<dd[^>]*>([^<]*)</dd>", totals) == ["25", "24", "2", "1942"]


def test_the_figures_follow_the_list_pages_filters(april):
    """Women: NOR's two, 2000 and 2010, too few to rank; and the list's link carries the
    filters there and back."""
    html = page(sex="F")
    assert federations(html) == [["", "NOR", "—", "2", "2"]]
    assert 'id="back-to-list"' in html and "/lists/rapid/2025-04/?sex=F" in html
    listed = Client().get("/lists/rapid/2025-04/", {"sex": "F"}).content.decode()
    assert 'href="/lists/rapid/2025-04/statistics/?sex=F" id="statistics-link"' in listed
    # A federation's link keeps the filters: NOR's women (a review found them dropped).
    assert 'href="/lists/rapid/2025-04/?sex=F&amp;federation=NOR"' in html


def test_federations_of_equal_averages_share_their_rank(db):
    """A review: two federations averaging 2000.0 were ranked 1 and 2. They share 1, and
    the next is 3rd, as tied players are ranked."""
    period = published()
    for federation, rating in (("NOR", 2000), ("SWE", 2000), ("DEN", 1900)):
        for number in range(10):
            entry(period, f"{federation}, {number}", rating, federation=federation)
    ranks = [row[:2] for row in federations(page())]
    assert ranks == [["1", "NOR"], ["1", "SWE"], ["3", "DEN"]]


def test_a_search_that_finds_nobody_and_a_refused_filter_say_so(april):
    assert "No player on this list matches the search." in page(q="Nobody")
    refused = page(federation="ZZZ")
    assert "the choice above is not one this list can take" in refused
    assert 'id="federations"' not in refused


def test_figures_are_worked_out_once_per_list_and_search(april, django_assert_max_num_queries):
    first = page()
    with django_assert_max_num_queries(3):  # the period, its federations' choices, a session
        assert page() == first


def test_an_unpublished_list_has_no_figures(db):
    published(status="computed")
    assert Client().get(URL).status_code == 404

"""The public pages of published lists: the index, a list's page (search, filters, sorting,
pages of 50) and its downloads."""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import json
import re

import pytest
from django.test import Client

from lists.models import ListEntry, RatingPeriod
from tests import factories
from tests.conftest import PERSONAS, persona_client
from tests.lists.conftest import APRIL, MARCH, MAY

URL = "/lists/rapid/2025-04/"


def published(category="rapid", list_date=APRIL, status="published") -> RatingPeriod:
    return RatingPeriod.objects.create(
        category=category, list_date=list_date, closing_date=list_date, status=status
    )


def entry(period: RatingPeriod, name: str, rating: int, **fields) -> ListEntry:
    federation = fields.pop("federation", "NOR")
    sex = fields.pop("sex", "M")
    player = factories.PlayerFactory(
        name=name, sex=sex, federation=factories.FederationFactory(code=federation)
    )
    active = fields.pop("active", True)
    flag = ("w" if sex == "F" else "") + ("" if active else "i")
    values = {"games": 0, "k": 20, "birth_year": 1990, "change": 0, **fields}
    return ListEntry.objects.create(
        period=period, player=player, fide_id=player.fide_id, name=name, federation=federation,
        sex=sex, rating=rating, active=active, flag=flag, **values,
    )  # fmt: skip


@pytest.fixture
def april(db) -> RatingPeriod:
    """A small published rapid list of April 2025."""
    period = published()
    entry(period, "Carlsen, Magnus", 2830, title="GM", birth_year=1990, games=11, change=5)
    entry(period, "Hou, Yifan", 2600, federation="CHN", sex="F", title="GM", women_title="WGM",
          birth_year=1994, change=-7)  # fmt: skip
    entry(period, "Carlsson, Anna", 2100, sex="F", women_title="WGM", birth_year=2006, games=4)
    entry(period, "Young, Yuri", 2100, federation="GER", birth_year=2005, games=30, change=None)
    entry(period, "Old, Olaf", 1900, federation="GER", birth_year=1960, active=False)
    entry(period, "Elder, Erik", 1800, birth_year=1961, change=12)
    return period


def names(response) -> list[str]:
    """The names in the table, in order."""
    table = response.content.decode().split('id="entries"', 1)[1]
    return re.findall(r'href="/players/\d+/">([^<]+)</a>', table)


def get(path: str, **params):
    return Client().get(path, params)


# -- the index --------------------------------------------------------------------------------


def test_the_index_shows_two_years_of_a_categorys_lists_a_page(db):
    """A review timed an index of 15 years of lists at a second: each category's lists
    come 24 a page, latest first, with pages of their own."""
    for number in range(30):
        published(list_date=dt.date(2023 + number // 12, number % 12 + 1, 1))
    published("blitz", APRIL)
    page = get("/lists/").content.decode()
    rapid = page.split('id="lists-rapid"', 1)[1].split("</section>", 1)[0]
    assert rapid.count("/download.csv") == 24
    assert "June 2025" in rapid and "July 2023" in rapid and "June 2023" not in rapid
    assert "rapid-page=2" in rapid and 'id="lists-blitz"' in page
    second = get("/lists/", **{"rapid-page": 2}).content.decode()
    rapid = second.split('id="lists-rapid"', 1)[1].split("</section>", 1)[0]
    assert rapid.count("/download.csv") == 6 and "January 2023" in rapid


def test_the_index_shows_each_categorys_published_lists_latest_first_with_their_sizes(april):
    march = published(list_date=MARCH)
    entry(march, "Carlsen, Magnus", 2825)
    published("blitz", APRIL)
    published("standard", dt.date(2025, 5, 1), status="computed")
    page = get("/lists/").content.decode()
    rapid = page.split('id="lists-rapid"', 1)[1].split("</section>", 1)[0]
    assert rapid.index("April 2025") < rapid.index("March 2025")
    assert re.search(r"April 2025</a>\s*</td>\s*<td[^>]*>6</td>", rapid)
    assert re.search(r"March 2025</a>\s*</td>\s*<td[^>]*>1</td>", rapid)
    assert 'href="/lists/rapid/2025-04/download.txt"' in rapid
    assert 'id="lists-blitz"' in page
    standard = page.split('id="lists-standard"', 1)[1].split("</section>", 1)[0]
    assert "No standard list published yet." in standard  # computed, not published
    assert "/lists/standard/2025-05/" not in page


def test_the_index_says_when_nothing_is_published(db):
    published(status="computed")
    page = get("/lists/").content.decode()
    assert 'id="no-lists"' in page and "/lists/rapid/2025-04/" not in page


# -- a list's page ----------------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_published_list_is_public(world, april, persona):
    response = persona_client(world, persona).get(URL)
    assert response.status_code == 200
    assert names(response)[0] == "Carlsen, Magnus"


@pytest.mark.parametrize(
    "path",
    [
        "/lists/blitz/2025-04/",  # computed, not published
        "/lists/rapid/2025-05/",  # no such period
        "/lists/bullet/2025-04/",  # no such category
        "/lists/rapid/2025-13/",  # no such month
        "/lists/blitz/2025-04/download.csv",
        "/lists/rapid/2025-04/download.pdf",  # no such format
        "/lists/rapid/2025-05/download.csv",
    ],
)
def test_anything_but_a_published_list_is_a_404(april, path):
    published("blitz", APRIL, status="computed")
    assert get(path).status_code == 404


def test_the_list_is_ordered_by_rating_then_name(april):
    response = get(URL)
    assert names(response) == [
        "Carlsen, Magnus", "Hou, Yifan", "Carlsson, Anna", "Young, Yuri", "Old, Olaf",
        "Elder, Erik",
    ]  # fmt: skip
    page = response.content.decode()
    assert "6 players" in page
    assert '<span class="text-success">+5</span>' in page
    assert '<span class="text-danger">&minus;7</span>' in page
    assert 'title="A first rating">new</span>' in page  # Young's first rating
    row = {
        name: page.split(f">{name}</a>", 1)[1].split("</tr>", 1)[0]
        for name in ("Hou, Yifan", "Carlsson, Anna", "Old, Olaf")
    }
    assert '<td>GM <span class="text-body-secondary">WGM</span></td>' in row["Hou, Yifan"]
    assert "<td>WGM</td>" in row["Carlsson, Anna"]
    assert 'title="Inactive">i</span>' in row["Old, Olaf"]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("name", ["Carlsen", "Carlsson", "Elder", "Hou", "Old", "Young"]),
        ("-name", ["Young", "Old", "Hou", "Elder", "Carlsson", "Carlsen"]),
        ("rating", ["Elder", "Old", "Young", "Carlsson", "Hou", "Carlsen"]),
        ("federation", ["Hou", "Young", "Old", "Carlsen", "Carlsson", "Elder"]),
        # Each federation still strongest first (a review: reversed, weakest first)
        ("-federation", ["Carlsen", "Carlsson", "Elder", "Young", "Old", "Hou"]),
        ("birth_year", ["Old", "Elder", "Carlsen", "Hou", "Young", "Carlsson"]),
        ("-games", ["Young", "Carlsen", "Carlsson", "Elder", "Hou", "Old"]),  # ties: by name
        ("change", ["Hou", "Carlsson", "Old", "Carlsen", "Elder", "Young"]),  # new ones last
        ("-change", ["Elder", "Carlsen", "Carlsson", "Old", "Hou", "Young"]),
    ],
)
def test_the_list_sorts_by_a_column(april, sort, expected):
    assert [name.split(",")[0] for name in names(get(URL, sort=sort))] == expected


def test_a_list_sorted_otherwise_says_its_files_are_in_rating_order(april):
    """A review sorted the list by name and downloaded it: the file came in rating order,
    as a rating list is written. The page says so where it is sorted otherwise."""
    by_name = get(URL, sort="name").content.decode()
    assert 'id="download-order"' in by_name and "in rating order" in by_name
    assert 'id="download-order"' not in get(URL).content.decode()
    assert 'id="download-order"' not in get(URL, sort="-rating").content.decode()
    text = get("/lists/rapid/2025-04/download.csv", sort="name").getvalue().decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(row["rapid_rating"]) for row in rows] == sorted(
        (int(row["rapid_rating"]) for row in rows), reverse=True
    )


def test_a_new_search_keeps_the_order_chosen(april):
    """A review sorted the list by birth year, then chose a federation: the list came back
    in rating order. The filter form carries the order (and, having no page field, starts
    the new search on its first page)."""
    page = get(URL, sort="-birth_year", page=2).content.decode()
    form = page[page.index('id="filters"') : page.index("</form>", page.index('id="filters"'))]
    assert '<input type="hidden" name="sort" value="-birth_year">' in form


def test_equal_ratings_of_a_federation_sort_by_name(db):
    """Sorted by federation, then rating: players of equal rating by name, whatever order
    the rows were written in (a published list is not stored in rating order)."""
    period = published()
    for name in ("Zeta, Zoe", "Moe, Max", "Alpha, Al"):
        entry(period, name, 2000)
    assert names(get(URL, sort="federation")) == ["Alpha, Al", "Moe, Max", "Zeta, Zoe"]


def test_the_list_sorts_by_name_regardless_of_case(db):
    """As the registry does: a review found "de Firmian" after "Zhukova", and then
    "Ádám" and "Ødegaard" after Z too."""
    period = published()
    for name in (
        "Zhukova, Natalia", "de Firmian, Nick", "Ødegaard, Ola", "Anand, Viswanathan",
        "van Wely, Loek", "Ádám, Zoltán",
    ):  # fmt: skip
        entry(period, name, 2000)
    expected = [
        "Ádám, Zoltán", "Anand, Viswanathan", "de Firmian, Nick", "Ødegaard, Ola",
        "van Wely, Loek", "Zhukova, Natalia",
    ]  # fmt: skip
    assert names(get(URL, sort="name")) == expected
    assert names(get(URL, sort="-name")) == expected[::-1]


def test_players_of_equal_rating_and_name_keep_one_order_from_page_to_page(db):
    """By FIDE ID after rating and name: PostgreSQL returns rows equal in the sort in any
    order, and a review paging through 400 players of two names and two ratings saw 324 of
    them, some on two pages. Written in descending FIDE ID, so that the order the rows were
    stored in is not the answer."""
    period = published()
    federation = factories.FederationFactory(code="NOR")
    for number in range(120):
        fide_id = 9_000_000 - number
        name, rating = ("Kumar, Rahul", 1800) if number % 2 else ("Singh, Amit", 1700)
        player = factories.PlayerFactory(fide_id=fide_id, name=name, federation=federation)
        entry_values = {"games": 0, "k": 20, "sex": "M", "flag": "", "change": 0}
        ListEntry.objects.create(
            period=period, player=player, fide_id=fide_id, name=name, federation="NOR",
            rating=rating, **entry_values,
        )  # fmt: skip
    shown = []
    for page in (1, 2, 3):
        table = get(URL, page=page).content.decode().split('id="entries"', 1)[1]
        shown += [int(number) for number in re.findall(r'data-fide-id="(\d+)"', table)]
    kumar = sorted(9_000_000 - number for number in range(1, 120, 2))
    singh = sorted(9_000_000 - number for number in range(0, 120, 2))
    assert shown == kumar + singh
    csv_rows = csv.DictReader(
        io.StringIO(get("/lists/rapid/2025-04/download.csv").getvalue().decode())
    )
    assert [int(row["fide_id"]) for row in csv_rows] == kumar + singh


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"federation": "GER"}, ["Young, Yuri", "Old, Olaf"]),
        ({"title": "GM"}, ["Carlsen, Magnus", "Hou, Yifan"]),
        ({"title": "WGM"}, ["Hou, Yifan", "Carlsson, Anna"]),  # beside GM, or her only title
        ({"sex": "F"}, ["Hou, Yifan", "Carlsson, Anna"]),
        ({"age": "u20"}, ["Carlsson, Anna", "Young, Yuri"]),  # born 2005 or later
        ({"age": "65plus"}, ["Old, Olaf"]),  # 65 in 2025: born 1960 or earlier
        ({"age": "50plus"}, ["Old, Olaf", "Elder, Erik"]),
        ({"status": "inactive"}, ["Old, Olaf"]),
        ({"status": "active", "federation": "GER"}, ["Young, Yuri"]),
        ({"q": "carls"}, ["Carlsen, Magnus", "Carlsson, Anna"]),  # the beginning, any case
        ({"q": "  CARLSEN,  m "}, ["Carlsen, Magnus"]),
        ({"q": "carlsen magnus"}, ["Carlsen, Magnus"]),  # the comma left out
        ({"q": "Carlsen M"}, ["Carlsen, Magnus"]),
        ({"q": "Magnus Carlsen"}, ["Carlsen, Magnus"]),  # given name first
        ({"q": "yifan hou"}, ["Hou, Yifan"]),
        ({"q": "Magnus C"}, []),  # only the last word typed may be cut short
        ({"q": "arlsen"}, []),  # not the middle of a name
        ({"q": "Nobody"}, []),
    ],
)
def test_filters_and_search_choose_the_players(april, params, expected):
    assert names(get(URL, **params)) == expected


def test_a_name_of_three_words_is_found_whichever_word_is_typed_first(db):
    """Given names typed first find the surname the list puts first, whatever its length;
    beyond four words only the words as typed are looked up."""
    period = published()
    entry(period, "Gonzalez Perez, Juan", 2300)
    entry(period, "Vachier-Lagrave, Maxime", 2700)
    for query in ("juan gonzalez perez", "Gonzalez Perez Juan", "perez juan gonzalez"):
        assert names(get(URL, q=query)) == ["Gonzalez Perez, Juan"], query
    assert names(get(URL, q="Maxime Vachier-Lagrave")) == ["Vachier-Lagrave, Maxime"]
    assert names(get(URL, q="juan perez gonzalez")) == []  # the words of a name keep their order


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("muller", ["Müller, Hans", "Muller, Paul"]),  # with or without its accent
        ("MÜLLER, H", ["Müller, Hans"]),
        ("muller h", ["Müller, Hans"]),
        ("odegaard", ["Ødegaard, Johan"]),  # a letter no decomposition reduces
        ("lukasz", ["Łukasz, Ewa"]),
        ("ø", ["Ødegaard, Johan"]),
        ("strass", ["Straße, Anna"]),  # a letter ASCII writes with two
        ("STRAẞE", ["Straße, Anna"]),
        ("oe", ["Ødegaard, Johan"]),  # Ø written out, as Danish and Norwegian do
        ("mueller", ["Müller, Hans", "Mueller, Karl"]),  # ü written out, or a name so spelt
        ("mue", ["Müller, Hans", "Mueller, Karl"]),
        ("hans mueller", ["Müller, Hans"]),
        ("muellerp", []),
        ("schroeder", ["Schrøder, Ole"]),
        ("juergen boehm", ["Böhm, Jürgen"]),
        ("Иванов", ["Иванов, Иван"]),  # keyed by the database, as the index is
        ("100%", []),  # LIKE's wildcards are letters here
        ("_", []),
    ],
)
def test_a_name_is_found_without_its_accents(db, query, expected):
    """players.name_keys: the beginning of a name in any case and without its accents, as
    typed or not (DESIGN-notes 78), or with its umlauts written out: "mueller" finds
    "Müller" and "Mueller", not "Muller" (DESIGN-notes 95)."""
    period = published()
    for name, rating in (
        ("Müller, Hans", 2400), ("Muller, Paul", 2300), ("Ødegaard, Johan", 2200),
        ("Łukasz, Ewa", 2100), ("Mahler, Gustav", 2000), ("Straße, Anna", 1900),
        ("Mueller, Karl", 1800), ("Schrøder, Ole", 1700), ("Иванов, Иван", 1600),
        ("Böhm, Jürgen", 1500),
    ):  # fmt: skip
        entry(period, name, rating)
    assert names(get(URL, q=query)) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("o'brien", ["O'Brien, Seán"]),
        ("O\u2019Brien", ["O'Brien, Seán"]),  # as a phone types it (a review found nobody)
        ("sean o\u2019brien", ["O'Brien, Seán"]),
        ("o\u2019neill", ["O\u2019Neill, Ann"]),  # a name written so is found as typed
        ("o'neill", ["O\u2019Neill, Ann"]),  # and the other way round (a review)
        ("obrien", ["O'Brien, Seán"]),  # the apostrophe left out (a review found nobody)
        ("sean obrien", ["O'Brien, Seán"]),
        ("oneill", ["O\u2019Neill, Ann"]),
        ("o brien", ["O'Brien, Seán"]),  # a space for the apostrophe (a review found nobody)
        ("sean o brien", ["O'Brien, Seán"]),
        ("O Neill a", ["O\u2019Neill, Ann"]),
        ("brien", []),
    ],
)
def test_an_apostrophe_finds_names_written_with_either(db, query, expected):
    period = published()
    entry(period, "O'Brien, Seán", 2000)
    entry(period, "O\u2019Neill, Ann", 1900)
    assert [html.unescape(name) for name in names(get(URL, q=query))] == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("dupont lefevre", ["Dupont-Lefèvre, Zoë"]),  # a review found nobody
        ("Dupont Lefèvre z", ["Dupont-Lefèvre, Zoë"]),
        ("dupont-lefevre", ["Dupont-Lefèvre, Zoë"]),
        ("dupont", ["Dupont-Lefèvre, Zoë", "Dupont, Anne"]),
        ("zoe dupont lefevre", ["Dupont-Lefèvre, Zoë"]),
        ("dupont anne", ["Dupont, Anne"]),
    ],
)
def test_a_double_surname_is_found_with_or_without_its_hyphen(db, query, expected):
    period = published()
    entry(period, "Dupont-Lefèvre, Zoë", 2000)
    entry(period, "Dupont, Anne", 1900)
    assert names(get(URL, q=query)) == expected


def test_a_fide_id_finds_exactly_that_player(april):
    hou = ListEntry.objects.get(name="Hou, Yifan")
    assert names(get(URL, q=str(hou.fide_id))) == ["Hou, Yifan"]
    assert names(get(URL, q=str(hou.fide_id)[:-1])) == []


def test_a_search_that_finds_nobody_says_so(april):
    page = get(URL, q="Nobody").content.decode()
    assert "No player on this list matches the search." in page and "0 players" in page
    # ... and how the list finds a name, as the message words it: by its beginning, either
    # way round, not by a part within it (a review searched the registry and the list).
    assert "A name is found by its beginning" in page
    assert names(get(URL, q="Hou, Yi")) == names(get(URL, q="Yifan Hou")) == ["Hou, Yifan"]
    assert names(get(URL, q="ifan")) == []


def test_a_list_has_pages_of_50(db):
    period = published()
    for number in range(60):
        entry(period, f"Player {number:02d}", 2000 + number)
    first, second = get(URL), get(URL, page=2)
    assert len(names(first)) == 50 and len(names(second)) == 10
    assert names(first)[0] == "Player 59" and names(second)[-1] == "Player 00"
    assert "60 players" in first.content.decode()
    assert re.search(r"<td[^>]*>\s*51\s*</td>", second.content.decode())  # positions go on


def test_the_list_page_reads_one_count_and_one_page(db, django_assert_max_num_queries):
    """The period, the dates of the lists before and after it, the federations of the
    filter, one COUNT, one page of entries; and the first time, how many the list delisted
    (remembered, as the COUNT is)."""
    period = published()
    for number in range(60):
        entry(period, f"Player {number:02d}", 2000 + number)
    with django_assert_max_num_queries(6) as queries:
        assert get(URL, federation="NOR").status_code == 200
    entry_queries = [q["sql"] for q in queries.captured_queries if "lists_listentry" in q["sql"]]
    assert len(entry_queries) == 2 and "COUNT" in entry_queries[0]
    assert '"lists_listentry"."player_id"' not in entry_queries[1]  # only() the shown columns


def test_a_list_counts_its_players_once_per_search(db, django_assert_num_queries):
    """A published list never changes: a second visit (any page, any order) does not count
    again; another search does."""
    period = published()
    for number in range(60):
        entry(period, f"Player {number:02d}", 2000 + number, federation="GER" if number else "NOR")
    assert "59 players" in get(URL, federation="GER").content.decode()
    with django_assert_num_queries(4) as queries:  # period, list dates, federations, page
        page = get(URL, federation="GER", page=2, sort="name").content.decode()
    assert "59 players" in page and not any("COUNT" in q["sql"] for q in queries)
    assert "1 player matches" in get(URL, federation="NOR").content.decode()


def test_a_list_links_to_the_categorys_lists_before_and_after_it_with_its_search(april):
    """March's and May's rapid lists are out (the blitz list of May and an unpublished
    June are not this category's neighbours): April's page leads to both, keeping the
    federation chosen; May's has no list after it."""
    published(list_date=MARCH)
    published(list_date=dt.date(2025, 5, 1))
    published("blitz", dt.date(2025, 5, 1))
    published(list_date=dt.date(2025, 6, 1), status="computed")
    page = get(URL, federation="GER", page=1).content.decode()
    neighbours = page.split('id="list-neighbours"', 1)[1].split("</div>", 1)[0]
    assert 'href="/lists/rapid/2025-03/?federation=GER" rel="prev"' in neighbours
    assert 'href="/lists/rapid/2025-05/?federation=GER" rel="next"' in neighbours
    may = get("/lists/rapid/2025-05/").content.decode()
    neighbours = may.split('id="list-neighbours"', 1)[1].split("</div>", 1)[0]
    assert 'rel="prev"' in neighbours and 'rel="next"' not in neighbours


def test_a_list_sorts_by_fide_id(april):
    """An index of the list (period, FIDE ID) serves it, as it serves the search by FIDE
    ID."""
    ids = [
        int(i)
        for i in re.findall(
            r'href="/players/(\d+)/"',
            get(URL, sort="fide_id").content.decode().split('id="entries"', 1)[1],
        )
    ]
    assert ids == sorted(ids) and len(ids) == 6
    down = get(URL, sort="-fide_id").content.decode().split('id="entries"', 1)[1]
    assert [int(i) for i in re.findall(r'href="/players/(\d+)/"', down)] == sorted(
        ids, reverse=True
    )


@pytest.mark.parametrize("page", ["0", "-5", "abc", "1.5"])
def test_a_page_before_the_first_or_no_page_at_all_is_the_first(db, page):
    period = published()
    for number in range(60):
        entry(period, f"Player {number:02d}", 2000 + number)
    assert names(get(URL, page=page))[0] == "Player 59"  # the highest rated


def test_a_page_holds_50_players_whatever_the_query_asks(db):
    period = published()
    for number in range(60):
        entry(period, f"Player {number:02d}", 2000 + number)
    assert len(names(get(URL, per_page=1000))) == 50


def test_the_federation_chosen_stays_chosen(april):
    page = get(URL, federation="GER").content.decode()
    assert '<option value="GER" selected>GER Federation GER</option>' in page
    assert '<option value="NOR">NOR Federation NOR</option>' in page


def test_an_empty_published_list_is_a_page_with_an_empty_table(db):
    published()
    page = get(URL).content.decode()
    assert "No players on this list." in page and "0 players" in page


def test_top_lists_link_to_the_list_filtered_and_mark_the_one_shown(april):
    page = get(URL, sex="F", status="active").content.decode()
    top = page.split('id="top-lists"', 1)[1].split("</ul>", 1)[0]
    assert f'href="{URL}?age=u20&amp;status=active"' in top
    assert re.search(
        r'active" aria-current="page" href="/lists/rapid/2025-04/\?sex=F&amp;status=active"', top
    )


def test_the_open_top_list_leaves_inactive_players_out(april):
    """FIDE's top lists rank active players; the inactive one (flag i) is on the list."""
    page = get(URL).content.decode()
    top = page.split('id="top-lists"', 1)[1].split("</ul>", 1)[0]
    assert f'href="{URL}?status=active"' in top
    assert "Old, Olaf" in page
    assert "Old, Olaf" not in get(URL, status="active").content.decode()


@pytest.mark.parametrize(
    "month", ["2025-13", "2025-99999999999999999999", "99999999999999999999-04"]
)
def test_a_list_of_no_such_month_is_not_found(april, month):
    assert get(f"/lists/rapid/{month}/").status_code == 404
    assert get(f"/lists/rapid/{month}/download.csv").status_code == 404


def test_download_links_carry_the_search_but_not_the_page_or_sort(april):
    page = get(URL, federation="GER", sort="name", page=1).content.decode()
    assert 'href="/lists/rapid/2025-04/download.csv?federation=GER"' in page
    assert 'href="/lists/rapid/2025-04/download.xml?federation=GER"' in page


# -- downloads --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "content_type"),
    [
        ("txt", "text/plain; charset=utf-8"),
        ("csv", "text/csv; charset=utf-8"),
        ("json", "application/json"),
        ("xml", "application/xml; charset=utf-8"),
    ],
)
def test_a_download_is_a_streamed_attachment(april, fmt, content_type):
    response = get(f"{URL}download.{fmt}")
    assert response.status_code == 200 and response.streaming is True
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="rapid-2025-04.{fmt}"'
    assert b"Carlsen, Magnus" in b"".join(response.streaming_content)


def test_a_download_holds_the_whole_list_in_list_order(april):
    response = get(f"{URL}download.json")
    document = json.loads(b"".join(response.streaming_content))
    assert [p["name"] for p in document] == names(get(URL))


def test_a_download_with_the_pages_filters_holds_only_those_players(april):
    response = get(f"{URL}download.csv", federation="GER")
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert [row["name"] for row in rows] == ["Young, Yuri", "Old, Olaf"]
    # The file says which part of the list it holds.
    assert response["Content-Disposition"] == (
        'attachment; filename="rapid-2025-04-federation-ger.csv"'
    )
    both = get(f"{URL}download.txt", federation="GER", status="inactive", page="2", sort="name")
    assert (
        'filename="rapid-2025-04-federation-ger-status-inactive.txt"'
        in (both["Content-Disposition"])
    )
    # A search is named in its own letters, sent as RFC 6266's filename* (a browser saves
    # "rapid-2025-04-q-日本.csv"), and one a filename cannot spell is named by its field
    # alone, not left out (a review: the whole list's name for the part a search chose).
    # Beside it, the name in ASCII letters for a client that reads no other (RFC 6266 4.3).
    searched = get(f"{URL}download.csv", q="日本")
    assert searched["Content-Disposition"] == (
        'attachment; filename="rapid-2025-04-q.csv"; '
        "filename*=utf-8''rapid-2025-04-q-%E6%97%A5%E6%9C%AC.csv"
    )
    accented = get(f"{URL}download.csv", q="Jönsson")
    assert accented["Content-Disposition"] == (
        'attachment; filename="rapid-2025-04-q-jonsson.csv"; '
        "filename*=utf-8''rapid-2025-04-q-j%C3%B6nsson.csv"
    )
    unspellable = get(f"{URL}download.csv", q="?!")
    assert unspellable["Content-Disposition"] == 'attachment; filename="rapid-2025-04-q.csv"'


@pytest.mark.parametrize("typed", ["²", "1²", "9" * 30])
def test_a_search_of_digits_no_fide_id_has_finds_nobody_without_an_error(april, typed):
    """ "²" is a digit to Python but no number; thirty digits overflow a FIDE ID: searched
    as a name, they find nobody, on the list, in its download and in the registry."""
    response = get(URL, q=typed)
    assert response.status_code == 200 and names(response) == []
    download = get(f"{URL}download.csv", q=typed)
    assert (
        download.status_code == 200 and len(b"".join(download.streaming_content).splitlines()) == 1
    )
    assert get("/players/", q=typed).status_code == 200


def test_a_federation_in_small_letters_is_the_federation(april):
    """ "ger" is GER, as the name search is in any case: the page and the download hold
    the same two players as for GER."""
    assert names(get(URL, federation="ger")) == names(get(URL, federation="GER"))
    response = get(f"{URL}download.csv", federation="ger")
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert [row["name"] for row in rows] == ["Young, Yuri", "Old, Olaf"]


def test_a_download_with_a_filter_the_list_does_not_know_says_so(april):
    """A federation there is none of is a 400 saying which filter is wrong, not the whole
    list in a file named after the filter."""
    response = get(f"{URL}download.xml", federation="ZZZ", age="zz")
    assert response.status_code == 400
    text = response.content.decode()
    assert text.startswith("Nothing downloaded: ")
    assert "federation: Select a valid choice. ZZZ is not one of the available choices." in text
    assert "age: Select a valid choice. zz is not one of the available choices." in text


def test_a_filter_the_list_does_not_know_shows_nobody_and_its_error(april):
    """The page agrees with its downloads (a review: "ZZZ" showed the whole list as "6
    players match the search" and offered downloads that refused): nobody, the error under
    the field, no download links. The same search with a valid filter still counts."""
    page = get(URL, federation="ZZZ", q="carl").content.decode()
    assert names(get(URL, federation="ZZZ", q="carl")) == []
    assert "0 players match the search" in page
    assert "Nobody shown: the choice above is not one this list can take." in page
    assert "ZZZ is not one of the available choices." in page
    assert 'id="downloads"' not in page
    assert names(get(URL, federation="NOR", q="carl")) == ["Carlsen, Magnus", "Carlsson, Anna"]
    assert "2 players match the search" in get(URL, federation="NOR", q="carl").content.decode()


def test_a_search_of_blanks_is_no_search(april):
    """A review: a search of a space said the whole list "matches the search"."""
    page = get(URL, q="   ").content.decode()
    assert "match the search" not in page and len(names(get(URL, q="   "))) == 6


@pytest.mark.parametrize("persona", PERSONAS)
def test_an_empty_list_downloads_for_everybody(world, persona):
    published()
    response = persona_client(world, persona).get(f"{URL}download.csv")
    assert response.status_code == 200
    assert b"".join(response.streaming_content).decode().splitlines() == [
        "fide_id,name,federation,sex,title,women_title,rapid_rating,rapid_games,rapid_k,"
        "birth_year,flag,other_titles,foa_title"
    ]


def test_a_search_longer_than_any_name_is_a_field_error(april):
    """A review of the search boxes: a word of 100,000 letters was SQLite's "LIKE pattern
    too complex" in the registry's; here too it is the form's error (200 characters,
    players.filters.SearchFilter), the list shown whole, and a 400 for its download."""
    response = get(URL, q="a" * 100_000)
    assert response.status_code == 200
    assert "Ensure this value has at most 200 characters" in response.content.decode()
    assert get(f"{URL}download.csv", q="a" * 100_000).status_code == 400


def test_a_list_has_one_address_with_its_month_in_two_digits(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """A review found April's list served at /2025-4/ and /2025-004/ as well: they are sent
    to /2025-04/ with their query, the download too."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    publish(compute("rapid", APRIL))
    client = Client()
    assert client.get("/lists/rapid/2025-04/").status_code == 200
    for path, address in (
        ("/lists/rapid/2025-4/?q=A", "/lists/rapid/2025-04/?q=A"),
        ("/lists/rapid/2025-004/", "/lists/rapid/2025-04/"),
        ("/lists/rapid/2025-4/download.csv", "/lists/rapid/2025-04/download.csv"),
    ):
        response = client.get(path)
        assert (response.status_code, response["Location"]) == (301, address)


def test_the_home_page_shows_the_top_of_each_latest_list(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """The latest rapid list's best active players, by rating, with a link to the whole
    list of active players, as FIDE's top lists count them (a review: the home page showed
    the registry alphabetically and no list at all). Idle, 2300 but inactive, is left out
    (interpretation 9); nothing is shown for categories without a list."""
    from players.models import RatingHistory, RatingState

    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.player("C", 1750), w.player("D", 1750)  # tied: one rank for both
    idle = w.player("Idle", 2300)
    RatingState.objects.filter(player=idle).update(active=False, last_played=dt.date(2023, 1, 1))
    w.tournament([(a, b, 1)])
    publish(compute("rapid", APRIL))
    page = Client().get("/").content.decode()
    top = page.split('id="top-rapid"', 1)[1].split("</table>", 1)[0]
    ranked = re.findall(r'<td[^>]*>(\d+)</td><td><a href="/players/\d+/">([^<]+)</a>', top)
    # A 1807, C and D 1750 (by name), B 1693 (R&B 2024: +7, -7).
    assert ranked == [("1", "A"), ("2", "C"), ("2", "D"), ("4", "B")]
    # The columns named for a screen reader (a review: cells alone, no header).
    headers = re.findall(r'<th scope="col">([^<]+)</th>', top)
    assert headers == ["Rank", "Player", "Federation", "Rating"]
    assert 'href="/lists/rapid/2025-04/?status=active">The whole list' in page
    assert 'id="top-standard"' not in page and 'id="top-blitz"' not in page
    assert "imported since" not in page
    # FIDE's May list imported: the card says the registry holds later ratings.
    RatingHistory.objects.create(player=a, category="rapid", list_date=MAY, rating=1810)
    page = Client().get("/").content.decode()
    assert "FIDE's list of 2025-05-01, imported since, holds the current ratings" in page


def test_a_top_ten_keeps_every_player_tied_tenth(db):
    """Players tied share a rank (1, 2, 2, 4): a review found the home page's top ten
    showing one of two players tied tenth and leaving the other out for his name. Past ten
    more tied players, the card says how many it leaves out."""
    period = published()
    for number in range(9):
        entry(period, f"Top, {number}", 2700 - number)
    entry(period, "Tied, A", 2500)
    entry(period, "Tied, B", 2500)
    entry(period, "Below, Bo", 2400)
    top = Client().get("/").content.decode().split('id="top-rapid"', 1)[1].split("</table>")[0]
    ranked = re.findall(r'<td[^>]*>(\d+)</td><td><a href="/players/\d+/">([^<]+)</a>', top)
    assert ranked[-3:] == [("9", "Top, 8"), ("10", "Tied, A"), ("10", "Tied, B")]
    assert "more tied" not in top
    for number in range(11):
        entry(period, f"Tied, C{number:02}", 2500)
    top = Client().get("/").content.decode().split('id="top-rapid"', 1)[1].split("</table>")[0]
    ranked = re.findall(r'<td[^>]*>(\d+)</td><td><a href="/players/\d+/">([^<]+)</a>', top)
    assert len(ranked) == 20 and {rank for rank, _ in ranked[9:]} == {"10"}
    assert "and 2 more tied at 2500" in top  # 13 tied tenth, 11 shown


def test_a_latest_list_with_no_active_player_keeps_its_card_saying_so(db):
    """A review: once the latest list had flagged everyone inactive (no rated game for 12
    months, R&B 2024 6.2.2), the home page's top lists vanished without a word."""
    entry(published(), "Idle, Ida", 2100, active=False)
    card = Client().get("/").content.decode().split('id="top-rapid"', 1)[1].split("</table>")[0]
    assert "No active player on this list: every player on it is inactive" in card
    assert "Idle, Ida" not in card


def test_the_top_lists_include_girls(april):
    """FIDE publishes its top girls beside its top juniors: women under 20, active."""
    top = get(URL).content.decode().split('id="top-lists"', 1)[1].split("</ul>", 1)[0]
    assert f'href="{URL}?sex=F&amp;age=u20&amp;status=active">Girls (U20)' in top
    assert names(get(URL, sex="F", age="u20", status="active")) == ["Carlsson, Anna"]


def test_filters_that_find_nobody_do_not_explain_how_names_are_found(april):
    """A review: an age group that found nobody was told how a name is found."""
    page = get(URL, age="65plus", federation="CHN").content.decode()
    assert "No player on this list matches these filters." in page
    assert "A name is found by its beginning" not in page
    assert "A name is found by its beginning" in get(URL, q="Nobody").content.decode()


def test_the_delisted_count_is_told_of_the_whole_list_only(april, monkeypatch):
    """The players a list delisted are not on it, and have no federation or age on it to
    filter by: beside a filtered count ("1 player matches the search") the whole list's
    number of them read as the filter's (a review)."""
    from lists import views_public

    monkeypatch.setattr(views_public, "_delisted_count", lambda period: 2)
    assert "2 players delisted, not on the list" in get(URL).content.decode()
    assert "delisted" not in get(URL, federation="CHN").content.decode().split("</h1>")[1][:600]


@pytest.mark.parametrize("query", ["\u0308", "\u0301\u0308", "  \u0308  "])
def test_a_search_of_marks_alone_finds_nobody(april, query):
    """A lone combining accent has an empty key, which begins every name (a review found
    the whole list, and the whole list in the download)."""
    page = get(URL, q=query).content.decode()
    assert "0 players" in page and names(get(URL, q=query)) == []

"""The arena's pages: its lists and members' games for everybody, the loading of games
for administrators alone (a 403 for the others, never a traceback)."""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from arena.models import ArenaGame, ArenaGamesFile, ArenaListChange, ArenaRating
from arena.services import arena_games_load
from arena.views import arena_chart_data
from tests import factories
from tests.arena.conftest import pgn, pgn_game
from tests.conftest import persona_actor, persona_client


@pytest.fixture
def rated(world, members):
    """Ann beats Bob in online rapid (3.9: 2008.60 and 1941.40), Uma draws Ann: her first
    result of five (3.6.1)."""
    arena_games_load(
        data=pgn(
            pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"),
            pgn_game(1003, 1001, "1/2-1/2", "2026.11.03 11:00:00"),
        ),
        name="day.pgn",
        actor=persona_actor(world, "administrator"),
    )
    # Loaded the next morning (the charts place a list's change among the loads).
    ArenaGamesFile.objects.update(loaded_at=dt.datetime(2026, 11, 4, 8, tzinfo=dt.UTC))
    return members


def test_the_arenas_list_ranks_rated_members_with_the_rating_shown_whole(client, rated):
    page = client.get("/arena/online-rapid/")
    text = page.content.decode()
    assert page.status_code == 200
    assert text.index("Arena, Ann") < text.index("Arena, Bob")
    assert re.search(r"<td[^>]*>\s*2009\s*</td>", text)
    assert "2008.60" in text  # 3.13: 2008.60 shown as 2009
    assert "Arena, Uma" not in text  # unrated: not on the list (3.5)


def test_the_list_filters_by_title_sex_and_age_and_sorts_by_its_columns(client, rated):
    """As the published lists do (a review: name and federation only, and no column could
    be sorted). A woman's title counts in either column."""
    from players.models import Player

    Player.objects.filter(fide_id=1001).update(sex="F", title="GM", women_title="WGM")

    def names(**query) -> list[str]:
        text = client.get("/arena/online-rapid/", query).content.decode()
        return re.findall(r'href="/players/\d+/">(Arena, \w+)</a>', text)

    assert names() == ["Arena, Ann", "Arena, Bob"]
    assert names(title="WGM") == names(title="GM") == ["Arena, Ann"]
    assert names(sex="M") == ["Arena, Bob"]
    assert names(sort="name") == ["Arena, Ann", "Arena, Bob"]
    assert names(sort="-name") == ["Arena, Bob", "Arena, Ann"]
    assert names(sort="rating") == ["Arena, Bob", "Arena, Ann"]
    assert names(sort="games") == names(sort="-rating")
    download = client.get("/arena/online-rapid/download.csv", {"sex": "M"})
    assert b"Arena, Bob" in b"".join(download.streaming_content)
    # Age groups by year of birth, as of this year (the list stands as of its last game).
    from django.utils import timezone

    year = timezone.localdate().year
    Player.objects.filter(fide_id=1001).update(birth_year=year - 70)
    Player.objects.filter(fide_id=1002).update(birth_year=year - 12)
    assert names(age="u20") == ["Arena, Bob"]
    assert names(age="65plus") == names(age="50plus") == ["Arena, Ann"]


def test_the_list_is_searched_and_downloaded_as_searched(client, rated):
    page = client.get("/arena/online-rapid/", {"q": "bob"})
    assert "Arena, Bob" in page.content.decode() and "Arena, Ann" not in page.content.decode()
    download = client.get("/arena/online-rapid/download.csv", {"q": "bob"})
    text = b"".join(download.streaming_content).decode()
    assert text.splitlines() == [
        "rank,fide_id,name,federation,rating,exact,games,k",
        '1,1002,"Arena, Bob",AAA,1941,1941.40,1,20',
    ]


def test_a_filtered_download_is_named_by_its_filters_and_dated_as_the_list_stands(client, rated):
    # The list stands as of the last games loaded (1.4), on 2026-11-04, not of the download.
    download = client.get("/arena/online-rapid/download.csv", {"q": "bob", "page": "2"})
    assert download["Content-Disposition"] == (
        'attachment; filename="online-rapid-2026-11-04-q-bob.csv"'
    )
    page = client.get("/arena/online-rapid/", {"q": "bob", "page": "1"}).content.decode()
    assert 'href="/arena/online-rapid/download.csv?q=bob" id="arena-download"' in page


def test_a_federation_the_form_refuses_offers_no_download(client, rated):
    page = client.get("/arena/online-rapid/", {"federation": "ZZZ"}).content.decode()
    assert "Select a valid choice" in page and "download.csv" not in page
    assert client.get("/arena/online-rapid/download.csv", {"federation": "ZZZ"}).status_code == 400


def test_the_arena_opens_on_the_first_category_with_a_rated_member(client, world, members):
    assert client.get("/arena/")["Location"] == "/arena/online-rapid/"  # none yet: the first
    arena_games_load(
        data=pgn(pgn_game(1001, 1004, "1-0", "2026.11.03 10:00:00", time_control="300")),
        name="blitz.pgn",
        actor=persona_actor(world, "administrator"),
    )
    assert client.get("/arena/")["Location"] == "/arena/online-blitz/"
    # Rated in bullet too, the first in the categories' order stays blitz; then rapid.
    for time_control, hour in (("60", "11"), ("900", "12")):
        arena_games_load(
            data=pgn(pgn_game(1001, 1004, "1-0", f"2026.11.03 {hour}:00:00", time_control)),
            name=f"{time_control}.pgn",
            actor=persona_actor(world, "administrator"),
        )
        expected = "online-blitz" if time_control == "60" else "online-rapid"
        assert client.get("/arena/")["Location"] == f"/arena/{expected}/"


def test_an_empty_category_says_so(client, rated):
    page = client.get("/arena/online-bullet/")
    assert "No member is rated in this category yet." in page.content.decode()
    assert client.get("/arena/online-classical/").status_code == 404


def test_a_members_page_shows_each_games_calculation_with_its_clause(client, rated):
    page = client.get("/arena/online-rapid/players/1001/")
    text = page.content.decode()
    assert "dR = 1 - 0.57, x K 20 = +8.60" in text and "(online arena 3.9)" in text
    assert "Opponent unrated" in text and "(online arena 3.8)" in text
    uma = client.get("/arena/online-rapid/players/1003/").content.decode()
    assert "1 of the 5 results a first rating needs" in uma
    assert "(online arena 3.6.1)" in uma


def _chart_points(page) -> list[dict]:
    found = re.search(
        r'<script id="arena-rating-data" type="application/json">(.*?)</script>',
        page.content.decode(),
    )
    return json.loads(found.group(1))["points"] if found else []


def test_a_members_page_charts_his_rating_after_each_game_and_list_change(client, rated):
    """A point per game in the order played (3.9: 2008.60; a game against an unrated
    opponent leaves it, 3.8) and per over-the-board list's change added (3.15)."""
    ArenaListChange.objects.create(
        player=rated["ann"], category="online-rapid", list_category="rapid",
        list_date=dt.date(2026, 12, 1), change=5, rating_before=Decimal("2008.60"),
        rating_after=Decimal("2013.60"), added_at=dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.UTC),
    )  # fmt: skip
    points = _chart_points(client.get("/arena/online-rapid/players/1001/"))
    assert points == [
        {"x": "2026-11-03T10:00:00+00:00", "y": 2008.6},
        {"x": "2026-11-03T11:00:00+00:00", "y": 2008.6},
        {"x": "2026-12-01T09:30:00+00:00", "y": 2013.6},
    ]


def test_a_list_change_is_drawn_when_it_was_added_after_games_past_the_lists_date(client, rated):
    """3.15 adds the change "upon the announcement" of the list: the November list
    published on the 5th comes after Ann's games of the 3rd, played after its date, whose
    2008.60 it started from."""
    ArenaListChange.objects.create(
        player=rated["ann"], category="online-rapid", list_category="rapid",
        list_date=dt.date(2026, 11, 1), change=-3, rating_before=Decimal("2008.60"),
        rating_after=Decimal("2005.60"), added_at=dt.datetime(2026, 11, 5, 12, tzinfo=dt.UTC),
    )  # fmt: skip
    page = client.get("/arena/online-rapid/players/1001/")
    assert [point["y"] for point in _chart_points(page)] == [2008.6, 2008.6, 2005.6]
    assert re.search(
        r"Rapid 2026-11-01</td><td>2026-11-05 12:00</td><td>-3</td>", page.content.decode()
    )


def test_a_game_played_before_a_change_and_loaded_after_it_is_drawn_after_it(client, world, rated):
    """Ann's game of the 5th at 10:00 comes in the file loaded on the 6th, after the list
    published at 12:00 on the 5th added its -3: it was rated from 2005.60 (3.9: Bob, 1941.40
    before, beats her; K 20 x (0 - .59) = -11.80, 1993.80), so the change is drawn just
    before it, not after it at 12:00."""
    ArenaListChange.objects.create(
        player=rated["ann"], category="online-rapid", list_category="rapid",
        list_date=dt.date(2026, 11, 1), change=-3, rating_before=Decimal("2008.60"),
        rating_after=Decimal("2005.60"), added_at=dt.datetime(2026, 11, 5, 12, tzinfo=dt.UTC),
    )  # fmt: skip
    ArenaRating.objects.filter(player=rated["ann"], category="online-rapid").update(
        rating=Decimal("2005.60")
    )
    arena_games_load(
        data=pgn(pgn_game(1002, 1001, "1-0", "2026.11.05 10:00:00")),
        name="late.pgn",
        actor=persona_actor(world, "administrator"),
    )
    points = _chart_points(client.get("/arena/online-rapid/players/1001/"))
    assert points[2:] == [
        {"x": "2026-11-05T10:00:00+00:00", "y": 2005.6},
        {"x": "2026-11-05T10:00:00+00:00", "y": 1993.8},
    ]


D1500 = Decimal(1500)


def test_a_member_of_thousands_of_games_is_drawn_a_point_a_day():
    """Past CHART_POINTS_MOST points the chart keeps his rating after the last game of
    each day (UTC), gaps included; past it again, of each month."""
    start = dt.datetime(2025, 1, 1, 23, tzinfo=dt.UTC)
    history = [
        (start + dt.timedelta(minutes=30 * i), None if i == 49 else Decimal(1500 + i))
        for i in range(1200)
    ]  # 1,200 games, one every half hour from 23:00 on the 1st; the 50th loses his rating
    data = arena_chart_data(history)
    assert data["per"] == "day" and len(data["points"]) == 26
    assert data["points"][:2] == [
        {"x": "2025-01-01T23:30:00+00:00", "y": 1501.0},  # his last of the 1st: the 2nd game
        {"x": "2025-01-02T23:30:00+00:00", "y": None},  # the 50th: no rating (3.3)
    ]
    assert data["points"][2] == {"x": "2025-01-03T23:30:00+00:00", "y": 1597.0}
    assert data["points"][-1] == {"x": "2025-01-26T22:30:00+00:00", "y": 2699.0}
    # A game every 9 hours, on 751 days from 2025-01-01: a point a day; every 20 hours
    # until 2029-07-25, 1,667 days: a point a month, January 2025 to July 2029.
    nine_hourly = arena_chart_data(
        [(start + dt.timedelta(hours=9 * i), D1500) for i in range(2000)]
    )
    assert (nine_hourly["per"], len(nine_hourly["points"])) == ("day", 751)
    twenty = arena_chart_data([(start + dt.timedelta(hours=20 * i), D1500) for i in range(2000)])
    assert (twenty["per"], len(twenty["points"])) == ("month", 55)
    assert twenty["points"][-1]["x"] == "2029-07-25T19:00:00+00:00"
    assert arena_chart_data(history[:1000])["per"] == "game"


def test_the_page_says_when_its_chart_draws_a_point_a_day(client, rated, monkeypatch):
    monkeypatch.setattr("arena.views.CHART_POINTS_MOST", 1)  # Ann's two games of the 3rd
    page = client.get("/arena/online-rapid/players/1001/")
    assert _chart_points(page) == [{"x": "2026-11-03T11:00:00+00:00", "y": 2008.6}]
    assert "his rating at the end of each day (UTC)" in page.content.decode()
    normal = client.get("/arena/online-rapid/players/1002/")
    assert "arena-chart-per" not in normal.content.decode()


def test_a_member_without_a_rating_yet_has_no_chart(client, rated):
    page = client.get("/arena/online-rapid/players/1003/")  # Uma: 1 of 5 results (3.6)
    assert page.status_code == 200 and _chart_points(page) == []
    assert 'id="arena-rating-chart"' not in page.content.decode()


def test_the_player_page_shows_his_online_ratings(client, rated):
    text = client.get("/players/1001/").content.decode()
    assert 'id="online-arena"' in text and "<strong>2009</strong>" in text
    assert "/arena/online-rapid/players/1001/" in text


def test_an_administrator_loads_a_file_and_sees_what_it_did(world, members):
    client = persona_client(world, "administrator")
    data = pgn(pgn_game(1001, 1002, "0-1", "2026.11.03 10:00:00", "180"))
    page = client.post("/arena/load/", {"file": SimpleUploadedFile("blitz.pgn", data)}, follow=True)
    assert "blitz.pgn: 1 games rated (1 online-blitz); 0 first ratings." in page.content.decode()
    assert ArenaGame.objects.count() == 1


def test_a_refused_file_lists_each_reason_with_its_line_and_keeps_nothing(world, members):
    client = persona_client(world, "administrator")
    data = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00", "600+5"))
    page = client.post("/arena/load/", {"file": SimpleUploadedFile("bad.pgn", data)})
    text = page.content.decode()
    assert page.status_code == 400
    assert "Nothing was loaded." in text
    assert "Line 10: TimeControl 600+5 (10 min + 5 s/move) is not one of the arena" in text
    assert not ArenaGamesFile.objects.exists()


def test_a_file_over_the_pages_limit_is_sent_to_the_command(world, members, settings):
    settings.REPORT_UPLOAD_MAX_BYTES = 100
    client = persona_client(world, "administrator")
    data = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"))
    page = client.post("/arena/load/", {"file": SimpleUploadedFile("day.pgn", data)})
    assert "larger than the limit" in page.content.decode()
    assert "manage.py load_arena_games PATH" in page.content.decode()
    assert page.status_code == 400  # refused by the form, as by the rating
    assert not ArenaGame.objects.exists()


@pytest.mark.parametrize("persona", ["officer_a", "officer_b", "arbiter", "anonymous"])
def test_only_administrators_may_load_arena_games(world, members, persona):
    """Anonymous visitors are sent to sign in; the others are refused (403)."""
    client = persona_client(world, persona)
    data = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"))
    refused = 302 if persona == "anonymous" else 403
    assert client.get("/arena/load/").status_code == refused
    answer = client.post("/arena/load/", {"file": SimpleUploadedFile("x.pgn", data)})
    assert answer.status_code == refused
    assert not ArenaGame.objects.exists()


def test_a_member_on_no_list_is_sent_to_the_arena_from_his_pages(client, rated):
    """A review: a player with online games alone read "Not rated in any category" and
    "No calculation ... yet" on his pages, with the arena's figures only further down the
    first and not at all on the second."""
    page = client.get("/players/1003/").content.decode()
    assert "Not rated over the board: see the" in page and 'href="#online-arena"' in page
    calculations = client.get("/lists/players/1003/").content.decode()
    online = calculations.split('id="online-calculations"', 1)[1].split("</p>", 1)[0]
    assert 'href="/arena/online-rapid/players/1003/">Online rapid</a>' in online
    assert "No calculation of an over-the-board list" in calculations
    # A player without online games is told as before.
    nobody = factories.PlayerFactory(federation=rated["uma"].federation)
    assert (
        "Not rated in any category." in client.get(f"/players/{nobody.fide_id}/").content.decode()
    )


def test_a_members_games_are_dated_in_utc_whatever_the_sites_time_zone(client, rated, settings):
    """The column says UTC; under Europe/Oslo a game of 10:00 UTC showed 11:00 (a review)."""
    settings.TIME_ZONE = "Europe/Oslo"
    page = client.get("/arena/online-rapid/players/1001/").content.decode()
    assert "Played (UTC)" in page
    assert "2026-11-03 10:00" in page and "2026-11-03 11:00" in page
    assert "2026-11-03 12:00" not in page
